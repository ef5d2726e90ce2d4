#pragma once

#include "core/result.h"
#include "storage/approval_store.h"
#include "tools/approval_policy.h"

#include <QHash>
#include <QObject>

namespace zerg {

class ArtifactStore;
class Clock;
class EventBus;

// The approval events (docs/events.md): data is ApprovalRecord's JSON (approvalJson()).
namespace events {
inline constexpr char ApprovalRequested[] = "approval_requested";
inline constexpr char ApprovalResolved[] = "approval_resolved";
}  // namespace events

// What a person answers to an approval request.
enum class ApprovalChoice { AllowOnce, Deny, AlwaysAllow };

template <>
struct StatusTable<ApprovalChoice> {
    static constexpr std::array<std::pair<ApprovalChoice, const char*>, 3> names{{
        {ApprovalChoice::AllowOnce, "allow"},
        {ApprovalChoice::Deny, "deny"},
        {ApprovalChoice::AlwaysAllow, "always_allow"},
    }};
};

struct ApprovalReply {
    ApprovalChoice choice = ApprovalChoice::Deny;
    QString message;  // to the worker, with a deny; may be empty
    QString device;   // where the answer came from: "desktop", "api:<device>", "cli"
    // Always allow: the rule's words, a prefix of the command's words; empty: the request's
    // suggested prefix.
    QStringList prefix;
};

struct ApprovalsConfig {
    ApprovalPolicy policy;  // the modes; the rules come from the store per owner
    // Scheduled background runs (ZERG_APPROVAL_SCHEDULE_MODE): ApprovalPolicy::forBackground.
    ApprovalMode scheduleMode = ApprovalMode::ReadOnly;
    qint64 timeoutMs = 15LL * 60 * 1000;  // ZERG_APPROVAL_TIMEOUT_SECONDS: then denied
};

// The approval requests of every worker (issue 22): records each request (the database and the
// worker's approvals.jsonl), publishes approval_requested, takes the answer from wherever it
// comes (the chat card, the inbox, a notification, the API, `zerg ask`), expires what nobody
// answered in time as denied, and publishes approval_resolved. resolved() tells the waiting
// worker. Main thread only.
//
// Several Zerg processes on one database (the window, `zerg ask`, `zerg mcp serve`) share the
// requests: a process that waits for an answer looks in the database every second, so an answer
// given in another process (the window) reaches its worker; a process that shows requests to a
// person (watchOtherProcesses: the window, `zerg serve`) sees the others' requests come and go
// within the same second and publishes them as its own events, so its chat card, notification
// and API show them and can answer them.
class Approvals : public QObject {
    Q_OBJECT
public:
    Approvals(ApprovalStore* store, ArtifactStore* artifacts, EventBus* bus, Clock* clock,
              ApprovalsConfig config, QObject* parent = nullptr);

    // The configured modes with the owner's "always allow" rules; a background (scheduled) run
    // gets the schedule mode. Without readable rules the policy has none (it asks).
    // scheduleMode: the schedule's own mode for its background runs (nullopt: the config's).
    [[nodiscard]] ApprovalPolicy policyFor(qint64 ownerId, bool background = false,
                                           std::optional<ApprovalMode> scheduleMode = {}) const;
    [[nodiscard]] const ApprovalsConfig& config() const { return m_config; }
    // How long the run has had at least one request pending (its run timeout does not count
    // that time): the time of the waits so far plus the current one.
    [[nodiscard]] qint64 runWaitMs(qint64 runId) const;
    [[nodiscard]] qint64 timeoutMs() const { return m_config.timeoutMs; }

    // Records a pending request (status, times and the suggested prefix are set here), writes
    // it to the worker's approvals.jsonl, publishes approval_requested and starts its expiry.
    // An error means nothing was recorded: the call must be refused, not run unrecorded.
    [[nodiscard]] Result<ApprovalRecord> request(ApprovalRecord draft);
    // A person's answer to a pending request of this owner. "not_found", "invalid_state" (it
    // was already answered, expired or withdrawn) and "invalid_argument" (an always-allow
    // prefix that is not a prefix of the command, or a call no rule can cover) are errors.
    [[nodiscard]] Result<ApprovalRecord> answer(qint64 ownerId, qint64 approvalId,
                                                const ApprovalReply& reply);
    // The worker no longer waits (it ended): the request is cancelled with this reason.
    void withdraw(qint64 ownerId, qint64 approvalId, const QString& why);

    [[nodiscard]] Result<QList<ApprovalRecord>> pending(qint64 ownerId) const;
    [[nodiscard]] Result<QList<ApprovalRuleRecord>> rules(qint64 ownerId) const;
    [[nodiscard]] Status removeRule(qint64 ownerId, qint64 ruleId);

    // Shows the pending requests of other processes on this database as they come and go
    // (requested()/resolved() and the events), checking every intervalMs.
    void watchOtherProcesses(qint64 intervalMs = kPollMs);
    static constexpr qint64 kPollMs = 1000;
    // A request of another process still pending this long after it should have expired: that
    // process is gone, and the watcher expires it.
    static constexpr qint64 kOrphanGraceMs = 30'000;

    // The record as events, approvals.jsonl and the API show it.
    [[nodiscard]] static QJsonObject approvalJson(const ApprovalRecord& r);

Q_SIGNALS:
    // A request was recorded and published (the worker now waits).
    void requested(const zerg::ApprovalRecord& record);
    // A request was answered, expired or withdrawn (after it is stored and published).
    void resolved(const zerg::ApprovalRecord& record);

private:
    Result<ApprovalRecord> settle(qint64 ownerId, qint64 approvalId, const ApprovalAnswer& a);
    void record(const ApprovalRecord& r, const char* eventName);
    // A request is settled: no expiry, no wait, no longer watched.
    void forget(const ApprovalRecord& r);
    // The request was answered (or withdrawn) elsewhere: tell this process, as settle() does.
    void settledElsewhere(const ApprovalRecord& r);
    void schedulePoll();
    void poll();

    ApprovalStore* m_store;
    ArtifactStore* m_artifacts;
    EventBus* m_bus;
    Clock* m_clock;
    ApprovalsConfig m_config;
    QHash<qint64, quint64> m_expiry;  // approval id -> Clock::TimerId
    QHash<qint64, qint64> m_waiting;  // this process's pending requests: approval id -> owner id
    QHash<qint64, qint64> m_shown;    // other processes' pending requests shown: id -> owner id
    bool m_watchOthers = false;
    qint64 m_pollMs = kPollMs;
    quint64 m_pollTimer = 0;
    struct RunWait {
        int pending = 0;     // requests of the run still pending
        qint64 sinceMs = 0;  // when pending last rose from 0
        qint64 totalMs = 0;  // the waits that ended
    };
    QHash<qint64, RunWait> m_runWaits;  // run id -> its waits
};

}  // namespace zerg
