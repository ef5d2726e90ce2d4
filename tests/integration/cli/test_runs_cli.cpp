// `zerg runs list|show|export`: the real binary against a data folder seeded through the Store.
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/store.h"

#include "temp_env.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace zerg;

namespace {

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);

}  // namespace

class TestRunsCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_home;  // isolates QSettings (XDG_CONFIG_HOME) from the developer's
    QTemporaryDir m_data;
    qint64 m_mainRun = 0;     // owner 1, supervisor, two workers, priced calls
    qint64 m_quickRun = 0;    // owner 1, quick, newest
    qint64 m_otherRun = 0;    // owner 2
    qint64 m_apologyRun = 0;  // owner 3, failed and answered with an apology
    QString m_workerId;

    struct Run {
        int code = -1;
        QByteArray out;
        QByteArray err;
    };

    Run zerg(const QStringList& args, qint64 owner = 1) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString& k : env.keys()) {
            if (k.startsWith(QLatin1String("ZERG_")))
                env.remove(k);
        }
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.path());
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_home.path());
        env.insert(QStringLiteral("ZERG_DATA_DIR"), m_data.path());
        env.insert(QStringLiteral("ZERG_OWNER_ID"), QString::number(owner));
        const zerg::test::ProgramRun r =
            zerg::test::runProgram(QStringLiteral(ZERG_EXE), args, env, 60000);
        return {r.code, r.out, r.err};
    }

    // One priced model call of owner 1 for the run.
    static bool recordCall(Store& store, qint64 runId, qint64 prompt, qint64 completion,
                           double cost) {
        LlmCallRecord c;
        c.ownerId = 1;
        c.runId = runId;
        c.role = QStringLiteral("supervisor");
        c.model = QStringLiteral("gpt-4o");
        c.promptTokens = prompt;
        c.completionTokens = completion;
        c.costUsd = cost;
        c.status = QStringLiteral("ok");
        c.createdAt = kT0.addSecs(2);
        return bool(store.recordLlmCall(c));
    }

private Q_SLOTS:
    // Seeds the database the binary opens (<ZERG_DATA_DIR>/zerg.sqlite) and the worker folders,
    // then closes them so the binary is the only writer.
    void initTestCase() {
        QVERIFY(m_home.isValid() && m_data.isValid());
        auto db = Database::open(QDir(m_data.path()).filePath(QStringLiteral("zerg.sqlite")), kT0);
        QVERIFY2(db, db ? "" : qPrintable(db.error().message));
        Store store(db.value().get());
        ArtifactStore artifacts(QDir(m_data.path()).filePath(QStringLiteral("workers")));

        const auto t1 = store.findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        const auto t2 = store.findOrCreateSupervisorThread(2, QStringLiteral("Jarvis"), kT0);
        QVERIFY(t1 && t2);
        const auto main =
            store.createRun(1, t1->id, QStringLiteral("check disk usage on cube"), kT0);
        QVERIFY(main);
        m_mainRun = main.value();
        const auto job = store.createJob(1, m_mainRun, QStringLiteral("Disk on cube"),
                                         QStringLiteral("worker-model"), kT0.addSecs(1));
        const auto idle = store.createJob(1, m_mainRun, QStringLiteral("Backup check"),
                                          QStringLiteral("worker-model"), kT0.addSecs(1));
        QVERIFY(job && idle);
        const auto worker = artifacts.createWorker(1, QStringLiteral("Disk on cube"),
                                                   kT0.addSecs(1), {{"job_id", job.value()}});
        QVERIFY(worker);
        m_workerId = worker.value();
        QVERIFY(store.markJobStarted(job.value(), m_workerId, kT0.addSecs(1)));
        QVERIFY(store.finishJob(job.value(), JobStatus::Success, {}, kT0.addSecs(13)));
        QVERIFY(store.finishJob(idle.value(), JobStatus::Cancelled, {}, kT0.addSecs(13)));
        QVERIFY(artifacts.completeWorker(m_workerId, QStringLiteral("success"), kT0.addSecs(13)));
        QVERIFY(artifacts.updateMetadata(m_workerId, {{"summary", "Cube / is 78% full."}}));
        QVERIFY(recordCall(store, m_mainRun, 4000, 500, 0.045));
        QVERIFY(store.finishRun(m_mainRun, RunStatus::Success,
                                QStringLiteral("Disk usage on cube: / is 78% full."), {},
                                kT0.addSecs(25)));

        const auto quick = store.createRun(1, t1->id, QStringLiteral("what time is it"),
                                           kT0.addSecs(60), QStringLiteral("quick"));
        QVERIFY(quick);
        m_quickRun = quick.value();
        QVERIFY(store.finishRun(m_quickRun, RunStatus::Success, QStringLiteral("12:01"), {},
                                kT0.addSecs(61)));

        const auto other =
            store.createRun(2, t2->id, QStringLiteral("owner two's secret task"), kT0.addSecs(120));
        QVERIFY(other);
        m_otherRun = other.value();
        QVERIFY(store.finishRun(m_otherRun, RunStatus::Failed, {}, QStringLiteral("boom"),
                                kT0.addSecs(121)));

        const auto t3 = store.findOrCreateSupervisorThread(3, QStringLiteral("Jarvis"), kT0);
        const auto apology =
            store.createRun(3, t3->id, QStringLiteral("check the backups"), kT0.addSecs(180));
        QVERIFY(apology);
        m_apologyRun = apology.value();
        QVERIFY(store.finishRun(
            m_apologyRun, RunStatus::Failed, QStringLiteral("Sorry, I couldn't finish this."),
            QStringLiteral("the model is overloaded"), kT0.addSecs(190), 0, 0,
            RunOutcome{3, QStringLiteral("llm_overloaded"), QStringLiteral("apology")}));
    }

    void helpMentionsRuns() {
        const Run r = zerg({QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("runs list"));
        QVERIFY(r.out.contains("runs show ID"));
        QVERIFY(r.out.contains("runs export ID|--all"));
    }

    void listJsonIsNewestFirstAndOwnersOnly() {
        const Run r =
            zerg({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonArray rows = QJsonDocument::fromJson(r.out).array();
        QCOMPARE(rows.size(), 2);
        const QJsonObject newest = rows.at(0).toObject();
        const QJsonObject main = rows.at(1).toObject();
        QCOMPARE(newest.value("run_id").toInteger(), m_quickRun);
        QCOMPARE(newest.value("mode").toString(), QStringLiteral("quick"));
        QCOMPARE(main.value("run_id").toInteger(), m_mainRun);
        QCOMPARE(main.value("mode").toString(), QStringLiteral("supervisor"));
        QCOMPARE(main.value("status").toString(), QStringLiteral("success"));
        QCOMPARE(main.value("tokens_used").toInteger(), 4500);
        QVERIFY(qAbs(main.value("cost_usd").toDouble() - 0.045) < 1e-9);
        QCOMPARE(main.value("duration_ms").toInteger(), 25000);
        QVERIFY(!r.out.contains("secret"));

        const Run one =
            zerg({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--json"),
                  QStringLiteral("--limit"), QStringLiteral("1")});
        QCOMPARE(one.code, 0);
        QCOMPARE(QJsonDocument::fromJson(one.out).array().size(), 1);
        // QCommandLineParser reads the options: --limit=N too, and in any order.
        const Run joined = zerg({QStringLiteral("runs"), QStringLiteral("list"),
                                 QStringLiteral("--limit=1"), QStringLiteral("--json")});
        QVERIFY2(joined.code == 0, joined.err.constData());
        QCOMPARE(QJsonDocument::fromJson(joined.out).array().size(), 1);
    }

    void listTableShowsTheColumns() {
        const Run r = zerg({QStringLiteral("runs"), QStringLiteral("list")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QList<QByteArray> lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 3);
        for (const char* column :
             {"ID", "STATUS", "MODE", "STARTED", "TIME", "TOKENS", "COST", "TASK"})
            QVERIFY2(lines.at(0).contains(column), column);
        QVERIFY(lines.at(1).contains("quick"));
        QVERIFY(lines.at(1).contains("what time is it"));
        QVERIFY(lines.at(2).contains("supervisor"));
        QVERIFY(lines.at(2).contains("25.0s"));
        QVERIFY(lines.at(2).contains("4500"));
        QVERIFY(lines.at(2).contains("$0.0450"));
        QVERIFY(lines.at(2).contains("check disk usage on cube"));
    }

    void showJsonHasTheDetails() {
        const Run r = zerg({QStringLiteral("runs"), QStringLiteral("show"),
                            QString::number(m_mainRun), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject d = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(d.value("run_id").toInteger(), m_mainRun);
        QCOMPARE(d.value("status").toString(), QStringLiteral("success"));
        QCOMPARE(d.value("mode").toString(), QStringLiteral("supervisor"));
        QCOMPARE(d.value("task").toString(), QStringLiteral("check disk usage on cube"));
        QCOMPARE(d.value("started_at").toString(), QStringLiteral("2026-01-01T12:00:00.000Z"));
        QCOMPARE(d.value("completed_at").toString(), QStringLiteral("2026-01-01T12:00:25.000Z"));
        QCOMPARE(d.value("result").toString(),
                 QStringLiteral("Disk usage on cube: / is 78% full."));
        QCOMPARE(d.value("tokens_used").toInteger(), 4500);
        QCOMPARE(d.value("usage").toObject().value("calls").toInteger(), 1);
        QVERIFY(qAbs(d.value("cost_usd").toDouble() - 0.045) < 1e-9);
        const QJsonArray workers = d.value("workers").toArray();
        QCOMPARE(workers.size(), 2);
        QCOMPARE(workers.at(0).toObject().value("worker_id").toString(), m_workerId);
        QCOMPARE(workers.at(0).toObject().value("summary").toString(),
                 QStringLiteral("Cube / is 78% full."));
        QCOMPARE(workers.at(0).toObject().value("duration_ms").toInteger(), 12000);
        QCOMPARE(workers.at(1).toObject().value("status").toString(), QStringLiteral("cancelled"));
    }

    void showTextListsWorkersAndResult() {
        const Run r =
            zerg({QStringLiteral("runs"), QStringLiteral("show"), QString::number(m_mainRun)});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("check disk usage on cube"));
        QVERIFY(r.out.contains("Workers"));
        QVERIFY(r.out.contains(m_workerId.toUtf8()));
        QVERIFY(r.out.contains("Cube / is 78% full."));
        QVERIFY(r.out.contains("Backup check"));
        QVERIFY(r.out.contains("$0.0450"));
        QVERIFY(r.out.contains("Disk usage on cube: / is 78% full."));
    }

    // A run Jarvis answered with an apology: failed, with its answer, its error and code, the
    // attempts and the fallback.
    void showTellsAnApologyFromItsFailure() {
        const Run text = zerg(
            {QStringLiteral("runs"), QStringLiteral("show"), QString::number(m_apologyRun)}, 3);
        QVERIFY2(text.code == 0, text.err.constData());
        QVERIFY(text.out.contains("failed"));
        QVERIFY2(text.out.contains("the model is overloaded (llm_overloaded)"),
                 text.out.constData());
        QVERIFY(text.out.contains("Attempts  3"));
        QVERIFY(text.out.contains("Jarvis answered directly with an apology"));
        QVERIFY(text.out.contains("Sorry, I couldn't finish this."));

        const Run json = zerg({QStringLiteral("runs"), QStringLiteral("show"),
                               QString::number(m_apologyRun), QStringLiteral("--json")},
                              3);
        QVERIFY2(json.code == 0, json.err.constData());
        const QJsonObject d = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(d.value("status").toString(), QStringLiteral("failed"));
        QCOMPARE(d.value("fallback").toString(), QStringLiteral("apology"));
        QCOMPARE(d.value("error_code").toString(), QStringLiteral("llm_overloaded"));
        QCOMPARE(d.value("attempts").toInteger(), 3);
        QCOMPARE(d.value("result").toString(), QStringLiteral("Sorry, I couldn't finish this."));
        QCOMPARE(d.value("error").toString(), QStringLiteral("the model is overloaded"));
        // A run without them says so with nulls and one attempt.
        const Run plain = zerg({QStringLiteral("runs"), QStringLiteral("show"),
                                QString::number(m_mainRun), QStringLiteral("--json")});
        const QJsonObject p = QJsonDocument::fromJson(plain.out).object();
        QVERIFY(p.value("fallback").isNull());
        QVERIFY(p.value("error_code").isNull());
        QCOMPARE(p.value("attempts").toInteger(), 1);
    }

    void unknownRunIsNotFound() {
        const Run r =
            zerg({QStringLiteral("runs"), QStringLiteral("show"), QStringLiteral("9999")});
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.trimmed(),
                 QByteArray("zerg: run 9999 not found. List runs with `zerg runs list`."));
    }

    void anotherOwnerSeesNothingOfOwnerOne() {
        const QByteArray expected = "zerg: run " + QByteArray::number(m_mainRun) +
                                    " not found. List runs with `zerg runs list`.";
        const Run show = zerg({QStringLiteral("runs"), QStringLiteral("show"),
                               QString::number(m_mainRun), QStringLiteral("--json")},
                              2);
        QCOMPARE(show.code, 1);
        QVERIFY(show.out.isEmpty());
        QCOMPARE(show.err.trimmed(), expected);

        const Run list =
            zerg({QStringLiteral("runs"), QStringLiteral("list"), QStringLiteral("--json")}, 2);
        QCOMPARE(list.code, 0);
        const QJsonArray rows = QJsonDocument::fromJson(list.out).array();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).toObject().value("run_id").toInteger(), m_otherRun);
        QCOMPARE(rows.at(0).toObject().value("error").toString(), QStringLiteral("boom"));

        // And owner 1 cannot read owner 2's run either.
        const Run back =
            zerg({QStringLiteral("runs"), QStringLiteral("show"), QString::number(m_otherRun)});
        QCOMPARE(back.code, 1);
        QVERIFY(!back.out.contains("secret") && !back.err.contains("secret"));
    }

    void exportPrintsMarkdown() {
        const Run r =
            zerg({QStringLiteral("runs"), QStringLiteral("export"), QString::number(m_mainRun)});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.err.isEmpty());
        QVERIFY2(r.out.startsWith("# Zerg run " + QByteArray::number(m_mainRun) + "\n"),
                 r.out.constData());
        QVERIFY(r.out.contains("## Run " + QByteArray::number(m_mainRun) +
                               ": check disk usage on cube\n"));
        QVERIFY(r.out.contains("### Answer\n\nDisk usage on cube: / is 78% full.\n"));
        QVERIFY(r.out.contains("#### Worker 1: Disk on cube"));
        QVERIFY(r.out.contains("#### Worker 2: Backup check"));
        QVERIFY(r.out.contains("Summary: Cube / is 78% full."));
        const QString folder =
            QDir(m_data.path()).filePath(QStringLiteral("workers/") + m_workerId);
        QVERIFY2(r.out.contains(QUrl::fromLocalFile(folder).toEncoded()), r.out.constData());
        // The same as --format md and --format markdown.
        for (const char* word : {"md", "markdown"}) {
            const Run same =
                zerg({QStringLiteral("runs"), QStringLiteral("export"), QString::number(m_mainRun),
                      QStringLiteral("--format"), QString::fromLatin1(word)});
            QVERIFY2(same.code == 0, same.err.constData());
            QCOMPARE(same.out.mid(same.out.indexOf("\n## Run")),
                     r.out.mid(r.out.indexOf("\n## Run")));
        }
    }

    void exportWritesJsonToAFile() {
        const QString file = QDir(m_home.path()).filePath(QStringLiteral("run.json"));
        const Run r =
            zerg({QStringLiteral("runs"), QStringLiteral("export"), QString::number(m_mainRun),
                  QStringLiteral("--format=json"), QStringLiteral("--out"), file});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains(file.toUtf8()), r.out.constData());
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonParseError error;
        const QJsonObject e = QJsonDocument::fromJson(f.readAll(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(e.value("format").toString(), QStringLiteral("zerg.run-export"));
        QCOMPARE(e.value("version").toInteger(), 1);
        QCOMPARE(e.value("scope").toString(), QStringLiteral("run"));
        QCOMPARE(e.value("owner_id").toInteger(), 1);
        const QJsonArray runs = e.value("runs").toArray();
        QCOMPARE(runs.size(), 1);
        const QJsonObject run = runs.at(0).toObject();
        QCOMPARE(run.value("run_id").toInteger(), m_mainRun);
        QCOMPARE(run.value("result").toString(),
                 QStringLiteral("Disk usage on cube: / is 78% full."));
        const QJsonArray workers = run.value("workers").toArray();
        QCOMPARE(workers.size(), 2);
        const QJsonObject w = workers.at(0).toObject();
        QCOMPARE(w.value("worker_id").toString(), m_workerId);
        QCOMPARE(w.value("folder").toString(),
                 QDir(m_data.path()).filePath(QStringLiteral("workers/") + m_workerId));
        QVERIFY(w.value("folder_url").toString().startsWith(QStringLiteral("file:///")));
        QVERIFY(workers.at(1).toObject().value("folder").isNull());
    }

    void exportAllIsTheOwnersConversationOldestFirst() {
        const Run r =
            zerg({QStringLiteral("runs"), QStringLiteral("export"), QStringLiteral("--all"),
                  QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject e = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(e.value("scope").toString(), QStringLiteral("conversation"));
        const QJsonArray runs = e.value("runs").toArray();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs.at(0).toObject().value("run_id").toInteger(), m_mainRun);
        QCOMPARE(runs.at(1).toObject().value("run_id").toInteger(), m_quickRun);
        QVERIFY(!r.out.contains("secret"));

        const Run md =
            zerg({QStringLiteral("runs"), QStringLiteral("export"), QStringLiteral("--all")});
        QVERIFY2(md.code == 0, md.err.constData());
        QVERIFY(md.out.startsWith("# Zerg conversation\n"));
        QVERIFY(md.out.indexOf("check disk usage on cube") < md.out.indexOf("what time is it"));
        QVERIFY(!md.out.contains("secret"));

        // Owner 2 sees only its own run; a failed one, with its error.
        const Run other =
            zerg({QStringLiteral("runs"), QStringLiteral("export"), QStringLiteral("--all")}, 2);
        QVERIFY2(other.code == 0, other.err.constData());
        QVERIFY(other.out.contains("owner two's secret task"));
        QVERIFY(other.out.contains("### Error\n\nboom\n"));
        QVERIFY(!other.out.contains("cube"));
    }

    void exportOfAnotherOwnersRunIsNotFound() {
        const QByteArray expected = "zerg: run " + QByteArray::number(m_mainRun) +
                                    " not found. List runs with `zerg runs list`.";
        const Run r =
            zerg({QStringLiteral("runs"), QStringLiteral("export"), QString::number(m_mainRun),
                  QStringLiteral("--format"), QStringLiteral("json")},
                 2);
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err.trimmed(), expected);
        const Run missing =
            zerg({QStringLiteral("runs"), QStringLiteral("export"), QStringLiteral("9999")});
        QCOMPARE(missing.code, 1);
        QCOMPARE(missing.err.trimmed(),
                 QByteArray("zerg: run 9999 not found. List runs with `zerg runs list`."));
    }

    void exportToAnUnwritablePlaceFails() {
        const QString file = QDir(m_home.path()).filePath(QStringLiteral("no/such/folder/x.md"));
        const Run r = zerg({QStringLiteral("runs"), QStringLiteral("export"),
                            QString::number(m_mainRun), QStringLiteral("--out"), file});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("cannot write " + file.toUtf8()), r.err.constData());
        QVERIFY(!QFile::exists(file));
    }

    void badArgumentsAreUsageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("no subcommand") << QStringList{"runs"} << QByteArray("runs needs 'list'");
        QTest::newRow("unknown subcommand")
            << QStringList{"runs", "frob"} << QByteArray("unknown command 'frob'");
        QTest::newRow("show without id")
            << QStringList{"runs", "show"} << QByteArray("needs one run id");
        QTest::newRow("show with a word")
            << QStringList{"runs", "show", "abc"} << QByteArray("'abc' is not a run id");
        QTest::newRow("show with two ids")
            << QStringList{"runs", "show", "1", "2"} << QByteArray("needs one run id");
        QTest::newRow("zero limit") << QStringList{"runs", "list", "--limit", "0"}
                                    << QByteArray("--limit needs a positive number");
        QTest::newRow("limit without number")
            << QStringList{"runs", "list", "--limit"} << QByteArray("--limit needs");
        QTest::newRow("stray argument")
            << QStringList{"runs", "list", "extra"} << QByteArray("unexpected argument extra");
        QTest::newRow("unknown option")
            << QStringList{"runs", "list", "--frob"} << QByteArray("unexpected argument --frob");
        QTest::newRow("joined zero limit") << QStringList{"runs", "list", "--limit=0"}
                                           << QByteArray("--limit needs a positive number");
        QTest::newRow("export without id")
            << QStringList{"runs", "export"} << QByteArray("needs one run id or --all");
        QTest::newRow("export with id and --all")
            << QStringList{"runs", "export", "12", "--all"} << QByteArray("not both");
        QTest::newRow("export with two ids")
            << QStringList{"runs", "export", "1", "2"} << QByteArray("needs one run id or --all");
        QTest::newRow("export with a word")
            << QStringList{"runs", "export", "abc"} << QByteArray("'abc' is not a run id");
        QTest::newRow("unknown format")
            << QStringList{"runs", "export", "12", "--format", "pdf"}
            << QByteArray("unknown format 'pdf'; --format takes md (or markdown) or json");
        QTest::newRow("format without value")
            << QStringList{"runs", "export", "12", "--format"} << QByteArray("--format takes md");
        QTest::newRow("empty out")
            << QStringList{"runs", "export", "12", "--out="} << QByteArray("--out needs a file");
        QTest::newRow("export --json")
            << QStringList{"runs", "export", "12", "--json"} << QByteArray("unknown option --json");
    }

    void badArgumentsAreUsageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QByteArray, message);
        const Run r = zerg(args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(message), r.err.constData());
        QVERIFY(r.err.contains("Usage: zerg runs"));
        QVERIFY(r.out.isEmpty());
    }

    void runsHelpIsNotAnError() {
        const Run r = zerg({QStringLiteral("runs"), QStringLiteral("--help")});
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Usage: zerg runs"));
    }
};

QTEST_GUILESS_MAIN(TestRunsCli)
#include "test_runs_cli.moc"
