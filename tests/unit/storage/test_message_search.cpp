// Migration 9 and Store::searchRuns: full-text search of the owner's conversation (the Threads
// page's search box). A run is found by a word of its question or of an answer, the last word
// also as a prefix; never another owner's run, never by a tool result; the user's text is never
// search syntax; deleted and changed messages leave the index; a database of the previous
// release gets its existing messages indexed. On SQLite (FTS5) and, as
// test_message_search_postgres (ZERG_TEST_DB=postgres), on a real PostgreSQL server (GIN).
#include "core/status.h"
#include "postgres_fixture.h"
#include "storage/database.h"
#include "storage/migrations.h"
#include "storage/store.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

namespace {

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);
constexpr qint64 kOwner = 1;
constexpr qint64 kOther = 2;

const QChar kOn(kSearchMatchStart);
const QChar kOff(kSearchMatchEnd);

QJsonObject user(const QString& text) {
    return {{"role", "user"}, {"content", text}};
}
QJsonObject assistant(const QString& text) {
    return {{"role", "assistant"}, {"content", text}};
}
QJsonObject toolCall(const QString& id, const QString& args) {
    return {{"role", "assistant"},
            {"content", QJsonValue()},
            {"tool_calls",
             QJsonArray{QJsonObject{
                 {"id", id},
                 {"type", "function"},
                 {"function", QJsonObject{{"name", "spawn_worker"}, {"arguments", args}}}}}}};
}
QJsonObject toolResult(const QString& id, const QString& content) {
    return {{"role", "tool"}, {"tool_call_id", id}, {"content", content}};
}

QString marked(const QString& word) {
    return kOn + word + kOff;
}

QList<qint64> runIds(const QList<RunSearchHit>& hits) {
    QList<qint64> ids;
    for (const RunSearchHit& h : hits)
        ids.append(h.run.id);
    return ids;
}

}  // namespace

class TestMessageSearch : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_n = 0;

    QString freshPath() { return m_tmp.filePath(QStringLiteral("m%1/zerg.sqlite").arg(++m_n)); }

    std::unique_ptr<Database> openOk(const QString& path) {
        auto db = test::openTestDatabase(path, kT0);
        if (!db)
            qWarning("%s", qPrintable(db.error().message));
        return db ? std::move(db).value() : nullptr;
    }

    // Owner 1: run A "check disk on cube" (a worker call, its result, the answer), run B
    // "restart nginx on web-01.example.com" (answered), each a minute apart. Owner 2: a run
    // about cube too.
    struct Fixture {
        std::unique_ptr<Database> db;
        std::unique_ptr<Store> store;
        qint64 thread = 0, otherThread = 0;
        qint64 runA = 0, runB = 0, otherRun = 0;
        int secs = 0;

        qint64 newRun(const QString& task, qint64 owner = kOwner) {
            const qint64 t = owner == kOwner ? thread : otherThread;
            const auto run = store->createRun(owner, t, task, kT0.addSecs(secs += 60));
            if (!run)
                qFatal("createRun: %s", qPrintable(run.error().message));
            return run.value();
        }
        qint64 append(qint64 run, const QJsonObject& body, qint64 owner = kOwner) {
            const auto seq = store->appendMessage(owner == kOwner ? thread : otherThread, run, body,
                                                  kT0.addSecs(++secs));
            if (!seq)
                qFatal("appendMessage: %s", qPrintable(seq.error().message));
            return seq.value();
        }
        QList<RunSearchHit> find(const QString& query, qint64 owner = kOwner, int limit = 50) {
            const auto hits = store->searchRuns(owner, query, limit);
            if (hits)
                return hits.value();
            qWarning("searchRuns(%s): %s", qPrintable(query), qPrintable(hits.error().message));
            RunSearchHit failed;  // a list no comparison expects
            failed.run.id = -1;
            return {failed};
        }
    };

    Fixture fixture() {
        Fixture f;
        f.db = openOk(freshPath());
        if (!f.db)
            return f;
        f.store = std::make_unique<Store>(f.db.get());
        f.thread = f.store->findOrCreateSupervisorThread(kOwner, QStringLiteral("Jarvis"), kT0)->id;
        f.otherThread =
            f.store->findOrCreateSupervisorThread(kOther, QStringLiteral("Jarvis"), kT0)->id;

        f.runA = f.newRun(QStringLiteral("check disk on cube"));
        f.append(f.runA, user(QStringLiteral("check disk on cube")));
        f.append(f.runA, toolCall(QStringLiteral("c1"), R"({"task":"df -h on cube"})"));
        f.append(f.runA, toolResult(QStringLiteral("c1"),
                                    R"({"status":"complete","result":"zqxvolume 42% used"})"));
        f.append(f.runA, assistant(QStringLiteral("The disk on cube is 42% full.")));

        f.runB = f.newRun(QStringLiteral("restart nginx on web-01.example.com"));
        f.append(f.runB, user(QStringLiteral("restart nginx on web-01.example.com")));
        f.append(f.runB, assistant(QStringLiteral("nginx restarted; it answers again.")));

        f.otherRun = f.newRun(QStringLiteral("cube secrets"), kOther);
        f.append(f.otherRun, user(QStringLiteral("what is on cube, secretly?")), kOther);
        return f;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void aFreshDatabaseHasTheIndex() {
        auto db = openOk(freshPath());
        QVERIFY(db);
        QVERIFY(migrations::latestVersion() >= 9);
        QCOMPARE(db->schemaVersion(), migrations::latestVersion());
        if (test::testsUsePostgres()) {
            QVERIFY(test::indexNames(db->connection(), QStringLiteral("messages"))
                        .contains(QStringLiteral("ix_messages_search")));
        } else {
            QSqlQuery q(db->connection());
            QVERIFY(
                q.exec(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE name IN "
                                      "('messages_fts', 'messages_fts_insert', "
                                      "'messages_fts_delete', 'messages_fts_update')")));
            QVERIFY(q.next());
            QCOMPARE(q.value(0).toInt(), 4);
        }
        // Each driver runs the common statements and its own, never the other's.
        const Migration& m9 = migrations::all().at(8);
        QCOMPARE(m9.version, 9);
        const QStringList sqlite = migrations::statementsFor(m9, QStringLiteral("QSQLITE"));
        const QStringList pg = migrations::statementsFor(m9, QStringLiteral("QPSQL"));
        QVERIFY(sqlite.join(' ').contains(QStringLiteral("fts5")));
        QVERIFY(!sqlite.join(' ').contains(QStringLiteral("USING GIN")));
        QVERIFY(pg.join(' ').contains(QStringLiteral("USING GIN")));
        QVERIFY(!pg.join(' ').contains(QStringLiteral("fts5")));
    }

    void aRunIsFoundByAWordOfItsQuestionOrAnswer() {
        Fixture f = fixture();
        QVERIFY(f.store);
        // A word of the question.
        QList<RunSearchHit> hits = f.find(QStringLiteral("nginx"));
        QCOMPARE(runIds(hits), QList<qint64>{f.runB});
        QCOMPARE(hits.at(0).run.task, QStringLiteral("restart nginx on web-01.example.com"));
        QCOMPARE(hits.at(0).run.ownerId, kOwner);
        QVERIFY2(hits.at(0).snippet.contains(marked(QStringLiteral("nginx"))),
                 qPrintable(hits.at(0).snippet));
        // A word of the answer only.
        hits = f.find(QStringLiteral("restarted"));
        QCOMPARE(runIds(hits), QList<qint64>{f.runB});
        QCOMPARE(hits.at(0).role, QStringLiteral("assistant"));
        QCOMPARE(hits.at(0).messageSeq, qint64(6));
        QCOMPARE(hits.at(0).snippet, QStringLiteral("nginx ") +
                                         marked(QStringLiteral("restarted")) +
                                         QStringLiteral("; it answers again."));
        hits = f.find(QStringLiteral("full"));
        QCOMPARE(runIds(hits), QList<qint64>{f.runA});
        QCOMPARE(hits.at(0).role, QStringLiteral("assistant"));
        QCOMPARE(hits.at(0).snippet, QStringLiteral("The disk on cube is 42% ") +
                                         marked(QStringLiteral("full")) + QStringLiteral("."));
        // Every word in one message; a phrase in quotes' place: words next to each other.
        QCOMPARE(runIds(f.find(QStringLiteral("disk cube"))), QList<qint64>{f.runA});
        QCOMPARE(runIds(f.find(QStringLiteral("check   disk"))), QList<qint64>{f.runA});
        QVERIFY(f.find(QStringLiteral("nginx 42")).isEmpty());  // in no one message
        // Case does not matter; punctuation splits words: a part of a host name finds it, and
        // a hyphenated query is its words next to each other.
        QCOMPARE(runIds(f.find(QStringLiteral("NGINX"))), QList<qint64>{f.runB});
        QCOMPARE(runIds(f.find(QStringLiteral("example"))), QList<qint64>{f.runB});
        QCOMPARE(runIds(f.find(QStringLiteral("web-01"))), QList<qint64>{f.runB});
        QCOMPARE(runIds(f.find(QStringLiteral("web-01.example.com"))), QList<qint64>{f.runB});
        QVERIFY(f.find(QStringLiteral("01-web")).isEmpty());
        // Both runs mention "on".
        QCOMPARE(runIds(f.find(QStringLiteral("on"))).size(), 2);
    }

    void theLastWordIsAlsoAPrefix() {
        Fixture f = fixture();
        QVERIFY(f.store);
        QList<RunSearchHit> hits = f.find(QStringLiteral("ngi"));
        QCOMPARE(runIds(hits), QList<qint64>{f.runB});
        QVERIFY2(hits.at(0).snippet.contains(marked(QStringLiteral("nginx"))),
                 qPrintable(hits.at(0).snippet));
        QCOMPARE(runIds(f.find(QStringLiteral("cu"))), QList<qint64>{f.runA});  // cube
        QCOMPARE(runIds(f.find(QStringLiteral("restart ngi"))), QList<qint64>{f.runB});
        QCOMPARE(runIds(f.find(QStringLiteral("web-0"))), QList<qint64>{f.runB});
        // Only the last word: the others are whole words.
        QVERIFY(f.find(QStringLiteral("ngi restart")).isEmpty());
        QVERIFY(f.find(QStringLiteral("cub disk")).isEmpty());
    }

    void accentsAreIgnoredOnSqlite() {
        Fixture f = fixture();
        QVERIFY(f.store);
        const qint64 run = f.newRun(QStringLiteral("Wetter in München"));
        f.append(run, user(QStringLiteral("Wie ist das Wetter in München?")));
        QCOMPARE(runIds(f.find(QStringLiteral("München"))), QList<qint64>{run});
        QCOMPARE(runIds(f.find(QStringLiteral("Münch"))), QList<qint64>{run});
        if (test::testsUsePostgres())
            QSKIP("PostgreSQL's 'simple' configuration keeps accents");
        const QList<RunSearchHit> hits = f.find(QStringLiteral("munchen"));
        QCOMPARE(runIds(hits), QList<qint64>{run});
        QVERIFY(hits.at(0).snippet.contains(marked(QStringLiteral("München"))));
    }

    void anotherOwnersRunsAreNeverFound() {
        Fixture f = fixture();
        QVERIFY(f.store);
        QCOMPARE(runIds(f.find(QStringLiteral("cube"))), QList<qint64>{f.runA});
        QVERIFY(f.find(QStringLiteral("secretly")).isEmpty());
        QCOMPARE(runIds(f.find(QStringLiteral("cube"), kOther)), QList<qint64>{f.otherRun});
        QVERIFY(f.find(QStringLiteral("nginx"), kOther).isEmpty());
        QVERIFY(f.find(QStringLiteral("cube"), 99).isEmpty());  // an owner without anything
    }

    void toolCallsAndResultsAreNotSearched() {
        Fixture f = fixture();
        QVERIFY(f.store);
        QVERIFY(f.find(QStringLiteral("zqxvolume")).isEmpty());  // in the tool result only
        QVERIFY(f.find(QStringLiteral("complete")).isEmpty());
        QVERIFY(f.find(QStringLiteral("df")).isEmpty());  // in the call's arguments only
        QVERIFY(f.find(QStringLiteral("spawn_worker")).isEmpty());
    }

    void theQueryIsNeverSearchSyntax() {
        Fixture f = fixture();
        QVERIFY(f.store);
        // Quotes, operators, column filters, JSON: words and separators, never an error.
        const QStringList finds{
            QStringLiteral("\"cube\""),     QStringLiteral("cube\""), QStringLiteral("'cube'"),
            QStringLiteral("cube*"),        QStringLiteral("(cube)"), QStringLiteral("-cube"),
            QStringLiteral("^cube"),        QStringLiteral("cube:"),  QStringLiteral("+cube"),
            QStringLiteral("\"check disk"), QStringLiteral("cube's"), QStringLiteral("{cube}"),
            QStringLiteral("c\\u0075be"),   QStringLiteral("cube\"}")};
        for (const QString& query : finds) {
            const auto hits = f.store->searchRuns(kOwner, query, 10);
            QVERIFY2(hits, qPrintable(query + ": " + (hits ? QString() : hits.error().message)));
            if (query == QStringLiteral("c\\u0075be") || query == QStringLiteral("cube's"))
                continue;  // other words: c, u0075be; cube, s
            QCOMPARE(runIds(hits.value()), QList<qint64>{f.runA});
        }
        const QStringList finish{
            QStringLiteral("cube OR nginx"),
            QStringLiteral("NOT cube"),
            QStringLiteral("cube AND"),
            QStringLiteral("NEAR(cube nginx)"),
            QStringLiteral("text:cube"),
            QStringLiteral("{\"role\":\"user\",\"content\":\"cube\"}"),
            QStringLiteral("'; DROP TABLE messages; --"),
            QStringLiteral("cube & nginx | !disk <-> x:*"),
            QStringLiteral("\\ % _ $$ $fn$ ? :name @@"),
            QStringLiteral("\"\"\"\" cube"),
            QString(QChar(kSearchMatchStart)) + QStringLiteral("cube"),
            QStringLiteral("日本語 🙂 cube"),
        };
        for (const QString& query : finish) {
            const auto hits = f.store->searchRuns(kOwner, query, 10);
            QVERIFY2(hits, qPrintable(query + ": " + (hits ? QString() : hits.error().message)));
        }
        QCOMPARE(runIds(f.find(QString(QChar(kSearchMatchStart)) + QStringLiteral("cube"))),
                 QList<qint64>{f.runA});
        // "OR" is a word here, and no message holds it.
        QVERIFY(f.find(QStringLiteral("cube OR nginx")).isEmpty());
        QCOMPARE(scalarCount(*f.db, QStringLiteral("messages")), 7);  // still there

        // Punctuation only: nothing to look for, no error.
        for (const QString& query :
             {QStringLiteral("?!"), QStringLiteral("--"), QStringLiteral("\"\" ''"),
              QStringLiteral("*"), QStringLiteral("{}:[],")}) {
            const auto hits = f.store->searchRuns(kOwner, query, 10);
            QVERIFY2(hits, qPrintable(query));
            QVERIFY(hits->isEmpty());
        }
    }

    void emptyOrOversizedQueriesAreRefused() {
        Fixture f = fixture();
        QVERIFY(f.store);
        for (const QString& query :
             {QString(), QStringLiteral(""), QStringLiteral("   "), QStringLiteral("\t\n ")}) {
            const auto hits = f.store->searchRuns(kOwner, query, 10);
            QVERIFY(!hits);
            QCOMPARE(hits.error().code, QStringLiteral("invalid_argument"));
            QVERIFY2(hits.error().message.contains(QStringLiteral("word")),
                     qPrintable(hits.error().message));
        }
        QStringList many;
        for (int i = 0; i <= Store::kMaxSearchWords; ++i)
            many.append(QStringLiteral("w%1").arg(i));
        auto hits = f.store->searchRuns(kOwner, many.join(' '), 10);
        QVERIFY(!hits);
        QCOMPARE(hits.error().code, QStringLiteral("invalid_argument"));
        QVERIFY(hits.error().message.contains(QString::number(Store::kMaxSearchWords)));
        many.removeLast();
        QVERIFY(f.store->searchRuns(kOwner, many.join(' '), 10));

        hits = f.store->searchRuns(kOwner, QString(Store::kMaxSearchChars + 1, 'x'), 10);
        QVERIFY(!hits);
        QCOMPARE(hits.error().code, QStringLiteral("invalid_argument"));
        QVERIFY(f.store->searchRuns(kOwner, QString(Store::kMaxSearchChars, 'x'), 10));

        hits = f.store->searchRuns(kOwner, QStringLiteral("cube"), 0);
        QVERIFY(!hits);
        QCOMPARE(hits.error().code, QStringLiteral("invalid_argument"));
    }

    void theBestMatchComesFirstThenTheNewest() {
        Fixture f = fixture();
        QVERIFY(f.store);
        // A long answer that mentions the word once, then (newer) a short question that is
        // nothing else: the short one is the better match.
        const qint64 wordy = f.newRun(QStringLiteral("report"));
        f.append(wordy, assistant(QStringLiteral(
                            "Here is the weekly report with many words about backups, "
                            "certificates, load averages, memory, swap, kernels and finally "
                            "uptime of every host in the fleet, one after the other.")));
        const qint64 terse = f.newRun(QStringLiteral("uptime"));
        f.append(terse, user(QStringLiteral("uptime")));
        QCOMPARE(runIds(f.find(QStringLiteral("uptime"))), (QList<qint64>{terse, wordy}));

        // Equal matches: the newest run first; a run counts once, by its best message.
        const qint64 first = f.newRun(QStringLiteral("load of db"));
        f.append(first, user(QStringLiteral("load of db")));
        f.append(first, assistant(QStringLiteral("load of db")));
        const qint64 second = f.newRun(QStringLiteral("load of db"));
        f.append(second, user(QStringLiteral("load of db")));
        QList<RunSearchHit> hits = f.find(QStringLiteral("load of db"));
        QCOMPARE(runIds(hits), (QList<qint64>{second, first}));
        QCOMPARE(hits.at(1).messageSeq, hits.at(0).messageSeq - 2);  // its question, not answer
        QCOMPARE(hits.at(1).role, QStringLiteral("user"));

        // The limit is a limit.
        hits = f.find(QStringLiteral("load"), kOwner, 1);
        QCOMPARE(runIds(hits), QList<qint64>{second});
    }

    void aSnippetIsAFewWordsAroundTheMatch() {
        Fixture f = fixture();
        QVERIFY(f.store);
        QStringList words;
        for (int i = 0; i < 60; ++i)
            words.append(QStringLiteral("word%1").arg(i));
        words[40] = QStringLiteral("haystackneedle");
        const qint64 run = f.newRun(QStringLiteral("long"));
        f.append(run, assistant(words.join(QStringLiteral(" "))));
        const QList<RunSearchHit> hits = f.find(QStringLiteral("haystackneedle"));
        QCOMPARE(hits.size(), 1);
        const QString snippet = hits.at(0).snippet;
        QVERIFY2(snippet.startsWith(QStringLiteral("…")), qPrintable(snippet));
        QVERIFY2(snippet.endsWith(QStringLiteral("…")), qPrintable(snippet));
        QVERIFY(snippet.contains(marked(QStringLiteral("haystackneedle"))));
        QVERIFY(!snippet.contains(QStringLiteral("word0 ")));
        QVERIFY(snippet.split(' ').size() <= 20);
        QCOMPARE(snippet.count(kOn), 1);
        QCOMPARE(snippet.count(kOff), 1);

        // The marker characters in a message are not the snippet's: they are left out.
        const qint64 odd = f.newRun(QStringLiteral("odd"));
        f.append(odd, user(QStringLiteral("privateuse ") + kOn + QStringLiteral("x") + kOff +
                           QStringLiteral(" marker")));
        const QList<RunSearchHit> oddHits = f.find(QStringLiteral("privateuse"));
        QCOMPARE(runIds(oddHits), QList<qint64>{odd});
        QCOMPARE(oddHits.at(0).snippet,
                 marked(QStringLiteral("privateuse")) + QStringLiteral(" x marker"));
    }

    void deletedAndChangedMessagesLeaveTheIndex() {
        Fixture f = fixture();
        QVERIFY(f.store);
        QCOMPARE(runIds(f.find(QStringLiteral("restarted"))), QList<qint64>{f.runB});
        // Nothing in Zerg deletes or edits a message today (hygiene prunes worker folders, not
        // the conversation); the index follows the table whoever changes it.
        QSqlQuery q(f.db->connection());
        QVERIFY2(
            q.exec(
                QStringLiteral("DELETE FROM messages WHERE run_id = %1 AND seq = 6").arg(f.runB)),
            qPrintable(q.lastError().text()));
        QCOMPARE(q.numRowsAffected(), 1);
        QVERIFY(f.find(QStringLiteral("restarted")).isEmpty());
        QCOMPARE(runIds(f.find(QStringLiteral("nginx"))), QList<qint64>{f.runB});  // the question

        QVERIFY2(q.exec(QStringLiteral("UPDATE messages SET body = "
                                       "'{\"role\":\"user\",\"content\":\"reboot zanzibar\"}' "
                                       "WHERE run_id = %1 AND seq = 5")
                            .arg(f.runB)),
                 qPrintable(q.lastError().text()));
        QVERIFY(f.find(QStringLiteral("nginx")).isEmpty());
        QCOMPARE(runIds(f.find(QStringLiteral("zanzibar"))), QList<qint64>{f.runB});

        // A tool message deleted: nothing to take out, no error.
        QVERIFY(q.exec(
            QStringLiteral("DELETE FROM messages WHERE run_id = %1 AND seq = 3").arg(f.runA)));
        QCOMPARE(runIds(f.find(QStringLiteral("cube"))), QList<qint64>{f.runA});
        if (!test::testsUsePostgres()) {
            QVERIFY2(q.exec(QStringLiteral(
                         "INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')")),
                     qPrintable(q.lastError().text()));
        }
    }

    void oddBodiesAreSavedAndSkipped() {
        Fixture f = fixture();
        QVERIFY(f.store);
        // A NUL character: jsonb refuses "\u0000", so PostgreSQL's index skips the message; it
        // is saved all the same.
        const qint64 run = f.newRun(QStringLiteral("nul"));
        f.append(run, user(QStringLiteral("binary") + QChar(0) + QStringLiteral("garbage")));
        QVERIFY(f.store->searchRuns(kOwner, QStringLiteral("binary"), 10));
        // Content as an array of parts: its text parts are searched.
        f.append(run, QJsonObject{
                          {"role", "user"},
                          {"content",
                           QJsonArray{QJsonObject{{"type", "text"}, {"text", "first part"}},
                                      QJsonObject{{"type", "image_url"}, {"image_url", "zorblax"}},
                                      QJsonObject{{"type", "text"}, {"text", "parttwo"}}}}});
        QCOMPARE(runIds(f.find(QStringLiteral("parttwo"))), QList<qint64>{run});
        QVERIFY(f.find(QStringLiteral("zorblax")).isEmpty());
        // No content, another role, not an object: skipped.
        f.append(run, QJsonObject{{"role", "user"}});
        f.append(run, QJsonObject{{"role", "system"}, {"content", "systemword"}});
        QVERIFY(f.find(QStringLiteral("systemword")).isEmpty());
        QSqlQuery q(f.db->connection());
        QVERIFY2(q.exec(QStringLiteral("INSERT INTO messages (thread_id, run_id, seq, body, "
                                       "created_at) VALUES (%1, %2, 99, 'not json', 'x')")
                            .arg(f.thread)
                            .arg(run)),
                 qPrintable(q.lastError().text()));
        QVERIFY(f.find(QStringLiteral("json")).isEmpty());
    }

    // A database of the previous release (migrations 1 to 8) with a conversation in it: opening
    // it indexes the messages it has.
    void migration9IndexesTheMessagesThatWereThere() {
        const QString path = freshPath();
        QVERIFY(QDir().mkpath(QFileInfo(path).absolutePath()));
        const QString connection = QStringLiteral("v8-maker");
        {
            Result<QSqlDatabase> opened = test::rawTestConnection(path, connection);
            QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
            QSqlDatabase raw = std::move(opened).value();
            auto q = std::make_unique<QSqlQuery>(raw);
            QVERIFY(
                q->exec(QStringLiteral("CREATE TABLE schema_migrations (version INTEGER "
                                       "PRIMARY KEY, applied_at TEXT NOT NULL)")));
            for (const Migration& m : migrations::all()) {
                if (m.version > 8)
                    break;
                for (const QString& statement : migrations::statementsFor(m, raw.driverName()))
                    QVERIFY2(q->exec(statement), qPrintable(q->lastError().text()));
                QVERIFY(q->exec(QStringLiteral("INSERT INTO schema_migrations VALUES "
                                               "(%1, '2026-06-01T00:00:00.000Z')")
                                    .arg(m.version)));
            }
            QVERIFY(
                q->exec(QStringLiteral("INSERT INTO owners VALUES (1, 'me', 'x'), "
                                       "(2, 'them', 'x')")));
            QVERIFY(
                q->exec(QStringLiteral("INSERT INTO threads (id, owner_id, created_at, "
                                       "updated_at) VALUES (7, 1, 'x', 'x'), (8, 2, 'x', 'x')")));
            QVERIFY(
                q->exec(QStringLiteral("INSERT INTO runs (id, owner_id, thread_id, task, status, "
                                       "started_at) VALUES (9, 1, 7, 'old question', 'success', "
                                       "'2026-05-01T00:00:00.000Z'), (10, 2, 8, 'theirs', "
                                       "'success', '2026-05-02T00:00:00.000Z')")));
            const QStringList bodies{
                R"({"role":"user","content":"is the legacyhost backup done?"})",
                R"({"role":"assistant","content":null,"tool_calls":[]})",
                R"({"role":"tool","tool_call_id":"c1","content":"toolonlyword"})",
                R"({"role":"assistant","content":"Yes, the backup of legacyhost finished."})",
                R"({"role":"user","content":[{"type":"text","text":"arraypart here"}]})",
                R"(not json at all)",
            };
            int seq = 0;
            for (const QString& body : bodies) {
                q->prepare(
                    QStringLiteral("INSERT INTO messages (thread_id, run_id, seq, body, "
                                   "created_at) VALUES (7, 9, ?, ?, 'x')"));
                q->addBindValue(++seq);
                q->addBindValue(body);
                QVERIFY2(q->exec(), qPrintable(q->lastError().text()));
            }
            QVERIFY(q->exec(QStringLiteral(
                "INSERT INTO messages (thread_id, run_id, seq, body, created_at) VALUES (8, 10, "
                "1, '{\"role\":\"user\",\"content\":\"legacyhost is mine\"}', 'x')")));
            q.reset();  // its prepared statement goes before the connection closes
            raw.close();
        }
        QSqlDatabase::removeDatabase(connection);

        auto db = openOk(path);
        QVERIFY(db);
        QCOMPARE(db->schemaVersion(), migrations::latestVersion());
        Store store(db.get());
        auto hits = store.searchRuns(1, QStringLiteral("legacyhost"), 10);
        QVERIFY2(hits, hits ? "" : qPrintable(hits.error().message));
        QCOMPARE(runIds(hits.value()), QList<qint64>{9});
        QCOMPARE(hits->at(0).run.task, QStringLiteral("old question"));
        hits = store.searchRuns(1, QStringLiteral("finished"), 10);
        QCOMPARE(runIds(hits.value()), QList<qint64>{9});
        QCOMPARE(hits->at(0).messageSeq, qint64(4));
        QCOMPARE(runIds(store.searchRuns(1, QStringLiteral("arraypart"), 10).value()),
                 QList<qint64>{9});
        QVERIFY(store.searchRuns(1, QStringLiteral("toolonlyword"), 10)->isEmpty());
        QCOMPARE(runIds(store.searchRuns(2, QStringLiteral("legacyhost"), 10).value()),
                 QList<qint64>{10});
    }

private:
    static int scalarCount(const Database& db, const QString& table) {
        QSqlQuery q(db.connection());
        if (!q.exec(QStringLiteral("SELECT COUNT(*) FROM %1").arg(table)) || !q.next())
            return -1;
        return q.value(0).toInt();
    }
};

QTEST_GUILESS_MAIN(TestMessageSearch)
#include "test_message_search.moc"
