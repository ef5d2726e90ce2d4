#pragma once

#include "llm/chat_types.h"
#include "llm/sse_parser.h"

#include <QByteArrayView>
#include <QCoreApplication>
#include <QHash>
#include <QList>
#include <QString>

namespace zerg {

namespace detail {
struct ChunkFields;   // the fields of one chunk that matter (openai_stream_decoder.cpp)
struct ToolFragment;  // one tool_calls[] entry
}  // namespace detail

// Decodes the body of a streaming OpenAI chat-completions response (text/event-stream of
// chat.completion.chunk objects ending in "data: [DONE]") into an assistant message. Pure: no
// network, no signals, no clock, so that the network reply, the fuzzer and the benchmark all
// drive the same code.
//
// Wire decisions (each one a quirk of a real server):
// - Only choice index 0 is read; other choices (n > 1) are ignored. "choices": null is no choice.
// - `refusal` deltas count as text as long as no `content` text has arrived, so a refusal reaches
//   the user instead of an empty answer. reasoning_content, logprobs, obfuscation and vendor
//   extensions are ignored.
// - Tool call fragments are merged by `index`, in the order each call first appeared (an index
//   may start at 1, or be missing: then the entry's place in its list). A fragment carrying an id
//   that differs from the id its index already has starts a new call (older Ollama reuses index 0
//   for parallel calls). id and name are assigned, never appended (some servers repeat them on
//   every chunk, some send the name after the id). Arguments are appended as raw text; an object
//   instead of a string is taken as its compact JSON. A call without an id gets
//   "call_<position>". When the stream completes, empty arguments become "{}" (a parameterless
//   tool).
// - `usage` is read wherever it appears (its own chunk, the finish chunk, every chunk): the last
//   one wins; "usage": null is ignored. cachedTokens comes from prompt_tokens_details
//   .cached_tokens, else DeepSeek's prompt_cache_hit_tokens; reasoningTokens from
//   completion_tokens_details.reasoning_tokens.
// - The last non-empty finish_reason wins (some servers repeat the finish chunk).
// - The stream is complete only at "data: [DONE]" (also when the server closes right after it
//   without the final blank line). An {"error": ...} chunk fails the stream with a class from
//   llm::classifyStreamError; a close without [DONE] is "truncated", even after a finish_reason.
//   The partial message stays available after a failure.
// - A line or an event over SseParser's limits (1 MiB, 8 MiB) fails the stream ("protocol")
//   instead of being buffered without bound.
class OpenAiStreamDecoder {
    Q_DECLARE_TR_FUNCTIONS(OpenAiStreamDecoder)

public:
    enum class State { Streaming, Done, Failed };

    // A piece of output, already applied to message() when it is reported.
    struct Delta {
        int toolPosition = -1;  // -1: answer text; else the position in message().toolCalls
        QString text;           // the text appended, or the arguments fragment of the tool call
    };

    // server names the endpoint in error messages ("The LLM server at <server> ...").
    explicit OpenAiStreamDecoder(QString server = {});

    // Raw body bytes in any pieces. Returns the deltas of the events they completed, in order.
    // Once the stream is done or failed, further input is ignored.
    [[nodiscard]] QList<Delta> feed(QByteArrayView bytes);
    // One SSE event (for callers that parse the stream themselves).
    [[nodiscard]] QList<Delta> feedEvent(const SseEvent& event);
    // The body ended. Completes the stream when the last event was an unterminated [DONE],
    // otherwise fails it ("truncated", or "protocol" when no event arrived at all).
    void finish();

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] bool isDone() const { return m_state == State::Done; }
    [[nodiscard]] bool hasFailed() const { return m_state == State::Failed; }
    [[nodiscard]] QString errorCode() const { return m_errorCode; }
    [[nodiscard]] QString errorString() const { return m_errorString; }
    [[nodiscard]] const ChatMessage& message() const { return m_message; }
    [[nodiscard]] QString finishReason() const { return m_finishReason; }
    [[nodiscard]] Usage usage() const { return m_usage; }
    // Events with data received so far (including [DONE]).
    [[nodiscard]] int eventCount() const { return m_eventCount; }

private:
    void handleEvent(const SseEvent& event, QList<Delta>* out);
    void handleChunk(const detail::ChunkFields& chunk, const QByteArray& json, QList<Delta>* out);
    void handleToolCalls(const QList<detail::ToolFragment>& calls, QList<Delta>* out);
    void complete();
    void fail(const QString& code, const QString& message);
    [[nodiscard]] QString where() const;  // " at <server>" or empty

    QString m_server;
    SseParser m_parser;
    State m_state = State::Streaming;
    QString m_errorCode;
    QString m_errorString;
    ChatMessage m_message = ChatMessage::assistant({});
    QString m_finishReason;
    Usage m_usage;
    int m_eventCount = 0;
    bool m_sawContent = false;
    QHash<int, int> m_positionOfIndex;  // tool_calls[].index -> position in m_message.toolCalls
    QList<QString> m_serverIds;         // per position: the id the server gave, empty if none
};

}  // namespace zerg
