// HostsFileEditor: hosts added, changed and removed in the hosts file with everything else the
// user wrote kept byte for byte; blocks it cannot change safely (several names, several Host
// lines, values another block would override) refused with nothing written; another program's
// change never overwritten; a new file readable by the user only; the import checklist from an
// OpenSSH config.
#include "tools/hosts_file_editor.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <pwd.h>
#include <unistd.h>

using namespace zerg;
using namespace Qt::StringLiterals;

namespace {

// What the user wrote: comments, blank lines, a multi-name block, keywords Zerg does not read and
// defaults at the end.
const QString kUsersFile =
    u"# Servers workers may reach\n"
    "\n"
    "Host web1   # the shop\n"
    "    HostName 192.0.2.10\n"
    "    User deploy\n"
    "    ForwardAgent no\n"
    "    # old: Port 2200\n"
    "\n"
    "# Databases\n"
    "Host db1 db1.internal\n"
    "    HostName 192.0.2.11\n"
    "    Port 5022\n"
    "\n"
    "Host *\n"
    "    UserKnownHostsFile ~/.ssh/zerg_known_hosts\n"
    "    ServerAliveInterval 30\n"_s;

QString currentUser() {
    const passwd* pw = getpwuid(geteuid());
    return pw ? QString::fromLocal8Bit(pw->pw_name) : qEnvironmentVariable("USER");
}

HostEntry entry(const QString& alias, const QString& host, int port = 22,
                const QString& user = u"deploy"_s, const QStringList& keys = {}) {
    HostEntry e;
    e.alias = alias;
    e.hostName = host;
    e.port = port;
    e.user = user;
    e.identityFiles = keys;
    return e;
}

bool writeBytes(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

bool writeText(const QString& path, const QString& text) {
    return writeBytes(path, text.toUtf8());
}

QString readText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// The permission bits as `ls -l` shows them (QFile's "user" flags left out).
int modeOf(const QString& path) {
    const QFileDevice::Permissions p = QFileInfo(path).permissions();
    int mode = 0;
    const QList<QPair<QFileDevice::Permission, int>> bits{
        {QFileDevice::ReadOwner, 0400},  {QFileDevice::WriteOwner, 0200},
        {QFileDevice::ExeOwner, 0100},   {QFileDevice::ReadGroup, 0040},
        {QFileDevice::WriteGroup, 0020}, {QFileDevice::ExeGroup, 0010},
        {QFileDevice::ReadOther, 0004},  {QFileDevice::WriteOther, 0002},
        {QFileDevice::ExeOther, 0001}};
    for (const auto& [flag, bit] : bits) {
        if (p.testFlag(flag))
            mode |= bit;
    }
    return mode;
}

#define VERIFY_OK(status) \
    QVERIFY2((status).ok(), qPrintable((status).ok() ? QString() : (status).error().message))

}  // namespace

class TestHostsFileEditor : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_files = 0;

    // A hosts file path of its own for each test (not created).
    QString newPath() { return m_tmp.filePath(u"hosts_%1"_s.arg(++m_files)); }
    QString usersFile() {
        const QString path = newPath();
        if (!writeText(path, kUsersFile))
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

private Q_SLOTS:
    void addAppendsABlockAndKeepsTheRest() {
        const QString path = usersFile();
        VERIFY_OK(HostsFileEditor::addHost(
            path, entry(u"web2"_s, u"192.0.2.20"_s, 2222, u"deploy"_s, {u"/keys/web2"_s})));
        QCOMPARE(readText(path), kUsersFile +
                                     u"\n"
                                     "Host web2\n"
                                     "    HostName 192.0.2.20\n"
                                     "    Port 2222\n"
                                     "    User deploy\n"
                                     "    IdentityFile /keys/web2\n"_s);
        const Result<HostsConfig> loaded = HostsConfig::loadFile(path);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->aliases(),
                 (QStringList{u"web1"_s, u"db1"_s, u"db1.internal"_s, u"web2"_s}));
        const std::optional<HostEntry> web2 = loaded->find(u"web2"_s);
        QCOMPARE(web2->port, 2222);
        // `Host *` still gives what the block does not say.
        QCOMPARE(web2->knownHostsFile, QDir::homePath() + u"/.ssh/zerg_known_hosts"_s);
    }

    void addThenRemoveGivesTheFileBack() {
        const QString path = usersFile();
        VERIFY_OK(HostsFileEditor::addHost(path, entry(u"web2"_s, u"192.0.2.20"_s)));
        VERIFY_OK(HostsFileEditor::removeHost(path, u"web2"_s));
        QCOMPARE(readText(path), kUsersFile);
    }

    void addToAFileWithoutAFinalLineBreak() {
        const QString path = newPath();
        QVERIFY(writeText(path, u"Host web1\n    HostName 192.0.2.10"_s));
        VERIFY_OK(HostsFileEditor::addHost(path, entry(u"web2"_s, u"192.0.2.20"_s)));
        QCOMPARE(readText(path),
                 u"Host web1\n    HostName 192.0.2.10\n\nHost web2\n"
                 "    HostName 192.0.2.20\n    Port 22\n    User deploy\n"_s);
    }

    void updateChangesOnlyTheValuesOfTheBlock() {
        const QString path = usersFile();
        VERIFY_OK(HostsFileEditor::updateHost(
            path, u"web1"_s,
            entry(u"web1"_s, u"192.0.2.10"_s, 2200, u"ops"_s, {u"~/.ssh/id_web"_s})));
        const QString updated = readText(path);
        QCOMPARE(updated, QString(kUsersFile)
                              .replace(u"    HostName 192.0.2.10\n"
                                       "    User deploy\n"_s,
                                       u"    HostName 192.0.2.10\n"
                                       "    Port 2200\n"
                                       "    User ops\n"
                                       "    IdentityFile ~/.ssh/id_web\n"_s));
        const std::optional<HostEntry> web1 = HostsConfig::loadFile(path)->find(u"web1"_s);
        QCOMPARE(web1->port, 2200);
        QCOMPARE(web1->user, u"ops"_s);
        QCOMPARE(web1->identityFiles, QStringList{QDir::homePath() + u"/.ssh/id_web"_s});

        // The same values again (the key as the list gives it back, "~" expanded): nothing moves.
        VERIFY_OK(HostsFileEditor::updateHost(path, u"web1"_s,
                                              entry(u"web1"_s, u"192.0.2.10"_s, 2200, u"ops"_s,
                                                    {QDir::homePath() + u"/.ssh/id_web"_s})));
        QCOMPARE(readText(path), updated);
    }

    void updateReplacesAValueInPlaceAndDropsWhatTheEntryLacks() {
        const QString path = newPath();
        QVERIFY(writeText(path,
                          u"Host box\n"
                          "  hostname=10.0.0.7   # office\n"
                          "  IdentityFile /keys/a\n"
                          "  IdentityFile /keys/b\n"
                          "  UserKnownHostsFile /kh/box\n"
                          "  User root\n"
                          "  Compression yes\n"_s));
        HostEntry e = entry(u"box"_s, u"10.0.0.8"_s, 22, u"root"_s, {u"/keys/b"_s});
        VERIFY_OK(HostsFileEditor::updateHost(path, u"box"_s, e));
        QCOMPARE(readText(path),
                 u"Host box\n"
                 "  hostname=10.0.0.8   # office\n"
                 "  Port 22\n"
                 "  IdentityFile /keys/b\n"
                 "  User root\n"
                 "  Compression yes\n"_s);
    }

    // The entry as the file gives it, with one value changed: whatever else it holds (a jump
    // host, say) comes back as it was.
    void updateWithTheEntryTheFileGivesKeepsTheRest() {
        const QString path = newPath();
        const QString text =
            u"Host bastion\n"
            "    HostName 192.0.2.1\n"
            "    Port 22\n"
            "    User jump\n"
            "\n"
            "Host web1\n"
            "    HostName 10.0.0.10\n"
            "    Port 22\n"
            "    User deploy\n"
            "    ProxyJump bastion\n"_s;
        QVERIFY(writeText(path, text));
        HostEntry web1 = *HostsConfig::loadFile(path)->find(u"web1"_s);
        web1.port = 2222;
        VERIFY_OK(HostsFileEditor::updateHost(path, u"web1"_s, web1));
        QCOMPARE(readText(path), QString(text).replace(u"Port 22\n    User deploy"_s,
                                                       u"Port 2222\n    User deploy"_s));
    }

    void updateRenamesKeepingTheHostLine() {
        const QString path = usersFile();
        VERIFY_OK(HostsFileEditor::updateHost(path, u"web1"_s,
                                              entry(u"shop"_s, u"192.0.2.10"_s, 22, u"deploy"_s)));
        const QString text = readText(path);
        QVERIFY2(text.contains(u"\nHost shop   # the shop\n"
                               "    HostName 192.0.2.10\n"
                               "    Port 22\n"
                               "    User deploy\n"
                               "    ForwardAgent no\n"_s),
                 qPrintable(text));
        const Result<HostsConfig> loaded = HostsConfig::loadFile(path);
        QCOMPARE(loaded->aliases(), (QStringList{u"shop"_s, u"db1"_s, u"db1.internal"_s}));
    }

    void removeTakesTheBlockAndItsOwnComments() {
        const QString path = usersFile();
        VERIFY_OK(HostsFileEditor::removeHost(path, u"web1"_s));
        // The indented comment goes with the block; the heading of the next block stays.
        QCOMPARE(readText(path), QString(kUsersFile)
                                     .replace(u"Host web1   # the shop\n"
                                              "    HostName 192.0.2.10\n"
                                              "    User deploy\n"
                                              "    ForwardAgent no\n"
                                              "    # old: Port 2200\n"
                                              "\n"_s,
                                              QString()));
        QCOMPARE(HostsConfig::loadFile(path)->aliases(),
                 (QStringList{u"db1"_s, u"db1.internal"_s}));
    }

    void aBlockOfSeveralNamesIsLeftToTheUser() {
        const QString path = usersFile();
        const Status updated = HostsFileEditor::updateHost(
            path, u"db1"_s, entry(u"db1"_s, u"192.0.2.99"_s, 5022, u"deploy"_s));
        QVERIFY(!updated.ok());
        QCOMPARE(updated.error().code, u"host_shared_block"_s);
        QVERIFY2(updated.error().message.contains(path), qPrintable(updated.error().message));
        QVERIFY2(updated.error().message.contains(u"line 10"_s),
                 qPrintable(updated.error().message));
        QVERIFY(updated.error().message.contains(u"db1.internal"_s));
        const Status removed = HostsFileEditor::removeHost(path, u"db1.internal"_s);
        QVERIFY(!removed.ok());
        QCOMPARE(removed.error().code, u"host_shared_block"_s);
        QCOMPARE(readText(path), kUsersFile);
    }

    void anAliasOnSeveralHostLinesIsLeftToTheUser() {
        const QString path = newPath();
        const QString text =
            u"Host web1\n    HostName 192.0.2.10\nHost WEB1\n    IdentityFile /keys/a\n"_s;
        QVERIFY(writeText(path, text));
        const Status removed = HostsFileEditor::removeHost(path, u"web1"_s);
        QVERIFY(!removed.ok());
        QCOMPARE(removed.error().code, u"host_shared_block"_s);
        QVERIFY2(removed.error().message.contains(u"lines 1, 3"_s),
                 qPrintable(removed.error().message));
        QCOMPARE(readText(path), text);
    }

    void valuesAnotherBlockWouldOverrideAreRefused_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("difference");
        QTest::newRow("Host * above")
            << u"Host *\n    Port 2200\n"_s << u"Port 2200 instead of 22"_s;
        QTest::newRow("before the first Host line")
            << u"User ops\n\nHost web1\n    HostName 192.0.2.10\n"_s
            << u"User ops instead of deploy"_s;
        QTest::newRow("a pattern above") << u"Host web*\n    HostName 192.0.2.99\n"_s
                                         << u"HostName 192.0.2.99 instead of 192.0.2.20"_s;
    }
    void valuesAnotherBlockWouldOverrideAreRefused() {
        QFETCH(QString, text);
        QFETCH(QString, difference);
        const QString path = newPath();
        QVERIFY(writeText(path, text));
        const Status added = HostsFileEditor::addHost(path, entry(u"web2"_s, u"192.0.2.20"_s));
        QVERIFY(!added.ok());
        QCOMPARE(added.error().code, u"host_shadowed"_s);
        QVERIFY2(added.error().message.contains(difference), qPrintable(added.error().message));
        QCOMPARE(readText(path), text);
    }

    void anUpdateAnEarlierBlockWouldOverrideIsRefused() {
        const QString path = newPath();
        const QString text = u"Host *\n    User ops\n\nHost web1\n    HostName 192.0.2.10\n"_s;
        QVERIFY(writeText(path, text));
        const Status updated = HostsFileEditor::updateHost(
            path, u"web1"_s, entry(u"web1"_s, u"192.0.2.10"_s, 22, u"deploy"_s));
        QVERIFY(!updated.ok());
        QCOMPARE(updated.error().code, u"host_shadowed"_s);
        QCOMPARE(readText(path), text);
    }

    void anotherProgramsChangeIsNeverOverwritten() {
        const QString path = usersFile();
        Result<HostsFileEditor> editor = HostsFileEditor::open(path);
        QVERIFY(editor.ok());
        VERIFY_OK(editor.value().add(entry(u"web2"_s, u"192.0.2.20"_s)));
        const QString theirs = kUsersFile + u"Host other\n    HostName 192.0.2.30\n"_s;
        QVERIFY(writeText(path, theirs));
        const Status saved = editor.value().save();
        QVERIFY(!saved.ok());
        QCOMPARE(saved.error().code, u"hosts_file_changed"_s);
        QVERIFY2(saved.error().message.contains(path), qPrintable(saved.error().message));
        QCOMPARE(readText(path), theirs);

        // A file that appeared meanwhile counts as a change too.
        const QString fresh = newPath();
        Result<HostsFileEditor> second = HostsFileEditor::open(fresh);
        QVERIFY(second.ok());
        VERIFY_OK(second.value().add(entry(u"web2"_s, u"192.0.2.20"_s)));
        QVERIFY(writeText(fresh, u"Host other\n"_s));
        QCOMPARE(second.value().save().error().code, u"hosts_file_changed"_s);
        QCOMPARE(readText(fresh), u"Host other\n"_s);
    }

    void severalEditsAndSavesInARow() {
        const QString path = usersFile();
        Result<HostsFileEditor> editor = HostsFileEditor::open(path);
        QVERIFY(editor.ok());
        VERIFY_OK(editor.value().add(entry(u"web2"_s, u"192.0.2.20"_s)));
        VERIFY_OK(editor.value().save());
        VERIFY_OK(editor.value().add(entry(u"web3"_s, u"192.0.2.30"_s)));
        VERIFY_OK(editor.value().remove(u"web2"_s));
        VERIFY_OK(editor.value().save());
        QCOMPARE(readText(path), editor.value().text());
        QCOMPARE(HostsConfig::loadFile(path)->aliases(),
                 (QStringList{u"web1"_s, u"db1"_s, u"db1.internal"_s, u"web3"_s}));
    }

    void aNewFileAndFolderAreTheUsersAlone() {
        const QString path = m_tmp.filePath(u"new/folder/hosts"_s);
        VERIFY_OK(HostsFileEditor::addHost(path, entry(u"web1"_s, u"192.0.2.10"_s)));
        QCOMPARE(modeOf(path), 0600);
        QCOMPARE(modeOf(m_tmp.filePath(u"new/folder"_s)), 0700);
        QCOMPARE(readText(path), HostsConfig::blockFor(entry(u"web1"_s, u"192.0.2.10"_s)));
        QCOMPARE(QDir(m_tmp.filePath(u"new/folder"_s)).entryList(QDir::Files | QDir::Hidden),
                 QStringList{u"hosts"_s});  // no temporary file left behind
    }

    void anExistingFileKeepsItsMode_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("0600") << 0600;
        QTest::newRow("0640") << 0640;
    }
    void anExistingFileKeepsItsMode() {
        QFETCH(int, mode);
        const QString path = usersFile();
        QFileDevice::Permissions p = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
        if (mode & 0040)
            p |= QFileDevice::ReadGroup;
        QVERIFY(QFile::setPermissions(path, p));
        QCOMPARE(modeOf(path), mode);
        VERIFY_OK(HostsFileEditor::addHost(path, entry(u"web2"_s, u"192.0.2.20"_s)));
        QCOMPARE(modeOf(path), mode);
        VERIFY_OK(HostsFileEditor::removeHost(path, u"web2"_s));
        QCOMPARE(modeOf(path), mode);
    }

    void invalidEntriesAreRefused_data() {
        QTest::addColumn<HostEntry>("host");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("empty alias")
            << entry(QString(), u"192.0.2.20"_s) << u"host_invalid"_s << u"alias is empty"_s;
        QTest::newRow("blank alias")
            << entry(u"   "_s, u"192.0.2.20"_s) << u"host_invalid"_s << u"alias is empty"_s;
        QTest::newRow("pattern *")
            << entry(u"web*"_s, u"192.0.2.20"_s) << u"host_invalid"_s << u"pattern"_s;
        QTest::newRow("pattern ?")
            << entry(u"web?"_s, u"192.0.2.20"_s) << u"host_invalid"_s << u"pattern"_s;
        QTest::newRow("negated") << entry(u"!web"_s, u"192.0.2.20"_s) << u"host_invalid"_s
                                 << u"pattern"_s;
        QTest::newRow("two words")
            << entry(u"web 2"_s, u"192.0.2.20"_s) << u"host_invalid"_s << u"letters, digits"_s;
        QTest::newRow("option-like") << entry(u"-oProxyCommand"_s, u"192.0.2.20"_s)
                                     << u"host_invalid"_s << u"not starting with '-'"_s;
        QTest::newRow("port 0") << entry(u"web2"_s, u"192.0.2.20"_s, 0) << u"host_invalid"_s
                                << u"1 to 65535"_s;
        QTest::newRow("port 65536")
            << entry(u"web2"_s, u"192.0.2.20"_s, 65536) << u"host_invalid"_s << u"1 to 65535"_s;
        QTest::newRow("empty host")
            << entry(u"web2"_s, u" "_s) << u"host_invalid"_s << u"host name of web2 is empty"_s;
        QTest::newRow("host with a space")
            << entry(u"web2"_s, u"192.0.2.20 x"_s) << u"host_invalid"_s << u"not a host name"_s;
        QTest::newRow("user with a quote") << entry(u"web2"_s, u"192.0.2.20"_s, 22, u"a\"b"_s)
                                           << u"host_invalid"_s << u"double quote"_s;
        QTest::newRow("relative key")
            << entry(u"web2"_s, u"192.0.2.20"_s, 22, u"deploy"_s, {u"id_rsa"_s})
            << u"host_invalid"_s << u"full path"_s;
        QTest::newRow("taken") << entry(u"web1"_s, u"192.0.2.20"_s) << u"host_exists"_s
                               << u"line 3"_s;
        QTest::newRow("taken in another case")
            << entry(u"WEB1"_s, u"192.0.2.20"_s) << u"host_exists"_s << u"as \"web1\""_s;
        QTest::newRow("a second name of a block")
            << entry(u"db1.internal"_s, u"192.0.2.20"_s) << u"host_exists"_s << u"line 10"_s;
    }
    void invalidEntriesAreRefused() {
        QFETCH(HostEntry, host);
        QFETCH(QString, code);
        QFETCH(QString, mentions);
        const QString path = usersFile();
        const Status added = HostsFileEditor::addHost(path, host);
        QVERIFY(!added.ok());
        QCOMPARE(added.error().code, code);
        QVERIFY2(added.error().message.contains(mentions), qPrintable(added.error().message));
        QCOMPARE(readText(path), kUsersFile);
    }

    void unknownAliasesAndTakenNames() {
        const QString path = usersFile();
        const Status updated =
            HostsFileEditor::updateHost(path, u"nope"_s, entry(u"nope"_s, u"192.0.2.20"_s));
        QCOMPARE(updated.error().code, u"host_not_found"_s);
        QVERIFY2(updated.error().message.contains(path), qPrintable(updated.error().message));
        QVERIFY(updated.error().message.contains(u"web1, db1, db1.internal"_s));
        QCOMPARE(HostsFileEditor::removeHost(path, u"nope"_s).error().code, u"host_not_found"_s);
        // Aliases are exact: a pattern's name is not a host.
        QCOMPARE(HostsFileEditor::removeHost(path, u"*"_s).error().code, u"host_not_found"_s);
        // Renaming onto another host's name.
        const Status renamed =
            HostsFileEditor::updateHost(path, u"web1"_s, entry(u"db1"_s, u"192.0.2.10"_s));
        QCOMPARE(renamed.error().code, u"host_exists"_s);
        QCOMPARE(readText(path), kUsersFile);
    }

    void anEmptyUserIsTheCurrentOneWrittenOut() {
        const QString path = newPath();
        VERIFY_OK(HostsFileEditor::addHost(
            path, entry(u" web1 "_s, u" 192.0.2.10 "_s, 22, QString(), {u""_s, u"/keys/a"_s})));
        QCOMPARE(readText(path),
                 u"Host web1\n    HostName 192.0.2.10\n    Port 22\n    User %1\n"
                 "    IdentityFile /keys/a\n"_s.arg(currentUser()));
    }

    void aBrokenFileIsNotChanged() {
        const QString path = newPath();
        const QString text = u"Host web1\n    Port many\n"_s;
        QVERIFY(writeText(path, text));
        const Status added = HostsFileEditor::addHost(path, entry(u"web2"_s, u"192.0.2.20"_s));
        QCOMPARE(added.error().code, u"hosts_file_invalid"_s);
        QVERIFY2(added.error().message.contains(u"line 2"_s), qPrintable(added.error().message));
        QCOMPARE(readText(path), text);
    }

    void aFileThatIsNotUtf8IsNotChanged() {
        const QString path = newPath();
        const QByteArray bytes("# caf\xe9\nHost web1\n    HostName 192.0.2.10\n");
        QVERIFY(writeBytes(path, bytes));
        const Status removed = HostsFileEditor::removeHost(path, u"web1"_s);
        QCOMPARE(removed.error().code, u"hosts_file_invalid"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), bytes);
    }

    void windowsLineBreaksStay() {
        const QString path = newPath();
        QVERIFY(writeText(path, u"Host web1\r\n    HostName 192.0.2.10\r\n"_s));
        VERIFY_OK(
            HostsFileEditor::updateHost(path, u"web1"_s, entry(u"web1"_s, u"192.0.2.10"_s, 2200)));
        VERIFY_OK(HostsFileEditor::addHost(path, entry(u"web2"_s, u"192.0.2.20"_s)));
        QCOMPARE(readText(path),
                 u"Host web1\r\n    HostName 192.0.2.10\r\n    Port 2200\r\n"
                 "    User deploy\r\n\r\nHost web2\r\n    HostName 192.0.2.20\r\n"
                 "    Port 22\r\n    User deploy\r\n"_s);
    }

    void noHostsFileConfigured() {
        QCOMPARE(
            HostsFileEditor::addHost(QString(), entry(u"web1"_s, u"192.0.2.10"_s)).error().code,
            u"hosts_file_missing"_s);
    }

    void importCandidatesListTheConcreteAliasesResolved() {
        const QString sshConfig = newPath();
        QVERIFY(writeText(sshConfig,
                          u"Host web1 web1.prod\n"
                          "    HostName 192.0.2.10\n"
                          "    User deploy\n"
                          "Host db\n"
                          "    HostName db.internal\n"
                          "    Port 2222\n"
                          "    ProxyJump ops@gateway.example.com:2222\n"
                          "Host *\n"
                          "    User ops\n"
                          "    IdentityFile ~/.ssh/id_ops\n"_s));
        const QString hosts = newPath();
        QVERIFY(writeText(hosts, u"Host web1\n    HostName 192.0.2.10\n"_s));
        const Result<QList<HostImportCandidate>> listed =
            HostsFileEditor::importCandidates(sshConfig, hosts);
        QVERIFY2(listed.ok(), qPrintable(listed ? QString() : listed.error().message));
        QCOMPARE(listed->size(), 3);
        QCOMPARE(listed->at(0).entry.alias, u"web1"_s);
        QVERIFY(listed->at(0).allowed);
        QCOMPARE(listed->at(1).entry.alias, u"web1.prod"_s);
        QVERIFY(!listed->at(1).allowed);
        QCOMPARE(listed->at(1).entry.target(), u"deploy@192.0.2.10:22"_s);
        const HostEntry& db = listed->at(2).entry;
        QCOMPARE(db.target(), u"ops@db.internal:2222"_s);
        QCOMPARE(db.identityFiles, QStringList{QDir::homePath() + u"/.ssh/id_ops"_s});
        QVERIFY(!listed->at(2).allowed);

        // Without a hosts file nothing is allowed yet.
        const Result<QList<HostImportCandidate>> none =
            HostsFileEditor::importCandidates(sshConfig, newPath());
        QVERIFY(none.ok());
        QCOMPARE(none->size(), 3);
        QVERIFY(!none->at(0).allowed);
    }

    void importCandidatesWithoutAnSshConfig() {
        const QString missing = newPath();
        const Result<QList<HostImportCandidate>> listed =
            HostsFileEditor::importCandidates(missing, newPath());
        QVERIFY(!listed.ok());
        QCOMPARE(listed.error().code, u"import_source_missing"_s);
        QVERIFY2(listed.error().message.contains(missing), qPrintable(listed.error().message));
    }
};

QTEST_GUILESS_MAIN(TestHostsFileEditor)
#include "test_hosts_file_editor.moc"
