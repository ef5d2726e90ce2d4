// Supervisor behaviour beyond the 24 conformance scenarios: the value types, the dashboard
// snapshot, the signals, group restarts that wait for slow siblings, kill, nesting, ignore.

#include "supervision_test_support.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QtTest>

using namespace zerg;
using namespace zerg::supervision;
using namespace zerg::supervision::testing;

namespace {

QStringList L(std::initializer_list<const char*> items) {
    QStringList out;
    for (const char* i : items)
        out.append(QString::fromUtf8(i));
    return out;
}

QJsonObject childEntry(const QJsonObject& snapshot, const QString& id) {
    for (const QJsonValue& v : snapshot.value("children").toArray()) {
        if (v.toObject().value("id").toString() == id)
            return v.toObject();
    }
    return {};
}

QString stateOf(const Supervisor& sup, const QString& id) {
    for (const ChildInfo& c : sup.whichChildren()) {
        if (c.id == id)
            return statusName(c.state);
    }
    return QStringLiteral("absent");
}

}  // namespace

class TestSupervision : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<ExitReason>(); }

    void exitReasonStrings();
    void backoffFormula();
    void throwingStartIsAnError();
    void ignoreResults();
    void snapshotOfATree();
    void signalsOfRestartAndGiveUp();
    void groupRestartWaitsForSlowSiblingAndSwallowsItsExit();
    void restForOneDefersUnrelatedExit();
    void stopDuringGroupRestartStartsNothing();
    void killStopsEverythingAtOnce();
    void significantSupervisorCascades();
    void dynamicApiErrors();
    void failedSubSupervisorCleansUp();
    void childThatEndsInsideItsStart();
};

void TestSupervision::exitReasonStrings() {
    QCOMPARE(ExitReason::normal().toString(), QStringLiteral("normal"));
    QCOMPARE(ExitReason::shutdown().toString(), QStringLiteral("shutdown"));
    QCOMPARE(ExitReason::shutdown("x").toString(), QStringLiteral("shutdown:x"));
    QCOMPARE(ExitReason::killed().toString(), QStringLiteral("killed"));
    QCOMPARE(ExitReason::crash("disk full").toString(), QStringLiteral("crash:disk full"));
    for (const ExitReason& r :
         {ExitReason::normal(), ExitReason::shutdown(), ExitReason::shutdown("x"),
          ExitReason::killed(), ExitReason::crash("boom")})
        QCOMPARE(ExitReason::fromString(r.toString()).toString(), r.toString());
    QVERIFY(ExitReason::fromString("weird") == ExitReason::crash("weird"));

    QVERIFY(!ExitReason::normal().isAbnormal());
    QVERIFY(!ExitReason::shutdown("x").isAbnormal());
    QVERIFY(ExitReason::shutdown("x").isShutdown());
    QVERIFY(ExitReason::shutdown("x").hasShutdownDetail());
    QVERIFY(ExitReason::killed().isAbnormal());
    QVERIFY(ExitReason::crash("boom").isAbnormal());
    QVERIFY(ExitReason::crash("a") != ExitReason::crash("b"));
}

void TestSupervision::backoffFormula() {
    const Backoff b{1000, 8000, 0.0, 10000};
    QCOMPARE(b.delayMs(0, 0.9), qint64(1000));
    QCOMPARE(b.delayMs(1, 0.9), qint64(2000));
    QCOMPARE(b.delayMs(3, 0.9), qint64(8000));
    QCOMPARE(b.delayMs(4, 0.9), qint64(8000));
    QCOMPARE(b.delayMs(1000, 0.9), qint64(8000));  // long streaks do not overflow
    const Backoff r{1000, 8000, 0.2, 10000};
    QCOMPARE(r.delayMs(0, 0.5), qint64(1100));
    QCOMPARE(r.delayMs(3, 0.5), qint64(8800));  // the random part applies on top of the cap
    QCOMPARE(r.delayMs(0, 0.0), qint64(1000));
}

void TestSupervision::throwingStartIsAnError() {
    Harness h;
    h.script("A").throwOn = {2};
    h.script("A").throwOddOn = {3};
    const ChildSpec spec = h.worker("A", RestartType::Temporary);
    auto sup = h.start(flags(Strategy::OneForOne), {h.worker("B")});
    QVERIFY(sup);
    QVERIFY(sup->startChild(spec).ok());
    QVERIFY(sup->terminateChild("A").ok());  // temporary: spec gone
    auto r = sup->startChild(spec);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, QStringLiteral("start_error"));
    QVERIFY2(r.error().message.contains("start exploded"), qPrintable(r.error().message));
    auto r2 = sup->startChild(spec);
    QVERIFY(!r2.ok());
    QCOMPARE(r2.error().code, QStringLiteral("start_error"));
    QVERIFY(r2.error().message.contains("unknown exception"));
    QVERIFY(!sup->whichChildren().isEmpty());
    QCOMPARE(sup->countChildren().specs, 1);  // failed starts keep no spec

    // At start-up a throw is a failed start like any other.
    Harness h2;
    h2.script("B").throwOn = {1};
    auto created = Supervisor::create("top", flags(Strategy::OneForOne),
                                      {h2.worker("A"), h2.worker("B")}, &h2.clock);
    QVERIFY(created.ok());
    std::unique_ptr<Supervisor> sup2 = std::move(created).value();
    const Status st = sup2->start();
    QVERIFY(!st.ok());
    QCOMPARE(st.error().code, QStringLiteral("failed_to_start_child"));
    QVERIFY(st.error().message.contains("start exploded"));
    QCOMPARE(h2.log.take(), L({"start A", "stop A (shutdown)"}));
}

void TestSupervision::ignoreResults() {
    Harness h;
    h.script("A").ignoreOn = {1};
    h.script("T").ignoreOn = {1};
    h.script("B").ignoreOn = {2};
    h.script("B").info = QStringLiteral("b-info");
    auto sup = h.start(flags(Strategy::OneForOne, 10, 60),
                       {h.worker("A"), h.worker("T", RestartType::Temporary), h.worker("B")});
    QVERIFY(sup);
    QCOMPARE(h.log.take(), L({"ignore A", "ignore T", "start B"}));
    QCOMPARE(stateOf(*sup, "A"), QStringLiteral("undefined"));  // spec kept
    QCOMPARE(stateOf(*sup, "T"), QStringLiteral("absent"));     // temporary dropped

    auto a = sup->restartChild("A");
    QVERIFY(a.ok());
    QVERIFY(a->child != nullptr);
    // A restart that returns ignore leaves a static child undefined.
    h.child("B")->crash();
    QCOMPARE(stateOf(*sup, "B"), QStringLiteral("undefined"));
    auto b = sup->restartChild("B");
    QVERIFY(b.ok());
    QCOMPARE(b->info.toString(), QStringLiteral("b-info"));

    // Dynamic: ignore at start keeps nothing; ignore at restart drops the child.
    Harness d;
    d.script("x").ignoreOn = {1};
    d.script("y").ignoreOn = {2};
    auto dyn = d.start(flags(Strategy::SimpleOneForOne, 10, 60), {d.worker("W")});
    QVERIFY(dyn);
    auto x = dyn->startDynamicChild(QStringLiteral("x"));
    QVERIFY(x.ok());
    QCOMPARE(x->child, nullptr);
    QCOMPARE(dyn->countChildren().workers, 0);
    auto y = dyn->startDynamicChild(QStringLiteral("y"));
    QVERIFY(y.ok());
    QCOMPARE(dyn->countChildren().workers, 1);
    d.child("y")->crash();
    QCOMPARE(dyn->countChildren().workers, 0);
    QCOMPARE(d.log.take(), L({"ignore x", "start y", "exit y (crash:boom)", "ignore y"}));
}

void TestSupervision::snapshotOfATree() {
    Harness h;
    h.script("C").stopDelayMs = 500;
    ChildSpec r = h.worker("R");
    r.backoff = Backoff{1000, 8000, 0.0, 10000};
    auto top = h.start(
        flags(Strategy::OneForOne, 3, 10),
        {h.worker("A"), h.supervisor("S", flags(Strategy::OneForAll, 2, 7), {h.worker("W")}),
         h.worker("C", RestartType::Transient), r});
    QVERIFY(top);
    h.clock.advance(1500);
    h.child("A")->crash();
    h.child("R")->crash();
    QVERIFY(top->terminateChild("C").ok());

    QJsonObject snap = top->snapshot();
    QCOMPARE(snap.value("id").toString(), QStringLiteral("top"));
    QCOMPARE(snap.value("strategy").toString(), QStringLiteral("one_for_one"));
    QCOMPARE(snap.value("intensity").toInt(), 3);
    QCOMPARE(snap.value("period").toInt(), 10);
    QCOMPARE(snap.value("restarts_in_window").toInt(), 2);
    QCOMPARE(snap.value("children").toArray().size(), 4);
    QCOMPARE(snap.value("children").toArray().first().toObject().value("id").toString(),
             QStringLiteral("A"));  // start order

    const QJsonObject a = childEntry(snap, "A");
    QCOMPARE(a.value("state").toString(), QStringLiteral("running"));
    QCOMPARE(a.value("type").toString(), QStringLiteral("worker"));
    QCOMPARE(a.value("restart").toString(), QStringLiteral("permanent"));
    QCOMPARE(a.value("restart_count").toInt(), 1);
    QCOMPARE(a.value("last_exit_reason").toString(), QStringLiteral("crash:boom"));
    QCOMPARE(a.value("started_at_ms").toDouble(), 1500.0);
    QVERIFY(!a.contains("child"));

    const QJsonObject s = childEntry(snap, "S");
    QCOMPARE(s.value("type").toString(), QStringLiteral("supervisor"));
    QVERIFY(s.value("last_exit_reason").isNull());
    QCOMPARE(s.value("started_at_ms").toDouble(), 0.0);
    const QJsonObject sub = s.value("child").toObject();
    QCOMPARE(sub.value("id").toString(), QStringLiteral("S"));
    QCOMPARE(sub.value("strategy").toString(), QStringLiteral("one_for_all"));
    QCOMPARE(sub.value("intensity").toInt(), 2);
    QCOMPARE(childEntry(sub, "W").value("state").toString(), QStringLiteral("running"));

    QCOMPARE(childEntry(snap, "C").value("state").toString(), QStringLiteral("stopping"));
    QCOMPARE(childEntry(snap, "R").value("state").toString(), QStringLiteral("restarting"));
    QVERIFY(childEntry(snap, "R").value("started_at_ms").isNull());

    h.clock.advance(500);
    snap = top->snapshot();
    const QJsonObject c = childEntry(snap, "C");
    QCOMPARE(c.value("state").toString(), QStringLiteral("undefined"));
    QCOMPARE(c.value("restart").toString(), QStringLiteral("transient"));
    QCOMPARE(c.value("last_exit_reason").toString(), QStringLiteral("shutdown"));
    QCOMPARE(c.value("restart_count").toInt(), 0);
    h.clock.advance(500);  // R's backoff of 1 s is over
    QCOMPARE(childEntry(top->snapshot(), "R").value("state").toString(), QStringLiteral("running"));
    QCOMPARE(childEntry(top->snapshot(), "R").value("restart_count").toInt(), 1);

    // The window forgets restarts older than the period.
    h.clock.advance(11000);
    QCOMPARE(top->snapshot().value("restarts_in_window").toInt(), 0);
}

void TestSupervision::signalsOfRestartAndGiveUp() {
    Harness h;
    auto sup = h.start(flags(Strategy::OneForOne, 1, 60), {h.worker("A"), h.worker("B")});
    QVERIFY(sup);
    QSignalSpy started(sup.get(), &Supervisor::childStarted);
    QSignalSpy exitedSpy(sup.get(), &Supervisor::childExited);
    QSignalSpy restarted(sup.get(), &Supervisor::childRestarted);
    QSignalSpy gaveUp(sup.get(), &Supervisor::gaveUp);
    QSignalSpy selfExit(sup.get(), &Child::exited);

    h.child("A")->crash("first");
    QCOMPARE(exitedSpy.count(), 1);
    QCOMPARE(exitedSpy.at(0).at(0).toString(), QStringLiteral("A"));
    QCOMPARE(exitedSpy.at(0).at(1).value<ExitReason>(), ExitReason::crash("first"));
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.at(0).at(0).toString(), QStringLiteral("A"));
    QCOMPARE(restarted.count(), 1);
    QCOMPARE(restarted.at(0).at(0).toString(), QStringLiteral("A"));
    QCOMPARE(restarted.at(0).at(1).toInt(), 1);
    QCOMPARE(gaveUp.count(), 0);

    h.child("A")->crash("second");
    QCOMPARE(gaveUp.count(), 1);
    QCOMPARE(gaveUp.at(0).at(0).toString(), QStringLiteral("A"));
    QCOMPARE(gaveUp.at(0).at(1).value<ExitReason>(), ExitReason::crash("second"));
    QCOMPARE(exitedSpy.count(), 3);  // A's crash, then B stopped on the way out
    QCOMPARE(exitedSpy.at(2).at(0).toString(), QStringLiteral("B"));
    QCOMPARE(exitedSpy.at(2).at(1).value<ExitReason>(), ExitReason::shutdown());
    QCOMPARE(restarted.count(), 1);
    QCOMPARE(selfExit.count(), 1);
    QCOMPARE(selfExit.at(0).at(0).value<ExitReason>(), ExitReason::shutdown());
}

// OTP blocks while it terminates siblings; an exit that arrives meanwhile from a sibling that is
// part of the restart is stale by the time it is read and must not cause a second restart.
void TestSupervision::groupRestartWaitsForSlowSiblingAndSwallowsItsExit() {
    Harness h;
    h.script("C").stopDelayMs = 1000;
    auto sup =
        h.start(flags(Strategy::OneForAll, 1, 60), {h.worker("A"), h.worker("B"), h.worker("C")});
    QVERIFY(sup);
    h.log.take();
    h.child("A")->crash();
    QCOMPARE(stateOf(*sup, "A"), QStringLiteral("restarting"));
    QCOMPARE(stateOf(*sup, "C"), QStringLiteral("stopping"));
    auto busy = sup->restartChild("A");
    QVERIFY(!busy.ok());
    QCOMPARE(busy.error().code, QStringLiteral("busy"));
    h.child("B")->crash();
    h.clock.advance(1000);
    QCOMPARE(h.log.take(), L({"exit A (crash:boom)", "exit B (crash:boom)", "stop C (shutdown)",
                              "start A", "start B", "start C"}));
    QCOMPARE(sup->restartsInWindow(), 1);
    QVERIFY(!sup->hasExited());  // I=1: a second counted restart would have been fatal
}

// An exit of a child outside the rest_for_one group waits until the group restart is done, then
// is handled like any other.
void TestSupervision::restForOneDefersUnrelatedExit() {
    Harness h;
    h.script("C4").stopDelayMs = 1000;
    QList<ChildSpec> specs;
    for (const char* n : {"C1", "C2", "C3", "C4"})
        specs.append(h.worker(n));
    auto sup = h.start(flags(Strategy::RestForOne, 5, 60), specs);
    QVERIFY(sup);
    h.log.take();
    h.child("C3")->crash();
    h.child("C1")->crash();
    QCOMPARE(h.log.take(), L({"exit C3 (crash:boom)", "exit C1 (crash:boom)"}));
    h.clock.advance(1000);
    QCOMPARE(h.log.take(), L({"stop C4 (shutdown)", "start C3", "start C4"}));
    // Then C1's exit is read: rest_for_one from C1 restarts everything after it too, and the new
    // C4 takes its time to stop again.
    QCOMPARE(stateOf(*sup, "C4"), QStringLiteral("stopping"));
    h.clock.advance(1000);
    QCOMPARE(h.log.take(), L({"stop C4 (shutdown)", "stop C3 (shutdown)", "stop C2 (shutdown)",
                              "start C1", "start C2", "start C3", "start C4"}));
    QCOMPARE(sup->restartsInWindow(), 2);
}

void TestSupervision::stopDuringGroupRestartStartsNothing() {
    Harness h;
    h.script("C").stopDelayMs = 1000;
    auto sup =
        h.start(flags(Strategy::OneForAll, 1, 60), {h.worker("A"), h.worker("B"), h.worker("C")});
    QVERIFY(sup);
    h.log.take();
    h.child("A")->crash();
    sup->stop();
    QVERIFY(!sup->hasExited());
    h.clock.advance(1000);
    QCOMPARE(h.log.take(), L({"exit A (crash:boom)", "stop C (shutdown)", "stop B (shutdown)",
                              "exit top (shutdown)"}));
    QCOMPARE(h.script("A").attempts, 1);
}

void TestSupervision::killStopsEverythingAtOnce() {
    Harness h;
    h.script("A").ignoresShutdown = true;
    h.script("W").ignoresShutdown = true;
    auto top =
        h.start(flags(Strategy::OneForOne, 5, 60),
                {h.worker("A"), h.supervisor("S", flags(Strategy::OneForOne), {h.worker("W")})});
    QVERIFY(top);
    h.log.take();
    // The parent kills S: its children are killed with it, and S restarts (killed is abnormal).
    QPointer<Supervisor> s = h.sub("S");
    s->kill();
    QCOMPARE(h.log.take(), L({"kill W", "exit S (killed)", "start S", "start W"}));
    QCOMPARE(s->exitReason(), ExitReason::killed());

    top->kill();
    QCOMPARE(h.log.take(), L({"kill W", "exit S (killed)", "kill A", "exit top (killed)"}));
    QCOMPARE(h.script("A").attempts, 1);
}

void TestSupervision::significantSupervisorCascades() {
    Harness h;
    ChildSpec a = h.worker("A", RestartType::Transient);
    a.significant = true;
    ChildSpec s = h.supervisor("S", flags(Strategy::OneForOne, 1, 5, AutoShutdown::AnySignificant),
                               {h.worker("B"), a}, RestartType::Transient);
    s.significant = true;
    auto top =
        h.start(flags(Strategy::OneForOne, 1, 5, AutoShutdown::AnySignificant), {h.worker("C"), s});
    QVERIFY(top);
    QCOMPARE(h.log.take(), L({"start C", "start S", "start B", "start A"}));
    h.child("A")->exitWith(ExitReason::normal());
    QCOMPARE(h.log.take(), L({"exit A (normal)", "stop B (shutdown)", "exit S (shutdown)",
                              "stop C (shutdown)", "exit top (shutdown)"}));
}

void TestSupervision::dynamicApiErrors() {
    Harness h;
    ChildSpec tmpl = h.worker("W", RestartType::Temporary);
    auto sup = h.start(flags(Strategy::SimpleOneForOne), {tmpl});
    QVERIFY(sup);
    auto a = sup->startDynamicChild(QStringLiteral("a"));
    auto b = sup->startDynamicChild(QStringLiteral("b"));
    QVERIFY(a.ok() && b.ok());
    QVERIFY(a->id != b->id);
    QCOMPARE(sup->whichChildren().first().id, b->id);  // newest first

    QCOMPARE(sup->terminateChild("W").error().code, QStringLiteral("simple_one_for_one"));
    QCOMPARE(sup->restartChild(a->id).error().code, QStringLiteral("simple_one_for_one"));
    QCOMPARE(sup->deleteChild(a->id).error().code, QStringLiteral("simple_one_for_one"));
    QCOMPARE(sup->startChild(tmpl).error().code, QStringLiteral("simple_one_for_one"));

    QVERIFY(sup->terminateChild(a->child).ok());
    QCOMPARE(h.log.take(), L({"start a", "start b", "stop a (shutdown)"}));
    QCOMPARE(sup->countChildren().workers, 1);
    QVERIFY(sup->terminateChild(a->id).ok());  // already gone: like a dead pid
    QVERIFY(sup->terminateChild(QStringLiteral("W#999")).ok());

    // Static supervisors answer not_dynamic / not_found.
    Harness h2;
    auto st = h2.start(flags(Strategy::OneForOne), {h2.worker("A")});
    QVERIFY(st);
    QCOMPARE(st->startDynamicChild().error().code, QStringLiteral("not_dynamic"));
    QCOMPARE(st->terminateChild("nope").error().code, QStringLiteral("not_found"));
    QCOMPARE(st->deleteChild("nope").error().code, QStringLiteral("not_found"));
    st->stop();
    QCOMPARE(st->restartChild("A").error().code, QStringLiteral("not_running"));
}

void TestSupervision::failedSubSupervisorCleansUp() {
    Harness h;
    h.script("W2").failOn = {1};
    auto created = Supervisor::create(
        "top", flags(Strategy::OneForOne),
        {h.worker("X"),
         h.supervisor("S", flags(Strategy::OneForOne), {h.worker("W1"), h.worker("W2")})},
        &h.clock);
    QVERIFY(created.ok());
    std::unique_ptr<Supervisor> top = std::move(created).value();
    const Status st = top->start();
    QVERIFY(!st.ok());
    QCOMPARE(st.error().code, QStringLiteral("failed_to_start_child"));
    QVERIFY(st.error().message.contains("'S'"));
    QVERIFY(st.error().message.contains("'W2'"));  // the nested cause is kept
    QCOMPARE(h.log.take(), L({"start X", "start S", "start W1", "fail W2", "stop W1 (shutdown)",
                              "stop X (shutdown)"}));
    QPointer<Supervisor> s = h.sub("S");
    QVERIFY(s);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    QVERIFY(!s);  // the failed sub-supervisor deleted itself
}

void TestSupervision::childThatEndsInsideItsStart() {
    Harness h;
    ChildSpec spec = h.worker("A", RestartType::Transient);
    int calls = 0;
    spec.start = [&h, &calls](const QVariant&) {
        StartResult r = h.startScripted(QStringLiteral("A"));
        if (++calls == 1)
            h.child("A")->crash(QStringLiteral("early"));
        return r;
    };
    auto sup = h.start(flags(Strategy::OneForOne, 5, 60), {spec});
    QVERIFY(sup);
    // The exit is not lost, and it is handled one turn later, outside the start.
    QCOMPARE(h.log.take(), L({"start A", "exit A (crash:early)"}));
    Harness::turns(1);
    QCOMPARE(h.log.take(), L({"start A"}));
    QCOMPARE(sup->restartsInWindow(), 1);
}

QTEST_GUILESS_MAIN(TestSupervision)
#include "test_supervision.moc"
