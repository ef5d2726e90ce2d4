#include "mcp/mcp_config.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace zerg;

namespace {

const QString kStoredValue = QStringLiteral("TOPSECRET-VALUE-42");

// A secret store in memory: unknown keys read as empty (not stored), "broken" as an error.
McpConfig::SecretReader secretsFrom(const QHash<QString, QString>& stored) {
    return [stored](const QString& key) -> Result<QString> {
        if (key == QLatin1String("broken"))
            return Error{QStringLiteral("keychain"), QStringLiteral("the keychain is locked")};
        return stored.value(key);
    };
}

// JSON written with single quotes: easier to read here than escaped quotes, and moc takes "//"
// in a raw string literal for a comment.
QByteArray json(const char* singleQuoted) {
    return QByteArray(singleQuoted).replace('\'', '"');
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

int fileMode(const QString& path) {
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 0777);
}

QJsonObject jsonObject(const QByteArray& json) {
    return QJsonDocument::fromJson(json).object();
}

}  // namespace

class TestMcpConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void goodStdioAndHttpServers() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        qputenv("ZERG_TEST_MCP_HOME", "/home/tester");
        const QString path = dir.filePath(QStringLiteral("mcp.json"));
        QByteArray text = json(
            "{'mcpServers': { "
            "'fs': {'command': 'npx', "
            "'args': ['-y', '@modelcontextprotocol/server-filesystem', '/srv'], "
            "'env': {'API_KEY': '${secret:fs_key}', "
            "'HOME_COPY': '${env:ZERG_TEST_MCP_HOME}/x', "
            "'PLAIN': 'v', "
            "'TWO': '${secret:a}-${secret:b}', "
            "'NESTED': '${secret:tricky}'}, "
            "'cwd': '@CWD@', "
            "'type': 'stdio', "
            "'timeoutSeconds': 120, "
            "'toolPolicy': {'write_file': 'never', 'read_file': 'allow', 'move_file': 'ask'}, "
            "'x-note': 'not for Zerg'}, "
            "'min': {'command': 'server-bin'}, "
            "'web': {'url': 'https://mcp.example.org/mcp', 'type': 'streamable-http', "
            "'headers': {'Authorization': 'Bearer ${secret:web_token}', 'X-Plain': 'p'}, "
            "'disabled': true} "
            "}}");
        text.replace("@CWD@", dir.path().toUtf8());
        QVERIFY(writeFile(path, text));

        QStringList asked;
        const auto reader = [&asked](const QString& key) -> Result<QString> {
            asked.append(key);
            static const QHash<QString, QString> stored{
                {QStringLiteral("fs_key"), QStringLiteral("k-123")},
                {QStringLiteral("a"), QStringLiteral("A")},
                {QStringLiteral("b"), QStringLiteral("B")},
                {QStringLiteral("tricky"), QStringLiteral("${env:ZERG_TEST_MCP_HOME}")},
                {QStringLiteral("web_token"), QStringLiteral("tok-xyz")},
            };
            return stored.value(key);
        };
        const McpConfig c = McpConfig::loadFile(path, reader);
        QVERIFY2(c.problems.isEmpty(), qPrintable(c.problemLines().join(QLatin1Char('\n'))));
        QCOMPARE(c.path, path);
        QCOMPARE(c.servers.size(), 3);
        QCOMPARE(c.servers.at(0).name, QStringLiteral("fs"));  // the file's (sorted) order
        QCOMPARE(c.servers.at(1).name, QStringLiteral("min"));
        QCOMPARE(c.servers.at(2).name, QStringLiteral("web"));

        const McpServerConfig* fs = c.find(QStringLiteral("fs"));
        QVERIFY(fs);
        QCOMPARE(fs->transport, McpTransportKind::Stdio);
        QCOMPARE(fs->command, QStringLiteral("npx"));
        QCOMPARE(fs->args, (QStringList{"-y", "@modelcontextprotocol/server-filesystem", "/srv"}));
        QCOMPARE(fs->env.value(QStringLiteral("API_KEY")), QStringLiteral("k-123"));
        QCOMPARE(fs->env.value(QStringLiteral("HOME_COPY")), QStringLiteral("/home/tester/x"));
        QCOMPARE(fs->env.value(QStringLiteral("PLAIN")), QStringLiteral("v"));
        QCOMPARE(fs->env.value(QStringLiteral("TWO")), QStringLiteral("A-B"));
        // A secret's value is not searched for references again.
        QCOMPARE(fs->env.value(QStringLiteral("NESTED")),
                 QStringLiteral("${env:ZERG_TEST_MCP_HOME}"));
        QCOMPARE(fs->env.size(), 5);
        QCOMPARE(fs->cwd, dir.path());
        QCOMPARE(fs->timeoutSeconds, 120);
        QCOMPARE(fs->disabled, false);
        QCOMPARE(fs->toolPolicy.size(), 3);
        QCOMPARE(fs->toolPolicy.value(QStringLiteral("write_file")), McpToolPolicy::Never);
        QCOMPARE(fs->toolPolicy.value(QStringLiteral("read_file")), McpToolPolicy::Allow);
        QCOMPARE(fs->toolPolicy.value(QStringLiteral("move_file")), McpToolPolicy::Ask);
        QVERIFY(fs->headers.isEmpty());

        const McpServerConfig* min = c.find(QStringLiteral("min"));
        QVERIFY(min);
        QCOMPARE(min->command, QStringLiteral("server-bin"));
        QVERIFY(min->args.isEmpty());
        QVERIFY(min->env.isEmpty());
        QVERIFY(min->cwd.isEmpty());
        QCOMPARE(min->timeoutSeconds, 60);
        QCOMPARE(min->disabled, false);
        QVERIFY(min->toolPolicy.isEmpty());

        const McpServerConfig* web = c.find(QStringLiteral("web"));
        QVERIFY(web);
        QCOMPARE(web->transport, McpTransportKind::Http);
        QCOMPARE(web->url, QUrl(QStringLiteral("https://mcp.example.org/mcp")));
        QCOMPARE(web->headers.value(QStringLiteral("Authorization")),
                 QStringLiteral("Bearer tok-xyz"));
        QCOMPARE(web->headers.value(QStringLiteral("X-Plain")), QStringLiteral("p"));
        QCOMPARE(web->disabled, true);
        QVERIFY(web->command.isEmpty());

        QVERIFY(!c.find(QStringLiteral("nope")));
        QVERIFY(asked.contains(QStringLiteral("web_token")));
        QVERIFY(asked.contains(QStringLiteral("fs_key")));
        qunsetenv("ZERG_TEST_MCP_HOME");
    }

    void typeSpellings_data() {
        QTest::addColumn<QByteArray>("entry");
        QTest::addColumn<McpTransportKind>("transport");
        QTest::newRow("stdio") << json("{'type': 'stdio', 'command': 'a'}")
                               << McpTransportKind::Stdio;
        QTest::newRow("http") << json("{'type': 'http', 'url': 'http://127.0.0.1:9/mcp'}")
                              << McpTransportKind::Http;
        QTest::newRow("streamable-http")
            << json("{'type': 'streamable-http', 'url': 'https://h/mcp'}")
            << McpTransportKind::Http;
        QTest::newRow("streamableHttp")
            << json("{'type': 'streamableHttp', 'url': 'https://h/mcp'}") << McpTransportKind::Http;
        QTest::newRow("no type") << json("{'url': 'HTTPS://h/mcp'}") << McpTransportKind::Http;
    }

    void typeSpellings() {
        QFETCH(QByteArray, entry);
        QFETCH(McpTransportKind, transport);
        const McpConfig c = McpConfig::parse(json("{'mcpServers': {'s': ") + entry + "}}",
                                             QStringLiteral("/x/mcp.json"), secretsFrom({}));
        QVERIFY2(c.problems.isEmpty(), qPrintable(c.problemLines().join(QLatin1Char('\n'))));
        QCOMPARE(c.servers.size(), 1);
        QCOMPARE(c.servers.at(0).transport, transport);
    }

    void missingFileIsNoServersAndNoProblem() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("nothing/mcp.json"));
        const McpConfig c = McpConfig::loadFile(path, secretsFrom({}));
        QVERIFY(c.servers.isEmpty());
        QVERIFY(c.problems.isEmpty());
        QVERIFY(c.problemLines().isEmpty());
        QCOMPARE(c.path, path);
    }

    void unreadableFileIsOneProblem() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("mcp.json"));
        QVERIFY(QDir().mkdir(path));  // a folder where the file should be
        const McpConfig c = McpConfig::loadFile(path, secretsFrom({}));
        QVERIFY(c.servers.isEmpty());
        QCOMPARE(c.problems.size(), 1);
        QVERIFY(c.problems.at(0).server.isEmpty());
        QVERIFY2(c.problems.at(0).message.contains(path), qPrintable(c.problems.at(0).message));
    }

    void notJsonNamesFileAndOffset() {
        const QString path = QStringLiteral("/etc/zerg/mcp.json");
        const QByteArray text = json("{'mcpServers': {'a': {'command': 'x',}}}");
        QJsonParseError err{};
        (void)QJsonDocument::fromJson(text, &err);
        QVERIFY(err.error != QJsonParseError::NoError);

        const McpConfig c = McpConfig::parse(text, path, secretsFrom({}));
        QVERIFY(c.servers.isEmpty());
        QCOMPARE(c.problems.size(), 1);
        const QString message = c.problems.at(0).message;
        QVERIFY(c.problems.at(0).server.isEmpty());
        QVERIFY2(message.contains(path), qPrintable(message));
        QVERIFY2(message.contains(err.errorString()), qPrintable(message));
        QVERIFY2(message.contains(QString::number(err.offset)), qPrintable(message));
        QCOMPARE(c.problemLines(), QStringList{QStringLiteral("mcp.json: ") + message});
    }

    void notAnObject() {
        const McpConfig c =
            McpConfig::parse("[1, 2]", QStringLiteral("/c/servers.json"), secretsFrom({}));
        QCOMPARE(c.problems.size(), 1);
        QVERIFY(c.problems.at(0).server.isEmpty());
        QVERIFY(c.problems.at(0).message.contains(QStringLiteral("/c/servers.json")));
        QVERIFY(c.problemLines().at(0).startsWith(QStringLiteral("servers.json: ")));
    }

    void missingMcpServers_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("absent") << json("{'servers': {'a': {'command': 'x'}}}");
        QTest::newRow("array") << json("{'mcpServers': [{'command': 'x'}]}");
        QTest::newRow("text") << json("{'mcpServers': 'none'}");
    }

    void missingMcpServers() {
        QFETCH(QByteArray, text);
        const QString path = QStringLiteral("/home/u/.config/zerg/mcp.json");
        const McpConfig c = McpConfig::parse(text, path, secretsFrom({}));
        QVERIFY(c.servers.isEmpty());
        QCOMPARE(c.problems.size(), 1);
        QVERIFY(c.problems.at(0).server.isEmpty());
        QVERIFY2(c.problems.at(0).message.contains(path), qPrintable(c.problems.at(0).message));
        QVERIFY(c.problems.at(0).message.contains(QStringLiteral("mcpServers")));
    }

    void emptyProblemLinesUseMcpJson() {
        const McpConfig c = McpConfig::parse("nope", QString(), secretsFrom({}));
        QCOMPARE(c.problems.size(), 1);
        QVERIFY2(c.problemLines().at(0).startsWith(QStringLiteral("mcp.json: ")),
                 qPrintable(c.problemLines().at(0)));
    }

    void badServerAmongGoodOnes_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("entry");
        QTest::addColumn<QStringList>("mentions");

        QTest::newRow("url scheme") << QStringLiteral("web") << json("{'url': 'ftp://x'}")
                                    << QStringList{"'url'", "http or https", "\"ftp://x\""};
        QTest::newRow("url without host") << QStringLiteral("web") << json("{'url': 'https://'}")
                                          << QStringList{"'url'", "http or https"};
        QTest::newRow("url not text")
            << QStringLiteral("web") << json("{'url': 5}") << QStringList{"'url'"};
        QTest::newRow("command and url")
            << QStringLiteral("both") << json("{'command': 'a', 'url': 'https://h/'}")
            << QStringList{"'command'", "'url'", "both"};
        QTest::newRow("neither") << QStringLiteral("none") << json("{'args': ['a']}")
                                 << QStringList{"'command'", "'url'"};
        QTest::newRow("empty command")
            << QStringLiteral("cmd") << json("{'command': ''}") << QStringList{"'command'"};
        QTest::newRow("entry not object")
            << QStringLiteral("flat") << json("'npx -y x'") << QStringList{"object"};
        QTest::newRow("space in name") << QStringLiteral("bad name") << json("{'command': 'a'}")
                                       << QStringList{"name", "1 to 32"};
        QTest::newRow("name too long") << QString(33, QLatin1Char('a')) << json("{'command': 'a'}")
                                       << QStringList{"name", "1 to 32"};
        QTest::newRow("empty name") << QString() << json("{'command': 'a'}") << QStringList{"name"};
        QTest::newRow("newline in name")
            << QStringLiteral("abc\n") << json("{'command': 'a'}") << QStringList{"name"};
        QTest::newRow("double underscore")
            << QStringLiteral("my__server") << json("{'command': 'a'}")
            << QStringList{"name", "\"__\"", "'my_server'"};
        QTest::newRow("policy word")
            << QStringLiteral("pol") << json("{'command': 'a', 'toolPolicy': {'delete': 'maybe'}}")
            << QStringList{"toolPolicy", "'delete'", "\"maybe\"", "allow", "never"};
        QTest::newRow("policy not object")
            << QStringLiteral("pol") << json("{'command': 'a', 'toolPolicy': 'allow'}")
            << QStringList{"toolPolicy"};
        QTest::newRow("timeout zero")
            << QStringLiteral("slow") << json("{'command': 'a', 'timeoutSeconds': 0}")
            << QStringList{"timeoutSeconds", "1 to 3600", "not 0"};
        QTest::newRow("timeout too long")
            << QStringLiteral("slow") << json("{'command': 'a', 'timeoutSeconds': 3601}")
            << QStringList{"timeoutSeconds", "3601"};
        QTest::newRow("timeout fraction")
            << QStringLiteral("slow") << json("{'command': 'a', 'timeoutSeconds': 1.5}")
            << QStringList{"timeoutSeconds"};
        QTest::newRow("timeout text")
            << QStringLiteral("slow") << json("{'command': 'a', 'timeoutSeconds': '60'}")
            << QStringList{"timeoutSeconds"};
        QTest::newRow("cwd missing")
            << QStringLiteral("dir")
            << json("{'command': 'a', 'cwd': '/nonexistent/zerg-test-folder'}")
            << QStringList{"'cwd'", "/nonexistent/zerg-test-folder"};
        QTest::newRow("cwd is a file")
            << QStringLiteral("dir")
            << QJsonDocument(
                   QJsonObject{{"command", "a"}, {"cwd", QCoreApplication::applicationFilePath()}})
                   .toJson()
            << QStringList{"'cwd'"};
        QTest::newRow("type sse") << QStringLiteral("old")
                                  << json("{'type': 'sse', 'url': 'https://h/sse'}")
                                  << QStringList{"'type'", "SSE", "Streamable HTTP endpoint"};
        QTest::newRow("type unknown")
            << QStringLiteral("odd") << json("{'type': 'websocket', 'url': 'https://h/'}")
            << QStringList{"'type'", "websocket"};
        QTest::newRow("type stdio with url")
            << QStringLiteral("odd") << json("{'type': 'stdio', 'url': 'https://h/'}")
            << QStringList{"'type'", "'url'"};
        QTest::newRow("type http with command")
            << QStringLiteral("odd") << json("{'type': 'http', 'command': 'a'}")
            << QStringList{"'type'", "'command'"};
        QTest::newRow("args not array")
            << QStringLiteral("arg") << json("{'command': 'a', 'args': '-y pkg'}")
            << QStringList{"'args'", "array"};
        QTest::newRow("args item not text")
            << QStringLiteral("arg") << json("{'command': 'a', 'args': ['x', 3]}")
            << QStringList{"'args'", "item 2"};
        QTest::newRow("env value not text")
            << QStringLiteral("envy") << json("{'command': 'a', 'env': {'PORT': 8080}}")
            << QStringList{"env 'PORT'", "text"};
        QTest::newRow("env not object")
            << QStringLiteral("envy") << json("{'command': 'a', 'env': ['A=1']}")
            << QStringList{"'env'"};
        QTest::newRow("headers not object")
            << QStringLiteral("hdr") << json("{'url': 'https://h/', 'headers': 'X: y'}")
            << QStringList{"'headers'"};
        QTest::newRow("disabled not bool")
            << QStringLiteral("off") << json("{'command': 'a', 'disabled': 'yes'}")
            << QStringList{"'disabled'", "true or false", "\"yes\""};
        QTest::newRow("bad secret key")
            << QStringLiteral("key")
            << json("{'url': 'https://h/', 'headers': {'A': '${secret:my key}'}}")
            << QStringList{"header 'A'", "${secret:my key}"};
    }

    void badServerAmongGoodOnes() {
        QFETCH(QString, name);
        QFETCH(QByteArray, entry);
        QFETCH(QStringList, mentions);

        QJsonParseError err{};
        const QJsonDocument wrapped = QJsonDocument::fromJson("[" + entry + "]", &err);
        QVERIFY2(err.error == QJsonParseError::NoError, qPrintable(err.errorString()));
        const QJsonObject servers{
            {QStringLiteral("aaa"), QJsonObject{{"command", "first"}}},
            {name, wrapped.array().at(0)},
            {QStringLiteral("zzz"), QJsonObject{{"url", "https://last.example/mcp"}}},
        };
        const QString path = QStringLiteral("/srv/conf/mcp.json");
        const McpConfig c = McpConfig::parse(
            QJsonDocument(QJsonObject{{"mcpServers", servers}}).toJson(), path, secretsFrom({}));

        QCOMPARE(c.servers.size(), 2);
        QVERIFY(c.find(QStringLiteral("aaa")));
        QVERIFY(c.find(QStringLiteral("zzz")));
        QVERIFY(!c.find(name));
        QCOMPARE(c.problems.size(), 1);
        QCOMPARE(c.problems.at(0).server, name);
        const QString message = c.problems.at(0).message;
        QVERIFY2(message.startsWith(QStringLiteral("server '%1': ").arg(name)),
                 qPrintable(message));
        for (const QString& m : mentions)
            QVERIFY2(message.contains(m),
                     qPrintable(QStringLiteral("'%1' not in: %2").arg(m, message)));
        QCOMPARE(c.problemLines(), QStringList{QStringLiteral("mcp.json: ") + message});
    }

    void badUrlMessage() {
        const McpConfig c = McpConfig::parse(json("{'mcpServers': {'web': {'url': 'ftp://x'}}}"),
                                             QStringLiteral("/c/mcp.json"), secretsFrom({}));
        QCOMPARE(c.problems.size(), 1);
        QCOMPARE(
            c.problems.at(0).message,
            QStringLiteral("server 'web': 'url' must be an http or https URL, not \"ftp://x\""));
    }

    void missingSecretIsAProblemOfThatServer() {
        const QByteArray text = json(
            "{'mcpServers': { "
            "'other': {'url': 'https://other.example/mcp', "
            "'headers': {'Authorization': 'Bearer ${secret:stored}'}}, "
            "'web': {'url': 'https://mcp.example.org/mcp', "
            "'headers': {'A-Key': '${secret:stored}', "
            "'Authorization': 'Bearer ${secret:web_token}'}} "
            "}}");
        const McpConfig c =
            McpConfig::parse(text, QStringLiteral("/c/mcp.json"),
                             secretsFrom({{QStringLiteral("stored"), kStoredValue}}));
        QCOMPARE(c.servers.size(), 1);
        QCOMPARE(c.servers.at(0).name, QStringLiteral("other"));
        QCOMPARE(c.servers.at(0).headers.value(QStringLiteral("Authorization")),
                 QStringLiteral("Bearer ") + kStoredValue);
        QCOMPARE(c.problems.size(), 1);
        QCOMPARE(c.problems.at(0).server, QStringLiteral("web"));
        QCOMPARE(
            c.problems.at(0).message,
            QStringLiteral("server 'web': header 'Authorization' names the secret 'web_token', "
                           "which is not stored. Store it with: zerg mcp secret set web_token"));
        for (const QString& line : c.problemLines())
            QVERIFY2(!line.contains(kStoredValue), qPrintable(line));
    }

    void unreadableSecretCarriesTheError() {
        const McpConfig c = McpConfig::parse(
            json("{'mcpServers': {'fs': {'command': 'a', 'env': {'TOKEN': '${secret:broken}'}}}}"),
            QStringLiteral("/c/mcp.json"), secretsFrom({}));
        QVERIFY(c.servers.isEmpty());
        QCOMPARE(c.problems.size(), 1);
        const QString message = c.problems.at(0).message;
        QVERIFY2(message.startsWith(QStringLiteral("server 'fs': env 'TOKEN'")),
                 qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("'broken'")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("the keychain is locked")), qPrintable(message));
        QVERIFY2(!message.contains(QStringLiteral("zerg mcp secret set")), qPrintable(message));
    }

    void unsetEnvironmentVariableIsAProblem() {
        qunsetenv("ZERG_TEST_MCP_UNSET");
        const McpConfig c = McpConfig::parse(json("{'mcpServers': {'fs': {'command': 'a', 'env': "
                                                  "{'P': '${env:ZERG_TEST_MCP_UNSET}'}}, "
                                                  "'ok': {'command': 'b'}}}"),
                                             QStringLiteral("/c/mcp.json"), secretsFrom({}));
        QCOMPARE(c.servers.size(), 1);
        QCOMPARE(c.problems.size(), 1);
        QCOMPARE(c.problems.at(0).server, QStringLiteral("fs"));
        QVERIFY2(c.problems.at(0).message.contains(QStringLiteral("env 'P'")),
                 qPrintable(c.problems.at(0).message));
        QVERIFY2(c.problems.at(0).message.contains(QStringLiteral("ZERG_TEST_MCP_UNSET")),
                 qPrintable(c.problems.at(0).message));
    }

    void unknownKeysAreIgnored() {
        const McpConfig c = McpConfig::parse(
            json("{'other': 1, 'mcpServers': {'s': {'command': 'a', 'x-note': {'any': [1]}}}}"),
            QStringLiteral("/c/mcp.json"), secretsFrom({}));
        QVERIFY(c.problems.isEmpty());
        QCOMPARE(c.servers.size(), 1);
    }

    void editsRoundTripAndKeepUnknownKeys() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("mcp.json"));
        QVERIFY(writeFile(
            path, json("{'other': 1, 'mcpServers': { "
                       "'fs': {'command': 'npx', 'args': ['-y', 'pkg'], 'x-note': 'keep me'}}}")));

        const QJsonObject web =
            jsonObject(json("{'url': 'https://mcp.example.org/mcp', 'x-note': 'for web', "
                            "'headers': {'Authorization': 'Bearer ${secret:web_token}'}}"));
        const Status put = mcp_config::putServer(path, QStringLiteral("web"), web);
        QVERIFY2(put.ok(), qPrintable(put.ok() ? QString() : put.error().message));
        QCOMPARE(fileMode(path), 0600);
        QVERIFY(readFile(path).contains("\n    "));  // indented for people

        Result<QJsonObject> stored = mcp_config::serverEntry(path, QStringLiteral("web"));
        QVERIFY(stored.ok());
        QCOMPARE(*stored, web);  // the secret reference is kept as written

        QVERIFY(mcp_config::setToolPolicy(path, QStringLiteral("fs"), QStringLiteral("write_file"),
                                          McpToolPolicy::Never)
                    .ok());
        QVERIFY(mcp_config::setToolPolicy(path, QStringLiteral("fs"), QStringLiteral("read_file"),
                                          McpToolPolicy::Allow)
                    .ok());
        stored = mcp_config::serverEntry(path, QStringLiteral("fs"));
        QVERIFY(stored.ok());
        QCOMPARE(stored->value(QStringLiteral("toolPolicy")).toObject(),
                 jsonObject(json("{'write_file': 'never', 'read_file': 'allow'}")));
        QCOMPARE(stored->value(QStringLiteral("x-note")).toString(), QStringLiteral("keep me"));
        QCOMPARE(stored->value(QStringLiteral("args")).toArray(), (QJsonArray{"-y", "pkg"}));

        McpConfig c = McpConfig::loadFile(path, secretsFrom({{"web_token", "t"}}));
        QVERIFY(c.problems.isEmpty());
        QVERIFY(c.find(QStringLiteral("fs")));
        QCOMPARE(c.find(QStringLiteral("fs"))->toolPolicy.value(QStringLiteral("write_file")),
                 McpToolPolicy::Never);

        QVERIFY(mcp_config::setToolPolicy(path, QStringLiteral("fs"), QStringLiteral("write_file"),
                                          std::nullopt)
                    .ok());
        stored = mcp_config::serverEntry(path, QStringLiteral("fs"));
        QCOMPARE(stored->value(QStringLiteral("toolPolicy")).toObject(),
                 jsonObject(json("{'read_file': 'allow'}")));
        QVERIFY(mcp_config::setToolPolicy(path, QStringLiteral("fs"), QStringLiteral("read_file"),
                                          std::nullopt)
                    .ok());
        stored = mcp_config::serverEntry(path, QStringLiteral("fs"));
        QVERIFY(!stored->contains(QStringLiteral("toolPolicy")));  // an empty one is dropped

        QVERIFY(mcp_config::setDisabled(path, QStringLiteral("fs"), true).ok());
        stored = mcp_config::serverEntry(path, QStringLiteral("fs"));
        QCOMPARE(stored->value(QStringLiteral("disabled")), QJsonValue(true));
        c = McpConfig::loadFile(path, secretsFrom({{"web_token", "t"}}));
        QVERIFY(c.find(QStringLiteral("fs")));
        QVERIFY(c.find(QStringLiteral("fs"))->disabled);
        QVERIFY(mcp_config::setDisabled(path, QStringLiteral("fs"), false).ok());
        stored = mcp_config::serverEntry(path, QStringLiteral("fs"));
        QVERIFY(!stored->contains(QStringLiteral("disabled")));
        QCOMPARE(stored->value(QStringLiteral("x-note")).toString(), QStringLiteral("keep me"));

        QVERIFY(mcp_config::removeServer(path, QStringLiteral("web")).ok());
        stored = mcp_config::serverEntry(path, QStringLiteral("web"));
        QVERIFY(stored.ok());
        QVERIFY(stored->isEmpty());
        QVERIFY(mcp_config::serverEntry(path, QStringLiteral("fs"))->contains("command"));

        const QJsonObject root = jsonObject(readFile(path));
        QCOMPARE(root.value(QStringLiteral("other")), QJsonValue(1));
        QCOMPARE(root.value(QStringLiteral("mcpServers")).toObject().keys(), QStringList{"fs"});
        QCOMPARE(fileMode(path), 0600);
    }

    void putServerCreatesFileAndFolder() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("config/zerg/mcp.json"));
        const QJsonObject fs = jsonObject(json("{'command': 'npx', 'env': {'K': '${secret:k}'}}"));
        const Status put = mcp_config::putServer(path, QStringLiteral("fs"), fs);
        QVERIFY2(put.ok(), qPrintable(put.ok() ? QString() : put.error().message));
        QVERIFY(QFileInfo(path).isFile());
        QCOMPARE(fileMode(path), 0600);
        QCOMPARE(fileMode(QFileInfo(path).absolutePath()), 0700);
        QCOMPARE(jsonObject(readFile(path)),
                 (QJsonObject{{QStringLiteral("mcpServers"), QJsonObject{{"fs", fs}}}}));

        // Replacing an entry replaces it as a whole.
        const QJsonObject other = jsonObject(json("{'command': 'uvx'}"));
        QVERIFY(mcp_config::putServer(path, QStringLiteral("fs"), other).ok());
        QCOMPARE(*mcp_config::serverEntry(path, QStringLiteral("fs")), other);

        // Unresolvable references are kept, not looked up, when a server is put.
        qunsetenv("ZERG_TEST_MCP_UNSET");
        const QJsonObject refs =
            jsonObject(json("{'url': 'https://h/mcp', "
                            "'headers': {'A': '${secret:not_stored}', "
                            "'B': '${env:ZERG_TEST_MCP_UNSET}'}}"));
        QVERIFY(mcp_config::putServer(path, QStringLiteral("web"), refs).ok());
        QCOMPARE(*mcp_config::serverEntry(path, QStringLiteral("web")), refs);
    }

    void putServerRefusesAnInvalidEntry_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("entry");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("url") << QStringLiteral("web") << json("{'url': 'ftp://x'}")
                             << QStringLiteral("'url'");
        QTest::newRow("neither") << QStringLiteral("web") << json("{'args': []}")
                                 << QStringLiteral("'command'");
        QTest::newRow("policy") << QStringLiteral("web")
                                << json("{'command': 'a', 'toolPolicy': {'t': 'yes'}}")
                                << QStringLiteral("toolPolicy");
        QTest::newRow("name") << QStringLiteral("a__b") << json("{'command': 'a'}")
                              << QStringLiteral("\"__\"");
        QTest::newRow("bad name") << QStringLiteral("a b") << json("{'command': 'a'}")
                                  << QStringLiteral("name");
    }

    void putServerRefusesAnInvalidEntry() {
        QFETCH(QString, name);
        QFETCH(QByteArray, entry);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("mcp.json"));
        const QByteArray before = json("{'other': 1, 'mcpServers': {'fs': {'command': 'x'}}}");
        QVERIFY(writeFile(path, before));

        const Status put = mcp_config::putServer(path, name, jsonObject(entry));
        QVERIFY(!put.ok());
        QCOMPARE(put.error().code, QStringLiteral("mcp_server_invalid"));
        QVERIFY2(put.error().message.startsWith(QStringLiteral("server '%1': ").arg(name)),
                 qPrintable(put.error().message));
        QVERIFY2(put.error().message.contains(mentions), qPrintable(put.error().message));
        QCOMPARE(readFile(path), before);

        // Nor is a missing file created for it.
        const QString fresh = dir.filePath(QStringLiteral("fresh/mcp.json"));
        QVERIFY(!mcp_config::putServer(fresh, name, jsonObject(entry)).ok());
        QVERIFY(!QFileInfo::exists(fresh));
    }

    void unknownServerErrors() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("mcp.json"));
        const QByteArray before = json("{'mcpServers': {'fs': {'command': 'x'}}}");
        QVERIFY(writeFile(path, before));

        const QList<Status> results{
            mcp_config::removeServer(path, QStringLiteral("nope")),
            mcp_config::setDisabled(path, QStringLiteral("nope"), true),
            mcp_config::setToolPolicy(path, QStringLiteral("nope"), QStringLiteral("t"),
                                      McpToolPolicy::Ask),
        };
        for (const Status& s : results) {
            QVERIFY(!s.ok());
            QCOMPARE(s.error().code, QStringLiteral("mcp_server_unknown"));
            QVERIFY2(s.error().message.contains(QStringLiteral("'nope'")),
                     qPrintable(s.error().message));
            QVERIFY2(s.error().message.contains(path), qPrintable(s.error().message));
        }
        QCOMPARE(readFile(path), before);

        const Result<QJsonObject> absent = mcp_config::serverEntry(path, QStringLiteral("nope"));
        QVERIFY(absent.ok());
        QVERIFY(absent->isEmpty());

        // A missing file has no servers either.
        const QString missing = dir.filePath(QStringLiteral("missing.json"));
        const Status removed = mcp_config::removeServer(missing, QStringLiteral("fs"));
        QVERIFY(!removed.ok());
        QCOMPARE(removed.error().code, QStringLiteral("mcp_server_unknown"));
        QVERIFY(mcp_config::serverEntry(missing, QStringLiteral("fs")).ok());
        QVERIFY(!QFileInfo::exists(missing));
    }

    void damagedOrUnreadableFileIsNotOverwritten() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("mcp.json"));
        const QByteArray broken = json("{'mcpServers': {'fs': {'command': 'x'}");
        QVERIFY(writeFile(path, broken));
        const QJsonObject entry = jsonObject(json("{'command': 'a'}"));

        const Status put = mcp_config::putServer(path, QStringLiteral("web"), entry);
        QVERIFY(!put.ok());
        QCOMPARE(put.error().code, QStringLiteral("mcp_config"));
        QVERIFY2(put.error().message.contains(path), qPrintable(put.error().message));
        QCOMPARE(readFile(path), broken);

        const Status disabled = mcp_config::setDisabled(path, QStringLiteral("fs"), true);
        QVERIFY(!disabled.ok());
        QCOMPARE(disabled.error().code, QStringLiteral("mcp_config"));
        QCOMPARE(readFile(path), broken);

        const Result<QJsonObject> read = mcp_config::serverEntry(path, QStringLiteral("fs"));
        QVERIFY(!read.ok());
        QCOMPARE(read.error().code, QStringLiteral("mcp_config"));
        QVERIFY(read.error().message.contains(path));

        const QString folder = dir.filePath(QStringLiteral("folder.json"));
        QVERIFY(QDir().mkdir(folder));
        const Result<QJsonObject> unreadable =
            mcp_config::serverEntry(folder, QStringLiteral("fs"));
        QVERIFY(!unreadable.ok());
        QCOMPARE(unreadable.error().code, QStringLiteral("mcp_config"));
        QVERIFY(unreadable.error().message.contains(folder));
    }
};

QTEST_GUILESS_MAIN(TestMcpConfig)
#include "test_mcp_config.moc"
