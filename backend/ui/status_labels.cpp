#include "ui/status_labels.h"

#include "core/status.h"
#include "mcp/mcp_servers.h"
#include "schedule/schedule_service.h"
#include "ui/model_util.h"

#include <QJSEngine>

namespace zerg {
namespace {

// A worker's words include every job and run word; a scheduled check's run adds skipped.
bool isSkipped(QStringView word) {
    return parseStatus<ScheduleRunStatus>(word) == ScheduleRunStatus::Skipped;
}

}  // namespace

StatusLabels::StatusLabels(QObject* parent) : QObject(parent) {
    retranslate();
}

StatusLabels* StatusLabels::create(QQmlEngine*, QJSEngine* jsEngine) {
    auto* labels = new StatusLabels;
    QObject::connect(jsEngine, &QJSEngine::uiLanguageChanged, labels, &StatusLabels::retranslate);
    return labels;
}

QStringList StatusLabels::words() {
    QStringList all = statusNames<WorkerStatus>();
    for (const QString& word : statusNames<ScheduleRunStatus>()) {
        if (!all.contains(word))
            all.append(word);
    }
    return all;
}

QString StatusLabels::label(QStringView word) {
    if (const std::optional<WorkerStatus> s = parseStatus<WorkerStatus>(word)) {
        switch (*s) {
            case WorkerStatus::Queued:
                return tr("queued");
            case WorkerStatus::Starting:
                return tr("starting");
            case WorkerStatus::Running:
                return tr("running");
            case WorkerStatus::AwaitingApproval:
                return tr("waiting for approval");
            case WorkerStatus::Restarting:
                return tr("restarting");
            case WorkerStatus::Success:
                return tr("succeeded");
            case WorkerStatus::Failed:
                return tr("failed");
            case WorkerStatus::Cancelled:
                return tr("cancelled");
            case WorkerStatus::Timeout:
                return tr("timed out");
        }
    }
    if (isSkipped(word))
        return tr("skipped");
    return word.toString();
}

QString StatusLabels::toneOf(QStringView word) {
    const std::optional<WorkerStatus> s = parseStatus<WorkerStatus>(word);
    if (!s)
        return QStringLiteral("muted");  // skipped, or a word no vocabulary has
    switch (*s) {
        case WorkerStatus::Starting:
        case WorkerStatus::Running:
        case WorkerStatus::Restarting:
            return QStringLiteral("active");
        case WorkerStatus::AwaitingApproval:
            return QStringLiteral("warning");
        case WorkerStatus::Success:
            return QStringLiteral("success");
        case WorkerStatus::Failed:
        case WorkerStatus::Timeout:
            return QStringLiteral("danger");
        case WorkerStatus::Queued:  // waiting, not working: it must not look busy
        case WorkerStatus::Cancelled:
            return QStringLiteral("muted");
    }
    return QStringLiteral("muted");
}

QString StatusLabels::outcomeToneOf(QStringView status, QStringView severity) {
    const QString tone = toneOf(status);
    if (tone == QLatin1String("active") || tone == QLatin1String("danger"))
        return tone;
    const std::optional<Severity> level = parseStatus<Severity>(severity);
    if (level == Severity::Critical)
        return QStringLiteral("danger");
    if (level == Severity::Warning)
        return QStringLiteral("warning");
    return tone;
}

QString StatusLabels::mcpStateLabel(McpServerState state) {
    switch (state) {
        case McpServerState::Disabled:
            return tr("disabled");
        case McpServerState::Ready:
            return tr("ready");
        case McpServerState::Stopped:
            return tr("stopped");
        case McpServerState::Starting:
        case McpServerState::Restarting:
        case McpServerState::Failed:
            break;
    }
    return label(statusName(state));  // a worker's word: the same label
}

QString StatusLabels::mcpStateTone(McpServerState state) {
    switch (state) {
        case McpServerState::Ready:
            return QStringLiteral("success");
        case McpServerState::Disabled:  // the user's choice, nothing wrong
        case McpServerState::Stopped:
            return QStringLiteral("muted");
        case McpServerState::Starting:
        case McpServerState::Restarting:
        case McpServerState::Failed:
            break;
    }
    return toneOf(statusName(state));
}

bool StatusLabels::isActiveWord(QStringView word) {
    const std::optional<WorkerStatus> s = parseStatus<WorkerStatus>(word);
    return s && *s != WorkerStatus::Queued && !zerg::isTerminal(*s);
}

bool StatusLabels::isTerminalWord(QStringView word) {
    if (isSkipped(word))
        return zerg::isTerminal(ScheduleRunStatus::Skipped);
    return zerg::isTerminalWord<WorkerStatus>(word);
}

void StatusLabels::retranslate() {
    QVariantMap labels;
    for (const QString& word : words())
        labels.insert(word, label(word));
    if (assignIfDifferent(m_labels, labels))
        Q_EMIT labelsChanged();
}

}  // namespace zerg
