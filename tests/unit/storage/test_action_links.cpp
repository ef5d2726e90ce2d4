// ActionLinkStore (issue 27, migration 15): one-time links that answer an approval request from a
// phone. A link works once and until it expires; redeeming one voids the request's other links;
// only the token's hash is stored. On a real SQLite file and, as test_action_links_postgres
// (ZERG_TEST_DB=postgres), on a real PostgreSQL server.
#include "postgres_fixture.h"
#include "storage/action_links.h"
#include "storage/database.h"
#include "why.h"

#include <QSet>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::why;

namespace {

const QDateTime kT0(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);

}  // namespace

class TestActionLinks : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_n = 0;

    std::unique_ptr<Database> fresh() {
        auto db =
            test::openTestDatabase(m_tmp.filePath(QStringLiteral("l%1.sqlite").arg(++m_n)), kT0);
        if (!db)
            qFatal("%s", qPrintable(db.error().message));
        return std::move(db).value();
    }

private Q_SLOTS:
    void aLinkWorksOnceAndVoidsItsSiblings() {
        const auto db = fresh();
        ActionLinkStore links(db.get());
        const Result<QString> allow = links.issue(1, 7, LinkAction::Allow, kT0, kT0.addSecs(900));
        QVERIFY2(allow, why(allow));
        const Result<QString> deny = links.issue(1, 7, LinkAction::Deny, kT0, kT0.addSecs(900));
        QVERIFY2(deny, why(deny));
        const Result<QString> other = links.issue(1, 8, LinkAction::Deny, kT0, kT0.addSecs(900));
        QVERIFY2(other, why(other));
        QVERIFY(allow.value() != deny.value());
        QCOMPARE(allow->size(), 43);  // 256 bits, base64url

        const Result<ActionLink> used = links.redeem(allow.value(), kT0.addSecs(60), "ntfy");
        QVERIFY2(used, why(used));
        QCOMPARE(used->ownerId, 1);
        QCOMPARE(used->approvalId, 7);
        QCOMPARE(used->action, LinkAction::Allow);
        QCOMPARE(used->usedBy, QStringLiteral("ntfy"));
        QCOMPARE(used->expiresAt, kT0.addSecs(900));

        // A replay, and the other answer to the same request, are refused.
        const Result<ActionLink> replay = links.redeem(allow.value(), kT0.addSecs(61), "ntfy");
        QVERIFY(!replay);
        QCOMPARE(replay.error().code, QStringLiteral("used"));
        const Result<ActionLink> sibling = links.redeem(deny.value(), kT0.addSecs(62), "ntfy");
        QVERIFY(!sibling);
        QCOMPARE(sibling.error().code, QStringLiteral("used"));
        // Another request's link still works.
        const Result<ActionLink> third = links.redeem(other.value(), kT0.addSecs(63), "ntfy");
        QVERIFY2(third, why(third));
        QCOMPARE(third->approvalId, 8);
    }

    void expiredAndUnknownLinksAreRefused() {
        const auto db = fresh();
        ActionLinkStore links(db.get());
        const Result<QString> token = links.issue(1, 7, LinkAction::Allow, kT0, kT0.addSecs(900));
        QVERIFY2(token, why(token));
        const Result<ActionLink> late = links.redeem(token.value(), kT0.addSecs(900), "ntfy");
        QVERIFY(!late);
        QCOMPARE(late.error().code, QStringLiteral("expired"));
        const Result<ActionLink> unknown =
            links.redeem(token.value() + QStringLiteral("x"), kT0, "ntfy");
        QVERIFY(!unknown);
        QCOMPARE(unknown.error().code, QStringLiteral("not_found"));
        const Result<QString> backwards = links.issue(1, 7, LinkAction::Deny, kT0, kT0);
        QVERIFY(!backwards);
        QCOMPARE(backwards.error().code, QStringLiteral("invalid_argument"));
        const Result<int> pruned = links.pruneExpired(kT0.addSecs(901));
        QVERIFY2(pruned, why(pruned));
        QCOMPARE(pruned.value(), 1);
    }

    // Of several processes that see one request, the first makes its links; the others are
    // told they exist. A view link only shows the request: it is found, never redeemed, and
    // an answer does not void it.
    void aRequestGetsItsLinksOnce() {
        const auto db = fresh();
        ActionLinkStore links(db.get());
        const auto first = links.issueFor(1, 7, kT0, kT0.addSecs(900));
        QVERIFY2(first, why(first));
        QVERIFY(first->has_value());
        const ActionLinkSet set = **first;
        QCOMPARE(QSet<QString>({set.allow, set.deny, set.view}).size(), 3);
        const auto second = links.issueFor(1, 7, kT0.addSecs(1), kT0.addSecs(900));
        QVERIFY2(second, why(second));
        QVERIFY(!second->has_value());
        const Result<QString> again = links.issue(1, 7, LinkAction::Deny, kT0, kT0.addSecs(900));
        QVERIFY(!again);
        QCOMPARE(again.error().code, QStringLiteral("exists"));
        // The second call left nothing behind: three links.
        QSqlQuery q(db->connection());
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM action_links")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 3);

        const Result<ActionLink> view = links.find(set.view);
        QVERIFY2(view, why(view));
        QCOMPARE(view->action, LinkAction::View);
        QCOMPARE(view->approvalId, 7);
        const Result<ActionLink> viewRedeemed = links.redeem(set.view, kT0.addSecs(5), "link");
        QVERIFY(!viewRedeemed);
        QCOMPARE(viewRedeemed.error().code, QStringLiteral("invalid_argument"));

        QVERIFY(links.redeem(set.deny, kT0.addSecs(10), "link"));
        const Result<ActionLink> deny = links.find(set.deny);
        QVERIFY2(deny, why(deny));
        QCOMPARE(deny->usedAt, kT0.addSecs(10));
        QCOMPARE(deny->usedBy, QStringLiteral("link"));
        const Result<ActionLink> allow = links.find(set.allow);
        QVERIFY2(allow, why(allow));
        QVERIFY(allow->usedBy.startsWith(QStringLiteral("void:")));
        QVERIFY(!links.find(set.view)->usedAt.isValid());
        QCOMPARE(links.find(set.allow + QStringLiteral("x")).error().code,
                 QStringLiteral("not_found"));
    }

    // An alert gets one view link, which shows it and never answers anything.
    void anAlertGetsOneViewLink() {
        const auto db = fresh();
        ActionLinkStore links(db.get());
        const auto view = links.issueView(1, 42, kT0, kT0.addDays(7));
        QVERIFY2(view, why(view));
        QVERIFY(view->has_value());
        const auto again = links.issueView(1, 42, kT0, kT0.addDays(7));
        QVERIFY2(again, why(again));
        QVERIFY(!again->has_value());
        // An approval request with the same number is another thing.
        QVERIFY(links.issue(1, 42, LinkAction::View, kT0, kT0.addDays(1)));
        const Result<ActionLink> found = links.find(**view);
        QVERIFY2(found, why(found));
        QCOMPARE(found->inboxItemId, 42);
        QCOMPARE(found->approvalId, 0);
        QCOMPARE(found->action, LinkAction::View);
        QCOMPARE(links.redeem(**view, kT0.addSecs(1), "link").error().code,
                 QStringLiteral("invalid_argument"));
    }

    // A copy of the database gives no working link: the token is not in it, only its hash.
    void onlyTheHashIsStored() {
        const auto db = fresh();
        ActionLinkStore links(db.get());
        const Result<QString> token = links.issue(1, 7, LinkAction::Allow, kT0, kT0.addSecs(900));
        QVERIFY2(token, why(token));
        QSqlQuery q(db->connection());
        QVERIFY(q.exec(QStringLiteral("SELECT token_hash FROM action_links")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString(), ActionLinkStore::hash(token.value()));
        QVERIFY(!q.value(0).toString().contains(token.value()));
    }
};

QTEST_GUILESS_MAIN(TestActionLinks)
#include "test_action_links.moc"
