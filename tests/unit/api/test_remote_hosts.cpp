// The Hosts page through `zerg serve`: RemoteHostsSource asks the server's `hosts`, `host_test`,
// `host_key` and `host_trust`, which act on the server's hosts file and known_hosts through its
// LocalHostsSource. What comes back equals what the local source gives, field by field; a host
// that refuses the connection fails the same way both ways; an unknown alias is not_found naming
// the hosts file; a trust is refused unless the host offers exactly the fingerprint given (with a
// real sshd when one is installed).
#include "remote_sources_fixture.h"
#include "sshd_fixture.h"

#include <QFile>
#include <QTcpServer>

using namespace zerg;
using namespace zerg::test;

namespace {

// GitHub's published ed25519 host key: a well-formed key for a known_hosts line.
const QString kSomeKey =
    u"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl"_s;

bool writeText(const QString& path, const QString& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.toUtf8()) >= 0;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A loopback port nothing listens on (taken, then given back).
quint16 closedPort() {
    QTcpServer server;
    if (!server.listen(QHostAddress::LocalHost, 0))
        qFatal("no free port");
    const quint16 port = server.serverPort();
    server.close();
    return port;
}

void compare(const HostsList& remote, const HostsList& local) {
    QCOMPARE(remote.hostsFile, local.hostsFile);
    QCOMPARE(remote.loadError.has_value(), local.loadError.has_value());
    if (local.loadError) {
        QCOMPARE(remote.loadError->code, local.loadError->code);
        QCOMPARE(remote.loadError->message, local.loadError->message);
    }
    QCOMPARE(remote.hosts.size(), local.hosts.size());
    for (qsizetype i = 0; i < local.hosts.size(); ++i) {
        const HostInfo& r = remote.hosts.at(i);
        const HostInfo& l = local.hosts.at(i);
        QCOMPARE(r.alias, l.alias);
        QCOMPARE(r.hostName, l.hostName);
        QCOMPARE(r.port, l.port);
        QCOMPARE(r.user, l.user);
        QCOMPARE(r.knownHostsFile, l.knownHostsFile);
        QCOMPARE(r.keyState, l.keyState);
    }
}

void compare(const HostKeyCheck& remote, const HostKeyCheck& local) {
    QCOMPARE(remote.keyType, local.keyType);
    QCOMPARE(remote.fingerprint, local.fingerprint);
    QCOMPARE(remote.state, local.state);
    QCOMPARE(remote.knownHostsFile, local.knownHostsFile);
    QCOMPARE(remote.message, local.message);
}

void compareErrors(const Result<HostKeyCheck>& remote, const Result<HostKeyCheck>& local) {
    QVERIFY(!local.ok());
    QVERIFY(!remote.ok());
    QCOMPARE(remote.error().code, local.error().code);
    QCOMPARE(remote.error().message, local.error().message);
}

}  // namespace

class TestRemoteHosts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theServersListEqualsTheLocalOne() {
        RemoteSourcesFixture f;
        const QString ownKnownHosts = f.dir.filePath(u"db1_known_hosts"_s);
        QVERIFY(writeText(f.hostsFile(),
                          u"Host web1\n"
                          "    HostName 192.0.2.10\n"
                          "    User deploy\n"
                          "Host db1\n"
                          "    HostName 192.0.2.11\n"
                          "    Port 2222\n"
                          "    User postgres\n"
                          "    UserKnownHostsFile %1\n"_s.arg(ownKnownHosts)));
        QVERIFY(writeText(f.knownHostsFile(), u"192.0.2.10 %1\n"_s.arg(kSomeKey)));

        const Result<HostsList> local = f.await<HostsList>(
            [&](QObject* c, auto done) { f.local->sources().hosts->hosts(c, done); });
        const Result<HostsList> remote = f.await<HostsList>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->hosts(c, done); });
        QVERIFY2(local.ok(), qPrintable(local ? QString() : local.error().message));
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().message));
        QCOMPARE(local->hostsFile, f.hostsFile());
        QVERIFY(!local->loadError);
        QCOMPARE(local->hosts.size(), 2);
        QCOMPARE(local->hosts.at(0).alias, u"web1"_s);
        QCOMPARE(local->hosts.at(0).keyState, HostKeyState::Known);
        QCOMPARE(local->hosts.at(0).knownHostsFile, f.knownHostsFile());
        QCOMPARE(local->hosts.at(1).port, 2222);
        QCOMPARE(local->hosts.at(1).keyState, HostKeyState::Unknown);
        QCOMPARE(local->hosts.at(1).knownHostsFile, ownKnownHosts);
        compare(remote.value(), local.value());
    }

    // Not an error of the request: the page shows the file and why it could not be read.
    void aMissingHostsFileIsExplainedBothWays() {
        RemoteSourcesFixture f;
        const Result<HostsList> local = f.await<HostsList>(
            [&](QObject* c, auto done) { f.local->sources().hosts->hosts(c, done); });
        const Result<HostsList> remote = f.await<HostsList>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->hosts(c, done); });
        QVERIFY(local.ok());
        QVERIFY(remote.ok());
        QVERIFY(local->loadError.has_value());
        QCOMPARE(local->loadError->code, u"hosts_file_missing"_s);
        QVERIFY(local->hosts.isEmpty());
        compare(remote.value(), local.value());
    }

    void aHostThatRefusesFailsTheSameWayBothWays() {
        RemoteSourcesFixture f;
        QVERIFY(writeText(f.hostsFile(),
                          u"Host closed\n"
                          "    HostName 127.0.0.1\n"
                          "    Port %1\n"
                          "    User nobody\n"_s.arg(closedPort())));

        const Result<HostTestResult> local = f.await<HostTestResult>(
            [&](QObject* c, auto done) { f.local->sources().hosts->test(u"closed"_s, c, done); });
        const Result<HostTestResult> remote = f.await<HostTestResult>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->test(u"closed"_s, c, done); });
        QVERIFY2(local.ok(), qPrintable(local ? QString() : local.error().message));
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().message));
        QVERIFY(!local->ok);
        QCOMPARE(local->errorCode, u"connect_failed"_s);
        QVERIFY2(local->error.contains(u"closed"_s), qPrintable(local->error));
        QCOMPARE(remote->ok, local->ok);
        QCOMPARE(remote->errorCode, local->errorCode);
        QCOMPARE(remote->error, local->error);
        QCOMPARE(remote->fingerprint, local->fingerprint);

        const Result<HostKeyCheck> localKey = f.await<HostKeyCheck>([&](QObject* c, auto done) {
            f.local->sources().hosts->checkKey(u"closed"_s, c, done);
        });
        const Result<HostKeyCheck> remoteKey = f.await<HostKeyCheck>([&](QObject* c, auto done) {
            f.remote->sources().hosts->checkKey(u"closed"_s, c, done);
        });
        compareErrors(remoteKey, localKey);
        QCOMPARE(localKey.error().code, u"connect_failed"_s);

        // Nothing to trust either, and nothing is written.
        const Result<HostKeyCheck> trusted = f.await<HostKeyCheck>([&](QObject* c, auto done) {
            f.remote->sources().hosts->trust(u"closed"_s, u"SHA256:abc"_s, c, done);
        });
        QVERIFY(!trusted.ok());
        QCOMPARE(trusted.error().code, u"connect_failed"_s);
        QVERIFY(!QFile::exists(f.knownHostsFile()));
    }

    void anUnknownAliasIsNotFoundAndTheFileNamed() {
        RemoteSourcesFixture f;
        QVERIFY(writeText(f.hostsFile(), u"Host web1\n    HostName 192.0.2.10\n"_s));
        const auto check = [&f](const Result<HostKeyCheck>& r) {
            QVERIFY(!r.ok());
            QCOMPARE(r.error().code, u"not_found"_s);
            QVERIFY2(r.error().message.contains(f.hostsFile()), qPrintable(r.error().message));
        };
        const Result<HostKeyCheck> localKey = f.await<HostKeyCheck>(
            [&](QObject* c, auto done) { f.local->sources().hosts->checkKey(u"nope"_s, c, done); });
        const Result<HostKeyCheck> remoteKey = f.await<HostKeyCheck>([&](QObject* c, auto done) {
            f.remote->sources().hosts->checkKey(u"nope"_s, c, done);
        });
        check(localKey);
        compareErrors(remoteKey, localKey);
        check(f.await<HostKeyCheck>([&](QObject* c, auto done) {
            f.remote->sources().hosts->trust(u"nope"_s, u"SHA256:abc"_s, c, done);
        }));
        const Result<HostTestResult> tested = f.await<HostTestResult>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->test(u"nope"_s, c, done); });
        QVERIFY(!tested.ok());
        QCOMPARE(tested.error().code, u"not_found"_s);
        QVERIFY(tested.error().message.contains(f.hostsFile()));
    }

    void badArgumentsAreRefusedAndNamed() {
        RemoteSourcesFixture f;
        const auto ask = [&f](const QString& op, const QJsonObject& args) {
            std::optional<Result<QJsonObject>> answer;
            f.client->request(op, args, nullptr,
                              [&answer](Result<QJsonObject> r) { answer = std::move(r); });
            if (!QTest::qWaitFor([&answer] { return answer.has_value(); }, 10'000))
                return Result<QJsonObject>(Error{u"timeout"_s, u"no answer"_s});
            return std::move(*answer);
        };
        const auto refused = [](const Result<QJsonObject>& r, const QString& argument) {
            QVERIFY(!r.ok());
            QCOMPARE(r.error().code, u"bad_request"_s);
            QVERIFY2(r.error().message.contains(argument), qPrintable(r.error().message));
        };
        refused(ask(u"host_test"_s, {}), u"alias"_s);
        refused(ask(u"host_key"_s, {{u"alias"_s, 7}}), u"alias"_s);
        refused(ask(u"host_trust"_s, {{u"alias"_s, u"web1"_s}}), u"fingerprint"_s);
        refused(ask(u"host_trust"_s, {{u"alias"_s, u"web1"_s}, {u"fingerprint"_s, u"abc"_s}}),
                u"fingerprint"_s);
    }

    // With a real sshd: the key read back is the server's, equal both ways; a fingerprint that is
    // not the one the host offers is refused and nothing is written; the right one is recorded.
    void trustRecordsOnlyTheFingerprintGiven() {
        qunsetenv("SSH_AUTH_SOCK");
        SshdFixture sshd;
        QString why;
        if (!sshd.available(&why))
            QSKIP(qPrintable(u"sshd fixture: "_s + why));
        QVERIFY2(sshd.start(&why), qPrintable(why));
        RemoteSourcesFixture f;
        QFile::remove(f.hostsFile());
        QVERIFY(QFile::copy(sshd.writeHostsFile(u"box"_s, f.knownHostsFile()), f.hostsFile()));

        const Result<HostKeyCheck> local = f.await<HostKeyCheck>(
            [&](QObject* c, auto done) { f.local->sources().hosts->checkKey(u"box"_s, c, done); });
        const Result<HostKeyCheck> remote = f.await<HostKeyCheck>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->checkKey(u"box"_s, c, done); });
        QVERIFY2(local.ok(), qPrintable(local ? QString() : local.error().message));
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().message));
        QCOMPARE(local->fingerprint, sshd.hostKeyFingerprint());
        QCOMPARE(local->keyType, u"ssh-ed25519"_s);
        QCOMPARE(local->state, HostKeyState::Unknown);
        compare(remote.value(), local.value());

        const Result<HostKeyCheck> wrong = f.await<HostKeyCheck>([&](QObject* c, auto done) {
            f.remote->sources().hosts->trust(u"box"_s, u"SHA256:not-this-one"_s, c, done);
        });
        QVERIFY(!wrong.ok());
        QCOMPARE(wrong.error().code, u"host_key_changed"_s);
        QVERIFY2(wrong.error().message.contains(sshd.hostKeyFingerprint()),
                 qPrintable(wrong.error().message));
        QVERIFY(readAll(f.knownHostsFile()).isEmpty());

        const Result<HostKeyCheck> trusted = f.await<HostKeyCheck>([&](QObject* c, auto done) {
            f.remote->sources().hosts->trust(u"box"_s, sshd.hostKeyFingerprint(), c, done);
        });
        QVERIFY2(trusted.ok(), qPrintable(trusted ? QString() : trusted.error().message));
        QCOMPARE(trusted->state, HostKeyState::Known);
        QCOMPARE(trusted->fingerprint, sshd.hostKeyFingerprint());
        QVERIFY(readAll(f.knownHostsFile())
                    .contains(u"[127.0.0.1]:%1 ssh-ed25519 "_s.arg(sshd.port()).toUtf8()));

        const Result<HostsList> list = f.await<HostsList>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->hosts(c, done); });
        QVERIFY(list.ok());
        QCOMPARE(list->hosts.size(), 1);
        QCOMPARE(list->hosts.first().keyState, HostKeyState::Known);
    }
};

QTEST_GUILESS_MAIN(TestRemoteHosts)
#include "test_remote_hosts.moc"
