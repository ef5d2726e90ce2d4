// `zerg --help`, `zerg COMMAND --help` / `-h` and `zerg help COMMAND`: every command explains
// itself with examples, exits 0, and never touches the data folder. Runs the real binary.
#include "temp_env.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

class TestHelpCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_home;
    QTemporaryDir m_data;

    struct Run {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };

    // dataDir: empty means a folder that does not exist yet (help must not create it).
    QProcessEnvironment env(const QString& dataDir = {}) const {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const QString& k : e.keys()) {
            if (k.startsWith(QLatin1String("ZERG_")))
                e.remove(k);
        }
        e.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.path());
        e.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        e.insert(QStringLiteral("ZERG_DATA_DIR"),
                 dataDir.isEmpty() ? m_data.filePath(QStringLiteral("never")) : dataDir);
        // English source texts, whatever the machine's language.
        e.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        e.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
        return e;
    }

    Run zerg(const QStringList& args, const QString& dataDir = {}) const {
        const zerg::test::ProgramRun r =
            zerg::test::runProgram(QStringLiteral(ZERG_EXE), args, env(dataDir), 30000);
        return {r.code, r.out, r.err};
    }

    // Every command and subcommand that has its own help.
    static QList<QStringList> commands() {
        return {{QStringLiteral("ask")},
                {QStringLiteral("workers")},
                {QStringLiteral("workers"), QStringLiteral("list")},
                {QStringLiteral("workers"), QStringLiteral("show")},
                {QStringLiteral("workers"), QStringLiteral("grep")},
                {QStringLiteral("workers"), QStringLiteral("reindex")},
                {QStringLiteral("runs")},
                {QStringLiteral("hosts")},
                {QStringLiteral("key")},
                {QStringLiteral("serve")},
                {QStringLiteral("devices")},
                {QStringLiteral("connect")},
                {QStringLiteral("doctor")},
                {QStringLiteral("say")},
                {QStringLiteral("transcribe")},
                {QStringLiteral("help")}};
    }

    // The help of `words`, as printed by one way of asking for it.
    void verifyHelp(const QStringList& words, const QStringList& args) {
        const Run r = zerg(args);
        const QByteArray what = args.join(QLatin1Char(' ')).toUtf8();
        QVERIFY2(r.code == 0, what + "\n" + r.err);
        const QByteArray usage = "Usage: zerg " + words.join(QLatin1Char(' ')).toUtf8();
        QVERIFY2(r.out.startsWith(usage), what + " printed:\n" + r.out);
        QVERIFY2(r.out.contains("Example"), what + " printed:\n" + r.out);
        QVERIFY2(r.err.isEmpty(), what + "\n" + r.err);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_home.isValid());
        QVERIFY(m_data.isValid());
    }

    void topLevelHelpListsEveryCommand() {
        for (const QString& flag :
             {QStringLiteral("--help"), QStringLiteral("-h"), QStringLiteral("help")}) {
            const Run r = zerg({flag});
            QCOMPARE(r.code, 0);
            QVERIFY2(r.out.startsWith("Usage: zerg [COMMAND]"), r.out.constData());
            for (const char* word :
                 {"ask [--json] [--approve=allow|deny] TASK", "workers list", "workers show",
                  "workers grep", "workers reindex", "runs", "hosts", "key", "serve", "devices",
                  "connect", "doctor", "say TEXT", "transcribe FILE.wav", "help [COMMAND]",
                  "--version", "Example"}) {
                QVERIFY2(r.out.contains(word), word);
            }
        }
    }

    void everyCommandHasHelpWithExamples_data() {
        QTest::addColumn<QStringList>("words");
        for (const QStringList& words : commands())
            QTest::newRow(qPrintable(words.join(QLatin1Char(' ')))) << words;
    }
    void everyCommandHasHelpWithExamples() {
        QFETCH(QStringList, words);
        verifyHelp(words, words + QStringList{QStringLiteral("--help")});
        verifyHelp(words, words + QStringList{QStringLiteral("-h")});
        verifyHelp(words, QStringList{QStringLiteral("help")} + words);
        // Help wins over arguments that would be wrong or would start something.
        verifyHelp(words, words + QStringList{QStringLiteral("--bogus"), QStringLiteral("-h")});
        QVERIFY2(!QFileInfo::exists(m_data.filePath(QStringLiteral("never"))),
                 "asking for help created the data folder");
    }

    void subcommandHelpIsSpecific() {
        const Run grep =
            zerg({QStringLiteral("workers"), QStringLiteral("grep"), QStringLiteral("-h")});
        QCOMPARE(grep.code, 0);
        QVERIFY(grep.out.contains("--case-sensitive"));
        QVERIFY(!grep.out.contains("reindex"));
        const Run doctor = zerg({QStringLiteral("help"), QStringLiteral("doctor")});
        QVERIFY(doctor.out.contains("--json"));
        QVERIFY(doctor.out.contains("ZERG_DATA_DIR"));
    }

    void helpForAnUnknownCommandIsAUsageError() {
        const Run r = zerg({QStringLiteral("help"), QStringLiteral("frobnicate")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains("no help for 'frobnicate'"), r.err.constData());
        QVERIFY(r.err.contains("zerg --help"));
    }

    void aPatternAfterDoubleDashIsNotAHelpRequest() {
        // `zerg workers grep -- -h` searches for "-h"; nothing is there, so exit 1, no help.
        const Run r = zerg({QStringLiteral("workers"), QStringLiteral("grep"), QStringLiteral("--"),
                            QStringLiteral("-h")},
                           m_data.filePath(QStringLiteral("data")));
        QCOMPARE(r.code, 1);
        QVERIFY2(!r.out.contains("Usage:"), r.out.constData());
    }

    void versionPrintsTheVersion() {
        const Run r = zerg({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.out.startsWith("zerg ") && r.out.trimmed().size() > 5, r.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestHelpCli)
#include "test_help_cli.moc"
