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
    // Stable codes: "network", "http", "protocol", "timeout", "aborted", "api".
    [[nodiscard]] QString errorCode() const { return m_errorCode; }
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
};

// A model provider. chat() never blocks; the caller owns the returned reply.
class LlmProvider : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;
    [[nodiscard]] virtual ChatReply* chat(const ChatRequest& request) = 0;
};

}  // namespace zerg
