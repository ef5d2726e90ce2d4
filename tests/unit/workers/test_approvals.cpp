// Approvals (issue 22): a worker whose call may change a system waits in awaiting_approval until
// the user allows it, denies it, or nobody answers in time; every request and answer is stored
// in the database and in the worker's approvals.jsonl. The tool here is a stand-in for ssh_exec
// (classified by its command); the real sshd flow is tested in tests/integration.
#include "jarvis_fixture.h"
#include "storage/approval_store.h"
#include "workers/approvals.h"
#include "workers/worker.h"

#include <QFile>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

using namespace zerg;
using namespace zerg::test;
using namespace Qt::StringLiterals;

namespace {

ToolCall exec(const QString& id, const QString& command) {
    return {id, u"ssh_exec"_s,
            json::compactString({{u"host"_s, u"cube"_s}, {u"command"_s, command}})};
}

// One worker under approvals, with its own store of requests.
struct Setup {
    Fixture f;
    ApprovalStore approvalStore{f.db.get()};
    std::unique_ptr<Approvals> approvals;
    std::unique_ptr<Worker> worker;
    QList<Event> events;

    explicit Setup(ApprovalMode mode = ApprovalMode::Ask) {
        ApprovalsConfig cfg;
        cfg.policy.mode = mode;
        cfg.timeoutMs = 60'000;
        approvals =
            std::make_unique<Approvals>(&approvalStore, f.artifacts.get(), &f.bus, &f.clock, cfg);
        QObject::connect(&f.bus, &EventBus::published, &f.bus,
                         [this](const Event& e) { events.append(e); });
    }
    // runId 0: a worker outside a supervisor run. withApprovals false: no approvals at all
    // (every call runs).
    void start(qint64 runId = 0, bool withApprovals = true) {
        WorkerDeps deps{f.store.get(), f.artifacts.get(), &f.bus, &f.clock,
                        &f.llm,        &f.tools,          6,      1000};
        if (withApprovals)
            deps.approvals = approvals.get();
        const auto job = f.store->createJob(1, runId > 0 ? std::optional(runId) : std::nullopt,
                                            u"restart nginx on cube"_s, u"wrk"_s, f.clock.utcNow());
        jobId = job.value();
        worker = std::make_unique<Worker>(
            deps, Worker::Job{1, runId, jobId, u"restart nginx on cube"_s, u"wrk"_s});
        worker->start();
    }
    qint64 jobId = 0;
    qint64 newRun() {
        const qint64 thread =
            f.store->findOrCreateSupervisorThread(1, u"Jarvis"_s, f.clock.utcNow())->id;
        return f.store->createRun(1, thread, u"restart nginx on cube"_s, f.clock.utcNow()).value();
    }
    // The first change recorded for the job (Store::recordChange); empty: none.
    QString jobChange() const {
        QSqlQuery q(f.db->connection());
        q.exec(u"SELECT first_change FROM worker_jobs WHERE id = %1"_s.arg(jobId));
        return q.next() ? q.value(0).toString() : u"(no job)"_s;
    }
    QList<ApprovalRecord> pending() { return approvalStore.pending(1).value(); }
    QStringList auditLines() {
        QFile file(f.artifacts->workerDir(worker->workerId()) + u"/approvals.jsonl"_s);
        if (!file.open(QIODevice::ReadOnly))
            return {};
        return QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
    }
    QStringList eventNames(const char* prefix) const {
        QStringList out;
        for (const Event& e : events) {
            if (e.name.startsWith(QLatin1String(prefix)))
                out << e.name + u':' + e.data.value(u"status"_s).toString();
        }
        return out;
    }
    // What the model was told about the last tool call.
    QString lastToolResult() const { return f.llm.requests().last().messages.last().content; }
};

}  // namespace

class TestApprovals : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aChangingCallWaitsUntilAllowed() {
        Setup s;
        s.f.llm.push({u"nginx is down; I will restart it."_s,
                      {exec(u"c1"_s, u"sudo systemctl restart nginx"_s)},
                      {},
                      false});
        s.f.llm.pushText(u"restarted"_s);
        s.start();
        QTRY_COMPARE(s.pending().size(), 1);
        QCOMPARE(s.f.tool->calls.size(), 0);  // not started
        QCOMPARE(s.worker->status(), WorkerStatus::AwaitingApproval);
        const ApprovalRecord r = s.pending().first();
        QCOMPARE(r.target, u"cube"_s);
        QCOMPARE(r.action, u"sudo systemctl restart nginx"_s);
        QCOMPARE(r.task, u"restart nginx on cube"_s);
        QCOMPARE(r.statedReason, u"nginx is down; I will restart it."_s);
        QCOMPARE(r.mode, u"ask"_s);
        QCOMPARE(r.suggestedPrefix, (QStringList{"systemctl", "restart", "nginx"}));
        QCOMPARE(r.classification.value(u"effect"_s).toString(), u"changes"_s);
        QCOMPARE(r.classification.value(u"subject"_s).toString(), u"systemctl restart"_s);
        QCOMPARE(r.expiresAt, r.requestedAt.addSecs(60));
        QCOMPARE(s.eventNames("approval_"), QStringList{u"approval_requested:pending"_s});

        // While a person decides, the time does not count as work.
        s.f.clock.advance(20'000);
        QCOMPARE(s.worker->snapshot().approvalWaitMs, 20'000);

        const auto answered =
            s.approvals->answer(1, r.id, {ApprovalChoice::AllowOnce, {}, u"desktop"_s, {}});
        QVERIFY2(answered, answered ? "" : qPrintable(answered.error().message));
        QCOMPARE(answered->status, ApprovalStatus::Allowed);
        QCOMPARE(answered->device, u"desktop"_s);
        QCOMPARE(answered->decidedBy, u"user"_s);
        QCOMPARE(s.f.tool->calls.size(), 1);  // started at once
        QCOMPARE(s.worker->status(), WorkerStatus::Running);
        s.f.tool->calls.first()->complete(u"ok"_s);
        QTRY_COMPARE(s.worker->status(), WorkerStatus::Success);
        QCOMPARE(s.worker->snapshot().approvalWaitMs, 20'000);
        // Answering again changes nothing.
        const auto again =
            s.approvals->answer(1, r.id, {ApprovalChoice::Deny, {}, u"desktop"_s, {}});
        QVERIFY(!again);
        QCOMPARE(again.error().code, u"invalid_state"_s);
        // The audit: request and answer, in the worker's folder and as events.
        const QStringList audit = s.auditLines();
        QCOMPARE(audit.size(), 2);
        QVERIFY(audit.at(0).contains(u"\"status\":\"pending\""_s));
        QVERIFY(audit.at(1).contains(u"\"status\":\"allowed\""_s));
        QCOMPARE(s.eventNames("approval_"),
                 (QStringList{u"approval_requested:pending"_s, u"approval_resolved:allowed"_s}));
    }

    void aReadOnlyCallRunsWithoutAsking() {
        Setup s;
        s.f.llm.pushToolCalls({exec(u"c1"_s, u"df -h; uptime"_s)});
        s.start();
        QTRY_COMPARE(s.f.tool->calls.size(), 1);
        QVERIFY(s.pending().isEmpty());
        QCOMPARE(s.worker->status(), WorkerStatus::Running);
    }

    void aDenialRunsNothingAndTellsTheWorker() {
        Setup s;
        s.f.llm.pushToolCalls({exec(u"c1"_s, u"rm -rf /var/cache/app"_s)});
        s.f.llm.pushText(u"understood"_s);
        s.start();
        QTRY_COMPARE(s.pending().size(), 1);
        QVERIFY(s.approvals->answer(
            1, s.pending().first().id,
            {ApprovalChoice::Deny, u"not during business hours"_s, u"api:phone"_s, {}}));
        QTRY_COMPARE(s.worker->status(), WorkerStatus::Success);
        QCOMPARE(s.f.tool->calls.size(), 0);
        const QString told = s.lastToolResult();
        QVERIFY2(told.contains(u"approval_denied"_s), qPrintable(told));
        QVERIFY2(told.contains(u"not during business hours"_s), qPrintable(told));
    }

    void alwaysAllowMakesARuleForTheNextCall() {
        Setup s;
        s.f.llm.pushToolCalls({exec(u"c1"_s, u"systemctl restart nginx"_s)});
        s.f.llm.pushToolCalls({exec(u"c2"_s, u"systemctl restart nginx --no-block"_s)});
        s.f.llm.pushText(u"done twice"_s);
        s.start();
        QTRY_COMPARE(s.pending().size(), 1);
        const qint64 id = s.pending().first().id;
        // A prefix that is not the command's start is refused, and the request stays pending.
        const auto wrong = s.approvals->answer(
            1, id, {ApprovalChoice::AlwaysAllow, {}, u"desktop"_s, {"systemctl", "stop"}});
        QVERIFY(!wrong);
        QCOMPARE(wrong.error().code, u"invalid_argument"_s);
        QCOMPARE(s.pending().size(), 1);
        const auto always =
            s.approvals->answer(1, id, {ApprovalChoice::AlwaysAllow, {}, u"desktop"_s, {}});
        QVERIFY2(always, always ? "" : qPrintable(always.error().message));
        QVERIFY(always->ruleId > 0);
        const auto rules = s.approvals->rules(1).value();
        QCOMPARE(rules.size(), 1);
        QCOMPARE(rules.first().host, u"cube"_s);
        QCOMPARE(rules.first().prefix, (QStringList{"systemctl", "restart", "nginx"}));
        QTRY_COMPARE(s.f.tool->calls.size(), 1);
        s.f.tool->calls.first()->complete(u"ok"_s);
        // The second call is covered by the rule: it runs without a request.
        QTRY_COMPARE(s.f.tool->calls.size(), 2);
        QVERIFY(s.pending().isEmpty());
        // Removed, the rule no longer covers anything.
        QVERIFY(s.approvals->removeRule(1, rules.first().id));
        QVERIFY(s.approvals->policyFor(1).rules.isEmpty());
    }

    void nobodyAnsweringExpiresAsDenied() {
        Setup s;
        s.f.llm.pushToolCalls({exec(u"c1"_s, u"apt-get upgrade -y"_s)});
        s.f.llm.pushText(u"could not"_s);
        s.start();
        QTRY_COMPARE(s.pending().size(), 1);
        const qint64 id = s.pending().first().id;
        s.f.clock.advance(59'000);
        QCOMPARE(s.pending().size(), 1);
        s.f.clock.advance(1'000);
        QVERIFY(s.pending().isEmpty());
        const ApprovalRecord r = s.approvalStore.request(1, id).value();
        QCOMPARE(r.status, ApprovalStatus::Expired);
        QCOMPARE(r.decidedBy, u"expiry"_s);
        QTRY_COMPARE(s.worker->status(), WorkerStatus::Success);
        QCOMPARE(s.f.tool->calls.size(), 0);
        QVERIFY2(s.lastToolResult().contains(u"approval_expired"_s),
                 qPrintable(s.lastToolResult()));
    }

    void readOnlyModeRefusesWithoutAsking() {
        Setup s(ApprovalMode::ReadOnly);
        s.f.llm.pushToolCalls({exec(u"c1"_s, u"reboot-app --now"_s), exec(u"c2"_s, u"ls"_s)});
        s.f.llm.pushText(u"reported"_s);
        s.start();
        QTRY_COMPARE(s.f.tool->calls.size(), 1);  // ls ran, the other did not
        s.f.tool->calls.first()->complete(u"file"_s);
        QTRY_COMPARE(s.worker->status(), WorkerStatus::Success);
        QVERIFY(s.pending().isEmpty());
        const auto& messages = s.f.llm.requests().last().messages;
        QVERIFY2(messages.at(messages.size() - 2).content.contains(u"approval_refused"_s),
                 qPrintable(messages.at(messages.size() - 2).content));
    }

    // A worker that ends while it waits withdraws its request: nothing stays pending.
    void anEndedWorkerWithdrawsItsRequest() {
        Setup s;
        s.f.llm.pushToolCalls({exec(u"c1"_s, u"systemctl stop postgresql"_s)});
        s.start();
        QTRY_COMPARE(s.pending().size(), 1);
        const qint64 id = s.pending().first().id;
        s.worker->end(WorkerStatus::Cancelled, u"cancelled"_s, u"the user cancelled"_s);
        QTRY_VERIFY(isTerminal(s.worker->status()));
        QCOMPARE(s.worker->status(), WorkerStatus::Cancelled);
        QVERIFY(s.pending().isEmpty());
        QCOMPARE(s.approvalStore.request(1, id)->status, ApprovalStatus::Cancelled);
        QCOMPARE(s.f.tool->calls.size(), 0);
        // A late answer finds nothing to allow.
        QVERIFY(!s.approvals->answer(1, id, {ApprovalChoice::AllowOnce, {}, u"desktop"_s, {}}));
        QCOMPARE(s.f.tool->calls.size(), 0);
    }

    // Another owner can neither see nor answer the request.
    void answersAreOwnerChecked() {
        Setup s;
        s.f.llm.pushToolCalls({exec(u"c1"_s, u"systemctl restart nginx"_s)});
        s.start();
        QTRY_COMPARE(s.pending().size(), 1);
        const qint64 id = s.pending().first().id;
        const auto other =
            s.approvals->answer(2, id, {ApprovalChoice::AllowOnce, {}, u"desktop"_s, {}});
        QVERIFY(!other);
        QCOMPARE(other.error().code, u"not_found"_s);
        QCOMPARE(s.f.tool->calls.size(), 0);
        QVERIFY(s.approvals->pending(2).value().isEmpty());
    }

    // Another Zerg process on the same database (the window while `zerg mcp serve` or `zerg ask`
    // runs the worker): it sees the request within a poll, its answer reaches the waiting
    // worker within the next one, and each side's events say so.
    void anAnswerGivenInAnotherProcessReachesTheWaitingWorker() {
        Setup s;
        auto db2 = Database::open(s.f.dir.filePath(u"z.sqlite"_s));
        QVERIFY(db2);
        ApprovalStore store2(db2.value().get());
        EventBus bus2(&s.f.clock);
        QStringList windowEvents;
        QObject::connect(&bus2, &EventBus::published, &bus2, [&windowEvents](const Event& e) {
            windowEvents << e.name + u':' + e.data.value(u"status"_s).toString();
        });
        Approvals window(&store2, s.f.artifacts.get(), &bus2, &s.f.clock, s.approvals->config());
        window.watchOtherProcesses(Approvals::kPollMs);
        QList<ApprovalRecord> shown;
        QList<ApprovalRecord> gone;
        QObject::connect(&window, &Approvals::requested, &window,
                         [&shown](const ApprovalRecord& r) { shown << r; });
        QObject::connect(&window, &Approvals::resolved, &window,
                         [&gone](const ApprovalRecord& r) { gone << r; });

        s.f.llm.push(
            {u"restart it"_s, {exec(u"c1"_s, u"sudo systemctl restart nginx"_s)}, {}, false});
        s.f.llm.pushText(u"restarted"_s);
        s.start();
        QTRY_COMPARE(s.pending().size(), 1);
        QCOMPARE(shown.size(), 0);
        s.f.clock.advance(Approvals::kPollMs);
        QCOMPARE(shown.size(), 1);
        const ApprovalRecord r = shown.first();
        QCOMPARE(r.action, u"sudo systemctl restart nginx"_s);
        QCOMPARE(windowEvents, QStringList{u"approval_requested:pending"_s});
        s.f.clock.advance(Approvals::kPollMs);
        QCOMPARE(shown.size(), 1);  // shown once

        const auto answered =
            window.answer(1, r.id, {ApprovalChoice::AllowOnce, {}, u"desktop"_s, {}});
        QVERIFY2(answered, answered ? "" : qPrintable(answered.error().message));
        QCOMPARE(gone.size(), 1);
        QCOMPARE(s.f.tool->calls.size(), 0);  // the worker's process has not looked yet
        s.f.clock.advance(Approvals::kPollMs);
        QCOMPARE(s.f.tool->calls.size(), 1);  // now it runs
        QCOMPARE(s.worker->status(), WorkerStatus::Running);
        QCOMPARE(s.eventNames("approval_"),
                 (QStringList{u"approval_requested:pending"_s, u"approval_resolved:allowed"_s}));
        QCOMPARE(windowEvents,
                 (QStringList{u"approval_requested:pending"_s, u"approval_resolved:allowed"_s}));
        QCOMPARE(gone.size(), 1);  // not again at the window's next look
        s.f.clock.advance(Approvals::kPollMs);
        QCOMPARE(gone.size(), 1);
        // The audit has the request and the one answer.
        QCOMPARE(s.auditLines().size(), 2);
        s.f.tool->calls.first()->complete(u"ok"_s);
        QTRY_COMPARE(s.worker->status(), WorkerStatus::Success);
    }

    void aRequestSettledWhereItWasMadeLeavesTheOtherWindow() {
        Setup s;
        auto db2 = Database::open(s.f.dir.filePath(u"z.sqlite"_s));
        QVERIFY(db2);
        ApprovalStore store2(db2.value().get());
        EventBus bus2(&s.f.clock);
        Approvals window(&store2, s.f.artifacts.get(), &bus2, &s.f.clock, s.approvals->config());
        window.watchOtherProcesses(Approvals::kPollMs);
        QList<ApprovalRecord> gone;
        QObject::connect(&window, &Approvals::resolved, &window,
                         [&gone](const ApprovalRecord& r) { gone << r; });
        s.f.llm.push({{}, {exec(u"c1"_s, u"rm -rf /srv/cache"_s)}, {}, false});
        s.f.llm.pushText(u"left it"_s);
        s.start();
        QTRY_COMPARE(s.pending().size(), 1);
        s.f.clock.advance(Approvals::kPollMs);
        const qint64 id = s.pending().first().id;
        QVERIFY(s.approvals->answer(1, id, {ApprovalChoice::Deny, u"no"_s, u"cli"_s, {}}));
        QCOMPARE(gone.size(), 0);
        s.f.clock.advance(Approvals::kPollMs);
        QCOMPARE(gone.size(), 1);
        QCOMPARE(gone.first().status, ApprovalStatus::Denied);
        // Answering it in the window now says it is settled.
        const auto late = window.answer(1, id, {ApprovalChoice::AllowOnce, {}, u"desktop"_s, {}});
        QVERIFY(!late);
        QCOMPARE(late.error().code, u"invalid_state"_s);
    }

    // A request whose process was killed stays pending in the database; the watching window
    // expires it once it is overdue, so nothing waits for ever.
    void anOrphanedRequestIsExpiredByTheWatcher() {
        Setup s;
        ApprovalRecord orphan;
        orphan.ownerId = 1;
        const auto job =
            s.f.store->createJob(1, std::nullopt, u"reboot cube"_s, u"wrk"_s, s.f.clock.utcNow());
        QVERIFY(job);
        orphan.jobId = job.value();
        orphan.workerId = u"2026-01-01T12-00-00_gone"_s;
        orphan.callId = u"c1"_s;
        orphan.tool = u"ssh_exec"_s;
        orphan.target = u"cube"_s;
        orphan.action = u"reboot"_s;
        orphan.status = ApprovalStatus::Pending;
        orphan.requestedAt = s.f.clock.utcNow();
        orphan.expiresAt = orphan.requestedAt.addSecs(60);
        const auto id = s.approvalStore.createRequest(orphan);
        QVERIFY2(id, id ? "" : qPrintable(id.error().message));
        s.approvals->watchOtherProcesses(Approvals::kPollMs);
        QList<ApprovalRecord> shown;
        QList<ApprovalRecord> gone;
        QObject::connect(s.approvals.get(), &Approvals::requested, s.approvals.get(),
                         [&shown](const ApprovalRecord& r) { shown << r; });
        QObject::connect(s.approvals.get(), &Approvals::resolved, s.approvals.get(),
                         [&gone](const ApprovalRecord& r) { gone << r; });
        s.f.clock.advance(Approvals::kPollMs);
        QCOMPARE(shown.size(), 1);
        s.f.clock.advance(60'000 + Approvals::kOrphanGraceMs);
        QCOMPARE(gone.size(), 1);
        QCOMPARE(s.approvalStore.request(1, *id)->status, ApprovalStatus::Expired);
        QVERIFY(s.pending().isEmpty());
    }

    // What makes a takeover safe (docs/server.md): a call that may change a system is recorded
    // as the first change of its job and run before it starts; read-only calls, held calls and
    // denied calls record nothing.
    void theFirstChangeIsRecordedBeforeItRuns() {
        Setup s;
        const qint64 run = s.newRun();
        s.f.llm.pushToolCalls({exec(u"c1"_s, u"df -h"_s)});
        s.f.llm.pushToolCalls({exec(u"c2"_s, u"rm -rf /var/cache/app"_s)});
        s.f.llm.pushToolCalls({exec(u"c3"_s, u"systemctl restart nginx"_s)});
        s.f.llm.pushText(u"restarted"_s);
        s.start(run);
        QTRY_COMPARE(s.f.tool->calls.size(), 1);
        s.f.tool->calls.last()->complete(u"ok"_s);
        QTRY_COMPARE(s.pending().size(), 1);  // rm: held
        QCOMPARE(s.jobChange(), QString());
        QCOMPARE(s.f.store->firstChange(run).value(), QString());
        QVERIFY(s.approvals->answer(1, s.pending().first().id,
                                    {ApprovalChoice::Deny, {}, u"desktop"_s, {}}));
        QTRY_COMPARE(s.pending().size(), 1);  // systemctl restart: held
        QCOMPARE(s.jobChange(), QString());
        QVERIFY(s.approvals->answer(1, s.pending().first().id,
                                    {ApprovalChoice::AllowOnce, {}, u"desktop"_s, {}}));
        QCOMPARE(s.f.tool->calls.size(), 2);
        const QString restart = u"ssh_exec cube \"systemctl restart nginx\""_s;
        QCOMPARE(s.jobChange(), restart);
        QCOMPARE(s.f.store->firstChange(run).value(), restart);
        s.f.tool->calls.last()->complete(u"ok"_s);
        QTRY_COMPARE(s.worker->status(), WorkerStatus::Success);
    }

    // Without approvals (or in the autonomous mode) every call runs, and changes are recorded
    // all the same; the first one stays.
    void changesAreRecordedWhenNobodyIsAsked() {
        Setup s;
        const qint64 run = s.newRun();
        s.f.llm.pushToolCalls({exec(u"c1"_s, u"touch /tmp/a"_s)});
        s.f.llm.pushToolCalls({exec(u"c2"_s, u"touch /tmp/b"_s)});
        s.f.llm.pushText(u"done"_s);
        s.start(run, false);
        QTRY_COMPARE(s.f.tool->calls.size(), 1);
        QCOMPARE(s.jobChange(), u"ssh_exec cube \"touch /tmp/a\""_s);
        s.f.tool->calls.last()->complete(u"ok"_s);
        QTRY_COMPARE(s.f.tool->calls.size(), 2);
        s.f.tool->calls.last()->complete(u"ok"_s);
        QTRY_COMPARE(s.worker->status(), WorkerStatus::Success);
        QCOMPARE(s.f.store->firstChange(run).value(), u"ssh_exec cube \"touch /tmp/a\""_s);
    }
};

QTEST_GUILESS_MAIN(TestApprovals)
#include "test_approvals.moc"
