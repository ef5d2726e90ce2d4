#include "api/remote_worker_files_source.h"

#include "api/remote_client.h"
#include "dashboard/record_json.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <algorithm>
#include <memory>

namespace zerg::api {
namespace {

using namespace Qt::StringLiterals;

// A folder with more new checks than fit a reply takes a few rounds; a server that keeps sending
// nothing new is not asked forever (the page's next read brings the rest).
constexpr int kMaxFolderRounds = 32;

// One folder() call across its rounds.
struct FolderAsk {
    RemoteClient* client = nullptr;
    QString workerId;
    QSet<QString> known;        // the caller's
    QStringList receivedOrder;  // new checks received so far, named first in the next round
    QSet<QString> received;
    WorkerFolder folder;
    int rounds = 0;
    SourceReply<WorkerFolder> done;
};

void finish(const std::shared_ptr<FolderAsk>& ask, bool moreChecks) {
    WorkerFolder out = std::move(ask->folder);
    std::sort(out.checks.begin(), out.checks.end(),
              [](const WorkerCheckFile& a, const WorkerCheckFile& b) { return a.path < b.path; });
    out.moreChecks = moreChecks;
    ask->done(std::move(out));
}

void askFolder(const std::shared_ptr<FolderAsk>& ask, QObject* context) {
    // The checks received in this call first: naming them is what lets the next round progress.
    QJsonArray known;
    for (const QString& path : std::as_const(ask->receivedOrder)) {
        if (known.size() < recordjson::kMaxKnownChecks)
            known.append(path);
    }
    for (const QString& path : std::as_const(ask->known)) {
        if (known.size() < recordjson::kMaxKnownChecks && !ask->received.contains(path))
            known.append(path);
    }
    QJsonObject args{{u"worker_id"_s, ask->workerId}};
    if (!known.isEmpty())
        args.insert(u"known_checks"_s, known);
    ask->client->request(
        u"worker_folder"_s, std::move(args), context, [ask, context](const Result<QJsonObject>& r) {
            if (!r)
                return ask->done(r.error());
            Result<WorkerFolder> page = recordjson::workerFolder(r.value());
            if (!page)
                return ask->done(page.error());
            // The newest listing wins: the checks of earlier rounds are in it too (written once).
            ask->folder.metadata = page->metadata;
            ask->folder.files = page->files;
            bool progress = false;
            for (WorkerCheckFile& check : page.value().checks) {
                // A known check the request could not name comes back: the caller has it.
                if (ask->known.contains(check.path) || ask->received.contains(check.path))
                    continue;
                ask->received.insert(check.path);
                ask->receivedOrder.append(check.path);
                ask->folder.checks.append(std::move(check));
                progress = true;
            }
            ++ask->rounds;
            if (page->moreChecks && progress && ask->rounds < kMaxFolderRounds)
                return askFolder(ask, context);
            finish(ask, page->moreChecks);
        });
}

}  // namespace

void RemoteWorkerFilesSource::askJob(QJsonObject args, QObject* context,
                                     SourceReply<WorkerJobRecord> done) {
    m_client->request(
        u"worker_job"_s, std::move(args), context,
        [done = std::move(done), owner = m_localOwnerId](const Result<QJsonObject>& r) {
            if (!r)
                return done(r.error());
            if (!r->value(u"job_id"_s).isDouble()) {
                return done(recordjson::protocolError(QCoreApplication::translate(
                    "zerg::api::RemoteWorkerFilesSource", "the worker job")));
            }
            WorkerJobRecord job = recordjson::workerJobRecord(r.value());
            job.ownerId = owner;  // the server does not send owners
            done(std::move(job));
        });
}

void RemoteWorkerFilesSource::job(qint64 jobId, QObject* context,
                                  SourceReply<WorkerJobRecord> done) {
    askJob({{u"job_id"_s, jobId}}, context, std::move(done));
}

void RemoteWorkerFilesSource::jobOfWorker(const QString& workerId, QObject* context,
                                          SourceReply<WorkerJobRecord> done) {
    askJob({{u"worker_id"_s, workerId}}, context, std::move(done));
}

void RemoteWorkerFilesSource::folder(const QString& workerId, const QSet<QString>& knownChecks,
                                     QObject* context, SourceReply<WorkerFolder> done) {
    auto ask = std::make_shared<FolderAsk>();
    ask->client = m_client;
    ask->workerId = workerId;
    ask->known = knownChecks;
    ask->done = std::move(done);
    askFolder(ask, context);
}

void RemoteWorkerFilesSource::file(const QString& workerId, const QString& path, qint64 maxBytes,
                                   QObject* context, SourceReply<WorkerFileRead> done) {
    m_client->request(u"worker_file_bytes"_s,
                      {{u"worker_id"_s, workerId}, {u"path"_s, path}, {u"max_bytes"_s, maxBytes}},
                      context, [done = std::move(done)](const Result<QJsonObject>& r) {
                          if (!r)
                              return done(r.error());
                          done(recordjson::workerFileRead(r.value()));
                      });
}

}  // namespace zerg::api
