// The Threads page through `zerg serve`: RemoteThreadsSource asks the server's thread_runs,
// thread_run, thread_run_totals, run_messages, thread_memory and thread_search, which answer from
// the owner's StoreThreadsSource. What comes back equals what the local source gives, field by
// field: runs with their workers, usage with an unknown price, transcripts with multi-part
// contents and more than one page, the memory present and absent, search hits with their marked
// snippets. Another owner's run is not_found like a missing one, and never found by a search; bad
// arguments are refused with a message that names them.
#include "remote_sources_fixture.h"

#include <QJsonDocument>

using namespace zerg;
using namespace zerg::test;

namespace {

// An export without the moment it was made (the fixture's clock is the system's).
QByteArray withoutExportTime(const QByteArray& text, ExportFormat format) {
    if (format == ExportFormat::Json) {
        QJsonObject o = QJsonDocument::fromJson(text).object();
        o.remove(u"exported_at"_s);
        return QJsonDocument(o).toJson();
    }
    QList<QByteArray> lines = text.split('\n');
    lines.removeIf([](const QByteArray& line) { return line.contains("Exported "); });
    return lines.join('\n');
}

constexpr qint64 kOwner = RemoteSourcesFixture::kOwner;
constexpr qint64 kOther = 2;
const QDateTime kT0(QDate(2026, 11, 20), QTime(9, 15, 0, 250), Qt::UTC);

QJsonObject userText(const QString& text) {
    return {{u"role"_s, u"user"_s}, {u"content"_s, text}};
}

// The rows of an owner: run A (two workers, one priced and one unpriced call, a transcript with a
// multi-part user message and a tool call), run B (still running, no calls, a long transcript),
// and another owner's run.
struct Data {
    explicit Data(RemoteSourcesFixture& f) : store(f.store.get()) {
        thread = store->findOrCreateSupervisorThread(kOwner, u"Jarvis"_s, kT0)->id;
        otherThread = store->findOrCreateSupervisorThread(kOther, u"Jarvis"_s, kT0)->id;

        runA = store->createRun(kOwner, thread, u"check disk on cube"_s, kT0).value();
        append(runA,
               QJsonObject{
                   {u"role"_s, u"user"_s},
                   {u"content"_s,
                    QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"check disk"_s}},
                               QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"on cube"_s}}}}},
               1);
        append(
            runA,
            QJsonObject{
                {u"role"_s, u"assistant"_s},
                {u"content"_s, QJsonValue()},
                {u"tool_calls"_s,
                 QJsonArray{QJsonObject{
                     {u"id"_s, u"call_1"_s},
                     {u"type"_s, u"function"_s},
                     {u"function"_s, QJsonObject{{u"name"_s, u"spawn_worker"_s},
                                                 {u"arguments"_s, u"{\"task\":\"df -h\"}"_s}}}}}}},
            2);
        append(runA,
               QJsonObject{{u"role"_s, u"tool"_s},
                           {u"tool_call_id"_s, u"call_1"_s},
                           {u"content"_s, u"{\"status\":\"complete\",\"result\":\"42% used\"}"_s}},
               30);
        jobA1 =
            store->createJob(kOwner, runA, u"df -h on cube"_s, u"gpt-x"_s, kT0.addSecs(2)).value();
        (void)store->markJobStarted(jobA1, u"2026-11-20T09-15-02_df-cube"_s, kT0.addSecs(3));
        (void)store->finishJob(jobA1, JobStatus::Success, {}, kT0.addSecs(29));
        jobA2 = store->createJob(kOwner, runA, u"du on cube"_s, u"gpt-x"_s, kT0.addSecs(4)).value();
        call(runA, 0, 1000, 200, 0.0125);
        call(runA, jobA1, 500, 100, std::nullopt);  // a model without a known price
        (void)store->finishRun(runA, RunStatus::Success, u"42% used"_s, {}, kT0.addSecs(31), 1500,
                               300);

        runB = store->createRun(kOwner, thread, u"tail the log"_s, kT0.addSecs(60)).value();

        otherRun = store->createRun(kOther, otherThread, u"someone else's"_s, kT0).value();
        (void)store->appendMessage(otherThread, otherRun, userText(u"secret"_s), kT0);
    }

    void append(qint64 run, const QJsonObject& body, int secs) {
        if (!store->appendMessage(thread, run, body, kT0.addSecs(secs)))
            qFatal("appendMessage failed");
    }
    void call(qint64 run, qint64 job, qint64 prompt, qint64 completion,
              std::optional<double> cost) {
        LlmCallRecord c;
        c.ownerId = kOwner;
        c.runId = run;
        c.jobId = job;
        c.role = job ? u"worker"_s : u"supervisor"_s;
        c.agent = c.role;
        c.provider = u"openai"_s;
        c.model = job ? u"mystery"_s : u"gpt-x"_s;
        c.promptTokens = prompt;
        c.completionTokens = completion;
        c.cachedTokens = 100;
        c.costUsd = cost;
        c.status = u"ok"_s;
        c.createdAt = kT0;
        if (!store->recordLlmCall(c))
            qFatal("recordLlmCall failed");
    }

    Store* store;
    qint64 thread = 0, otherThread = 0;
    qint64 runA = 0, runB = 0, otherRun = 0;
    qint64 jobA1 = 0, jobA2 = 0;
};

void compare(const RunRecord& r, const RunRecord& l) {
    QCOMPARE(r.id, l.id);
    QCOMPARE(r.ownerId, l.ownerId);
    QCOMPARE(r.threadId, l.threadId);
    QCOMPARE(r.task, l.task);
    QCOMPARE(r.status, l.status);
    QCOMPARE(r.result, l.result);
    QCOMPARE(r.error, l.error);
    QCOMPARE(r.startedAt, l.startedAt);
    QCOMPARE(r.finishedAt, l.finishedAt);
    QCOMPARE(r.durationMs, l.durationMs);
    QCOMPARE(r.promptTokens, l.promptTokens);
    QCOMPARE(r.completionTokens, l.completionTokens);
    QCOMPARE(r.mode, l.mode);
    QCOMPARE(r.errorCode, l.errorCode);
    QCOMPARE(r.attempts, l.attempts);
    QCOMPARE(r.fallback, l.fallback);
}

void compare(const WorkerJobRecord& r, const WorkerJobRecord& l) {
    QCOMPARE(r.id, l.id);
    QCOMPARE(r.ownerId, l.ownerId);
    QCOMPARE(r.runId, l.runId);
    QCOMPARE(r.task, l.task);
    QCOMPARE(r.model, l.model);
    QCOMPARE(r.status, l.status);
    QCOMPARE(r.workerId, l.workerId);
    QCOMPARE(r.error, l.error);
    QCOMPARE(r.createdAt, l.createdAt);
    QCOMPARE(r.startedAt, l.startedAt);
    QCOMPARE(r.finishedAt, l.finishedAt);
    QCOMPARE(r.durationMs, l.durationMs);
}

void compare(const UsageTotals& r, const UsageTotals& l) {
    QCOMPARE(r.calls, l.calls);
    QCOMPARE(r.promptTokens, l.promptTokens);
    QCOMPARE(r.completionTokens, l.completionTokens);
    QCOMPARE(r.cachedTokens, l.cachedTokens);
    QCOMPARE(r.cacheWriteTokens, l.cacheWriteTokens);
    QCOMPARE(r.reasoningTokens, l.reasoningTokens);
    QCOMPARE(r.costUsd.has_value(), l.costUsd.has_value());
    if (l.costUsd)
        QCOMPARE(*r.costUsd, *l.costUsd);
    QCOMPARE(r.unknownCostCalls, l.unknownCostCalls);
    QCOMPARE(r.knownCostUsd, l.knownCostUsd);
}

void compare(const QList<StoredMessage>& r, const QList<StoredMessage>& l) {
    QCOMPARE(r.size(), l.size());
    for (qsizetype i = 0; i < l.size(); ++i) {
        QCOMPARE(r.at(i).seq, l.at(i).seq);
        QCOMPARE(r.at(i).runId, l.at(i).runId);
        QCOMPARE(r.at(i).createdAt, l.at(i).createdAt);
        QCOMPARE(r.at(i).body, l.at(i).body);
    }
}

QString messageOf(const Result<QJsonObject>& r) {
    return r ? QString() : r.error().message;
}

}  // namespace

class TestRemoteThreads : public QObject {
    Q_OBJECT

    // The raw reply of a command, for its shape and its errors.
    static Result<QJsonObject> ask(RemoteSourcesFixture& f, const QString& op,
                                   const QJsonObject& args) {
        return f.await<QJsonObject>([&](QObject* c, auto done) {
            f.client->request(op, args, c, [done](Result<QJsonObject> r) { done(std::move(r)); });
        });
    }

    static void expectBadRequest(RemoteSourcesFixture& f, const QString& op,
                                 const QJsonObject& args, const QString& named) {
        const Result<QJsonObject> r = ask(f, op, args);
        QVERIFY2(!r.ok(), qPrintable(op));
        QCOMPARE(r.error().code, u"bad_request"_s);
        QVERIFY2(r.error().message.contains(named), qPrintable(r.error().message));
    }

private Q_SLOTS:
    void theRunsAndARunWithItsWorkersEqualTheLocalOnes() {
        RemoteSourcesFixture f;
        Data d(f);
        ThreadsSource* local = f.local->sources().threads;
        ThreadsSource* remote = f.remote->sources().threads;

        const auto localRuns = f.await<QList<RunRecord>>(
            [&](QObject* c, auto done) { local->runs(ThreadsSource::kMaxRuns, c, done); });
        const auto remoteRuns = f.await<QList<RunRecord>>(
            [&](QObject* c, auto done) { remote->runs(ThreadsSource::kMaxRuns, c, done); });
        QVERIFY2(remoteRuns.ok(), qPrintable(remoteRuns ? QString() : remoteRuns.error().message));
        QVERIFY(localRuns.ok());
        QCOMPARE(localRuns->size(), 2);  // never the other owner's
        QCOMPARE(remoteRuns->size(), localRuns->size());
        for (qsizetype i = 0; i < localRuns->size(); ++i)
            compare(remoteRuns->at(i), localRuns->at(i));
        QCOMPARE(remoteRuns->first().id, d.runB);  // newest first
        QCOMPARE(remoteRuns->last().finishedAt.isValid(), true);
        QCOMPARE(remoteRuns->first().finishedAt.isValid(), false);  // still running

        // A limit is a limit.
        const auto one =
            f.await<QList<RunRecord>>([&](QObject* c, auto done) { remote->runs(1, c, done); });
        QVERIFY(one.ok());
        QCOMPARE(one->size(), 1);

        const auto localA =
            f.await<RunDetail>([&](QObject* c, auto done) { local->run(d.runA, c, done); });
        const auto remoteA =
            f.await<RunDetail>([&](QObject* c, auto done) { remote->run(d.runA, c, done); });
        QVERIFY2(remoteA.ok(), qPrintable(remoteA ? QString() : remoteA.error().message));
        QVERIFY(localA.ok());
        compare(remoteA->run, localA->run);
        compare(remoteA->usage, localA->usage);
        QCOMPARE(remoteA->workers.size(), 2);
        QCOMPARE(remoteA->workers.size(), localA->workers.size());
        for (qsizetype i = 0; i < localA->workers.size(); ++i)
            compare(remoteA->workers.at(i), localA->workers.at(i));
        QCOMPARE(remoteA->workers.at(0).id, d.jobA1);
        QCOMPARE(remoteA->workers.at(0).workerId, u"2026-11-20T09-15-02_df-cube"_s);
        // One call had no known price: the run's cost is unknown (null), not the known part.
        QCOMPARE(localA->usage.calls, 2);
        QVERIFY(!remoteA->usage.costUsd.has_value());
        QCOMPARE(remoteA->usage.unknownCostCalls, 1);
        QCOMPARE(remoteA->usage.knownCostUsd, 0.0125);

        // A run without calls or workers.
        const auto remoteB =
            f.await<RunDetail>([&](QObject* c, auto done) { remote->run(d.runB, c, done); });
        QVERIFY(remoteB.ok());
        QCOMPARE(remoteB->usage.calls, 0);
        QVERIFY(remoteB->workers.isEmpty());
        QCOMPARE(statusName(remoteB->run.status), u"running"_s);
    }

    // thread_export: the server's document equals the local one but for the moment it was made;
    // a foreign run is not_found; a bad format is refused naming the accepted ones.
    void anExportEqualsTheLocalOne() {
        RemoteSourcesFixture f;
        Data d(f);
        ThreadsSource* local = f.local->sources().threads;
        ThreadsSource* remote = f.remote->sources().threads;
        for (const ExportFormat format : {ExportFormat::Markdown, ExportFormat::Json}) {
            for (const qint64 runId : {d.runA, qint64(0)}) {
                const auto l = f.await<QByteArray>(
                    [&](QObject* c, auto done) { local->exportRuns(runId, format, c, done); });
                const auto r = f.await<QByteArray>(
                    [&](QObject* c, auto done) { remote->exportRuns(runId, format, c, done); });
                QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
                QVERIFY(l.ok());
                QCOMPARE(withoutExportTime(r.value(), format),
                         withoutExportTime(l.value(), format));
                QVERIFY(r->contains("check disk on cube"));
                QVERIFY(!r->contains("secret"));  // never another owner's
            }
        }
        const auto foreign = f.await<QByteArray>([&](QObject* c, auto done) {
            remote->exportRuns(d.otherRun, ExportFormat::Json, c, done);
        });
        QVERIFY(!foreign.ok());
        QCOMPARE(foreign.error().code, u"not_found"_s);

        const auto bad = f.command(u"thread_export"_s, {{u"format"_s, u"pdf"_s}});
        QVERIFY(!bad.ok());
        QCOMPARE(bad.error().code, u"bad_request"_s);
        QVERIFY2(bad.error().message.contains(u"json"_s), qPrintable(bad.error().message));
    }

    void theRowTotalsEqualTheLocalOnesAndLeaveOutForeignRuns() {
        RemoteSourcesFixture f;
        Data d(f);
        const QList<qint64> ids{d.runB, d.otherRun, 999'999, d.runA};
        const auto local = f.await<QList<RunTotals>>(
            [&](QObject* c, auto done) { f.local->sources().threads->runTotals(ids, c, done); });
        const auto remote = f.await<QList<RunTotals>>(
            [&](QObject* c, auto done) { f.remote->sources().threads->runTotals(ids, c, done); });
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().message));
        QVERIFY(local.ok());
        QCOMPARE(local->size(), 2);
        QCOMPARE(remote->size(), 2);
        QCOMPARE(remote->at(0).runId, d.runB);  // in the order asked
        QCOMPARE(remote->at(1).runId, d.runA);
        for (qsizetype i = 0; i < local->size(); ++i) {
            QCOMPARE(remote->at(i).runId, local->at(i).runId);
            QCOMPARE(remote->at(i).workerCount, local->at(i).workerCount);
            compare(remote->at(i).usage, local->at(i).usage);
        }
        QCOMPARE(remote->at(1).workerCount, 2);
        QVERIFY(!remote->at(1).usage.costUsd.has_value());
    }

    void aTranscriptWithMultiPartContentsEqualsTheLocalOne() {
        RemoteSourcesFixture f;
        Data d(f);
        ThreadsSource* local = f.local->sources().threads;
        ThreadsSource* remote = f.remote->sources().threads;
        for (const qint64 after : {qint64(0), qint64(1)}) {
            const auto l = f.await<QList<StoredMessage>>(
                [&](QObject* c, auto done) { local->messages(d.runA, after, c, done); });
            const auto r = f.await<QList<StoredMessage>>(
                [&](QObject* c, auto done) { remote->messages(d.runA, after, c, done); });
            QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
            QVERIFY(l.ok());
            QCOMPARE(l->size(), after == 0 ? 3 : 2);
            compare(r.value(), l.value());
        }
        const auto all = f.await<QList<StoredMessage>>(
            [&](QObject* c, auto done) { remote->messages(d.runA, 0, c, done); });
        QVERIFY(all.ok());
        const QJsonArray parts = all->at(0).body.value(u"content"_s).toArray();
        QCOMPARE(parts.size(), 2);
        QCOMPARE(parts.at(1).toObject().value(u"text"_s).toString(), u"on cube"_s);
        QCOMPARE(all->at(1).body.value(u"tool_calls"_s).toArray().size(), 1);
        QCOMPARE(all->at(2).body.value(u"tool_call_id"_s).toString(), u"call_1"_s);

        // A run without messages yet.
        const auto none = f.await<QList<StoredMessage>>(
            [&](QObject* c, auto done) { remote->messages(d.runB, 0, c, done); });
        QVERIFY(none.ok());
        QVERIFY(none->isEmpty());
    }

    void aLongTranscriptComesInPages() {
        RemoteSourcesFixture f;
        Data d(f);
        constexpr int kMessages = 2 * MessagePage::kMaxMessages + 50;
        for (int i = 0; i < kMessages; ++i)
            d.append(d.runB, userText(u"line %1"_s.arg(i)), 100 + i);

        // The command gives one page at a time and says that more follow.
        const Result<QJsonObject> first = ask(f, u"run_messages"_s, {{u"run_id"_s, d.runB}});
        QVERIFY2(first.ok(), qPrintable(messageOf(first)));
        const QJsonArray page = first->value(u"messages"_s).toArray();
        QCOMPARE(page.size(), MessagePage::kMaxMessages);
        QCOMPARE(first->value(u"more"_s).toBool(), true);
        const qint64 lastSeq = page.last().toObject().value(u"seq"_s).toInteger();
        const Result<QJsonObject> last =
            ask(f, u"run_messages"_s,
                {{u"run_id"_s, d.runB}, {u"after_seq"_s, lastSeq + MessagePage::kMaxMessages}});
        QVERIFY(last.ok());
        QCOMPARE(last->value(u"messages"_s).toArray().size(), 50);
        QCOMPARE(last->value(u"more"_s).toBool(), false);

        // The remote source fetches every page; from the middle too.
        for (const qint64 after : {qint64(0), lastSeq - 10}) {
            const auto l = f.await<QList<StoredMessage>>([&](QObject* c, auto done) {
                f.local->sources().threads->messages(d.runB, after, c, done);
            });
            const auto r = f.await<QList<StoredMessage>>([&](QObject* c, auto done) {
                f.remote->sources().threads->messages(d.runB, after, c, done);
            });
            QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
            QCOMPARE(r->size(), after == 0 ? kMessages : l->size());
            compare(r.value(), l.value());
        }
    }

    void largeMessagesMakeSmallerPages() {
        RemoteSourcesFixture f;
        Data d(f);
        // Three tool outputs of 600 KiB: two never share a page of at most 1 MiB.
        const QString big(600 * 1024, QLatin1Char('x'));
        for (int i = 0; i < 3; ++i) {
            d.append(d.runB,
                     {{u"role"_s, u"tool"_s},
                      {u"tool_call_id"_s, u"c%1"_s.arg(i)},
                      {u"content"_s, big + QString::number(i)}},
                     100 + i);
        }
        const Result<QJsonObject> first = ask(f, u"run_messages"_s, {{u"run_id"_s, d.runB}});
        QVERIFY2(first.ok(), qPrintable(messageOf(first)));
        QCOMPARE(first->value(u"messages"_s).toArray().size(), 1);
        QCOMPARE(first->value(u"more"_s).toBool(), true);

        const auto l = f.await<QList<StoredMessage>>([&](QObject* c, auto done) {
            f.local->sources().threads->messages(d.runB, 0, c, done);
        });
        const auto r = f.await<QList<StoredMessage>>([&](QObject* c, auto done) {
            f.remote->sources().threads->messages(d.runB, 0, c, done);
        });
        QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
        QCOMPARE(r->size(), 3);
        compare(r.value(), l.value());
    }

    void theMemoryIsAbsentThenPresent() {
        RemoteSourcesFixture f;
        ThreadsSource* local = f.local->sources().threads;
        ThreadsSource* remote = f.remote->sources().threads;
        // An owner without runs has no memory.
        const auto empty = f.await<std::optional<ThreadMemory>>(
            [&](QObject* c, auto done) { remote->memory(c, done); });
        QVERIFY2(empty.ok(), qPrintable(empty ? QString() : empty.error().message));
        QVERIFY(!empty->has_value());

        Data d(f);
        const auto never = f.await<std::optional<ThreadMemory>>(
            [&](QObject* c, auto done) { remote->memory(c, done); });
        QVERIFY(never.ok());
        QVERIFY(!never->has_value());  // never compacted

        QVERIFY(d.store->saveMemory(d.thread, 2, u"Disk checked on cube."_s, kT0.addSecs(40)));
        QVERIFY(d.store->saveMemory(d.thread, 3, u"Disk on cube: 42%."_s, kT0.addSecs(50)));
        const auto l = f.await<std::optional<ThreadMemory>>(
            [&](QObject* c, auto done) { local->memory(c, done); });
        const auto r = f.await<std::optional<ThreadMemory>>(
            [&](QObject* c, auto done) { remote->memory(c, done); });
        QVERIFY(l.ok() && l->has_value());
        QVERIFY(r.ok() && r->has_value());
        QCOMPARE((*r)->upToSeq, 3);  // the newest
        QCOMPARE((*r)->upToSeq, (*l)->upToSeq);
        QCOMPARE((*r)->summary, (*l)->summary);
        QCOMPARE((*r)->threadId, (*l)->threadId);
        QCOMPARE((*r)->createdAt, (*l)->createdAt);
    }

    void anotherOwnersRunIsNotFoundLikeAMissingOne() {
        RemoteSourcesFixture f;
        Data d(f);
        ThreadsSource* remote = f.remote->sources().threads;
        QString foreignMessage;
        for (const qint64 id : {d.otherRun, qint64(999'999)}) {
            const auto run =
                f.await<RunDetail>([&](QObject* c, auto done) { remote->run(id, c, done); });
            QVERIFY(!run.ok());
            QCOMPARE(run.error().code, u"not_found"_s);
            const auto messages = f.await<QList<StoredMessage>>(
                [&](QObject* c, auto done) { remote->messages(id, 0, c, done); });
            QVERIFY(!messages.ok());
            QCOMPARE(messages.error().code, u"not_found"_s);
            // The same words for both: the id tells nothing.
            QString message = run.error().message;
            message.replace(QString::number(id), u"N"_s);
            if (foreignMessage.isEmpty())
                foreignMessage = message;
            QCOMPARE(message, foreignMessage);
        }
    }

    void aSearchEqualsTheLocalOneAndFindsOnlyTheOwnersRuns() {
        RemoteSourcesFixture f;
        Data d(f);
        d.append(d.runA,
                 {{u"role"_s, u"assistant"_s}, {u"content"_s, u"The disk on cube is 42% full."_s}},
                 31);
        d.append(d.runB, userText(u"tail the log of cube's nginx"_s), 61);
        ThreadsSource* local = f.local->sources().threads;
        ThreadsSource* remote = f.remote->sources().threads;

        for (const QString& query : {u"cube"_s, u"cub"_s, u"disk"_s, u"42 full"_s, u"nginx"_s}) {
            const auto l = f.await<QList<RunSearchHit>>(
                [&](QObject* c, auto done) { local->search(query, 10, c, done); });
            const auto r = f.await<QList<RunSearchHit>>(
                [&](QObject* c, auto done) { remote->search(query, 10, c, done); });
            QVERIFY2(r.ok(), qPrintable(r ? QString() : r.error().message));
            QVERIFY(l.ok());
            QVERIFY2(!l->isEmpty(), qPrintable(query));
            QCOMPARE(r->size(), l->size());
            for (qsizetype i = 0; i < l->size(); ++i) {
                compare(r->at(i).run, l->at(i).run);
                QCOMPARE(r->at(i).messageSeq, l->at(i).messageSeq);
                QCOMPARE(r->at(i).role, l->at(i).role);
                QCOMPARE(r->at(i).snippet, l->at(i).snippet);
            }
        }
        // Both runs mention cube; the answer's match ("cube" in few words) and the multi-part
        // question are run A's.
        const auto cube = f.await<QList<RunSearchHit>>(
            [&](QObject* c, auto done) { remote->search(u"cube"_s, 10, c, done); });
        QVERIFY(cube.ok());
        QCOMPARE(cube->size(), 2);
        for (const RunSearchHit& hit : cube.value()) {
            QCOMPARE(hit.run.ownerId, kOwner);
            QVERIFY2(
                hit.snippet.contains(QChar(kSearchMatchStart) + u"cube"_s + QChar(kSearchMatchEnd)),
                qPrintable(hit.snippet));
        }
        const auto limited = f.await<QList<RunSearchHit>>(
            [&](QObject* c, auto done) { remote->search(u"cube"_s, 1, c, done); });
        QVERIFY(limited.ok());
        QCOMPARE(limited->size(), 1);

        // Another owner's conversation and tool results are never found.
        for (const QString& query : {u"secret"_s, u"used"_s, u"complete"_s}) {
            const auto none = f.await<QList<RunSearchHit>>(
                [&](QObject* c, auto done) { remote->search(query, 10, c, done); });
            QVERIFY2(none.ok(), qPrintable(query));
            QVERIFY2(none->isEmpty(), qPrintable(query));
        }

        // The command's own shape.
        const Result<QJsonObject> raw = ask(f, u"thread_search"_s, {{u"query"_s, u"tail log"_s}});
        QVERIFY2(raw.ok(), qPrintable(messageOf(raw)));
        const QJsonArray hits = raw->value(u"hits"_s).toArray();
        QCOMPARE(hits.size(), 1);
        const QJsonObject hit = hits.at(0).toObject();
        QCOMPARE(hit.value(u"run"_s).toObject().value(u"run_id"_s).toInteger(), d.runB);
        QCOMPARE(hit.value(u"role"_s).toString(), u"user"_s);
        QCOMPARE(hit.value(u"message_seq"_s).toInteger(), qint64(5));
        QCOMPARE(hit.value(u"snippet"_s).toString(),
                 QChar(kSearchMatchStart) + u"tail"_s + QChar(kSearchMatchEnd) + u" the "_s +
                     QChar(kSearchMatchStart) + u"log"_s + QChar(kSearchMatchEnd) +
                     u" of cube's nginx"_s);
        QVERIFY(!hit.value(u"run"_s).toObject().contains(u"owner_id"_s));

        // Punctuation only: no hits, no error. A blank query: the store's words, as bad_request.
        const Result<QJsonObject> punctuation =
            ask(f, u"thread_search"_s, {{u"query"_s, u"\"?!\" --"_s}});
        QVERIFY2(punctuation.ok(), qPrintable(messageOf(punctuation)));
        QVERIFY(punctuation->value(u"hits"_s).toArray().isEmpty());
        const auto blank = f.await<QList<RunSearchHit>>(
            [&](QObject* c, auto done) { remote->search(u"   "_s, 10, c, done); });
        QVERIFY(!blank.ok());
        QCOMPARE(blank.error().code, u"bad_request"_s);
        QVERIFY2(blank.error().message.contains(u"word"_s), qPrintable(blank.error().message));
    }

    void badArgumentsAreRefusedAndNamed() {
        RemoteSourcesFixture f;
        expectBadRequest(f, u"thread_runs"_s, {{u"limit"_s, 0}}, u"limit"_s);
        expectBadRequest(f, u"thread_runs"_s, {{u"limit"_s, ThreadsSource::kMaxRuns + 1}},
                         u"limit"_s);
        expectBadRequest(f, u"thread_runs"_s, {{u"limit"_s, u"ten"_s}}, u"limit"_s);
        expectBadRequest(f, u"thread_run"_s, {}, u"run_id"_s);
        expectBadRequest(f, u"thread_run"_s, {{u"run_id"_s, u"7"_s}}, u"run_id"_s);
        expectBadRequest(f, u"thread_run"_s, {{u"run_id"_s, 0}}, u"run_id"_s);
        expectBadRequest(f, u"thread_run_totals"_s, {}, u"run_ids"_s);
        expectBadRequest(f, u"thread_run_totals"_s, {{u"run_ids"_s, QJsonArray()}}, u"run_ids"_s);
        expectBadRequest(f, u"thread_run_totals"_s, {{u"run_ids"_s, 3}}, u"run_ids"_s);
        expectBadRequest(f, u"thread_run_totals"_s, {{u"run_ids"_s, QJsonArray{1, u"two"_s}}},
                         u"run_ids[1]"_s);
        QJsonArray tooMany;
        for (int i = 1; i <= ThreadsSource::kMaxTotalsRuns + 1; ++i)
            tooMany.append(i);
        expectBadRequest(f, u"thread_run_totals"_s, {{u"run_ids"_s, tooMany}}, u"run_ids"_s);
        expectBadRequest(f, u"run_messages"_s, {}, u"run_id"_s);
        expectBadRequest(f, u"run_messages"_s, {{u"run_id"_s, 1}, {u"after_seq"_s, -1}},
                         u"after_seq"_s);
        expectBadRequest(f, u"run_messages"_s, {{u"run_id"_s, 1}, {u"after_seq"_s, 1.5}},
                         u"after_seq"_s);
        expectBadRequest(f, u"thread_search"_s, {}, u"query"_s);
        expectBadRequest(f, u"thread_search"_s, {{u"query"_s, 5}}, u"query"_s);
        expectBadRequest(f, u"thread_search"_s, {{u"query"_s, u"cube"_s}, {u"limit"_s, 0}},
                         u"limit"_s);
        expectBadRequest(f, u"thread_search"_s,
                         {{u"query"_s, u"cube"_s}, {u"limit"_s, ThreadsSource::kMaxSearchHits + 1}},
                         u"limit"_s);
        expectBadRequest(f, u"thread_search"_s, {{u"query"_s, u""_s}}, u"word"_s);
        expectBadRequest(f, u"thread_search"_s,
                         {{u"query"_s, QString(Store::kMaxSearchChars + 1, u'x')}},
                         QString::number(Store::kMaxSearchChars));

        // Valid arguments over an empty store: answers, not errors.
        const Result<QJsonObject> runs = ask(f, u"thread_runs"_s, {});
        QVERIFY2(runs.ok(), qPrintable(messageOf(runs)));
        QVERIFY(runs->value(u"runs"_s).toArray().isEmpty());
        const Result<QJsonObject> memory = ask(f, u"thread_memory"_s, {});
        QVERIFY2(memory.ok(), qPrintable(messageOf(memory)));
        QVERIFY(memory->value(u"memory"_s).isNull());
        const Result<QJsonObject> search = ask(f, u"thread_search"_s, {{u"query"_s, u"cube"_s}});
        QVERIFY2(search.ok(), qPrintable(messageOf(search)));
        QVERIFY(search->value(u"hits"_s).toArray().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRemoteThreads)
#include "test_remote_threads.moc"
