// The chat and ticker models as the Jarvis window sees them: events published on a real
// EventBus, time driven by a ManualClock, the backend replaced by a fake that records calls.
#include "core/clock.h"
#include "core/event_bus.h"
#include "ui/activity_model.h"
#include "ui/chat_model.h"
#include "ui/conversation_backend.h"
#include "ui/duration_format.h"
#include "ui/jarvis_controller.h"
#include "ui/tray_state.h"
#include "ui/worker_list_model.h"

#include <QJSEngine>
#include <QJsonObject>
#include <QLocale>
#include <QPointer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <deque>

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;

// Behaves like JarvisService: supervisor_started is published from inside ask(), and done is
// called before ask() returns. With `remote` it behaves like a `zerg serve`: the event is
// published during ask(), the reply (done) comes later, from reply().
class FakeBackend final : public ConversationBackend {
public:
    explicit FakeBackend(EventBus* bus) : m_bus(bus) {}

    void ask(const QString& text, QObject* context, AskDone done) override {
        asks.append(text);
        Result<qint64> result = start(text);
        if (remote) {
            held.append({context, std::move(done), std::move(result)});
            return;
        }
        done(std::move(result));
    }
    // Sends the oldest held reply (remote mode).
    void reply() {
        Held h = held.takeFirst();
        if (h.context)
            h.done(std::move(h.result));
    }
    void cancelRun(qint64 runId) override { cancelledRuns.append(runId); }
    void cancelWorker(qint64 jobId) override { cancelledJobs.append(jobId); }
    QString setupProblem() const override { return problem; }
    void recordSpoken(const QString&, const QString&, bool, QObject*, RecordDone done) override {
        done(Ok{});
    }
    // Pages of the conversation's history, answered in order (an error: Error's code "db").
    void history(std::optional<qint64> beforeRunId, int limit, QObject*, PageDone done) override {
        historyRequests.append(beforeRunId.value_or(0));
        historyLimits.append(limit);
        if (pages.isEmpty())
            return done(Error{QStringLiteral("db"), QStringLiteral("the store is gone")});
        done(pages.takeFirst());
    }

    struct Held {
        QPointer<QObject> context;
        AskDone done;
        Result<qint64> result;
    };

    QStringList asks;
    QList<Held> held;
    bool remote = false;
    std::deque<Error> failures;
    QList<qint64> cancelledRuns;
    QList<qint64> cancelledJobs;
    QString problem;
    qint64 nextRunId = 7;
    bool publishStarted = true;
    QString mode = QStringLiteral("supervisor");  // the path the router picks
    QList<QJsonObject> pages;
    QList<qint64> historyRequests;  // beforeRunId, 0 for the newest page
    QList<int> historyLimits;

private:
    Result<qint64> start(const QString& text) {
        if (!failures.empty()) {
            Error e = failures.front();
            failures.pop_front();
            return e;
        }
        const qint64 runId = nextRunId++;
        if (publishStarted) {
            m_bus->publish(QStringLiteral("supervisor_started"), kOwner,
                           {{QStringLiteral("run_id"), runId},
                            {QStringLiteral("thread_id"), 1},
                            {QStringLiteral("task"), text},
                            {QStringLiteral("mode"), mode}});
        }
        return runId;
    }

    EventBus* m_bus;
};

struct Fixture {
    ManualClock clock;
    EventBus bus{&clock};
    FakeBackend backend{&bus};
    JarvisController controller{&bus, &backend, &clock};

    ChatModel* chat() const { return controller.chat(); }
    ActivityModel* activity() const { return controller.activity(); }
    WorkerListModel* workers() const { return controller.workers(); }

    void publish(const char* name, QJsonObject data, qint64 owner = kOwner) {
        bus.publish(QString::fromLatin1(name), owner, std::move(data));
    }
    void delta(qint64 run, const QString& text) {
        publish(events::SupervisorDelta, {{"run_id", run}, {"delta", text}});
    }
    void complete(qint64 run, const QString& result) {
        publish(events::SupervisorComplete, {{"run_id", run}, {"result", result}});
    }
    void spawn(qint64 run, qint64 job, const QString& task) {
        publish(events::WorkerSpawned, {{"run_id", run}, {"job_id", job}, {"task", task}});
        publish(events::WorkerStarted, {{"run_id", run},
                                        {"job_id", job},
                                        {"worker_id", QStringLiteral("w-%1").arg(job)},
                                        {"task", task}});
    }
    void toolStarted(qint64 run, qint64 job, const QString& call, const QString& display) {
        publish(events::WorkerToolStarted, {{"run_id", run},
                                            {"job_id", job},
                                            {"call_id", call},
                                            {"tool", "ssh_exec"},
                                            {"display", display}});
    }

    QVariant chatData(int row, ChatModel::Roles role) const {
        return chat()->data(chat()->index(row), role);
    }
    QVariant callData(int row, ActivityModel::Roles role) const {
        return activity()->data(activity()->index(row), role);
    }
    QVariant workerData(int row, WorkerListModel::Roles role) const {
        return workers()->data(workers()->index(row), role);
    }
};

}  // namespace

class TestUiModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The numbers below are asserted in the C locale's notation ("4.2 s", "$0.0031").
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void roleNamesAreTheQmlContract() {
        Fixture f;
        const QHash<int, QByteArray> chat = f.chat()->roleNames();
        for (const char* name : {"role", "text", "timestamp", "streaming", "runId", "path",
                                 "restored", "cost", "workers", "timeLabel"}) {
            QVERIFY2(chat.values().contains(name), name);
        }
        const QHash<int, QByteArray> calls = f.activity()->roleNames();
        for (const char* name :
             {"jobId", "workerId", "workerTask", "callId", "tool", "display", "state", "error",
              "startedAtMs", "durationMs", "durationText", "exitCode"}) {
            QVERIFY2(calls.values().contains(name), name);
        }
    }

    // The tray: working while a run goes on; a run that ends while the window is hidden
    // notifies once and leaves "attention" until the window is shown; a stop notifies nothing.
    void trayStateFollowsRunsAndTheWindow() {
        Fixture f;
        TrayState tray(&f.controller);
        QSignalSpy notified(&tray, &TrayState::notify);
        QCOMPARE(statusName(tray.state()), QStringLiteral("idle"));
        QVERIFY(f.controller.send(QStringLiteral("check disk")));
        QCOMPARE(statusName(tray.state()), QStringLiteral("working"));
        f.complete(7, QStringLiteral("All fine."));
        QCOMPARE(statusName(tray.state()), QStringLiteral("idle"));  // seen in the window
        QCOMPARE(notified.count(), 0);

        tray.setWindowVisible(false);
        QVERIFY(f.controller.send(QStringLiteral("check backups")));
        f.complete(8, QStringLiteral("## Backups on **cube**\n\nThe last snapshot is from 03:00."));
        QCOMPARE(statusName(tray.state()), QStringLiteral("attention"));
        QCOMPARE(notified.count(), 1);
        QCOMPARE(notified.first().at(0).toString(), QStringLiteral("Jarvis answered"));
        QCOMPARE(notified.first().at(1).toString(), QStringLiteral("Backups on cube"));
        QVERIFY(tray.toolTip().contains(QStringLiteral("Backups on cube")));
        tray.setWindowVisible(true);
        QCOMPARE(statusName(tray.state()), QStringLiteral("idle"));

        tray.setWindowVisible(false);
        QVERIFY(f.controller.send(QStringLiteral("check logs")));
        f.publish(events::Error, {{"run_id", 9}, {"message", "The model is unreachable."}});
        QCOMPARE(notified.count(), 2);
        QCOMPARE(notified.last().at(0).toString(), QStringLiteral("Jarvis could not finish"));
        QVERIFY(f.controller.send(QStringLiteral("again")));
        f.controller.stop();
        f.publish(events::Error, {{"run_id", 10}, {"message", "x"}, {"details", "cancelled"}});
        QCOMPARE(notified.count(), 2);  // a stop by the user is not news
    }

    // Scheduled checks' alerts: always a notification; warning and critical need attention.
    void trayAlertsFromScheduledChecks() {
        Fixture f;
        TrayState tray(&f.controller);
        QSignalSpy notified(&tray, &TrayState::notify);
        tray.alert(QStringLiteral("morning check"), QStringLiteral("All fine."),
                   QStringLiteral("info"));
        QCOMPARE(notified.count(), 1);
        QCOMPARE(statusName(tray.state()), QStringLiteral("idle"));
        tray.alert(QStringLiteral("[CRITICAL] morning check"), QStringLiteral("/var at 99%"),
                   QStringLiteral("critical"));
        QCOMPARE(notified.count(), 2);
        QCOMPARE(notified.last().at(0).toString(), QStringLiteral("[CRITICAL] morning check"));
        QCOMPARE(statusName(tray.state()), QStringLiteral("attention"));
        tray.setWindowVisible(false);
        tray.setWindowVisible(true);  // seen
        QCOMPARE(statusName(tray.state()), QStringLiteral("idle"));
    }

    // An approval request: the card asks while the window is shown; while it is hidden, a
    // notification and attention until the window is shown again.
    void trayAsksForApprovalsOnlyWhileTheWindowIsHidden() {
        Fixture f;
        TrayState tray(&f.controller);
        QSignalSpy notified(&tray, &TrayState::notify);
        tray.approvalNeeded(7, QStringLiteral("web1: systemctl restart nginx"));
        QCOMPARE(notified.count(), 0);
        QCOMPARE(statusName(tray.state()), QStringLiteral("idle"));
        tray.setWindowVisible(false);
        tray.approvalNeeded(7, QStringLiteral("web1: systemctl restart nginx"));
        QCOMPARE(notified.count(), 1);
        QCOMPARE(notified.last().at(1).toString(), QStringLiteral("web1: systemctl restart nginx"));
        QCOMPARE(notified.last().at(3).toLongLong(), 7);  // Allow/Deny answer request 7
        QCOMPARE(statusName(tray.state()), QStringLiteral("attention"));
        tray.setWindowVisible(true);
        QCOMPARE(statusName(tray.state()), QStringLiteral("idle"));
    }

    void sendAppendsUserRowAndStartsStreamingRow() {
        Fixture f;
        QSignalSpy busy(&f.controller, &JarvisController::busyChanged);
        QVERIFY(f.controller.send(QStringLiteral("  check disk on cube \n")));
        QCOMPARE(f.backend.asks, QStringList{QStringLiteral("check disk on cube")});
        QCOMPARE(f.chat()->count(), 2);
        QCOMPARE(f.chatData(0, ChatModel::RoleRole).toString(), QStringLiteral("user"));
        QCOMPARE(f.chatData(0, ChatModel::TextRole).toString(),
                 QStringLiteral("check disk on cube"));
        QCOMPARE(f.chatData(0, ChatModel::TimestampRole).toDateTime(), f.clock.utcNow());
        QCOMPARE(f.chatData(1, ChatModel::RoleRole).toString(), QStringLiteral("assistant"));
        QCOMPARE(f.chatData(1, ChatModel::StreamingRole).toBool(), true);
        QCOMPARE(f.chatData(1, ChatModel::RunIdRole).toLongLong(), 7);
        QCOMPARE(f.chatData(1, ChatModel::PathRole).toString(), QStringLiteral("supervisor"));
        QVERIFY(f.controller.busy());
        QCOMPARE(f.controller.currentRunId(), 7);
        QCOMPARE(busy.count(), 1);
    }

    // The answer row shows which path answered, and follows a hand-over to the supervisor.
    void theAnswerShowsItsPath() {
        Fixture f;
        f.backend.mode = QStringLiteral("quick");
        QVERIFY(f.controller.send(QStringLiteral("what time is it?")));
        QCOMPARE(f.chatData(1, ChatModel::PathRole).toString(), QStringLiteral("quick"));
        QSignalSpy changed(f.chat(), &ChatModel::dataChanged);
        f.publish(events::SupervisorThinking,
                  {{"run_id", 7}, {"mode", "supervisor"}, {"escalated", true}, {"message", "…"}});
        QCOMPARE(f.chatData(1, ChatModel::PathRole).toString(), QStringLiteral("supervisor"));
        QCOMPARE(changed.count(), 1);
        f.publish(events::SupervisorComplete,
                  {{"run_id", 7}, {"result", "It is noon."}, {"mode", "supervisor"}});
        QCOMPARE(f.chatData(1, ChatModel::PathRole).toString(), QStringLiteral("supervisor"));
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(), QStringLiteral("It is noon."));
    }

    void blankInputIsIgnored() {
        Fixture f;
        QVERIFY(!f.controller.send(QStringLiteral(" \n\t ")));
        QVERIFY(f.backend.asks.isEmpty());
        QCOMPARE(f.chat()->count(), 0);
    }

    void deltasAppendToOneRowAndChangeOnlyText() {
        Fixture f;
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        QSignalSpy inserted(f.chat(), &QAbstractItemModel::rowsInserted);
        QSignalSpy reset(f.chat(), &QAbstractItemModel::modelReset);
        QSignalSpy changed(f.chat(), &QAbstractItemModel::dataChanged);
        f.delta(7, QStringLiteral("## Disk"));
        f.delta(7, QStringLiteral(" usage\n\n"));
        f.delta(7, QStringLiteral("78% used"));
        QCOMPARE(f.chat()->count(), 2);
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(),
                 QStringLiteral("## Disk usage\n\n78% used"));
        QCOMPARE(inserted.count(), 0);
        QCOMPARE(reset.count(), 0);
        // Views hear of it once per frame, not once per token.
        QCOMPARE(changed.count(), 0);
        f.clock.advance(ChatModel::kFrameMs);
        QCOMPARE(changed.count(), 1);
        const QList<QVariant> args = changed.takeFirst();
        QCOMPARE(args.at(0).toModelIndex().row(), 1);
        QCOMPARE(args.at(1).toModelIndex().row(), 1);
        QCOMPARE(args.at(2).value<QList<int>>(), QList<int>{ChatModel::TextRole});
        f.delta(7, QStringLiteral("."));
        f.clock.advance(ChatModel::kFrameMs - 1);
        QCOMPARE(changed.count(), 0);
        f.clock.advance(1);
        QCOMPARE(changed.count(), 1);
        f.clock.advance(1000);  // nothing new: nothing more
        QCOMPARE(changed.count(), 1);
    }

    // The final answer is shown at once, without waiting for the frame, and the pending frame
    // does not announce the finished row again.
    void completeDoesNotWaitForTheFrame() {
        Fixture f;
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        QSignalSpy changed(f.chat(), &QAbstractItemModel::dataChanged);
        f.delta(7, QStringLiteral("Disk is 78"));
        f.complete(7, QStringLiteral("Disk is 78% used."));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(),
                 QStringLiteral("Disk is 78% used."));
        f.clock.advance(ChatModel::kFrameMs);
        QCOMPARE(changed.count(), 1);
    }

    void completeSetsAuthoritativeTextAndEndsRun() {
        Fixture f;
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        f.delta(7, QStringLiteral("Disk is 78"));
        f.complete(7, QStringLiteral("Disk is **78%** used."));
        QCOMPARE(f.chat()->count(), 2);
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(),
                 QStringLiteral("Disk is **78%** used."));
        QCOMPARE(f.chatData(1, ChatModel::StreamingRole).toBool(), false);
        QVERIFY(!f.controller.busy());
        QCOMPARE(f.controller.currentRunId(), 0);
        // A straggling delta must not corrupt the final answer.
        f.delta(7, QStringLiteral("junk"));
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(),
                 QStringLiteral("Disk is **78%** used."));
    }

    void errorEndsStreamingAndAddsErrorRow() {
        Fixture f;
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        f.delta(7, QStringLiteral("Let me check"));
        f.publish(events::Error, {{"run_id", 7},
                                  {"message", "The model server closed the connection."},
                                  {"details", "network"}});
        QCOMPARE(f.chat()->count(), 3);
        QCOMPARE(f.chatData(1, ChatModel::StreamingRole).toBool(), false);
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(), QStringLiteral("Let me check"));
        QCOMPARE(f.chatData(2, ChatModel::RoleRole).toString(), QStringLiteral("error"));
        QCOMPARE(f.chatData(2, ChatModel::TextRole).toString(),
                 QStringLiteral("The model server closed the connection."));
        QCOMPARE(f.controller.lastError(),
                 QStringLiteral("The model server closed the connection."));
        QVERIFY(!f.controller.busy());
    }

    void errorBeforeAnyTextLeavesNoEmptyBubble() {
        Fixture f;
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        f.publish(events::Error, {{"run_id", 7}, {"message", "No answer."}, {"details", "x"}});
        QCOMPARE(f.chat()->count(), 2);
        QCOMPARE(f.chatData(0, ChatModel::RoleRole).toString(), QStringLiteral("user"));
        QCOMPARE(f.chatData(1, ChatModel::RoleRole).toString(), QStringLiteral("error"));
    }

    void stopCancelsCurrentRunAndShowsNotice() {
        Fixture f;
        f.controller.stop();  // nothing running: nothing to cancel
        QVERIFY(f.backend.cancelledRuns.isEmpty());
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        f.controller.stop();
        QCOMPARE(f.backend.cancelledRuns, QList<qint64>{7});
        f.publish(events::Error,
                  {{"run_id", 7}, {"message", "cancelled by the user"}, {"details", "cancelled"}});
        QCOMPARE(f.chatData(f.chat()->count() - 1, ChatModel::RoleRole).toString(),
                 QStringLiteral("notice"));
        QVERIFY(f.controller.lastError().isEmpty());
        QVERIFY(!f.controller.busy());
    }

    void askErrorAddsErrorRow() {
        Fixture f;
        f.backend.failures.push_back(
            Error{QStringLiteral("busy"), QStringLiteral("Jarvis is still working.")});
        QVERIFY(!f.controller.send(QStringLiteral("first")));
        QCOMPARE(f.chat()->count(), 2);
        QCOMPARE(f.chatData(1, ChatModel::RoleRole).toString(), QStringLiteral("error"));
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(),
                 QStringLiteral("Jarvis is still working."));
        QCOMPARE(f.controller.lastError(), QStringLiteral("Jarvis is still working."));
        QVERIFY(!f.controller.busy());
        // Only once: the next question goes through.
        QVERIFY(f.controller.send(QStringLiteral("second")));
        QCOMPARE(f.backend.asks, (QStringList{QStringLiteral("first"), QStringLiteral("second")}));
        QVERIFY(f.controller.busy());
        QVERIFY(f.controller.lastError().isEmpty());
    }

    void missingProviderShowsSetupInsteadOfError() {
        Fixture f;
        QVERIFY(f.controller.setupProblem().isEmpty());
        QSignalSpy setup(&f.controller, &JarvisController::setupProblemChanged);
        f.backend.problem = QStringLiteral("Set ZERG_LLM_BASE_URL and ZERG_MODEL.");
        f.backend.failures.push_back(Error{QStringLiteral("no_provider"), f.backend.problem});
        QVERIFY(!f.controller.send(QStringLiteral("hi")));
        QCOMPARE(f.controller.setupProblem(), f.backend.problem);
        QCOMPARE(setup.count(), 1);
        QCOMPARE(f.chat()->count(), 1);  // the question, no red row: the setup card explains
    }

    // After a restart the conversation comes back: each run as its question and answer (or
    // error, or "stopped"), with its path, cost and workers; the summary's boundary; older pages
    // above when asked, without repeating a run already shown; the composer's history too.
    void theConversationComesBack() {
        const auto run = [](qint64 id, const QString& status, const QString& result,
                            const QJsonArray& workers = {}) {
            return QJsonObject{{"run_id", id},
                               {"task", QStringLiteral("question %1").arg(id)},
                               {"status", status},
                               {"mode", id == 4 ? "quick" : "supervisor"},
                               {"result", result},
                               {"error", status == "failed" ? "the model is down" : ""},
                               {"started_at", "2026-11-20T10:00:00.000Z"},
                               {"completed_at", "2026-11-20T10:00:05.000Z"},
                               {"cost_usd", id == 5 ? QJsonValue(0.0042) : QJsonValue()},
                               {"workers", workers}};
        };
        const QJsonArray worker{QJsonObject{{"worker_id", "2026-11-20T10-00-01_disk"},
                                            {"job_id", 9},
                                            {"task", "Disk on cube"},
                                            {"status", "success"}}};
        Fixture f;
        f.backend.pages = {
            {{"runs", QJsonArray{run(4, "success", "All fine."),
                                 run(5, "success", "73% full.", worker), run(6, "failed", "")}},
             {"more", true},
             {"summarised_through_run_id", 4}},
            {{"runs", QJsonArray{run(2, "cancelled", ""), run(3, "success", "Done."),
                                 run(4, "success", "All fine.")}},
             {"more", false},
             {"summarised_through_run_id", QJsonValue()}},
        };
        QCOMPARE(f.chat()->count(), 0);  // nothing before the app asks
        QSignalSpy older(&f.controller, &JarvisController::olderLoaded);
        f.controller.loadHistory();
        QCOMPARE(f.backend.historyRequests, QList<qint64>{0});
        QCOMPARE(f.backend.historyLimits, QList<int>{JarvisController::kHistoryPage});
        // 3 runs × (question, answer) + the summary's notice after run 4.
        QCOMPARE(f.chat()->count(), 7);
        QCOMPARE(older.size(), 1);
        QCOMPARE(older.at(0).at(0).toInt(), 7);
        QVERIFY(f.controller.hasOlder());
        QCOMPARE(f.chatData(0, ChatModel::RoleRole).toString(), QStringLiteral("user"));
        QCOMPARE(f.chatData(0, ChatModel::TextRole).toString(), QStringLiteral("question 4"));
        QCOMPARE(f.chatData(1, ChatModel::RoleRole).toString(), QStringLiteral("assistant"));
        QCOMPARE(f.chatData(1, ChatModel::PathRole).toString(), QStringLiteral("quick"));
        QVERIFY(f.chatData(1, ChatModel::RestoredRole).toBool());
        QCOMPARE(f.chatData(2, ChatModel::RoleRole).toString(), QStringLiteral("notice"));
        QVERIFY(f.chatData(2, ChatModel::TextRole).toString().contains("summarised"));
        QCOMPARE(f.chatData(4, ChatModel::TextRole).toString(), QStringLiteral("73% full."));
        QCOMPARE(f.chatData(4, ChatModel::CostRole).toString(), QStringLiteral("$0.0042"));
        const QVariantList workers = f.chatData(4, ChatModel::WorkersRole).toList();
        QCOMPARE(workers.size(), 1);
        QCOMPARE(workers.at(0).toMap().value("workerId").toString(),
                 QStringLiteral("2026-11-20T10-00-01_disk"));
        QVERIFY(!workers.at(0).toMap().value("statusLabel").toString().isEmpty());
        QCOMPARE(f.chatData(6, ChatModel::RoleRole).toString(), QStringLiteral("error"));
        QCOMPARE(f.chatData(6, ChatModel::TextRole).toString(),
                 QStringLiteral("the model is down"));
        QVERIFY(f.chatData(6, ChatModel::TimeLabelRole).toString().contains("20"));  // a date
        // Up in the composer reaches the restored questions.
        QCOMPARE(f.controller.historyPrevious(), QStringLiteral("question 6"));

        // A second loadHistory (a reconnect) does nothing; loadOlder asks for the runs before 4.
        f.controller.loadHistory();
        QCOMPARE(f.backend.historyRequests.size(), 1);
        f.controller.loadOlder();
        QCOMPARE(f.backend.historyRequests, (QList<qint64>{0, 4}));
        // Runs 2 and 3 go on top (run 4 is shown already): 2 questions, a notice, an answer.
        QCOMPARE(f.chat()->count(), 11);
        QCOMPARE(older.size(), 2);
        QCOMPARE(older.at(1).at(0).toInt(), 4);
        QCOMPARE(f.chatData(0, ChatModel::TextRole).toString(), QStringLiteral("question 2"));
        QCOMPARE(f.chatData(1, ChatModel::RoleRole).toString(),
                 QStringLiteral("notice"));  // stopped
        QCOMPARE(f.chatData(3, ChatModel::TextRole).toString(), QStringLiteral("Done."));
        QCOMPARE(f.chatData(4, ChatModel::TextRole).toString(), QStringLiteral("question 4"));
        QVERIFY(!f.controller.hasOlder());
        f.controller.loadOlder();  // nothing older: not asked
        QCOMPARE(f.backend.historyRequests.size(), 2);

        // A live run after the restored ones is shown as before.
        QVERIFY(f.controller.send(QStringLiteral("and now?")));
        QCOMPARE(f.chat()->count(), 13);
    }

    void aHistoryThatCannotBeReadSaysSo() {
        Fixture f;  // no pages: the fake answers with an error
        f.controller.loadHistory();
        QVERIFY(f.controller.lastError().contains("the store is gone"));
        QCOMPARE(f.chat()->count(), 0);
        QVERIFY(!f.controller.hasOlder());
        QVERIFY(!f.controller.loadingHistory());
    }

    void historyUpAndDown() {
        Fixture f;
        QCOMPARE(f.controller.historyPrevious(QStringLiteral("draft")), QStringLiteral("draft"));
        QCOMPARE(f.controller.historyNext(QStringLiteral("draft")), QStringLiteral("draft"));
        for (const char* q : {"one", "two", "two", "three"}) {
            (void)f.controller.send(QString::fromLatin1(q));
            f.complete(f.controller.currentRunId(), QStringLiteral("ok"));
        }
        QCOMPARE(f.controller.historyPrevious(QStringLiteral("draft")), QStringLiteral("three"));
        QCOMPARE(f.controller.historyPrevious(QStringLiteral("three")), QStringLiteral("two"));
        QCOMPARE(f.controller.historyPrevious(QStringLiteral("two")), QStringLiteral("one"));
        QCOMPARE(f.controller.historyPrevious(QStringLiteral("one")), QStringLiteral("one"));
        QCOMPARE(f.controller.historyNext(QStringLiteral("one")), QStringLiteral("two"));
        QCOMPARE(f.controller.historyNext(QStringLiteral("two")), QStringLiteral("three"));
        QCOMPARE(f.controller.historyNext(QStringLiteral("three")), QStringLiteral("draft"));
        QCOMPARE(f.controller.historyNext(QStringLiteral("draft")), QStringLiteral("draft"));
    }

    void eventsOfOtherRunsAndOwnersAreIgnored() {
        Fixture f;
        // A run this controller did not start (e.g. a scheduled check).
        f.publish(events::SupervisorStarted, {{"run_id", 3}, {"task", "cron"}});
        f.delta(3, QStringLiteral("cron"));
        f.spawn(3, 30, QStringLiteral("cron worker"));
        QCOMPARE(f.chat()->count(), 0);
        QCOMPARE(f.activity()->count(), 0);
        QCOMPARE(f.workers()->count(), 0);
        QVERIFY(!f.controller.busy());

        QVERIFY(f.controller.send(QStringLiteral("hi")));
        f.publish(events::SupervisorDelta, {{"run_id", 7}, {"delta", "theirs"}}, /*owner=*/2);
        f.publish(events::WorkerSpawned, {{"run_id", 7}, {"job_id", 1}, {"task", "x"}}, 2);
        f.publish(events::Heartbeat, {{"timestamp", "now"}});
        f.delta(7, QStringLiteral("ours"));
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(), QStringLiteral("ours"));
        QCOMPARE(f.workers()->count(), 0);
        f.complete(3, QStringLiteral("not ours"));
        QVERIFY(f.controller.busy());
        QCOMPARE(f.chat()->count(), 2);
    }

    void runIdFromAskIsFollowedWithoutSynchronousStart() {
        Fixture f;
        f.backend.publishStarted = false;
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        QCOMPARE(f.controller.currentRunId(), 7);
        f.publish(events::SupervisorStarted, {{"run_id", 7}, {"task", "hi"}});
        f.delta(7, QStringLiteral("late start"));
        QCOMPARE(f.chat()->count(), 2);
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(), QStringLiteral("late start"));
    }

    // Over the API the run's supervisor_started arrives before the dispatch reply.
    void aRemoteRunIsFollowedFromItsStartBeforeTheReply() {
        Fixture f;
        f.backend.remote = true;
        QSignalSpy busy(&f.controller, &JarvisController::busyChanged);
        QSignalSpy finished(&f.controller, &JarvisController::finished);
        QVERIFY(f.controller.send(QStringLiteral("check disk")));
        QVERIFY(f.controller.busy());
        QCOMPARE(f.controller.currentRunId(), 7);  // from supervisor_started
        QCOMPARE(f.chat()->count(), 2);
        QCOMPARE(f.chatData(1, ChatModel::StreamingRole).toBool(), true);
        QCOMPARE(f.chatData(1, ChatModel::RunIdRole).toLongLong(), 7);
        f.delta(7, QStringLiteral("Disk "));
        f.backend.reply();
        QCOMPARE(f.controller.currentRunId(), 7);
        QVERIFY(f.controller.busy());
        f.delta(7, QStringLiteral("is fine."));
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(), QStringLiteral("Disk is fine."));
        f.complete(7, QStringLiteral("Disk is fine."));
        QVERIFY(!f.controller.busy());
        QCOMPARE(busy.count(), 2);
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toLongLong(), 7);
        QCOMPARE(f.chat()->count(), 2);
    }

    // The reply first, its events later (a subscription that lags): followed from the reply.
    void aRemoteRunIsFollowedFromTheReplyBeforeItsStart() {
        Fixture f;
        f.backend.remote = true;
        f.backend.publishStarted = false;
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        QVERIFY(f.controller.busy());  // on its way
        QCOMPARE(f.controller.currentRunId(), 0);
        f.backend.reply();
        QCOMPARE(f.controller.currentRunId(), 7);
        f.publish(events::SupervisorStarted, {{"run_id", 7}, {"task", "hi"}});
        f.delta(7, QStringLiteral("hello"));
        QCOMPARE(f.chatData(1, ChatModel::TextRole).toString(), QStringLiteral("hello"));
        f.complete(7, QStringLiteral("hello"));
        QVERIFY(!f.controller.busy());
    }

    void aRemoteRefusalShowsTheErrorWhenItArrives() {
        Fixture f;
        f.backend.remote = true;
        f.backend.failures.push_back(
            Error{QStringLiteral("disconnected"), QStringLiteral("The connection was lost.")});
        QSignalSpy finished(&f.controller, &JarvisController::finished);
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        QVERIFY(f.controller.busy());
        QCOMPARE(f.chat()->count(), 1);
        // Nothing else is sent while the first question is on its way.
        QVERIFY(!f.controller.send(QStringLiteral("again")));
        QCOMPARE(f.backend.asks, QStringList{QStringLiteral("hi")});
        f.backend.reply();
        QVERIFY(!f.controller.busy());
        QCOMPARE(f.controller.lastError(), QStringLiteral("The connection was lost."));
        QCOMPARE(f.chatData(f.chat()->count() - 1, ChatModel::TextRole).toString(),
                 QStringLiteral("The connection was lost."));
        QCOMPARE(f.chatData(f.chat()->count() - 1, ChatModel::RoleRole).toString(),
                 QStringLiteral("error"));
        QCOMPARE(finished.count(), 1);
        QCOMPARE(finished.first().at(0).toLongLong(), 0);
    }

    // Stop before the run id is known: the run is cancelled as soon as it is.
    void aStopBeforeTheRunIsKnownCancelsItOnceKnown() {
        Fixture f;
        f.backend.remote = true;
        f.backend.publishStarted = false;
        QVERIFY(f.controller.send(QStringLiteral("hi")));
        f.controller.stop();
        QVERIFY(f.backend.cancelledRuns.isEmpty());
        f.backend.reply();
        QCOMPARE(f.backend.cancelledRuns, QList<qint64>{7});
    }

    // While a question is on its way, other runs that start (a scheduled check, another client's
    // question) are not taken for it.
    void otherRunsStartingMeanwhileAreNotOurs() {
        Fixture f;
        f.backend.remote = true;
        f.backend.publishStarted = false;
        QVERIFY(f.controller.send(QStringLiteral("check disk")));
        f.publish(events::SupervisorStarted,
                  {{"run_id", 3}, {"task", "check disk"}, {"mode", "background"}});
        f.publish(events::SupervisorStarted, {{"run_id", 4}, {"task", "check backups"}});
        f.delta(3, QStringLiteral("cron"));
        f.delta(4, QStringLiteral("theirs"));
        QCOMPARE(f.controller.currentRunId(), 0);
        QCOMPARE(f.chat()->count(), 1);
        f.backend.reply();
        QCOMPARE(f.controller.currentRunId(), 7);
    }

    void tickerShowsCallsWithStatesAndDurations() {
        Fixture f;
        QVERIFY(f.controller.send(QStringLiteral("check disk")));
        QSignalSpy active(f.activity(), &ActivityModel::activeChanged);
        f.publish(events::WorkerSpawned,
                  {{"run_id", 7}, {"job_id", 1}, {"task", "Check disk on cube"}});
        QVERIFY(f.activity()->active());
        QCOMPARE(active.count(), 1);
        QCOMPARE(f.workers()->count(), 1);
        QCOMPARE(f.workerData(0, WorkerListModel::StatusRole).toString(), QStringLiteral("queued"));
        f.publish(events::WorkerStarted, {{"run_id", 7},
                                          {"job_id", 1},
                                          {"worker_id", "2026-01-01T12-00-00_disk"},
                                          {"task", "Check disk on cube"}});
        QCOMPARE(f.workerData(0, WorkerListModel::StatusRole).toString(),
                 QStringLiteral("running"));
        QCOMPARE(f.workerData(0, WorkerListModel::WorkerIdRole).toString(),
                 QStringLiteral("2026-01-01T12-00-00_disk"));

        f.toolStarted(7, 1, QStringLiteral("c1"), QStringLiteral("ssh_exec cube \"df -h\""));
        QCOMPARE(f.activity()->count(), 1);
        QCOMPARE(f.callData(0, ActivityModel::StateRole).toString(), QStringLiteral("running"));
        QCOMPARE(f.callData(0, ActivityModel::DisplayRole).toString(),
                 QStringLiteral("ssh_exec cube \"df -h\""));
        QCOMPARE(f.callData(0, ActivityModel::WorkerTaskRole).toString(),
                 QStringLiteral("Check disk on cube"));
        QCOMPARE(f.callData(0, ActivityModel::JobIdRole).toLongLong(), 1);
        QVERIFY(f.callData(0, ActivityModel::ExitCodeRole).isNull());
        QCOMPARE(f.callData(0, ActivityModel::ProgressTextRole).toString(), QString());

        // A call that reports progress (an MCP server's notifications) shows how far it is.
        QSignalSpy changed(f.activity(), &QAbstractItemModel::dataChanged);
        f.publish(events::WorkerToolProgress, {{"run_id", 7},
                                               {"job_id", 1},
                                               {"call_id", "c1"},
                                               {"tool", "ssh_exec"},
                                               {"progress", 2},
                                               {"total", 5},
                                               {"message", "indexing"}});
        QCOMPARE(f.callData(0, ActivityModel::ProgressTextRole).toString(),
                 QStringLiteral("2 of 5 · indexing"));
        QCOMPARE(changed.count(), 1);
        f.publish(events::WorkerToolProgress, {{"run_id", 7},
                                               {"job_id", 1},
                                               {"call_id", "c1"},
                                               {"progress", 3},
                                               {"message", "still indexing"}});
        QCOMPARE(f.callData(0, ActivityModel::ProgressTextRole).toString(),
                 QStringLiteral("still indexing"));

        f.clock.advance(1800);
        f.publish(events::WorkerToolCompleted, {{"run_id", 7},
                                                {"job_id", 1},
                                                {"call_id", "c1"},
                                                {"tool", "ssh_exec"},
                                                {"duration_ms", 1800},
                                                {"exit_code", 0}});
        QCOMPARE(f.callData(0, ActivityModel::StateRole).toString(), QStringLiteral("done"));
        QCOMPARE(f.callData(0, ActivityModel::DurationMsRole).toLongLong(), 1800);
        QCOMPARE(f.callData(0, ActivityModel::ExitCodeRole).toInt(), 0);

        // A second worker interleaves; each worker's calls stay together.
        f.spawn(7, 2, QStringLiteral("Check memory"));
        QAbstractItemModel* callsBefore = f.activity()->callsFor(2);
        QCOMPARE(callsBefore->rowCount(), 0);
        f.toolStarted(7, 2, QStringLiteral("m1"), QStringLiteral("ssh_exec cube \"free -m\""));
        f.toolStarted(7, 1, QStringLiteral("c2"), QStringLiteral("ssh_exec cube \"du -sh /var\""));
        f.publish(events::WorkerToolFailed, {{"run_id", 7},
                                             {"job_id", 1},
                                             {"call_id", "c2"},
                                             {"tool", "ssh_exec"},
                                             {"duration_ms", 250},
                                             {"exit_code", 1},
                                             {"error", "permission denied"}});
        QCOMPARE(f.activity()->count(), 3);
        // Each ticker row reads its own worker's calls through callsFor(): live, and only them.
        QAbstractItemModel* calls1 = f.activity()->callsFor(1);
        QAbstractItemModel* calls2 = f.activity()->callsFor(2);
        QCOMPARE(f.activity()->callsFor(1), calls1);  // one view per worker, kept
        QCOMPARE(calls1->rowCount(), 2);
        QCOMPARE(calls2->rowCount(), 1);
        QCOMPARE(calls2->index(0, 0).data(ActivityModel::CallIdRole).toString(),
                 QStringLiteral("m1"));
        QCOMPARE(callsBefore->rowCount(), 1);  // created before the call came: live
        QCOMPARE(f.callData(0, ActivityModel::CallIdRole).toString(), QStringLiteral("c1"));
        QCOMPARE(f.callData(1, ActivityModel::CallIdRole).toString(), QStringLiteral("c2"));
        QCOMPARE(f.callData(2, ActivityModel::CallIdRole).toString(), QStringLiteral("m1"));
        QCOMPARE(f.callData(1, ActivityModel::StateRole).toString(), QStringLiteral("failed"));
        QCOMPARE(f.callData(1, ActivityModel::ErrorRole).toString(),
                 QStringLiteral("permission denied"));
        QCOMPARE(f.callData(1, ActivityModel::DurationMsRole).toLongLong(), 250);
        QCOMPARE(f.callData(1, ActivityModel::ExitCodeRole).toInt(), 1);
        QCOMPARE(f.callData(2, ActivityModel::StateRole).toString(), QStringLiteral("running"));

        // A finished worker keeps its calls on screen until the run ends.
        f.publish(events::WorkerComplete, {{"run_id", 7},
                                           {"job_id", 1},
                                           {"status", "failed"},
                                           {"duration_ms", 4200},
                                           {"error", "permission denied"}});
        QCOMPARE(f.workerData(0, WorkerListModel::StatusRole).toString(), QStringLiteral("failed"));
        QCOMPARE(f.workerData(0, WorkerListModel::ElapsedSecondsRole).toInt(), 4);
        QCOMPARE(f.activity()->count(), 3);
        QVERIFY(f.activity()->active());

        f.controller.cancelWorker(2);
        QCOMPARE(f.backend.cancelledJobs, QList<qint64>{2});
    }

    void tickerClearsWhenTheRunEnds() {
        Fixture f;
        QVERIFY(f.controller.send(QStringLiteral("check disk")));
        f.spawn(7, 1, QStringLiteral("Check disk"));
        f.toolStarted(7, 1, QStringLiteral("c1"), QStringLiteral("ssh_exec cube \"df -h\""));
        QVERIFY(f.activity()->active());
        QVERIFY(f.activity()->running());
        QSignalSpy active(f.activity(), &ActivityModel::activeChanged);
        f.complete(7, QStringLiteral("78% used"));
        QCOMPARE(f.activity()->count(), 0);
        QCOMPARE(f.workers()->count(), 0);
        QVERIFY(!f.activity()->active());
        QVERIFY(!f.activity()->running());
        QCOMPARE(active.count(), 1);
        QCOMPARE(f.clock.pendingCount(), 0);  // the 1 s tick stopped
        // Stragglers of the ended run do not bring the ticker back.
        f.publish(events::WorkerComplete, {{"run_id", 7}, {"job_id", 1}, {"status", "cancelled"}});
        QCOMPARE(f.workers()->count(), 0);
        QVERIFY(!f.activity()->active());
    }

    void tickerClearsOnError() {
        Fixture f;
        QVERIFY(f.controller.send(QStringLiteral("check disk")));
        f.spawn(7, 1, QStringLiteral("Check disk"));
        f.toolStarted(7, 1, QStringLiteral("c1"), QStringLiteral("ssh_exec cube \"df -h\""));
        f.publish(events::Error, {{"run_id", 7}, {"message", "boom"}, {"details", "x"}});
        QCOMPARE(f.activity()->count(), 0);
        QVERIFY(!f.activity()->active());
    }

    void elapsedTicksWithTheClock() {
        Fixture f;
        QVERIFY(f.controller.send(QStringLiteral("check disk")));
        f.spawn(7, 1, QStringLiteral("Check disk"));
        f.toolStarted(7, 1, QStringLiteral("c1"), QStringLiteral("ssh_exec cube \"du -sh /\""));
        QCOMPARE(f.callData(0, ActivityModel::DurationMsRole).toLongLong(), 0);
        QSignalSpy clockMs(f.activity(), &ActivityModel::clockMsChanged);
        QSignalSpy changed(f.activity(), &QAbstractItemModel::dataChanged);

        f.clock.advance(999);
        QCOMPARE(clockMs.count(), 0);
        f.clock.advance(1);
        QCOMPARE(clockMs.count(), 1);
        QCOMPARE(f.activity()->clockMs(), f.clock.nowMs());
        QCOMPARE(f.callData(0, ActivityModel::DurationMsRole).toLongLong(), 1000);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(2).value<QList<int>>(),
                 (QList<int>{ActivityModel::DurationMsRole, ActivityModel::DurationTextRole}));
        QCOMPARE(f.callData(0, ActivityModel::DurationTextRole).toString(), QStringLiteral("1 s…"));

        f.clock.advance(9500);
        QCOMPARE(f.callData(0, ActivityModel::DurationMsRole).toLongLong(), 10000);
        QCOMPARE(f.workerData(0, WorkerListModel::ElapsedSecondsRole).toInt(), 10);
        QCOMPARE(f.workerData(0, WorkerListModel::ElapsedTextRole).toString(),
                 QStringLiteral("10 s"));

        // The worker's own elapsed time re-anchors the header.
        f.publish(events::WorkerStatusUpdate,
                  {{"run_id", 7}, {"job_id", 1}, {"status", "running"}, {"elapsed_seconds", 15.0}});
        QCOMPARE(f.workerData(0, WorkerListModel::ElapsedSecondsRole).toInt(), 15);
        f.clock.advance(1500);  // now 12 000: 15 s reported at 10 500, plus 1.5 s
        QCOMPARE(f.workerData(0, WorkerListModel::ElapsedSecondsRole).toInt(), 16);

        // Once nothing runs, the model stops asking the clock.
        f.publish(events::WorkerToolCompleted,
                  {{"run_id", 7}, {"job_id", 1}, {"call_id", "c1"}, {"duration_ms", 11500}});
        f.publish(events::WorkerComplete,
                  {{"run_id", 7}, {"job_id", 1}, {"status", "success"}, {"duration_ms", 16000}});
        QVERIFY(!f.activity()->running());
        QVERIFY(f.activity()->active());
        QCOMPARE(f.clock.pendingCount(), 0);
        const int ticks = int(clockMs.count());
        f.clock.advance(5000);
        QCOMPARE(clockMs.count(), ticks);
        QCOMPARE(f.callData(0, ActivityModel::DurationMsRole).toLongLong(), 11500);
        QCOMPARE(f.callData(0, ActivityModel::DurationTextRole).toString(), QStringLiteral("11 s"));
        QCOMPARE(f.workerData(0, WorkerListModel::ElapsedTextRole).toString(),
                 QStringLiteral("16 s"));
    }

    void durationsAreFormattedOnce_data() {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("unfinished") << qint64(-1) << QString();
        QTest::newRow("zero") << qint64(0) << QStringLiteral("0.0 s");
        QTest::newRow("tenths") << qint64(1840) << QStringLiteral("1.8 s");
        QTest::newRow("whole seconds") << qint64(12900) << QStringLiteral("12 s");
        QTest::newRow("minutes") << qint64(125000) << QStringLiteral("2 min 5 s");
    }
    void durationsAreFormattedOnce() {
        QFETCH(qint64, ms);
        QFETCH(QString, text);
        QCOMPARE(formatDuration(ms), text);
    }

    void singletonIsTheRegisteredInstanceOwnedByCpp() {
        Fixture f;
        JarvisController::setInstance(&f.controller);
        QJSEngine engine;
        QCOMPARE(JarvisController::create(nullptr, &engine), &f.controller);
        QCOMPARE(QJSEngine::objectOwnership(&f.controller), QJSEngine::CppOwnership);
        JarvisController::setInstance(nullptr);
        QTest::ignoreMessage(QtCriticalMsg, QRegularExpression(QStringLiteral("setInstance")));
        QCOMPARE(JarvisController::create(nullptr, &engine), nullptr);
    }
};

QTEST_GUILESS_MAIN(TestUiModels)
#include "test_ui_models.moc"
