#pragma once

#include "core/result.h"
#include "ui/qml_instance.h"
// Full definitions: Q_PROPERTY pointer types must be complete for the meta-type system.
#include "ui/activity_model.h"
#include "ui/chat_model.h"
#include "ui/chat_search.h"
#include "ui/worker_list_model.h"

#include <QtQml/qqmlregistration.h>
#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>

#include <optional>

namespace zerg {

class Clock;
class ConversationBackend;
class EventBus;
struct Event;
namespace payloads {
struct SupervisorStarted;
}  // namespace payloads

// The facade the Jarvis window binds to (QML singleton `Jarvis`): sends what the user types to
// the backend and turns the events of the runs it started into the chat and ticker models.
// Events of other runs or owners (scheduled runs, other clients) are not shown here.
class JarvisController : public QObject, public QmlInstance<JarvisController> {
    Q_OBJECT
    QML_NAMED_ELEMENT(Jarvis)
    QML_SINGLETON
    Q_PROPERTY(zerg::ChatModel* chat READ chat CONSTANT FINAL)
    Q_PROPERTY(zerg::ActivityModel* activity READ activity CONSTANT FINAL)
    Q_PROPERTY(zerg::WorkerListModel* workers READ workers CONSTANT FINAL)
    // A question is on its way (the backend has not said yet whether its run started) or a run
    // of this window is going on.
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged FINAL)
    Q_PROPERTY(qint64 currentRunId READ currentRunId NOTIFY currentRunIdChanged FINAL)
    // Non-empty when no model provider is configured: what the user has to set.
    Q_PROPERTY(QString setupProblem READ setupProblem NOTIFY setupProblemChanged FINAL)
    Q_PROPERTY(QString lastError READ lastError NOTIFY lastErrorChanged FINAL)
    // What the supervisor is doing right now ("Thinking…"), from supervisor_thinking.
    Q_PROPERTY(QString statusMessage READ statusMessage NOTIFY statusMessageChanged FINAL)
    // The earlier conversation: older turns than those shown exist (loadOlder), and a page of
    // them is on its way.
    // Ctrl+F in the chat.
    Q_PROPERTY(zerg::ChatSearch* search READ search CONSTANT FINAL)
    // What a screen reader should say now that an answer is complete ("Jarvis answered: …"),
    // new with every answer or failure of this window's questions.
    Q_PROPERTY(QString announcement READ announcement NOTIFY announced FINAL)
    Q_PROPERTY(bool hasOlder READ hasOlder NOTIFY historyChanged FINAL)
    Q_PROPERTY(bool loadingHistory READ loadingHistory NOTIFY historyChanged FINAL)

public:
    // Not default-constructible on purpose: QML gets the instance registered with setInstance().
    JarvisController(EventBus* bus, ConversationBackend* backend, Clock* clock,
                     QObject* parent = nullptr);
    ~JarvisController() override;

    [[nodiscard]] ChatModel* chat() const { return m_chat; }
    [[nodiscard]] ChatSearch* search() const { return m_search; }
    [[nodiscard]] QString announcement() const { return m_announcement; }
    [[nodiscard]] ActivityModel* activity() const { return m_activity; }
    [[nodiscard]] WorkerListModel* workers() const;
    [[nodiscard]] bool busy() const { return m_busy; }
    [[nodiscard]] qint64 currentRunId() const { return m_currentRunId; }
    [[nodiscard]] QString setupProblem() const { return m_setupProblem; }
    [[nodiscard]] QString lastError() const { return m_lastError; }
    [[nodiscard]] QString statusMessage() const { return m_statusMessage; }
    [[nodiscard]] bool hasOlder() const { return m_hasOlder; }
    [[nodiscard]] bool loadingHistory() const { return m_loadingHistory; }

    // Turns in a page of the conversation's history.
    static constexpr int kHistoryPage = 20;
    // Puts the newest page of the conversation so far above what the chat shows, unless one was
    // loaded already: the app calls it at start (a remote one once connected, again after a
    // reconnect, which then does nothing).
    void loadHistory();
    // Puts the page of turns before the oldest one shown above it (the chat scrolled to its
    // top). Nothing happens without older turns or while a page is on its way.
    Q_INVOKABLE void loadOlder();

    // Sends the text as a question. Ignores blank text. Returns false when the question was
    // refused at once (blank, a question still on its way, or the backend said no before
    // returning); true when its run started or the answer is still to come (a remote backend).
    Q_INVOKABLE bool send(const QString& text);
    // Cancels the current run (Escape / Stop); a run still starting is cancelled once its id is
    // known.
    Q_INVOKABLE void stop();
    Q_INVOKABLE void cancelWorker(qint64 jobId);
    // Input history for the composer's Up/Down keys. Both take the composer's current text and
    // return what it should show: Up steps to older questions (remembering the draft), Down to
    // newer ones and finally back to the draft. Without history the text comes back unchanged.
    Q_INVOKABLE QString historyPrevious(const QString& current = {});
    Q_INVOKABLE QString historyNext(const QString& current = {});
    // A turn of a Realtime voice conversation (ui/realtime_conversation.h), shown as the user's
    // words or as Jarvis's answer (path "realtime"). What it hands to the supervisor goes
    // through send().
    void showSpokenTurn(bool fromUser, const QString& text);
    // Stores one exchange of that conversation in the thread (ConversationBackend::recordSpoken),
    // so that the supervisor and the history after a restart know it. A failure is shown as the
    // last error.
    void recordSpokenExchange(const QString& said, const QString& answered, bool interrupted);
    // Asks the backend again whether a model provider is configured.
    Q_INVOKABLE void refreshSetup();
    // After the user interface's language changed: the live activity's texts (durations) again.
    // The chat's messages stay as they were written.
    void retranslate();

Q_SIGNALS:
    void busyChanged();
    void currentRunIdChanged();
    void setupProblemChanged();
    void lastErrorChanged();
    void statusMessageChanged();
    void historyChanged();
    void announced();
    // A page of earlier turns was put above the chat's rows (rows: how many).
    void olderLoaded(int rows);
    // A run of this window ended with an answer (ok) or a failure (not for a stop by the user).
    void answered(qint64 runId, bool ok, const QString& text);
    // A run of this window handed work to a worker (each worker: `task` is what it was given).
    void delegated(qint64 runId, const QString& task);
    // A question of this window started its run (the text as sent).
    void started(qint64 runId, const QString& question);
    // A question of this window is over: its run ended (answered, failed or stopped), or it
    // could not start (runId 0).
    void finished(qint64 runId);

private:
    void loadPage(std::optional<qint64> beforeRunId);
    void onEvent(const Event& event);
    void onAskDone(quint64 serial, const Result<qint64>& run);
    [[nodiscard]] bool isOurs(const Event& event);
    // supervisor_started of the question on its way: the same task, not a scheduled check.
    [[nodiscard]] bool isTheQuestionOnItsWay(const payloads::SupervisorStarted& started) const;
    // Follows runId, started by the question on its way (cancels it if a stop came first).
    void adopt(qint64 runId);
    void runEnded(qint64 runId);
    void setCurrentRun(qint64 runId);
    void updateBusy();
    void setLastError(const QString& message);
    void setStatusMessage(const QString& message);

    EventBus* m_bus;
    ConversationBackend* m_backend;
    Clock* m_clock;
    ChatModel* m_chat;
    ChatSearch* m_search;
    QString m_announcement;
    ActivityModel* m_activity;

    // Runs this controller started, with the owner their events carry (-1 until seen).
    QHash<qint64, qint64> m_runOwners;
    QSet<qint64> m_endedRuns;
    // The question on its way: from send() until the backend's done. Its supervisor_started
    // (same task, not a background run) is ours even before done names the run.
    bool m_asking = false;
    QString m_askText;
    quint64 m_askSerial = 0;
    qint64 m_claimedRun = 0;       // the run its supervisor_started announced, until done
    bool m_stopRequested = false;  // stop() while the run id was not known yet
    // Set when done ran inside backend->ask(): send()'s answer.
    std::optional<bool> m_answeredAtOnce;
    qint64 m_currentRunId = 0;
    bool m_busy = false;
    QString m_setupProblem;
    QString m_lastError;
    QString m_statusMessage;
    bool m_hasOlder = false;
    bool m_loadingHistory = false;
    bool m_historyLoaded = false;  // the newest page has come

    QStringList m_history;
    int m_historyIndex = -1;  // -1: not browsing; else index into m_history
    QString m_draft;
};

}  // namespace zerg
