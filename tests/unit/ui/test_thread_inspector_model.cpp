// The dashboard's Threads page model over a real Store on a temporary SQLite file: the owner's
// runs with tokens, cost (known, unknown, none) and workers; a selected run's transcript with tool
// calls and results; the memory summary; the search of all runs and selecting what it found; and
// live updates from events on a real EventBus.
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "dashboard/threads_source.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/store.h"
#include "ui/app_language.h"
#include "ui/thread_inspector_model.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;
constexpr qint64 kOther = 2;
const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);

QJsonObject userMessage(const QString& text) {
    return {{"role", "user"}, {"content", text}};
}
QJsonObject assistantText(const QString& text) {
    return {{"role", "assistant"}, {"content", text}};
}
QJsonObject assistantCall(const QString& id, const QString& name, const QString& args) {
    return {{"role", "assistant"},
            {"content", QJsonValue()},
            {"tool_calls", QJsonArray{QJsonObject{
                               {"id", id},
                               {"type", "function"},
                               {"function", QJsonObject{{"name", name}, {"arguments", args}}}}}}};
}
QJsonObject toolResult(const QString& id, const QString& content) {
    return {{"role", "tool"}, {"tool_call_id", id}, {"content", content}};
}

// A database with two owners. Owner 1: run A (quick, one priced call), run B (supervisor: a
// spawn_worker call and its result, two jobs, one priced and one unpriced call), run C
// (running, no calls yet), and a memory summary over A's messages. Owner 2: one run.
struct Fixture {
    Fixture() {
        auto opened = Database::open(dir.filePath(QStringLiteral("zerg.sqlite")), kT0);
        if (!opened)
            qFatal("%s", qPrintable(opened.error().message));
        db = std::move(opened).value();
        store = std::make_unique<Store>(db.get());
        source = std::make_unique<StoreThreadsSource>(store.get(), kOwner);
        threadId = store->findOrCreateSupervisorThread(kOwner, "Jarvis", kT0)->id;
        otherThreadId = store->findOrCreateSupervisorThread(kOther, "Jarvis", kT0)->id;

        runA = store->createRun(kOwner, threadId, "what time is it", kT0, "quick").value();
        append(runA, userMessage("what time is it"), 0);
        append(runA, assistantText("It is noon."), 1);
        call(runA, 0, 120, 30, 0.002);
        (void)store->finishRun(runA, RunStatus::Success, "It is noon.", {}, kT0.addSecs(2), 120,
                               30);

        runB = store->createRun(kOwner, threadId, "check disk on cube", kT0.addSecs(60)).value();
        append(runB, userMessage("check disk on cube"), 60);
        append(runB, assistantCall("call_1", "spawn_worker", R"({"task":"df -h on cube"})"), 61);
        append(runB, toolResult("call_1", R"({"status":"complete","result":"42% used"})"), 90);
        append(runB, assistantText("The disk on cube is 42% full."), 91);
        jobB1 = store->createJob(kOwner, runB, "df -h on cube", "gpt-x", kT0.addSecs(61)).value();
        (void)store->markJobStarted(jobB1, "2026-01-01T12-01-01_df-cube", kT0.addSecs(62));
        (void)store->finishJob(jobB1, JobStatus::Success, {}, kT0.addSecs(89));
        jobB2 = store->createJob(kOwner, runB, "du on cube", "gpt-x", kT0.addSecs(63)).value();
        call(runB, 0, 1000, 200, 0.01);
        call(runB, jobB1, 500, 100, std::nullopt);  // a model without a known price
        (void)store->finishRun(runB, RunStatus::Success, "The disk on cube is 42% full.", {},
                               kT0.addSecs(92), 1000, 200);

        runC = store->createRun(kOwner, threadId, "restart nginx", kT0.addSecs(120)).value();
        append(runC, userMessage("restart nginx"), 120);

        (void)store->saveMemory(threadId, 2, "The user asked the time; it was noon.",
                                kT0.addSecs(100));

        otherRun = store->createRun(kOther, otherThreadId, "someone else's secret", kT0).value();
        append(otherRun, userMessage("someone else's secret"), 0, otherThreadId);
    }

    void append(qint64 run, const QJsonObject& body, int secs, qint64 thread = 0) {
        if (!store->appendMessage(thread ? thread : threadId, run, body, kT0.addSecs(secs)))
            qFatal("appendMessage failed");
    }
    void call(qint64 run, qint64 job, qint64 prompt, qint64 completion,
              std::optional<double> cost) {
        LlmCallRecord c;
        c.ownerId = kOwner;
        c.runId = run;
        c.jobId = job;
        c.role = job ? "worker" : "supervisor";
        c.agent = "supervisor";
        c.provider = "openai";
        c.model = "gpt-x";
        c.promptTokens = prompt;
        c.completionTokens = completion;
        c.costUsd = cost;
        c.status = "ok";
        c.createdAt = kT0;
        if (!store->recordLlmCall(c))
            qFatal("recordLlmCall failed");
    }

    // Builds the model (after the rows above exist) and checks its models against the contract.
    ThreadInspectorModel& model() {
        if (!m) {
            m = std::make_unique<ThreadInspectorModel>(source.get(), kOwner, &bus);
            for (QAbstractItemModel* sub : {static_cast<QAbstractItemModel*>(m->runs()),
                                            static_cast<QAbstractItemModel*>(m->messages()),
                                            static_cast<QAbstractItemModel*>(m->workers()),
                                            static_cast<QAbstractItemModel*>(m->searchResults())}) {
                testers.push_back(std::make_unique<QAbstractItemModelTester>(
                    sub, QAbstractItemModelTester::FailureReportingMode::QtTest));
            }
        }
        return *m;
    }

    void publish(const char* name, QJsonObject data, qint64 owner = kOwner) {
        bus.publish(QString::fromLatin1(name), owner, std::move(data));
    }

    QVariant run(int row, int role) { return model().runs()->index(row).data(role); }
    QStringList runColumn(int role) {
        QStringList out;
        for (int r = 0; r < model().runs()->rowCount(); ++r)
            out << run(r, role).toString();
        return out;
    }
    QStringList messageColumn(int role) {
        QStringList out;
        for (int r = 0; r < model().messages()->rowCount(); ++r)
            out << model().messages()->index(r).data(role).toString();
        return out;
    }
    QStringList workerColumn(int role) {
        QStringList out;
        for (int r = 0; r < model().workers()->rowCount(); ++r)
            out << model().workers()->index(r).data(role).toString();
        return out;
    }

    QTemporaryDir dir;
    std::unique_ptr<Database> db;
    std::unique_ptr<Store> store;
    std::unique_ptr<StoreThreadsSource> source;
    ManualClock clock{kT0.addSecs(300)};
    EventBus bus{&clock};
    qint64 threadId = 0, otherThreadId = 0;
    qint64 runA = 0, runB = 0, runC = 0, otherRun = 0;
    qint64 jobB1 = 0, jobB2 = 0;
    std::unique_ptr<ThreadInspectorModel> m;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
};

// A source that answers only when the test says so, in the order the test chooses: what a remote
// source may do. Every request is kept with its reply.
struct FakeThreadsSource final : ThreadsSource {
    struct RunAsk {
        qint64 runId;
        SourceReply<RunDetail> done;
    };
    struct TotalsAsk {
        QList<qint64> runIds;
        SourceReply<QList<RunTotals>> done;
    };
    struct MessagesAsk {
        qint64 runId;
        qint64 afterSeq;
        SourceReply<QList<StoredMessage>> done;
    };
    struct SearchAsk {
        QString query;
        int limit;
        SourceReply<QList<RunSearchHit>> done;
    };

    void runs(int, QObject*, SourceReply<QList<RunRecord>> done) override {
        runsAsks.append(std::move(done));
    }
    void run(qint64 runId, QObject*, SourceReply<RunDetail> done) override {
        runAsks.append({runId, std::move(done)});
    }
    void runTotals(const QList<qint64>& runIds, QObject*,
                   SourceReply<QList<RunTotals>> done) override {
        totalsAsks.append({runIds, std::move(done)});
    }
    void messages(qint64 runId, qint64 afterSeq, QObject*,
                  SourceReply<QList<StoredMessage>> done) override {
        messagesAsks.append({runId, afterSeq, std::move(done)});
    }
    void memory(QObject*, SourceReply<std::optional<ThreadMemory>> done) override {
        memoryAsks.append(std::move(done));
    }
    void search(const QString& query, int limit, QObject*,
                SourceReply<QList<RunSearchHit>> done) override {
        searchAsks.append({query, limit, std::move(done)});
    }
    void exportRuns(qint64, ExportFormat, QObject*, SourceReply<QByteArray> done) override {
        exportAsks.append(std::move(done));
    }

    // The requests for runId, oldest first.
    QList<int> runAsksFor(qint64 runId) const {
        QList<int> out;
        for (int i = 0; i < runAsks.size(); ++i) {
            if (runAsks.at(i).runId == runId)
                out.append(i);
        }
        return out;
    }

    QList<SourceReply<QList<RunRecord>>> runsAsks;
    QList<RunAsk> runAsks;
    QList<TotalsAsk> totalsAsks;
    QList<MessagesAsk> messagesAsks;
    QList<SourceReply<std::optional<ThreadMemory>>> memoryAsks;
    QList<SearchAsk> searchAsks;
    QList<SourceReply<QByteArray>> exportAsks;
};

RunRecord fakeRun(qint64 id, const QString& task) {
    RunRecord r;
    r.id = id;
    r.ownerId = kOwner;
    r.threadId = 7;
    r.task = task;
    r.status = RunStatus::Running;
    r.startedAt = kT0.addSecs(id);
    return r;
}

RunDetail fakeDetail(qint64 id, const QString& task, QList<qint64> jobIds = {}) {
    RunDetail d;
    d.run = fakeRun(id, task);
    d.usage.calls = 1;
    d.usage.promptTokens = 100 * id;
    d.usage.costUsd = 0.01;
    for (const qint64 jobId : jobIds) {
        WorkerJobRecord j;
        j.id = jobId;
        j.ownerId = kOwner;
        j.runId = id;
        j.task = QStringLiteral("job %1").arg(jobId);
        j.status = JobStatus::Queued;
        d.workers.append(j);
    }
    return d;
}

StoredMessage fakeMessage(qint64 seq, qint64 runId, const QJsonObject& body) {
    return StoredMessage{seq, body, kT0.addSecs(seq), runId};
}

ThreadMemory fakeMemory(qint64 upToSeq, const QString& summary) {
    ThreadMemory m;
    m.threadId = 7;
    m.upToSeq = upToSeq;
    m.summary = summary;
    return m;
}

// A model over a FakeThreadsSource whose run list (runs 3, 2, 1) has been answered.
struct LateFixture {
    LateFixture() : model(&source, kOwner, &bus) {
        source.runsAsks.takeFirst()(
            QList<RunRecord>{fakeRun(3, "third"), fakeRun(2, "second"), fakeRun(1, "first")});
        source.memoryAsks.clear();
    }
    void publish(const char* name, QJsonObject data) {
        bus.publish(QString::fromLatin1(name), kOwner, std::move(data));
    }
    QStringList messageTexts() {
        QStringList out;
        for (int r = 0; r < model.messages()->count(); ++r)
            out << model.messages()->at(r).text;
        return out;
    }

    ManualClock clock{kT0};
    EventBus bus{&clock};
    FakeThreadsSource source;
    ThreadInspectorModel model;
};

RunSearchHit fakeHit(qint64 id, const QString& task, const QString& snippet) {
    RunSearchHit h;
    h.run = fakeRun(id, task);
    h.messageSeq = id * 10;
    h.role = QStringLiteral("user");
    h.snippet = snippet;
    return h;
}

using Runs = ThreadRunListModel;
using Messages = ThreadMessageListModel;
using Workers = ThreadWorkerListModel;
using Hits = ThreadSearchListModel;

}  // namespace

class TestThreadInspectorModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // English plural forms ("2 files") come from the English translation, as in the app; the
    // numbers below are asserted in the C locale's notation.
    void initTestCase() {
        m_language.apply(QStringLiteral("en"));
        QLocale::setDefault(QLocale::c());
    }
    // The app's Threads page model reads nothing until QML first asks for it.
    void whenShownLoadsOnTheFirstRequestFromQml() {
        Fixture f;
        ThreadInspectorModel m(f.source.get(), kOwner, &f.bus, nullptr, FirstLoad::WhenShown);
        QCOMPARE(m.runs()->count(), 0);
        ThreadInspectorModel::setInstance(&m);
        QCOMPARE(ThreadInspectorModel::create(nullptr, nullptr), &m);
        ThreadInspectorModel::setInstance(nullptr);
        QCOMPARE(m.runs()->count(), 3);
    }

    void listsTheOwnersRunsNewestFirst() {
        Fixture f;
        ThreadInspectorModel& m = f.model();
        QVERIFY(m.loadError().isEmpty());
        QCOMPARE(m.runs()->count(), 3);  // never owner 2's
        QCOMPARE(f.runColumn(Runs::TaskRole),
                 (QStringList{"restart nginx", "check disk on cube", "what time is it"}));
        QCOMPARE(f.runColumn(Runs::ModeRole), (QStringList{"supervisor", "supervisor", "quick"}));
        QCOMPARE(f.run(2, Runs::ModeLabelRole).toString(), QStringLiteral("Quick"));
        QCOMPARE(f.runColumn(Runs::StatusRole), (QStringList{"running", "success", "success"}));
        QCOMPARE(f.runColumn(Runs::DurationRole), (QStringList{"", "32 s", "2.0 s"}));
        QCOMPARE(f.run(1, Runs::StartedAtRole).toString(),
                 kT0.addSecs(60).toLocalTime().toString("yyyy-MM-dd HH:mm"));
        QCOMPARE(f.run(1, Runs::RunIdRole).toLongLong(), f.runB);
        // Tokens of every call of the run, the worker's included.
        QCOMPARE(f.run(1, Runs::TokensRole).toLongLong(), qint64(1800));
        QCOMPARE(f.run(2, Runs::TokensRole).toLongLong(), qint64(150));
        QCOMPARE(f.run(1, Runs::WorkerCountRole).toInt(), 2);
        QCOMPARE(f.run(2, Runs::WorkerCountRole).toInt(), 0);
    }

    void unknownCostIsUnknownNeverZero() {
        Fixture f;
        // Run B has one call without a price: its total is unknown, not $0.01.
        QCOMPARE(f.runColumn(Runs::CostRole), (QStringList{"—", "unknown", "$0.0020"}));

        UsageTotals u;
        QCOMPARE(ThreadInspectorModel::formatCost(u), QStringLiteral("—"));
        u.calls = 2;
        u.costUsd = std::nullopt;
        QCOMPARE(ThreadInspectorModel::formatCost(u), QStringLiteral("unknown"));
        u.costUsd = 0.0;
        QCOMPARE(ThreadInspectorModel::formatCost(u), QStringLiteral("$0.0000"));
        u.costUsd = 3.5;
        QCOMPARE(ThreadInspectorModel::formatCost(u), QStringLiteral("$3.50"));

        ThreadInspectorModel& m = f.model();
        m.selectRun(f.runB);
        QCOMPARE(m.selectedRun().value("cost").toString(), QStringLiteral("unknown"));
        QCOMPARE(m.selectedRun().value("costKnown").toBool(), false);
        m.selectRun(f.runA);
        QCOMPARE(m.selectedRun().value("cost").toString(), QStringLiteral("$0.0020"));
        QCOMPARE(m.selectedRun().value("costKnown").toBool(), true);
    }

    void selectingARunShowsItsTranscriptAndWorkers() {
        Fixture f;
        ThreadInspectorModel& m = f.model();
        QCOMPARE(m.selectedRunId(), qint64(0));
        QVERIFY(m.selectedRun().isEmpty());
        QSignalSpy selected(&m, &ThreadInspectorModel::selectedRunIdChanged);

        m.selectRun(f.runB);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(m.selectedRunId(), f.runB);
        const QVariantMap header = m.selectedRun();
        QCOMPARE(header.value("task").toString(), QStringLiteral("check disk on cube"));
        QCOMPARE(header.value("modeLabel").toString(), QStringLiteral("Supervisor"));
        QCOMPARE(header.value("status").toString(), QStringLiteral("success"));
        QCOMPARE(header.value("duration").toString(), QStringLiteral("32 s"));
        QCOMPARE(header.value("tokens").toLongLong(), qint64(1800));

        QCOMPARE(f.messageColumn(Messages::KindRole),
                 (QStringList{"user", "tool_call", "tool_result", "assistant"}));
        QCOMPARE(f.messageColumn(Messages::TitleRole),
                 (QStringList{"", "spawn_worker", "spawn_worker", ""}));
        QCOMPARE(f.messageColumn(Messages::TextRole)[0], QStringLiteral("check disk on cube"));
        // The call's arguments and the JSON result, indented for reading.
        QCOMPARE(f.messageColumn(Messages::ArgumentsRole)[1],
                 QStringLiteral("{\n    \"task\": \"df -h on cube\"\n}"));
        QCOMPARE(
            f.messageColumn(Messages::TextRole)[2],
            QStringLiteral("{\n    \"result\": \"42% used\",\n    \"status\": \"complete\"\n}"));
        QCOMPARE(f.messageColumn(Messages::CallIdRole)[1], QStringLiteral("call_1"));
        QCOMPARE(f.messageColumn(Messages::CallIdRole)[2], QStringLiteral("call_1"));
        QCOMPARE(f.messageColumn(Messages::TextRole)[3],
                 QStringLiteral("The disk on cube is 42% full."));
        QCOMPARE(f.messageColumn(Messages::TimeRole)[2],
                 kT0.addSecs(90).toLocalTime().toString("HH:mm:ss"));
        QCOMPARE(f.messageColumn(Messages::SummarizedRole),
                 (QStringList{"false", "false", "false", "false"}));

        QCOMPARE(f.workerColumn(Workers::TaskRole), (QStringList{"df -h on cube", "du on cube"}));
        QCOMPARE(f.workerColumn(Workers::WorkerIdRole),
                 (QStringList{"2026-01-01T12-01-01_df-cube", ""}));
        QCOMPARE(f.workerColumn(Workers::StatusRole), (QStringList{"success", "queued"}));
        QCOMPARE(f.workerColumn(Workers::DurationRole), (QStringList{"27 s", ""}));

        // Another run replaces both lists; selecting nothing clears them.
        m.selectRun(f.runA);
        QCOMPARE(f.messageColumn(Messages::KindRole), (QStringList{"user", "assistant"}));
        QCOMPARE(m.workers()->count(), 0);
        m.selectRun(0);
        QCOMPARE(m.selectedRunId(), qint64(0));
        QCOMPARE(m.messages()->count(), 0);
        QCOMPARE(selected.count(), 3);

        // The page selects by the list's current row.
        m.selectRow(1);
        QCOMPARE(m.selectedRunId(), f.runB);
        QCOMPARE(m.runs()->indexOfRun(f.runB), 1);
        m.selectRow(7);
        QCOMPARE(m.selectedRunId(), qint64(0));
    }

    void theMemorySummaryIsShownAndMarksWhatItCovers() {
        Fixture f;
        ThreadInspectorModel& m = f.model();
        QCOMPARE(m.memorySummary(), QStringLiteral("The user asked the time; it was noon."));
        m.selectRun(f.runA);
        QCOMPARE(f.messageColumn(Messages::SummarizedRole), (QStringList{"true", "true"}));

        // A later compaction (the next run's start) moves the line and updates the note.
        QSignalSpy changed(&m, &ThreadInspectorModel::memorySummaryChanged);
        QVERIFY(f.store->saveMemory(f.threadId, 4, "Time asked; cube's disk checked.", kT0));
        f.publish(events::SupervisorComplete, {{"run_id", f.runC}});
        QCOMPARE(changed.count(), 1);
        QCOMPARE(m.memorySummary(), QStringLiteral("Time asked; cube's disk checked."));
    }

    void longTextsAreCappedWithTheRestCounted() {
        Fixture f;
        const QString big(ThreadInspectorModel::kMaxTextChars + 1234, QLatin1Char('x'));
        const qint64 run = f.store->createRun(kOwner, f.threadId, "cat a log", kT0).value();
        f.append(run, assistantCall("c9", "shell_exec", R"({"cmd":"cat /var/log/syslog"})"), 1);
        f.append(run, toolResult("c9", big), 2);
        ThreadInspectorModel& m = f.model();
        m.selectRun(run);
        QCOMPARE(m.messages()->count(), 2);
        const QString shown = f.messageColumn(Messages::TextRole)[1];
        QVERIFY(shown.startsWith(big.left(ThreadInspectorModel::kMaxTextChars)));
        QVERIFY(shown.endsWith(QStringLiteral("… (1234 more characters)")));
        QVERIFY(shown.size() < ThreadInspectorModel::kMaxTextChars + 40);
        QCOMPARE(m.messages()->at(1).truncated, true);
        QCOMPARE(m.messages()->at(0).truncated, false);
        QCOMPARE(m.messages()->at(1).title, QStringLiteral("shell_exec"));

        bool cut = true;
        QCOMPARE(ThreadInspectorModel::capText("short", &cut), QStringLiteral("short"));
        QCOMPARE(cut, false);
    }

    void anotherOwnersRunsStayHidden() {
        Fixture f;
        ThreadInspectorModel& m = f.model();
        m.selectRun(f.otherRun);
        QCOMPARE(m.selectedRunId(), qint64(0));
        QCOMPARE(m.messages()->count(), 0);
        QVERIFY(m.loadError().contains(QStringLiteral("not found")));
        QVERIFY(m.loadError().contains(QStringLiteral("Pick a run")));

        QSignalSpy inserts(m.runs(), &QAbstractItemModel::rowsInserted);
        f.publish(events::SupervisorStarted,
                  {{"run_id", f.otherRun}, {"task", "someone else's secret"}}, kOther);
        // Even an event claiming this owner does not show another owner's stored run.
        f.publish(events::SupervisorStarted, {{"run_id", f.otherRun}, {"task", "x"}});
        QCOMPARE(inserts.count(), 0);
        QCOMPARE(m.runs()->count(), 3);
        QVERIFY(!f.runColumn(Runs::TaskRole).contains(QStringLiteral("someone else's secret")));
    }

    void aRunStartingIsInsertedAtTheTopWithoutAReset() {
        Fixture f;
        ThreadInspectorModel& m = f.model();
        m.selectRun(f.runB);
        QSignalSpy resets(m.runs(), &QAbstractItemModel::modelReset);
        QSignalSpy inserts(m.runs(), &QAbstractItemModel::rowsInserted);
        QSignalSpy messageResets(m.messages(), &QAbstractItemModel::modelReset);

        const qint64 run =
            f.store->createRun(kOwner, f.threadId, "uptime of db", kT0.addSecs(200)).value();
        f.publish(events::SupervisorStarted, {{"run_id", run},
                                              {"thread_id", f.threadId},
                                              {"task", "uptime of db"},
                                              {"mode", "supervisor"}});
        QCOMPARE(inserts.count(), 1);
        QCOMPARE(inserts.at(0).at(1).toInt(), 0);
        QCOMPARE(inserts.at(0).at(2).toInt(), 0);
        QCOMPARE(resets.count(), 0);
        QCOMPARE(messageResets.count(), 0);
        QCOMPARE(m.runs()->count(), 4);
        QCOMPARE(f.run(0, Runs::TaskRole).toString(), QStringLiteral("uptime of db"));
        QCOMPARE(f.run(0, Runs::StatusRole).toString(), QStringLiteral("running"));
        QCOMPARE(m.selectedRunId(), f.runB);  // the user's choice stays

        // The same start again (a replayed event) adds nothing.
        f.publish(events::SupervisorStarted, {{"run_id", run}, {"task", "uptime of db"}});
        QCOMPARE(m.runs()->count(), 4);
    }

    void aRunEndingUpdatesItsRowAndGrowsItsTranscript() {
        Fixture f;
        ThreadInspectorModel& m = f.model();
        m.selectRun(f.runC);
        QCOMPARE(m.messages()->count(), 1);
        QCOMPARE(f.run(0, Runs::CostRole).toString(), QStringLiteral("—"));
        QSignalSpy resets(m.runs(), &QAbstractItemModel::modelReset);
        QSignalSpy changes(m.runs(), &QAbstractItemModel::dataChanged);
        QSignalSpy messageResets(m.messages(), &QAbstractItemModel::modelReset);
        QSignalSpy messageInserts(m.messages(), &QAbstractItemModel::rowsInserted);
        QSignalSpy header(&m, &ThreadInspectorModel::selectedRunChanged);

        // The supervisor thinks: its call's result is in the thread.
        f.append(f.runC, assistantCall("c2", "list_workers", "{}"), 130);
        f.append(f.runC, toolResult("c2", "[]"), 131);
        f.call(f.runC, 0, 300, 40, 0.004);
        f.publish(events::SupervisorThinking, {{"run_id", f.runC}, {"iteration", 2}});
        QCOMPARE(messageInserts.count(), 1);
        QCOMPARE(f.messageColumn(Messages::KindRole),
                 (QStringList{"user", "tool_call", "tool_result"}));
        QCOMPARE(f.run(0, Runs::CostRole).toString(), QStringLiteral("$0.0040"));

        f.append(f.runC, assistantText("nginx restarted."), 150);
        QVERIFY(f.store->finishRun(f.runC, RunStatus::Success, "nginx restarted.", {},
                                   kT0.addSecs(150)));
        f.publish(events::SupervisorComplete,
                  {{"run_id", f.runC}, {"result", "nginx restarted."}, {"duration_ms", 30000}});
        QCOMPARE(resets.count(), 0);
        QCOMPARE(messageResets.count(), 0);
        QVERIFY(changes.count() >= 2);
        QCOMPARE(changes.last().at(0).value<QModelIndex>().row(), 0);
        QCOMPARE(f.run(0, Runs::StatusRole).toString(), QStringLiteral("success"));
        QCOMPARE(f.run(0, Runs::DurationRole).toString(), QStringLiteral("30 s"));
        QCOMPARE(messageInserts.count(), 2);
        QCOMPARE(f.messageColumn(Messages::KindRole),
                 (QStringList{"user", "tool_call", "tool_result", "assistant"}));
        QVERIFY(header.count() >= 2);
        QCOMPARE(m.selectedRun().value("status").toString(), QStringLiteral("success"));
        QCOMPARE(m.selectedRun().value("duration").toString(), QStringLiteral("30 s"));

        // A failure updates the row too (another run, not selected: no transcript work).
        const qint64 failing = f.store->createRun(kOwner, f.threadId, "boom", kT0).value();
        f.publish(events::SupervisorStarted, {{"run_id", failing}, {"task", "boom"}});
        QVERIFY(f.store->finishRun(failing, RunStatus::Failed, {}, "model unreachable",
                                   kT0.addSecs(5)));
        f.publish(events::Error, {{"run_id", failing}, {"status", "failed"}});
        QCOMPARE(f.run(0, Runs::StatusRole).toString(), QStringLiteral("failed"));
        QCOMPARE(f.run(0, Runs::ErrorRole).toString(), QStringLiteral("model unreachable"));
        QCOMPARE(messageInserts.count(), 2);
    }

    void workerEventsUpdateTheSelectedRunsWorkers() {
        Fixture f;
        ThreadInspectorModel& m = f.model();
        m.selectRun(f.runC);
        QCOMPARE(m.workers()->count(), 0);
        QCOMPARE(f.run(0, Runs::WorkerCountRole).toInt(), 0);
        QSignalSpy resets(m.workers(), &QAbstractItemModel::modelReset);
        QSignalSpy runChanges(m.runs(), &QAbstractItemModel::dataChanged);

        const qint64 job =
            f.store->createJob(kOwner, f.runC, "restart nginx on web1", "gpt-x", kT0.addSecs(125))
                .value();
        f.publish(events::WorkerSpawned,
                  {{"run_id", f.runC}, {"job_id", job}, {"task", "restart nginx on web1"}});
        QCOMPARE(f.workerColumn(Workers::TaskRole), (QStringList{"restart nginx on web1"}));
        QCOMPARE(f.workerColumn(Workers::StatusRole), (QStringList{"queued"}));
        QCOMPARE(runChanges.count(), 1);
        QCOMPARE(f.run(0, Runs::WorkerCountRole).toInt(), 1);

        f.publish(events::WorkerStarted,
                  {{"run_id", f.runC}, {"job_id", job}, {"worker_id", "w-nginx"}});
        QCOMPARE(f.workerColumn(Workers::WorkerIdRole), (QStringList{"w-nginx"}));
        QCOMPARE(f.workerColumn(Workers::StatusRole), (QStringList{"running"}));
        f.publish(events::WorkerComplete, {{"run_id", f.runC},
                                           {"job_id", job},
                                           {"worker_id", "w-nginx"},
                                           {"status", "failed"},
                                           {"duration_ms", 4200},
                                           {"error", "permission denied"}});
        QCOMPARE(f.workerColumn(Workers::StatusRole), (QStringList{"failed"}));
        QCOMPARE(f.workerColumn(Workers::DurationRole), (QStringList{"4.2 s"}));
        QCOMPARE(f.workerColumn(Workers::ErrorRole), (QStringList{"permission denied"}));
        QCOMPARE(resets.count(), 0);

        // A worker of a run that is not selected only changes that run's count.
        const qint64 other = f.store->createJob(kOwner, f.runB, "more", "gpt-x", kT0).value();
        f.publish(events::WorkerSpawned, {{"run_id", f.runB}, {"job_id", other}});
        QCOMPARE(m.workers()->count(), 1);
        QCOMPARE(f.run(1, Runs::WorkerCountRole).toInt(), 3);
    }

    void aFailedLoadSaysWhatHappenedAndWhatToDo() {
        Fixture f;
        ThreadInspectorModel& m = f.model();
        QCOMPARE(m.runs()->count(), 3);
        QSqlQuery q(f.db->connection());
        QVERIFY(q.exec(QStringLiteral("ALTER TABLE runs RENAME TO runs_elsewhere")));
        QSignalSpy errors(&m, &ThreadInspectorModel::loadErrorChanged);
        m.reload();
        QCOMPARE(errors.count(), 1);
        QVERIFY(m.loadError().startsWith(QStringLiteral("Could not load the runs:")));
        QVERIFY(m.loadError().contains(QStringLiteral("then reload")));
        QCOMPARE(m.runs()->count(), 3);  // what was shown stays

        QVERIFY(q.exec(QStringLiteral("ALTER TABLE runs_elsewhere RENAME TO runs")));
        m.reload();
        QVERIFY(m.loadError().isEmpty());
    }

    // Export from the page: a run and the whole conversation written to the file chosen (whole,
    // replacing what was there), "Saved …" said; a bad format, a non-local URL, a foreign run and
    // a source that cannot export each say why, and nothing is written.
    void exportWritesTheChosenFileAndSaysWhatHappened() {
        Fixture f;
        ArtifactStore artifacts(f.dir.filePath(QStringLiteral("workers")));
        StoreThreadsSource source(f.store.get(), kOwner, &artifacts, &f.clock);
        ThreadInspectorModel m(&source, kOwner, &f.bus);
        QSignalSpy changed(&m, &ThreadInspectorModel::exportChanged);

        const QString runFile = f.dir.filePath(QStringLiteral("run.json"));
        m.exportRuns(double(f.runB), QStringLiteral("json"), QUrl::fromLocalFile(runFile));
        QTRY_VERIFY(!m.exporting());
        QVERIFY2(!m.exportFailed(), qPrintable(m.exportMessage()));
        QVERIFY(m.exportMessage().contains(QStringLiteral("run.json")));
        QFile json(runFile);
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(doc.value(QStringLiteral("format")).toString(), QStringLiteral("zerg.run-export"));
        QCOMPARE(doc.value(QStringLiteral("runs")).toArray().size(), 1);
        QVERIFY(!changed.isEmpty());

        const QString allFile = f.dir.filePath(QStringLiteral("all.md"));
        m.exportRuns(0, QStringLiteral("md"), QUrl::fromLocalFile(allFile));
        QTRY_VERIFY(!m.exporting());
        QVERIFY(!m.exportFailed());
        QFile md(allFile);
        QVERIFY(md.open(QIODevice::ReadOnly));
        const QByteArray text = md.readAll();
        QVERIFY(text.contains("what time is it"));
        QVERIFY(text.contains("check disk on cube"));

        m.exportRuns(double(f.runB), QStringLiteral("pdf"), QUrl::fromLocalFile(runFile));
        QVERIFY(m.exportFailed());
        QVERIFY(m.exportMessage().contains(QStringLiteral("json")));
        m.exportRuns(double(f.runB), QStringLiteral("md"),
                     QUrl(QStringLiteral("https://example.org/run.md")));
        QVERIFY(m.exportFailed());
        const QString foreignFile = f.dir.filePath(QStringLiteral("foreign.md"));
        m.exportRuns(double(f.otherRun), QStringLiteral("md"), QUrl::fromLocalFile(foreignFile));
        QTRY_VERIFY(!m.exporting());
        QVERIFY(m.exportFailed());
        QVERIFY(!QFile::exists(foreignFile));

        // A folder that cannot be written: said, with the path.
        m.exportRuns(double(f.runB), QStringLiteral("md"),
                     QUrl::fromLocalFile(f.dir.filePath(QStringLiteral("no/such/dir/run.md"))));
        QTRY_VERIFY(!m.exporting());
        QVERIFY(m.exportFailed());
        QVERIFY(m.exportMessage().contains(QStringLiteral("run.md")));

        // The fixture's source has no worker folders: it says exporting is not possible here.
        f.model().exportRuns(double(f.runB), QStringLiteral("md"), QUrl::fromLocalFile(runFile));
        QTRY_VERIFY(!f.model().exporting());
        QVERIFY(f.model().exportFailed());

        QCOMPARE(ThreadInspectorModel::exportFileName(12, QStringLiteral("json")),
                 QStringLiteral("zerg-run-12.json"));
        QCOMPARE(ThreadInspectorModel::exportFileName(0, QStringLiteral("markdown")),
                 QStringLiteral("zerg-conversation.md"));
    }

    // An export on its way: "exporting" until the answer, another one refused meanwhile, and the
    // file written only when the answer comes.
    void anExportOnItsWayRefusesAnother() {
        QTemporaryDir dir;
        ManualClock clock{kT0};
        EventBus bus{&clock};
        FakeThreadsSource source;
        ThreadInspectorModel m(&source, kOwner, &bus);
        const QString path = dir.filePath(QStringLiteral("run.md"));
        m.exportRuns(7, QStringLiteral("md"), QUrl::fromLocalFile(path));
        QVERIFY(m.exporting());
        QCOMPARE(source.exportAsks.size(), 1);
        m.exportRuns(8, QStringLiteral("md"), QUrl::fromLocalFile(path));
        QCOMPARE(source.exportAsks.size(), 1);  // refused: one at a time
        QVERIFY(!QFile::exists(path));
        source.exportAsks.takeFirst()(QByteArray("# Run 7\n"));
        QVERIFY(!m.exporting());
        QVERIFY(!m.exportFailed());
        QFile written(path);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), QByteArray("# Run 7\n"));
    }

    void anOwnerWithoutRunsHasNothingAndNoThreadIsCreated() {
        Fixture f;
        constexpr qint64 kNew = 3;
        StoreThreadsSource source(f.store.get(), kNew);
        ThreadInspectorModel m(&source, kNew, &f.bus);
        QCOMPARE(m.runs()->count(), 0);
        QVERIFY(m.memorySummary().isEmpty());
        QVERIFY(m.loadError().isEmpty());
        QSqlQuery q(f.db->connection());
        QVERIFY(q.exec(QStringLiteral("SELECT COUNT(*) FROM threads WHERE owner_id = 3")));
        QVERIFY(q.next());
        QCOMPARE(q.value(0).toInt(), 0);
    }

    void aSearchFindsRunsByTheirWordsAndSelectsThem() {
        Fixture f;
        ThreadInspectorModel& m = f.model();
        QSignalSpy changed(&m, &ThreadInspectorModel::searchChanged);
        QVERIFY(m.searchQuery().isEmpty());

        m.search(QStringLiteral("  cube "));
        QCOMPARE(changed.count(), 1);  // answered at once: one announcement
        QCOMPARE(m.searchQuery(), QStringLiteral("cube"));
        QVERIFY(!m.searching());
        QVERIFY(m.searchError().isEmpty());
        Hits* hits = m.searchResults();
        QCOMPARE(hits->count(), 1);  // run B: its question and its answer; one row
        const QModelIndex first = hits->index(0);
        QCOMPARE(first.data(Hits::RunIdRole).toLongLong(), f.runB);
        QCOMPARE(first.data(Hits::TaskRole).toString(), QStringLiteral("check disk on cube"));
        QCOMPARE(first.data(Hits::StatusRole).toString(), QStringLiteral("success"));
        QCOMPARE(first.data(Hits::ModeLabelRole).toString(), QStringLiteral("Supervisor"));
        QCOMPARE(first.data(Hits::StartedAtRole).toString(),
                 kT0.addSecs(60).toLocalTime().toString("yyyy-MM-dd HH:mm"));
        QVERIFY(first.data(Hits::MatchedInRole).toString() == QStringLiteral("user") ||
                first.data(Hits::MatchedInRole).toString() == QStringLiteral("assistant"));
        const QString snippet = first.data(Hits::SnippetRole).toString();
        QVERIFY2(snippet.contains(QStringLiteral("<b>cube</b>")), qPrintable(snippet));
        QVERIFY(!first.data(Hits::SnippetTextRole).toString().contains(QChar(kSearchMatchStart)));
        QVERIFY(first.data(Hits::SnippetTextRole).toString().contains(QStringLiteral("cube")));

        // Selecting a result selects its run, transcript and all, as the list does.
        m.selectSearchResult(0);
        QCOMPARE(m.selectedRunId(), f.runB);
        QCOMPARE(m.messages()->count(), 4);
        m.selectSearchResult(5);  // no such row: nothing changes
        QCOMPARE(m.selectedRunId(), f.runB);

        // The last word is also a prefix; a word of the answer finds its run.
        m.search(QStringLiteral("ngi"));
        QCOMPARE(hits->count(), 1);
        QCOMPARE(hits->index(0).data(Hits::RunIdRole).toLongLong(), f.runC);
        m.search(QStringLiteral("noon"));
        QCOMPARE(hits->count(), 1);
        QCOMPARE(hits->index(0).data(Hits::RunIdRole).toLongLong(), f.runA);
        QCOMPARE(hits->index(0).data(Hits::MatchedInRole).toString(), QStringLiteral("assistant"));

        // Nothing found: the query stays (the page says nothing matches it). Never another
        // owner's run.
        m.search(QStringLiteral("secret"));
        QCOMPARE(m.searchQuery(), QStringLiteral("secret"));
        QCOMPARE(hits->count(), 0);
        QVERIFY(m.searchError().isEmpty());

        // A search the store refuses says why.
        m.search(QString(Store::kMaxSearchChars + 1, QLatin1Char('x')));
        QVERIFY(m.searchError().startsWith(QStringLiteral("Could not search:")));
        QCOMPARE(hits->count(), 0);
        m.search(QStringLiteral("cube"));
        QVERIFY(m.searchError().isEmpty());
        QCOMPARE(hits->count(), 1);

        // Back to the list: a blank search is the same as clearSearch().
        changed.clear();
        m.search(QStringLiteral("   "));
        QCOMPARE(changed.count(), 1);
        QVERIFY(m.searchQuery().isEmpty());
        QCOMPARE(hits->count(), 0);
        m.clearSearch();
        QCOMPARE(changed.count(), 1);  // nothing to clear: no announcement
        QCOMPARE(m.runs()->count(), 3);
        QCOMPARE(m.selectedRunId(), f.runB);  // the selection stays
    }

    void aSnippetIsStyledTextWithTheRestEscaped() {
        const QString snippet = QStringLiteral("<i>a</i> & \"b\"\n  ") + QChar(kSearchMatchStart) +
                                QStringLiteral("c<d") + QChar(kSearchMatchEnd) +
                                QStringLiteral(" e…");
        QCOMPARE(Hits::styledSnippet(snippet),
                 QStringLiteral("&lt;i&gt;a&lt;/i&gt; &amp; &quot;b&quot; <b>c&lt;d</b> e…"));
        QCOMPARE(Hits::plainSnippet(snippet), QStringLiteral("<i>a</i> & \"b\" c<d e…"));
    }

    void aLateSearchAnswerDoesNotReplaceANewerOne() {
        LateFixture f;
        ThreadInspectorModel& m = f.model;
        QSignalSpy changed(&m, &ThreadInspectorModel::searchChanged);
        m.search(QStringLiteral("cu"));
        QVERIFY(m.searching());
        QCOMPARE(changed.count(), 1);
        m.search(QStringLiteral("cube"));
        QCOMPARE(f.source.searchAsks.size(), 2);
        QCOMPARE(f.source.searchAsks.at(1).query, QStringLiteral("cube"));
        QCOMPARE(f.source.searchAsks.at(1).limit, ThreadInspectorModel::kSearchLimit);
        QCOMPARE(m.searchQuery(), QStringLiteral("cube"));

        f.source.searchAsks.at(1).done(
            QList<RunSearchHit>{fakeHit(42, "older than the list",
                                        QStringLiteral("disk of ") + QChar(kSearchMatchStart) +
                                            QStringLiteral("cube") + QChar(kSearchMatchEnd))});
        QVERIFY(!m.searching());
        QCOMPARE(m.searchResults()->count(), 1);
        QCOMPARE(m.searchResults()->index(0).data(Hits::SnippetRole).toString(),
                 QStringLiteral("disk of <b>cube</b>"));
        QSignalSpy resets(m.searchResults(), &QAbstractItemModel::modelReset);
        f.source.searchAsks.at(0).done(QList<RunSearchHit>{fakeHit(1, "first", "x")});
        QCOMPARE(resets.count(), 0);
        QCOMPARE(m.searchResults()->index(0).data(Hits::RunIdRole).toLongLong(), qint64(42));
        f.source.searchAsks.at(0).done(Error{"db", "gone"});  // late failure: ignored too
        QVERIFY(m.searchError().isEmpty());

        // A run older than the listed ones is selected all the same: asked for by its id.
        m.selectSearchResult(0);
        QCOMPARE(m.selectedRunId(), qint64(42));
        QCOMPARE(f.source.runAsksFor(42).size(), 1);
        QCOMPARE(m.selectedRun().value("task").toString(), QString());  // not listed: not known yet
        f.source.runAsks.at(f.source.runAsksFor(42).first())
            .done(fakeDetail(42, "older than the list"));
        QCOMPARE(m.selectedRun().value("task").toString(), QStringLiteral("older than the list"));

        // Cleared while a search is on its way: its answer is dropped.
        m.search(QStringLiteral("disk"));
        m.clearSearch();
        QVERIFY(!m.searching());
        QVERIFY(m.searchQuery().isEmpty());
        QCOMPARE(m.searchResults()->count(), 0);
        f.source.searchAsks.last().done(QList<RunSearchHit>{fakeHit(2, "second", "x")});
        QCOMPARE(m.searchResults()->count(), 0);
        QVERIFY(m.searchQuery().isEmpty());

        // A failed search says so and shows nothing.
        m.search(QStringLiteral("disk"));
        f.source.searchAsks.last().done(Error{"db", "Database error while searching."});
        QCOMPARE(m.searchError(),
                 QStringLiteral("Could not search: Database error while searching."));
        QCOMPARE(m.searchResults()->count(), 0);
        QVERIFY(!m.searching());

        // A reload asks again for the search on show.
        const qsizetype asked = f.source.searchAsks.size();
        m.reload();
        QCOMPARE(f.source.searchAsks.size(), asked + 1);
        QCOMPARE(f.source.searchAsks.last().query, QStringLiteral("disk"));
    }

    // Answers that come late and out of order (a remote source): each kind of request keeps its
    // newest; an older answer never replaces a newer one.
    void aLateRunListDoesNotReplaceANewerOne() {
        ManualClock clock{kT0};
        EventBus bus{&clock};
        FakeThreadsSource source;
        ThreadInspectorModel m(&source, kOwner, &bus);
        m.reload();
        QCOMPARE(source.runsAsks.size(), 2);
        source.runsAsks.at(1)(QList<RunRecord>{fakeRun(5, "newer"), fakeRun(4, "new")});
        QCOMPARE(m.runs()->count(), 2);
        QSignalSpy resets(m.runs(), &QAbstractItemModel::modelReset);
        source.runsAsks.at(0)(QList<RunRecord>{fakeRun(1, "old")});
        QCOMPARE(resets.count(), 0);
        QCOMPARE(m.runs()->count(), 2);
        QCOMPARE(m.runs()->index(0).data(Runs::TaskRole).toString(), QStringLiteral("newer"));
        // A late failure of the older request does not say the runs failed either.
        m.reload();
        m.reload();
        source.runsAsks.at(3)(QList<RunRecord>{fakeRun(6, "newest")});
        source.runsAsks.at(2)(Error{"db", "disk gone"});
        QVERIFY(m.loadError().isEmpty());
        QCOMPARE(m.runs()->count(), 1);
    }

    void aLateRunAnswerDoesNotWinTheSelection() {
        LateFixture f;
        ThreadInspectorModel& m = f.model;
        QSignalSpy ids(&m, &ThreadInspectorModel::selectedRunIdChanged);

        // While its answer is on its way, the run is selected with what its row knows.
        m.selectRun(1);
        QCOMPARE(m.selectedRunId(), qint64(1));
        QVERIFY(m.hasSelection());
        QCOMPARE(m.selectedRun().value("task").toString(), QStringLiteral("first"));
        QCOMPARE(m.selectedRun().value("cost").toString(), QString());
        QCOMPARE(ids.count(), 1);
        m.selectRun(2);
        QCOMPARE(ids.count(), 2);
        QCOMPARE(m.selectedRunId(), qint64(2));
        const QList<int> asks1 = f.source.runAsksFor(1);
        const QList<int> asks2 = f.source.runAsksFor(2);
        QCOMPARE(asks1.size(), 1);
        QCOMPARE(asks2.size(), 1);

        f.source.runAsks.at(asks2.first()).done(fakeDetail(2, "second", {21}));
        QCOMPARE(m.selectedRunId(), qint64(2));
        QCOMPARE(ids.count(), 2);  // it was announced when selected
        QCOMPARE(m.workers()->count(), 1);
        QCOMPARE(m.workers()->at(0).id, qint64(21));
        QCOMPARE(m.selectedRun().value("cost").toString(), QStringLiteral("$0.0100"));
        QCOMPARE(f.source.messagesAsks.size(), 1);
        QCOMPARE(f.source.messagesAsks.at(0).runId, qint64(2));
        QCOMPARE(f.source.messagesAsks.at(0).afterSeq, qint64(0));

        // Run 1's answer, late: nothing changes.
        QSignalSpy header(&m, &ThreadInspectorModel::selectedRunChanged);
        f.source.runAsks.at(asks1.first()).done(fakeDetail(1, "first", {11, 12}));
        QCOMPARE(header.count(), 0);
        QCOMPARE(m.selectedRunId(), qint64(2));
        QCOMPARE(m.selectedRun().value("task").toString(), QStringLiteral("second"));
        QCOMPARE(m.workers()->count(), 1);
        QCOMPARE(f.source.messagesAsks.size(), 1);

        // Run 2's transcript arrives after run 1 was selected again: it is not shown.
        m.selectRun(1);
        f.source.runAsks.last().done(fakeDetail(1, "first", {11, 12}));
        QCOMPARE(f.source.messagesAsks.size(), 2);
        f.source.messagesAsks.at(0).done(
            QList<StoredMessage>{fakeMessage(5, 2, userMessage("for run two"))});
        QCOMPARE(m.messages()->count(), 0);
        f.source.messagesAsks.at(1).done(
            QList<StoredMessage>{fakeMessage(1, 1, userMessage("for run one"))});
        QCOMPARE(f.messageTexts(), QStringList{"for run one"});
        QCOMPARE(m.workers()->count(), 2);
    }

    void aWorkerSpawnedWhileTheSelectionIsOnItsWayAsksAgain() {
        LateFixture f;
        ThreadInspectorModel& m = f.model;
        m.selectRun(3);
        f.publish(events::WorkerSpawned, {{"run_id", 3}, {"job_id", 31}, {"task", "df"}});
        // Not added to a list that the answer replaces; the run is asked for again.
        QCOMPARE(m.workers()->count(), 0);
        const QList<int> asks = f.source.runAsksFor(3);
        QCOMPARE(asks.size(), 2);
        f.source.runAsks.at(asks.at(0)).done(fakeDetail(3, "third"));  // read before the spawn
        QCOMPARE(m.workers()->count(), 0);
        f.source.runAsks.at(asks.at(1)).done(fakeDetail(3, "third", {31}));
        QCOMPARE(m.workers()->count(), 1);
        QCOMPARE(m.workers()->at(0).id, qint64(31));
    }

    void transcriptAnswersInAnyOrderShowEachMessageOnce() {
        LateFixture f;
        ThreadInspectorModel& m = f.model;
        m.selectRun(2);
        f.source.runAsks.last().done(fakeDetail(2, "second"));
        f.source.messagesAsks.takeFirst().done(
            QList<StoredMessage>{fakeMessage(1, 2, userMessage("check disk"))});
        QCOMPARE(m.messages()->count(), 1);
        QSignalSpy inserts(m.messages(), &QAbstractItemModel::rowsInserted);
        QSignalSpy resets(m.messages(), &QAbstractItemModel::modelReset);

        // Two model calls, two appends asked from the same point; the newer answer comes first.
        f.publish(events::SupervisorThinking, {{"run_id", 2}});
        f.publish(events::SupervisorThinking, {{"run_id", 2}});
        QCOMPARE(f.source.messagesAsks.size(), 2);
        QCOMPARE(f.source.messagesAsks.at(0).afterSeq, qint64(1));
        QCOMPARE(f.source.messagesAsks.at(1).afterSeq, qint64(1));
        const QJsonObject said{{"role", "assistant"}, {"content", "It is 42% full."}};
        f.source.messagesAsks.at(1).done(QList<StoredMessage>{
            fakeMessage(2, 2, userMessage("and on db?")), fakeMessage(3, 2, said)});
        f.source.messagesAsks.at(0).done(
            QList<StoredMessage>{fakeMessage(2, 2, userMessage("and on db?"))});
        QCOMPARE(f.messageTexts(), (QStringList{"check disk", "and on db?", "It is 42% full."}));
        QCOMPARE(inserts.count(), 1);
        QCOMPARE(resets.count(), 0);
    }

    void theNewestMemoryWins() {
        LateFixture f;
        ThreadInspectorModel& m = f.model;
        f.publish(events::SupervisorComplete, {{"run_id", 3}});
        f.publish(events::Error, {{"run_id", 2}});
        QCOMPARE(f.source.memoryAsks.size(), 2);
        f.source.memoryAsks.at(1)(std::optional<ThreadMemory>(fakeMemory(4, "newer summary")));
        QCOMPARE(m.memorySummary(), QStringLiteral("newer summary"));
        QSignalSpy changed(&m, &ThreadInspectorModel::memorySummaryChanged);
        f.source.memoryAsks.at(0)(std::optional<ThreadMemory>(fakeMemory(2, "older summary")));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(m.memorySummary(), QStringLiteral("newer summary"));
    }

    void aLateRowTotalsAnswerIsDropped() {
        LateFixture f;
        ThreadInspectorModel& m = f.model;
        // The first row a view shows asks for the figures of the rows below it too, at once.
        QCOMPARE(m.runs()->index(0).data(Runs::WorkerCountRole).toInt(), 0);
        QCOMPARE(f.source.totalsAsks.size(), 1);
        QCOMPARE(f.source.totalsAsks.at(0).runIds, (QList<qint64>{3, 2, 1}));
        (void)m.runs()->index(1).data(Runs::CostRole);  // asked already: no second request
        QCOMPARE(f.source.totalsAsks.size(), 1);

        // Run 3 spawns a worker: the figures on their way may predate it.
        f.publish(events::WorkerSpawned, {{"run_id", 3}, {"job_id", 31}});
        QSignalSpy changes(m.runs(), &QAbstractItemModel::dataChanged);
        RunTotals t3{3, {}, 0};
        RunTotals t2{2, {}, 1};
        t2.usage.calls = 1;
        t2.usage.costUsd = 0.5;
        f.source.totalsAsks.at(0).done(QList<RunTotals>{t3, t2});  // run 1 left out
        QCOMPARE(changes.count(), 2);                              // rows 1 and 2, not row 0
        QCOMPARE(changes.at(0).at(0).value<QModelIndex>().row(), 1);
        QCOMPARE(changes.at(1).at(0).value<QModelIndex>().row(), 2);
        QCOMPARE(m.runs()->index(1).data(Runs::WorkerCountRole).toInt(), 1);
        QCOMPARE(m.runs()->index(1).data(Runs::CostRole).toString(), QStringLiteral("$0.5000"));
        // A run the answer leaves out has no figures to show.
        QCOMPARE(m.runs()->index(2).data(Runs::CostRole).toString(), QStringLiteral("unavailable"));

        // Row 0 asks again, alone; its answer comes later and says so.
        QCOMPARE(m.runs()->index(0).data(Runs::WorkerCountRole).toInt(), 0);
        QCOMPARE(f.source.totalsAsks.size(), 2);
        QCOMPARE(f.source.totalsAsks.at(1).runIds, QList<qint64>{3});
        f.source.totalsAsks.at(1).done(QList<RunTotals>{RunTotals{3, {}, 1}});
        QCOMPARE(changes.count(), 3);
        QCOMPARE(changes.at(2).at(0).value<QModelIndex>().row(), 0);
        QCOMPARE(m.runs()->index(0).data(Runs::WorkerCountRole).toInt(), 1);
    }

    void aRowReReadOnItsWayIsAskedAgainAfterAChange() {
        LateFixture f;
        ThreadInspectorModel& m = f.model;
        f.publish(events::SupervisorThinking, {{"run_id", 2}});
        QCOMPARE(f.source.runAsksFor(2).size(), 1);
        f.publish(events::WorkerSpawned, {{"run_id", 2}, {"job_id", 21}});
        const QList<int> asks = f.source.runAsksFor(2);
        QCOMPARE(asks.size(), 2);
        RunDetail newer = fakeDetail(2, "second, renamed", {21});
        f.source.runAsks.at(asks.at(1)).done(newer);
        f.source.runAsks.at(asks.at(0)).done(fakeDetail(2, "second, stale"));
        QCOMPARE(m.runs()->index(1).data(Runs::TaskRole).toString(),
                 QStringLiteral("second, renamed"));
        QCOMPARE(m.runs()->index(1).data(Runs::WorkerCountRole).toInt(), 1);
        QCOMPARE(f.source.totalsAsks.size(), 0);  // the re-read brought the figures
    }

    void aStartedRunShowsWhenItsAnswerComesAndNeverAnotherOwners() {
        LateFixture f;
        ThreadInspectorModel& m = f.model;
        f.publish(events::SupervisorStarted, {{"run_id", 4}, {"task", "uptime"}});
        f.publish(events::SupervisorStarted, {{"run_id", 9}, {"task", "not mine"}});
        QCOMPARE(m.runs()->count(), 3);
        f.source.runAsks.at(f.source.runAsksFor(9).first()).done(Error{"not_found", "No run 9."});
        f.source.runAsks.at(f.source.runAsksFor(4).first()).done(fakeDetail(4, "uptime"));
        QCOMPARE(m.runs()->count(), 4);
        QCOMPARE(m.runs()->index(0).data(Runs::TaskRole).toString(), QStringLiteral("uptime"));
    }

    void aSelectionThatIsNotFoundEndsEmptyAndSaysSo() {
        LateFixture f;
        ThreadInspectorModel& m = f.model;
        QSignalSpy ids(&m, &ThreadInspectorModel::selectedRunIdChanged);
        m.selectRun(8);
        QCOMPARE(m.selectedRunId(), qint64(8));
        f.source.runAsks.last().done(Error{"not_found", "No run 8."});
        QCOMPARE(m.selectedRunId(), qint64(0));
        QCOMPARE(ids.count(), 2);
        QVERIFY(m.loadError().contains(QStringLiteral("not found")));
        QCOMPARE(m.messages()->count(), 0);
        QCOMPARE(f.source.messagesAsks.size(), 0);
    }

private:
    zerg::AppLanguage m_language;
};

QTEST_GUILESS_MAIN(TestThreadInspectorModel)
#include "test_thread_inspector_model.moc"
