#pragma once

#include "llm/chat_types.h"

#include <QObject>

namespace zerg {

// One streaming model call. Emits deltas as they arrive and finished() exactly once, after which
// message(), finishReason() and usage() hold the whole answer, or error() says what went wrong.
// abort() is safe at any point; it finishes the reply with error code "aborted".
class ChatReply : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] bool hasError() const { return !m_errorCode.isEmpty(); }
    // Stable codes (see llm/llm_errors.h): auth, bad_request, context_length, rate_limited,
    // overloaded, server, network, timeout, truncated, protocol, api, aborted.
    [[nodiscard]] QString errorCode() const { return m_errorCode; }
    // The HTTP status of the response, 0 when none arrived.
    [[nodiscard]] int httpStatus() const { return m_httpStatus; }
    // The server's retry hint (retry-after-ms / retry-after) in ms, -1 when none.
    [[nodiscard]] qint64 retryAfterMs() const { return m_retryAfterMs; }
    // x-should-retry: 1 true, 0 false, -1 absent.
    [[nodiscard]] int shouldRetryHint() const { return m_shouldRetry; }
    // True once any text or tool-call delta was emitted: retrying would repeat output.
    [[nodiscard]] bool hasOutput() const { return m_hasOutput; }
    // Says what happened and what to do, for people.
    [[nodiscard]] QString errorString() const { return m_errorString; }
    [[nodiscard]] const ChatMessage& message() const { return m_message; }
    [[nodiscard]] QString finishReason() const { return m_finishReason; }
    [[nodiscard]] Usage usage() const { return m_usage; }

    virtual void abort() = 0;

Q_SIGNALS:
    void textDelta(const QString& delta);
    // The tool call at this position in message().toolCalls changed (new, or more arguments).
    void toolCallDelta(int position);
    void finished();

protected:
    ChatMessage m_message = ChatMessage::assistant({});
    QString m_finishReason;
    Usage m_usage;
    QString m_errorCode;
    QString m_errorString;
    bool m_finished = false;
    int m_httpStatus = 0;
    qint64 m_retryAfterMs = -1;
    int m_shouldRetry = -1;
    bool m_hasOutput = false;
};

// A model provider. chat() never blocks; the caller owns the returned reply.
class LlmProvider : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    [[nodiscard]] virtual ChatReply* chat(const ChatRequest& request) = 0;
    // "openai" or "anthropic" (the wire format), for pricing and messages.
    [[nodiscard]] virtual QString kind() const = 0;
    // True when the endpoint is on this machine or the local network (costs nothing).
    [[nodiscard]] virtual bool isLocal() const { return false; }
};

}  // namespace zerg
