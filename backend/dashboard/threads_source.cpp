#include "dashboard/threads_source.h"

#include "core/clock.h"
#include "dashboard/record_json.h"
#include "storage/time_format.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace zerg {

using namespace Qt::StringLiterals;

Result<RunRecord> StoreThreadsSource::ownRun(qint64 runId) {
    Result<RunRecord> run = m_store->run(runId);
    if (!run && run.error().code != "not_found"_L1)
        return run.error();
    // The same answer for another owner's run as for a missing one: ids tell nothing.
    if (!run || run->ownerId != m_ownerId) {
        return Error{u"not_found"_s,
                     QCoreApplication::translate("zerg::StoreThreadsSource",
                                                 "No run %1. List the runs to find its id.")
                         .arg(runId)};
    }
    return run;
}

void StoreThreadsSource::runs(int limit, QObject* context, SourceReply<QList<RunRecord>> done) {
    Q_UNUSED(context);
    done(m_store->listRuns(m_ownerId, limit));
}

void StoreThreadsSource::run(qint64 runId, QObject* context, SourceReply<RunDetail> done) {
    Q_UNUSED(context);
    Result<RunRecord> run = ownRun(runId);
    if (!run)
        return done(run.error());
    Result<UsageTotals> usage = m_store->usageForRun(runId);
    if (!usage)
        return done(usage.error());
    Result<QList<WorkerJobRecord>> jobs = m_store->listJobsForRun(m_ownerId, runId);
    if (!jobs)
        return done(jobs.error());
    done(RunDetail{std::move(run).value(), std::move(usage).value(), std::move(jobs).value()});
}

void StoreThreadsSource::runTotals(const QList<qint64>& runIds, QObject* context,
                                   SourceReply<QList<RunTotals>> done) {
    Q_UNUSED(context);
    QList<RunTotals> out;
    out.reserve(runIds.size());
    for (const qint64 runId : runIds) {
        const Result<RunRecord> run = ownRun(runId);
        if (!run && run.error().code == "not_found"_L1)
            continue;
        if (!run)
            return done(run.error());
        Result<UsageTotals> usage = m_store->usageForRun(runId);
        if (!usage)
            return done(usage.error());
        const Result<QList<WorkerJobRecord>> jobs = m_store->listJobsForRun(m_ownerId, runId);
        if (!jobs)
            return done(jobs.error());
        out.append(RunTotals{runId, std::move(usage).value(), int(jobs->size())});
    }
    done(std::move(out));
}

void StoreThreadsSource::messages(qint64 runId, qint64 afterSeq, QObject* context,
                                  SourceReply<QList<StoredMessage>> done) {
    Q_UNUSED(context);
    const Result<RunRecord> run = ownRun(runId);
    if (!run)
        return done(run.error());
    Result<QList<StoredMessage>> all = m_store->loadMessagesForRun(run->threadId, runId);
    if (!all)
        return done(all.error());
    QList<StoredMessage> out = std::move(all).value();
    out.removeIf([afterSeq](const StoredMessage& m) { return m.seq <= afterSeq; });
    done(std::move(out));
}

void StoreThreadsSource::memory(QObject* context, SourceReply<std::optional<ThreadMemory>> done) {
    Q_UNUSED(context);
    // Every run of the owner is in its one supervisor thread: finding the thread through the
    // newest run spares creating an empty thread for an owner who never asked anything.
    const Result<QList<RunRecord>> newest = m_store->listRuns(m_ownerId, 1);
    if (!newest)
        return done(newest.error());
    if (newest->isEmpty())
        return done(std::optional<ThreadMemory>());
    done(m_store->latestMemory(newest->first().threadId));
}

void StoreThreadsSource::search(const QString& query, int limit, QObject* context,
                                SourceReply<QList<RunSearchHit>> done) {
    Q_UNUSED(context);
    done(m_store->searchRuns(m_ownerId, query, limit));
}

void StoreThreadsSource::exportRuns(qint64 runId, ExportFormat format, QObject* context,
                                    SourceReply<QByteArray> done) {
    Q_UNUSED(context);
    if (!m_artifacts || !m_clock) {
        return done(Error{u"unavailable"_s,
                          QCoreApplication::translate("zerg::StoreThreadsSource",
                                                      "Exporting is not possible here; use zerg "
                                                      "runs export on the computer that ran it.")});
    }
    done(runId == 0
             ? exportConversation(*m_store, *m_artifacts, m_ownerId, format, m_clock->utcNow())
             : exportRun(*m_store, *m_artifacts, m_ownerId, runId, format, m_clock->utcNow()));
}

MessagePage MessagePage::first(const QList<StoredMessage>& messages) {
    MessagePage page;
    qint64 bytes = 0;
    for (const StoredMessage& m : messages) {
        if (page.messages.size() == kMaxMessages) {
            page.more = true;
            break;
        }
        const qint64 size =
            QJsonDocument(recordjson::toJson(m)).toJson(QJsonDocument::Compact).size();
        if (!page.messages.isEmpty() && bytes + size > kMaxBytes) {
            page.more = true;
            break;
        }
        bytes += size;
        page.messages.append(m);
    }
    return page;
}

namespace recordjson {

QJsonObject toJson(const RunDetail& d) {
    return {{u"run"_s, toJson(d.run)},
            {u"usage"_s, toJson(d.usage)},
            {u"workers"_s, arrayOf(d.workers, [](const WorkerJobRecord& j) { return toJson(j); })}};
}

Result<RunDetail> runDetail(const QJsonObject& o) {
    const QJsonValue run = o.value(u"run"_s);
    if (!run.isObject())
        return protocolError(QCoreApplication::translate("zerg::recordjson", "the run"));
    Result<QList<WorkerJobRecord>> workers = listOf<WorkerJobRecord>(
        o.value(u"workers"_s), QCoreApplication::translate("zerg::recordjson", "the run's workers"),
        &workerJobRecord);
    if (!workers)
        return workers.error();
    RunDetail d;
    d.run = runRecord(run.toObject());
    d.usage = usageTotals(o.value(u"usage"_s).toObject());
    d.workers = std::move(workers).value();
    return d;
}

QJsonObject toJson(const RunTotals& t) {
    QJsonObject o = toJson(t.usage);
    o.insert(u"run_id"_s, t.runId);
    o.insert(u"worker_count"_s, t.workerCount);
    return o;
}

RunTotals runTotals(const QJsonObject& o) {
    RunTotals t;
    t.runId = o.value(u"run_id"_s).toInteger();
    t.usage = usageTotals(o);
    t.workerCount = int(o.value(u"worker_count"_s).toInteger());
    return t;
}

QJsonObject toJson(const StoredMessage& m) {
    return {{u"seq"_s, m.seq},
            {u"run_id"_s, m.runId},
            {u"created_at"_s, timefmt::toIso(m.createdAt)},
            {u"message"_s, m.body}};
}

StoredMessage storedMessage(const QJsonObject& o) {
    StoredMessage m;
    m.seq = o.value(u"seq"_s).toInteger();
    m.runId = o.value(u"run_id"_s).toInteger();
    m.createdAt = timefmt::fromIso(o.value(u"created_at"_s).toString());
    m.body = o.value(u"message"_s).toObject();
    return m;
}

QJsonObject toJson(const ThreadMemory& m) {
    return {{u"thread_id"_s, m.threadId},
            {u"up_to_seq"_s, m.upToSeq},
            {u"summary"_s, m.summary},
            {u"created_at"_s, timefmt::toIso(m.createdAt)}};
}

ThreadMemory threadMemory(const QJsonObject& o) {
    ThreadMemory m;
    m.threadId = o.value(u"thread_id"_s).toInteger();
    m.upToSeq = o.value(u"up_to_seq"_s).toInteger();
    m.summary = o.value(u"summary"_s).toString();
    m.createdAt = timefmt::fromIso(o.value(u"created_at"_s).toString());
    return m;
}

QJsonObject threadRunsReply(const QList<RunRecord>& runs) {
    return {{u"runs"_s, arrayOf(runs, [](const RunRecord& r) { return toJson(r); })}};
}

Result<QList<RunRecord>> threadRuns(const QJsonObject& reply) {
    return listOf<RunRecord>(reply.value(u"runs"_s),
                             QCoreApplication::translate("zerg::recordjson", "the runs"),
                             &runRecord);
}

QJsonObject runTotalsReply(const QList<RunTotals>& totals) {
    return {{u"totals"_s, arrayOf(totals, [](const RunTotals& t) { return toJson(t); })}};
}

Result<QList<RunTotals>> runTotalsList(const QJsonObject& reply) {
    return listOf<RunTotals>(reply.value(u"totals"_s),
                             QCoreApplication::translate("zerg::recordjson", "the runs' totals"),
                             &runTotals);
}

QJsonObject toJson(const MessagePage& page) {
    return {
        {u"messages"_s, arrayOf(page.messages, [](const StoredMessage& m) { return toJson(m); })},
        {u"more"_s, page.more}};
}

Result<MessagePage> messagePage(const QJsonObject& reply) {
    const QString messages = QCoreApplication::translate("zerg::recordjson", "the run's messages");
    Result<QList<StoredMessage>> list =
        listOf<StoredMessage>(reply.value(u"messages"_s), messages, &storedMessage);
    if (!list)
        return list.error();
    for (const StoredMessage& m : std::as_const(list.value())) {
        // A message is a chat message object; anything else is not a transcript this app reads.
        if (m.body.isEmpty())
            return protocolError(messages);
    }
    MessagePage page;
    page.messages = std::move(list).value();
    page.more = reply.value(u"more"_s).toBool();
    return page;
}

QJsonObject memoryReply(const std::optional<ThreadMemory>& m) {
    return {{u"memory"_s, m ? QJsonValue(toJson(*m)) : QJsonValue(QJsonValue::Null)}};
}

Result<std::optional<ThreadMemory>> memory(const QJsonObject& reply) {
    const QJsonValue v = reply.value(u"memory"_s);
    if (v.isNull() || v.isUndefined())
        return std::optional<ThreadMemory>();
    if (!v.isObject())
        return protocolError(
            QCoreApplication::translate("zerg::recordjson", "the thread's memory"));
    return std::optional<ThreadMemory>(threadMemory(v.toObject()));
}

QJsonObject toJson(const RunSearchHit& hit) {
    return {{u"run"_s, toJson(hit.run)},
            {u"message_seq"_s, hit.messageSeq},
            {u"role"_s, hit.role},
            {u"snippet"_s, hit.snippet}};
}

RunSearchHit runSearchHit(const QJsonObject& o) {
    RunSearchHit hit;
    hit.run = runRecord(o.value(u"run"_s).toObject());
    hit.messageSeq = o.value(u"message_seq"_s).toInteger();
    hit.role = o.value(u"role"_s).toString();
    hit.snippet = o.value(u"snippet"_s).toString();
    return hit;
}

QJsonObject searchReply(const QList<RunSearchHit>& hits) {
    return {{u"hits"_s, arrayOf(hits, [](const RunSearchHit& h) { return toJson(h); })}};
}

Result<QList<RunSearchHit>> searchHits(const QJsonObject& reply) {
    const QString what = QCoreApplication::translate("zerg::recordjson", "the search's runs");
    Result<QList<RunSearchHit>> hits =
        listOf<RunSearchHit>(reply.value(u"hits"_s), what, &runSearchHit);
    if (!hits)
        return hits.error();
    for (const RunSearchHit& h : std::as_const(hits.value())) {
        // Every hit is a run: one without its record is not an answer this app reads.
        if (h.run.id <= 0)
            return protocolError(what);
    }
    return hits;
}

}  // namespace recordjson
}  // namespace zerg
