#include "agent/xo/detectors.h"
#include "xo_state_builder.h"

#include <QTest>

using namespace zerg::xo;
using namespace zerg::xo::test;

class TestXoDetectors : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // --- progress and stall -------------------------------------------------------------
    void progress_counts_new_calls_and_new_outputs_only() {
        StateBuilder b;
        b.ok("shell", cmd("ls"), "d1");  // turn 1: new call
        QCOMPARE(turnsSinceProgress(b.build()), 0);
        b.ok("shell", cmd("ls"), "d1");          // turn 2: same call, same output
        b.fail("shell", cmd("make"), "exit_2");  // turn 3: a failure
        b.talk("hmm");                           // turn 4: no tool call
        QCOMPARE(turnsSinceProgress(b.build()), 3);
        b.ok("shell", cmd("ls"), "d2");  // turn 5: same call, new output
        QCOMPARE(turnsSinceProgress(b.build()), 0);
        b.ok("shell", cmd("ls"), "d1");  // turn 6: an output seen before is not new
        QCOMPARE(turnsSinceProgress(b.build()), 1);
    }
    void progress_from_the_start_when_none() {
        StateBuilder b;
        b.talk("a").talk("b").fail("x", "{}", "c");
        QCOMPARE(turnsSinceProgress(b.build()), 3);
        QCOMPARE(turnsSinceProgress(AgentState{}), 0);
    }
    void stall_fires_past_the_limit_and_names_the_last_action() {
        StateBuilder b;
        b.ok("read_file", "{\"path\":\"notes\"}", "d1");
        for (int i = 0; i < 6; ++i)
            b.ok("read_file", "{\"path\":\"notes\"}", "d1");
        QVERIFY(!stall(b.build(), 6));  // exactly 6 turns: at the limit, not past it
        b.ok("read_file", "{\"path\":\"notes\"}", "d1");
        const auto f = stall(b.build(), 6);
        QVERIFY(f);
        QCOMPARE(f->type, QStringLiteral("stall"));
        QVERIFY2(f->detail.contains("7 turns"), qPrintable(f->detail));
        QVERIFY2(f->detail.contains("limit 6"), qPrintable(f->detail));
        QVERIFY2(f->detail.contains("`read_file {\"path\":\"notes\"}`"), qPrintable(f->detail));
    }
    void stall_counts_turns_without_tools_and_failures() {
        StateBuilder b;
        b.ok("shell", cmd("ls"), "d1");
        for (int i = 0; i < 4; ++i)
            b.talk(QStringLiteral("thinking %1").arg(i));
        for (int i = 0; i < 3; ++i)
            b.fail("shell", cmd(QStringLiteral("try%1").arg(i)), "exit_1");
        QVERIFY(stall(b.build(), 6));
        QVERIFY(!stall(b.build(), 7));
    }
    void stall_not_when_polling_sees_news_or_a_new_call_succeeds() {
        StateBuilder polling;
        for (int i = 0; i < 10; ++i)
            polling.ok("shell", cmd("status"), QStringLiteral("d%1").arg(i));
        QVERIFY(!stall(polling.build(), 2));

        StateBuilder recovered;
        for (int i = 0; i < 8; ++i)
            recovered.fail("shell", cmd("make"), "exit_2");
        recovered.ok("shell", cmd("make clean"), "d1");
        QVERIFY(!stall(recovered.build(), 6));
    }

    // --- loop ------------------------------------------------------------------------------
    void loop_same_action_three_times_in_the_window() {
        StateBuilder b;
        b.ok("shell", cmd("ls"), "d1")
            .ok("read_file", "{\"path\":\"a\"}", "d2")
            .ok("shell", cmd("ls"), "d1");
        QVERIFY(!loop(b.build()));  // twice is not a loop
        b.ok("shell", cmd("ls"), "d1");
        const auto f = loop(b.build());
        QVERIFY(f);
        QCOMPARE(f->type, QStringLiteral("loop"));
        QVERIFY2(f->detail.contains("`shell {\"command\":\"ls\"}` 3 times in your last 4 calls"),
                 qPrintable(f->detail));
        QVERIFY2(f->detail.contains("same result each time"), qPrintable(f->detail));
    }
    void loop_not_with_different_args() {
        StateBuilder b;
        for (int i = 0; i < 6; ++i)
            b.ok("shell", cmd(QStringLiteral("ls %1").arg(i)), "d1");
        QVERIFY(!loop(b.build()));
    }
    void loop_only_within_the_last_six_calls() {
        StateBuilder b;
        b.ok("shell", cmd("ls"), "d1");  // falls out of the window
        b.ok("a", "{}", "1").ok("b", "{}", "2").ok("c", "{}", "3");
        b.ok("shell", cmd("ls"), "d1").ok("d", "{}", "4").ok("shell", cmd("ls"), "d1");
        QVERIFY(!loop(b.build()));
        b.ok("shell", cmd("ls"), "d1");
        QVERIFY(loop(b.build()));
    }
    void loop_not_when_every_repeat_sees_something_new() {
        StateBuilder b;
        for (int i = 0; i < 5; ++i)
            b.ok("shell", cmd("job status"), QStringLiteral("d%1").arg(i));
        QVERIFY(!loop(b.build()));
        b.ok("shell", cmd("job status"), "d4");  // the same answer again: now it is a loop
        QVERIFY(loop(b.build()));
    }
    void loop_same_failing_action_says_it_failed_each_time() {
        StateBuilder b;
        for (int i = 0; i < 3; ++i)
            b.fail("shell", cmd("make"), "exit_2", "make: *** No rule to make target");
        const auto f = loop(b.build());
        QVERIFY(f);
        QVERIFY2(f->detail.contains("failed the same way each time (exit_2: make: *** No rule"),
                 qPrintable(f->detail));
    }
    void loop_same_tool_same_error_in_a_row() {
        StateBuilder b;
        b.fail("ssh", "{\"host\":\"a\"}", "connect_failed")
            .fail("ssh", "{\"host\":\"b\"}", "connect_failed");
        QVERIFY(!loop(b.build()));
        b.fail("ssh", "{\"host\":\"c\"}", "connect_failed");
        const auto f = loop(b.build());
        QVERIFY(f);
        QVERIFY2(f->detail.contains("`ssh` failed 3 times in a row with the same error "
                                    "(connect_failed: it failed)"),
                 qPrintable(f->detail));
    }
    void loop_same_error_text_when_no_code() {
        StateBuilder same;
        for (int i = 0; i < 3; ++i)
            same.fail("read_file", QStringLiteral("{\"path\":\"%1\"}").arg(i), {},
                      "No such file  or directory");
        QVERIFY(loop(same.build()));

        StateBuilder different;
        for (int i = 0; i < 3; ++i)
            different.fail("read_file", QStringLiteral("{\"path\":\"%1\"}").arg(i), {},
                           QStringLiteral("No such file: %1").arg(i));
        QVERIFY(!loop(different.build()));
    }
    void loop_not_when_a_success_or_another_error_breaks_the_run() {
        StateBuilder interrupted;
        interrupted.fail("ssh", "{\"host\":\"a\"}", "connect_failed")
            .fail("ssh", "{\"host\":\"b\"}", "connect_failed")
            .ok("ssh", "{\"host\":\"c\"}", "d1")
            .fail("ssh", "{\"host\":\"d\"}", "connect_failed");
        QVERIFY(!loop(interrupted.build()));

        StateBuilder otherError;
        otherError.fail("ssh", "{\"host\":\"a\"}", "connect_failed")
            .fail("ssh", "{\"host\":\"b\"}", "auth_failed")
            .fail("ssh", "{\"host\":\"c\"}", "connect_failed");
        QVERIFY(!loop(otherError.build()));
    }

    // --- repetition ------------------------------------------------------------------------
    void repetition_three_same_answers_without_acting() {
        StateBuilder b;
        b.talk("I will now check the logs.").talk("i will now  check the logs.");
        QVERIFY(!repetition(b.build()));
        b.talk("  I WILL NOW CHECK THE LOGS.\n");
        const auto f = repetition(b.build());
        QVERIFY(f);
        QCOMPARE(f->type, QStringLiteral("repetition"));
        QVERIFY2(f->detail.contains("CHECK THE LOGS"), qPrintable(f->detail));
    }
    void repetition_not_when_it_acts_or_says_nothing_or_something_else() {
        StateBuilder acting;
        acting.talk("Checking.").talk("Checking.").ok("shell", cmd("ls"), "d");
        AgentState s = acting.build();
        s.turns.last().text = QStringLiteral("Checking.");  // same text, but it made a call
        QVERIFY(!repetition(s));

        StateBuilder empty;
        empty.talk("").talk(" ").talk("");
        QVERIFY(!repetition(empty.build()));

        StateBuilder different;
        different.talk("Checking.").talk("Checking.").talk("Checking again.");
        QVERIFY(!repetition(different.build()));
    }

    // --- oscillation -----------------------------------------------------------------------
    void oscillation_of_actions_without_news() {
        StateBuilder b;
        b.ok("shell", cmd("cd /a"), "1")
            .ok("shell", cmd("cd /b"), "2")
            .ok("shell", cmd("cd /a"), "1");
        QVERIFY(!oscillation(b.build()));  // A, B, A
        b.ok("shell", cmd("cd /b"), "2");
        const auto f = oscillation(b.build());
        QVERIFY(f);
        QCOMPARE(f->type, QStringLiteral("oscillation"));
        QVERIFY2(f->detail.contains("`shell {\"command\":\"cd /a\"}` and "
                                    "`shell {\"command\":\"cd /b\"}`"),
                 qPrintable(f->detail));
    }
    void oscillation_not_when_repeats_see_news_or_the_pattern_breaks() {
        StateBuilder news;  // edit, test, edit, test, and the test output changes
        news.ok("shell", cmd("make"), "1").ok("shell", cmd("test"), "2");
        news.ok("shell", cmd("make"), "1").ok("shell", cmd("test"), "3");
        QVERIFY(!oscillation(news.build()));

        StateBuilder abac;
        abac.ok("a", "{}", "1").ok("b", "{}", "2").ok("a", "{}", "1").ok("c", "{}", "3");
        QVERIFY(!oscillation(abac.build()));

        StateBuilder same;
        for (int i = 0; i < 4; ++i)
            same.ok("a", "{}", "1");
        QVERIFY(!oscillation(same.build()));
    }
    void oscillation_of_failures() {
        StateBuilder b;
        b.fail("ssh", "{\"host\":\"a\"}", "connect_failed")
            .ok("note", "{\"n\":1}", "x")
            .fail("scp", "{\"file\":\"a\"}", "no_such_file")
            .fail("ssh", "{\"host\":\"b\"}", "connect_failed")
            .fail("scp", "{\"file\":\"b\"}", "no_such_file");
        const auto f = oscillation(b.build());
        QVERIFY(f);
        QVERIFY2(f->detail.contains("`ssh` (connect_failed: it failed) and `scp` (no_such_file"),
                 qPrintable(f->detail));
    }
    void oscillation_of_failures_near_misses() {
        StateBuilder three;
        three.fail("ssh", "{\"h\":1}", "x")
            .fail("scp", "{\"f\":1}", "y")
            .fail("ssh", "{\"h\":2}", "x");
        QVERIFY(!oscillation(three.build()));

        StateBuilder movedOn;  // A, B, A, B failed, then a success: the agent moved on
        movedOn.fail("ssh", "{\"h\":1}", "x").fail("scp", "{\"f\":1}", "y");
        movedOn.fail("ssh", "{\"h\":2}", "x").fail("scp", "{\"f\":2}", "y");
        QVERIFY(oscillation(movedOn.build()));
        movedOn.ok("shell", cmd("ls"), "d");
        QVERIFY(!oscillation(movedOn.build()));

        StateBuilder otherError;
        otherError.fail("ssh", "{\"h\":1}", "x").fail("scp", "{\"f\":1}", "y");
        otherError.fail("ssh", "{\"h\":2}", "z").fail("scp", "{\"f\":2}", "y");
        QVERIFY(!oscillation(otherError.build()));
    }

    // --- context ---------------------------------------------------------------------------
    void context_thresholds_data() {
        QTest::addColumn<qint64>("tokens");
        QTest::addColumn<qint64>("window");
        QTest::addColumn<bool>("fires");
        QTest::addColumn<bool>("urgent");
        QTest::addColumn<QString>("percent");
        QTest::newRow("79.99 %") << qint64(7999) << qint64(10000) << false << false << "";
        QTest::newRow("80 %") << qint64(8000) << qint64(10000) << true << false << "80%";
        QTest::newRow("89 %") << qint64(89999) << qint64(100000) << true << false << "89%";
        QTest::newRow("90 %") << qint64(90000) << qint64(100000) << true << true << "90%";
        QTest::newRow("over") << qint64(130000) << qint64(100000) << true << true << "130%";
        QTest::newRow("unknown window") << qint64(130000) << qint64(0) << false << false << "";
    }
    void context_thresholds() {
        QFETCH(qint64, tokens);
        QFETCH(qint64, window);
        QFETCH(bool, fires);
        QFETCH(bool, urgent);
        QFETCH(QString, percent);
        const auto f = contextFill(StateBuilder().context(tokens, window).build());
        QCOMPARE(bool(f), fires);
        if (!f)
            return;
        QCOMPARE(f->type, QStringLiteral("context"));
        QCOMPARE(f->urgent, urgent);
        QVERIFY2(f->detail.contains(percent + " of the context window used"),
                 qPrintable(f->detail));
        QVERIFY2(f->detail.contains(urgent ? "urgent from 90%" : "warning from 80%"),
                 qPrintable(f->detail));
    }

    // --- cascade ---------------------------------------------------------------------------
    void cascade_three_different_tools_failing() {
        StateBuilder b;
        b.fail("shell", cmd("ls /srv"), "exit_2", "No such file or directory")
            .ok("note", "{}", "x")
            .fail("read_file", "{\"path\":\"/srv/a\"}", "not_found");
        QVERIFY(!cascade(b.build()));  // two tools
        b.fail("ssh", "{\"host\":\"db\"}", "connect_failed", "Connection refused");
        const auto f = cascade(b.build());
        QVERIFY(f);
        QCOMPARE(f->type, QStringLiteral("cascade"));
        QVERIFY2(f->detail.contains("3 different tools failed in your last 4 calls"),
                 qPrintable(f->detail));
        QVERIFY2(f->detail.contains("`shell` (exit_2: No such file or directory)"),
                 qPrintable(f->detail));
        QVERIFY2(f->detail.contains("`read_file` (not_found: it failed)"), qPrintable(f->detail));
        QVERIFY2(f->detail.contains("`ssh` (connect_failed: Connection refused)"),
                 qPrintable(f->detail));
    }
    void cascade_near_misses() {
        StateBuilder twoTools;
        for (int i = 0; i < 5; ++i)
            twoTools.fail(i % 2 ? "ssh" : "shell", QStringLiteral("{\"i\":%1}").arg(i), "e");
        QVERIFY(!cascade(twoTools.build()));

        StateBuilder spread;  // the first failure is six calls back
        spread.fail("shell", "{}", "e").fail("ssh", "{}", "e");
        spread.ok("a", "{}", "1").ok("b", "{}", "2").ok("c", "{}", "3");
        spread.fail("read_file", "{}", "e").fail("ssh", "{}", "e");
        QVERIFY(!cascade(spread.build()));
    }

    // --- PACE ------------------------------------------------------------------------------
    void pace_follows_failures_since_success() {
        const PaceRules rules;
        StateBuilder b;
        b.ok("a", "{}", "1");
        QCOMPARE(assessPace(b.build(), rules), Pace::Primary);
        b.fail("a", "{\"i\":1}", "e");
        QCOMPARE(assessPace(b.build(), rules), Pace::Primary);
        b.fail("a", "{\"i\":2}", "e");
        QCOMPARE(failuresSinceSuccess(b.build()), 2);
        QCOMPARE(assessPace(b.build(), rules), Pace::Alternate);
        b.fail("a", "{\"i\":3}", "e").fail("a", "{\"i\":4}", "e");
        QCOMPARE(assessPace(b.build(), rules), Pace::Contingent);
        QVERIFY2(
            paceReason(b.build(), rules).contains("4 tool calls failed since the last success"),
            qPrintable(paceReason(b.build(), rules)));
        b.fail("a", "{\"i\":5}", "e").fail("a", "{\"i\":6}", "e");
        QCOMPARE(assessPace(b.build(), rules), Pace::Contingent);
        b.fail("a", "{\"i\":7}", "e");
        QCOMPARE(assessPace(b.build(), rules), Pace::Emergency);
        b.ok("a", "{\"i\":8}", "2");
        QCOMPARE(failuresSinceSuccess(b.build()), 0);
        QCOMPARE(assessPace(b.build(), rules), Pace::Primary);
    }
    void pace_follows_context_fill() {
        const PaceRules rules;
        QCOMPARE(assessPace(StateBuilder().context(84, 100).build(), rules), Pace::Primary);
        QCOMPARE(assessPace(StateBuilder().context(85, 100).build(), rules), Pace::Contingent);
        QCOMPARE(assessPace(StateBuilder().context(95, 100).build(), rules), Pace::Emergency);
        QCOMPARE(paceReason(StateBuilder().context(95, 100).build(), rules),
                 QStringLiteral("context 95% full"));
        PaceRules off;
        off.contingentContextFill = 0;
        off.emergencyContextFill = 0;
        QCOMPARE(assessPace(StateBuilder().context(99, 100).build(), off), Pace::Primary);
    }
    void pace_names() {
        QCOMPARE(zerg::statusName(Pace::Primary), QStringLiteral("primary"));
        QCOMPARE(zerg::statusName(Pace::Alternate), QStringLiteral("alternate"));
        QCOMPARE(zerg::statusName(Pace::Contingent), QStringLiteral("contingent"));
        QCOMPARE(zerg::statusName(Pace::Emergency), QStringLiteral("emergency"));
    }
};

QTEST_GUILESS_MAIN(TestXoDetectors)
#include "test_xo_detectors.moc"
