#pragma once

#include "core/event_bus.h"
#include "ui/conversation_backend.h"

#include <QStringList>

namespace zerg::test {

// The backend's side of the chat for tests of the ui room: a question starts run `nextRunId`
// (supervisor_started, then the id, as the in-process backend does) and is answered when the
// test says so; while one runs, another is refused as JarvisService refuses it. Spoken exchanges
// are kept in `recorded`, or refused with `refuse` as a broken database would.
class FakeConversation final : public ConversationBackend {
public:
    explicit FakeConversation(EventBus* bus, qint64 ownerId = 1) : m_bus(bus), m_owner(ownerId) {}

    void ask(const QString& text, QObject*, AskDone done) override {
        if (running) {
            done(Error{QStringLiteral("busy"), QStringLiteral("A request is still running.")});
            return;
        }
        running = true;
        asks.append(text);
        const qint64 runId = nextRunId++;
        m_bus->publish(QStringLiteral("supervisor_started"), m_owner,
                       {{QStringLiteral("run_id"), runId},
                        {QStringLiteral("thread_id"), 1},
                        {QStringLiteral("task"), text},
                        {QStringLiteral("mode"), QStringLiteral("supervisor")}});
        done(runId);
    }
    void answer(qint64 runId, const QString& result) {
        running = false;
        m_bus->publish(QStringLiteral("supervisor_complete"), m_owner,
                       {{QStringLiteral("run_id"), runId}, {QStringLiteral("result"), result}});
    }
    void cancelRun(qint64) override {}
    void cancelWorker(qint64) override {}
    QString setupProblem() const override { return {}; }
    void recordSpoken(const QString& said, const QString& answered, bool interrupted, QObject*,
                      RecordDone done) override {
        if (!refuse.isEmpty())
            return done(Error{QStringLiteral("db"), refuse});
        recorded.append({said, answered, interrupted});
        done(Ok{});
    }

    struct Recorded {
        QString said;
        QString answered;
        bool interrupted = false;
    };
    QList<Recorded> recorded;
    QString refuse;
    QStringList asks;
    qint64 nextRunId = 7;
    bool running = false;

private:
    EventBus* m_bus;
    qint64 m_owner;
};

}  // namespace zerg::test
