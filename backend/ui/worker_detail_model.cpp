#include "ui/worker_detail_model.h"

#include "core/event.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "core/off_thread.h"
#include "ui/duration_format.h"
#include "ui/model_util.h"
#include "ui/worker_table_model.h"
#include "workers/approvals.h"

#include <QLocale>

#include <algorithm>
#include <utility>

namespace zerg {

using namespace artifact_views;

namespace {

const QString kApprovalsFile = QStringLiteral("approvals.jsonl");

bool is(const Event& e, const char* name) {
    return e.name == QLatin1String(name);
}

// A time of the worker's files in the user's time zone; empty when there is none.
QString localTime(const QDateTime& t) {
    return t.isValid() ? QLocale().toString(t.toLocalTime(),
                                            WorkerDetailModel::tr("yyyy-MM-dd HH:mm:ss",
                                                                  "a worker's start; a QDateTime "
                                                                  "format"))
                       : QString();
}

QString formatElapsed(qint64 seconds) {
    const QLocale locale;
    if (seconds < 60)
        return WorkerDetailModel::tr("%1 s").arg(locale.toString(seconds));
    return WorkerDetailModel::tr("%1 min %2 s")
        .arg(locale.toString(seconds / 60), locale.toString(seconds % 60));
}

QVariantMap fileRow(const FileTreeRow& r) {
    return {{QStringLiteral("path"), r.path},   {QStringLiteral("name"), r.name},
            {QStringLiteral("depth"), r.depth}, {QStringLiteral("isDir"), r.isDir},
            {QStringLiteral("size"), r.size},   {QStringLiteral("sizeText"), r.sizeText}};
}

QVariantMap checkRow(const CheckRow& r) {
    return {{QStringLiteral("path"), r.path},
            {QStringLiteral("elapsedSeconds"), r.elapsedSeconds},
            {QStringLiteral("elapsedText"), formatElapsed(r.elapsedSeconds)},
            {QStringLiteral("check"), r.check},
            {QStringLiteral("decision"), r.decision},
            {QStringLiteral("reason"), r.reason},
            {QStringLiteral("source"), r.source},
            {QStringLiteral("raw"), r.raw},
            {QStringLiteral("status"), r.status}};
}

QList<QVariantMap> threadRows(const QList<ThreadEntry>& entries) {
    QList<QVariantMap> rows;
    rows.reserve(entries.size());
    int previousLine = -1;
    int part = 0;
    for (const ThreadEntry& e : entries) {
        part = e.line == previousLine ? part + 1 : 0;
        previousLine = e.line;
        // Line and part: a growing thread keeps the keys of what was there, so rows only append.
        rows.append({{QStringLiteral("key"), QStringLiteral("%1:%2").arg(e.line).arg(part)},
                     {QStringLiteral("line"), e.line},
                     {QStringLiteral("kind"), e.kind},
                     {QStringLiteral("role"), e.role},
                     {QStringLiteral("text"), e.text},
                     {QStringLiteral("toolName"), e.toolName},
                     {QStringLiteral("toolArgs"), e.toolArgs},
                     {QStringLiteral("toolCallId"), e.toolCallId},
                     {QStringLiteral("raw"), e.raw}});
    }
    return rows;
}

QString approvalStatusLabel(ApprovalStatus status) {
    switch (status) {
        case ApprovalStatus::Pending:
            return WorkerDetailModel::tr("waiting", "an approval request's status");
        case ApprovalStatus::Allowed:
            return WorkerDetailModel::tr("allowed", "an approval request's status");
        case ApprovalStatus::Denied:
            return WorkerDetailModel::tr("denied", "an approval request's status");
        case ApprovalStatus::Expired:
            return WorkerDetailModel::tr("expired", "an approval request's status");
        case ApprovalStatus::Cancelled:
            return WorkerDetailModel::tr("withdrawn", "an approval request's status");
    }
    return statusName(status);
}

// Who answered a request and where (workers/approvals.cpp: decided_by and device).
QString approvalWho(const ApprovalRow& r) {
    if (r.status == ApprovalStatus::Pending)
        return {};
    if (r.decidedBy == QLatin1String("expiry"))
        return WorkerDetailModel::tr("nobody (it expired)", "who answered an approval request");
    if (r.decidedBy == QLatin1String("system"))
        return WorkerDetailModel::tr("Zerg", "who answered an approval request");
    if (r.decidedBy != QLatin1String("user"))
        return r.decidedBy;
    if (r.device == QLatin1String("desktop"))
        return WorkerDetailModel::tr("you, on the desktop", "who answered an approval request");
    if (r.device == QLatin1String("cli"))
        return WorkerDetailModel::tr("you, in zerg ask", "who answered an approval request");
    if (r.device.startsWith(QLatin1String("api:"))) {
        return WorkerDetailModel::tr("you, over the API (device %1)",
                                     "who answered an approval request")
            .arg(r.device.mid(4));
    }
    if (r.device.isEmpty())
        return WorkerDetailModel::tr("you", "who answered an approval request");
    return WorkerDetailModel::tr("you, on %1", "who answered an approval request; %1: a device")
        .arg(r.device);
}

QList<QVariantMap> approvalRows(const QList<ApprovalRow>& approvals) {
    QList<QVariantMap> rows;
    rows.reserve(approvals.size());
    for (const ApprovalRow& r : approvals) {
        rows.append({{QStringLiteral("approvalId"), r.approvalId},
                     {QStringLiteral("tool"), r.tool},
                     {QStringLiteral("action"), r.action},
                     {QStringLiteral("target"), r.target},
                     {QStringLiteral("status"), statusName(r.status)},
                     {QStringLiteral("statusLabel"), approvalStatusLabel(r.status)},
                     {QStringLiteral("requestedText"), localTime(r.requestedAt)},
                     {QStringLiteral("decidedText"), localTime(r.decidedAt)},
                     {QStringLiteral("who"), approvalWho(r)},
                     {QStringLiteral("message"), r.message},
                     {QStringLiteral("why"), r.why},
                     {QStringLiteral("statedReason"), r.statedReason},
                     {QStringLiteral("ruleId"), r.ruleId}});
    }
    return rows;
}

// "3 approvals: 1 waiting, 1 allowed, 1 denied"; empty when there are none.
QString approvalSummaryOf(const QList<ApprovalRow>& approvals) {
    if (approvals.isEmpty())
        return {};
    const auto count = [&approvals](ApprovalStatus status) {
        return int(std::ranges::count(approvals, status, &ApprovalRow::status));
    };
    QStringList parts;
    if (const int n = count(ApprovalStatus::Pending))
        parts << WorkerDetailModel::tr("%n waiting", "approval requests", n);
    if (const int n = count(ApprovalStatus::Allowed))
        parts << WorkerDetailModel::tr("%n allowed", "approval requests", n);
    if (const int n = count(ApprovalStatus::Denied))
        parts << WorkerDetailModel::tr("%n denied", "approval requests", n);
    if (const int n = count(ApprovalStatus::Expired))
        parts << WorkerDetailModel::tr("%n expired", "approval requests", n);
    if (const int n = count(ApprovalStatus::Cancelled))
        parts << WorkerDetailModel::tr("%n withdrawn", "approval requests", n);
    return WorkerDetailModel::tr("%n approval(s): %1",
                                 "the number of approval requests, then how many of each status",
                                 int(approvals.size()))
        .arg(parts.join(WorkerDetailModel::tr(", ", "between the counts of an approval summary")));
}

// The bytes without a last line cut in the middle (a read stopped at its size limit).
QByteArray wholeLines(QByteArray bytes) {
    const qsizetype lastNewline = bytes.lastIndexOf('\n');
    if (lastNewline >= 0)
        bytes.truncate(lastNewline + 1);
    return bytes;
}

QVariantMap toolCallMap(const ToolCallView& v) {
    return {
        {QStringLiteral("tool"), v.tool},
        {QStringLiteral("callId"), v.callId},
        {QStringLiteral("finishedAt"), v.finishedAt},
        {QStringLiteral("arguments"), v.arguments},
        {QStringLiteral("result"), v.result},
        {QStringLiteral("error"), v.error},
        {QStringLiteral("hasExitCode"), v.exitCode.has_value()},
        {QStringLiteral("exitCode"), v.exitCode.value_or(0)},
        {QStringLiteral("hasDuration"), v.durationMs.has_value()},
        {QStringLiteral("durationMs"), v.durationMs.value_or(0)},
        {QStringLiteral("durationText"), v.durationMs ? formatDuration(*v.durationMs) : QString()},
        {QStringLiteral("hasStdout"), v.hasStdout},
        {QStringLiteral("stdout"), v.stdoutText},
        {QStringLiteral("hasStderr"), v.hasStderr},
        {QStringLiteral("stderr"), v.stderrText},
        {QStringLiteral("other"), v.other}};
}

// Runs on the pool: a file's bytes as its view kind shows them.
WorkerDetailModel::FileView parseFile(const WorkerFileRead& read) {
    WorkerDetailModel::FileView r;
    r.path = read.path;
    r.kind = viewKindFor(read.path);
    r.size = read.size;
    r.truncated = read.truncated;
    QByteArray bytes = read.bytes;
    if (r.truncated && (r.kind == QLatin1String("thread") || r.kind == QLatin1String("approvals")))
        bytes = wholeLines(bytes);  // a cut line would look corrupt: show whole lines only
    QStringList notes;
    if (r.kind == QLatin1String("json") || r.kind == QLatin1String("check")) {
        const PrettyText p = prettyJson(bytes);
        r.text = p.text;
        // A cut JSON file is never valid; the truncation note says why.
        if (!p.note.isEmpty() && !r.truncated)
            notes << p.note;
        if (r.kind == QLatin1String("check"))
            r.check = parseCheck(read.path, bytes);
    } else {
        r.text = QString::fromUtf8(bytes);
        if (r.kind == QLatin1String("thread")) {
            r.thread = parseThread(bytes);
        } else if (r.kind == QLatin1String("approvals")) {
            const ApprovalsAudit audit = parseApprovals(bytes);
            r.approvals = audit.rows;
            if (audit.unreadableLines > 0) {
                notes << WorkerDetailModel::tr("%n line(s) could not be read and are not shown.",
                                               "lines of approvals.jsonl", audit.unreadableLines);
            }
        } else if (r.kind == QLatin1String("toolcall")) {
            r.toolCall = parseToolCall(bytes);
        }
    }
    if (r.truncated) {
        notes << (read.location.isEmpty()
                      ? WorkerDetailModel::tr("Showing the first %1 of %2. The whole file is on "
                                              "the server, in this worker's folder: %3.")
                            .arg(formatSize(bytes.size()), formatSize(r.size), read.path)
                      : WorkerDetailModel::tr("Showing the first %1 of %2. The whole file is %3; "
                                              "open it in an editor to see the rest.")
                            .arg(formatSize(bytes.size()), formatSize(r.size), read.location));
    }
    r.note = notes.join(QLatin1Char(' '));
    return r;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// DetailRowsModel

DetailRowsModel::DetailRowsModel(QList<QByteArray> roles, QByteArray keyRole, QObject* parent)
    : QAbstractListModel(parent),
      m_roles(std::move(roles)),
      m_keyRole(QString::fromLatin1(keyRole)) {}

int DetailRowsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant DetailRowsModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const int i = role - (Qt::UserRole + 1);
    if (i < 0 || i >= m_roles.size())
        return {};
    return m_rows.at(index.row()).value(QString::fromLatin1(m_roles.at(i)));
}

QHash<int, QByteArray> DetailRowsModel::roleNames() const {
    QHash<int, QByteArray> names;
    for (int i = 0; i < m_roles.size(); ++i)
        names.insert(Qt::UserRole + 1 + i, m_roles.at(i));
    return names;
}

QVariantMap DetailRowsModel::get(int row) const {
    return row >= 0 && row < m_rows.size() ? m_rows.at(row) : QVariantMap();
}

int DetailRowsModel::indexOf(const QString& key) const {
    return int(findKey(key, 0));
}

QString DetailRowsModel::keyOf(const QVariantMap& row) const {
    return row.value(m_keyRole).toString();
}

qsizetype DetailRowsModel::findKey(const QString& key, qsizetype from) const {
    for (qsizetype i = from; i < m_rows.size(); ++i) {
        if (keyOf(m_rows.at(i)) == key)
            return i;
    }
    return -1;
}

void DetailRowsModel::setRows(QList<QVariantMap> rows) {
    const qsizetype before = m_rows.size();
    qsizetype i = 0;
    for (; i < rows.size(); ++i) {
        const QString key = keyOf(rows.at(i));
        if (i < m_rows.size() && keyOf(m_rows.at(i)) == key) {
            if (m_rows.at(i) != rows.at(i)) {
                m_rows[i] = rows.at(i);
                Q_EMIT dataChanged(index(int(i)), index(int(i)));
            }
            continue;
        }
        const qsizetype later = findKey(key, i + 1);
        if (later >= 0) {
            // The rows between are gone; the row itself is then handled as an unchanged one.
            beginRemoveRows({}, int(i), int(later - 1));
            m_rows.remove(i, later - i);
            endRemoveRows();
            --i;
            continue;
        }
        beginInsertRows({}, int(i), int(i));
        m_rows.insert(i, rows.at(i));
        endInsertRows();
    }
    if (m_rows.size() > rows.size()) {
        beginRemoveRows({}, int(rows.size()), int(m_rows.size() - 1));
        m_rows.resize(rows.size());
        endRemoveRows();
    }
    if (m_rows.size() != before)
        Q_EMIT countChanged();
}

// ---------------------------------------------------------------------------------------------
// WorkerDetailModel

WorkerDetailModel::WorkerDetailModel(WorkerFilesSource* source, qint64 ownerId, EventBus* bus,
                                     QObject* parent)
    : QObject(parent),
      m_source(source),
      m_ownerId(ownerId),
      m_bus(bus),
      m_files(new DetailRowsModel({"path", "name", "depth", "isDir", "sizeText", "size"}, "path",
                                  this)),
      m_conversation(new DetailRowsModel(
          {"key", "line", "kind", "role", "text", "toolName", "toolArgs", "toolCallId", "raw"},
          "key", this)),
      m_approvals(new DetailRowsModel(
          {"approvalId", "tool", "action", "target", "status", "statusLabel", "requestedText",
           "decidedText", "who", "message", "why", "statedReason", "ruleId"},
          "approvalId", this)),
      m_timeline(new DetailRowsModel({"path", "elapsedSeconds", "elapsedText", "check", "decision",
                                      "reason", "source", "raw", "status"},
                                     "path", this)) {
    if (m_bus)
        connect(m_bus, &EventBus::published, this, &WorkerDetailModel::onEvent);
}

void WorkerDetailModel::open(const QString& workerId) {
    const QString id = workerId.trimmed();
    clearSelection();
    clearWorker();
    m_workerId = id;
    if (!WorkerFilesSource::isValidWorkerId(id)) {
        setLoading(false);
        setError(
            tr("'%1' is not a worker id. Open a worker from the Workers tab instead.").arg(id));
        Q_EMIT workerChanged();
        return;
    }
    // The index knows the job even when the folder is gone (shown until the folder is read).
    const quint64 generation = m_jobGeneration;
    m_source->jobOfWorker(id, this, [this, generation, id](const Result<WorkerJobRecord>& job) {
        if (generation != m_jobGeneration || id != m_workerId || !job)
            return;
        m_jobListed = true;
        if (m_jobId == 0)
            m_jobId = job->id;
        if (!m_hasWorker) {  // else the folder's metadata, newer, says it
            m_task = job->task;
            m_status = statusName(job->status);
        }
        Q_EMIT workerChanged();
    });
    setError({});
    setLoading(true);
    Q_EMIT workerChanged();
    startFolderRead(true);
}

void WorkerDetailModel::openJob(qint64 jobId) {
    clearSelection();
    clearWorker();
    m_jobId = jobId;  // the job the page waits for (see onEvent)
    setError({});
    setLoading(true);
    Q_EMIT workerChanged();
    const quint64 generation = m_jobGeneration;
    m_source->job(jobId, this, [this, generation, jobId](const Result<WorkerJobRecord>& job) {
        if (generation == m_jobGeneration)  // else the page opened something else since
            onJob(job, jobId);
    });
}

void WorkerDetailModel::onJob(const Result<WorkerJobRecord>& job, qint64 jobId) {
    if (!job) {
        clearSelection();
        clearWorker();
        setLoading(false);
        // Another owner's job is "not found", exactly like a missing one.
        setError(job.error().code == QLatin1String("not_found")
                     ? tr("No worker job %1 for this user: it does not exist. Pick a worker in "
                          "the Workers tab.")
                           .arg(jobId)
                     : tr("Could not look up worker job %1: %2")
                           .arg(QString::number(jobId), job.error().message));
        Q_EMIT workerChanged();
        return;
    }
    if (job->workerId.isEmpty()) {
        clearSelection();
        clearWorker();
        m_jobId = jobId;
        m_task = job->task;
        m_status = statusName(job->status);
        setLoading(false);
        setError(tr("This job has not started a worker yet (status: %1), so there are no files "
                    "to show. The page opens the worker as soon as it starts.")
                     .arg(m_status));
        Q_EMIT workerChanged();
        return;
    }
    open(job->workerId);
}

void WorkerDetailModel::selectFile(const QString& path) {
    if (m_workerId.isEmpty() || !m_hasWorker)
        return;
    const int row = m_files->indexOf(path);
    if (row >= 0 && m_files->get(row).value(QStringLiteral("isDir")).toBool())
        return;  // folders only structure the tree
    m_selectedPath = path;
    m_selectedSize = -1;
    startFileRead(path, false);
}

void WorkerDetailModel::reload() {
    if (m_workerId.isEmpty() && m_jobId > 0) {
        openJob(m_jobId);  // it may have started meanwhile (remote: while disconnected)
        return;
    }
    if (m_workerId.isEmpty() || !WorkerFilesSource::isValidWorkerId(m_workerId))
        return;
    if (!m_hasWorker) {
        open(m_workerId);
        return;
    }
    m_approvalsSize = -1;  // the summary is made again too (a new language, say)
    requestRefresh();
    if (!m_selectedPath.isEmpty())
        startFileRead(m_selectedPath, true);
}

void WorkerDetailModel::close() {
    clearSelection();
    clearWorker();
    setLoading(false);
    setError({});
    Q_EMIT workerChanged();
}

void WorkerDetailModel::clearWorker() {
    // Answers still to come are for the previous worker.
    ++m_jobGeneration;
    ++m_folderGeneration;
    ++m_approvalsGeneration;
    m_refreshPending = false;
    m_workerId.clear();
    m_jobId = 0;
    m_task.clear();
    m_status.clear();
    m_summary.clear();
    m_workerError.clear();
    m_startedAt.clear();
    m_durationText.clear();
    m_approvalSummary.clear();
    m_approvalsSize = -1;
    m_jobListed = false;
    m_hasWorker = false;
    m_fileSizes.clear();
    m_checks.clear();
    m_knownChecks.clear();
    m_files->setRows({});
    m_timeline->setRows({});
}

void WorkerDetailModel::clearSelection() {
    ++m_fileGeneration;
    m_selectedPath.clear();
    m_selectedSize = -1;
    m_viewKind.clear();
    m_text.clear();
    m_note.clear();
    m_truncated = false;
    m_fileError.clear();
    m_fileLoading = false;
    m_toolCall.clear();
    m_check.clear();
    m_conversation->setRows({});
    m_approvals->setRows({});
    Q_EMIT selectionChanged();
}

void WorkerDetailModel::setLoading(bool loading) {
    if (assignIfDifferent(m_loading, loading))
        Q_EMIT loadingChanged();
}

void WorkerDetailModel::setError(const QString& error) {
    if (assignIfDifferent(m_error, error))
        Q_EMIT errorChanged();
}

void WorkerDetailModel::startFolderRead(bool firstRead) {
    const quint64 generation = ++m_folderGeneration;
    ++m_foldersInFlight;
    const QString id = m_workerId;
    m_source->folder(id, m_knownChecks, this,
                     [this, generation, id, firstRead](const Result<WorkerFolder>& r) {
                         onFolderRead(generation, id, r, firstRead);
                     });
}

void WorkerDetailModel::requestRefresh() {
    // Coalesced: events come in bursts, one read after the burst sees all of it.
    if (m_foldersInFlight > 0) {
        m_refreshPending = true;
        return;
    }
    startFolderRead(false);
}

QString WorkerDetailModel::notFoundMessage(const QString& workerId, const Error& e) const {
    if (e.code != QLatin1String("not_found"))
        return e.message;
    if (m_jobListed) {
        return tr(
            "This worker's folder is gone: it was removed by the retention policy "
            "(ZERG_RETENTION_DAYS) or deleted by hand. Its job is still listed in the "
            "Workers tab, but its files cannot be shown; pick another worker.");
    }
    return tr("No worker '%1' for this user: it does not exist, or its folder was removed by the "
              "retention policy (ZERG_RETENTION_DAYS). Pick a worker in the Workers tab.")
        .arg(workerId);
}

void WorkerDetailModel::onFolderRead(quint64 generation, const QString& workerId,
                                     const Result<WorkerFolder>& r, bool firstRead) {
    --m_foldersInFlight;
    if (generation == m_folderGeneration && workerId == m_workerId) {
        setLoading(false);
        if (!r) {
            const QString id = m_workerId;
            const qint64 jobId = m_jobId;
            const QString task = m_task;
            const QString status = m_status;
            const bool listed = m_jobListed;
            clearSelection();
            clearWorker();
            // Keep what the index knew, so the page still says which worker this was.
            m_workerId = id;
            m_jobId = jobId;
            m_task = task;
            m_status = status;
            m_jobListed = listed;
            setError(notFoundMessage(id, r.error()));
            Q_EMIT workerChanged();
        } else {
            const QJsonObject& m = r->metadata;
            m_task = m.value(QStringLiteral("task")).toString();
            m_status = m.value(QStringLiteral("status")).toString();
            m_summary = m.value(QStringLiteral("summary")).toString();
            m_workerError = m.value(QStringLiteral("error")).toString();
            if (const qint64 job = m.value(QStringLiteral("job_id")).toInteger(); job > 0)
                m_jobId = job;
            m_startedAt = localTime(QDateTime::fromString(
                m.value(QStringLiteral("started_at")).toString(), Qt::ISODateWithMs));
            const QJsonValue duration = m.value(QStringLiteral("duration_ms"));
            m_durationText = duration.isDouble() ? formatDuration(duration.toInteger()) : QString();
            m_hasWorker = true;
            setError({});

            m_fileSizes.clear();
            QList<QPair<QString, qint64>> files;
            files.reserve(r->files.size());
            for (const WorkerFileEntry& f : r->files) {
                m_fileSizes.insert(f.path, f.size);
                files.append({f.path, f.size});
            }
            QList<QVariantMap> rows;
            for (const FileTreeRow& row : buildFileTree(files))
                rows.append(fileRow(row));
            m_files->setRows(std::move(rows));

            // The header's approval summary: approvals.jsonl is small, read again when it grew.
            if (const qint64 size = m_fileSizes.value(kApprovalsFile, -1); size < 0) {
                ++m_approvalsGeneration;
                m_approvalsSize = -1;
                m_approvalSummary.clear();
            } else if (size != m_approvalsSize) {
                startApprovalsRead(size);
            }

            // Check files are small and each is parsed once, here.
            for (const WorkerCheckFile& c : r->checks) {
                if (!m_knownChecks.contains(c.path)) {
                    m_knownChecks.insert(c.path);
                    m_checks.append(parseCheck(c.path, c.bytes));
                }
            }
            sortChecks(m_checks);
            QList<QVariantMap> timeline;
            for (const CheckRow& c : std::as_const(m_checks))
                timeline.append(checkRow(c));
            m_timeline->setRows(std::move(timeline));
            Q_EMIT workerChanged();

            if (firstRead && m_selectedPath.isEmpty()) {
                const QString first = chooseDefaultFile();
                if (!first.isEmpty())
                    selectFile(first);
            } else if (!m_selectedPath.isEmpty() && !m_fileLoading &&
                       m_fileSizes.value(m_selectedPath, -1) != m_selectedSize) {
                startFileRead(m_selectedPath, true);  // it grew (thread.jsonl) or went away
            }
        }
    }
    if (m_refreshPending && m_foldersInFlight == 0 && m_hasWorker) {
        m_refreshPending = false;
        startFolderRead(false);
    }
}

void WorkerDetailModel::startApprovalsRead(qint64 size) {
    const quint64 generation = ++m_approvalsGeneration;
    m_approvalsSize = size;
    const QString id = m_workerId;
    const auto current = [this, generation, id] {
        return generation == m_approvalsGeneration && id == m_workerId;
    };
    m_source->file(
        id, kApprovalsFile, kMaxShownBytes, this, [this, current](const Result<WorkerFileRead>& r) {
            if (!current())
                return;
            if (!r) {
                m_approvalsSize = -1;  // the next refresh tries again
                return;
            }
            runOffThread(
                this,
                [read = r.value()] {
                    return approvalSummaryOf(
                        parseApprovals(read.truncated ? wholeLines(read.bytes) : read.bytes).rows);
                },
                [this, current](const QString& summary) {
                    if (current() && assignIfDifferent(m_approvalSummary, summary))
                        Q_EMIT workerChanged();
                });
        });
}

QString WorkerDetailModel::chooseDefaultFile() const {
    for (const char* name : {"thread.jsonl", "result.txt", "metadata.json"}) {
        if (m_fileSizes.contains(QLatin1String(name)))
            return QLatin1String(name);
    }
    return {};
}

void WorkerDetailModel::startFileRead(const QString& path, bool keepShown) {
    const quint64 generation = ++m_fileGeneration;
    m_fileLoading = true;
    if (!keepShown) {
        // Never show the previous file's content under the new file's name.
        m_viewKind = viewKindFor(path);
        m_text.clear();
        m_note.clear();
        m_truncated = false;
        m_fileError.clear();
        m_toolCall.clear();
        m_check.clear();
        m_conversation->setRows({});
        m_approvals->setRows({});
    }
    Q_EMIT selectionChanged();
    const QString id = m_workerId;
    // Only the newest request counts: an older, slower answer must not replace it.
    const auto current = [this, generation, id] {
        return generation == m_fileGeneration && id == m_workerId;
    };
    m_source->file(id, path, kMaxShownBytes, this,
                   [this, current, path](const Result<WorkerFileRead>& r) {
                       if (!current())
                           return;
                       if (!r) {
                           FileView failed;
                           failed.path = path;
                           failed.kind = viewKindFor(path);
                           failed.error = r.error().message;
                           onFileRead(failed);
                           return;
                       }
                       runOffThread(
                           this, [read = r.value()] { return parseFile(read); },
                           [this, current](const FileView& view) {
                               if (current())
                                   onFileRead(view);
                           });
                   });
}

void WorkerDetailModel::onFileRead(const FileView& r) {
    m_fileLoading = false;
    m_viewKind = r.kind;
    m_text = r.text;
    m_note = r.note;
    m_truncated = r.truncated;
    m_fileError = r.error;
    m_selectedSize = r.error.isEmpty() ? r.size : -1;
    m_toolCall = r.kind == QLatin1String("toolcall") && r.error.isEmpty() ? toolCallMap(r.toolCall)
                                                                          : QVariantMap();
    m_check =
        r.kind == QLatin1String("check") && r.error.isEmpty() ? checkRow(r.check) : QVariantMap();
    m_conversation->setRows(r.kind == QLatin1String("thread") ? threadRows(r.thread)
                                                              : QList<QVariantMap>());
    m_approvals->setRows(r.kind == QLatin1String("approvals") ? approvalRows(r.approvals)
                                                              : QList<QVariantMap>());
    Q_EMIT selectionChanged();
}

void WorkerDetailModel::onEvent(const Event& e) {
    if (e.ownerId != m_ownerId)
        return;
    const bool started = is(e, events::WorkerStarted);
    if (!started && !is(e, events::WorkerToolCompleted) && !is(e, events::WorkerToolFailed) &&
        !is(e, events::WorkerStatusUpdate) && !is(e, events::WorkerComplete) &&
        !is(e, events::WorkerSummaryReady) && !is(e, events::ApprovalRequested) &&
        !is(e, events::ApprovalResolved)) {
        return;
    }
    const payloads::Subject subject = payloads::Subject::of(e);
    const QString& workerId = subject.workerId;
    const qint64 jobId = subject.jobId;
    if (started && m_workerId.isEmpty() && m_jobId > 0 && jobId == m_jobId && !workerId.isEmpty()) {
        open(workerId);  // the job the page waits for has its folder now
        return;
    }
    if (!m_hasWorker)
        return;
    const bool ours =
        workerId.isEmpty() ? (m_jobId > 0 && jobId == m_jobId) : workerId == m_workerId;
    if (ours)
        requestRefresh();
}

}  // namespace zerg
