// The Supervision tree page's model: the nested snapshot flattened with depths, refreshed by the
// supervisors' events, in place when only states change; the XO's SALUTE reports on the rows of
// the agents they concern, for this owner only. Through a source that answers late: a stale
// answer never wins, a failure is said, and a source that needs it is polled on the clock.
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "dashboard/tree_source.h"
#include "ui/supervision_tree_model.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;

namespace {

QJsonObject child(const QString& id, const QString& state, int restarts = 0,
                  const QJsonObject& nested = {}) {
    QJsonObject c{{"id", id},
                  {"state", state},
                  {"type", "worker"},
                  {"restart", "permanent"},
                  {"restart_count", restarts},
                  {"last_exit_reason", restarts ? QJsonValue("crash:llm_network") : QJsonValue()}};
    if (!nested.isEmpty())
        c.insert("child", nested);
    return c;
}

// A salute_report's payload as JarvisService and Worker publish it (ids aside).
QJsonObject salute(const QString& health, const QString& pace, int turn, double fill,
                   int steerings) {
    return {{"status", QJsonObject{{"state", "working"}, {"health", health}}},
            {"activity", QJsonObject{{"turn", turn}, {"tool_calls", 4}, {"last_operation", "x"}}},
            {"environment", QJsonObject{{"context_fill", fill}, {"pace", pace}}},
            {"xo", QJsonObject{{"health", health}, {"pace", pace}, {"steering_count", steerings}}}};
}

QJsonObject sup(const QString& id, const QJsonArray& children, int maxChildren = 0) {
    QJsonObject s{
        {"id", id},           {"strategy", "one_for_one"}, {"intensity", 3},      {"period", 60},
        {"state", "running"}, {"restarts_in_window", 1},   {"children", children}};
    if (maxChildren)
        s.insert("max_children", maxChildren);
    return s;
}

// Keeps every request's answer for the test to give, in any order.
class LateTreeSource final : public TreeSource {
public:
    void snapshot(QObject*, SourceReply<QJsonObject> done) override { pending.append(done); }
    [[nodiscard]] bool needsPolling() const override { return polling; }

    QList<SourceReply<QJsonObject>> pending;
    bool polling = false;
};

}  // namespace

class TestSupervisionTreeModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void flattensTheNestedTree() {
        const auto rows = SupervisionTreeModel::flatten(
            sup("zerg", {child("storage", "running"),
                         child("workers", "running", 0,
                               sup("workers", {child("worker#1", "restarting", 2)}, 5))}));
        QCOMPARE(rows.size(), 4);
        QCOMPARE(rows.at(0).name, QStringLiteral("zerg"));
        QCOMPARE(rows.at(0).depth, 0);
        QCOMPARE(rows.at(0).kind, QStringLiteral("supervisor"));
        QVERIFY(rows.at(0).detail.contains(QStringLiteral("3 restarts in 60 s (1 used)")));
        QCOMPARE(rows.at(1).name, QStringLiteral("storage"));
        QCOMPARE(rows.at(1).depth, 1);
        QCOMPARE(rows.at(2).kind, QStringLiteral("supervisor"));
        QVERIFY(rows.at(2).detail.contains(QStringLiteral("at most 5 children")));
        QCOMPARE(rows.at(3).name, QStringLiteral("worker#1"));
        QCOMPARE(rows.at(3).depth, 2);
        QCOMPARE(rows.at(3).state, QStringLiteral("restarting"));
        QVERIFY(rows.at(3).detail.contains(QStringLiteral("restarted 2×")));
        QVERIFY(rows.at(3).detail.contains(QStringLiteral("crash:llm_network")));
        QVERIFY(SupervisionTreeModel::flatten({}).isEmpty());
    }

    void followsTheSupervisorsEvents() {
        ManualClock clock;
        EventBus bus(&clock);
        QJsonObject tree = sup("zerg", {child("storage", "running")});
        LocalTreeSource source([&tree] { return tree; }, 1);
        SupervisionTreeModel model(&source, &bus, 1);
        QAbstractItemModelTester tester(&model);
        QCOMPARE(model.count(), 2);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

        tree = sup("zerg", {child("storage", "restarting", 1)});
        bus.publish(QString::fromLatin1(events::Heartbeat), 0, {});  // not about the tree
        QCOMPARE(changed.count(), 0);
        bus.publish(QString::fromLatin1(events::ChildExited), 0, {{"child_id", "storage"}});
        QCOMPARE(changed.count(), 1);  // a state changed: updated in place
        QCOMPARE(reset.count(), 0);
        QCOMPARE(model.data(model.index(1), SupervisionTreeModel::StateRole).toString(),
                 QStringLiteral("restarting"));

        tree = sup("zerg", {child("storage", "running", 1), child("workers", "running")});
        bus.publish(QString::fromLatin1(events::ChildStarted), 0, {{"child_id", "workers"}});
        QCOMPARE(reset.count(), 1);  // a child came: rebuilt
        QCOMPARE(model.count(), 3);

        // A supervisor removes a finished dynamic child only after it announced the exit: the
        // model looks again a turn later, so the child does not stay on the page.
        bus.publish(QString::fromLatin1(events::ChildExited), 0, {{"child_id", "workers"}});
        tree = sup("zerg", {child("storage", "running", 1)});
        QCOMPARE(model.count(), 3);
        QTRY_COMPARE(model.count(), 2);
    }

    // The plural ("2 steerings") comes from the English translation, which this test does not
    // load: only its start is compared.
    void reportLineSaysWhatTheXoSees() {
        QLocale::setDefault(QLocale::c());
        const QString line =
            SupervisionTreeModel::reportLine(salute("degraded", "contingent", 6, 0.83, 2));
        QVERIFY2(line.startsWith(QStringLiteral(
                     "XO: degraded · pace contingent · turn 6 · context 83% · 2 steering")),
                 qPrintable(line));
        QJsonObject unknownWindow = salute("ok", "primary", 3, 0, 0);
        unknownWindow.insert("environment", QJsonObject{{"pace", "primary"}});
        QCOMPARE(SupervisionTreeModel::reportLine(unknownWindow),
                 QStringLiteral("XO: ok · pace primary · turn 3"));
        QVERIFY(SupervisionTreeModel::reportLine({}).isEmpty());
    }

    // The supervisor agent's report lands on its row (only that row changes), stays there across
    // refreshes, and another owner's report is not shown.
    void showsTheSupervisorAgentsSalute() {
        ManualClock clock;
        EventBus bus(&clock);
        const QJsonObject tree =
            sup("zerg",
                {child("storage", "running"), child("supervisor_agent", "running"),
                 child("workers", "running", 0, sup("workers", {child("worker#1", "running")}))});
        LocalTreeSource source([&tree] { return tree; }, 1);
        SupervisionTreeModel model(&source, &bus, 1);
        QAbstractItemModelTester tester(&model);
        QCOMPARE(model.count(), 5);
        const QModelIndex agent = model.index(2);
        QCOMPARE(agent.data(SupervisionTreeModel::NameRole).toString(),
                 QStringLiteral("supervisor_agent"));
        QVERIFY(agent.data(SupervisionTreeModel::ReportRole).toString().isEmpty());
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);

        QJsonObject report = salute("degraded", "contingent", 6, 0.83, 2);
        report.insert("run_id", 7);
        report.insert("role", "supervisor");
        bus.publish(QString::fromLatin1(events::SaluteReport), 2, report);  // another owner's
        QCOMPARE(changed.count(), 0);
        QVERIFY(agent.data(SupervisionTreeModel::HealthRole).toString().isEmpty());

        bus.publish(QString::fromLatin1(events::SaluteReport), 1, report);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex(), agent);
        QCOMPARE(changed.first().at(1).toModelIndex(), agent);
        QCOMPARE(agent.data(SupervisionTreeModel::HealthRole).toString(),
                 QStringLiteral("degraded"));
        QVERIFY(agent.data(SupervisionTreeModel::ReportRole)
                    .toString()
                    .startsWith(QStringLiteral("XO: degraded · pace contingent · turn 6")));
        QVERIFY(model.index(1).data(SupervisionTreeModel::ReportRole).toString().isEmpty());

        model.refresh();
        bus.publish(QString::fromLatin1(events::ChildRestarted), 0, {{"child_id", "storage"}});
        QCOMPARE(model.index(2).data(SupervisionTreeModel::HealthRole).toString(),
                 QStringLiteral("degraded"));
        QCOMPARE(model.roleNames().value(SupervisionTreeModel::ReportRole), QByteArray("report"));
    }

    // A worker's report goes on its child's row, matched by the job its child events name.
    void showsAWorkersSaluteOnItsRow() {
        ManualClock clock;
        EventBus bus(&clock);
        QJsonObject tree = sup("zerg", {child("workers", "running", 0, sup("workers", {}))});
        LocalTreeSource source([&tree] { return tree; }, 1);
        SupervisionTreeModel model(&source, &bus, 1);
        QAbstractItemModelTester tester(&model);
        tree =
            sup("zerg",
                {child("workers", "running", 0, sup("workers", {child("worker#1", "running")}))});
        bus.publish(QString::fromLatin1(events::ChildStarted), 1,
                    {{"supervisor", "workers"}, {"child_id", "worker#1"}, {"job_id", 42}});
        QCOMPARE(model.count(), 3);
        QJsonObject report = salute("critical", "emergency", 9, 0.5, 3);
        report.insert("job_id", 42);
        report.insert("role", "worker");
        bus.publish(QString::fromLatin1(events::SaluteReport), 1, report);
        QCOMPARE(model.index(2).data(SupervisionTreeModel::HealthRole).toString(),
                 QStringLiteral("critical"));
        QVERIFY(model.index(0).data(SupervisionTreeModel::ReportRole).toString().isEmpty());

        // The worker leaves the tree: its report goes with it.
        tree = sup("zerg", {child("workers", "running", 0, sup("workers", {}))});
        bus.publish(QString::fromLatin1(events::ChildExited), 1,
                    {{"supervisor", "workers"}, {"child_id", "worker#1"}, {"job_id", 42}});
        QCOMPARE(model.count(), 2);
        tree =
            sup("zerg",
                {child("workers", "running", 0, sup("workers", {child("worker#1", "running")}))});
        bus.publish(QString::fromLatin1(events::ChildStarted), 1,
                    {{"supervisor", "workers"}, {"child_id", "worker#1"}, {"job_id", 43}});
        QVERIFY(model.index(2).data(SupervisionTreeModel::ReportRole).toString().isEmpty());
    }

    void aStaleAnswerNeverWins() {
        ManualClock clock;
        EventBus bus(&clock);
        LateTreeSource source;
        SupervisionTreeModel model(&source, &bus, 1, &clock);
        QAbstractItemModelTester tester(&model);
        QCOMPARE(source.pending.size(), 1);  // the first load
        QCOMPARE(model.count(), 0);
        model.refresh();
        QCOMPARE(source.pending.size(), 2);

        // The newer answer comes first; the older one, late, is dropped.
        source.pending.at(1)(sup("zerg", {child("storage", "running"), child("api", "running")}));
        QCOMPARE(model.count(), 3);
        source.pending.at(0)(sup("zerg", {child("storage", "restarting", 1)}));
        QCOMPARE(model.count(), 3);
        QCOMPARE(model.index(1).data(SupervisionTreeModel::StateRole).toString(),
                 QStringLiteral("running"));
        QVERIFY(model.loadError().isEmpty());
    }

    void aFailureIsSaidAndTheRowsKept() {
        ManualClock clock;
        EventBus bus(&clock);
        LateTreeSource source;
        SupervisionTreeModel model(&source, &bus, 1, &clock);
        QSignalSpy errorChanged(&model, &SupervisionTreeModel::loadErrorChanged);
        source.pending.takeFirst()(sup("zerg", {child("storage", "running")}));
        QCOMPARE(model.count(), 2);

        model.refresh();
        source.pending.takeFirst()(
            Error{QStringLiteral("disconnected"), QStringLiteral("The connection was lost.")});
        QCOMPARE(model.count(), 2);
        QVERIFY2(model.loadError().contains(QStringLiteral("The connection was lost.")),
                 qPrintable(model.loadError()));
        QCOMPARE(errorChanged.count(), 1);

        model.refresh();
        source.pending.takeFirst()(sup("zerg", {child("storage", "running")}));
        QVERIFY(model.loadError().isEmpty());
        QCOMPARE(errorChanged.count(), 2);
    }

    // The server's tree changes without events reaching the client: polled every kPollMs once
    // loaded, and only for a source that says so.
    void aSourceThatNeedsItIsPolled() {
        ManualClock clock;
        EventBus bus(&clock);
        LateTreeSource remote;
        remote.polling = true;
        SupervisionTreeModel model(&remote, &bus, 1, &clock, nullptr, FirstLoad::WhenShown);
        clock.advance(SupervisionTreeModel::kPollMs * 3);
        QCOMPARE(remote.pending.size(), 0);  // not loaded: nothing asked
        model.ensureLoaded();
        QCOMPARE(remote.pending.size(), 1);
        remote.pending.first()(sup("zerg", {child("storage", "running")}));
        clock.advance(SupervisionTreeModel::kPollMs - 1);
        QCOMPARE(remote.pending.size(), 1);
        clock.advance(1);
        QCOMPARE(remote.pending.size(), 2);
        remote.pending.last()(sup("zerg", {child("storage", "running"), child("api", "running")}));
        QCOMPARE(model.count(), 3);
        // A refresh in between (an event, the button) puts the next poll off.
        clock.advance(SupervisionTreeModel::kPollMs / 2);
        model.refresh();
        QCOMPARE(remote.pending.size(), 3);
        clock.advance(SupervisionTreeModel::kPollMs - 1);
        QCOMPARE(remote.pending.size(), 3);
        clock.advance(1);
        QCOMPARE(remote.pending.size(), 4);

        LateTreeSource local;  // this process's tree: its events say when it changes
        SupervisionTreeModel localModel(&local, &bus, 1, &clock);
        QCOMPARE(local.pending.size(), 1);
        clock.advance(SupervisionTreeModel::kPollMs * 3);
        QCOMPARE(local.pending.size(), 1);
    }

    // Another owner's runs and workers are not shown; the services are.
    void theLocalSourceShowsOnlyThisOwnersItems() {
        QJsonObject agent = child("run#1", "running");
        agent.insert("owner_id", 2);
        QJsonObject mine = child("run#2", "running");
        mine.insert("owner_id", 1);
        QJsonObject worker = child("worker#1", "running");
        worker.insert("owner_id", 1);
        worker.insert("job_id", 42);
        const QJsonObject tree =
            sup("zerg",
                {child("storage", "running"),
                 child("supervisor_agent", "running", 0, sup("supervisor_agent", {agent, mine})),
                 child("workers", "running", 0, sup("workers", {worker}))});
        ManualClock clock;
        EventBus bus(&clock);
        LocalTreeSource source([&tree] { return tree; }, 1);
        SupervisionTreeModel model(&source, &bus, 1);
        QStringList names;
        for (int i = 0; i < model.count(); ++i)
            names.append(model.index(i).data(SupervisionTreeModel::NameRole).toString());
        QCOMPARE(names, (QStringList{"zerg", "storage", "supervisor_agent", "run#2", "workers",
                                     "worker#1"}));

        // The tree names the worker's job: its report finds the row without a child event.
        QJsonObject report = salute("critical", "emergency", 9, 0.5, 3);
        report.insert("job_id", 42);
        bus.publish(QString::fromLatin1(events::SaluteReport), 1, report);
        QCOMPARE(model.index(5).data(SupervisionTreeModel::HealthRole).toString(),
                 QStringLiteral("critical"));
    }
};

QTEST_GUILESS_MAIN(TestSupervisionTreeModel)
#include "test_supervision_tree_model.moc"
