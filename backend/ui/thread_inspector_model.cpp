#include "ui/thread_inspector_model.h"

#include "ui/qml_instance.h"

#include "core/event.h"
#include "core/event_bus.h"
#include "core/status.h"
#include "ui/duration_format.h"
#include "ui/worker_table_model.h"

#include <QJSEngine>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace zerg {
namespace {

bool is(const Event& e, const char* name) {
    return e.name == QLatin1String(name);
}

// Tool results of this size or more are shown as they are: indenting a huge JSON document on
// the GUI thread only to cut it at kMaxTextChars is wasted work.
constexpr qsizetype kMaxPrettyInput = 64 * 1024;

void loadDetails(Store* store, qint64 ownerId, ThreadRunView& view) {
    const Result<UsageTotals> usage = store->usageForRun(view.run.id);
    const Result<QList<WorkerJobRecord>> jobs = store->listJobsForRun(ownerId, view.run.id);
    view.detailsLoaded = true;
    view.detailsFailed = !usage || !jobs;
    if (!usage)
        qWarning("run %lld: %s", view.run.id, qPrintable(usage.error().message));
    if (!jobs)
        qWarning("run %lld: %s", view.run.id, qPrintable(jobs.error().message));
    view.usage = usage ? usage.value() : UsageTotals{};
    view.workerCount = jobs ? int(jobs->size()) : 0;
}

QString modeLabel(const QString& mode) {
    if (mode == QLatin1String("quick"))
        return ThreadInspectorModel::tr("Quick");
    if (mode == QLatin1String("background"))
        return ThreadInspectorModel::tr("Background");
    if (mode == QLatin1String("supervisor"))
        return ThreadInspectorModel::tr("Supervisor");
    return mode;
}

QString startedText(const QDateTime& at) {
    if (!at.isValid())
        return {};
    return QLocale().toString(
        at.toLocalTime(),
        ThreadInspectorModel::tr("yyyy-MM-dd HH:mm", "a run's start; a QDateTime format"));
}

// "" while the run (or job) is still going: its duration is not known yet.
QString durationText(const QDateTime& finishedAt, qint64 durationMs) {
    return finishedAt.isValid() ? formatDuration(durationMs) : QString();
}

// Every call's tokens when the calls were recorded, else what the run itself counted.
qint64 tokensOf(const ThreadRunView& v) {
    if (v.usage.calls > 0)
        return v.usage.promptTokens + v.usage.completionTokens;
    return v.run.promptTokens + v.run.completionTokens;
}

QString costText(const ThreadRunView& v) {
    if (v.detailsFailed)
        return ThreadInspectorModel::tr("unavailable");
    return ThreadInspectorModel::formatCost(v.usage);
}

// A message's content as text: a string, or the text parts of a multi-part content array.
QString contentText(const QJsonValue& content) {
    if (content.isString())
        return content.toString();
    if (!content.isArray())
        return {};
    QStringList parts;
    for (const QJsonValue& part : content.toArray()) {
        const QJsonObject o = part.toObject();
        if (o.value(QStringLiteral("type")).toString() == QLatin1String("text"))
            parts << o.value(QStringLiteral("text")).toString();
    }
    return parts.join(QLatin1Char('\n'));
}

// Indented JSON when text is a JSON object or array, else text unchanged.
QString prettyJson(const QString& text) {
    if (text.size() >= kMaxPrettyInput)
        return text;
    const QString trimmed = text.trimmed();
    if (!trimmed.startsWith(QLatin1Char('{')) && !trimmed.startsWith(QLatin1Char('[')))
        return text;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(trimmed.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || doc.isNull())
        return text;
    return QString::fromUtf8(doc.toJson(QJsonDocument::Indented)).trimmed();
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// ThreadRunListModel

ThreadRunListModel::ThreadRunListModel(Store* store, qint64 ownerId, QObject* parent)
    : QAbstractListModel(parent), m_store(store), m_ownerId(ownerId) {}

int ThreadRunListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ThreadRunListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const int row = index.row();
    const RunRecord& r = m_rows.at(row).run;
    switch (role) {
        case RunIdRole:
            return r.id;
        case TaskRole:
        case Qt::DisplayRole:
            return r.task;
        case ModeRole:
            return r.mode;
        case ModeLabelRole:
            return modeLabel(r.mode);
        case StatusRole:
            return r.status;
        case StartedAtRole:
            return startedText(r.startedAt);
        case DurationRole:
            return durationText(r.finishedAt, r.durationMs);
        case ErrorRole:
            return r.error;
        default:
            break;
    }
    // The rest costs two queries per run: only for rows a view actually shows.
    const ThreadRunView& v = at(row);
    switch (role) {
        case TokensRole:
            return tokensOf(v);
        case TokensTextRole:
            return QLocale().toString(tokensOf(v));
        case CostRole:
            return costText(v);
        case WorkerCountRole:
            return v.workerCount;
        default:
            return {};
    }
}

QHash<int, QByteArray> ThreadRunListModel::roleNames() const {
    return {{RunIdRole, "runId"},
            {TaskRole, "task"},
            {ModeRole, "mode"},
            {ModeLabelRole, "modeLabel"},
            {StatusRole, "status"},
            {StartedAtRole, "startedAt"},
            {DurationRole, "duration"},
            {TokensRole, "tokens"},
            {TokensTextRole, "tokensText"},
            {CostRole, "cost"},
            {WorkerCountRole, "workerCount"},
            {ErrorRole, "error"}};
}

int ThreadRunListModel::indexOfRun(qint64 runId) const {
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).run.id == runId)
            return i;
    }
    return -1;
}

const ThreadRunView& ThreadRunListModel::at(int row) const {
    ensureDetails(row);
    return m_rows.at(row);
}

void ThreadRunListModel::ensureDetails(int row) const {
    ThreadRunView& v = m_rows[row];
    if (!v.detailsLoaded)
        loadDetails(m_store, m_ownerId, v);
}

void ThreadRunListModel::reset(const QList<RunRecord>& runs) {
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(runs.size());
    for (const RunRecord& r : runs)
        m_rows.append(ThreadRunView::of(r));
    endResetModel();
    Q_EMIT countChanged();
}

void ThreadRunListModel::prepend(const RunRecord& run, int limit) {
    beginInsertRows({}, 0, 0);
    m_rows.prepend(ThreadRunView::of(run));
    endInsertRows();
    if (m_rows.size() > limit) {
        const int last = int(m_rows.size()) - 1;
        beginRemoveRows({}, last, last);
        m_rows.removeLast();
        endRemoveRows();
    }
    Q_EMIT countChanged();
}

void ThreadRunListModel::update(int row, const RunRecord& run) {
    m_rows[row] = ThreadRunView::of(run);
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i);
}

void ThreadRunListModel::invalidateDetails(int row) {
    m_rows[row].detailsLoaded = false;
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i, {TokensRole, TokensTextRole, CostRole, WorkerCountRole});
}

// ---------------------------------------------------------------------------------------------
// ThreadMessageListModel

ThreadMessageListModel::ThreadMessageListModel(QObject* parent) : QAbstractListModel(parent) {}

int ThreadMessageListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ThreadMessageListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const ThreadMessageRow& m = m_rows.at(index.row());
    switch (role) {
        case SeqRole:
            return m.seq;
        case KindRole:
            return m.kind;
        case TitleRole:
            return m.title;
        case TextRole:
        case Qt::DisplayRole:
            return m.text;
        case ArgumentsRole:
            return m.arguments;
        case CallIdRole:
            return m.callId;
        case TimeRole:
            return m.time;
        case TruncatedRole:
            return m.truncated;
        case SummarizedRole:
            return m.summarized;
        default:
            return {};
    }
}

QHash<int, QByteArray> ThreadMessageListModel::roleNames() const {
    return {{SeqRole, "seq"},   {KindRole, "kind"},           {TitleRole, "title"},
            {TextRole, "text"}, {ArgumentsRole, "arguments"}, {CallIdRole, "callId"},
            {TimeRole, "time"}, {TruncatedRole, "truncated"}, {SummarizedRole, "summarized"}};
}

void ThreadMessageListModel::reset(QList<ThreadMessageRow> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    Q_EMIT countChanged();
}

void ThreadMessageListModel::append(const QList<ThreadMessageRow>& rows) {
    if (rows.isEmpty())
        return;
    const int first = int(m_rows.size());
    beginInsertRows({}, first, first + int(rows.size()) - 1);
    m_rows.append(rows);
    endInsertRows();
    Q_EMIT countChanged();
}

// ---------------------------------------------------------------------------------------------
// ThreadWorkerListModel

ThreadWorkerListModel::ThreadWorkerListModel(QObject* parent) : QAbstractListModel(parent) {}

int ThreadWorkerListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ThreadWorkerListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const WorkerJobRecord& j = m_rows.at(index.row());
    switch (role) {
        case JobIdRole:
            return j.id;
        case WorkerIdRole:
            return j.workerId;
        case TaskRole:
        case Qt::DisplayRole:
            return j.task;
        case StatusRole:
            return j.status;
        case DurationRole:
            return durationText(j.finishedAt, j.durationMs);
        case ErrorRole:
            return j.error;
        default:
            return {};
    }
}

QHash<int, QByteArray> ThreadWorkerListModel::roleNames() const {
    return {{JobIdRole, "jobId"},   {WorkerIdRole, "workerId"}, {TaskRole, "task"},
            {StatusRole, "status"}, {DurationRole, "duration"}, {ErrorRole, "error"}};
}

int ThreadWorkerListModel::indexOfJob(qint64 jobId) const {
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).id == jobId)
            return i;
    }
    return -1;
}

void ThreadWorkerListModel::reset(QList<WorkerJobRecord> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    Q_EMIT countChanged();
}

void ThreadWorkerListModel::append(const WorkerJobRecord& job) {
    const int at = int(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.append(job);
    endInsertRows();
    Q_EMIT countChanged();
}

void ThreadWorkerListModel::update(int row, const WorkerJobRecord& job) {
    m_rows[row] = job;
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i);
}

// ---------------------------------------------------------------------------------------------
// ThreadInspectorModel

ThreadInspectorModel::ThreadInspectorModel(Store* store, qint64 ownerId, EventBus* bus,
                                           QObject* parent, FirstLoad firstLoad)
    : QObject(parent),
      m_store(store),
      m_ownerId(ownerId),
      m_bus(bus),
      m_runs(new ThreadRunListModel(store, ownerId, this)),
      m_messages(new ThreadMessageListModel(this)),
      m_workers(new ThreadWorkerListModel(this)) {
    connect(m_bus, &EventBus::published, this, &ThreadInspectorModel::onEvent);
    if (firstLoad == FirstLoad::Now)
        reload();
}

ThreadInspectorModel::~ThreadInspectorModel() = default;

void ThreadInspectorModel::setInstance(ThreadInspectorModel* instance) {
    QmlInstance<ThreadInspectorModel>::set(instance);
}

ThreadInspectorModel* ThreadInspectorModel::create(QQmlEngine*, QJSEngine*) {
    return QmlInstance<ThreadInspectorModel>::getLoaded("ThreadInspector", "ThreadInspectorModel");
}

void ThreadInspectorModel::ensureLoaded() {
    if (!m_loaded)
        reload();
}

QVariantMap ThreadInspectorModel::selectedRun() const {
    const ThreadRunView& v = m_selected;
    if (v.run.id <= 0)
        return {};
    const qint64 tokens = tokensOf(v);
    return {{QStringLiteral("runId"), v.run.id},
            {QStringLiteral("task"), v.run.task},
            {QStringLiteral("mode"), v.run.mode},
            {QStringLiteral("modeLabel"), modeLabel(v.run.mode)},
            {QStringLiteral("status"), v.run.status},
            {QStringLiteral("startedAt"), startedText(v.run.startedAt)},
            {QStringLiteral("duration"), durationText(v.run.finishedAt, v.run.durationMs)},
            {QStringLiteral("tokens"), tokens},
            {QStringLiteral("tokensText"), QLocale().toString(tokens)},
            {QStringLiteral("cost"), costText(v)},
            {QStringLiteral("costKnown"), !v.detailsFailed && v.usage.costUsd.has_value()},
            {QStringLiteral("error"), v.run.error}};
}

void ThreadInspectorModel::reload() {
    m_loaded = true;
    Result<QList<RunRecord>> runs = m_store->listRuns(m_ownerId, kRunLimit);
    if (!runs) {
        setLoadError(tr("Could not load the runs: %1 Check the data folder, then reload.")
                         .arg(runs.error().message));
        return;
    }
    setLoadError({});
    m_runs->reset(runs.value());
    // Every run of the owner belongs to the one supervisor thread: finding it through the runs
    // spares creating an empty thread for an owner who never asked anything.
    if (!runs->isEmpty())
        m_threadId = runs->first().threadId;
    loadMemory();
    const qint64 selected = m_selected.run.id;
    m_selected = {};
    selectRun(selected);
}

void ThreadInspectorModel::selectRun(qint64 runId) {
    const qint64 previous = m_selected.run.id;
    if (runId > 0 && runId == previous)
        return;
    m_selected = {};
    m_lastSeq = 0;
    m_callNames.clear();
    QList<WorkerJobRecord> jobs;
    if (runId > 0) {
        const Result<RunRecord> run = m_store->run(runId);
        if (run && run->ownerId == m_ownerId) {
            m_selected.run = run.value();
            loadDetails(m_store, m_ownerId, m_selected);
            Result<QList<WorkerJobRecord>> loaded = m_store->listJobsForRun(m_ownerId, runId);
            if (loaded) {
                jobs = std::move(loaded).value();
            } else {
                setLoadError(tr("Could not load the workers of run %1: %2 Select the run "
                                "again, or reload.")
                                 .arg(runId)
                                 .arg(loaded.error().message));
            }
        } else if (!run && run.error().code != QLatin1String("not_found")) {
            setLoadError(tr("Could not load run %1: %2 Check the data folder, then reload.")
                             .arg(runId)
                             .arg(run.error().message));
        } else {
            setLoadError(
                tr("Run %1 was not found. Pick a run from the list, or reload.").arg(runId));
        }
    }
    m_workers->reset(std::move(jobs));
    if (m_selected.run.id > 0) {
        loadNewMessages(true);
    } else {
        m_messages->reset({});
    }
    if (m_selected.run.id != previous)
        Q_EMIT selectedRunIdChanged();
    Q_EMIT selectedRunChanged();
}

int ThreadInspectorModel::selectedRow() const {
    return hasSelection() ? m_runs->indexOfRun(m_selected.run.id) : -1;
}

void ThreadInspectorModel::selectRow(int row) {
    const bool valid = row >= 0 && row < m_runs->count();
    selectRun(valid ? m_runs->index(row).data(ThreadRunListModel::RunIdRole).toLongLong() : 0);
}

void ThreadInspectorModel::loadNewMessages(bool replace) {
    const qint64 runId = m_selected.run.id;
    const Result<QList<StoredMessage>> stored =
        m_store->loadMessagesForRun(m_selected.run.threadId, runId);
    if (!stored) {
        setLoadError(tr("Could not load the messages of run %1: %2 Select the run again, or "
                        "reload.")
                         .arg(runId)
                         .arg(stored.error().message));
        if (replace)
            m_messages->reset({});
        return;
    }
    QList<ThreadMessageRow> rows;
    for (const StoredMessage& m : stored.value()) {
        if (m.seq <= m_lastSeq)
            continue;
        rows.append(toRows(m, m_memoryUpToSeq, m_callNames));
        m_lastSeq = m.seq;
    }
    if (replace)
        m_messages->reset(std::move(rows));
    else
        m_messages->append(rows);
}

void ThreadInspectorModel::loadMemory() {
    qint64 upToSeq = 0;
    QString summary;
    if (m_threadId > 0) {
        const Result<std::optional<ThreadMemory>> memory = m_store->latestMemory(m_threadId);
        if (!memory) {
            qWarning("thread %lld: %s", m_threadId, qPrintable(memory.error().message));
            return;  // keep what is shown; the transcript itself is still right
        }
        if (memory.value()) {
            upToSeq = memory.value()->upToSeq;
            summary = memory.value()->summary;
        }
    }
    const bool coverageChanged = upToSeq != m_memoryUpToSeq;
    m_memoryUpToSeq = upToSeq;
    if (summary != m_memorySummary) {
        m_memorySummary = summary;
        Q_EMIT memorySummaryChanged();
    }
    // The transcript marks what the summary covers; a new compaction moves that line (rare: it
    // happens when a run starts).
    if (coverageChanged && m_selected.run.id > 0) {
        m_lastSeq = 0;
        m_callNames.clear();
        loadNewMessages(true);
    }
}

void ThreadInspectorModel::setLoadError(const QString& message) {
    if (message == m_loadError)
        return;
    m_loadError = message;
    Q_EMIT loadErrorChanged();
}

void ThreadInspectorModel::refreshRunRow(qint64 runId) {
    const int row = m_runs->indexOfRun(runId);
    if (row < 0)
        return;
    const Result<RunRecord> run = m_store->run(runId);
    if (run)
        m_runs->update(row, run.value());
    else
        m_runs->invalidateDetails(row);
}

void ThreadInspectorModel::refreshSelected() {
    if (m_selected.run.id <= 0)
        return;
    const Result<RunRecord> run = m_store->run(m_selected.run.id);
    if (run)
        m_selected.run = run.value();
    loadDetails(m_store, m_ownerId, m_selected);
    Q_EMIT selectedRunChanged();
}

void ThreadInspectorModel::onRunChanged(qint64 runId) {
    if (runId <= 0)
        return;
    refreshRunRow(runId);
    if (runId == m_selected.run.id) {
        refreshSelected();
        loadNewMessages(false);
    }
}

void ThreadInspectorModel::onEvent(const Event& e) {
    if (e.ownerId != m_ownerId || !m_loaded)
        return;
    const qint64 runId = e.data.value(QStringLiteral("run_id")).toInteger();
    const qint64 jobId = e.data.value(QStringLiteral("job_id")).toInteger();

    if (is(e, events::SupervisorStarted)) {
        if (runId <= 0 || m_runs->indexOfRun(runId) >= 0)
            return;
        Result<RunRecord> stored = m_store->run(runId);
        RunRecord run;
        if (stored) {
            if (stored->ownerId != m_ownerId)
                return;  // the event is wrong about whose run it is: never show it
            run = std::move(stored).value();
        } else {
            // Not readable (yet): show what the event says; the end of the run re-reads it.
            run.id = runId;
            run.ownerId = m_ownerId;
            run.threadId = e.data.value(QStringLiteral("thread_id")).toInteger();
            run.task = e.data.value(QStringLiteral("task")).toString();
            run.mode = e.data.value(QStringLiteral("mode")).toString(QStringLiteral("supervisor"));
            run.status = statusName(RunStatus::Running);
            run.startedAt = e.at;
        }
        m_runs->prepend(run, kRunLimit);
        if (m_threadId <= 0 && run.threadId > 0) {
            m_threadId = run.threadId;
            loadMemory();
        }
    } else if (is(e, events::SupervisorThinking)) {
        // Each model call of the run: new messages, tokens and cost; maybe a new mode.
        onRunChanged(runId);
    } else if (is(e, events::SupervisorComplete) || is(e, events::Error)) {
        if (runId <= 0)
            return;
        onRunChanged(runId);
        loadMemory();
    } else if (is(e, events::WorkerSpawned)) {
        const int row = m_runs->indexOfRun(runId);
        if (row >= 0)
            m_runs->invalidateDetails(row);
        if (runId <= 0 || runId != m_selected.run.id || m_workers->indexOfJob(jobId) >= 0)
            return;
        WorkerJobRecord job;
        job.id = jobId;
        job.ownerId = m_ownerId;
        job.runId = runId;
        job.task = e.data.value(QStringLiteral("task")).toString();
        job.model = e.data.value(QStringLiteral("model")).toString();
        job.status = statusName(JobStatus::Queued);
        job.createdAt = e.at;
        m_workers->append(job);
    } else if (is(e, events::WorkerStarted) || is(e, events::WorkerComplete)) {
        const int row = m_workers->indexOfJob(jobId);
        if (jobId <= 0 || row < 0)
            return;
        WorkerJobRecord job = m_workers->at(row);
        const QString workerId = e.data.value(QStringLiteral("worker_id")).toString();
        if (!workerId.isEmpty())
            job.workerId = workerId;
        if (is(e, events::WorkerStarted)) {
            job.status = statusName(JobStatus::Running);
            job.startedAt = e.at;
        } else {
            job.status = e.data.value(QStringLiteral("status")).toString(job.status);
            job.error = e.data.value(QStringLiteral("error")).toString();
            job.durationMs = e.data.value(QStringLiteral("duration_ms")).toInteger();
            job.finishedAt = e.at;
        }
        m_workers->update(row, job);
    }
}

QString ThreadInspectorModel::formatCost(const UsageTotals& usage) {
    if (usage.calls == 0)
        return QStringLiteral("—");
    if (!usage.costUsd)
        return tr("unknown");
    return WorkerTableModel::formatCost(usage.costUsd);
}

QString ThreadInspectorModel::capText(const QString& text, bool* truncated) {
    if (truncated)
        *truncated = text.size() > kMaxTextChars;
    if (text.size() <= kMaxTextChars)
        return text;
    qsizetype keep = kMaxTextChars;
    if (text.at(keep - 1).isHighSurrogate())
        --keep;  // never split a character in two
    return text.left(keep) + QLatin1Char('\n') +
           tr("… (%Ln more character(s))", "", int(text.size() - keep));
}

QList<ThreadMessageRow> ThreadInspectorModel::toRows(const StoredMessage& message,
                                                     qint64 memoryUpToSeq,
                                                     QHash<QString, QString>& callNames) {
    const QJsonObject& body = message.body;
    const QString role = body.value(QStringLiteral("role")).toString();
    const QString content = contentText(body.value(QStringLiteral("content")));

    ThreadMessageRow base;
    base.seq = message.seq;
    base.time = message.createdAt.isValid()
                    ? message.createdAt.toLocalTime().toString(QStringLiteral("HH:mm:ss"))
                    : QString();
    base.summarized = message.seq <= memoryUpToSeq;

    QList<ThreadMessageRow> rows;
    auto add = [&](const QString& kind, const QString& title, const QString& text) {
        ThreadMessageRow r = base;
        r.kind = kind;
        r.title = title;
        r.text = capText(text, &r.truncated);
        rows.append(r);
        return &rows.last();
    };

    if (role == QLatin1String("user")) {
        add(QStringLiteral("user"), {}, content);
    } else if (role == QLatin1String("assistant")) {
        const QJsonArray calls = body.value(QStringLiteral("tool_calls")).toArray();
        if (!content.isEmpty() || calls.isEmpty())
            add(QStringLiteral("assistant"), {}, content);
        for (const QJsonValue& v : calls) {
            const QJsonObject call = v.toObject();
            const QJsonObject function = call.value(QStringLiteral("function")).toObject();
            const QString name = function.value(QStringLiteral("name")).toString();
            const QString id = call.value(QStringLiteral("id")).toString();
            if (!id.isEmpty())
                callNames.insert(id, name);
            // Providers send the arguments as a JSON string; some stored them as an object.
            const QJsonValue args = function.value(QStringLiteral("arguments"));
            const QString argsText =
                args.isObject()
                    ? QString::fromUtf8(QJsonDocument(args.toObject()).toJson()).trimmed()
                    : prettyJson(args.toString());
            ThreadMessageRow* r = add(QStringLiteral("tool_call"), name, {});
            bool cut = false;
            r->arguments = capText(argsText, &cut);
            r->truncated = cut;
            r->callId = id;
        }
    } else if (role == QLatin1String("tool")) {
        const QString id = body.value(QStringLiteral("tool_call_id")).toString();
        QString name = body.value(QStringLiteral("name")).toString();
        if (name.isEmpty())
            name = callNames.value(id);
        add(QStringLiteral("tool_result"), name, prettyJson(content))->callId = id;
    } else if (role == QLatin1String("system")) {
        add(QStringLiteral("system"), {}, content);
    } else {
        // Not a role this app writes: show it rather than hide part of the thread.
        add(QStringLiteral("system"), role.isEmpty() ? tr("unknown message") : role, content);
    }
    return rows;
}

}  // namespace zerg
