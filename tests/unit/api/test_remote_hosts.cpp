// The Hosts page through `zerg serve`: RemoteHostsSource asks the server's `hosts`, `host_test`,
// `host_key`, `host_trust` and the edits `host_add`, `host_update`, `host_remove`,
// `host_import_candidates`, `host_import`, which act on the server's hosts file, known_hosts and
// ~/.ssh/config through its LocalHostsSource. What comes back equals what the local source gives,
// field by field; a host that refuses the connection fails the same way both ways; an unknown
// alias is not_found naming the hosts file; a trust is refused unless the host offers exactly the
// fingerprint given (with a real sshd when one is installed); edits keep the rest of the file and
// are refused with the same code and message both ways.
#include "remote_sources_fixture.h"
#include "sshd_fixture.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
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
        QCOMPARE(r.settings.alias, l.settings.alias);
        QCOMPARE(r.settings.hostName, l.settings.hostName);
        QCOMPARE(r.settings.port, l.settings.port);
        QCOMPARE(r.settings.user, l.settings.user);
        QCOMPARE(r.settings.identityFiles, l.settings.identityFiles);
        QCOMPARE(r.settings.knownHostsFile, l.settings.knownHostsFile);
    }
}

template <typename T>
void compareErrors(const Result<T>& remote, const Result<T>& local, const QString& code) {
    QVERIFY(!local.ok());
    QVERIFY(!remote.ok());
    QCOMPARE(local.error().code, code);
    QCOMPARE(remote.error().code, local.error().code);
    QCOMPARE(remote.error().message, local.error().message);
}

HostEntry entry(const QString& alias, const QString& host, int port = 22,
                const QStringList& keys = {}) {
    HostEntry e;
    e.alias = alias;
    e.hostName = host;
    e.port = port;
    e.user = u"deploy"_s;
    e.identityFiles = keys;
    return e;
}

// Points HOME (where ~/.ssh/config is read) at a folder for the life of this object.
class HomeAt {
public:
    explicit HomeAt(const QString& home) : m_old(qgetenv("HOME")) {
        qputenv("HOME", home.toUtf8());
    }
    ~HomeAt() { qputenv("HOME", m_old); }
    HomeAt(const HomeAt&) = delete;
    HomeAt& operator=(const HomeAt&) = delete;

private:
    QByteArray m_old;
};

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
        // The edit form's settings: the host's own known_hosts only, not the default.
        QCOMPARE(local->hosts.at(0).settings.knownHostsFile, QString());
        QCOMPARE(local->hosts.at(1).settings.knownHostsFile, ownKnownHosts);
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
        refused(ask(u"host_add"_s, {{u"alias"_s, u"web2"_s}}), u"host"_s);
        refused(ask(u"host_add"_s, {{u"alias"_s, u"web2"_s},
                                    {u"host"_s, u"192.0.2.20"_s},
                                    {u"identity_files"_s, u"/keys/a"_s}}),
                u"identity_files"_s);
        refused(ask(u"host_update"_s, {{u"host"_s, u"192.0.2.20"_s}}), u"alias"_s);
        refused(ask(u"host_remove"_s, {}), u"alias"_s);
        refused(ask(u"host_import"_s, {}), u"aliases"_s);
        // An empty choice: the source's invalid_argument, as the API's bad_request.
        const Result<QJsonObject> none = ask(u"host_import"_s, {{u"aliases"_s, QJsonArray()}});
        QVERIFY(!none.ok());
        QCOMPARE(none.error().code, u"bad_request"_s);
        QVERIFY(!QFile::exists(f.hostsFile()));
    }

    // Add, rename and remove through the server: the server's file changes, what the user wrote
    // around the block stays, and the list read back equals the local one.
    void editsThroughTheServerChangeTheServersFile() {
        RemoteSourcesFixture f;
        const QString text =
            u"# the shop\n"
            "Host web1\n"
            "    HostName 192.0.2.10\n"
            "    User deploy\n"
            "    ForwardAgent no\n"_s;
        QVERIFY(writeText(f.hostsFile(), text));

        const Result<Ok> added = f.await<Ok>([&](QObject* c, auto done) {
            f.remote->sources().hosts->addHost(
                entry(u"web2"_s, u"192.0.2.20"_s, 2222, {u"/keys/web2"_s, u" "_s}), c, done);
        });
        QVERIFY2(added.ok(), qPrintable(added ? QString() : added.error().message));
        QCOMPARE(QString::fromUtf8(readAll(f.hostsFile())),
                 text +
                     u"\nHost web2\n    HostName 192.0.2.20\n    Port 2222\n    User deploy\n"
                     "    IdentityFile /keys/web2\n"_s);

        Result<HostsList> remote = f.await<HostsList>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->hosts(c, done); });
        Result<HostsList> local = f.await<HostsList>(
            [&](QObject* c, auto done) { f.local->sources().hosts->hosts(c, done); });
        QVERIFY(remote.ok() && local.ok());
        compare(remote.value(), local.value());
        QCOMPARE(remote->hosts.size(), 2);
        QCOMPARE(remote->hosts.at(1).settings.identityFiles, QStringList{u"/keys/web2"_s});

        // The edit form gives back what the list gave, one value changed, under a new name.
        HostEntry edited = remote->hosts.at(1).settings;
        edited.alias = u"web3"_s;
        edited.port = 2200;
        const Result<Ok> updated = f.await<Ok>([&](QObject* c, auto done) {
            f.remote->sources().hosts->updateHost(u"web2"_s, edited, c, done);
        });
        QVERIFY2(updated.ok(), qPrintable(updated ? QString() : updated.error().message));
        QCOMPARE(QString::fromUtf8(readAll(f.hostsFile())),
                 text +
                     u"\nHost web3\n    HostName 192.0.2.20\n    Port 2200\n    User deploy\n"
                     "    IdentityFile /keys/web2\n"_s);

        const Result<Ok> removed = f.await<Ok>([&](QObject* c, auto done) {
            f.remote->sources().hosts->removeHost(u"web3"_s, c, done);
        });
        QVERIFY2(removed.ok(), qPrintable(removed ? QString() : removed.error().message));
        QCOMPARE(QString::fromUtf8(readAll(f.hostsFile())), text);
    }

    void refusedEditsSayTheSameBothWays() {
        RemoteSourcesFixture f;
        const QString text =
            u"Host web1 web1.prod\n    HostName 192.0.2.10\n"
            "Host db1\n    HostName 192.0.2.11\n"_s;
        QVERIFY(writeText(f.hostsFile(), text));
        const auto add = [&f](HostsSource* source, const HostEntry& e) {
            return f.await<Ok>([&](QObject* c, auto done) { source->addHost(e, c, done); });
        };
        const auto remove = [&f](HostsSource* source, const QString& alias) {
            return f.await<Ok>([&](QObject* c, auto done) { source->removeHost(alias, c, done); });
        };
        HostsSource* local = f.local->sources().hosts;
        HostsSource* remote = f.remote->sources().hosts;

        compareErrors(add(remote, entry(u"db1"_s, u"192.0.2.20"_s)),
                      add(local, entry(u"db1"_s, u"192.0.2.20"_s)), u"host_exists"_s);
        compareErrors(add(remote, entry(u"web*"_s, u"192.0.2.20"_s)),
                      add(local, entry(u"web*"_s, u"192.0.2.20"_s)), u"host_invalid"_s);
        compareErrors(add(remote, entry(u"web2"_s, u"192.0.2.20"_s, 0)),
                      add(local, entry(u"web2"_s, u"192.0.2.20"_s, 0)), u"host_invalid"_s);
        compareErrors(remove(remote, u"nope"_s), remove(local, u"nope"_s), u"host_not_found"_s);
        const Result<Ok> shared = remove(remote, u"web1"_s);
        compareErrors(shared, remove(local, u"web1"_s), u"host_shared_block"_s);
        QVERIFY2(shared.error().message.contains(f.hostsFile()),
                 qPrintable(shared.error().message));
        compareErrors(f.await<Ok>([&](QObject* c, auto done) {
            remote->updateHost(u"db1"_s, entry(u"web1.prod"_s, u"192.0.2.11"_s), c, done);
        }),
                      f.await<Ok>([&](QObject* c, auto done) {
                          local->updateHost(u"db1"_s, entry(u"web1.prod"_s, u"192.0.2.11"_s), c,
                                            done);
                      }),
                      u"host_exists"_s);
        QCOMPARE(QString::fromUtf8(readAll(f.hostsFile())), text);
    }

    // The checklist and the import read the server's ~/.ssh/config, not the client's.
    void importReadsTheServersSshConfig() {
        RemoteSourcesFixture f;
        const QString home = f.dir.filePath(u"home"_s);
        QVERIFY(QDir().mkpath(home + u"/.ssh"_s));
        QVERIFY(writeText(home + u"/.ssh/config"_s,
                          u"Host web1\n    HostName 192.0.2.10\n    User deploy\n"
                          "Host db\n    HostName db.internal\n    Port 2222\n"
                          "Host *\n    User ops\n"_s));
        QVERIFY(writeText(f.hostsFile(), u"Host web1\n    HostName 192.0.2.10\n"_s));
        const HomeAt homeAt(home);

        const Result<HostImportList> remote = f.await<HostImportList>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->importCandidates(c, done); });
        const Result<HostImportList> local = f.await<HostImportList>(
            [&](QObject* c, auto done) { f.local->sources().hosts->importCandidates(c, done); });
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().message));
        QVERIFY(local.ok());
        QCOMPARE(remote->sshConfigFile, home + u"/.ssh/config"_s);
        QCOMPARE(remote->sshConfigFile, local->sshConfigFile);
        QCOMPARE(remote->hosts.size(), 2);
        QCOMPARE(remote->hosts.size(), local->hosts.size());
        for (qsizetype i = 0; i < local->hosts.size(); ++i) {
            QCOMPARE(remote->hosts.at(i).entry.target(), local->hosts.at(i).entry.target());
            QCOMPARE(remote->hosts.at(i).allowed, local->hosts.at(i).allowed);
        }
        QCOMPARE(remote->hosts.at(0).entry.alias, u"web1"_s);
        QVERIFY(remote->hosts.at(0).allowed);
        QCOMPARE(remote->hosts.at(1).entry.target(), u"ops@db.internal:2222"_s);
        QVERIFY(!remote->hosts.at(1).allowed);

        const Result<QStringList> imported = f.await<QStringList>([&](QObject* c, auto done) {
            f.remote->sources().hosts->importHosts({u"db"_s}, c, done);
        });
        QVERIFY2(imported.ok(), qPrintable(imported ? QString() : imported.error().message));
        QCOMPARE(imported.value(), QStringList{u"db"_s});
        const Result<HostsList> list = f.await<HostsList>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->hosts(c, done); });
        QCOMPARE(list->hosts.size(), 2);
        QCOMPARE(list->hosts.at(1).target(), u"ops@db.internal:2222"_s);

        // Already there now; and an alias the config does not define.
        compareErrors(f.await<QStringList>([&](QObject* c, auto done) {
            f.remote->sources().hosts->importHosts({u"db"_s}, c, done);
        }),
                      f.await<QStringList>([&](QObject* c, auto done) {
                          f.local->sources().hosts->importHosts({u"db"_s}, c, done);
                      }),
                      u"import_already_allowed"_s);
        compareErrors(f.await<QStringList>([&](QObject* c, auto done) {
            f.remote->sources().hosts->importHosts({u"nope"_s}, c, done);
        }),
                      f.await<QStringList>([&](QObject* c, auto done) {
                          f.local->sources().hosts->importHosts({u"nope"_s}, c, done);
                      }),
                      u"import_unknown_alias"_s);
    }

    void withoutAnSshConfigThereIsNothingToImport() {
        RemoteSourcesFixture f;
        const HomeAt homeAt(f.dir.filePath(u"empty_home"_s));
        const Result<HostImportList> remote = f.await<HostImportList>(
            [&](QObject* c, auto done) { f.remote->sources().hosts->importCandidates(c, done); });
        const Result<HostImportList> local = f.await<HostImportList>(
            [&](QObject* c, auto done) { f.local->sources().hosts->importCandidates(c, done); });
        compareErrors(remote, local, u"import_source_missing"_s);
        QVERIFY2(remote.error().message.contains(f.dir.filePath(u"empty_home/.ssh/config"_s)),
                 qPrintable(remote.error().message));
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
