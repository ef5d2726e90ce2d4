#pragma once

#include "llm/chat_types.h"
#include "llm/sse_parser.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace zerg {

// Turns the events of one Anthropic Messages stream (POST /v1/messages with "stream": true) into
// an assistant message, a finish reason and usage. Pure: no network, no QObject, no clock; the
// provider and the fuzz target both drive it with the events of an SseParser.
//
// Wire decisions:
// - The event type is the JSON payload's "type"; the SSE event name is used when the payload has
//   none. `event: error` is an error whatever its data says (proxies flatten it to
//   {"type":"api_error","message":...} or send plain text).
// - text blocks are concatenated into message().content; tool_use blocks become tool calls in
//   the order their blocks started, with arguments = the concatenated input_json_delta
//   partial_json text. Arguments that are empty when message_stop arrives become "{}" (a tool
//   without parameters streams one partial_json of ""). Arguments are otherwise kept raw, even
//   when not valid JSON (a max_tokens stop can cut them off; finishReason() is then "length").
// - thinking, redacted_thinking, server tool blocks and their deltas are not answer text and are
//   ignored, as are ping events and event types this decoder does not know (Anthropic may add
//   new ones).
// - A content_block_delta or content_block_stop for a block that never started, data that is
//   not a JSON object, and an `error` event end the stream with an error. Events after the end
//   are ignored.
// - Usage is normalized (see Usage): promptTokens = input_tokens + cache_read_input_tokens +
//   cache_creation_input_tokens, cachedTokens = cache reads, cacheWriteTokens = cache writes,
//   completionTokens = output_tokens. message_start gives the first values; every field present
//   in a later message_delta replaces the earlier value.
// - stop_reason maps to OpenAI's finish reasons: end_turn and stop_sequence -> "stop",
//   tool_use -> "tool_calls", max_tokens -> "length", refusal -> "refusal"; others are kept.
// - Only message_stop completes the stream. A stream that ends without it is "truncated", even
//   when message_delta already gave a stop_reason. See endOfStream() for the one exception.
class AnthropicStreamDecoder {
public:
    enum class State { Streaming, Done, Failed };

    // What one event changed, for the reply to emit.
    struct Update {
        QString text;           // text appended to message().content (empty: none)
        int toolPosition = -1;  // position in message().toolCalls that is new or grew, or -1
    };

    // Handles one dispatched SSE event. Does nothing once the state is Done or Failed.
    Update feed(const SseEvent& event);

    // The connection closed cleanly. cutOff is the event the end of stream cut off before its
    // blank line (what SseParser::finish() returns), which WHATWG says to discard.
    //
    // Deliberate, narrow deviation: real Anthropic recordings end right after
    // `data: {"type":"message_stop"}` without the blank line, so a cut-off event that is exactly
    // one complete, valid message_stop is accepted. Any other cut-off event is discarded. If the
    // stream is then not Done, it fails with "truncated" ("protocol" when no Anthropic event
    // arrived at all).
    void endOfStream(const std::optional<SseEvent>& cutOff);

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] bool isDone() const { return m_state == State::Done; }
    [[nodiscard]] bool hasError() const { return m_state == State::Failed; }

    // When failed: an llm::errors code. "protocol" (malformed stream), "truncated" (no
    // message_stop), or the llm::classifyStreamError class of an `error` event.
    [[nodiscard]] QString errorCode() const { return m_errorCode; }
    // True when the failure is an `error` event sent by the server (errorType() is its type).
    [[nodiscard]] bool failedWithErrorEvent() const { return m_errorEvent; }
    // The error event's error.type, e.g. "overloaded_error"; empty for other failures.
    [[nodiscard]] QString errorType() const { return m_errorType; }
    // Technical detail for the error message (the server's message, or what was malformed).
    [[nodiscard]] QString errorDetail() const { return m_errorDetail; }

    [[nodiscard]] const ChatMessage& message() const { return m_message; }
    [[nodiscard]] QString finishReason() const { return mapStopReason(m_stopReason); }
    [[nodiscard]] QString stopReason() const { return m_stopReason; }  // as sent
    [[nodiscard]] Usage usage() const;
    // Anthropic events handled (JSON objects, pings included).
    [[nodiscard]] int eventCount() const { return m_events; }

    [[nodiscard]] static QString mapStopReason(const QString& stopReason);

private:
    struct Block {
        enum class Kind { Text, ToolUse, Other } kind = Kind::Other;
        int toolPosition = -1;
    };

    Update handle(const QString& type, const QJsonObject& o);
    Update onBlockStart(const QJsonObject& o);
    Update onBlockDelta(const QJsonObject& o);
    void onBlockStop(const QJsonObject& o);
    void onError(const QJsonObject& o, const QString& rawData);
    void readUsage(const QJsonObject& usage);
    void complete();
    void fail(const QString& code, const QString& detail);

    State m_state = State::Streaming;
    ChatMessage m_message = ChatMessage::assistant({});
    QHash<qint64, Block> m_blocks;     // content block index -> block
    QHash<int, QString> m_startInput;  // tool position -> non-empty "input" of its block start
    QString m_stopReason;
    qint64 m_inputTokens = 0;
    qint64 m_cacheReadTokens = 0;
    qint64 m_cacheWriteTokens = 0;
    qint64 m_outputTokens = 0;
    int m_events = 0;
    QString m_errorCode;
    QString m_errorType;
    QString m_errorDetail;
    bool m_errorEvent = false;
};

}  // namespace zerg
