#include "ui/thread_inspector_model.h"

#include "core/event.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "core/status.h"
#include "ui/duration_format.h"
#include "ui/role_table.h"
#include "ui/worker_table_model.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSaveFile>

namespace zerg {
namespace {

bool is(const Event& e, const char* name) {
    return e.name == QLatin1String(name);
}

// Tool results of this size or more are shown as they are: indenting a huge JSON document on
// the GUI thread only to cut it at kMaxTextChars is wasted work.
constexpr qsizetype kMaxPrettyInput = 64 * 1024;

const QList<int> kDetailRoles{ThreadRunListModel::TokensRole, ThreadRunListModel::TokensTextRole,
                              ThreadRunListModel::CostRole, ThreadRunListModel::WorkerCountRole};

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

// A run row's roles. The figures (kDetailRoles) need the row's details loaded first.
const RoleTable<ThreadRunView>& runRoles() {
    using M = ThreadRunListModel;
    static const RoleTable<ThreadRunView> roles{
        {M::RunIdRole, "runId", [](const ThreadRunView& v) { return v.run.id; }},
        {M::TaskRole, "task", [](const ThreadRunView& v) { return v.run.task; }},
        {Qt::DisplayRole, nullptr, [](const ThreadRunView& v) { return v.run.task; }},
        {M::ModeRole, "mode", [](const ThreadRunView& v) { return v.run.mode; }},
        {M::ModeLabelRole, "modeLabel",
         [](const ThreadRunView& v) { return modeLabel(v.run.mode); }},
        {M::StatusRole, "status", [](const ThreadRunView& v) { return statusName(v.run.status); }},
        {M::StartedAtRole, "startedAt",
         [](const ThreadRunView& v) { return startedText(v.run.startedAt); }},
        {M::DurationRole, "duration",
         [](const ThreadRunView& v) { return durationText(v.run.finishedAt, v.run.durationMs); }},
        {M::TokensRole, "tokens", [](const ThreadRunView& v) { return tokensOf(v); }},
        {M::TokensTextRole, "tokensText",
         [](const ThreadRunView& v) { return QLocale().toString(tokensOf(v)); }},
        {M::CostRole, "cost", [](const ThreadRunView& v) { return costText(v); }},
        {M::WorkerCountRole, "workerCount", &ThreadRunView::workerCount},
        {M::ErrorRole, "error", [](const ThreadRunView& v) { return v.run.error; }},
    };
    return roles;
}

const RoleTable<ThreadMessageRow>& messageRoles() {
    using M = ThreadMessageListModel;
    static const RoleTable<ThreadMessageRow> roles{
        {M::SeqRole, "seq", &ThreadMessageRow::seq},
        {M::KindRole, "kind", &ThreadMessageRow::kind},
        {M::TitleRole, "title", &ThreadMessageRow::title},
        {M::TextRole, "text", &ThreadMessageRow::text},
        {Qt::DisplayRole, nullptr, &ThreadMessageRow::text},
        {M::ArgumentsRole, "arguments", &ThreadMessageRow::arguments},
        {M::CallIdRole, "callId", &ThreadMessageRow::callId},
        {M::TimeRole, "time", &ThreadMessageRow::time},
        {M::TruncatedRole, "truncated", &ThreadMessageRow::truncated},
        {M::SummarizedRole, "summarized", &ThreadMessageRow::summarized},
    };
    return roles;
}

const RoleTable<RunSearchHit>& searchRoles() {
    using M = ThreadSearchListModel;
    static const RoleTable<RunSearchHit> roles{
        {M::RunIdRole, "runId", [](const RunSearchHit& h) { return h.run.id; }},
        {M::TaskRole, "task", [](const RunSearchHit& h) { return h.run.task; }},
        {Qt::DisplayRole, nullptr, [](const RunSearchHit& h) { return h.run.task; }},
        {M::ModeLabelRole, "modeLabel",
         [](const RunSearchHit& h) { return modeLabel(h.run.mode); }},
        {M::StatusRole, "status", [](const RunSearchHit& h) { return statusName(h.run.status); }},
        {M::StartedAtRole, "startedAt",
         [](const RunSearchHit& h) { return startedText(h.run.startedAt); }},
        {M::MatchedInRole, "matchedIn", &RunSearchHit::role},
        {M::SnippetRole, "snippet",
         [](const RunSearchHit& h) { return ThreadSearchListModel::styledSnippet(h.snippet); }},
        {M::SnippetTextRole, "snippetText",
         [](const RunSearchHit& h) { return ThreadSearchListModel::plainSnippet(h.snippet); }},
    };
    return roles;
}

const RoleTable<WorkerJobRecord>& workerRoles() {
    using M = ThreadWorkerListModel;
    static const RoleTable<WorkerJobRecord> roles{
        {M::JobIdRole, "jobId", &WorkerJobRecord::id},
        {M::WorkerIdRole, "workerId", &WorkerJobRecord::workerId},
        {M::TaskRole, "task", &WorkerJobRecord::task},
        {Qt::DisplayRole, nullptr, &WorkerJobRecord::task},
        {M::StatusRole, "status", [](const WorkerJobRecord& j) { return statusName(j.status); }},
        {M::DurationRole, "duration",
         [](const WorkerJobRecord& j) { return durationText(j.finishedAt, j.durationMs); }},
        {M::ErrorRole, "error", &WorkerJobRecord::error},
    };
    return roles;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// ThreadRunListModel

ThreadRunListModel::ThreadRunListModel(ThreadsSource* source, QObject* parent)
    : QAbstractListModel(parent), m_source(source) {}

int ThreadRunListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ThreadRunListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const int row = index.row();
    // The figures need the run's model calls and workers (queries, or a server command): asked
    // for only for rows a view actually shows.
    if (kDetailRoles.contains(role))
        ensureDetails(row);
    return runRoles().value(m_rows.at(row), role);
}

QHash<int, QByteArray> ThreadRunListModel::roleNames() const {
    return runRoles().names();
}

int ThreadRunListModel::indexOfRun(qint64 runId) const {
    return indexOfRow(m_rows, runId, [](const ThreadRunView& v) { return v.run.id; });
}

const ThreadRunView& ThreadRunListModel::at(int row) const {
    ensureDetails(row);
    return m_rows.at(row);
}

const ThreadRunView* ThreadRunListModel::find(qint64 runId) const {
    const int row = indexOfRun(runId);
    return row >= 0 ? &m_rows.at(row) : nullptr;
}

void ThreadRunListModel::ensureDetails(int row) const {
    const ThreadRunView& v = m_rows.at(row);
    if (v.detailsLoaded || v.ticket != 0)
        return;  // known, or asked for
    // data() is const; the details are a cache of it, filled in by the answer.
    auto* self = const_cast<ThreadRunListModel*>(this);
    self->m_inData = true;
    self->requestDetails(row);
    self->m_inData = false;
}

void ThreadRunListModel::requestDetails(int row) {
    const quint64 ticket = ++m_lastTicket;
    QList<qint64> ids;
    const int end = std::min(int(m_rows.size()), row + kDetailsBatch);
    for (int r = row; r < end; ++r) {
        ThreadRunView& v = m_rows[r];
        if (v.detailsLoaded || v.ticket != 0)
            continue;
        v.ticket = ticket;
        ids.append(v.run.id);
    }
    m_source->runTotals(ids, this, [this, ticket, ids](const Result<QList<RunTotals>>& totals) {
        applyTotals(ticket, ids, totals);
    });
}

void ThreadRunListModel::applyTotals(quint64 ticket, const QList<qint64>& asked,
                                     const Result<QList<RunTotals>>& totals) {
    if (!totals)
        qWarning("the totals of %lld run(s) from run %lld: %s", qint64(asked.size()), asked.first(),
                 qPrintable(totals.error().message));
    for (const qint64 runId : asked) {
        const int row = indexOfRun(runId);
        if (row < 0 || m_rows.at(row).ticket != ticket)
            continue;  // gone, or asked for again since
        ThreadRunView& v = m_rows[row];
        v.ticket = 0;
        v.detailsLoaded = true;
        v.detailsFailed = true;  // unless the answer has the run
        v.usage = {};
        v.workerCount = 0;
        if (totals) {
            for (const RunTotals& t : totals.value()) {
                if (t.runId != runId)
                    continue;
                v.detailsFailed = false;
                v.usage = t.usage;
                v.workerCount = t.workerCount;
                break;
            }
        }
        if (!m_inData) {
            const QModelIndex i = index(row);
            Q_EMIT dataChanged(i, i, kDetailRoles);
        }
    }
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

void ThreadRunListModel::prepend(const ThreadRunView& run, int limit) {
    beginInsertRows({}, 0, 0);
    m_rows.prepend(run);
    endInsertRows();
    if (m_rows.size() > limit) {
        const int last = int(m_rows.size()) - 1;
        beginRemoveRows({}, last, last);
        m_rows.removeLast();
        endRemoveRows();
    }
    Q_EMIT countChanged();
}

void ThreadRunListModel::refresh(qint64 runId) {
    const int row = indexOfRun(runId);
    if (row < 0)
        return;
    const quint64 ticket = ++m_lastTicket;
    m_rows[row].ticket = ticket;
    m_rows[row].refreshing = true;
    m_source->run(runId, this, [this, runId, ticket](const Result<RunDetail>& detail) {
        const int at = indexOfRun(runId);
        if (at < 0 || m_rows.at(at).ticket != ticket)
            return;  // gone, or asked for again since
        if (!detail) {
            m_rows[at].ticket = 0;
            m_rows[at].refreshing = false;
            invalidateDetails(at);
            return;
        }
        m_rows[at] = ThreadRunView::of(detail.value());
        const QModelIndex i = index(at);
        Q_EMIT dataChanged(i, i);
    });
}

void ThreadRunListModel::invalidateDetails(int row) {
    ThreadRunView& v = m_rows[row];
    // The re-read on its way may have been answered before the change: ask again.
    if (v.refreshing)
        return refresh(v.run.id);
    v.detailsLoaded = false;
    v.ticket = 0;
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i, kDetailRoles);
}

// ---------------------------------------------------------------------------------------------
// ThreadMessageListModel

ThreadMessageListModel::ThreadMessageListModel(QObject* parent) : QAbstractListModel(parent) {}

int ThreadMessageListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ThreadMessageListModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_rows, index, role, messageRoles());
}

QHash<int, QByteArray> ThreadMessageListModel::roleNames() const {
    return messageRoles().names();
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
    return rowData(*this, m_rows, index, role, workerRoles());
}

QHash<int, QByteArray> ThreadWorkerListModel::roleNames() const {
    return workerRoles().names();
}

int ThreadWorkerListModel::indexOfJob(qint64 jobId) const {
    return indexOfRow(m_rows, jobId, &WorkerJobRecord::id);
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
// ThreadSearchListModel

ThreadSearchListModel::ThreadSearchListModel(QObject* parent) : QAbstractListModel(parent) {}

int ThreadSearchListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ThreadSearchListModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_rows, index, role, searchRoles());
}

QHash<int, QByteArray> ThreadSearchListModel::roleNames() const {
    return searchRoles().names();
}

void ThreadSearchListModel::reset(QList<RunSearchHit> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    Q_EMIT countChanged();
}

// One line in the list: line breaks and runs of spaces become one space.
QString ThreadSearchListModel::styledSnippet(const QString& snippet) {
    // The markers are private-use characters, which escaping leaves as they are.
    QString out = snippet.simplified().toHtmlEscaped();
    out.replace(QChar(kSearchMatchStart), QStringLiteral("<b>"));
    out.replace(QChar(kSearchMatchEnd), QStringLiteral("</b>"));
    return out;
}

QString ThreadSearchListModel::plainSnippet(const QString& snippet) {
    QString out = snippet.simplified();
    out.remove(QChar(kSearchMatchStart));
    out.remove(QChar(kSearchMatchEnd));
    return out;
}

// ---------------------------------------------------------------------------------------------
// ThreadInspectorModel

ThreadInspectorModel::ThreadInspectorModel(ThreadsSource* source, qint64 ownerId, EventBus* bus,
                                           QObject* parent, FirstLoad firstLoad)
    : QObject(parent),
      m_source(source),
      m_ownerId(ownerId),
      m_bus(bus),
      m_runs(new ThreadRunListModel(source, this)),
      m_messages(new ThreadMessageListModel(this)),
      m_workers(new ThreadWorkerListModel(this)),
      m_searchResults(new ThreadSearchListModel(this)) {
    connect(m_bus, &EventBus::published, this, &ThreadInspectorModel::onEvent);
    if (firstLoad == FirstLoad::Now)
        reload();
}

ThreadInspectorModel::~ThreadInspectorModel() = default;

void ThreadInspectorModel::ensureLoaded() {
    if (!m_loaded)
        reload();
}

QVariantMap ThreadInspectorModel::selectedRun() const {
    const ThreadRunView& v = m_selected;
    if (v.run.id <= 0)
        return {};
    const qint64 tokens = tokensOf(v);
    // A selection on its way shows what its list row knows; no cost until it is known.
    return {{QStringLiteral("runId"), v.run.id},
            {QStringLiteral("task"), v.run.task},
            {QStringLiteral("mode"), v.run.mode},
            {QStringLiteral("modeLabel"), modeLabel(v.run.mode)},
            {QStringLiteral("status"), statusName(v.run.status)},
            {QStringLiteral("startedAt"), startedText(v.run.startedAt)},
            {QStringLiteral("duration"), durationText(v.run.finishedAt, v.run.durationMs)},
            {QStringLiteral("tokens"), tokens},
            {QStringLiteral("tokensText"), QLocale().toString(tokens)},
            {QStringLiteral("cost"), v.detailsLoaded ? costText(v) : QString()},
            {QStringLiteral("costKnown"),
             v.detailsLoaded && !v.detailsFailed && v.usage.costUsd.has_value()},
            {QStringLiteral("error"), v.run.error}};
}

void ThreadInspectorModel::reload() {
    m_loaded = true;
    m_source->runs(kRunLimit, this,
                   m_listRequests.newestOnly(
                       [this](const Result<QList<RunRecord>>& runs) { applyRuns(runs); }));
    if (!m_searchQuery.isEmpty())
        search(m_searchQuery);  // its runs' states (and, after a language change, the labels)
}

void ThreadInspectorModel::search(const QString& query) {
    const QString trimmed = query.trimmed();
    if (trimmed.isEmpty())
        return clearSearch();
    m_searchQuery = trimmed;
    m_searching = true;
    // Until its answer comes, the page shows what the previous search found.
    m_source->search(trimmed, kSearchLimit, this,
                     m_searchRequests.newestOnly(
                         [this](const Result<QList<RunSearchHit>>& hits) { applySearch(hits); }));
    if (m_searching)  // not answered at once (the answer announced it)
        Q_EMIT searchChanged();
}

void ThreadInspectorModel::applySearch(const Result<QList<RunSearchHit>>& hits) {
    m_searching = false;
    if (hits) {
        m_searchError.clear();
        m_searchResults->reset(hits.value());
    } else {
        m_searchError = tr("Could not search: %1").arg(hits.error().message);
        m_searchResults->reset({});
    }
    Q_EMIT searchChanged();
}

QString ThreadInspectorModel::exportFileName(double runId, const QString& format) {
    const Result<ExportFormat> parsed = parseExportFormat(format);
    const QString suffix = statusName(parsed ? parsed.value() : ExportFormat::Markdown);
    return qint64(runId) > 0 ? QStringLiteral("zerg-run-%1.%2").arg(qint64(runId)).arg(suffix)
                             : QStringLiteral("zerg-conversation.%1").arg(suffix);
}

void ThreadInspectorModel::exportRuns(double runId, const QString& format, const QUrl& file) {
    const auto finish = [this](bool failed, const QString& message) {
        m_exporting = false;
        m_exportFailed = failed;
        m_exportMessage = message;
        Q_EMIT exportChanged();
    };
    if (m_exporting)
        return;
    const Result<ExportFormat> parsed = parseExportFormat(format);
    if (!parsed)
        return finish(true, tr("Could not export: %1").arg(parsed.error().message));
    if (!file.isLocalFile())
        return finish(true, tr("Could not export: choose a file on this computer."));
    m_exporting = true;
    m_exportMessage.clear();
    Q_EMIT exportChanged();
    const QString path = file.toLocalFile();
    m_source->exportRuns(
        qint64(runId), parsed.value(), this, [finish, path](Result<QByteArray> text) {
            if (!text)
                return finish(true, tr("Could not export: %1").arg(text.error().message));
            QSaveFile out(path);
            if (!out.open(QIODevice::WriteOnly) || out.write(text.value()) != text->size() ||
                !out.commit()) {
                return finish(true, tr("Could not write %1: %2. Choose a folder you can write "
                                       "to.")
                                        .arg(QDir::toNativeSeparators(path), out.errorString()));
            }
            finish(false, tr("Saved %1.").arg(QDir::toNativeSeparators(path)));
        });
}

void ThreadInspectorModel::clearSearch() {
    m_searchRequests.dropAnswers();
    const bool changed = !m_searchQuery.isEmpty() || m_searching || !m_searchError.isEmpty();
    m_searchQuery.clear();
    m_searching = false;
    m_searchError.clear();
    if (m_searchResults->count() > 0)
        m_searchResults->reset({});
    if (changed)
        Q_EMIT searchChanged();
}

void ThreadInspectorModel::selectSearchResult(int row) {
    if (row < 0 || row >= m_searchResults->count())
        return;
    selectRun(m_searchResults->at(row).run.id);
}

void ThreadInspectorModel::applyRuns(const Result<QList<RunRecord>>& runs) {
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
    m_selectedPending = false;
    selectRun(selected);
}

void ThreadInspectorModel::selectRun(qint64 runId) {
    const qint64 previous = m_selected.run.id;
    if (runId > 0 && runId == previous)
        return;
    // An answer about the run selected before is no longer wanted.
    m_selectedRequests.dropAnswers();
    ++m_messagesGen;
    m_selected = {};
    m_selectedPending = false;
    m_lastSeq = 0;
    m_callNames.clear();
    if (runId <= 0) {
        m_workers->reset({});
        m_messages->reset({});
        if (previous != 0)
            Q_EMIT selectedRunIdChanged();
        Q_EMIT selectedRunChanged();
        return;
    }
    if (const ThreadRunView* listed = m_runs->find(runId))
        m_selected = *listed;
    m_selected.run.id = runId;
    m_selected.ticket = 0;
    m_selected.refreshing = false;
    m_selectedPending = true;
    m_idBeforeSelect = previous;
    requestSelected();
    if (!m_selectedPending)
        return;  // answered at once: shown
    // Answered later: nothing of the run selected before stays on show meanwhile.
    m_workers->reset({});
    m_messages->reset({});
    if (runId != previous)
        Q_EMIT selectedRunIdChanged();
    m_idBeforeSelect = runId;
    Q_EMIT selectedRunChanged();
}

void ThreadInspectorModel::requestSelected() {
    // Dropped when another run is selected, or this one asked for again.
    m_source->run(m_selected.run.id, this,
                  m_selectedRequests.newestOnly([this](const Result<RunDetail>& detail) {
                      if (m_selectedPending)
                          showSelected(detail);
                      else
                          refreshHeader(detail);
                  }));
}

void ThreadInspectorModel::showSelected(const Result<RunDetail>& detail) {
    const qint64 runId = m_selected.run.id;
    m_selectedPending = false;
    QList<WorkerJobRecord> jobs;
    if (detail) {
        m_selected = ThreadRunView::of(detail.value());
        jobs = detail->workers;
    } else {
        m_selected = {};
        if (detail.error().code == QLatin1String("not_found")) {
            setLoadError(
                tr("Run %1 was not found. Pick a run from the list, or reload.").arg(runId));
        } else {
            setLoadError(tr("Could not load run %1: %2 Check the data folder, then reload.")
                             .arg(runId)
                             .arg(detail.error().message));
        }
    }
    m_workers->reset(std::move(jobs));
    if (m_selected.run.id > 0) {
        loadNewMessages(true);
    } else {
        m_messages->reset({});
    }
    if (m_selected.run.id != m_idBeforeSelect)
        Q_EMIT selectedRunIdChanged();
    Q_EMIT selectedRunChanged();
}

void ThreadInspectorModel::refreshHeader(const Result<RunDetail>& detail) {
    if (detail) {
        m_selected = ThreadRunView::of(detail.value());
    } else {
        qWarning("run %lld: %s", m_selected.run.id, qPrintable(detail.error().message));
        m_selected.detailsLoaded = true;
        m_selected.detailsFailed = true;
    }
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
    if (runId <= 0)
        return;
    if (replace) {
        ++m_messagesGen;
        m_messagesShown = false;
        m_lastSeq = 0;
        m_callNames.clear();
    }
    const quint64 generation = m_messagesGen;
    // Every answer of one transcript holds the messages after a seq at most m_lastSeq: whatever
    // their order, adding those above m_lastSeq shows each message once, in order.
    m_source->messages(
        runId, m_lastSeq, this,
        [this, generation, runId](const Result<QList<StoredMessage>>& stored) {
            if (generation != m_messagesGen)
                return;  // another run's, or from before the transcript started again
            const bool first = !m_messagesShown;
            m_messagesShown = true;
            if (!stored) {
                setLoadError(tr("Could not load the messages of run %1: %2 Select the run "
                                "again, or reload.")
                                 .arg(runId)
                                 .arg(stored.error().message));
                if (first)
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
            if (first)
                m_messages->reset(std::move(rows));
            else
                m_messages->append(rows);
        });
}

void ThreadInspectorModel::loadMemory() {
    if (m_threadId <= 0) {
        m_memoryRequests.dropAnswers();
        return applyMemory(std::nullopt);
    }
    m_source->memory(
        this,
        m_memoryRequests.newestOnly([this](const Result<std::optional<ThreadMemory>>& memory) {
            if (!memory) {
                qWarning("thread %lld: %s", m_threadId, qPrintable(memory.error().message));
                return;  // keep what is shown; the transcript itself is still right
            }
            applyMemory(memory.value());
        }));
}

void ThreadInspectorModel::applyMemory(const std::optional<ThreadMemory>& memory) {
    const qint64 upToSeq = memory ? memory->upToSeq : 0;
    const QString summary = memory ? memory->summary : QString();
    const bool coverageChanged = upToSeq != m_memoryUpToSeq;
    m_memoryUpToSeq = upToSeq;
    if (assignIfDifferent(m_memorySummary, summary))
        Q_EMIT memorySummaryChanged();
    // The transcript marks what the summary covers; a new compaction moves that line (rare: it
    // happens when a run starts). A selection on its way reads its transcript with it anyway.
    if (coverageChanged && m_selected.run.id > 0 && !m_selectedPending)
        loadNewMessages(true);
}

void ThreadInspectorModel::setLoadError(const QString& message) {
    if (assignIfDifferent(m_loadError, message))
        Q_EMIT loadErrorChanged();
}

void ThreadInspectorModel::onRunChanged(qint64 runId) {
    if (runId <= 0)
        return;
    m_runs->refresh(runId);
    if (runId == m_selected.run.id) {
        requestSelected();
        if (!m_selectedPending)
            loadNewMessages(false);
    }
}

void ThreadInspectorModel::onRunStarted(const payloads::SupervisorStarted& started,
                                        const QDateTime& at) {
    const qint64 runId = started.runId;
    if (runId <= 0 || m_runs->indexOfRun(runId) >= 0)
        return;
    m_source->run(runId, this, [this, started, at](const Result<RunDetail>& stored) {
        const qint64 runId = started.runId;
        if (m_runs->indexOfRun(runId) >= 0)
            return;  // listed meanwhile (a reload, or the same event again)
        ThreadRunView view;
        if (stored) {
            view = ThreadRunView::of(stored.value());
        } else if (stored.error().code == QLatin1String("not_found")) {
            return;  // another owner's run (the event is wrong about whose it is): never shown
        } else {
            // Not readable now: show what the event says; the end of the run re-reads it.
            RunRecord run;
            run.id = runId;
            run.ownerId = m_ownerId;
            run.threadId = started.threadId;
            run.task = started.task.value_or(QString());
            run.mode = started.mode.isEmpty() ? QStringLiteral("supervisor") : started.mode;
            run.status = RunStatus::Running;
            run.startedAt = at;
            view = ThreadRunView::of(run);
        }
        m_runs->prepend(view, kRunLimit);
        if (m_threadId <= 0 && view.run.threadId > 0) {
            m_threadId = view.run.threadId;
            loadMemory();
        }
    });
}

void ThreadInspectorModel::onEvent(const Event& e) {
    if (e.ownerId != m_ownerId || !m_loaded)
        return;
    const payloads::Subject subject = payloads::Subject::of(e);
    const qint64 runId = subject.runId.value_or(0);
    const qint64 jobId = subject.jobId;
    // The selected run's answer on its way may have been read before this event changed it.
    const bool selectedOnItsWay = m_selectedPending && runId > 0 && runId == m_selected.run.id;

    if (const auto started = payloads::SupervisorStarted::from(e)) {
        onRunStarted(*started, e.at);
    } else if (is(e, events::SupervisorThinking)) {
        // Each model call of the run: new messages, tokens and cost; maybe a new mode.
        onRunChanged(runId);
    } else if (is(e, events::SupervisorComplete) || is(e, events::Error)) {
        if (runId <= 0)
            return;
        onRunChanged(runId);
        loadMemory();
    } else if (const auto spawned = payloads::WorkerSpawned::from(e)) {
        const int row = m_runs->indexOfRun(runId);
        if (row >= 0)
            m_runs->invalidateDetails(row);
        if (selectedOnItsWay)
            return requestSelected();
        if (runId <= 0 || runId != m_selected.run.id || m_workers->indexOfJob(jobId) >= 0)
            return;
        WorkerJobRecord job;
        job.id = jobId;
        job.ownerId = m_ownerId;
        job.runId = runId;
        job.task = spawned->task;
        job.model = spawned->model;
        job.status = JobStatus::Queued;
        job.createdAt = e.at;
        m_workers->append(job);
    } else {
        const auto started = payloads::WorkerStarted::from(e);
        const auto complete = payloads::WorkerComplete::from(e);
        if (!started && !complete)
            return;
        if (selectedOnItsWay)
            return requestSelected();
        const int row = m_workers->indexOfJob(jobId);
        if (jobId <= 0 || row < 0)
            return;
        WorkerJobRecord job = m_workers->at(row);
        const payloads::WorkerIds& ids = started ? started->ids : complete->ids;
        if (!ids.workerId.isEmpty())
            job.workerId = ids.workerId;
        if (started) {
            job.status = JobStatus::Running;
            job.startedAt = e.at;
        } else {
            if (complete->status)
                job.status = *complete->status;
            job.error = complete->error;
            job.durationMs = complete->durationMs.value_or(0);
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
