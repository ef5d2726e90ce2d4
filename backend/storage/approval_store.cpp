#include "storage/approval_store.h"

#include "core/json_util.h"
#include "core/status.h"
#include "storage/database.h"
#include "storage/sql_util.h"
#include "storage/time_format.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace zerg {
namespace {

using namespace sql;

// The plain columns first, in the order of approvalFrom; the JSON columns last (see recordAt).
const QString kApprovalColumns = QStringLiteral(
    "id, owner_id, job_id, run_id, worker_id, call_id, tool, target, action, task, "
    "stated_reason, mode, status, requested_at, expires_at, decided_at, decided_by, device, "
    "message, rule_id, arguments, classification, suggested_prefix");
constexpr int kArgumentsColumn = 20;

const QString kRuleColumns =
    QStringLiteral("id, owner_id, host, approval_id, created_by, created_at, removed_at, prefix");
constexpr int kPrefixColumn = 7;

const sql::Columns<ApprovalRecord> approvalFrom(
    &ApprovalRecord::id, &ApprovalRecord::ownerId, &ApprovalRecord::jobId, &ApprovalRecord::runId,
    &ApprovalRecord::workerId, &ApprovalRecord::callId, &ApprovalRecord::tool,
    &ApprovalRecord::target, &ApprovalRecord::action, &ApprovalRecord::task,
    &ApprovalRecord::statedReason, &ApprovalRecord::mode, &ApprovalRecord::status,
    &ApprovalRecord::requestedAt, &ApprovalRecord::expiresAt, &ApprovalRecord::decidedAt,
    &ApprovalRecord::decidedBy, &ApprovalRecord::device, &ApprovalRecord::message,
    &ApprovalRecord::ruleId);

const sql::Columns<ApprovalRuleRecord> ruleFrom(
    &ApprovalRuleRecord::id, &ApprovalRuleRecord::ownerId, &ApprovalRuleRecord::host,
    &ApprovalRuleRecord::approvalId, &ApprovalRuleRecord::createdBy, &ApprovalRuleRecord::createdAt,
    &ApprovalRuleRecord::removedAt);

// A list of words as the JSON array text the prefix columns hold.
QString wordsText(const QStringList& words) {
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(words)).toJson(QJsonDocument::Compact));
}

// Reading is lenient, as in json_fields.h: text that is not an array of strings (a row edited by
// hand) gives the words that are strings, or none; the audit record stays readable.
QStringList wordsAt(const QSqlQuery& q, int column) {
    QStringList out;
    const QJsonArray words = QJsonDocument::fromJson(q.value(column).toString().toUtf8()).array();
    for (const QJsonValue& w : words) {
        if (w.isString())
            out.append(w.toString());
    }
    return out;
}

// Text that is not a JSON object gives {} (see wordsAt).
QJsonObject objectAt(const QSqlQuery& q, int column) {
    QJsonObject o;
    if (!json::parseObject(q.value(column).toString().toUtf8(), &o))
        return {};
    return o;
}

ApprovalRecord recordAt(const QSqlQuery& q) {
    ApprovalRecord r = approvalFrom(q);
    r.args = objectAt(q, kArgumentsColumn);
    r.classification = objectAt(q, kArgumentsColumn + 1);
    r.suggestedPrefix = wordsAt(q, kArgumentsColumn + 2);
    return r;
}

ApprovalRuleRecord ruleAt(const QSqlQuery& q) {
    ApprovalRuleRecord r = ruleFrom(q);
    r.prefix = wordsAt(q, kPrefixColumn);
    return r;
}

bool blank(const QString& s) {
    return s.trimmed().isEmpty();
}

Error noApproval(qint64 ownerId, qint64 approvalId) {
    return notFound(QStringLiteral("No approval request %1 for owner %2. List the pending "
                                   "approvals to see which exist.")
                        .arg(approvalId)
                        .arg(ownerId));
}

Error noRule(qint64 ownerId, qint64 ruleId) {
    return notFound(QStringLiteral("No approval rule %1 for owner %2; it may have been removed "
                                   "already. List the rules to see which hold.")
                        .arg(ruleId)
                        .arg(ownerId));
}

// The checks of createRequest, in the order of the record's fields.
Status checkRequest(const ApprovalRecord& r) {
    const std::pair<const QString*, const char*> required[] = {
        {&r.workerId, "the id of the worker that asks"},
        {&r.tool, "the tool the call would use"},
        {&r.target, "the target of the call (a host alias, \"local\", a URL's host, ...)"},
        {&r.action, "the action the call would run, e.g. the exact command"},
    };
    for (const auto& [value, what] : required) {
        if (blank(*value)) {
            return invalid(QStringLiteral("An approval request needs %1; it was blank.")
                               .arg(QLatin1String(what)));
        }
    }
    if (!r.requestedAt.isValid() || !r.expiresAt.isValid()) {
        return invalid(
            QStringLiteral("An approval request needs a valid request time and expiry time."));
    }
    return Ok{};
}

Status checkRule(const QString& host, const QStringList& prefix) {
    if (blank(host)) {
        return invalid(
            QStringLiteral("An approval rule needs the host it holds on (a host "
                           "alias or \"local\"); it was blank."));
    }
    if (prefix.isEmpty()) {
        return invalid(
            QStringLiteral("An approval rule needs the words a command begins with, "
                           "e.g. [\"systemctl\", \"status\"]; the list was empty."));
    }
    for (int i = 0; i < prefix.size(); ++i) {
        if (blank(prefix.at(i))) {
            return invalid(QStringLiteral("Word %1 of the approval rule's prefix is blank; give "
                                          "each word of the command, without blanks.")
                               .arg(i + 1));
        }
    }
    return Ok{};
}

// Whether the owner has the row `id` in `table` (a fixed table name, never caller input).
Result<bool> ownsRow(QSqlDatabase db, const char* table, qint64 ownerId, qint64 id,
                     const QString& what) {
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("SELECT 1 FROM %1 WHERE id = ? AND owner_id = ?")
                  .arg(QLatin1String(table)),
              {id, ownerId})) {
        return dbError(what, q.lastError());
    }
    return q.next();
}

}  // namespace

ApprovalStore::ApprovalStore(Database* db) : m_db(db) {
    Q_ASSERT(db);
}

Result<qint64> ApprovalStore::createRequest(const ApprovalRecord& request) {
    if (Status s = checkRequest(request); !s)
        return s.error();
    const QString what =
        QStringLiteral("saving an approval request of worker %1").arg(request.workerId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, request.ownerId, {}, request.requestedAt); !s)
        return s.error();
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("INSERT INTO approvals (owner_id, job_id, run_id, worker_id, call_id, "
                             "tool, target, action, arguments, classification, task, "
                             "stated_reason, mode, suggested_prefix, status, requested_at, "
                             "expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                             "?, ?) RETURNING id"),
              {request.ownerId, idOrNull(request.jobId), idOrNull(request.runId), request.workerId,
               text(request.callId), request.tool, request.target, request.action,
               json::compactString(request.args), json::compactString(request.classification),
               text(request.task), text(request.statedReason), text(request.mode),
               wordsText(request.suggestedPrefix), statusName(ApprovalStatus::Pending),
               timefmt::toIso(request.requestedAt), timefmt::toIso(request.expiresAt)}) ||
        !q.next()) {
        return dbError(what, q.lastError());
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return id;
}

Result<ApprovalRecord> ApprovalStore::request(qint64 ownerId, qint64 approvalId) {
    return selectOne(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM approvals WHERE id = ? AND owner_id = ?")
                         .arg(kApprovalColumns),
                     {approvalId, ownerId},
                     QStringLiteral("reading approval request %1").arg(approvalId),
                     noApproval(ownerId, approvalId), recordAt);
}

Result<ApprovalRecord> ApprovalStore::answer(qint64 ownerId, qint64 approvalId,
                                             const ApprovalAnswer& answer, const QDateTime& now) {
    if (answer.status == ApprovalStatus::Pending) {
        return invalid(QStringLiteral("Cannot answer approval request %1 with status 'pending'; "
                                      "use allowed, denied, expired or cancelled.")
                           .arg(approvalId));
    }
    const QString what = QStringLiteral("answering approval request %1").arg(approvalId);
    QSqlDatabase db = m_db->connection();
    if (answer.ruleId > 0) {
        const Result<bool> owned = ownsRow(db, "approval_rules", ownerId, answer.ruleId, what);
        if (!owned)
            return owned.error();
        if (!*owned)
            return noRule(ownerId, answer.ruleId);
    }
    {
        // One statement, so that of two answers at once exactly one finds the request pending.
        QSqlQuery q(db);
        if (!exec(q,
                  QStringLiteral("UPDATE approvals SET status = ?, decided_at = ?, "
                                 "decided_by = ?, device = ?, message = ?, rule_id = ? "
                                 "WHERE id = ? AND owner_id = ? AND status = ?"),
                  {statusName(answer.status), timefmt::toIso(now), textOrNull(answer.decidedBy),
                   textOrNull(answer.device), textOrNull(answer.message), idOrNull(answer.ruleId),
                   approvalId, ownerId, statusName(ApprovalStatus::Pending)})) {
            return dbError(what, q.lastError());
        }
        const int changed = q.numRowsAffected();
        q.finish();
        if (changed == 1)
            return request(ownerId, approvalId);
    }
    // Nothing changed: the request is not the owner's, or it was answered already.
    Result<ApprovalRecord> current = request(ownerId, approvalId);
    if (!current)
        return current.error();
    return Error{QStringLiteral("invalid_state"),
                 QStringLiteral("Approval %1 was already %2; its first answer is kept. Reload "
                                "the approvals to see the ones still pending.")
                     .arg(approvalId)
                     .arg(statusName(current->status))};
}

Result<QList<ApprovalRecord>> ApprovalStore::pending(qint64 ownerId) {
    // By id: requests are inserted as they arrive, and id breaks ties a timestamp cannot.
    return selectAll(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM approvals WHERE owner_id = ? AND status = ? "
                                    "ORDER BY id")
                         .arg(kApprovalColumns),
                     {ownerId, statusName(ApprovalStatus::Pending)},
                     QStringLiteral("listing the pending approvals of owner %1").arg(ownerId),
                     recordAt);
}

Result<QList<ApprovalRecord>> ApprovalStore::pendingOfAllOwners() {
    return selectAll(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM approvals WHERE status = ? ORDER BY id")
                         .arg(kApprovalColumns),
                     {statusName(ApprovalStatus::Pending)},
                     QStringLiteral("listing the pending approvals"), recordAt);
}

Result<QList<ApprovalRecord>> ApprovalStore::forJob(qint64 ownerId, qint64 jobId) {
    return selectAll(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM approvals WHERE owner_id = ? AND job_id = ? "
                                    "ORDER BY id")
                         .arg(kApprovalColumns),
                     {ownerId, jobId},
                     QStringLiteral("listing the approval requests of worker job %1").arg(jobId),
                     recordAt);
}

Result<int> ApprovalStore::cancelPendingOf(const QList<qint64>& jobIds, const QList<qint64>& runIds,
                                           const QString& message, const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE approvals SET status = ?, decided_at = ?, decided_by = ?, "
                             "device = NULL, message = ? WHERE status = ? AND (%1 OR %2)")
                  .arg(inIds(QStringLiteral("job_id"), jobIds),
                       inIds(QStringLiteral("run_id"), runIds)),
              {statusName(ApprovalStatus::Cancelled), timefmt::toIso(now), QStringLiteral("system"),
               textOrNull(message), statusName(ApprovalStatus::Pending)})) {
        return dbError(QStringLiteral("withdrawing the pending approval requests"), q.lastError());
    }
    return q.numRowsAffected();
}

Result<qint64> ApprovalStore::addRule(qint64 ownerId, const QString& host,
                                      const QStringList& prefix, qint64 approvalId,
                                      const QString& createdBy, const QDateTime& now) {
    if (Status s = checkRule(host, prefix); !s)
        return s.error();
    const QString what = QStringLiteral("saving an approval rule for host %1").arg(host.trimmed());
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, ownerId, {}, now); !s)
        return s.error();
    if (approvalId > 0) {
        const Result<bool> owned = ownsRow(db, "approvals", ownerId, approvalId, what);
        if (!owned)
            return owned.error();
        if (!*owned)
            return noApproval(ownerId, approvalId);
    }
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("INSERT INTO approval_rules (owner_id, host, prefix, approval_id, "
                             "created_by, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id"),
              {ownerId, host.trimmed(), wordsText(prefix), idOrNull(approvalId), text(createdBy),
               timefmt::toIso(now)}) ||
        !q.next()) {
        return dbError(what, q.lastError());
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return id;
}

Result<QList<ApprovalRuleRecord>> ApprovalStore::rules(qint64 ownerId) {
    return selectAll(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM approval_rules WHERE owner_id = ? AND "
                                    "removed_at IS NULL ORDER BY host, id")
                         .arg(kRuleColumns),
                     {ownerId},
                     QStringLiteral("listing the approval rules of owner %1").arg(ownerId), ruleAt);
}

Status ApprovalStore::removeRule(qint64 ownerId, qint64 ruleId, const QDateTime& now) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE approval_rules SET removed_at = ? "
                             "WHERE id = ? AND owner_id = ? AND removed_at IS NULL"),
              {timefmt::toIso(now), ruleId, ownerId})) {
        return dbError(QStringLiteral("removing approval rule %1").arg(ruleId), q.lastError());
    }
    if (q.numRowsAffected() != 1)
        return noRule(ownerId, ruleId);
    return Ok{};
}

}  // namespace zerg
