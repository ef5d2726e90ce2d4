#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QString>

namespace zerg {

class Database;

// What a one-time link does (issue 27): answers an approval request from a phone (an ntfy
// notification's button), without the app.
enum class LinkAction { Allow, Deny };

template <>
struct StatusTable<LinkAction> {
    static constexpr std::array<std::pair<LinkAction, const char*>, 2> names{{
        {LinkAction::Allow, "allow"},
        {LinkAction::Deny, "deny"},
    }};
};

// One link (table action_links). The token itself is never stored, only its SHA-256.
struct ActionLink {
    qint64 id = 0;
    qint64 ownerId = 0;
    qint64 approvalId = 0;
    LinkAction action = LinkAction::Deny;
    QDateTime createdAt;
    QDateTime expiresAt;
    QDateTime usedAt;  // invalid while unused
    QString usedBy;    // who redeemed it ("ntfy"), or "void:<id>" when a sibling link was
};

// The one-time links of approval requests (docs/alerts.md): each is an unguessable token (256
// random bits, base64url) that works once and until it expires. Redeeming one voids the other
// links of the same request, so a request gets one answer whichever button is pressed. A copy
// of the database gives no working link: only the tokens' hashes are kept.
class ActionLinkStore {
public:
    explicit ActionLinkStore(Database* db);  // not owned

    // A new link for `action` on the request, valid until expiresAt (after now): its token,
    // returned this once.
    [[nodiscard]] Result<QString> issue(qint64 ownerId, qint64 approvalId, LinkAction action,
                                        const QDateTime& now, const QDateTime& expiresAt);
    // Redeems the token once (by: who, for the record). Errors: "not_found" (no such link),
    // "expired", "used" (redeemed before, or another answer to its request came first).
    [[nodiscard]] Result<ActionLink> redeem(const QString& token, const QDateTime& now,
                                            const QString& by);
    // Deletes links that expired before `before`; how many.
    [[nodiscard]] Result<int> pruneExpired(const QDateTime& before);

    // The stored form of a token.
    [[nodiscard]] static QString hash(const QString& token);

private:
    Database* m_db;
};

}  // namespace zerg
