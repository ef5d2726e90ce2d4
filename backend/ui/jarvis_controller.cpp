#include "ui/jarvis_controller.h"

#include "ui/qml_instance.h"

#include "core/clock.h"
#include "core/event_bus.h"
#include "ui/activity_model.h"
#include "ui/chat_model.h"
#include "ui/conversation_backend.h"
#include "ui/worker_list_model.h"

#include <QJSEngine>
#include <QJsonObject>
#include <QPointer>

namespace zerg {
namespace {

bool is(const Event& e, const char* name) {
    return e.name == QLatin1String(name);
}

}  // namespace

JarvisController::JarvisController(EventBus* bus, ConversationBackend* backend, Clock* clock,
                                   QObject* parent)
    : QObject(parent),
      m_bus(bus),
      m_backend(backend),
      m_clock(clock),
      m_chat(new ChatModel(clock, this)),
      m_activity(new ActivityModel(clock, this)),
      m_setupProblem(backend->setupProblem()) {
    connect(m_bus, &EventBus::published, this, &JarvisController::onEvent);
}

JarvisController::~JarvisController() = default;

void JarvisController::setInstance(JarvisController* instance) {
    QmlInstance<JarvisController>::set(instance);
}

JarvisController* JarvisController::create(QQmlEngine*, QJSEngine*) {
    return QmlInstance<JarvisController>::get("Jarvis", "JarvisController");
}

WorkerListModel* JarvisController::workers() const {
    return m_activity->workers();
}

bool JarvisController::send(const QString& text) {
    const QString question = text.trimmed();
    if (question.isEmpty())
        return false;
    if (m_history.isEmpty() || m_history.constLast() != question)
        m_history.append(question);
    m_historyIndex = -1;
    m_draft.clear();
    m_chat->appendUser(question, m_clock->utcNow());

    m_asking = true;
    const Result<qint64> run = m_backend->ask(question);
    m_asking = false;
    if (!run) {
        refreshSetup();
        setLastError(run.error().message);
        // A missing provider is explained by the setup card, not by a red row.
        if (m_setupProblem.isEmpty())
            m_chat->appendError(run.error().message, m_clock->utcNow());
        return false;
    }
    const qint64 runId = run.value();
    if (!m_runOwners.contains(runId))
        m_runOwners.insert(runId, -1);
    setLastError({});
    if (!m_endedRuns.contains(runId))
        setCurrentRun(runId);
    return true;
}

void JarvisController::stop() {
    if (m_currentRunId != 0)
        m_backend->cancelRun(m_currentRunId);
}

void JarvisController::cancelWorker(qint64 jobId) {
    if (jobId > 0)
        m_backend->cancelWorker(jobId);
}

QString JarvisController::historyPrevious(const QString& current) {
    if (m_history.isEmpty())
        return current;
    if (m_historyIndex < 0) {
        m_draft = current;
        m_historyIndex = int(m_history.size()) - 1;
    } else if (m_historyIndex > 0) {
        --m_historyIndex;
    }
    return m_history.at(m_historyIndex);
}

QString JarvisController::historyNext(const QString& current) {
    if (m_historyIndex < 0)
        return current;
    if (m_historyIndex + 1 < m_history.size())
        return m_history.at(++m_historyIndex);
    m_historyIndex = -1;
    return m_draft;
}

void JarvisController::refreshSetup() {
    const QString problem = m_backend->setupProblem();
    if (problem == m_setupProblem)
        return;
    m_setupProblem = problem;
    Q_EMIT setupProblemChanged();
}

bool JarvisController::isOurs(const Event& e) {
    const QJsonValue runValue = e.data.value(QStringLiteral("run_id"));
    if (!runValue.isDouble())
        return false;  // not about a run (heartbeat, summaries)
    const qint64 runId = runValue.toInteger();
    if (m_endedRuns.contains(runId))
        return false;  // late stragglers must not refill the ticker
    if (is(e, events::SupervisorStarted) && m_asking && !m_runOwners.contains(runId)) {
        // Published from inside backend->ask(), before it returns the run id.
        m_runOwners.insert(runId, e.ownerId);
        return true;
    }
    const auto it = m_runOwners.find(runId);
    if (it == m_runOwners.end())
        return false;
    if (it.value() < 0)
        it.value() = e.ownerId;
    return it.value() == e.ownerId;
}

void JarvisController::onEvent(const Event& e) {
    if (!isOurs(e))
        return;
    const qint64 runId = e.data.value(QStringLiteral("run_id")).toInteger();
    m_chat->handleEvent(e);
    m_activity->handleEvent(e);
    if (is(e, events::SupervisorStarted)) {
        setCurrentRun(runId);
    } else if (is(e, events::SupervisorThinking)) {
        setStatusMessage(e.data.value(QStringLiteral("message")).toString());
    } else if (is(e, events::SupervisorComplete)) {
        runEnded(runId);
        Q_EMIT answered(runId, true, e.data.value(QStringLiteral("result")).toString());
    } else if (is(e, events::Error)) {
        const bool cancelled =
            e.data.value(QStringLiteral("details")).toString() == QLatin1String("cancelled");
        if (!cancelled)
            setLastError(e.data.value(QStringLiteral("message")).toString());
        runEnded(runId);
        if (!cancelled)
            Q_EMIT answered(runId, false, e.data.value(QStringLiteral("message")).toString());
    }
}

void JarvisController::runEnded(qint64 runId) {
    m_endedRuns.insert(runId);
    if (m_currentRunId == runId) {
        setCurrentRun(0);
        setStatusMessage({});
    }
}

void JarvisController::setCurrentRun(qint64 runId) {
    if (runId == m_currentRunId)
        return;
    const bool wasBusy = busy();
    m_currentRunId = runId;
    Q_EMIT currentRunIdChanged();
    if (busy() != wasBusy)
        Q_EMIT busyChanged();
}

void JarvisController::setLastError(const QString& message) {
    if (message == m_lastError)
        return;
    m_lastError = message;
    Q_EMIT lastErrorChanged();
}

void JarvisController::setStatusMessage(const QString& message) {
    if (message == m_statusMessage)
        return;
    m_statusMessage = message;
    Q_EMIT statusMessageChanged();
}

}  // namespace zerg
