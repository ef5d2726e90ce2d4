#include "scripted_llm.h"

namespace zerg::test {
namespace {

class ScriptedReply final : public ChatReply {
public:
    ScriptedReply(ScriptedLlm::Step step, QObject* parent) : ChatReply(parent) {
        if (step.hang)
            return;
        QTimer::singleShot(0, this, [this, step] {
            if (m_finished)
                return;
            if (!step.errorCode.isEmpty()) {
                m_errorCode = step.errorCode;
                m_errorString = QStringLiteral("scripted failure: ") + step.errorCode;
            } else {
                if (!step.text.isEmpty()) {
                    m_message.content = step.text;
                    Q_EMIT textDelta(step.text);
                }
                m_message.toolCalls = step.toolCalls;
                m_finishReason = step.toolCalls.isEmpty() ? QStringLiteral("stop")
                                                          : QStringLiteral("tool_calls");
                m_usage = {10, 5};
            }
            m_finished = true;
            Q_EMIT finished();
        });
    }
    void abort() override {
        if (m_finished)
            return;
        m_finished = true;
        m_errorCode = QStringLiteral("aborted");
        m_errorString = QStringLiteral("aborted");
        Q_EMIT finished();
    }
};

}  // namespace

ChatReply* ScriptedLlm::chat(const ChatRequest& request) {
    m_requests.append(request);
    if (m_steps.isEmpty()) {
        return new ScriptedReply({{}, {}, QStringLiteral("script_exhausted"), false}, this);
    }
    return new ScriptedReply(m_steps.takeFirst(), this);
}

}  // namespace zerg::test
