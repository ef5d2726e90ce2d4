#pragma once

#include "llm/chat_types.h"
#include "roundabout/decider.h"
#include "roundabout/monitored_worker.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

namespace zerg {

class AgentProfileStore;

class Clock;
class LlmProvider;

struct RoundaboutConfig {
    int checkIntervalSeconds = 5;     // ZERG_CHECK_INTERVAL_SECONDS
    int hardTimeoutSeconds = 300;     // ZERG_HARD_TIMEOUT_SECONDS
    int activityLogMaxEntries = 20;   // tool calls shown to the decider
    bool cancelOnHardTimeout = true;  // ZERG_CANCEL_ON_HARD_TIMEOUT: stop the worker, or leave it
    QString deciderModel;             // the decider role's model; empty: the heuristic decider
    int deciderCallBudget = 12;       // ZERG_DECIDER_BUDGET: model calls per worker
    int deciderTimeoutSeconds = 10;   // ZERG_DECIDER_TIMEOUT_SECONDS: a late answer means wait
    AgentProfileStore* profiles = nullptr;  // the decider's tuning; nullptr: built in
    int heuristicCancelSeconds = 120;       // the heuristic decider cancels an operation this old
    int peekMaxChars = 4000;                // what a peek shows the decider
};

// The decider for one roundabout: the model's when the config names one and a provider is
// given, else the heuristic fallback (roundabout/heuristic_decider.h).
[[nodiscard]] Decider* makeDecider(const RoundaboutConfig& config, LlmProvider* llm, Clock* clock,
                                   const CallMeta& meta, QObject* parent);

// The monitoring loop one spawn_worker call sits in (seeds: worker-supervision-roundabout.md and
// roundabout-v2-alignment.md). Every check interval it snapshots the worker, shows the decider
// the raw facts (decision_payload.h) when something changed since its last decision, and acts:
// wait; exit (stop the worker, return its findings); cancel (stop the worker, say why); peek
// (show the decider a tool output or the thread once, then decide again); message (tell the
// worker something). It leaves with exactly one result in the seed's JSON shapes: at once when
// the worker ends (not at the next check), on exit or cancel, at the hard timeout, or when the
// worker fails. Every check is written next to the worker (monitoring/check_NNNs.json) and none
// enters the supervisor's thread. All timing goes through the Clock.
class RoundaboutMonitor : public QObject {
    Q_OBJECT
public:
    // decider: owned (re-parented); nullptr means the heuristic decider.
    RoundaboutMonitor(MonitoredWorker* worker, Clock* clock, RoundaboutConfig config,
                      Decider* decider = nullptr, QObject* parent = nullptr);

    void start();
    // Leaves the roundabout now, stopping the worker ("cancelled" shape).
    void cancel(const QString& reason);

    [[nodiscard]] bool isDone() const { return m_done; }
    [[nodiscard]] const QJsonObject& result() const { return m_result; }
    [[nodiscard]] int checks() const { return m_checks; }
    // Checks where nothing had changed, so the decider was not asked (a wait for free).
    [[nodiscard]] int unchangedChecks() const { return m_unchanged; }
    [[nodiscard]] const Decider* decider() const { return m_decider; }

    // The seed's result shapes, built from a snapshot. Public for tests.
    [[nodiscard]] static QJsonObject completeShape(qint64 jobId, const WorkerSnapshot& s);
    [[nodiscard]] static QJsonObject failureShape(qint64 jobId, const WorkerSnapshot& s);
    [[nodiscard]] static QJsonObject earlyExitShape(qint64 jobId, const WorkerSnapshot& s,
                                                    const QString& findings);

Q_SIGNALS:
    // One check happened (status for the UI ticker; never added to the supervisor thread).
    void checked(const zerg::WorkerSnapshot& snapshot);
    // The decider chose something other than wait (for the roundabout_decision event).
    void decided(const zerg::Decision& decision);
    void finished();

private:
    void scheduleCheck();
    void check();
    void ask(const WorkerSnapshot& s, const QJsonObject& payload, bool peeked);
    void onDecision(const WorkerSnapshot& s, const QJsonObject& payload, bool peeked,
                    const Decision& d);
    void record(const WorkerSnapshot& s, const QJsonObject& payload, const Decision& d);
    void hardTimeout(const WorkerSnapshot& s);
    void stopWorker(WorkerStatus status, const QString& reason);
    void finishWith(QJsonObject result);

    QPointer<MonitoredWorker> m_worker;
    Clock* m_clock;
    RoundaboutConfig m_config;
    Decider* m_decider;
    qint64 m_startedMs = 0;
    quint64 m_timer = 0;
    int m_checks = 0;
    int m_unchanged = 0;
    bool m_deciding = false;
    bool m_recheck = false;  // a help request came while the decider was busy
    bool m_done = false;
    bool m_stopping = false;  // inside our own stop of the worker
    QString m_lastFingerprint;
    QJsonObject m_result;
};

}  // namespace zerg
