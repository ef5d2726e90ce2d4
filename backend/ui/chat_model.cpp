#include "ui/chat_model.h"

#include "core/clock.h"
#include "core/event.h"
#include "core/event_payloads.h"
#include "core/status.h"
#include "storage/time_format.h"
#include "ui/markdown_blocks.h"
#include "ui/money_format.h"
#include "ui/role_table.h"
#include "ui/status_labels.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <algorithm>
#include <utility>

namespace zerg {
using namespace Qt::StringLiterals;
namespace {

const QString kUser = QStringLiteral("user");
const QString kAssistant = QStringLiteral("assistant");
const QString kError = QStringLiteral("error");
const QString kNotice = QStringLiteral("notice");
const QString kSupervisor = QStringLiteral("supervisor");

// "quick" or "supervisor"; events without a mode come from the supervisor.
QString pathOf(const QString& mode) {
    return mode.isEmpty() ? kSupervisor : mode;
}

}  // namespace

ChatModel::ChatModel(Clock* clock, QObject* parent)
    : QAbstractListModel(parent),
      m_clock(clock),
      m_roles{
          {RoleRole, "role", &Row::role},
          {TextRole, "text", &Row::text},
          {Qt::DisplayRole, nullptr, &Row::text},
          {TimestampRole, "timestamp", &Row::timestamp},
          {StreamingRole, "streaming", &Row::streaming},
          {RunIdRole, "runId", &Row::runId},
          {PathRole, "path", &Row::path},
          {BlocksRole, "blocks",
           [](const Row& r) {
               return r.role == kAssistant && !r.streaming ? blocksForQml(r.text) : QVariantList();
           }},
          {RestoredRole, "restored", &Row::restored},
          {CostRole, "cost", &Row::cost},
          {WorkersRole, "workers", &Row::workers},
          {TimeLabelRole, "timeLabel", [this](const Row& r) { return timeLabel(r.timestamp); }},
      } {}

QString ChatModel::timeLabel(const QDateTime& at) const {
    const QDateTime local = at.toLocalTime();
    const QDate today =
        (m_clock ? m_clock->utcNow() : QDateTime::currentDateTimeUtc()).toLocalTime().date();
    const QLocale locale;
    return local.date() == today ? locale.toString(local.time(), QLocale::ShortFormat)
                                 : locale.toString(local, QLocale::ShortFormat);
}

void ChatModel::flushStreamed() {
    m_flushArmed = false;
    const QSet<qint64> runs = std::exchange(m_streamedRuns, {});
    for (qint64 runId : runs) {
        const int i = findAnswerRow(runId);
        if (i >= 0 && m_rows.at(i).streaming) {
            const QModelIndex idx = index(i);
            Q_EMIT dataChanged(idx, idx, {TextRole});
        }
    }
}

int ChatModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ChatModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_rows, index, role, m_roles);
}

QHash<int, QByteArray> ChatModel::roleNames() const {
    return m_roles.names();
}

void ChatModel::appendUser(const QString& text, const QDateTime& at) {
    append({kUser, text, at, false, 0, {}});
}

void ChatModel::appendError(const QString& text, const QDateTime& at, qint64 runId) {
    append({kError, text, at, false, runId, {}});
}

void ChatModel::appendNotice(const QString& text, const QDateTime& at, qint64 runId) {
    append({kNotice, text, at, false, runId, {}});
}

void ChatModel::appendAnswer(const QString& text, const QDateTime& at, const QString& path) {
    append({kAssistant, text, at, false, 0, path});
}

void ChatModel::handleEvent(const Event& e) {
    if (const auto p = payloads::SupervisorStarted::from(e)) {
        if (findAnswerRow(p->runId) < 0)
            append({kAssistant, {}, e.at, true, p->runId, pathOf(p->mode)});
    } else if (const auto p = payloads::SupervisorThinking::from(e)) {
        // The quick path handed the request to the supervisor.
        const int i = findAnswerRow(p->runId);
        if (i >= 0 && !p->mode.isEmpty() && m_rows.at(i).path != p->mode) {
            m_rows[i].path = p->mode;
            const QModelIndex idx = index(i);
            Q_EMIT dataChanged(idx, idx, {PathRole});
        }
    } else if (const auto p = payloads::SupervisorDelta::from(e)) {
        if (p->delta.isEmpty())
            return;
        const int i = answerRow(p->runId, e.at);
        if (!m_rows[i].streaming)
            return;  // the final text has already been set
        m_rows[i].text.append(p->delta);
        if (!m_clock) {
            const QModelIndex idx = index(i);
            Q_EMIT dataChanged(idx, idx, {TextRole});
            return;
        }
        m_streamedRuns.insert(p->runId);
        if (!m_flushArmed) {
            m_flushArmed = true;
            m_clock->callAfter(kFrameMs, this, [this] { flushStreamed(); });
        }
    } else if (const auto p = payloads::SupervisorComplete::from(e)) {
        const int i = answerRow(p->runId, e.at);
        // The result is authoritative: the streamed text may have missed or split a chunk.
        m_rows[i].text = p->result;
        m_rows[i].streaming = false;
        m_rows[i].path = pathOf(p->mode);
        const QModelIndex idx = index(i);
        Q_EMIT dataChanged(idx, idx, {TextRole, StreamingRole, PathRole, BlocksRole});
    } else if (const auto p = payloads::ErrorEvent::from(e)) {
        endStreaming(p->runId);
        if (p->cancelled()) {
            append({kNotice, tr("Stopped: %1.").arg(p->message), e.at, false, p->runId, {}});
        } else {
            append({kError, p->message, e.at, false, p->runId, {}});
        }
    }
}

int ChatModel::prependRuns(const QJsonArray& runs, qint64 summarisedThroughRunId) {
    QList<Row> rows;
    for (const QJsonValue& v : runs) {
        const QJsonObject run = v.toObject();
        const qint64 runId = run.value(u"run_id"_s).toInteger();
        const bool shown = std::any_of(m_rows.cbegin(), m_rows.cend(),
                                       [runId](const Row& r) { return r.runId == runId; });
        if (runId <= 0 || shown)
            continue;  // a run of this session, shown already
        const QDateTime started = timefmt::fromIso(run.value(u"started_at"_s).toString());
        const QDateTime completed = timefmt::fromIso(run.value(u"completed_at"_s).toString());
        const QDateTime answeredAt = completed.isValid() ? completed : started;
        Row question{kUser, run.value(u"task"_s).toString(), started, false, runId, {}};
        question.restored = true;
        rows.append(question);

        const std::optional<RunStatus> status =
            parseStatus<RunStatus>(run.value(u"status"_s).toString());
        const QString result = run.value(u"result"_s).toString();
        const QString error = run.value(u"error"_s).toString();
        Row answer{kAssistant, result, answeredAt,
                   false,      runId,  pathOf(run.value(u"mode"_s).toString())};
        answer.restored = true;
        if (const QJsonValue cost = run.value(u"cost_usd"_s);
            cost.isDouble() && cost.toDouble() > 0)
            answer.cost = formatCallCost(cost.toDouble());
        for (const QJsonValue& w : run.value(u"workers"_s).toArray()) {
            const QJsonObject worker = w.toObject();
            const QString workerStatus = worker.value(u"status"_s).toString();
            answer.workers.append(QVariantMap{
                {u"workerId"_s, worker.value(u"worker_id"_s).toString()},
                {u"jobId"_s, worker.value(u"job_id"_s).toInteger()},
                {u"task"_s, worker.value(u"task"_s).toString()},
                {u"status"_s, workerStatus},
                {u"statusLabel"_s, StatusLabels::label(workerStatus)},
                {u"tone"_s, StatusLabels::toneOf(workerStatus)},
            });
        }
        if (status == RunStatus::Running) {
            answer.role = kNotice;
            answer.text =
                tr("Still running when this conversation was loaded; its answer shows "
                   "in the Threads page when it is done.");
        } else if (status == RunStatus::Cancelled) {
            answer.role = kNotice;
            answer.text = error.isEmpty() ? tr("Stopped.") : tr("Stopped: %1.").arg(error);
        } else if (result.isEmpty()) {
            answer.role = kError;
            answer.text = error.isEmpty() ? tr("No answer was recorded.") : error;
        }
        rows.append(answer);
        if (runId == summarisedThroughRunId) {
            Row notice{kNotice,
                       tr("Earlier conversation summarised: Jarvis remembers it as a summary."),
                       answeredAt,
                       false,
                       0,
                       {}};
            notice.restored = true;
            rows.append(notice);
        }
    }
    if (rows.isEmpty())
        return 0;
    const int added = int(rows.size());
    beginInsertRows({}, 0, added - 1);
    rows.append(std::move(m_rows));
    m_rows = std::move(rows);
    endInsertRows();
    Q_EMIT countChanged();
    return added;
}

qint64 ChatModel::oldestRunId() const {
    for (const Row& r : m_rows) {
        if (r.runId > 0)
            return r.runId;
    }
    return 0;
}

void ChatModel::append(Row row) {
    const int at = int(m_rows.size());
    beginInsertRows({}, at, at);
    m_rows.append(std::move(row));
    endInsertRows();
    Q_EMIT countChanged();
}

int ChatModel::findAnswerRow(qint64 runId) const {
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        if (m_rows.at(i).runId == runId && m_rows.at(i).role == kAssistant)
            return i;
    }
    return -1;
}

int ChatModel::answerRow(qint64 runId, const QDateTime& at) {
    const int found = findAnswerRow(runId);
    if (found >= 0)
        return found;
    append({kAssistant, {}, at, true, runId, kSupervisor});
    return int(m_rows.size()) - 1;
}

void ChatModel::endStreaming(qint64 runId) {
    const int i = findAnswerRow(runId);
    if (i < 0 || !m_rows.at(i).streaming)
        return;
    if (m_rows.at(i).text.isEmpty()) {
        // Nothing was said before the failure: an empty bubble would only be noise.
        beginRemoveRows({}, i, i);
        m_rows.removeAt(i);
        endRemoveRows();
        Q_EMIT countChanged();
        return;
    }
    m_rows[i].streaming = false;
    const QModelIndex idx = index(i);
    Q_EMIT dataChanged(idx, idx, {StreamingRole, BlocksRole});
}

}  // namespace zerg
