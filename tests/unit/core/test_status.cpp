// The status vocabularies (core/status.h): one table per enum, the worker's state machine, and
// what a worker's row and its agent state say for each live state.
#include "core/status.h"

#include <QTest>

using namespace zerg;

namespace {

template <typename E>
void roundTrips() {
    const QStringList names = statusNames<E>();
    QVERIFY(!names.isEmpty());
    QCOMPARE(QSet<QString>(names.cbegin(), names.cend()).size(), names.size());  // no duplicate
    for (const auto& [value, name] : StatusTable<E>::names) {
        QCOMPARE(statusName(value), QLatin1String(name));
        QCOMPARE(parseStatus<E>(QString::fromLatin1(name)), std::optional<E>(value));
    }
    QVERIFY(!parseStatus<E>(u"bogus").has_value());
    QVERIFY(!parseStatus<E>(u"").has_value());
    QVERIFY(!parseStatus<E>(names.first().toUpper()).has_value());  // exact words only
}

constexpr WorkerStatus kAll[] = {
    WorkerStatus::Queued,           WorkerStatus::Starting,   WorkerStatus::Running,
    WorkerStatus::AwaitingApproval, WorkerStatus::Restarting, WorkerStatus::Success,
    WorkerStatus::Failed,           WorkerStatus::Cancelled,  WorkerStatus::Timeout};

}  // namespace

class TestStatus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyTableRoundTrips() {
        roundTrips<WorkerStatus>();
        roundTrips<JobStatus>();
        roundTrips<RunStatus>();
        roundTrips<ScheduleRunStatus>();
        roundTrips<AgentState>();
        roundTrips<CallOutcome>();
    }

    // The words on disk since the first schema: changing one would need a data migration.
    void storedWordsAreTheSchemasWords() {
        QCOMPARE(statusNames<JobStatus>(),
                 (QStringList{"queued", "running", "success", "failed", "cancelled", "timeout"}));
        QCOMPARE(statusNames<RunStatus>(),
                 (QStringList{"running", "success", "failed", "cancelled", "timeout"}));
        QCOMPARE(statusNames<ScheduleRunStatus>(),
                 (QStringList{"running", "success", "failed", "cancelled", "timeout", "skipped"}));
        QCOMPARE(statusName(WorkerStatus::AwaitingApproval), QStringLiteral("awaiting_approval"));
        QCOMPARE(statusName(AgentState::WaitingForInput), QStringLiteral("waiting for input"));
    }

    void terminalStatuses() {
        int terminal = 0;
        for (WorkerStatus s : kAll) {
            terminal += isTerminal(s) ? 1 : 0;
            // A worker's row is terminal exactly when the worker is.
            QCOMPARE(isTerminal(jobStatusOf(s)), isTerminal(s));
        }
        QCOMPARE(terminal, 4);
        QVERIFY(!isTerminal(JobStatus::Queued) && !isTerminal(JobStatus::Running));
        QVERIFY(isTerminal(JobStatus::Timeout));
        QVERIFY(!isTerminal(RunStatus::Running) && isTerminal(RunStatus::Cancelled));
        QVERIFY(isTerminal(ScheduleRunStatus::Skipped));
    }

    // A stored word: its status's answer; a word the vocabulary lacks counts as ended.
    void terminalWords() {
        QVERIFY(!isTerminalWord<JobStatus>(u"queued") && !isTerminalWord<JobStatus>(u"running"));
        QVERIFY(isTerminalWord<JobStatus>(u"success") && isTerminalWord<JobStatus>(u"timeout"));
        QVERIFY(isTerminalWord<JobStatus>(u"bogus") && isTerminalWord<JobStatus>(u""));
        QVERIFY(isTerminalWord<RunStatus>(u"queued"));  // no run is ever queued
        QVERIFY(!isTerminalWord<RunStatus>(u"running"));
    }

    // The diagram of core/status.h, cell by cell.
    void workerTransitions() {
        using W = WorkerStatus;
        const QList<QPair<W, W>> forward = {
            {W::Queued, W::Starting},          {W::Starting, W::Running},
            {W::Running, W::AwaitingApproval}, {W::AwaitingApproval, W::Running},
            {W::Running, W::Restarting},       {W::Restarting, W::Running},
        };
        for (W from : kAll) {
            for (W to : kAll) {
                const bool expected =
                    !isTerminal(from) && (isTerminal(to) || forward.contains({from, to}));
                QVERIFY2(isAllowedTransition(from, to) == expected,
                         qPrintable(statusName(from) + QStringLiteral(" -> ") + statusName(to)));
            }
        }
        // Nothing comes back from an end, and a worker never goes back to the queue.
        QVERIFY(!isAllowedTransition(W::Success, W::Running));
        QVERIFY(!isAllowedTransition(W::Cancelled, W::Failed));
        QVERIFY(!isAllowedTransition(W::Running, W::Queued));
        QVERIFY(!isAllowedTransition(W::Queued, W::Running));  // always through starting
    }

    void rowsAndAgentStatesOfWorkerStatuses() {
        using W = WorkerStatus;
        QCOMPARE(jobStatusOf(W::Starting), JobStatus::Queued);
        QCOMPARE(jobStatusOf(W::AwaitingApproval), JobStatus::Running);
        QCOMPARE(jobStatusOf(W::Restarting), JobStatus::Running);
        QCOMPARE(jobStatusOf(W::Timeout), JobStatus::Timeout);

        QCOMPARE(agentStateOf(W::Queued, false, false), AgentState::Idle);
        QCOMPARE(agentStateOf(W::Running, false, false), AgentState::Working);
        QCOMPARE(agentStateOf(W::Running, true, false), AgentState::WaitingForInput);
        QCOMPARE(agentStateOf(W::AwaitingApproval, false, false), AgentState::WaitingForInput);
        QCOMPARE(agentStateOf(W::Restarting, true, false), AgentState::Restarting);
        QCOMPARE(agentStateOf(W::Success, false, false), AgentState::Done);
        QCOMPARE(agentStateOf(W::Failed, false, false), AgentState::Failed);
        QCOMPARE(agentStateOf(W::Failed, false, true), AgentState::Reaped);
        QCOMPARE(agentStateOf(W::Timeout, false, false), AgentState::Reaped);
        QCOMPARE(agentStateOf(W::Cancelled, false, false), AgentState::Reaped);
    }

    void scheduleRunsFollowTheirSupervisorRun() {
        for (const RunStatus s : {RunStatus::Running, RunStatus::Success, RunStatus::Failed,
                                  RunStatus::Cancelled, RunStatus::Timeout}) {
            // The same word in both vocabularies.
            QCOMPARE(statusName(scheduleRunStatusOf(s)), statusName(s));
        }
    }

    void wordsFromOutsideAreCheckedWithTheWordsAllowed() {
        QCOMPARE(parseStatusArgument<JobStatus>(u"timeout", QStringLiteral("job status")).value(),
                 JobStatus::Timeout);
        const Result<RunStatus> upper =
            parseStatusArgument<RunStatus>(u"Success", QStringLiteral("run status"));
        QVERIFY(!upper);
        QCOMPARE(upper.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(upper.error().message,
                 QStringLiteral("Unknown run status 'Success'; use running, success, failed, "
                                "cancelled or timeout."));
        // A vocabulary of one word names just that word.
        QCOMPARE(
            parseStatusArgument<RunFallback>(u"sorry", QStringLiteral("fallback")).error().message,
            QStringLiteral("Unknown fallback 'sorry'; use apology."));
    }
};

QTEST_GUILESS_MAIN(TestStatus)
#include "test_status.moc"
