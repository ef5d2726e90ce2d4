#pragma once

#include "agent/context_window.h"
#include "core/clock.h"
#include "llm/llm_provider.h"

#include <QObject>
#include <QPointer>

namespace zerg {

struct CompactionRequest {
    QString model;                  // the summary model
    CallMeta meta;                  // role "memory" for usage records (set when left empty)
    QString previousSummary;        // the current memory, empty when none
    QList<SeqMessage> toSummarize;  // older messages being folded in, oldest first (non-empty)
    int maxSummaryTokens = 800;
    int timeoutMs = 30000;
};

struct CompactionResult {
    QString summary;
    qint64 upToSeq = 0;      // the highest seq folded in (0 when toSummarize was empty)
    bool fromModel = false;  // false: the mechanical digest (or nothing to do); see error
    QString error;           // why the model's summary was not used; empty when it was
};

// Characters kept of one tool result in the transcript sent for summarizing: the full output
// stays in the worker's artifacts on disk.
inline constexpr int kToolExcerptChars = 400;
// Characters kept of one user or assistant message, and of one tool call's arguments.
inline constexpr int kMessageExcerptChars = 2000;
inline constexpr int kToolArgumentChars = 400;
// Characters kept of each line in the mechanical digest.
inline constexpr int kDigestLineChars = 160;

// The fallback memory when no model summary can be had: the previous summary, then for each user
// turn its first line and the first line of the turn's final answer, newest turns first to be
// kept, the whole within maxTokens (estimated as in context_window.h).
[[nodiscard]] QString mechanicalDigest(const QString& previousSummary,
                                       const QList<SeqMessage>& messages, int maxTokens);

// The messages of the summarization call: a system message with the instructions and one user
// message with the previous summary and a transcript of the older messages (tool results as
// excerpts). The oldest messages are shortened to their first line when the transcript would not
// fit the summary model's window.
[[nodiscard]] QList<ChatMessage> compactionPrompt(const CompactionRequest& request);

// One summarization call: previous summary + older messages -> a compact memory that keeps what a
// long-lived ops assistant needs later (hosts and roles, what was checked and found with worker
// ids, decisions, open problems, user preferences). On any failure (model error, empty or
// cut-off answer, timeout via the Clock, an answer over budget) it falls back to
// mechanicalDigest() and sets error, with fromModel false. Never fails. Emits finished() exactly
// once, never from inside start(); destroying it aborts the call and emits nothing.
class MemoryCompactor : public QObject {
    Q_OBJECT
public:
    MemoryCompactor(LlmProvider* llm, Clock* clock, CompactionRequest request,
                    QObject* parent = nullptr);
    ~MemoryCompactor() override;

    void start();
    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] const CompactionResult& result() const { return m_result; }

Q_SIGNALS:
    void finished();

private:
    void onReplyFinished();
    void onTimeout();
    void succeed(const QString& summary);
    void fallBack(const QString& error);
    void finishLater();

    LlmProvider* m_llm;
    Clock* m_clock;
    CompactionRequest m_request;
    CompactionResult m_result;
    QPointer<ChatReply> m_reply;
    Clock::TimerId m_timer = 0;
    bool m_started = false;
    bool m_finished = false;
};

}  // namespace zerg
