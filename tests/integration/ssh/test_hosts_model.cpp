// The dashboard's Hosts page model over the local source against a real sshd: a test connection
// fails on an unknown key with the worker's own advice, checkKey shows the real fingerprint, trust
// records it, the next test logs in; a changed key is reported and cannot be trusted; a missing
// file is explained. Hosts added, edited, removed and imported from the page: an added host is
// checked, trusted and logged in to in one flow; a bad alias is refused with the editor's words.
#include "core/clock.h"
#include "core/settings.h"
#include "dashboard/hosts_source.h"
#include "sshd_fixture.h"
#include "ui/hosts_model.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

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
            QFAIL(qPrintable(QStringLiteral("sshd fixture: %1; run scripts/setup").arg(why)));
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

    void addedHostIsCheckedTrustedAndTestedInOneFlow() {
        m_settings.hostsFile = m_tmp.filePath(QStringLiteral("new/hosts_%1").arg(m_round));
        LocalHostsSource source(m_settings, &m_clock);
        HostsModel m(&source);
        QCOMPARE(m.count(), 0);
        QSignalSpy saved(&m, &HostsModel::hostSaved);
        QVariantMap form{
            {QStringLiteral("alias"), QStringLiteral("newbox")},
            {QStringLiteral("host"), QStringLiteral("127.0.0.1")},
            {QStringLiteral("port"), QString::number(m_sshd.port())},
            {QStringLiteral("user"), m_sshd.userName()},
            {QStringLiteral("keyFile"),
             QUrl::fromLocalFile(m_sshd.userKeyPath()).toString()},  // as the picker gives it
            {QStringLiteral("knownHosts"), m_knownHosts}};
        QVERIFY(m.saveHost(QString(), form));
        QTRY_COMPARE(saved.size(), 1);
        QVERIFY2(m.editError().isEmpty(), qPrintable(m.editError()));
        QCOMPARE(m.notice(), QStringLiteral("Added newbox."));
        QTRY_COMPARE(m.count(), 1);
        QVERIFY(readAll(m_settings.hostsFile).contains("Host newbox"));
        QVERIFY(readAll(m_settings.hostsFile).contains(m_sshd.userKeyPath().toUtf8()));

        // The flow: the key is fetched at once; it is unknown, so it waits for trust, after which
        // the login is tested without another click.
        QTRY_VERIFY_WITH_TIMEOUT(cell(m, HostsModel::CanTrustRole).toBool(), kWaitMs);
        QVERIFY(!cell(m, HostsModel::BusyRole).toBool());
        QVERIFY(
            cell(m, HostsModel::FingerprintRole).toString().endsWith(m_sshd.hostKeyFingerprint()));
        m.trust(0);
        QTRY_VERIFY_WITH_TIMEOUT(
            cell(m, HostsModel::MessageRole).toString().startsWith(QStringLiteral("Connected")),
            kWaitMs);
        QVERIFY(cell(m, HostsModel::MessageOkRole).toBool());
        QCOMPARE(cell(m, HostsModel::KeyStateRole).toString(), QStringLiteral("known"));

        // Edit: renamed, the settings kept; the form gets what the file says.
        QVariantMap edited = m.settingsOf(0);
        QCOMPARE(edited.value(QStringLiteral("alias")).toString(), QStringLiteral("newbox"));
        QCOMPARE(edited.value(QStringLiteral("keyFile")).toString(), m_sshd.userKeyPath());
        edited.insert(QStringLiteral("alias"), QStringLiteral("renamed"));
        QVERIFY(m.saveHost(QStringLiteral("newbox"), edited));
        QTRY_COMPARE(cell(m, HostsModel::AliasRole).toString(), QStringLiteral("renamed"));
        QCOMPARE(m.count(), 1);
        QVERIFY(!readAll(m_settings.hostsFile).contains("newbox"));
        // A known key: the flow goes straight on to the login.
        QTRY_VERIFY_WITH_TIMEOUT(
            cell(m, HostsModel::MessageRole).toString().startsWith(QStringLiteral("Connected")),
            kWaitMs);

        // Refused with the editor's words; nothing written.
        const QByteArray before = readAll(m_settings.hostsFile);
        form.insert(QStringLiteral("alias"), QStringLiteral("two words"));
        QVERIFY(m.saveHost(QString(), form));
        QVERIFY(!m.saving());
        QVERIFY2(m.editError().contains(QStringLiteral("two words")), qPrintable(m.editError()));
        form.insert(QStringLiteral("port"), QStringLiteral("22a"));
        QVERIFY(!m.saveHost(QString(), form));
        QVERIFY(m.editError().contains(QStringLiteral("22a")));
        QCOMPARE(readAll(m_settings.hostsFile), before);

        m.removeHost(0);
        QTRY_COMPARE(m.count(), 0);
        QVERIFY2(m.editError().isEmpty(), qPrintable(m.editError()));
        QVERIFY(!readAll(m_settings.hostsFile).contains("renamed"));
    }

    void importedFromTheSshConfigWithAChecklist() {
        QTemporaryDir home;
        const QByteArray oldHome = qgetenv("HOME");
        qputenv("HOME", home.path().toUtf8());
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral(".ssh")));
        QFile config(home.filePath(QStringLiteral(".ssh/config")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(QStringLiteral("Host %1\n  HostName 127.0.0.1\n  Port %2\n"
                                    "Host fresh\n  HostName 127.0.0.1\n  Port %2\n  User %3\n"
                                    "  IdentityFile %4\n")
                         .arg(kAlias)
                         .arg(m_sshd.port())
                         .arg(m_sshd.userName(), m_sshd.userKeyPath())
                         .toUtf8());
        config.close();
        LocalHostsSource source(m_settings, &m_clock);
        HostsModel m(&source);
        m.loadImportCandidates();
        QTRY_VERIFY(!m.importLoading());
        qputenv("HOME", oldHome);
        QVERIFY2(m.importError().isEmpty(), qPrintable(m.importError()));
        const QVariantList candidates = m.importCandidates();
        QCOMPARE(candidates.size(), 2);
        QCOMPARE(candidates.at(0).toMap().value(QStringLiteral("alias")).toString(), kAlias);
        QVERIFY(candidates.at(0).toMap().value(QStringLiteral("allowed")).toBool());
        QCOMPARE(candidates.at(1).toMap().value(QStringLiteral("alias")).toString(),
                 QStringLiteral("fresh"));
        QVERIFY(!candidates.at(1).toMap().value(QStringLiteral("allowed")).toBool());
        QVERIFY(m.importSource().endsWith(QStringLiteral(".ssh/config")));

        qputenv("HOME", home.path().toUtf8());
        m.importHosts({QStringLiteral("fresh")});
        qputenv("HOME", oldHome);
        QTRY_COMPARE(m.count(), 2);
        QVERIFY2(m.notice().contains(QStringLiteral("fresh")), qPrintable(m.notice()));
        QVERIFY(readAll(m_settings.hostsFile).contains("Host fresh"));
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
