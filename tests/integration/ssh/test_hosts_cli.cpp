// `zerg hosts list|trust|add|remove|import` (app/cli_hosts.cpp, compiled into this test) against a
// real sshd, and the trust flow end to end: unknown key refused → trust → ssh_exec works; changed
// → refused; a host added from the command line is reached like one written by hand.
#include "cli_hosts.h"
#include "sshd_fixture.h"
#include "tools/host_trust.h"
#include "tools/ssh_exec_tool.h"

#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextStream>

#include <memory>

using namespace zerg;
using zerg::test::SshdFixture;

namespace {

constexpr int kWaitMs = 60000;
const QString kAlias = QStringLiteral("trustbox");

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool writeText(const QString& path, const QString& text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.toUtf8()) >= 0;
}

// One CLI run with captured output and scripted answers.
struct CliRun {
    int code = -1;
    QString out;
    QString err;
};

CliRun hosts(const QStringList& args, bool interactive = false, const QString& answer = {}) {
    CliRun r;
    QTextStream out(&r.out);
    QTextStream err(&r.err);
    cli::HostsIo io;
    io.out = &out;
    io.err = &err;
    io.interactive = interactive;
    io.readLine = [answer] { return answer; };
    r.code = cli::hostsCommand(args, io);
    out.flush();
    err.flush();
    return r;
}

}  // namespace

class TestHostsCli : public QObject {
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
        // A fresh, empty known_hosts (not created yet) and a hosts file pointing at it.
        m_knownHosts = m_tmp.filePath(QStringLiteral("known_hosts_%1").arg(++m_round));
        m_hostsFile = m_sshd.writeHostsFile(kAlias, m_knownHosts);
        qputenv("ZERG_HOSTS_FILE", m_hostsFile.toUtf8());
        qputenv("ZERG_KNOWN_HOSTS", m_tmp.filePath(QStringLiteral("default_known_hosts")).toUtf8());
    }

    void unknownThenTrustThenItWorks() {
        auto before = exec();
        QCOMPARE(before.payload.value("error_code").toString(), QStringLiteral("host_key_unknown"));
        QVERIFY2(before.error().contains(QStringLiteral("`zerg hosts trust %1`").arg(kAlias)),
                 qPrintable(before.error()));

        const CliRun t = hosts({QStringLiteral("trust"), kAlias, QStringLiteral("--yes")});
        QVERIFY2(t.code == 0, qPrintable(t.err));
        QVERIFY2(t.out.contains(m_sshd.hostKeyFingerprint()), qPrintable(t.out));
        QVERIFY(t.out.contains(QStringLiteral("ssh-ed25519")));
        QVERIFY(t.out.contains(m_knownHosts));
        QVERIFY(readAll(m_knownHosts)
                    .contains(
                        QStringLiteral("[127.0.0.1]:%1 ssh-ed25519 ").arg(m_sshd.port()).toUtf8()));

        const ToolResult after = exec();
        QVERIFY2(after.ok(), qPrintable(after.error()));
        QCOMPARE(after.payload.value("stdout").toString(), QStringLiteral("trusted\n"));

        // Trusting again changes nothing.
        const QByteArray recorded = readAll(m_knownHosts);
        const CliRun again = hosts({QStringLiteral("trust"), kAlias});
        QCOMPARE(again.code, 0);
        QVERIFY(again.out.contains(QStringLiteral("already trusted")));
        QCOMPARE(readAll(m_knownHosts), recorded);
    }

    void changedKeyIsRefusedAndNothingIsWritten() {
        QVERIFY(QFile::copy(m_sshd.wrongKnownHostsPath(), m_knownHosts));
        const QByteArray before = readAll(m_knownHosts);
        const CliRun t = hosts({QStringLiteral("trust"), kAlias, QStringLiteral("--yes")});
        QCOMPARE(t.code, 1);
        QVERIFY2(t.err.contains(QStringLiteral("SECURITY WARNING")), qPrintable(t.err));
        QVERIFY(t.err.contains(m_sshd.hostKeyFingerprint()));
        const QString removeHint = QStringLiteral("ssh-keygen -R \"[127.0.0.1]:%1\" -f %2")
                                       .arg(m_sshd.port())
                                       .arg(m_knownHosts);
        QVERIFY2(t.err.contains(removeHint), qPrintable(t.err));
        QCOMPARE(readAll(m_knownHosts), before);
        QCOMPARE(exec().payload.value("error_code").toString(), QStringLiteral("host_key_changed"));
    }

    void askingOnATerminal_data() {
        QTest::addColumn<QString>("answer");
        QTest::addColumn<bool>("trusted");
        QTest::newRow("yes") << QStringLiteral("y") << true;
        QTest::newRow("YES") << QStringLiteral("YES") << true;
        QTest::newRow("no") << QStringLiteral("n") << false;
        QTest::newRow("empty") << QString() << false;
    }
    void askingOnATerminal() {
        QFETCH(QString, answer);
        QFETCH(bool, trusted);
        const CliRun t = hosts({QStringLiteral("trust"), kAlias}, true, answer);
        QVERIFY(t.out.contains(m_sshd.hostKeyFingerprint()));
        QVERIFY(t.out.contains(QStringLiteral("[y/N]")));
        QCOMPARE(t.code, trusted ? 0 : 1);
        QCOMPARE(QFile::exists(m_knownHosts), trusted);
    }

    void withoutATerminalItNeedsYes() {
        const CliRun t = hosts({QStringLiteral("trust"), kAlias});
        QCOMPARE(t.code, 1);
        QVERIFY(t.out.contains(m_sshd.hostKeyFingerprint()));  // shown anyway, to verify
        QVERIFY2(t.err.contains(QStringLiteral("--yes")), qPrintable(t.err));
        QVERIFY(!QFile::exists(m_knownHosts));
    }

    void trustOnlyAllowlistedAliases() {
        const QString raw = QStringLiteral("%1@127.0.0.1").arg(m_sshd.userName());
        const CliRun t = hosts({QStringLiteral("trust"), raw, QStringLiteral("--yes")});
        QCOMPARE(t.code, 1);
        QVERIFY2(t.err.contains(QStringLiteral("not in the hosts file")), qPrintable(t.err));
        QVERIFY(t.err.contains(kAlias));
        QVERIFY(!QFile::exists(m_knownHosts));
    }

    void listShowsTargetsAndKeyState() {
        CliRun l = hosts({QStringLiteral("list")});
        QCOMPARE(l.code, 0);
        const QString target =
            QStringLiteral("%1@127.0.0.1:%2").arg(m_sshd.userName()).arg(m_sshd.port());
        QVERIFY2(l.out.contains(target), qPrintable(l.out));
        QVERIFY(l.out.contains(QStringLiteral("not known (run: zerg hosts trust %1)").arg(kAlias)));
        QCOMPARE(hosts({QStringLiteral("trust"), kAlias, QStringLiteral("--yes")}).code, 0);
        l = hosts({QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(l.code, 0);
        QVERIFY2(l.out.contains(QStringLiteral("\"key_known\":true")), qPrintable(l.out));
    }

    void importCopiesOnlyTheNamedAliases() {
        const QString sshConfig = m_tmp.filePath(QStringLiteral("ssh_config_%1").arg(m_round));
        QVERIFY(writeText(sshConfig, QStringLiteral("Host web1\n"
                                                    "    HostName 192.0.2.10\n"
                                                    "    User deploy\n"
                                                    "Host web2\n"
                                                    "    HostName 192.0.2.11\n"
                                                    "Host db\n"
                                                    "    HostName db.internal\n"
                                                    "    Port 2222\n"
                                                    "Host *\n"
                                                    "    IdentityFile /keys/id_ops\n"
                                                    "    User ops\n")));
        const CliRun r = hosts({QStringLiteral("import"), QStringLiteral("--from"), sshConfig,
                                QStringLiteral("web1"), QStringLiteral("db")});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("web1, db")));
        QVERIFY(r.out.contains(QStringLiteral("zerg hosts trust web1")));

        const auto loaded = HostsConfig::loadFile(m_hostsFile);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->aliases(), (QStringList{kAlias, "web1", "db"}));
        const auto web1 = loaded->find(QStringLiteral("web1"));
        QCOMPARE(web1->hostName, QStringLiteral("192.0.2.10"));
        QCOMPARE(web1->user, QStringLiteral("deploy"));
        QCOMPARE(web1->identityFiles, QStringList{"/keys/id_ops"});
        const auto db = loaded->find(QStringLiteral("db"));
        QCOMPARE(db->port, 2222);
        QCOMPARE(db->user, QStringLiteral("ops"));  // from `Host *`, resolved at import

        // Unknown aliases: nothing is written.
        const QByteArray before = readAll(m_hostsFile);
        const CliRun bad = hosts({QStringLiteral("import"), QStringLiteral("--from"), sshConfig,
                                  QStringLiteral("web2"), QStringLiteral("nope")});
        QCOMPARE(bad.code, 1);
        QVERIFY2(bad.err.contains(QStringLiteral("nope")), qPrintable(bad.err));
        QVERIFY(bad.err.contains(QStringLiteral("web2")));  // listed among those defined
        QCOMPARE(readAll(m_hostsFile), before);
    }

    void addAndRemove() {
        const QByteArray original = readAll(m_hostsFile);
        const QString key = m_tmp.filePath(QStringLiteral("id_web9"));
        const CliRun added = hosts({QStringLiteral("add"), QStringLiteral("web9"),
                                    QStringLiteral("--host"), QStringLiteral("192.0.2.90"),
                                    QStringLiteral("--port=2222"), QStringLiteral("--user"),
                                    QStringLiteral("deploy"), QStringLiteral("--key"), key});
        QVERIFY2(added.code == 0, qPrintable(added.err));
        QVERIFY2(added.out.contains(QStringLiteral("deploy@192.0.2.90:2222")),
                 qPrintable(added.out));
        QVERIFY(added.out.contains(m_hostsFile));
        QVERIFY(added.out.contains(QStringLiteral("zerg hosts trust web9")));
        QVERIFY2(added.out.contains(key), qPrintable(added.out));  // the key does not exist yet
        // Appended after what was there, which stays as it was.
        QVERIFY(readAll(m_hostsFile).startsWith(original));
        const auto loaded = HostsConfig::loadFile(m_hostsFile);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->aliases(), (QStringList{kAlias, "web9"}));
        QCOMPARE(loaded->find(QStringLiteral("web9"))->identityFiles, QStringList{key});

        // Taken already: refused, nothing written.
        const QByteArray withWeb9 = readAll(m_hostsFile);
        const CliRun again = hosts({QStringLiteral("add"), QStringLiteral("web9"),
                                    QStringLiteral("--host"), QStringLiteral("192.0.2.91")});
        QCOMPARE(again.code, 1);
        QVERIFY2(again.err.contains(QStringLiteral("already in the hosts file")),
                 qPrintable(again.err));
        QCOMPARE(readAll(m_hostsFile), withWeb9);

        const CliRun removed = hosts({QStringLiteral("remove"), QStringLiteral("web9")});
        QVERIFY2(removed.code == 0, qPrintable(removed.err));
        QVERIFY(removed.out.contains(QStringLiteral("Removed web9")));
        QCOMPARE(readAll(m_hostsFile), original);
        const CliRun gone = hosts({QStringLiteral("remove"), QStringLiteral("web9")});
        QCOMPARE(gone.code, 1);
        QVERIFY2(gone.err.contains(QStringLiteral("not in the hosts file")), qPrintable(gone.err));
    }

    // A host added from the command line is reached exactly like one written by hand.
    void anAddedHostIsReachable() {
        const QString file = m_tmp.filePath(QStringLiteral("added_hosts_%1").arg(m_round));
        qputenv("ZERG_HOSTS_FILE", file.toUtf8());
        qputenv("ZERG_KNOWN_HOSTS", m_knownHosts.toUtf8());
        const CliRun added =
            hosts({QStringLiteral("add"), kAlias, QStringLiteral("--host"),
                   QStringLiteral("127.0.0.1"), QStringLiteral("--port"),
                   QString::number(m_sshd.port()), QStringLiteral("--key"), m_sshd.userKeyPath()});
        QVERIFY2(added.code == 0, qPrintable(added.err));
        QCOMPARE(QFileInfo(file).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());
        QCOMPARE(hosts({QStringLiteral("trust"), kAlias, QStringLiteral("--yes")}).code, 0);
        m_hostsFile = file;
        const ToolResult r = exec();
        QVERIFY2(r.ok(), qPrintable(r.error()));
        QCOMPARE(r.payload.value("stdout").toString(), QStringLiteral("trusted\n"));
    }

    // Removing a host leaves its key where it is, and says how to remove that too.
    void removeLeavesTheKeyInKnownHosts() {
        QCOMPARE(hosts({QStringLiteral("trust"), kAlias, QStringLiteral("--yes")}).code, 0);
        const QByteArray recorded = readAll(m_knownHosts);
        const CliRun removed = hosts({QStringLiteral("remove"), kAlias});
        QVERIFY2(removed.code == 0, qPrintable(removed.err));
        QVERIFY2(removed.out.contains(QStringLiteral("ssh-keygen -R \"[127.0.0.1]:%1\" -f %2")
                                          .arg(m_sshd.port())
                                          .arg(m_knownHosts)),
                 qPrintable(removed.out));
        QCOMPARE(readAll(m_knownHosts), recorded);
        QVERIFY(HostsConfig::loadFile(m_hostsFile)->aliases().isEmpty());
    }

    void usageErrors() {
        QCOMPARE(hosts({}).code, 2);
        QCOMPARE(hosts({QStringLiteral("frobnicate")}).code, 2);
        QCOMPARE(hosts({QStringLiteral("trust")}).code, 2);
        QCOMPARE(hosts({QStringLiteral("import")}).code, 2);
        QCOMPARE(hosts({QStringLiteral("add"), QStringLiteral("web9")}).code, 2);  // no --host
        QCOMPARE(hosts({QStringLiteral("add"), QStringLiteral("--host"), QStringLiteral("h")}).code,
                 2);
        QCOMPARE(hosts({QStringLiteral("add"), QStringLiteral("web9"), QStringLiteral("--host"),
                        QStringLiteral("h"), QStringLiteral("--port"), QStringLiteral("ssh")})
                     .code,
                 2);
        QCOMPARE(hosts({QStringLiteral("add"), QStringLiteral("a"), QStringLiteral("b"),
                        QStringLiteral("--host"), QStringLiteral("h")})
                     .code,
                 2);
        QCOMPARE(hosts({QStringLiteral("remove")}).code, 2);
        QCOMPARE(hosts({QStringLiteral("remove"), QStringLiteral("a"), QStringLiteral("b")}).code,
                 2);
        // A value the hosts file cannot take is a failure of the command, with the reason.
        const CliRun badPort =
            hosts({QStringLiteral("add"), QStringLiteral("web9"), QStringLiteral("--host"),
                   QStringLiteral("h"), QStringLiteral("--port"), QStringLiteral("70000")});
        QCOMPARE(badPort.code, 1);
        QVERIFY2(badPort.err.contains(QStringLiteral("1 to 65535")), qPrintable(badPort.err));
        const CliRun help = hosts({QStringLiteral("--help")});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains(QStringLiteral("trust ALIAS")));
        QVERIFY(help.out.contains(QStringLiteral("add ALIAS --host HOST")));
        QVERIFY(help.out.contains(QStringLiteral("remove ALIAS")));
    }

    void missingHostsFileIsAConfigurationProblem() {
        qputenv("ZERG_HOSTS_FILE", m_tmp.filePath(QStringLiteral("no_such_hosts")).toUtf8());
        const CliRun l = hosts({QStringLiteral("list")});
        QCOMPARE(l.code, 3);
        QVERIFY2(l.err.contains(QStringLiteral("ZERG_HOSTS_FILE")), qPrintable(l.err));
    }

private:
    ToolResult exec() {
        auto loaded = HostsConfig::loadFile(m_hostsFile);
        if (!loaded)
            return ToolResult::failure(loaded.error().message);
        SshExecOptions opts;
        opts.sshDir = m_emptySshDir.path();
        opts.defaultKnownHostsFile = m_knownHosts;  // for a host added without its own
        SshExecTool tool(loaded.value(), opts);
        std::unique_ptr<ToolInvocation> inv(
            tool.start({{"host", kAlias}, {"command", "echo trusted"}}, nullptr));
        QSignalSpy spy(inv.get(), &ToolInvocation::finished);
        if (!inv->isFinished() && !spy.wait(kWaitMs))
            return ToolResult::failure(QStringLiteral("test: no result within the wait"));
        return inv->result();
    }

    SshdFixture m_sshd;
    QTemporaryDir m_tmp;
    QTemporaryDir m_emptySshDir;
    QString m_knownHosts;
    QString m_hostsFile;
    int m_round = 0;
};

QTEST_GUILESS_MAIN(TestHostsCli)
#include "test_hosts_cli.moc"
