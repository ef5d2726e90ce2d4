// The Supervision tree page's model: the nested snapshot flattened with depths, refreshed by the
// supervisors' events, in place when only states change.
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "ui/supervision_tree_model.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
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

QJsonObject sup(const QString& id, const QJsonArray& children, int maxChildren = 0) {
    QJsonObject s{
        {"id", id},           {"strategy", "one_for_one"}, {"intensity", 3},      {"period", 60},
        {"state", "running"}, {"restarts_in_window", 1},   {"children", children}};
    if (maxChildren)
        s.insert("max_children", maxChildren);
    return s;
}

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
        SupervisionTreeModel model([&tree] { return tree; }, &bus);
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
    }
};

QTEST_GUILESS_MAIN(TestSupervisionTreeModel)
#include "test_supervision_tree_model.moc"
