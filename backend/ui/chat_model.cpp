#include "ui/chat_model.h"

#include "core/clock.h"
#include "core/event.h"
#include "ui/markdown_blocks.h"

#include <QJsonObject>

#include <utility>

namespace zerg {
namespace {

const QString kUser = QStringLiteral("user");
const QString kAssistant = QStringLiteral("assistant");
const QString kError = QStringLiteral("error");
const QString kNotice = QStringLiteral("notice");
const QString kSupervisor = QStringLiteral("supervisor");

qint64 runIdOf(const Event& e) {
    return e.data.value(QStringLiteral("run_id")).toInteger();
}

// "quick" or "supervisor"; events without a mode come from the supervisor.
QString modeOf(const Event& e) {
    const QString mode = e.data.value(QStringLiteral("mode")).toString();
    return mode.isEmpty() ? kSupervisor : mode;
}

}  // namespace

ChatModel::ChatModel(Clock* clock, QObject* parent) : QAbstractListModel(parent), m_clock(clock) {}

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
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) {
        return {};
    }
    const Row& r = m_rows.at(index.row());
    switch (role) {
        case RoleRole:
            return r.role;
        case TextRole:
        case Qt::DisplayRole:
            return r.text;
        case TimestampRole:
            return r.timestamp;
        case StreamingRole:
            return r.streaming;
        case RunIdRole:
            return r.runId;
        case PathRole:
            return r.path;
        case BlocksRole:
            return r.role == kAssistant && !r.streaming ? blocksForQml(r.text) : QVariantList();
        default:
            return {};
    }
}

QHash<int, QByteArray> ChatModel::roleNames() const {
    return {{RoleRole, "role"},           {TextRole, "text"},   {TimestampRole, "timestamp"},
            {StreamingRole, "streaming"}, {RunIdRole, "runId"}, {PathRole, "path"},
            {BlocksRole, "blocks"}};
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

void ChatModel::handleEvent(const Event& e) {
    const qint64 runId = runIdOf(e);
    if (e.name == QLatin1String(events::SupervisorStarted)) {
        if (findAnswerRow(runId) < 0)
            append({kAssistant, {}, e.at, true, runId, modeOf(e)});
    } else if (e.name == QLatin1String(events::SupervisorThinking)) {
        // The quick path handed the request to the supervisor.
        const int i = findAnswerRow(runId);
        if (i >= 0 && e.data.contains(QStringLiteral("mode")) && m_rows.at(i).path != modeOf(e)) {
            m_rows[i].path = modeOf(e);
            const QModelIndex idx = index(i);
            Q_EMIT dataChanged(idx, idx, {PathRole});
        }
    } else if (e.name == QLatin1String(events::SupervisorDelta)) {
        const QString delta = e.data.value(QStringLiteral("delta")).toString();
        if (delta.isEmpty())
            return;
        const int i = answerRow(runId, e.at);
        if (!m_rows[i].streaming)
            return;  // the final text has already been set
        m_rows[i].text.append(delta);
        if (!m_clock) {
            const QModelIndex idx = index(i);
            Q_EMIT dataChanged(idx, idx, {TextRole});
            return;
        }
        m_streamedRuns.insert(runId);
        if (!m_flushArmed) {
            m_flushArmed = true;
            m_clock->callAfter(kFrameMs, this, [this] { flushStreamed(); });
        }
    } else if (e.name == QLatin1String(events::SupervisorComplete)) {
        const int i = answerRow(runId, e.at);
        // The result is authoritative: the streamed text may have missed or split a chunk.
        m_rows[i].text = e.data.value(QStringLiteral("result")).toString();
        m_rows[i].streaming = false;
        m_rows[i].path = modeOf(e);
        const QModelIndex idx = index(i);
        Q_EMIT dataChanged(idx, idx, {TextRole, StreamingRole, PathRole, BlocksRole});
    } else if (e.name == QLatin1String(events::Error)) {
        endStreaming(runId);
        const QString message = e.data.value(QStringLiteral("message")).toString();
        if (e.data.value(QStringLiteral("details")).toString() == QLatin1String("cancelled")) {
            append({kNotice, tr("Stopped: %1.").arg(message), e.at, false, runId, {}});
        } else {
            append({kError, message, e.at, false, runId, {}});
        }
    }
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
