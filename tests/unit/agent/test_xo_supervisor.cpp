#include "agent/xo/xo_supervisor.h"
#include "xo_state_builder.h"

#include <QRegularExpression>
#include <QTest>

using namespace zerg::xo;
using namespace zerg::xo::test;

namespace {

QString n(int i) {
    return QStringLiteral("{\"n\":%1}").arg(i);
}

// "[SUPERVISOR] " and at most three sentences.
bool wellFormed(const Steering& s) {
    static const QRegularExpression sentenceEnd(QStringLiteral("[.!?](\\s|$)"));
    return s.message.startsWith(QStringLiteral("[SUPERVISOR] ")) &&
           s.message.count(sentenceEnd) <= 3 && !s.anomaly.isEmpty();
}

Config everyTurn() {
    Config c;
    c.everyTurns = 1;
    return c;
}

}  // namespace

// Each evaluates its expression once (it may be an afterIteration() call).
#define STEERS(expr, type)                                                       \
    do {                                                                         \
        const std::optional<Steering> steering_ = (expr);                        \
        QVERIFY2(steering_.has_value(), "expected a steering message of " type); \
        QVERIFY2(wellFormed(*steering_), qPrintable(steering_->message));        \
        QCOMPARE(steering_->anomaly, QStringLiteral(type));                      \
    } while (false)

#define QUIET(expr)                                                                               \
    do {                                                                                          \
        const std::optional<Steering> steering_ = (expr);                                         \
        QVERIFY2(!steering_.has_value(), qPrintable(steering_ ? steering_->message : QString())); \
    } while (false)

class TestXoSupervisor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // 1
    void disabled_never_steers_nor_changes_state() {
        Config c;
        c.enabled = false;
        XoSupervisor xo(c);
        const QJsonObject fresh = xo.snapshot();
        StateBuilder b;
        b.context(99, 100);
        const QStringList tools = {"shell", "read_file", "ssh"};
        for (int t = 1; t <= 12; ++t) {
            b.fail(tools[t % 3], cmd("make"), "exit_2");
            QUIET(xo.afterIteration(b.build()));
        }
        QCOMPARE(xo.pace(), Pace::Primary);
        QCOMPARE(xo.health(), QStringLiteral("ok"));
        QCOMPARE(xo.steeringCount(), 0);
        QCOMPARE(xo.ignoredSteering(), 0);
        QVERIFY(!xo.shouldEscalate());
        QCOMPARE(xo.snapshot(), fresh);
        QCOMPARE(fresh.value("turns_since_progress").toInt(), 0);
    }

    // 2
    void normal_run_injects_nothing() {
        XoSupervisor xo{Config{}};
        StateBuilder b;
        for (int t = 1; t <= 12; ++t) {
            b.context(5000 * t, 100000);  // up to 60 %
            if (t == 4) {
                b.fail("shell", cmd("make"), "exit_2", "undefined reference to foo");
            } else if (t == 6) {  // reads a file twice in one turn: two repeats are fine
                b.ok("read_file", "{\"path\":\"main.c\"}", "m1")
                    .andOk("read_file", "{\"path\":\"main.c\"}", "m1");
            } else {
                b.ok("shell", cmd(QStringLiteral("step %1").arg(t)), QStringLiteral("d%1").arg(t));
            }
            QUIET(xo.afterIteration(b.build()));
        }
        QCOMPARE(xo.steeringCount(), 0);
        QCOMPARE(xo.pace(), Pace::Primary);
        QCOMPARE(xo.health(), QStringLiteral("ok"));
        const QJsonObject snap = xo.snapshot();
        QCOMPARE(snap.value("last_anomaly").toString(), QString());
        QCOMPARE(snap.value("turns_since_progress").toInt(), 0);
    }

    // 3
    void stall_after_max_turns_without_progress() {
        XoSupervisor xo{Config{}};  // a check every 3 turns, stall past 6
        StateBuilder b;
        b.ok("shell", cmd("ls"), "d1");
        QUIET(xo.afterIteration(b.build()));
        for (int t = 2; t <= 8; ++t) {
            b.talk(QStringLiteral("thinking about step %1").arg(t));
            QUIET(xo.afterIteration(b.build()));  // checks at 3 and 6 find nothing yet
        }
        b.talk("thinking about step 9");
        const auto s = xo.afterIteration(b.build());
        STEERS(s, "stall");
        QVERIFY2(s->message.startsWith("[SUPERVISOR] Stall: "), qPrintable(s->message));
        QVERIFY2(s->message.contains("8 turns (limit 6)"), qPrintable(s->message));
        QVERIFY2(s->message.contains("`shell {\"command\":\"ls\"}`"), qPrintable(s->message));
        QVERIFY2(s->message.contains("try something different, or ask the user"),
                 qPrintable(s->message));
        QCOMPARE(xo.snapshot().value("last_anomaly").toString(), QStringLiteral("stall"));
        QCOMPARE(xo.snapshot().value("turns_since_progress").toInt(), 8);
        QCOMPARE(xo.health(), QStringLiteral("degraded"));
    }

    // 4
    void loop_names_the_pattern() {
        XoSupervisor xo{Config{}};
        StateBuilder b;
        b.ok("shell", cmd("make"), "nothing-to-do");
        QUIET(xo.afterIteration(b.build()));
        b.ok("shell", cmd("make"), "nothing-to-do");
        QUIET(xo.afterIteration(b.build()));
        b.ok("shell", cmd("make"), "nothing-to-do");
        const auto s = xo.afterIteration(b.build());
        STEERS(s, "loop");
        // Not a per-tool hint ("Tool guidance: ..."): it names the behaviour and its count.
        QVERIFY(!s->message.contains("Tool guidance:"));
        QVERIFY2(s->message.startsWith("[SUPERVISOR] Loop: you called "
                                       "`shell {\"command\":\"make\"}` 3 times in your last 3 "
                                       "calls and got the same result each time."),
                 qPrintable(s->message));
        QVERIFY2(s->message.endsWith("Try a different approach instead of repeating it."),
                 qPrintable(s->message));
    }
    void loop_of_failures_names_the_error() {
        XoSupervisor xo{Config{}};
        StateBuilder b;
        for (int t = 1; t <= 2; ++t) {
            b.fail("ssh", QStringLiteral("{\"host\":\"h%1\"}").arg(t), "connect_failed",
                   "Connection refused");
            QUIET(xo.afterIteration(b.build()));
        }
        b.fail("ssh", "{\"host\":\"h3\"}", "connect_failed", "Connection refused");
        const auto s = xo.afterIteration(b.build());
        STEERS(s, "loop");
        QVERIFY2(s->message.contains("`ssh` failed 3 times in a row with the same error "
                                     "(connect_failed: Connection refused)"),
                 qPrintable(s->message));
        QCOMPARE(s->pace, Pace::Alternate);  // 3 failures: alternate, which says nothing itself
    }

    // 5: 80 % and 90 % share the type "context"; the 90 % one is news and skips the cooldown the
    // 80 % one started, but not its own; going back down to 80 % waits for the cooldown.
    void context_80_then_90() {
        XoSupervisor xo{everyTurn()};
        StateBuilder b;
        const auto turn = [&](int t, qint64 tokens) {
            b.context(tokens, 10000).ok("shell", cmd(QStringLiteral("s%1").arg(t)), "d");
            return xo.afterIteration(b.build());
        };
        const auto warn = turn(1, 8000);
        STEERS(warn, "context");
        QVERIFY2(
            warn->message.contains("Context filling up: 80% of the context window used (8000 of "
                                   "10000 tokens; warning from 80%)."),
            qPrintable(warn->message));
        QVERIFY2(warn->message.contains("Wrap up the current task or summarize"),
                 qPrintable(warn->message));

        const auto urgent = turn(2, 9000);
        STEERS(urgent, "context");
        QVERIFY2(
            urgent->message.contains("Context nearly exhausted: 90% of the context window used "
                                     "(9000 of 10000 tokens; urgent from 90%)."),
            qPrintable(urgent->message));
        QVERIFY2(urgent->message.contains("Finish the immediate task and answer the user now"),
                 qPrintable(urgent->message));
        QVERIFY(urgent->message != warn->message);
        QCOMPARE(urgent->pace, Pace::Contingent);  // 90 % > 85 %: contingent, said as context

        QUIET(turn(3, 9100));  // the urgent one's cooldown
        QUIET(turn(4, 9200));
        STEERS(turn(5, 9200), "context");   // 3 turns later: again
        QCOMPARE(xo.ignoredSteering(), 1);  // still over 80 % after the cooldown

        QUIET(turn(6, 8200));  // compacted to 82 %: same type, within the cooldown
        QUIET(turn(7, 8200));
        const auto again = turn(8, 8200);
        STEERS(again, "context");
        QVERIFY2(again->message.contains("Wrap up"), qPrintable(again->message));
    }

    // 6
    void pace_contingent_quotes_the_role() {
        Config c = everyTurn();
        c.contingentGuidance = QStringLiteral("Fall back to the read-only replica.");
        XoSupervisor xo(c);
        StateBuilder b;
        b.ok("deploy", n(0), "d0");
        QUIET(xo.afterIteration(b.build()));
        for (int t = 1; t <= 3; ++t) {
            b.fail("deploy", n(t), QStringLiteral("exit_%1").arg(t));
            QUIET(xo.afterIteration(b.build()));
        }
        QCOMPARE(xo.pace(), Pace::Alternate);
        QCOMPARE(xo.health(), QStringLiteral("degraded"));
        b.fail("deploy", n(4), "exit_4", "rollout timed out");
        const auto s = xo.afterIteration(b.build());
        STEERS(s, "pace");
        QCOMPARE(s->pace, Pace::Contingent);
        QVERIFY(!s->emergency);
        QCOMPARE(s->message,
                 QStringLiteral("[SUPERVISOR] PACE contingent: 4 tool calls failed since the last "
                                "success (the last: `deploy`: exit_4: rollout timed out). Fall "
                                "back to the read-only replica."));
        QCOMPARE(xo.pace(), Pace::Contingent);
        QVERIFY(!xo.shouldEscalate());
    }

    // 7
    void cooldown_per_type() {
        Config c = everyTurn();
        c.maxTurnsWithoutProgress = 2;
        XoSupervisor xo(c);
        StateBuilder b;
        const auto turn = [&](int t) {
            b.talk(QStringLiteral("considering option %1").arg(t));
            return xo.afterIteration(b.build());
        };
        QUIET(turn(1));
        QUIET(turn(2));
        STEERS(turn(3), "stall");
        QUIET(turn(4));
        QUIET(turn(5));
        STEERS(turn(6), "stall");
        QCOMPARE(xo.steeringCount(), 2);
    }

    // 8
    void cascade_says_verify_the_environment() {
        XoSupervisor xo{Config{}};
        StateBuilder b;
        b.fail("shell", cmd("ls /srv/app"), "exit_2", "No such file or directory");
        QUIET(xo.afterIteration(b.build()));
        b.fail("read_file", "{\"path\":\"/srv/app/conf\"}", "not_found", "not found");
        QUIET(xo.afterIteration(b.build()));
        b.fail("ssh", "{\"host\":\"db1\"}", "connect_failed", "Connection refused");
        const auto s = xo.afterIteration(b.build());
        STEERS(s, "cascade");
        QVERIFY2(s->message.startsWith("[SUPERVISOR] Cascade failure: 3 different tools failed "
                                       "in your last 3 calls: `shell` (exit_2: No such file or "
                                       "directory), `read_file` (not_found: not found), `ssh` "
                                       "(connect_failed: Connection refused)."),
                 qPrintable(s->message));
        QVERIFY2(s->message.contains("the host is reachable, the paths exist and the credentials "
                                     "work"),
                 qPrintable(s->message));
    }

    void oscillation_between_two_actions() {
        XoSupervisor xo{everyTurn()};
        StateBuilder b;
        b.ok("shell", cmd("git checkout main"), "1");
        QUIET(xo.afterIteration(b.build()));
        b.ok("shell", cmd("git checkout dev"), "2");
        QUIET(xo.afterIteration(b.build()));
        b.ok("shell", cmd("git checkout main"), "1");
        QUIET(xo.afterIteration(b.build()));
        b.ok("shell", cmd("git checkout dev"), "2");
        const auto s = xo.afterIteration(b.build());
        STEERS(s, "oscillation");
        QVERIFY2(s->message.contains("`shell {\"command\":\"git checkout main\"}` and "
                                     "`shell {\"command\":\"git checkout dev\"}`"),
                 qPrintable(s->message));
        QVERIFY2(s->message.contains("Stop switching between these two"), qPrintable(s->message));
    }

    void repetition_monologue() {
        XoSupervisor xo{Config{}};
        StateBuilder b;
        b.talk("Let me look into the build failure.");
        QUIET(xo.afterIteration(b.build()));
        b.talk("Let me look into the build failure.");
        QUIET(xo.afterIteration(b.build()));
        b.talk("let me look into the  build failure.");
        const auto s = xo.afterIteration(b.build());
        STEERS(s, "repetition");
        QVERIFY2(s->message.contains("your last 3 answers said the same thing without acting"),
                 qPrintable(s->message));
        QVERIFY2(s->message.contains("Take one concrete action now"), qPrintable(s->message));
    }

    void cascade_outranks_loop_which_follows_in_its_cooldown() {
        Config c = everyTurn();
        c.pace.contingentAfterFailures = 10;  // keep PACE out of this one
        c.pace.emergencyAfterFailures = 20;
        XoSupervisor xo(c);
        StateBuilder b;
        b.fail("shell", cmd("make"), "exit_2")
            .andFail("read_file", "{\"path\":\"Makefile\"}", "not_found")
            .andFail("ssh", "{\"host\":\"build\"}", "connect_failed")
            .andFail("shell", cmd("make"), "exit_2")
            .andFail("shell", cmd("make"), "exit_2");
        STEERS(xo.afterIteration(b.build()), "cascade");  // loop is there too, and ranks lower
        b.fail("shell", cmd("make"), "exit_2");
        const auto s = xo.afterIteration(b.build());  // cascade cools down: the loop speaks
        STEERS(s, "loop");
        QVERIFY2(s->message.contains("`shell {\"command\":\"make\"}` 4 times in your last 6 calls"),
                 qPrintable(s->message));
    }

    void pace_outranks_cascade() {
        XoSupervisor xo{everyTurn()};
        StateBuilder b;
        b.fail("shell", cmd("make"), "exit_2")
            .andFail("read_file", "{\"path\":\"Makefile\"}", "not_found")
            .andFail("ssh", "{\"host\":\"build\"}", "connect_failed")
            .andFail("scp", "{\"file\":\"x\"}", "connect_failed");
        STEERS(xo.afterIteration(b.build()), "pace");
        b.fail("git", "{}", "exit_128");
        STEERS(xo.afterIteration(b.build()), "cascade");  // PACE cools down
    }

    void emergency_at_once_ignores_cooldown_and_escalates() {
        Config c;  // a check every 3 turns
        c.emergencyGuidance = QStringLiteral("Stop and write down what works.");
        XoSupervisor xo(c);
        StateBuilder b;
        b.ok("shell", cmd("ls"), "d");
        QUIET(xo.afterIteration(b.build()));
        b.fail("shell", n(1), "e1")
            .andFail("shell", n(2), "e2")
            .andFail("shell", n(3), "e3")
            .andFail("shell", n(4), "e4");
        QUIET(xo.afterIteration(b.build()));  // contingent, but no check at turn 2
        b.fail("shell", n(5), "e5");
        const auto contingent = xo.afterIteration(b.build());
        STEERS(contingent, "pace");
        QVERIFY(!contingent->emergency);
        QVERIFY(!xo.shouldEscalate());

        b.fail("shell", n(6), "e6").andFail("shell", n(7), "e7");
        const auto emergency = xo.afterIteration(b.build());  // turn 4: no check, yet at once
        STEERS(emergency, "pace");
        QVERIFY(emergency->emergency);
        QCOMPARE(emergency->pace, Pace::Emergency);
        QVERIFY2(emergency->message.startsWith("[SUPERVISOR] PACE emergency: 7 tool calls failed"),
                 qPrintable(emergency->message));
        QVERIFY2(emergency->message.endsWith("Stop and write down what works."),
                 qPrintable(emergency->message));
        QVERIFY(xo.shouldEscalate());
        QCOMPARE(xo.health(), QStringLiteral("critical"));

        b.ok("shell", cmd("echo done"), "d2");  // a success does not undo an emergency
        QUIET(xo.afterIteration(b.build()));
        QCOMPARE(xo.pace(), Pace::Emergency);
        b.ok("shell", cmd("echo done again"), "d3");
        const auto again = xo.afterIteration(b.build());  // turn 6: 2 turns after, no cooldown
        STEERS(again, "pace");
        QVERIFY(again->emergency);
        QCOMPARE(xo.snapshot().value("pace").toString(), QStringLiteral("emergency"));
    }

    void emergency_from_context_fill() {
        XoSupervisor xo{Config{}};
        StateBuilder b;
        b.context(9500, 10000).ok("shell", cmd("ls"), "d");
        const auto s = xo.afterIteration(b.build());
        STEERS(s, "pace");
        QVERIFY(s->emergency);
        QVERIFY2(s->message.contains("PACE emergency: context 95% full."), qPrintable(s->message));
    }

    void ignored_steering_counts_and_escalates() {
        Config c;  // checks every 3 turns, cooldown 3, ignore limit 3
        c.maxTurnsWithoutProgress = 2;
        XoSupervisor xo(c);
        StateBuilder b;
        QList<int> steeredAt;
        for (int t = 1; t <= 12; ++t) {
            b.talk(QStringLiteral("I am considering option %1").arg(t));
            if (const auto s = xo.afterIteration(b.build())) {
                QCOMPARE(s->anomaly, QStringLiteral("stall"));
                steeredAt.append(t);
            }
            if (t < 12)
                QVERIFY(!xo.shouldEscalate());
        }
        QCOMPARE(steeredAt, (QList<int>{3, 6, 9, 12}));
        QCOMPARE(xo.ignoredSteering(), 3);
        QVERIFY(xo.shouldEscalate());
        QCOMPARE(xo.health(), QStringLiteral("critical"));
        QCOMPARE(xo.snapshot().value("ignored").toInt(), 3);
        QCOMPARE(xo.snapshot().value("steering_count").toInt(), 4);
    }

    void followed_steering_is_not_ignored() {
        Config c;
        c.maxTurnsWithoutProgress = 2;
        XoSupervisor xo(c);
        StateBuilder b;
        for (int t = 1; t <= 2; ++t) {
            b.talk(QStringLiteral("option %1").arg(t));
            QUIET(xo.afterIteration(b.build()));
        }
        b.talk("option 3");
        STEERS(xo.afterIteration(b.build()), "stall");
        QCOMPARE(xo.health(), QStringLiteral("degraded"));
        b.ok("shell", cmd("try another way"), "new");  // turn 4: it acted on the steering
        QUIET(xo.afterIteration(b.build()));
        b.talk("option 5");
        QUIET(xo.afterIteration(b.build()));
        b.talk("option 6");
        QUIET(xo.afterIteration(b.build()));  // check at 6: 2 turns since progress, not past 2
        QCOMPARE(xo.ignoredSteering(), 0);
        QCOMPARE(xo.health(), QStringLiteral("ok"));
    }

    void nothing_between_radio_checks() {
        Config c;
        c.everyTurns = 4;
        c.maxTurnsWithoutProgress = 0;  // stalled from the first turn on
        XoSupervisor xo(c);
        StateBuilder b;
        QList<int> steeredAt;
        for (int t = 1; t <= 9; ++t) {
            b.talk(QStringLiteral("step %1").arg(t));
            if (xo.afterIteration(b.build()))
                steeredAt.append(t);
        }
        QCOMPARE(steeredAt, (QList<int>{4, 8}));
        QCOMPARE(xo.steeringCount(), 2);
    }

    void health_and_pace_follow_the_state() {
        XoSupervisor xo{Config{}};
        QCOMPARE(xo.health(), QStringLiteral("ok"));
        QCOMPARE(xo.pace(), Pace::Primary);
        StateBuilder b;
        b.fail("shell", n(1), "e1").andFail("shell", n(2), "e2");
        QUIET(xo.afterIteration(b.build()));
        QCOMPARE(xo.pace(), Pace::Alternate);
        QCOMPARE(xo.health(), QStringLiteral("degraded"));
        b.fail("shell", n(3), "e3").andFail("shell", n(4), "e4");
        QUIET(xo.afterIteration(b.build()));
        QCOMPARE(xo.pace(), Pace::Contingent);
        QCOMPARE(xo.snapshot().value("pace").toString(), QStringLiteral("contingent"));
        b.ok("shell", n(5), "d5");  // a success brings it back down (only emergency sticks)
        const auto s = xo.afterIteration(b.build());  // turn 3: a check, and all is well
        QUIET(s);
        QCOMPARE(xo.pace(), Pace::Primary);
        QCOMPARE(xo.health(), QStringLiteral("ok"));
    }

    void snapshot_has_the_fields() {
        XoSupervisor xo{everyTurn()};
        StateBuilder b;
        b.fail("a", "{}", "x").andFail("b", "{}", "y").andFail("c", "{}", "z");
        STEERS(xo.afterIteration(b.build()), "cascade");
        const QJsonObject snap = xo.snapshot();
        QCOMPARE(snap.keys(), (QStringList{"health", "ignored", "last_anomaly", "pace",
                                           "steering_count", "turns_since_progress"}));
        QCOMPARE(snap.value("pace").toString(), QStringLiteral("alternate"));
        QCOMPARE(snap.value("health").toString(), QStringLiteral("degraded"));
        QCOMPARE(snap.value("steering_count").toInt(), 1);
        QCOMPARE(snap.value("ignored").toInt(), 0);
        QCOMPARE(snap.value("last_anomaly").toString(), QStringLiteral("cascade"));
        QCOMPARE(snap.value("turns_since_progress").toInt(), 1);
    }
};

QTEST_GUILESS_MAIN(TestXoSupervisor)
#include "test_xo_supervisor.moc"
