// The 24 scenarios of OTP-CONFORMANCE.md, one test function each, on a manual clock at 0 ms.

#include "supervision_test_support.h"

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

ChildCounts counts(int specs, int active, int supervisors, int workers) {
    return ChildCounts{specs, active, supervisors, workers};
}

// "running", "restarting", "undefined", "stopping", or "absent".
QString stateOf(const Supervisor& sup, const QString& id) {
    for (const ChildInfo& c : sup.whichChildren()) {
        if (c.id == id)
            return statusName(c.state);
    }
    return QStringLiteral("absent");
}

bool hasChild(const Supervisor& sup, const QString& id) {
    for (const ChildInfo& c : sup.whichChildren()) {
        if (c.id == id)
            return true;
    }
    return false;
}

QStringList ids(const Supervisor& sup) {
    QStringList out;
    for (const ChildInfo& c : sup.whichChildren())
        out.append(c.id);
    return out;
}

}  // namespace

namespace QTest {
template <>
char* toString(const ChildCounts& c) {
    return qstrdup(QStringLiteral("[specs %1, active %2, supervisors %3, workers %4]")
                       .arg(c.specs)
                       .arg(c.active)
                       .arg(c.supervisors)
                       .arg(c.workers)
                       .toUtf8()
                       .constData());
}
template <>
char* toString(const ExitReason& r) {
    return qstrdup(r.toString().toUtf8().constData());
}
}  // namespace QTest

class TestOtpConformance : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<ExitReason>(); }

    void s01_oneForOneIntensityTwo();
    void s02_intensityZeroFirstCrashIsFatal();
    void s03_periodOneSecondSpacedCrashesSurvive();
    void s04_transientRestartsOnlyAbnormal();
    void s05_permanentRestartsAfterEveryReason();
    void s06_temporaryIsNeverRestarted();
    void s07_oneForAllRestartsAllInOrder();
    void s08_restForOneRestartsTheRest();
    void s09_stopTerminatesInReverseOrder();
    void s10_oneForAllDropsTemporarySibling();
    void s11_failedRestartRetriesEachTurn();
    void s12_restartingStateApi();
    void s13_apiScript();
    void s14_startupFailure();
    void s15_shutdownTimeoutBrutalInfinity();
    void s16_dynamicShutdownInParallel();
    void s17_exitsDuringStopAreNotRestarted();
    void s18_escalation();
    void s19_anySignificant();
    void s20_allSignificant();
    void s21_validationErrors();
    void s22_maxChildren();
    void s23_backoff();
    void s24_dynamicCounts();
};

// 1. one_for_one, I=2, P=3600, A and B. Crash A, crash B, crash A -> first two restart with new
// identities; on the third, B is terminated with shutdown, the supervisor exits shutdown.
void TestOtpConformance::s01_oneForOneIntensityTwo() {
    Harness h;
    auto sup = h.start(flags(Strategy::OneForOne, 2, 3600), {h.worker("A"), h.worker("B")});
    QVERIFY(sup);
    QCOMPARE(h.log.take(), L({"start A", "start B"}));

    ScriptedChild* a1 = h.child("A");
    a1->crash();
    QCOMPARE(h.log.take(), L({"exit A (crash:boom)", "start A"}));
    QVERIFY(h.child("A") != a1);
    QCOMPARE(h.child("A")->instance(), 2);

    h.child("B")->crash();
    QCOMPARE(h.log.take(), L({"exit B (crash:boom)", "start B"}));
    QCOMPARE(h.child("B")->instance(), 2);
    QVERIFY(!sup->hasExited());

    h.child("A")->crash();
    QCOMPARE(h.log.take(), L({"exit A (crash:boom)", "stop B (shutdown)", "exit top (shutdown)"}));
    QVERIFY(sup->hasExited());
    QCOMPARE(sup->exitReason(), ExitReason::shutdown());
    QCOMPARE(h.script("A").attempts, 2);
}

// 2. I=0: the first crash ends the supervisor with no restart.
void TestOtpConformance::s02_intensityZeroFirstCrashIsFatal() {
    Harness h;
    auto sup = h.start(flags(Strategy::OneForOne, 0, 5), {h.worker("A"), h.worker("B")});
    QVERIFY(sup);
    h.log.take();
    h.child("A")->crash();
    QCOMPARE(h.log.take(), L({"exit A (crash:boom)", "stop B (shutdown)", "exit top (shutdown)"}));
    QCOMPARE(h.script("A").attempts, 1);
    QCOMPARE(sup->exitReason(), ExitReason::shutdown());
}

// 3. I=1, P=1: crashes at 0, 2100, 4200, 6300 ms -> still alive.
void TestOtpConformance::s03_periodOneSecondSpacedCrashesSurvive() {
    Harness h;
    auto sup = h.start(flags(Strategy::OneForOne, 1, 1), {h.worker("A")});
    QVERIFY(sup);
    for (qint64 at : {0, 2100, 4200, 6300}) {
        h.clock.advance(at - h.clock.nowMs());
        h.child("A")->crash();
        QVERIFY2(!sup->hasExited(), qPrintable(QStringLiteral("gave up at %1 ms").arg(at)));
    }
    QCOMPARE(h.script("A").started, 5);

    // Control: the window is inclusive, so crashes at 0 and 1000 ms (seconds 0 and 1) are two
    // restarts inside P=1 and exceed I=1.
    Harness h2;
    auto sup2 = h2.start(flags(Strategy::OneForOne, 1, 1), {h2.worker("A")});
    QVERIFY(sup2);
    h2.child("A")->crash();
    QVERIFY(!sup2->hasExited());
    h2.clock.advance(1000);
    h2.child("A")->crash();
    QVERIFY(sup2->hasExited());
}

// 4. Transient child exiting normal / shutdown / shutdown:x -> not restarted, counts [1,0,0,1];
// crash / killed -> restarted.
void TestOtpConformance::s04_transientRestartsOnlyAbnormal() {
    const QList<ExitReason> kept = {ExitReason::normal(), ExitReason::shutdown(),
                                    ExitReason::shutdown(QStringLiteral("x"))};
    for (const ExitReason& reason : kept) {
        Harness h;
        auto sup =
            h.start(flags(Strategy::OneForOne, 10, 60), {h.worker("A", RestartType::Transient)});
        QVERIFY(sup);
        h.log.take();
        h.child("A")->exitWith(reason);
        QCOMPARE(h.log.take(), QStringList{QStringLiteral("exit A (%1)").arg(reason.toString())});
        QCOMPARE(sup->countChildren(), counts(1, 0, 0, 1));
        QCOMPARE(stateOf(*sup, "A"), QStringLiteral("undefined"));
        QCOMPARE(sup->restartsInWindow(), 0);
    }
    const QList<ExitReason> restarted = {ExitReason::crash(QStringLiteral("boom")),
                                         ExitReason::killed()};
    for (const ExitReason& reason : restarted) {
        Harness h;
        auto sup =
            h.start(flags(Strategy::OneForOne, 10, 60), {h.worker("A", RestartType::Transient)});
        QVERIFY(sup);
        h.log.take();
        h.child("A")->exitWith(reason);
        QCOMPARE(h.log.take(), (QStringList{QStringLiteral("exit A (%1)").arg(reason.toString()),
                                            QStringLiteral("start A")}));
        QCOMPARE(sup->countChildren(), counts(1, 1, 0, 1));
        QCOMPARE(sup->restartsInWindow(), 1);
    }
}

// 5. Permanent child: restarted after each of the five reasons; each restart counts.
void TestOtpConformance::s05_permanentRestartsAfterEveryReason() {
    Harness h;
    auto sup = h.start(flags(Strategy::OneForOne, 5, 3600), {h.worker("A")});
    QVERIFY(sup);
    h.log.take();
    const QList<ExitReason> reasons = {ExitReason::normal(), ExitReason::shutdown(),
                                       ExitReason::shutdown(QStringLiteral("x")),
                                       ExitReason::killed(), ExitReason::crash("boom")};
    int n = 0;
    for (const ExitReason& reason : reasons) {
        h.child("A")->exitWith(reason);
        ++n;
        QCOMPARE(h.log.take(), (QStringList{QStringLiteral("exit A (%1)").arg(reason.toString()),
                                            QStringLiteral("start A")}));
        QCOMPARE(sup->restartsInWindow(), n);
    }
    // Five restarts used up I=5: the sixth exit, even a normal one, is fatal.
    h.child("A")->exitWith(ExitReason::normal());
    QCOMPARE(h.log.take(), L({"exit A (normal)", "exit top (shutdown)"}));
}

// 6. Temporary child: any exit removes the spec (counts [0,0,0,0]); the same id can be started
// again.
void TestOtpConformance::s06_temporaryIsNeverRestarted() {
    const QList<ExitReason> reasons = {ExitReason::normal(), ExitReason::shutdown(),
                                       ExitReason::shutdown(QStringLiteral("x")),
                                       ExitReason::killed(), ExitReason::crash("boom")};
    for (const ExitReason& reason : reasons) {
        Harness h;
        const ChildSpec spec = h.worker("T", RestartType::Temporary);
        auto sup = h.start(flags(Strategy::OneForOne, 0, 5), {spec});
        QVERIFY(sup);
        h.log.take();
        h.child("T")->exitWith(reason);
        QCOMPARE(h.log.take(), QStringList{QStringLiteral("exit T (%1)").arg(reason.toString())});
        QCOMPARE(sup->countChildren(), counts(0, 0, 0, 0));
        QVERIFY(!sup->hasExited());  // I=0, so a counted restart would have been fatal
        auto again = sup->startChild(spec);
        QVERIFY(again.ok());
        QCOMPARE(h.log.take(), L({"start T"}));
        QCOMPARE(sup->countChildren(), counts(1, 1, 0, 1));
    }
}

// 7. one_for_all A,B,C; crash B -> terminate C then A (shutdown), start A,B,C; one restart
// counted.
void TestOtpConformance::s07_oneForAllRestartsAllInOrder() {
    Harness h;
    auto sup =
        h.start(flags(Strategy::OneForAll, 1, 3600), {h.worker("A"), h.worker("B"), h.worker("C")});
    QVERIFY(sup);
    h.log.take();
    h.child("B")->crash();
    QCOMPARE(h.log.take(), L({"exit B (crash:boom)", "stop C (shutdown)", "stop A (shutdown)",
                              "start A", "start B", "start C"}));
    QCOMPARE(sup->restartsInWindow(), 1);
    QVERIFY(!sup->hasExited());  // with I=1, counting three restarts would have been fatal
    QCOMPARE(h.child("A")->instance(), 2);
    QCOMPARE(h.child("C")->instance(), 2);
}

// 8. rest_for_one 1..5; crash 3 -> terminate 5 then 4; start 3,4,5; 1 and 2 keep their identity.
void TestOtpConformance::s08_restForOneRestartsTheRest() {
    Harness h;
    QList<ChildSpec> specs;
    for (const char* n : {"C1", "C2", "C3", "C4", "C5"})
        specs.append(h.worker(n));
    auto sup = h.start(flags(Strategy::RestForOne, 1, 3600), specs);
    QVERIFY(sup);
    h.log.take();
    ScriptedChild* c1 = h.child("C1");
    ScriptedChild* c2 = h.child("C2");
    h.child("C3")->crash();
    QCOMPARE(h.log.take(), L({"exit C3 (crash:boom)", "stop C5 (shutdown)", "stop C4 (shutdown)",
                              "start C3", "start C4", "start C5"}));
    QCOMPARE(h.child("C1"), c1);
    QCOMPARE(h.child("C2"), c2);
    QCOMPARE(c1->shutdownRequests(), 0);
    QCOMPARE(h.child("C4")->instance(), 2);
    QCOMPARE(sup->restartsInWindow(), 1);
}

// 9. one_for_one A,B,C; crash A; stop the supervisor -> terminations C, B, A.
void TestOtpConformance::s09_stopTerminatesInReverseOrder() {
    Harness h;
    auto sup =
        h.start(flags(Strategy::OneForOne, 1, 5), {h.worker("A"), h.worker("B"), h.worker("C")});
    QVERIFY(sup);
    h.child("A")->crash();
    QCOMPARE(h.log.take(), L({"start A", "start B", "start C", "exit A (crash:boom)", "start A"}));
    sup->stop();
    QCOMPARE(h.log.take(), L({"stop C (shutdown)", "stop B (shutdown)", "stop A (shutdown)",
                              "exit top (shutdown)"}));
}

// 10. one_for_all, permanent A + temporary T; A exits normal -> T terminated and removed, A
// restarted.
void TestOtpConformance::s10_oneForAllDropsTemporarySibling() {
    Harness h;
    auto sup = h.start(flags(Strategy::OneForAll, 1, 5),
                       {h.worker("A"), h.worker("T", RestartType::Temporary)});
    QVERIFY(sup);
    h.log.take();
    h.child("A")->exitWith(ExitReason::normal());
    QCOMPARE(h.log.take(), L({"exit A (normal)", "stop T (shutdown)", "start A"}));
    QCOMPARE(ids(*sup), QStringList{"A"});
    QCOMPARE(sup->countChildren(), counts(1, 1, 0, 1));
    QCOMPARE(h.script("T").attempts, 1);
}

// 11. I=4, A can start only once, plus B; crash A -> exactly 4 failed attempts, each in its own
// event-loop turn; then B terminated (shutdown) and the supervisor exits shutdown.
void TestOtpConformance::s11_failedRestartRetriesEachTurn() {
    Harness h;
    h.script("A").failFrom = 2;
    auto sup = h.start(flags(Strategy::OneForOne, 4, 3600), {h.worker("A"), h.worker("B")});
    QVERIFY(sup);
    h.log.take();
    h.child("A")->crash();
    // The first attempt happens while the exit is handled, the rest one per turn.
    QCOMPARE(h.log.take(), L({"exit A (crash:boom)", "fail A"}));
    QCOMPARE(stateOf(*sup, "A"), QStringLiteral("restarting"));
    for (int turn = 1; turn <= 3; ++turn) {
        Harness::turns(1);
        QCOMPARE(h.log.take(), L({"fail A"}));
        QCOMPARE(h.script("A").attempts, 2 + turn);
        QVERIFY(!sup->hasExited());
    }
    Harness::turns(1);  // the fifth restart in the window exceeds I=4: give up, no attempt
    QCOMPARE(h.log.take(), L({"stop B (shutdown)", "exit top (shutdown)"}));
    QCOMPARE(h.script("A").attempts, 1 + 4);
    QCOMPARE(sup->exitReason(), ExitReason::shutdown());
}

// 12. Restarting state: the API answers; terminate_child ends the retries; a stop then completes.
void TestOtpConformance::s12_restartingStateApi() {
    Harness h;
    h.script("A").failFrom = 2;
    const ChildSpec specA = h.worker("A");
    auto sup = h.start(flags(Strategy::OneForOne, 100, 3600), {specA, h.worker("B")});
    QVERIFY(sup);
    h.log.take();
    h.child("A")->crash();
    QCOMPARE(stateOf(*sup, "A"), QStringLiteral("restarting"));
    QCOMPARE(sup->countChildren(), counts(2, 1, 0, 2));

    auto restart = sup->restartChild("A");
    QVERIFY(!restart.ok());
    QCOMPARE(restart.error().code, QStringLiteral("restarting"));
    const Status del = sup->deleteChild("A");
    QVERIFY(!del.ok());
    QCOMPARE(del.error().code, QStringLiteral("restarting"));
    auto start = sup->startChild(specA);
    QVERIFY(!start.ok());
    QCOMPARE(start.error().code, QStringLiteral("already_present"));

    Harness::turns(1);  // API calls are served between retries
    QCOMPARE(h.script("A").attempts, 3);
    QCOMPARE(stateOf(*sup, "A"), QStringLiteral("restarting"));

    QVERIFY(sup->terminateChild("A").ok());
    QCOMPARE(stateOf(*sup, "A"), QStringLiteral("undefined"));
    Harness::turns(5);
    QCOMPARE(h.script("A").attempts, 3);  // no retry after terminate_child
    QCOMPARE(h.log.take(), L({"exit A (crash:boom)", "fail A", "fail A"}));

    sup->stop();
    QCOMPARE(h.log.take(), L({"stop B (shutdown)", "exit top (shutdown)"}));
}

// 13. API script, then six terminate+restart cycles with I=1 leave the supervisor alive.
void TestOtpConformance::s13_apiScript() {
    Harness h;
    const ChildSpec specA = h.worker("A");
    auto sup = h.start(flags(Strategy::OneForOne, 1, 3600), {specA});
    QVERIFY(sup);
    h.log.take();

    auto r1 = sup->startChild(specA);
    QVERIFY(!r1.ok());
    QCOMPARE(r1.error().code, QStringLiteral("already_started"));
    QVERIFY(sup->terminateChild("A").ok());
    QVERIFY(sup->terminateChild("A").ok());
    QCOMPARE(h.log.take(), L({"stop A (shutdown)"}));
    auto r2 = sup->startChild(specA);
    QVERIFY(!r2.ok());
    QCOMPARE(r2.error().code, QStringLiteral("already_present"));
    auto r3 = sup->restartChild("A");
    QVERIFY(r3.ok());
    QVERIFY(r3->child != nullptr);
    QCOMPARE(r3->child, static_cast<Child*>(h.child("A")));
    auto r4 = sup->restartChild("A");
    QVERIFY(!r4.ok());
    QCOMPARE(r4.error().code, QStringLiteral("running"));
    const Status d1 = sup->deleteChild("A");
    QVERIFY(!d1.ok());
    QCOMPARE(d1.error().code, QStringLiteral("running"));
    QVERIFY(sup->terminateChild("A").ok());
    QVERIFY(sup->deleteChild("A").ok());
    auto r5 = sup->restartChild("A");
    QVERIFY(!r5.ok());
    QCOMPARE(r5.error().code, QStringLiteral("not_found"));
    QCOMPARE(h.log.take(), L({"start A", "stop A (shutdown)"}));
    QCOMPARE(sup->countChildren(), counts(0, 0, 0, 0));

    QVERIFY(sup->startChild(specA).ok());
    for (int i = 0; i < 6; ++i) {
        QVERIFY(sup->terminateChild("A").ok());
        QVERIFY(sup->restartChild("A").ok());
    }
    QVERIFY(!sup->hasExited());
    QCOMPARE(sup->restartsInWindow(), 0);
    QCOMPARE(h.script("A").started, 2 + 1 + 6);
}

// 14. Start-up with [A,B,C] where B fails -> failed_to_start_child(B); A terminated; C never
// started.
void TestOtpConformance::s14_startupFailure() {
    Harness h;
    h.script("B").failOn = {1};
    auto created = Supervisor::create("top", flags(Strategy::OneForOne),
                                      {h.worker("A"), h.worker("B"), h.worker("C")}, &h.clock);
    QVERIFY(created.ok());
    std::unique_ptr<Supervisor> sup = std::move(created).value();
    const Status st = sup->start();
    QVERIFY(!st.ok());
    QCOMPARE(st.error().code, QStringLiteral("failed_to_start_child"));
    QVERIFY2(st.error().message.contains(QStringLiteral("'B'")), qPrintable(st.error().message));
    QCOMPARE(h.log.take(), L({"start A", "fail B", "stop A (shutdown)"}));
    QCOMPARE(h.script("C").attempts, 0);
    QVERIFY(!sup->isRunning());
}

// 15. Shutdown 1000 ms and a child that ignores the request: killed at 1000 ms, not before.
// brutal_kill: immediate. infinity: waits.
void TestOtpConformance::s15_shutdownTimeoutBrutalInfinity() {
    {
        Harness h;
        h.script("A").ignoresShutdown = true;
        ChildSpec spec = h.worker("A");
        spec.shutdown = Shutdown::timeout(1000);
        auto sup = h.start(flags(Strategy::OneForOne), {spec});
        QVERIFY(sup);
        h.log.take();
        sup->stop();
        h.clock.advance(999);
        QVERIFY(h.child("A") && !h.child("A")->hasExited());
        QCOMPARE(h.child("A")->shutdownRequests(), 1);
        QVERIFY(!sup->hasExited());
        QCOMPARE(stateOf(*sup, "A"), QStringLiteral("stopping"));
        h.clock.advance(1);
        QCOMPARE(h.log.take(), L({"kill A", "exit top (shutdown)"}));
        QCOMPARE(h.exitAtMs.value("top"), qint64(1000));
    }
    {
        Harness h;
        ChildSpec spec = h.worker("A");
        spec.shutdown = Shutdown::brutalKill();
        auto sup = h.start(flags(Strategy::OneForOne), {spec});
        QVERIFY(sup);
        h.log.take();
        ScriptedChild* a = h.child("A");
        sup->stop();
        QCOMPARE(h.log.take(), L({"kill A", "exit top (shutdown)"}));
        QCOMPARE(a->shutdownRequests(), 0);  // no polite request first
    }
    {
        Harness h;
        h.script("A").ignoresShutdown = true;
        ChildSpec spec = h.worker("A");
        spec.shutdown = Shutdown::infinity();
        auto sup = h.start(flags(Strategy::OneForOne), {spec});
        QVERIFY(sup);
        h.log.take();
        sup->stop();
        h.clock.advance(24 * 3600 * 1000);
        QVERIFY(!sup->hasExited());
        QCOMPARE(h.log.take(), QStringList());
        h.child("A")->exitWith(ExitReason::shutdown());
        QCOMPARE(h.log.take(), L({"exit A (shutdown)", "exit top (shutdown)"}));
    }
}

// 16. Dynamic supervisor, shutdown 2000 ms, children needing 1000, 1000, 5000 ms -> stop completes
// at 2000 ms with the third killed.
void TestOtpConformance::s16_dynamicShutdownInParallel() {
    Harness h;
    h.script("w1").stopDelayMs = 1000;
    h.script("w2").stopDelayMs = 1000;
    h.script("w3").stopDelayMs = 5000;
    ChildSpec tmpl = h.worker("W", RestartType::Transient);
    tmpl.shutdown = Shutdown::timeout(2000);
    auto sup = h.start(flags(Strategy::SimpleOneForOne), {tmpl});
    QVERIFY(sup);
    for (const char* n : {"w1", "w2", "w3"})
        QVERIFY(sup->startDynamicChild(QString::fromLatin1(n)).ok());
    QCOMPARE(h.log.take(), L({"start w1", "start w2", "start w3"}));
    sup->stop();
    QCOMPARE(h.child("w3")->shutdownRequests(), 1);  // all asked at once, not one by one
    h.clock.advance(999);
    QCOMPARE(h.log.take(), QStringList());
    h.clock.advance(1);
    QCOMPARE(h.log.take(), L({"stop w1 (shutdown)", "stop w2 (shutdown)"}));
    h.clock.advance(999);
    QVERIFY(!sup->hasExited());
    h.clock.advance(1);
    QCOMPARE(h.log.take(), L({"kill w3", "exit top (shutdown)"}));
    QCOMPARE(h.exitAtMs.value("top"), qint64(2000));
}

// 17. Children exiting by themselves while the supervisor stops -> no restarts, exit shutdown.
void TestOtpConformance::s17_exitsDuringStopAreNotRestarted() {
    Harness h;
    h.script("C").stopDelayMs = 1000;
    auto sup =
        h.start(flags(Strategy::OneForOne, 5, 5), {h.worker("A"), h.worker("B"), h.worker("C")});
    QVERIFY(sup);
    h.log.take();
    sup->stop();
    h.child("A")->crash();
    h.child("B")->exitWith(ExitReason::normal());
    h.clock.advance(1000);
    QCOMPARE(h.log.take(), L({"exit A (crash:boom)", "exit B (normal)", "stop C (shutdown)",
                              "exit top (shutdown)"}));
    QCOMPARE(h.script("A").attempts, 1);
    QCOMPARE(h.script("B").attempts, 1);
    QCOMPARE(sup->exitReason(), ExitReason::shutdown());
}

// 18. Escalation through a sub-supervisor S whose child cannot restart.
void TestOtpConformance::s18_escalation() {
    for (RestartType sType : {RestartType::Permanent, RestartType::Transient}) {
        const bool permanent = sType == RestartType::Permanent;
        Harness h;
        h.script("W").failOn = {2, 3, 4, 5};  // fails while S tries, starts in a fresh S
        const SupervisorFlags subFlags = flags(Strategy::OneForOne, 4, 3600);
        auto top = h.start(
            flags(Strategy::OneForAll, 4, 3600),
            {h.worker("X"), h.supervisor("S", subFlags, {h.worker("W")}, sType), h.worker("Y")});
        QVERIFY(top);
        QCOMPARE(h.log.take(), L({"start X", "start S", "start W", "start Y"}));
        QVERIFY(top->terminateChild("Y").ok());
        QVERIFY(h.sub("S")->startChild(h.worker("D")).ok());
        QCOMPARE(h.log.take(), L({"stop Y (shutdown)", "start D"}));
        QPointer<Supervisor> oldS = h.sub("S");

        h.child("W")->crash();
        QCOMPARE(h.log.take(), L({"exit W (crash:boom)", "fail W"}));
        Harness::turns(3);
        QCOMPARE(h.log.take(), L({"fail W", "fail W", "fail W"}));
        QVERIFY(!oldS->hasExited());
        Harness::turns(1);
        if (permanent) {
            QCOMPARE(h.log.take(), L({"stop D (shutdown)", "exit S (shutdown)", "stop X (shutdown)",
                                      "start X", "start S", "start W", "start Y"}));
            QCOMPARE(top->restartsInWindow(), 1);
            QCOMPARE(stateOf(*top, "X"), QStringLiteral("running"));
            QCOMPARE(stateOf(*top, "S"), QStringLiteral("running"));
            QCOMPARE(stateOf(*top, "Y"), QStringLiteral("running"));  // stopped earlier, back again
            QVERIFY(h.sub("S") != oldS.data());
            QCOMPARE(ids(*h.sub("S")), QStringList{"W"});  // D is not restored
        } else {
            QCOMPARE(h.log.take(), L({"stop D (shutdown)", "exit S (shutdown)"}));
            QCOMPARE(top->restartsInWindow(), 0);
            QCOMPARE(stateOf(*top, "S"), QStringLiteral("undefined"));
            QCOMPARE(stateOf(*top, "X"), QStringLiteral("running"));
            QCOMPARE(h.child("X")->instance(), 1);
        }
        QVERIFY(!top->hasExited());
    }
}

// 19. any_significant with significant transient A and B and plain C.
void TestOtpConformance::s19_anySignificant() {
    Harness h;
    ChildSpec a = h.worker("A", RestartType::Transient);
    a.significant = true;
    ChildSpec b = h.worker("B", RestartType::Transient);
    b.significant = true;
    auto sup = h.start(flags(Strategy::OneForOne, 10, 60, AutoShutdown::AnySignificant),
                       {a, b, h.worker("C")});
    QVERIFY(sup);
    h.log.take();
    QVERIFY(sup->terminateChild("A").ok());
    QCOMPARE(h.log.take(), L({"stop A (shutdown)"}));
    QVERIFY(!sup->hasExited());
    QVERIFY(sup->restartChild("A").ok());
    h.child("A")->crash();
    QCOMPARE(h.log.take(), L({"start A", "exit A (crash:boom)", "start A"}));
    QVERIFY(!sup->hasExited());
    h.child("A")->exitWith(ExitReason::normal());
    QCOMPARE(h.log.take(), L({"exit A (normal)", "stop C (shutdown)", "stop B (shutdown)",
                              "exit top (shutdown)"}));
}

// 20. all_significant with significant temporary A and B.
void TestOtpConformance::s20_allSignificant() {
    Harness h;
    ChildSpec a = h.worker("A", RestartType::Temporary);
    a.significant = true;
    ChildSpec b = h.worker("B", RestartType::Temporary);
    b.significant = true;
    auto sup = h.start(flags(Strategy::OneForOne, 10, 60, AutoShutdown::AllSignificant),
                       {a, b, h.worker("C")});
    QVERIFY(sup);
    h.log.take();
    h.child("A")->exitWith(ExitReason::normal());
    QCOMPARE(h.log.take(), L({"exit A (normal)"}));
    QVERIFY(!sup->hasExited());
    h.child("B")->crash();
    QCOMPARE(h.log.take(), L({"exit B (crash:boom)", "stop C (shutdown)", "exit top (shutdown)"}));
    QCOMPARE(sup->exitReason(), ExitReason::shutdown());
}

// 21. Validation errors.
void TestOtpConformance::s21_validationErrors() {
    Harness h;
    auto code = [&](const SupervisorFlags& f, const QList<ChildSpec>& specs) {
        auto r = Supervisor::create("v", f, specs, &h.clock);
        return r.ok() ? QStringLiteral("ok") : r.error().code;
    };
    ChildSpec sigPermanent = h.worker("A");
    sigPermanent.significant = true;
    QCOMPARE(code(flags(Strategy::OneForOne, 1, 5, AutoShutdown::AnySignificant), {sigPermanent}),
             QStringLiteral("bad_combination"));
    ChildSpec sigTransient = h.worker("A", RestartType::Transient);
    sigTransient.significant = true;
    QCOMPARE(code(flags(Strategy::OneForOne, 1, 5, AutoShutdown::Never), {sigTransient}),
             QStringLiteral("bad_combination"));
    QCOMPARE(code(flags(Strategy::OneForOne, 1, 5, AutoShutdown::AnySignificant), {sigTransient}),
             QStringLiteral("ok"));
    QCOMPARE(code(flags(Strategy::OneForOne, -1, 5), {h.worker("A")}),
             QStringLiteral("invalid_intensity"));
    QCOMPARE(code(flags(Strategy::OneForOne, 1, 0), {h.worker("A")}),
             QStringLiteral("invalid_period"));
    QCOMPARE(code(flags(Strategy::OneForOne), {h.worker("A"), h.worker("A")}),
             QStringLiteral("duplicate_child_name"));
    QCOMPARE(code(flags(Strategy::SimpleOneForOne), {}), QStringLiteral("bad_start_spec"));
    QCOMPARE(code(flags(Strategy::SimpleOneForOne), {h.worker("A"), h.worker("B")}),
             QStringLiteral("bad_start_spec"));
    QCOMPARE(code(flags(Strategy::SimpleOneForOne), {h.worker("A")}), QStringLiteral("ok"));
    QCOMPARE(code(flags(Strategy::OneForOne, 0, 1), {h.worker("A")}), QStringLiteral("ok"));
    // Errors say what to do.
    auto r = Supervisor::create("v", flags(Strategy::OneForOne, 1, 0), {}, &h.clock);
    QVERIFY(r.error().message.contains(QStringLiteral("at least 1 second")));
}

// 22. max_children = 2 with A and B running: a third start -> max_children; still max_children
// while A is restarting; after terminate_child(A) the third starts.
void TestOtpConformance::s22_maxChildren() {
    Harness h;
    h.script("a").failFrom = 2;
    SupervisorFlags f = flags(Strategy::SimpleOneForOne, 10, 60);
    f.maxChildren = 2;
    auto sup = h.start(f, {h.worker("W")});
    QVERIFY(sup);
    auto a = sup->startDynamicChild(QStringLiteral("a"));
    QVERIFY(a.ok());
    QVERIFY(sup->startDynamicChild(QStringLiteral("b")).ok());
    auto third = sup->startDynamicChild(QStringLiteral("c"));
    QVERIFY(!third.ok());
    QCOMPARE(third.error().code, QStringLiteral("max_children"));
    QCOMPARE(h.script("c").attempts, 0);

    h.child("a")->crash();
    QCOMPARE(stateOf(*sup, a->id), QStringLiteral("restarting"));
    third = sup->startDynamicChild(QStringLiteral("c"));
    QVERIFY(!third.ok());
    QCOMPARE(third.error().code, QStringLiteral("max_children"));

    QVERIFY(sup->terminateChild(a->id).ok());
    QVERIFY(!hasChild(*sup, a->id));
    third = sup->startDynamicChild(QStringLiteral("c"));
    QVERIFY(third.ok());
    QCOMPARE(h.log.take(), L({"start a", "start b", "exit a (crash:boom)", "fail a", "start c"}));

    // 0 rejects every start.
    Harness h0;
    SupervisorFlags f0 = flags(Strategy::SimpleOneForOne);
    f0.maxChildren = 0;
    auto sup0 = h0.start(f0, {h0.worker("W")});
    QVERIFY(sup0);
    auto none = sup0->startDynamicChild(QStringLiteral("x"));
    QVERIFY(!none.ok());
    QCOMPARE(none.error().code, QStringLiteral("max_children"));
}

// 23. Backoff min 1 s, max 8 s, random factor 0, reset after 10 s: delays 1, 2, 4, 8, 8 s; after
// 10 s of uptime the next delay is 1 s; with random factor 0.2 and u = 0.5 the first is 1.1 s.
void TestOtpConformance::s23_backoff() {
    Harness h;
    ChildSpec spec = h.worker("A");
    spec.backoff = Backoff{1000, 8000, 0.0, 10000};
    auto sup = h.start(flags(Strategy::OneForOne, 100, 3600), {spec});
    QVERIFY(sup);
    h.log.take();
    int restarts = 0;
    for (qint64 delay : {1000, 2000, 4000, 8000, 8000}) {
        h.child("A")->crash();
        ++restarts;
        QCOMPARE(sup->restartsInWindow(), restarts);  // counted when decided
        QCOMPARE(stateOf(*sup, "A"), QStringLiteral("restarting"));
        h.clock.advance(delay - 1);
        QCOMPARE(h.log.take(), L({"exit A (crash:boom)"}));
        h.clock.advance(1);
        QCOMPARE(h.log.take(), L({"start A"}));
        QCOMPARE(stateOf(*sup, "A"), QStringLiteral("running"));
    }
    h.clock.advance(10000);  // ran for reset_after
    h.child("A")->crash();
    h.clock.advance(999);
    QCOMPARE(h.log.take(), L({"exit A (crash:boom)"}));
    h.clock.advance(1);
    QCOMPARE(h.log.take(), L({"start A"}));

    Harness h2;
    ChildSpec spec2 = h2.worker("A");
    spec2.backoff = Backoff{1000, 8000, 0.2, 10000};
    auto sup2 = h2.start(flags(Strategy::OneForOne, 100, 3600), {spec2});
    QVERIFY(sup2);
    sup2->setRandomSource([] { return 0.5; });
    h2.log.take();
    h2.child("A")->crash();
    h2.clock.advance(1099);
    QCOMPARE(h2.log.take(), L({"exit A (crash:boom)"}));
    h2.clock.advance(1);
    QCOMPARE(h2.log.take(), L({"start A"}));
}

// 24. Dynamic supervisor with 3 workers, 2 restarting -> specs 1, active 1, workers 3.
void TestOtpConformance::s24_dynamicCounts() {
    Harness h;
    h.script("w1").failFrom = 2;
    h.script("w2").failFrom = 2;
    auto sup = h.start(flags(Strategy::SimpleOneForOne, 10, 60), {h.worker("W")});
    QVERIFY(sup);
    for (const char* n : {"w1", "w2", "w3"})
        QVERIFY(sup->startDynamicChild(QString::fromLatin1(n)).ok());
    QCOMPARE(sup->countChildren(), counts(1, 3, 0, 3));
    h.child("w1")->crash();
    h.child("w2")->crash();
    QCOMPARE(sup->countChildren(), counts(1, 1, 0, 3));
    int restarting = 0;
    for (const ChildInfo& c : sup->whichChildren())
        restarting += c.state == ChildState::Restarting ? 1 : 0;
    QCOMPARE(restarting, 2);
}

QTEST_GUILESS_MAIN(TestOtpConformance)
#include "test_otp_conformance.moc"
