#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace zerg {

class Database;

// Where an approval request stands (issue 22): pending until a person answers, the request
// expires (denied), or it is withdrawn because its worker ended or Zerg stopped (cancelled).
enum class ApprovalStatus { Pending, Allowed, Denied, Expired, Cancelled };

template <>
struct StatusTable<ApprovalStatus> {
    static constexpr std::array<std::pair<ApprovalStatus, const char*>, 5> names{{
        {ApprovalStatus::Pending, "pending"},
        {ApprovalStatus::Allowed, "allowed"},
        {ApprovalStatus::Denied, "denied"},
        {ApprovalStatus::Expired, "expired"},
        {ApprovalStatus::Cancelled, "cancelled"},
    }};
};

// One approval request and, once decided, its answer (table approvals): the audit record.
struct ApprovalRecord {
    qint64 id = 0;
    qint64 ownerId = 0;
    qint64 jobId = 0;  // the worker job; 0: none
    qint64 runId = 0;  // the supervisor run; 0: none
    QString workerId;
    QString callId;
    QString tool;                 // ssh_exec, shell_exec, http_request, ...
    QString target;               // the host alias, "local", a URL's host, the recipients
    QString action;               // what would run, one line: the exact command, "POST https://…"
    QJsonObject args;             // the call's arguments, as the tool gets them
    QJsonObject classification;   // CallClass::toJson(): {effect, reason, subject, why}
    QString task;                 // the worker's task
    QString statedReason;         // what the worker said before the call; may be empty
    QString mode;                 // the approval mode that asked ("ask")
    QStringList suggestedPrefix;  // what "always allow" would allow; empty: not offered
    ApprovalStatus status = ApprovalStatus::Pending;
    QDateTime requestedAt;
    QDateTime expiresAt;
    // The answer (set when status is no longer pending):
    QDateTime decidedAt;
    QString decidedBy;  // "user", "expiry", "system"
    QString device;     // where the answer came from: "desktop", "api:<device>", "cli", ...
    QString message;    // the person's message to the worker (a deny), or why it was withdrawn
    qint64 ruleId = 0;  // the "always allow" rule the answer created; 0: none
};

// An "always allow" rule (table approval_rules): commands whose words begin with prefix, on
// host, run without asking (tools/approval_policy.h). Removing one keeps its row (removedAt set)
// so that the audit can still name it.
struct ApprovalRuleRecord {
    qint64 id = 0;
    qint64 ownerId = 0;
    QString host;
    QStringList prefix;
    qint64 approvalId = 0;  // the request whose answer created it; 0: made in Settings
    QString createdBy;      // "user" (the device in the approval's record)
    QDateTime createdAt;
    QDateTime removedAt;  // invalid while the rule holds
};

// The answer to write: status allowed, denied, expired or cancelled, and who gave it.
struct ApprovalAnswer {
    ApprovalStatus status = ApprovalStatus::Denied;
    QString decidedBy;
    QString device;
    QString message;
    qint64 ruleId = 0;
};

// Repository for approval requests and "always allow" rules, in the style of ScheduleStore:
// every timestamp is a parameter, reads that take an owner return only that owner's rows
// (another owner's row is "not_found"), errors carry the codes "invalid_argument", "not_found",
// "invalid_state" (answering a request that is no longer pending) or "db".
class ApprovalStore {
public:
    explicit ApprovalStore(Database* db);  // not owned; must outlive the ApprovalStore

    // A new pending request (creating the owner row if missing); returns its id. id, status
    // and the answer fields of `request` are ignored. tool, target, action and workerId must
    // not be blank; requestedAt and expiresAt must be valid.
    [[nodiscard]] Result<qint64> createRequest(const ApprovalRecord& request);
    [[nodiscard]] Result<ApprovalRecord> request(qint64 ownerId, qint64 approvalId);
    // Writes the answer when the request is still pending, in one UPDATE … WHERE status =
    // 'pending' (two answers at once: the second gets "invalid_state" and changes nothing).
    // Returns the record as it is now. answer.status must not be pending; answer.ruleId, when
    // set, must be one of the owner's rules ("not_found" otherwise).
    [[nodiscard]] Result<ApprovalRecord> answer(qint64 ownerId, qint64 approvalId,
                                                const ApprovalAnswer& answer, const QDateTime& now);
    // The owner's pending requests, oldest first.
    [[nodiscard]] Result<QList<ApprovalRecord>> pending(qint64 ownerId);
    // Every owner's pending requests, by id (what other Zerg processes on this database wait
    // for).
    [[nodiscard]] Result<QList<ApprovalRecord>> pendingOfAllOwners();
    // The requests of one worker job, oldest first (Worker detail's audit).
    [[nodiscard]] Result<QList<ApprovalRecord>> forJob(qint64 ownerId, qint64 jobId);
    // The pending requests of these worker jobs or runs (of any owner) become cancelled with
    // this message: their worker is gone (its process stopped or was lost). Returns how many.
    [[nodiscard]] Result<int> cancelPendingOf(const QList<qint64>& jobIds,
                                              const QList<qint64>& runIds, const QString& message,
                                              const QDateTime& now);

    // A rule (creating the owner row if missing); returns its id. host must not be blank (it is
    // stored trimmed), prefix not empty (no blank words); approvalId, when set, must be one of
    // the owner's requests ("not_found" otherwise).
    [[nodiscard]] Result<qint64> addRule(qint64 ownerId, const QString& host,
                                         const QStringList& prefix, qint64 approvalId,
                                         const QString& createdBy, const QDateTime& now);
    // The rules that hold (not removed), ordered by host, then id.
    [[nodiscard]] Result<QList<ApprovalRuleRecord>> rules(qint64 ownerId);
    // Marks a rule removed; "not_found" when it does not exist for the owner or is already
    // removed.
    [[nodiscard]] Status removeRule(qint64 ownerId, qint64 ruleId, const QDateTime& now);

private:
    Database* m_db;
};

}  // namespace zerg
