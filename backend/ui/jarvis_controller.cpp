#include "ui/jarvis_controller.h"
#include "ui/markdown_blocks.h"

#include "core/clock.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "ui/activity_model.h"
#include "ui/chat_model.h"
#include "ui/conversation_backend.h"
#include "ui/model_util.h"
#include "ui/worker_list_model.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QPointer>

#include <utility>

namespace zerg {

JarvisController::JarvisController(EventBus* bus, ConversationBackend* backend, Clock* clock,
                                   QObject* parent)
    : QObject(parent),
      m_bus(bus),
      m_backend(backend),
      m_clock(clock),
      m_chat(new ChatModel(clock, this)),
      m_search(new ChatSearch(m_chat, ChatModel::TextRole, this)),
      m_activity(new ActivityModel(clock, this)),
      m_setupProblem(backend->setupProblem()) {
    connect(m_bus, &EventBus::published, this, &JarvisController::onEvent);
    connect(this, &JarvisController::answered, this, [this](qint64, bool ok, const QString& text) {
        const QString words = speakablePreview(text, tr("(a code block, shown in the chat)"));
        m_announcement = ok ? tr("Jarvis answered: %1").arg(words)
                            : tr("Jarvis could not answer: %1").arg(words);
        Q_EMIT announced();
    });
}

JarvisController::~JarvisController() = default;

void JarvisController::loadOlder() {
    const qint64 oldest = m_chat->oldestRunId();
    if (!m_historyLoaded || !m_hasOlder || m_loadingHistory || oldest <= 0)
        return;
    loadPage(oldest);
}

void JarvisController::loadHistory() {
    if (!m_historyLoaded && !m_loadingHistory)
        loadPage(std::nullopt);
}

void JarvisController::loadPage(std::optional<qint64> beforeRunId) {
    m_loadingHistory = true;
    Q_EMIT historyChanged();
    m_backend->history(beforeRunId, kHistoryPage, this, [this](const Result<QJsonObject>& page) {
        m_loadingHistory = false;
        if (!page) {
            setLastError(
                tr("Could not load the earlier conversation: %1").arg(page.error().message));
            Q_EMIT historyChanged();
            return;
        }
        m_historyLoaded = true;
        const QJsonArray runs = page->value(QStringLiteral("runs")).toArray();
        const int rows = m_chat->prependRuns(
            runs, page->value(QStringLiteral("summarised_through_run_id")).toInteger());
        // The composer's Up key reaches the questions of earlier sessions too.
        QStringList questions;
        for (const QJsonValue& run : runs)
            questions.append(run.toObject().value(QStringLiteral("task")).toString());
        m_history = questions + m_history;
        if (m_historyIndex >= 0)
            m_historyIndex += int(questions.size());
        m_hasOlder = page->value(QStringLiteral("more")).toBool() && !runs.isEmpty();
        Q_EMIT historyChanged();
        if (rows > 0)
            Q_EMIT olderLoaded(rows);
    });
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
    if (m_asking) {
        // Only a remote backend can be this slow to answer; the composer waits while busy.
        const QString message =
            tr("Jarvis has not yet confirmed your previous question; send "
               "this one again once it has.");
        setLastError(message);
        m_chat->appendError(message, m_clock->utcNow());
        return false;
    }

    const quint64 serial = ++m_askSerial;
    m_asking = true;
    m_askText = question;
    m_claimedRun = 0;
    m_stopRequested = false;
    m_answeredAtOnce.reset();
    updateBusy();
    m_backend->ask(question, this,
                   [this, serial](const Result<qint64>& run) { onAskDone(serial, run); });
    // The in-process backend has answered already; a remote one answers later.
    return std::exchange(m_answeredAtOnce, std::nullopt).value_or(true);
}

void JarvisController::onAskDone(quint64 serial, const Result<qint64>& run) {
    if (serial != m_askSerial || !m_asking)
        return;
    m_asking = false;
    const qint64 claimed = std::exchange(m_claimedRun, 0);
    if (!run) {
        m_answeredAtOnce = false;
        refreshSetup();
        setLastError(run.error().message);
        // A missing provider is explained by the setup card, not by a red row.
        if (m_setupProblem.isEmpty())
            m_chat->appendError(run.error().message, m_clock->utcNow());
        updateBusy();
        if (claimed == 0)
            Q_EMIT finished(0);
        return;
    }
    m_answeredAtOnce = true;
    const qint64 runId = run.value();
    if (claimed != 0 && claimed != runId) {
        // Another run with the same question started meanwhile (another client of the owner):
        // not ours after all.
        m_runOwners.remove(claimed);
        if (m_currentRunId == claimed)
            setCurrentRun(0);
    }
    setLastError({});
    adopt(runId);
    updateBusy();
    Q_EMIT started(runId, m_askText);
}

void JarvisController::adopt(qint64 runId) {
    if (!m_runOwners.contains(runId))
        m_runOwners.insert(runId, -1);
    if (m_endedRuns.contains(runId))
        return;
    setCurrentRun(runId);
    if (std::exchange(m_stopRequested, false))
        m_backend->cancelRun(runId);
}

void JarvisController::showSpokenTurn(bool fromUser, const QString& text) {
    if (text.trimmed().isEmpty())
        return;
    if (fromUser)
        m_chat->appendUser(text, m_clock->utcNow());
    else
        m_chat->appendAnswer(text, m_clock->utcNow(), QStringLiteral("realtime"));
}

void JarvisController::recordSpokenExchange(const QString& said, const QString& answered,
                                            bool interrupted) {
    m_backend->recordSpoken(said, answered, interrupted, this, [this](const Status& stored) {
        if (!stored) {
            setLastError(tr("What was said by voice was not saved in the conversation: %1")
                             .arg(stored.error().message));
        }
    });
}

void JarvisController::stop() {
    if (m_currentRunId != 0)
        m_backend->cancelRun(m_currentRunId);
    else if (m_asking)
        m_stopRequested = true;
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
    if (assignIfDifferent(m_setupProblem, m_backend->setupProblem()))
        Q_EMIT setupProblemChanged();
}

bool JarvisController::isTheQuestionOnItsWay(const payloads::SupervisorStarted& started) const {
    if (started.mode == QLatin1String("background"))
        return false;  // a scheduled check
    return !started.task || started.task->trimmed() == m_askText;
}

bool JarvisController::isOurs(const Event& e) {
    const std::optional<qint64> run = payloads::Subject::of(e).runId;
    if (!run)
        return false;  // not about a run (heartbeat, summaries)
    const qint64 runId = *run;
    if (m_endedRuns.contains(runId))
        return false;  // late stragglers must not refill the ticker
    if (const auto started = payloads::SupervisorStarted::from(e);
        started && m_asking && m_claimedRun == 0 && !m_runOwners.contains(runId) &&
        isTheQuestionOnItsWay(*started)) {
        // Published while the backend handles ask(), before done names the run.
        m_runOwners.insert(runId, e.ownerId);
        m_claimedRun = runId;
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
    m_chat->handleEvent(e);
    m_activity->handleEvent(e);
    if (const auto p = payloads::SupervisorStarted::from(e)) {
        adopt(p->runId);
    } else if (const auto p = payloads::SupervisorThinking::from(e)) {
        setStatusMessage(p->message);
    } else if (const auto p = payloads::WorkerStarted::from(e)) {
        Q_EMIT delegated(p->ids.runId, p->task);
    } else if (const auto p = payloads::SupervisorComplete::from(e)) {
        runEnded(p->runId);
        // An apology (fallback) is shown as the answer, but the run did not succeed.
        Q_EMIT answered(p->runId, !p->fallback, p->result);
        Q_EMIT finished(p->runId);
    } else if (const auto p = payloads::ErrorEvent::from(e)) {
        const bool cancelled = p->cancelled();
        if (!cancelled)
            setLastError(p->message);
        runEnded(p->runId);
        if (!cancelled)
            Q_EMIT answered(p->runId, false, p->message);
        Q_EMIT finished(p->runId);
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
    m_currentRunId = runId;
    Q_EMIT currentRunIdChanged();
    updateBusy();
}

void JarvisController::updateBusy() {
    if (assignIfDifferent(m_busy, m_currentRunId != 0 || m_asking))
        Q_EMIT busyChanged();
}

void JarvisController::setLastError(const QString& message) {
    if (assignIfDifferent(m_lastError, message))
        Q_EMIT lastErrorChanged();
}

void JarvisController::setStatusMessage(const QString& message) {
    if (assignIfDifferent(m_statusMessage, message))
        Q_EMIT statusMessageChanged();
}

void JarvisController::retranslate() {
    m_activity->retranslate();
    m_activity->workers()->retranslate();
}

}  // namespace zerg
