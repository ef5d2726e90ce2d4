// The dashboard's Hosts page model over the local source against a real sshd: a test connection
// fails on an unknown key with the worker's own advice, checkKey shows the real fingerprint, trust
// records it, the next test logs in; a changed key is reported and cannot be trusted; a missing
// file is explained.
#include "core/clock.h"
#include "core/settings.h"
#include "dashboard/hosts_source.h"
#include "sshd_fixture.h"
#include "ui/hosts_model.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::SshdFixture;

namespace {

constexpr int kWaitMs = 60000;
const QString kAlias = QStringLiteral("box");

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QVariant cell(const HostsModel& m, int role) {
    return m.data(m.index(0), role);
}

}  // namespace

class TestHostsModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        qunsetenv("SSH_AUTH_SOCK");
        QString why;
        if (!m_sshd.available(&why))
            QSKIP(qPrintable(QStringLiteral("sshd fixture: ") + why));
        QString error;
        QVERIFY2(m_sshd.start(&error), qPrintable(error));
        QVERIFY(m_tmp.isValid());
    }

    void init() {
        m_knownHosts = m_tmp.filePath(QStringLiteral("known_hosts_%1").arg(++m_round));
        m_settings.hostsFile = m_sshd.writeHostsFile(kAlias, m_knownHosts);
        m_settings.knownHostsFile = m_tmp.filePath(QStringLiteral("default_known_hosts"));
    }

    void unknownKeyThenCheckThenTrustThenConnect() {
        LocalHostsSource source(m_settings, &m_clock);
        HostsModel m(&source);
        QCOMPARE(m.count(), 1);
        QVERIFY(m.loadError().isEmpty());
        QCOMPARE(cell(m, HostsModel::AliasRole).toString(), kAlias);
        QCOMPARE(cell(m, HostsModel::TargetRole).toString(),
                 QStringLiteral("%1@127.0.0.1:%2").arg(m_sshd.userName()).arg(m_sshd.port()));
        QCOMPARE(cell(m, HostsModel::KeyStateRole).toString(), QStringLiteral("unknown"));

        // A worker would be refused; so is the test, with the same advice.
        m.testConnection(0);
        QVERIFY(cell(m, HostsModel::BusyRole).toBool());
        QTRY_VERIFY_WITH_TIMEOUT(!cell(m, HostsModel::BusyRole).toBool(), kWaitMs);
        QVERIFY(!cell(m, HostsModel::MessageOkRole).toBool());
        QVERIFY2(cell(m, HostsModel::MessageRole)
                     .toString()
                     .contains(QStringLiteral("zerg hosts trust %1").arg(kAlias)),
                 qPrintable(cell(m, HostsModel::MessageRole).toString()));

        m.checkKey(0);
        QTRY_VERIFY_WITH_TIMEOUT(!cell(m, HostsModel::BusyRole).toBool(), kWaitMs);
        QVERIFY2(cell(m, HostsModel::FingerprintRole)
                     .toString()
                     .endsWith(QStringLiteral("ssh-ed25519 ") + m_sshd.hostKeyFingerprint()),
                 qPrintable(cell(m, HostsModel::FingerprintRole).toString()));
        QCOMPARE(cell(m, HostsModel::KeyStateRole).toString(), QStringLiteral("unknown"));
        QVERIFY(cell(m, HostsModel::CanTrustRole).toBool());
        QVERIFY(!QFile::exists(m_knownHosts));  // nothing recorded before the user says so

        m.trust(0);
        QTRY_VERIFY_WITH_TIMEOUT(!cell(m, HostsModel::BusyRole).toBool(), kWaitMs);
        QVERIFY2(cell(m, HostsModel::MessageOkRole).toBool(),
                 qPrintable(cell(m, HostsModel::MessageRole).toString()));
        QCOMPARE(cell(m, HostsModel::KeyStateRole).toString(), QStringLiteral("known"));
        QVERIFY(!cell(m, HostsModel::CanTrustRole).toBool());
        QVERIFY(readAll(m_knownHosts)
                    .contains(
                        QStringLiteral("[127.0.0.1]:%1 ssh-ed25519 ").arg(m_sshd.port()).toUtf8()));

        m.testConnection(0);
        QTRY_VERIFY_WITH_TIMEOUT(!cell(m, HostsModel::BusyRole).toBool(), kWaitMs);
        QVERIFY2(cell(m, HostsModel::MessageOkRole).toBool(),
                 qPrintable(cell(m, HostsModel::MessageRole).toString()));
        QVERIFY(
            cell(m, HostsModel::MessageRole).toString().startsWith(QStringLiteral("Connected")));

        // A reloaded list knows the key from the file.
        m.reload();
        QCOMPARE(cell(m, HostsModel::KeyStateRole).toString(), QStringLiteral("known"));
    }

    void changedKeyIsReportedAndCannotBeTrusted() {
        QVERIFY(QFile::copy(m_sshd.wrongKnownHostsPath(), m_knownHosts));
        const QByteArray before = readAll(m_knownHosts);
        LocalHostsSource source(m_settings, &m_clock);
        HostsModel m(&source);
        m.checkKey(0);
        QTRY_VERIFY_WITH_TIMEOUT(!cell(m, HostsModel::BusyRole).toBool(), kWaitMs);
        QCOMPARE(cell(m, HostsModel::KeyStateRole).toString(), QStringLiteral("changed"));
        QVERIFY(!cell(m, HostsModel::MessageOkRole).toBool());
        QVERIFY2(cell(m, HostsModel::MessageRole).toString().contains(QStringLiteral("SECURITY")),
                 qPrintable(cell(m, HostsModel::MessageRole).toString()));
        QVERIFY(!cell(m, HostsModel::CanTrustRole).toBool());
        m.trust(0);  // refused: nothing pending
        QVERIFY(!cell(m, HostsModel::BusyRole).toBool());
        QCOMPARE(readAll(m_knownHosts), before);
    }

    void missingHostsFileIsExplained() {
        m_settings.hostsFile = m_tmp.filePath(QStringLiteral("no_such_hosts"));
        LocalHostsSource source(m_settings, &m_clock);
        HostsModel m(&source);
        QCOMPARE(m.count(), 0);
        QVERIFY2(m.loadError().contains(QStringLiteral("does not exist")),
                 qPrintable(m.loadError()));
        QVERIFY(m.loadError().contains(QStringLiteral("Host web1")));  // how to write one
        m.testConnection(0);                                           // out of range: ignored
        m.checkKey(-1);
    }

private:
    SshdFixture m_sshd;
    QTemporaryDir m_tmp;
    SystemClock m_clock;
    Settings m_settings;
    QString m_knownHosts;
    int m_round = 0;
};

QTEST_GUILESS_MAIN(TestHostsModel)
#include "test_hosts_model.moc"
