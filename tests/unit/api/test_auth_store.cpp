// AuthStore: device secrets exchanged for session tokens, expiry, revocation, hashes only.
#include "postgres_fixture.h"
#include "storage/auth_store.h"
#include "storage/database.h"
#include "why.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::why;

namespace {

const QDateTime kT0(QDate(2026, 11, 1), QTime(9, 0), Qt::UTC);

}  // namespace

class TestAuthStore : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    int m_count = 0;

private Q_SLOTS:
    void init() {
        m_db.reset();
        // A fresh database per test: on PostgreSQL (ZERG_TEST_DB=postgres) one per path.
        auto db = test::openTestDatabase(
            m_dir.filePath(QStringLiteral("zerg-%1.db").arg(++m_count)), kT0);
        QVERIFY2(db, why(db).constData());
        m_db = std::move(db).value();
    }

    void secretExchangedForASevenDayToken() {
        AuthStore auth(m_db.get());
        qint64 deviceId = 0;
        const auto secret = auth.addDevice(2, QStringLiteral("laptop"), kT0, &deviceId);
        QVERIFY2(secret, why(secret).constData());
        QVERIFY(secret->size() >= 40);
        QVERIFY(deviceId > 0);

        const auto session = auth.login(secret.value(), kT0);
        QVERIFY2(session, why(session).constData());
        QCOMPARE(session->ownerId, 2);
        QCOMPARE(session->deviceId, deviceId);
        QCOMPARE(session->expiresAt, kT0.addDays(7));
        QVERIFY(!session->token.isEmpty());
        QVERIFY(session->token != secret.value());

        const auto checked = auth.check(session->token, kT0.addDays(6));
        QVERIFY2(checked, why(checked).constData());
        QCOMPARE(checked->ownerId, 2);
        QVERIFY(checked->token.isEmpty());  // never handed out again

        const auto expired = auth.check(session->token, kT0.addDays(7));
        QVERIFY(!expired);
        QCOMPARE(expired.error().code, QStringLiteral("auth_failed"));
        QVERIFY(expired.error().message.contains(QStringLiteral("expired")));
    }

    void unknownSecretOrTokenFails() {
        AuthStore auth(m_db.get());
        QVERIFY(auth.addDevice(1, QStringLiteral("phone"), kT0));
        const auto login = auth.login(QStringLiteral("zd_not-a-secret"), kT0);
        QVERIFY(!login);
        QCOMPARE(login.error().code, QStringLiteral("auth_failed"));
        const auto check = auth.check(QStringLiteral("zt_not-a-token"), kT0);
        QVERIFY(!check);
        QCOMPARE(check.error().code, QStringLiteral("auth_failed"));
    }

    void onlyHashesAreStored() {
        AuthStore auth(m_db.get());
        const auto secret = auth.addDevice(1, QStringLiteral("laptop"), kT0);
        QVERIFY(secret);
        const auto session = auth.login(secret.value(), kT0);
        QVERIFY(session);
        QSqlQuery q(m_db->connection());
        QVERIFY(q.exec(QStringLiteral(
            "SELECT d.secret_hash, t.token_hash FROM api_devices d JOIN api_tokens t "
            "ON t.device_id = d.id")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toString(), AuthStore::hash(secret.value()));
        QCOMPARE(q.value(1).toString(), AuthStore::hash(session->token));
        QVERIFY(!q.value(0).toString().contains(secret.value()));
    }

    void revokingATokenEndsOnlyThatSession() {
        AuthStore auth(m_db.get());
        const auto secret = auth.addDevice(1, QStringLiteral("laptop"), kT0);
        QVERIFY(secret);
        const auto a = auth.login(secret.value(), kT0);
        const auto b = auth.login(secret.value(), kT0);
        QVERIFY(a && b);
        QVERIFY(auth.revokeToken(a->token, kT0));
        const auto checkA = auth.check(a->token, kT0);
        QVERIFY(!checkA);
        QVERIFY(checkA.error().message.contains(QStringLiteral("revoked")));
        QVERIFY(auth.check(b->token, kT0));
        QVERIFY(!auth.revokeToken(a->token, kT0));  // already revoked
    }

    void revokingADeviceEndsItsTokensAndLogins() {
        AuthStore auth(m_db.get());
        qint64 laptop = 0;
        const auto secret = auth.addDevice(1, QStringLiteral("laptop"), kT0, &laptop);
        const auto other = auth.addDevice(1, QStringLiteral("phone"), kT0);
        QVERIFY(secret && other);
        const auto session = auth.login(secret.value(), kT0);
        const auto otherSession = auth.login(other.value(), kT0);
        QVERIFY(session && otherSession);

        auto devices = auth.listDevices(kT0);
        QVERIFY(devices);
        QCOMPARE(devices->size(), 2);
        QCOMPARE(devices->at(0).activeTokens, 1);
        QVERIFY(devices->at(0).lastUsedAt.isValid());

        QVERIFY(auth.revokeDevice(laptop, kT0.addSecs(60)));
        QVERIFY(!auth.check(session->token, kT0.addSecs(61)));
        QVERIFY(!auth.login(secret.value(), kT0.addSecs(61)));
        QVERIFY(auth.check(otherSession->token, kT0.addSecs(61)));

        devices = auth.listDevices(kT0.addSecs(61));
        QVERIFY(devices);
        QCOMPARE(devices->at(0).name, QStringLiteral("phone"));  // active first
        QCOMPARE(devices->at(1).name, QStringLiteral("laptop"));
        QVERIFY(devices->at(1).revokedAt.isValid());
        QCOMPARE(devices->at(1).activeTokens, 0);

        const Status missing = auth.revokeDevice(999, kT0);
        QVERIFY(!missing);
        QCOMPARE(missing.error().code, QStringLiteral("not_found"));
    }

    void deviceNeedsAName() {
        AuthStore auth(m_db.get());
        const auto r = auth.addDevice(1, QStringLiteral("  "), kT0);
        QVERIFY(!r);
        QCOMPARE(r.error().code, QStringLiteral("invalid_argument"));
    }
};

QTEST_GUILESS_MAIN(TestAuthStore)
#include "test_auth_store.moc"
