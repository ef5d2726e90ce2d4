// The Hosts page's model over a source that answers late and in any order (the server): a list
// older than the newest reload never wins, an action's answer after a reload is dropped, trust
// sends exactly the fingerprint checkKey showed, and failures are shown on their row. (The model
// against a real sshd over the local source: tests/integration/ssh/test_hosts_model.cpp.)
#include "dashboard/hosts_source.h"
#include "ui/hosts_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;

namespace {

// Keeps every request and its answer for the test to give.
class LateHostsSource final : public HostsSource {
public:
    struct Trust {
        QString alias;
        QString fingerprint;
        SourceReply<HostKeyCheck> done;
    };

    void hosts(QObject*, SourceReply<HostsList> done) override { lists.append(done); }
    void test(const QString& alias, QObject*, SourceReply<HostTestResult> done) override {
        testedAliases.append(alias);
        tests.append(done);
    }
    void checkKey(const QString&, QObject*, SourceReply<HostKeyCheck> done) override {
        checks.append(done);
    }
    void trust(const QString& alias, const QString& fingerprint, QObject*,
               SourceReply<HostKeyCheck> done) override {
        trusts.append({alias, fingerprint, done});
    }

    QList<SourceReply<HostsList>> lists;
    QStringList testedAliases;
    QList<SourceReply<HostTestResult>> tests;
    QList<SourceReply<HostKeyCheck>> checks;
    QList<Trust> trusts;
};

HostInfo host(const QString& alias, HostKeyState state = HostKeyState::Unknown) {
    HostInfo h;
    h.alias = alias;
    h.hostName = alias + QStringLiteral(".example.com");
    h.port = 22;
    h.user = QStringLiteral("deploy");
    h.knownHostsFile = QStringLiteral("/srv/zerg/known_hosts");
    h.keyState = state;
    return h;
}

HostsList list(const QList<HostInfo>& hosts, const QString& file = QStringLiteral("/srv/hosts")) {
    HostsList l;
    l.hostsFile = file;
    l.hosts = hosts;
    return l;
}

HostKeyCheck key(HostKeyState state, const QString& fingerprint = QStringLiteral("SHA256:abc")) {
    HostKeyCheck c;
    c.keyType = QStringLiteral("ssh-ed25519");
    c.fingerprint = fingerprint;
    c.state = state;
    c.knownHostsFile = QStringLiteral("/srv/zerg/known_hosts");
    return c;
}

QVariant cell(const HostsModel& m, int row, int role) {
    return m.data(m.index(row), role);
}

}  // namespace

class TestHostsPageModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void anOlderListNeverWins() {
        LateHostsSource source;
        HostsModel m(&source);
        QAbstractItemModelTester tester(&m);
        QSignalSpy fileChanged(&m, &HostsModel::hostsFileChanged);
        QCOMPARE(source.lists.size(), 1);
        m.reload();
        QCOMPARE(source.lists.size(), 2);

        source.lists.at(1)(list({host("web1", HostKeyState::Known), host("db1")}, "/new"));
        QCOMPARE(m.count(), 2);
        QCOMPARE(m.hostsFile(), QStringLiteral("/new"));
        QCOMPARE(fileChanged.count(), 1);
        source.lists.at(0)(list({host("old")}, "/old"));
        QCOMPARE(m.count(), 2);
        QCOMPARE(m.hostsFile(), QStringLiteral("/new"));
        QCOMPARE(cell(m, 0, HostsModel::AliasRole).toString(), QStringLiteral("web1"));
        QCOMPARE(cell(m, 0, HostsModel::KeyStateRole).toString(), QStringLiteral("known"));
        QCOMPARE(cell(m, 1, HostsModel::KeyStateRole).toString(), QStringLiteral("unknown"));
        QCOMPARE(cell(m, 0, HostsModel::TargetRole).toString(),
                 QStringLiteral("deploy@web1.example.com:22"));
    }

    void theFilesErrorAndAFailedRequestAreShown() {
        LateHostsSource source;
        HostsModel m(&source, nullptr, FirstLoad::WhenShown);
        QVERIFY(source.lists.isEmpty());
        QVERIFY(!m.loaded());
        m.ensureLoaded();
        HostsList missing = list({});
        missing.loadError = Error{QStringLiteral("hosts_file_missing"),
                                  QStringLiteral("The hosts file /srv/hosts does not exist.")};
        source.lists.takeFirst()(missing);
        QCOMPARE(m.loadError(), QStringLiteral("The hosts file /srv/hosts does not exist."));
        QCOMPARE(m.count(), 0);

        source.lists.clear();
        m.reload();
        source.lists.takeFirst()(list({host("web1")}));
        QVERIFY(m.loadError().isEmpty());
        m.reload();
        source.lists.takeFirst()(Error{QStringLiteral("not_connected"),
                                       QStringLiteral("Not connected to the Zerg server.")});
        QVERIFY2(m.loadError().contains(QStringLiteral("Not connected to the Zerg server.")),
                 qPrintable(m.loadError()));
        QCOMPARE(m.count(), 1);  // what was there stays
    }

    void anActionsAnswerAfterAReloadIsDropped() {
        LateHostsSource source;
        HostsModel m(&source);
        source.lists.takeFirst()(list({host("web1")}));
        m.checkKey(0);
        QVERIFY(cell(m, 0, HostsModel::BusyRole).toBool());
        m.checkKey(0);  // busy: not asked twice
        QCOMPARE(source.checks.size(), 1);
        m.testConnection(0);
        QCOMPARE(source.tests.size(), 0);

        m.reload();
        source.lists.takeFirst()(list({host("web1")}));
        QVERIFY(!cell(m, 0, HostsModel::BusyRole).toBool());
        source.checks.takeFirst()(key(HostKeyState::Unknown));
        QVERIFY(cell(m, 0, HostsModel::FingerprintRole).toString().isEmpty());
        QVERIFY(!cell(m, 0, HostsModel::CanTrustRole).toBool());
        QVERIFY(cell(m, 0, HostsModel::MessageRole).toString().isEmpty());
    }

    void trustSendsTheFingerprintThatWasShown() {
        LateHostsSource source;
        HostsModel m(&source);
        source.lists.takeFirst()(list({host("web1"), host("db1")}));
        m.trust(1);  // nothing checked yet: nothing to trust
        QVERIFY(source.trusts.isEmpty());

        m.checkKey(1);
        source.checks.takeFirst()(key(HostKeyState::Unknown, QStringLiteral("SHA256:seen")));
        QVERIFY(!cell(m, 1, HostsModel::BusyRole).toBool());
        QCOMPARE(cell(m, 1, HostsModel::FingerprintRole).toString(),
                 QStringLiteral("ssh-ed25519 SHA256:seen"));
        QVERIFY(cell(m, 1, HostsModel::CanTrustRole).toBool());
        QVERIFY(cell(m, 1, HostsModel::MessageOkRole).toBool());
        QVERIFY(cell(m, 1, HostsModel::MessageRole)
                    .toString()
                    .contains(QStringLiteral("ssh_host_ed25519_key.pub")));

        m.trust(1);
        QCOMPARE(source.trusts.size(), 1);
        QCOMPARE(source.trusts.first().alias, QStringLiteral("db1"));
        QCOMPARE(source.trusts.first().fingerprint, QStringLiteral("SHA256:seen"));
        QVERIFY(cell(m, 1, HostsModel::BusyRole).toBool());
        QVERIFY(!cell(m, 1, HostsModel::CanTrustRole).toBool());
        source.trusts.takeFirst().done(key(HostKeyState::Known, QStringLiteral("SHA256:seen")));
        QVERIFY(!cell(m, 1, HostsModel::BusyRole).toBool());
        QCOMPARE(cell(m, 1, HostsModel::KeyStateRole).toString(), QStringLiteral("known"));
        QVERIFY(cell(m, 1, HostsModel::MessageOkRole).toBool());
        QVERIFY(cell(m, 1, HostsModel::MessageRole).toString().contains(QStringLiteral("db1")));
        QCOMPARE(cell(m, 0, HostsModel::KeyStateRole).toString(), QStringLiteral("unknown"));
    }

    void aRefusedTrustIsShownAndNotOfferedAgain() {
        LateHostsSource source;
        HostsModel m(&source);
        source.lists.takeFirst()(list({host("web1")}));
        m.checkKey(0);
        source.checks.takeFirst()(key(HostKeyState::Unknown));
        m.trust(0);
        const QString refusal =
            QStringLiteral("The host key of web1 is not the one you checked. Check the key again.");
        source.trusts.takeFirst().done(Error{QStringLiteral("host_key_changed"), refusal});
        QCOMPARE(cell(m, 0, HostsModel::MessageRole).toString(), refusal);
        QVERIFY(!cell(m, 0, HostsModel::MessageOkRole).toBool());
        QVERIFY(!cell(m, 0, HostsModel::CanTrustRole).toBool());
        QCOMPARE(cell(m, 0, HostsModel::KeyStateRole).toString(), QStringLiteral("unknown"));
        m.trust(0);
        QVERIFY(source.trusts.isEmpty());
    }

    void aChangedKeyIsNeverOffered() {
        LateHostsSource source;
        HostsModel m(&source);
        source.lists.takeFirst()(list({host("web1", HostKeyState::Known)}));
        m.checkKey(0);
        HostKeyCheck changed = key(HostKeyState::Changed);
        changed.message = QStringLiteral("SECURITY WARNING: the host key of web1 HAS CHANGED.");
        source.checks.takeFirst()(changed);
        QCOMPARE(cell(m, 0, HostsModel::KeyStateRole).toString(), QStringLiteral("changed"));
        QCOMPARE(cell(m, 0, HostsModel::MessageRole).toString(), changed.message);
        QVERIFY(!cell(m, 0, HostsModel::MessageOkRole).toBool());
        QVERIFY(!cell(m, 0, HostsModel::CanTrustRole).toBool());
        m.trust(0);
        QVERIFY(source.trusts.isEmpty());
    }

    void aTestSaysWhatHappened() {
        LateHostsSource source;
        HostsModel m(&source);
        source.lists.takeFirst()(list({host("web1"), host("db1")}));
        m.testConnection(0);
        m.testConnection(1);
        QCOMPARE(source.testedAliases, (QStringList{"web1", "db1"}));
        QVERIFY(cell(m, 0, HostsModel::MessageRole)
                    .toString()
                    .startsWith(QStringLiteral("Connecting to deploy@web1.example.com:22")));

        // Answers in the other order, each on its own row.
        HostTestResult refused;
        refused.error = QStringLiteral("Could not connect to db1: Connection refused.");
        refused.errorCode = QStringLiteral("connect_failed");
        source.tests.at(1)(refused);
        QCOMPARE(cell(m, 1, HostsModel::MessageRole).toString(), refused.error);
        QVERIFY(!cell(m, 1, HostsModel::MessageOkRole).toBool());
        QVERIFY(cell(m, 0, HostsModel::BusyRole).toBool());
        HostTestResult ok;
        ok.ok = true;
        ok.elapsedMs = 42;
        source.tests.at(0)(ok);
        QVERIFY(!cell(m, 0, HostsModel::BusyRole).toBool());
        QVERIFY(cell(m, 0, HostsModel::MessageOkRole).toBool());
        QCOMPARE(cell(m, 0, HostsModel::MessageRole).toString(),
                 QStringLiteral("Connected and ran a command as deploy in 42 ms."));
        QCOMPARE(cell(m, 0, HostsModel::KeyStateRole).toString(), QStringLiteral("known"));
        QCOMPARE(cell(m, 1, HostsModel::KeyStateRole).toString(), QStringLiteral("unknown"));
    }
};

QTEST_GUILESS_MAIN(TestHostsPageModel)
#include "test_hosts_page_model.moc"
