#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace zerg {

class Database;

// What a one-time link does (issue 27): answers an approval request from a phone (an ntfy
// notification's button), without the app, or only shows it or an alert (View: "Open").
enum class LinkAction { Allow, Deny, View };

template <>
struct StatusTable<LinkAction> {
    static constexpr std::array<std::pair<LinkAction, const char*>, 3> names{{
        {LinkAction::Allow, "allow"},
        {LinkAction::Deny, "deny"},
        {LinkAction::View, "view"},
    }};
};

// One link (table action_links). The token itself is never stored, only its SHA-256.
struct ActionLink {
    qint64 id = 0;
    qint64 ownerId = 0;
    qint64 approvalId = 0;   // the approval request it answers or shows; 0: an alert's
    qint64 inboxItemId = 0;  // the alert (inbox item) it shows; 0: an approval's
    LinkAction action = LinkAction::Deny;
    QDateTime createdAt;
    QDateTime expiresAt;
    QDateTime usedAt;  // invalid while unused
    QString usedBy;    // who redeemed it ("link"), or "void:<id>" when a sibling link was
};

// The links of one approval request, as issueFor() makes them: the tokens, given out this once.
struct ActionLinkSet {
    QString allow;
    QString deny;
    QString view;
};

// The one-time links of approval requests (docs/alerts.md): each is an unguessable token (256
// random bits, base64url) that works once and until it expires. Redeeming one voids the other
// links of the same request, so a request gets one answer whichever button is pressed (a view
// link only shows the request and is never redeemed). A request has at most one link per action,
// so that of several processes that see a request, one makes (and sends) its links. A copy of
// the database gives no working link: only the tokens' hashes are kept.
class ActionLinkStore {
public:
    explicit ActionLinkStore(Database* db);  // not owned

    // A new link for `action` on the request, valid until expiresAt (after now): its token,
    // returned this once.
    [[nodiscard]] Result<QString> issue(qint64 ownerId, qint64 approvalId, LinkAction action,
                                        const QDateTime& now, const QDateTime& expiresAt);
    // The allow, deny and view links of a request, all valid until expiresAt; nullopt when the
    // request has links already (another process, or an earlier call, made them).
    [[nodiscard]] Result<std::optional<ActionLinkSet>> issueFor(qint64 ownerId, qint64 approvalId,
                                                                const QDateTime& now,
                                                                const QDateTime& expiresAt);
    // The view link of an alert (an inbox item), valid until expiresAt; nullopt when the item
    // has one already.
    [[nodiscard]] Result<std::optional<QString>> issueView(qint64 ownerId, qint64 inboxItemId,
                                                           const QDateTime& now,
                                                           const QDateTime& expiresAt);
    // The link of a token, used or not, expired or not, without changing it. Error "not_found".
    [[nodiscard]] Result<ActionLink> find(const QString& token) const;
    // Redeems the token once (by: who, for the record). Errors: "not_found" (no such link),
    // "expired", "used" (redeemed before, or another answer to its request came first),
    // "invalid_argument" (a view link).
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
