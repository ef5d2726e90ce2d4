#include "tools/hosts_config.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <pwd.h>
#include <unistd.h>

using namespace zerg;

namespace {

QString currentUser() {
    const passwd* pw = getpwuid(geteuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : qEnvironmentVariable("USER");
}

HostsConfig parseOk(const QString& text) {
    auto r = HostsConfig::parse(text, QStringLiteral("hosts.conf"));
    if (!r)
        qWarning() << r.error().message;
    return r ? r.value() : HostsConfig{};
}

}  // namespace

class TestHostsConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void severalAliasesShareABlock() {
        const HostsConfig c =
            parseOk(QStringLiteral("Host web1 web1.prod\n"
                                   "    HostName 192.0.2.10\n"
                                   "    Port 2222\n"
                                   "    User deploy\n"
                                   "Host db\n"
                                   "    HostName db.internal\n"));
        QCOMPARE(c.aliases(), (QStringList{"web1", "web1.prod", "db"}));
        const auto a = c.find(QStringLiteral("web1.prod"));
        QVERIFY(a);
        QCOMPARE(a->alias, QStringLiteral("web1.prod"));
        QCOMPARE(a->hostName, QStringLiteral("192.0.2.10"));
        QCOMPARE(a->port, 2222);
        QCOMPARE(a->user, QStringLiteral("deploy"));
        const auto db = c.find(QStringLiteral("db"));
        QVERIFY(db);
        QCOMPARE(db->hostName, QStringLiteral("db.internal"));
        QCOMPARE(db->port, 22);
    }

    void keyEqualsValueQuotesCommentsAndCase() {
        const HostsConfig c =
            parseOk(QStringLiteral("# a comment line\n"
                                   "\n"
                                   "HOST=box   # trailing comment\n"
                                   "  hostname = 10.0.0.7\n"
                                   "  PORT=2200\n"
                                   "  user \"ops user\"\n"
                                   "  IdentityFile \"/keys/my key\"  # spaces need quotes\n"
                                   "  SomeUnknownKeyword whatever\n"
                                   "  ForwardAgent yes\n"));
        const auto e = c.find(QStringLiteral("box"));
        QVERIFY(e);
        QCOMPARE(e->hostName, QStringLiteral("10.0.0.7"));
        QCOMPARE(e->port, 2200);
        QCOMPARE(e->user, QStringLiteral("ops user"));
        QCOMPARE(e->identityFiles, QStringList{QStringLiteral("/keys/my key")});
    }

    void tildeExpansionAndRepeatedIdentityFiles() {
        const HostsConfig c =
            parseOk(QStringLiteral("Host a\n"
                                   "  IdentityFile ~/.ssh/id_ed25519\n"
                                   "  IdentityFile /etc/zerg/key\n"
                                   "  UserKnownHostsFile ~/kh\n"));
        const auto e = c.find(QStringLiteral("a"));
        QVERIFY(e);
        QCOMPARE(e->identityFiles,
                 (QStringList{QDir::homePath() + "/.ssh/id_ed25519", "/etc/zerg/key"}));
        QCOMPARE(e->knownHostsFile, QDir::homePath() + "/kh");
    }

    void defaults() {
        const HostsConfig c = parseOk(QStringLiteral("Host plain\n"));
        const auto e = c.find(QStringLiteral("plain"));
        QVERIFY(e);
        QCOMPARE(e->hostName, QStringLiteral("plain"));
        QCOMPARE(e->port, 22);
        QCOMPARE(e->user, currentUser());
        QVERIFY(!e->user.isEmpty());
        QVERIFY(e->identityFiles.isEmpty());
        QVERIFY(e->knownHostsFile.isEmpty());
    }

    void patternsAllowNothingButGiveDefaults() {
        const HostsConfig c =
            parseOk(QStringLiteral("Host web*\n"
                                   "  User webops\n"
                                   "Host web1\n"
                                   "  HostName 192.0.2.1\n"
                                   "Host other\n"
                                   "  User own\n"
                                   "Host *\n"
                                   "  User fallback\n"
                                   "  Port 2022\n"));
        QCOMPARE(c.aliases(), (QStringList{"web1", "other"}));
        QVERIFY(!c.find(QStringLiteral("web*")));
        QVERIFY(!c.find(QStringLiteral("*")));
        QVERIFY(!c.find(QStringLiteral("web2")));  // matches a pattern, but is not an alias
        QCOMPARE(c.find(QStringLiteral("web1"))->user, QStringLiteral("webops"));  // first wins
        QCOMPARE(c.find(QStringLiteral("web1"))->port, 2022);
        QCOMPARE(c.find(QStringLiteral("other"))->user, QStringLiteral("own"));
    }

    void hostNamePercentH() {
        const HostsConfig c = parseOk(QStringLiteral("Host app\n  HostName %h.example.com\n"));
        QCOMPARE(c.find(QStringLiteral("app"))->hostName, QStringLiteral("app.example.com"));
    }

    void badPortNamesFileAndLine() {
        const auto r = HostsConfig::parse(QStringLiteral("Host a\n  HostName x\n  Port http\n"),
                                          QStringLiteral("/etc/zerg/hosts"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, QStringLiteral("hosts_file_invalid"));
        QVERIFY2(r.error().message.contains(QStringLiteral("/etc/zerg/hosts")),
                 qPrintable(r.error().message));
        QVERIFY2(r.error().message.contains(QStringLiteral("line 3")),
                 qPrintable(r.error().message));
        QVERIFY(r.error().message.contains(QStringLiteral("http")));

        QVERIFY(!HostsConfig::parse(QStringLiteral("Host a\nPort 70000\n")).ok());
        QVERIFY(!HostsConfig::parse(QStringLiteral("Host a\nPort 0\n")).ok());
        QVERIFY(!HostsConfig::parse(QStringLiteral("Host a\nPort\n")).ok());
    }

    void unclosedQuoteIsAnError() {
        const auto r = HostsConfig::parse(QStringLiteral("Host a\n  User \"bob\n"));
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.contains(QStringLiteral("line 2")));
    }

    void findIsExactAliasOnly() {
        const HostsConfig c =
            parseOk(QStringLiteral("Host web1\n  HostName 192.0.2.10\n"
                                   "  User deploy\n"));
        QVERIFY(c.find(QStringLiteral("web1")));
        QVERIFY(!c.find(QStringLiteral("deploy@web1")));
        QVERIFY(!c.find(QStringLiteral("root@web1")));
        QVERIFY(!c.find(QStringLiteral("192.0.2.10")));  // the HostName is not an alias
        QVERIFY(!c.find(QStringLiteral("web")));
        QVERIFY(!c.find(QStringLiteral("web1 ")));
        QVERIFY(!c.find(QStringLiteral("WEB1")));
        QVERIFY(!c.find(QString()));
    }

    void loadFileMissingExplainsHowToCreateIt() {
        QTemporaryDir tmp;
        const QString file = tmp.filePath(QStringLiteral("hosts"));
        const auto r = HostsConfig::loadFile(file);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, QStringLiteral("hosts_file_missing"));
        QVERIFY(r.error().message.contains(file));
        QVERIFY(r.error().message.contains(QStringLiteral("ZERG_HOSTS_FILE")));
        QVERIFY(r.error().message.contains(QStringLiteral("Host ")));
        QVERIFY(r.error().message.contains(QStringLiteral("HostName")));
    }

    void loadFileReadsAndRemembersPath() {
        QTemporaryDir tmp;
        const QString file = tmp.filePath(QStringLiteral("hosts"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("Host one two\n  Port 2201\n");
        f.close();
        const auto r = HostsConfig::loadFile(file);
        QVERIFY(r.ok());
        QCOMPARE(r->sourcePath(), file);
        QCOMPARE(r->aliases(), (QStringList{"one", "two"}));
        QCOMPARE(r->find(QStringLiteral("two"))->port, 2201);
    }

    void blockForRoundTrips() {
        HostEntry e;
        e.alias = QStringLiteral("web1");
        e.hostName = QStringLiteral("192.0.2.10");
        e.port = 2222;
        e.user = QStringLiteral("deploy");
        e.identityFiles = {QStringLiteral("/keys/my key"), QStringLiteral("/keys/other")};
        e.knownHostsFile = QStringLiteral("/kh/known hosts");
        const HostsConfig c = parseOk(HostsConfig::blockFor(e));
        const auto back = c.find(QStringLiteral("web1"));
        QVERIFY(back);
        QCOMPARE(back->hostName, e.hostName);
        QCOMPARE(back->port, e.port);
        QCOMPARE(back->user, e.user);
        QCOMPARE(back->identityFiles, e.identityFiles);
        QCOMPARE(back->knownHostsFile, e.knownHostsFile);
    }

    // --- ProxyJump ---------------------------------------------------------------------------

    void proxyJumpNamesAnotherAliasWithItsOwnSettings() {
        const HostsConfig c =
            parseOk(QStringLiteral("Host bastion\n"
                                   "    HostName bastion.example.com\n"
                                   "    Port 2201\n"
                                   "    User jump\n"
                                   "    IdentityFile /keys/jump\n"
                                   "    UserKnownHostsFile /kh/jump\n"
                                   "Host db\n"
                                   "    HostName 10.0.0.5\n"
                                   "    ProxyJump bastion\n"));
        // The jump host is an allowed host of its own.
        QCOMPARE(c.aliases(), (QStringList{"bastion", "db"}));
        const auto db = c.find(QStringLiteral("db"));
        QVERIFY(db);
        QCOMPARE(db->proxyJump, QStringList{QStringLiteral("bastion")});
        QCOMPARE(db->jumps.size(), qsizetype(1));
        const HostEntry& hop = db->jumps.first();
        QCOMPARE(hop.alias, QStringLiteral("bastion"));
        QCOMPARE(hop.hostName, QStringLiteral("bastion.example.com"));
        QCOMPARE(hop.port, 2201);
        QCOMPARE(hop.user, QStringLiteral("jump"));
        QCOMPARE(hop.identityFiles, QStringList{QStringLiteral("/keys/jump")});
        QCOMPARE(hop.knownHostsFile, QStringLiteral("/kh/jump"));
        QVERIFY(hop.jumps.isEmpty());
        QVERIFY(c.find(QStringLiteral("bastion"))->jumps.isEmpty());
        QCOMPARE(db->hostName, QStringLiteral("10.0.0.5"));  // the target's own settings stay
    }

    void proxyJumpChainAndTheFirstHopsOwnWay() {
        const HostsConfig c =
            parseOk(QStringLiteral("Host outer\n"
                                   "Host inner\n"
                                   "    ProxyJump outer\n"
                                   "Host deep\n"
                                   "    ProxyJump outer,inner\n"
                                   "Host deeper\n"
                                   "    ProxyJump inner\n"
                                   "Host side\n"
                                   "    ProxyJump inner,outer2\n"
                                   "Host outer2\n"
                                   "    ProxyJump deep\n"));
        const auto aliasesOf = [&](const QString& alias) {
            QStringList out;
            for (const HostEntry& j : c.find(alias)->jumps)
                out << j.alias;
            return out;
        };
        QCOMPARE(aliasesOf(QStringLiteral("deep")), (QStringList{"outer", "inner"}));
        // inner's own ProxyJump is followed: first its way, then inner.
        QCOMPARE(aliasesOf(QStringLiteral("deeper")), (QStringList{"outer", "inner"}));
        // Later hops' own ProxyJump is not (outer2 would go through deep): as in OpenSSH.
        QCOMPARE(aliasesOf(QStringLiteral("side")), (QStringList{"outer", "inner", "outer2"}));
        QCOMPARE(c.find(QStringLiteral("deep"))->proxyJump, (QStringList{"outer", "inner"}));
    }

    void proxyJumpNoneAndPatternDefaults() {
        const HostsConfig c =
            parseOk(QStringLiteral("Host bastion\n"
                                   "    HostName 192.0.2.1\n"
                                   "    ProxyJump none\n"
                                   "Host web1 web2\n"
                                   "Host direct\n"
                                   "    ProxyJump NONE\n"
                                   "Host web2\n"
                                   "    ProxyJump other\n"
                                   "Host other\n"
                                   "    ProxyJump none\n"
                                   "Host *\n"
                                   "    ProxyJump bastion\n"));
        QCOMPARE(c.find(QStringLiteral("web1"))->proxyJump, QStringList{"bastion"});
        QCOMPARE(c.find(QStringLiteral("web1"))->jumps.first().hostName,
                 QStringLiteral("192.0.2.1"));
        QCOMPARE(c.find(QStringLiteral("web2"))->proxyJump, QStringList{"other"});  // first wins
        QVERIFY(c.find(QStringLiteral("direct"))->proxyJump.isEmpty());
        QVERIFY(c.find(QStringLiteral("direct"))->jumps.isEmpty());
        QVERIFY(c.find(QStringLiteral("bastion"))->jumps.isEmpty());
    }

    void proxyJumpRefusedForms_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("says");
        const QString hosts = QStringLiteral("Host bastion\nHost db\n");
        QTest::newRow("user@host:port") << hosts + "  ProxyJump admin@bastion.example.com:2222\n"
                                        << 3 << "not an alias";
        QTest::newRow("user@alias") << hosts + "  ProxyJump ops@bastion\n" << 3 << "not an alias";
        QTest::newRow("host:port") << hosts + "  ProxyJump bastion:22\n" << 3 << "Host bastion";
        QTest::newRow("ssh URI") << hosts + "  ProxyJump ssh://bastion\n" << 3 << "not an alias";
        QTest::newRow("pattern") << hosts + "  ProxyJump bast*\n" << 3 << "pattern";
        QTest::newRow("empty hop") << hosts + "  ProxyJump bastion,,db\n" << 3 << "empty";
        QTest::newRow("none in a list") << hosts + "  ProxyJump none,bastion\n"
                                        << 3 << "ProxyJump none";
        QTest::newRow("two words") << hosts + "  ProxyJump bastion db\n" << 3 << "commas";
        QTest::newRow("no value") << hosts + "  ProxyJump\n" << 3 << "needs a value";
        QTest::newRow("unknown alias") << hosts + "  ProxyJump gateway\n" << 3 << "gateway";
        QTest::newRow("self") << hosts + "  ProxyJump db\n" << 3 << "jump through itself";
        QTest::newRow("self in a chain") << hosts + "  ProxyJump bastion,db\n"
                                         << 3 << "jump through itself";
        QTest::newRow("circle") << QStringLiteral("Host a\n  ProxyJump b\nHost b\n  ProxyJump a\n")
                                << 2 << "circle";
        QTest::newRow("pattern reaching the jump host")
            << QStringLiteral("Host bastion\nHost db\nHost *\n  ProxyJump bastion\n") << 4
            << "ProxyJump none";
        QTest::newRow("same host twice")
            << QStringLiteral("Host a\nHost b\n  ProxyJump a\nHost c\n  ProxyJump b,a\n") << 5
            << "twice";
        QTest::newRow("too many hops")
            << QStringLiteral("Host a\nHost b\nHost c\nHost d\nHost e\n  ProxyJump a,b,c,d\n") << 6
            << "at most 3";
    }
    void proxyJumpRefusedForms() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, says);
        const auto r = HostsConfig::parse(text, QStringLiteral("/etc/zerg/hosts"));
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, QStringLiteral("hosts_file_invalid"));
        const QString& m = r.error().message;
        QVERIFY2(m.contains(QStringLiteral("/etc/zerg/hosts, line %1:").arg(line)), qPrintable(m));
        QVERIFY2(m.contains(says), qPrintable(m));
    }

    void proxyJumpLimitIsThreeHops() {
        const HostsConfig c =
            parseOk(QStringLiteral("Host a\nHost b\nHost c\nHost d\n  ProxyJump a,b,c\n"));
        QCOMPARE(c.find(QStringLiteral("d"))->jumps.size(), qsizetype(HostsConfig::kMaxJumps));
    }

    void blockForWritesProxyJumpBack() {
        HostEntry bastion;
        bastion.alias = QStringLiteral("bastion");
        bastion.hostName = QStringLiteral("192.0.2.1");
        bastion.user = QStringLiteral("jump");
        HostEntry db;
        db.alias = QStringLiteral("db");
        db.hostName = QStringLiteral("10.0.0.5");
        db.user = QStringLiteral("ops");
        db.proxyJump = {QStringLiteral("bastion"), QStringLiteral("inner")};
        HostEntry inner = bastion;
        inner.alias = QStringLiteral("inner");
        const QString text = HostsConfig::blockFor(bastion) + HostsConfig::blockFor(inner) +
                             HostsConfig::blockFor(db);
        QVERIFY2(!HostsConfig::blockFor(bastion).contains(QStringLiteral("ProxyJump")),
                 qPrintable(text));
        QVERIFY2(
            HostsConfig::blockFor(db).contains(QStringLiteral("    ProxyJump bastion,inner\n")),
            qPrintable(text));
        const HostsConfig c = parseOk(text);
        const auto back = c.find(QStringLiteral("db"));
        QVERIFY(back);
        QCOMPARE(back->proxyJump, db.proxyJump);
        QCOMPARE(back->jumps.size(), qsizetype(2));
        QCOMPARE(HostsConfig::blockFor(*back), HostsConfig::blockFor(db));
    }

    void importKeepsProxyJumpWhenTheJumpHostComesAlong() {
        QTemporaryDir tmp;
        const QString source = writeFile(tmp, "ssh_config",
                                         "Host bastion\n"
                                         "  HostName bastion.example.com\n"
                                         "  User jump\n"
                                         "Host db\n"
                                         "  HostName 10.0.0.5\n"
                                         "  ProxyJump bastion\n"
                                         "Host wild\n"
                                         "  ProxyJump admin@gw.example.com:2222\n");
        const QString hosts = tmp.filePath(QStringLiteral("hosts"));

        // Alone, db would bring a jump host nobody allowed: refused, nothing written.
        const auto alone = HostsConfig::importAliases(source, {"db"}, hosts);
        QVERIFY(!alone.ok());
        QCOMPARE(alone.error().code, QStringLiteral("import_jump_not_allowed"));
        QVERIFY2(alone.error().message.contains(QStringLiteral("zerg hosts import bastion db")),
                 qPrintable(alone.error().message));
        QVERIFY(!QFileInfo::exists(hosts));

        // A ProxyJump that is not an alias cannot be kept at all. (The rest of the source, with
        // its user@host ProxyJump, does not stop other imports.)
        const auto wild = HostsConfig::importAliases(source, {"wild"}, hosts);
        QCOMPARE(wild.error().code, QStringLiteral("import_jump_not_allowed"));
        QVERIFY2(wild.error().message.contains(QStringLiteral("admin@gw.example.com:2222")),
                 qPrintable(wild.error().message));

        // Named together, both come, db still through bastion.
        const auto both = HostsConfig::importAliases(source, {"db", "bastion"}, hosts);
        QVERIFY2(both.ok(), qPrintable(both ? QString() : both.error().message));
        const auto loaded = HostsConfig::loadFile(hosts);
        QVERIFY2(loaded.ok(), qPrintable(loaded ? QString() : loaded.error().message));
        const auto db = loaded->find(QStringLiteral("db"));
        QCOMPARE(db->proxyJump, QStringList{QStringLiteral("bastion")});
        QCOMPARE(db->jumps.first().hostName, QStringLiteral("bastion.example.com"));
        QCOMPARE(db->jumps.first().user, QStringLiteral("jump"));
    }

    void importJumpHostAlreadyAllowedIsEnough() {
        QTemporaryDir tmp;
        const QString source = writeFile(tmp, "ssh_config",
                                         "Host db\n  HostName 10.0.0.5\n  ProxyJump bastion\n"
                                         "Host bastion\n  HostName 192.0.2.99\n");
        const QString hosts =
            writeFile(tmp, "hosts", "Host bastion\n  HostName 192.0.2.1\n  User jump\n");
        const auto r = HostsConfig::importAliases(source, {"db"}, hosts);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
        // The hosts file's own bastion is the one used.
        QCOMPARE(HostsConfig::loadFile(hosts)->find(QStringLiteral("db"))->jumps.first().hostName,
                 QStringLiteral("192.0.2.1"));
    }

    void importShadowedByAProxyJumpDefault() {
        QTemporaryDir tmp;
        const QString source = writeFile(tmp, "ssh_config", "Host a\n  HostName 1.2.3.4\n");
        const QByteArray before = "Host gw\n  ProxyJump none\nHost *\n  ProxyJump gw\n";
        const QString hosts = writeFile(tmp, "hosts", before.constData());
        const auto r = HostsConfig::importAliases(source, {"a"}, hosts);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, QStringLiteral("import_shadowed"));
        QCOMPARE(readFile(hosts), before);
    }

    void importCopiesOnlyNamedAliasesResolved() {
        QTemporaryDir tmp;
        const QString source = writeFile(tmp, "ssh_config",
                                         "Host web1 web1-alt\n"
                                         "  HostName %h.example.com\n"
                                         "Host db\n"
                                         "  HostName 10.0.0.5\n"
                                         "  Port 2200\n"
                                         "  IdentityFile ~/.ssh/id_db\n"
                                         "Host secret\n"
                                         "  HostName 10.0.0.9\n"
                                         "Host *\n"
                                         "  User ops\n"
                                         "  UserKnownHostsFile ~/.ssh/kh\n");
        const QString hosts = tmp.filePath(QStringLiteral("conf/hosts"));  // folder is created
        const auto r = HostsConfig::importAliases(source, {"web1", "db"}, hosts);
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
        QCOMPARE(*r, (QStringList{"web1", "db"}));
        QCOMPARE(QFileInfo(hosts).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
                 QFileDevice::Permissions());

        const auto loaded = HostsConfig::loadFile(hosts);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->aliases(), (QStringList{"web1", "db"}));  // not web1-alt, not secret
        const auto web1 = loaded->find(QStringLiteral("web1"));
        QCOMPARE(web1->hostName, QStringLiteral("web1.example.com"));
        QCOMPARE(web1->user, QStringLiteral("ops"));
        QCOMPARE(web1->knownHostsFile, QDir::homePath() + QStringLiteral("/.ssh/kh"));
        const auto db = loaded->find(QStringLiteral("db"));
        QCOMPARE(db->port, 2200);
        QCOMPARE(db->identityFiles, QStringList{QDir::homePath() + QStringLiteral("/.ssh/id_db")});

        // A second import appends; an alias already there is refused, nothing written.
        QVERIFY(HostsConfig::importAliases(source, {"secret"}, hosts).ok());
        QCOMPARE(HostsConfig::loadFile(hosts)->aliases(), (QStringList{"web1", "db", "secret"}));
        const QByteArray before = readFile(hosts);
        const auto again = HostsConfig::importAliases(source, {"web1-alt", "db"}, hosts);
        QVERIFY(!again.ok());
        QCOMPARE(again.error().code, QStringLiteral("import_already_allowed"));
        QCOMPARE(readFile(hosts), before);
    }

    void importUnknownAliasWritesNothing() {
        QTemporaryDir tmp;
        const QString source =
            writeFile(tmp, "ssh_config", "Host a\n  HostName 1.2.3.4\nHost *.x\n");
        const QString hosts = tmp.filePath(QStringLiteral("hosts"));
        const auto r = HostsConfig::importAliases(source, {"a", "b.x"}, hosts);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, QStringLiteral("import_unknown_alias"));
        QVERIFY(r.error().message.contains(QStringLiteral("b.x")));
        QVERIFY(r.error().message.contains(QStringLiteral("It defines: a")));
        QVERIFY(!QFileInfo::exists(hosts));

        const auto missing =
            HostsConfig::importAliases(tmp.filePath(QStringLiteral("nope")), {"a"}, hosts);
        QCOMPARE(missing.error().code, QStringLiteral("import_source_missing"));
        QVERIFY(missing.error().message.contains(QStringLiteral("--from")));
    }

    void importRefusesWhenTheHostsFileWouldOverrideIt() {
        QTemporaryDir tmp;
        const QString source =
            writeFile(tmp, "ssh_config", "Host a\n  HostName 1.2.3.4\n  User me\n");
        const QString hosts = writeFile(tmp, "hosts", "Host *\n  User root\n");
        const auto r = HostsConfig::importAliases(source, {"a"}, hosts);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().code, QStringLiteral("import_shadowed"));
        QCOMPARE(readFile(hosts), QByteArray("Host *\n  User root\n"));
    }

private:
    static QString writeFile(const QTemporaryDir& dir, const char* name, const char* text) {
        const QString path = dir.filePath(QString::fromLatin1(name));
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(text);
        return path;
    }
    static QByteArray readFile(const QString& path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
};

QTEST_GUILESS_MAIN(TestHostsConfig)
#include "test_hosts_config.moc"
