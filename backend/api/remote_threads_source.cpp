#include "api/remote_threads_source.h"

#include "api/remote_ask.h"
#include "api/remote_client.h"
#include "dashboard/record_json.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <memory>

namespace zerg::api {
namespace {

using namespace Qt::StringLiterals;

// Asks run_messages from afterSeq on, page after page, adding each page to got until the server
// says there is no more.
void fetchMessages(RemoteClient* client, qint64 runId, qint64 afterSeq, QObject* context,
                   std::shared_ptr<QList<StoredMessage>> got,
                   SourceReply<QList<StoredMessage>> done) {
    client->request(
        u"run_messages"_s, {{u"run_id"_s, runId}, {u"after_seq"_s, afterSeq}}, context,
        [client, runId, afterSeq, context, got,
         done = std::move(done)](const Result<QJsonObject>& r) mutable {
            if (!r)
                return done(r.error());
            Result<MessagePage> page = recordjson::messagePage(r.value());
            if (!page)
                return done(page.error());
            // A page that does not move on would be asked for again and again.
            const bool movesOn = !page->messages.isEmpty() && page->messages.first().seq > afterSeq;
            if (page->more && !movesOn) {
                return done(recordjson::protocolError(
                    QCoreApplication::translate("zerg::recordjson", "the run's messages")));
            }
            got->append(page->messages);
            if (!page->more)
                return done(std::move(*got));
            fetchMessages(client, runId, page->messages.last().seq, context, got, std::move(done));
        });
}

}  // namespace

void RemoteThreadsSource::runs(int limit, QObject* context, SourceReply<QList<RunRecord>> done) {
    askServer<QList<RunRecord>>(m_client, u"thread_runs"_s, {{u"limit"_s, limit}}, context,
                                std::move(done), ownedBy(m_ownerId, &recordjson::threadRuns));
}

void RemoteThreadsSource::run(qint64 runId, QObject* context, SourceReply<RunDetail> done) {
    askServer<RunDetail>(m_client, u"thread_run"_s, {{u"run_id"_s, runId}}, context,
                         std::move(done), ownedBy(m_ownerId, &recordjson::runDetail));
}

void RemoteThreadsSource::runTotals(const QList<qint64>& runIds, QObject* context,
                                    SourceReply<QList<RunTotals>> done) {
    QJsonArray ids;
    for (const qint64 id : runIds)
        ids.append(id);
    askServer<QList<RunTotals>>(m_client, u"thread_run_totals"_s, {{u"run_ids"_s, ids}}, context,
                                std::move(done), &recordjson::runTotalsList);
}

void RemoteThreadsSource::messages(qint64 runId, qint64 afterSeq, QObject* context,
                                   SourceReply<QList<StoredMessage>> done) {
    fetchMessages(m_client, runId, afterSeq, context, std::make_shared<QList<StoredMessage>>(),
                  std::move(done));
}

void RemoteThreadsSource::memory(QObject* context, SourceReply<std::optional<ThreadMemory>> done) {
    askServer<std::optional<ThreadMemory>>(m_client, u"thread_memory"_s, {}, context,
                                           std::move(done), &recordjson::memory);
}

void RemoteThreadsSource::search(const QString& query, int limit, QObject* context,
                                 SourceReply<QList<RunSearchHit>> done) {
    askServer<QList<RunSearchHit>>(m_client, u"thread_search"_s,
                                   {{u"query"_s, query}, {u"limit"_s, limit}}, context,
                                   std::move(done), ownedBy(m_ownerId, &recordjson::searchHits));
}

void RemoteThreadsSource::exportRuns(qint64 runId, ExportFormat format, QObject* context,
                                     SourceReply<QByteArray> done) {
    QJsonObject args{{u"format"_s, statusName(format)}};
    if (runId != 0)
        args.insert(u"run_id"_s, runId);
    askServer<QByteArray>(m_client, u"thread_export"_s, std::move(args), context, std::move(done),
                          [](const QJsonObject& o) -> Result<QByteArray> {
                              const QJsonValue text = o.value(u"text"_s);
                              if (!text.isString())
                                  return recordjson::protocolError(QCoreApplication::translate(
                                      "zerg::recordjson", "the export"));
                              return text.toString().toUtf8();
                          });
}

}  // namespace zerg::api
