#include "storage/action_links.h"

#include "storage/database.h"
#include "storage/sql_util.h"
#include "storage/time_format.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

#include <utility>

namespace zerg {

using namespace sql;

ActionLinkStore::ActionLinkStore(Database* db) : m_db(db) {}

QString ActionLinkStore::hash(const QString& token) {
    return QString::fromLatin1(
        QCryptographicHash::hash(token.toUtf8(), QCryptographicHash::Sha256).toHex());
}

namespace {

QString newToken() {
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(bytes.begin(), bytes.end());
    return QString::fromLatin1(
        bytes.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

const QString kIssuing = QStringLiteral("making an action link");

// Inserts one link of an approval request or an inbox item; an empty token when it has a link
// for this action already.
Result<QString> insertLink(QSqlQuery& q, qint64 ownerId, qint64 approvalId, qint64 inboxItemId,
                           LinkAction action, const QDateTime& now, const QDateTime& expiresAt) {
    const QString token = newToken();
    if (!exec(q,
              QStringLiteral("INSERT INTO action_links (token_hash, owner_id, approval_id, "
                             "inbox_item_id, action, created_at, expires_at) VALUES (?, ?, ?, ?, "
                             "?, ?, ?) ON CONFLICT DO NOTHING"),
              {ActionLinkStore::hash(token), ownerId, idOrNull(std::optional<qint64>(approvalId)),
               idOrNull(std::optional<qint64>(inboxItemId)), statusName(action),
               timefmt::toIso(now), timefmt::toIso(expiresAt)})) {
        return dbError(kIssuing, q.lastError());
    }
    return q.numRowsAffected() == 1 ? token : QString();
}

ActionLink linkFrom(const QSqlQuery& q) {
    ActionLink link;
    link.id = q.value(0).toLongLong();
    link.ownerId = q.value(1).toLongLong();
    link.approvalId = q.value(2).toLongLong();
    link.inboxItemId = q.value(3).toLongLong();
    link.action = parseStatus<LinkAction>(q.value(4).toString()).value_or(LinkAction::View);
    link.createdAt = timeAt(q, 5);
    link.expiresAt = timeAt(q, 6);
    if (!q.value(7).isNull())
        link.usedAt = timeAt(q, 7);
    link.usedBy = q.value(8).toString();
    return link;
}

const QString kSelect = QStringLiteral(
    "SELECT id, owner_id, approval_id, inbox_item_id, action, created_at, expires_at, used_at, "
    "used_by FROM action_links WHERE token_hash = ?");

Error unknownLink() {
    return notFound(QStringLiteral(
        "This link is not known here: it may have been copied wrong, or its request was "
        "removed. Answer the request in Zerg instead."));
}

}  // namespace

Result<QString> ActionLinkStore::issue(qint64 ownerId, qint64 approvalId, LinkAction action,
                                       const QDateTime& now, const QDateTime& expiresAt) {
    if (!(expiresAt > now))
        return invalid(QStringLiteral("An action link must expire after it is made."));
    QSqlQuery q(m_db->connection());
    Result<QString> token = insertLink(q, ownerId, approvalId, 0, action, now, expiresAt);
    if (token && token->isEmpty()) {
        return Error{QStringLiteral("exists"),
                     QStringLiteral("Approval request %1 has a %2 link already.")
                         .arg(approvalId)
                         .arg(statusName(action))};
    }
    return token;
}

Result<std::optional<ActionLinkSet>> ActionLinkStore::issueFor(qint64 ownerId, qint64 approvalId,
                                                               const QDateTime& now,
                                                               const QDateTime& expiresAt) {
    if (!(expiresAt > now))
        return invalid(QStringLiteral("An action link must expire after it is made."));
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(kIssuing, tx.lastError());
    QSqlQuery q(db);
    ActionLinkSet set;
    for (auto [action, token] :
         {std::pair{LinkAction::Allow, &set.allow}, std::pair{LinkAction::Deny, &set.deny},
          std::pair{LinkAction::View, &set.view}}) {
        Result<QString> made = insertLink(q, ownerId, approvalId, 0, action, now, expiresAt);
        if (!made)
            return made.error();
        if (made->isEmpty())
            return std::optional<ActionLinkSet>();  // made before: the transaction rolls back
        *token = made.value();
    }
    q.finish();
    if (!tx.commit())
        return dbError(kIssuing, tx.lastError());
    return std::optional<ActionLinkSet>(set);
}

Result<std::optional<QString>> ActionLinkStore::issueView(qint64 ownerId, qint64 inboxItemId,
                                                          const QDateTime& now,
                                                          const QDateTime& expiresAt) {
    if (!(expiresAt > now))
        return invalid(QStringLiteral("An action link must expire after it is made."));
    QSqlQuery q(m_db->connection());
    const Result<QString> token =
        insertLink(q, ownerId, 0, inboxItemId, LinkAction::View, now, expiresAt);
    if (!token)
        return token.error();
    return token->isEmpty() ? std::optional<QString>() : std::optional<QString>(token.value());
}

Result<ActionLink> ActionLinkStore::find(const QString& token) const {
    QSqlQuery q(m_db->connection());
    if (!exec(q, kSelect, {hash(token)}))
        return dbError(QStringLiteral("looking up an action link"), q.lastError());
    if (!q.next())
        return unknownLink();
    return linkFrom(q);
}

Result<ActionLink> ActionLinkStore::redeem(const QString& token, const QDateTime& now,
                                           const QString& by) {
    const QString what = QStringLiteral("redeeming an action link");
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    QSqlQuery q(db);
    if (!exec(q, kSelect, {hash(token)}))
        return dbError(what, q.lastError());
    if (!q.next())
        return unknownLink();
    ActionLink link = linkFrom(q);
    const bool used = link.usedAt.isValid();
    q.finish();
    if (link.action == LinkAction::View) {
        return invalid(QStringLiteral(
            "This link only shows the request; answer it with Allow or Deny, or in Zerg."));
    }
    const Error usedError{QStringLiteral("used"),
                          QStringLiteral("This link was used already, or the request was "
                                         "answered another way. Nothing was changed.")};
    if (used)
        return usedError;
    if (!(link.expiresAt > now)) {
        return Error{QStringLiteral("expired"),
                     QStringLiteral("This link expired at %1 (UTC), and with it the request. "
                                    "Nothing was changed.")
                         .arg(link.expiresAt.toString(Qt::ISODate))};
    }
    const QString at = timefmt::toIso(now);
    // The test of used_at again: of two redeemers at once, one wins.
    if (!exec(q,
              QStringLiteral("UPDATE action_links SET used_at = ?, used_by = ? WHERE id = ? AND "
                             "used_at IS NULL"),
              {at, by, link.id})) {
        return dbError(what, q.lastError());
    }
    if (q.numRowsAffected() != 1)
        return usedError;
    // The request gets one answer: its other links no longer work.
    if (!exec(q,
              QStringLiteral("UPDATE action_links SET used_at = ?, used_by = ? WHERE "
                             "approval_id = ? AND used_at IS NULL AND action <> 'view'"),
              {at, QStringLiteral("void:%1").arg(link.id), link.approvalId})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    link.usedAt = now;
    link.usedBy = by;
    return link;
}

Result<int> ActionLinkStore::pruneExpired(const QDateTime& before) {
    QSqlQuery q(m_db->connection());
    if (!exec(q, QStringLiteral("DELETE FROM action_links WHERE expires_at < ?"),
              {timefmt::toIso(before)})) {
        return dbError(QStringLiteral("pruning expired action links"), q.lastError());
    }
    return q.numRowsAffected();
}

}  // namespace zerg
