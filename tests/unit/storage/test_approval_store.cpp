// Migration 7 and ApprovalStore: approval requests, their answers and the "always allow" rules,
// on a real SQLite file and, as test_approval_store_postgres (ZERG_TEST_DB=postgres), on a real
// PostgreSQL server.
#include "postgres_fixture.h"
#include "storage/approval_store.h"
#include "storage/database.h"
#include "storage/migrations.h"
#include "why.h"

#include <QJsonArray>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::why;

namespace {

const QDateTime kT0(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);

QVariant scalar(const Database& db, const QString& sql) {
    QSqlQuery q(db.connection());
    if (!q.exec(sql) || !q.next())
        return {};
    return q.value(0);
}

template <typename Record>
QList<qint64> idsOf(const QList<Record>& rows) {
    QList<qint64> ids;
    for (const Record& r : rows)
        ids.append(r.id);
    return ids;
}

// QVERIFY2 evaluates its message even when the check passes.
// A request of owner 1 with every field set (the answer fields too, which createRequest ignores).
ApprovalRecord fullRequest() {
    ApprovalRecord r;
    r.id = 999;
    r.ownerId = 1;
    r.jobId = 41;
    r.runId = 17;
    r.workerId = QStringLiteral("w-7f3a");
    r.callId = QStringLiteral("call_01");
    r.tool = QStringLiteral("ssh_exec");
    r.target = QStringLiteral("cube");
    r.action = QStringLiteral("systemctl restart nginx");
    r.args = QJsonObject{
        {QStringLiteral("host"), QStringLiteral("cube")},
        {QStringLiteral("command"), QStringLiteral("systemctl restart nginx")},
        {QStringLiteral("timeout_s"), 30},
        {QStringLiteral("env"), QJsonObject{{QStringLiteral("LANG"), QStringLiteral("C")}}}};
    r.classification = QJsonObject{{QStringLiteral("effect"), QStringLiteral("write")},
                                   {QStringLiteral("reason"), QStringLiteral("service")},
                                   {QStringLiteral("subject"), QStringLiteral("nginx")},
                                   {QStringLiteral("why"), QStringLiteral("restarts a service")}};
    r.task = QStringLiteral("Bring the web server back");
    r.statedReason = QStringLiteral("nginx is down; a restart should fix it");
    r.mode = QStringLiteral("ask");
    r.suggestedPrefix = {QStringLiteral("systemctl"), QStringLiteral("restart")};
    r.status = ApprovalStatus::Denied;
    r.requestedAt = kT0;
    r.expiresAt = kT0.addSecs(300);
    r.decidedAt = kT0.addSecs(5);
    r.decidedBy = QStringLiteral("user");
    r.device = QStringLiteral("desktop");
    r.message = QStringLiteral("no");
    r.ruleId = 77;
    return r;
}

// A minimal request: no job, no run, no JSON, no prefix.
ApprovalRecord bareRequest(qint64 ownerId, const QString& action, const QDateTime& at = kT0) {
    ApprovalRecord r;
    r.ownerId = ownerId;
    r.workerId = QStringLiteral("w-1");
    r.tool = QStringLiteral("shell_exec");
    r.target = QStringLiteral("local");
    r.action = action;
    r.requestedAt = at;
    r.expiresAt = at.addSecs(300);
    return r;
}

ApprovalAnswer answerWith(ApprovalStatus status, const QString& message = QString()) {
    ApprovalAnswer a;
    a.status = status;
    a.decidedBy = QStringLiteral("user");
    a.device = QStringLiteral("api:phone");
    a.message = message;
    return a;
}

}  // namespace

class TestApprovalStore : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_n = 0;

    QString freshPath() { return m_tmp.filePath(QStringLiteral("a%1/zerg.sqlite").arg(++m_n)); }

    struct Fixture {
        std::unique_ptr<Database> db;
        std::unique_ptr<ApprovalStore> approvals;
    };
    Fixture fixture() {
        Fixture f;
        auto db = test::openTestDatabase(freshPath(), kT0);
        if (!db) {
            qWarning("%s", qPrintable(db.error().message));
            return f;
        }
        f.db = std::move(db).value();
        f.approvals = std::make_unique<ApprovalStore>(f.db.get());
        return f;
    }

    static qint64 create(ApprovalStore& s, const ApprovalRecord& r) {
        const auto id = s.createRequest(r);
        if (!id)
            qWarning("%s", qPrintable(id.error().message));
        return id ? id.value() : 0;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void migration7CreatesTheTables() {
        Fixture f = fixture();
        QVERIFY(f.db);
        QVERIFY(migrations::latestVersion() >= 7);
        QCOMPARE(f.db->schemaVersion(), migrations::latestVersion());
        const Migration& m7 = migrations::all().at(6);
        QCOMPARE(m7.version, 7);
        QCOMPARE(m7.description, QStringLiteral("approval requests and always-allow rules"));

        const QSqlDatabase c = f.db->connection();
        const QSqlRecord approvals = c.record(QStringLiteral("approvals"));
        for (const char* col : {"id",
                                "owner_id",
                                "job_id",
                                "run_id",
                                "worker_id",
                                "call_id",
                                "tool",
                                "target",
                                "action",
                                "arguments",
                                "classification",
                                "task",
                                "stated_reason",
                                "mode",
                                "suggested_prefix",
                                "status",
                                "requested_at",
                                "expires_at",
                                "decided_at",
                                "decided_by",
                                "device",
                                "message",
                                "rule_id"}) {
            QVERIFY2(approvals.contains(QString::fromLatin1(col)), col);
        }
        const QSqlRecord rules = c.record(QStringLiteral("approval_rules"));
        for (const char* col : {"id", "owner_id", "host", "prefix", "approval_id", "created_by",
                                "created_at", "removed_at"}) {
            QVERIFY2(rules.contains(QString::fromLatin1(col)), col);
        }
        QCOMPARE(test::indexNames(c, QStringLiteral("approvals")),
                 (QStringList{QStringLiteral("ix_approvals_job"),
                              QStringLiteral("ix_approvals_owner_status")}));
        QCOMPARE(test::indexNames(c, QStringLiteral("approval_rules")),
                 QStringList{QStringLiteral("ix_approval_rules_owner")});

        // The status CHECK holds for writes that bypass the repository.
        QSqlQuery q(c);
        QVERIFY(q.exec(QStringLiteral("INSERT INTO owners VALUES (1, 'me', 'x')")));
        const QString insert = QStringLiteral(
            "INSERT INTO approvals (owner_id, worker_id, tool, target, action, status, "
            "requested_at, expires_at) VALUES (1, 'w', 't', 'h', 'a', '%1', 'x', 'x')");
        QVERIFY2(q.exec(insert.arg(QStringLiteral("expired"))), qPrintable(q.lastError().text()));
        QVERIFY(!q.exec(insert.arg(QStringLiteral("approved"))));
    }

    void createdRequestsRoundTripEveryField() {
        Fixture f = fixture();
        QVERIFY(f.db);
        const ApprovalRecord in = fullRequest();
        const auto id = f.approvals->createRequest(in);
        QVERIFY2(id, why(id).constData());
        QVERIFY(id.value() != in.id);
        // The owner row was created on the way.
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM owners WHERE id = 1")).toInt(),
                 1);

        const auto got = f.approvals->request(1, id.value());
        QVERIFY2(got, why(got).constData());
        const ApprovalRecord& r = got.value();
        QCOMPARE(r.id, id.value());
        QCOMPARE(r.ownerId, qint64(1));
        QCOMPARE(r.jobId, qint64(41));
        QCOMPARE(r.runId, qint64(17));
        QCOMPARE(r.workerId, in.workerId);
        QCOMPARE(r.callId, in.callId);
        QCOMPARE(r.tool, in.tool);
        QCOMPARE(r.target, in.target);
        QCOMPARE(r.action, in.action);
        QCOMPARE(r.args, in.args);
        QCOMPARE(r.args.value(QStringLiteral("env")).toObject().value(QStringLiteral("LANG")),
                 QJsonValue(QStringLiteral("C")));
        QCOMPARE(r.classification, in.classification);
        QCOMPARE(r.task, in.task);
        QCOMPARE(r.statedReason, in.statedReason);
        QCOMPARE(r.mode, QStringLiteral("ask"));
        QCOMPARE(r.suggestedPrefix,
                 (QStringList{QStringLiteral("systemctl"), QStringLiteral("restart")}));
        // A new request is pending, whatever the record said; the answer fields are empty.
        QCOMPARE(statusName(r.status), QStringLiteral("pending"));
        QCOMPARE(r.requestedAt, kT0);
        QCOMPARE(r.expiresAt, kT0.addSecs(300));
        QVERIFY(!r.decidedAt.isValid());
        QVERIFY(r.decidedBy.isEmpty());
        QVERIFY(r.device.isEmpty());
        QVERIFY(r.message.isEmpty());
        QCOMPARE(r.ruleId, qint64(0));
        QCOMPARE(
            scalar(*f.db,
                   QStringLiteral("SELECT arguments FROM approvals WHERE id = %1").arg(id.value()))
                .toString()
                .left(1),
            QStringLiteral("{"));

        // 0 ids are NULL in the row and 0 again when read; empty JSON reads back empty.
        const qint64 bare = create(*f.approvals, bareRequest(1, QStringLiteral("uptime")));
        QVERIFY(bare > 0);
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM approvals WHERE id = %1 AND "
                                              "job_id IS NULL AND run_id IS NULL AND "
                                              "rule_id IS NULL AND decided_at IS NULL")
                                   .arg(bare))
                     .toInt(),
                 1);
        const ApprovalRecord b = f.approvals->request(1, bare).value();
        QCOMPARE(b.jobId, qint64(0));
        QCOMPARE(b.runId, qint64(0));
        QVERIFY(b.args.isEmpty());
        QVERIFY(b.classification.isEmpty());
        QVERIFY(b.suggestedPrefix.isEmpty());
        QVERIFY(b.callId.isEmpty());
        QVERIFY(b.statedReason.isEmpty());
        QCOMPARE(b.action, QStringLiteral("uptime"));
    }

    void badRequestsAreRefused() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        const QString invalidArg = QStringLiteral("invalid_argument");
        ApprovalRecord noTool = bareRequest(1, QStringLiteral("ls"));
        noTool.tool = QStringLiteral(" ");
        const auto e1 = s.createRequest(noTool);
        QCOMPARE(e1.error().code, invalidArg);
        QCOMPARE(e1.error().message,
                 QStringLiteral("An approval request needs the tool the call would use; it was "
                                "blank."));
        ApprovalRecord noWorker = bareRequest(1, QStringLiteral("ls"));
        noWorker.workerId.clear();
        QCOMPARE(s.createRequest(noWorker).error().code, invalidArg);
        QCOMPARE(s.createRequest(bareRequest(1, QString())).error().code, invalidArg);
        ApprovalRecord noTarget = bareRequest(1, QStringLiteral("ls"));
        noTarget.target = QString();
        QCOMPARE(s.createRequest(noTarget).error().code, invalidArg);
        ApprovalRecord noExpiry = bareRequest(1, QStringLiteral("ls"));
        noExpiry.expiresAt = QDateTime();
        QCOMPARE(s.createRequest(noExpiry).error().code, invalidArg);
        QCOMPARE(s.createRequest(bareRequest(0, QStringLiteral("ls"))).error().code, invalidArg);
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM approvals")).toInt(), 0);
    }

    void anotherOwnerGetsNotFound() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        const qint64 mine = create(s, fullRequest());
        QVERIFY(mine > 0);
        const auto theirs = s.request(2, mine);
        QCOMPARE(theirs.error().code, QStringLiteral("not_found"));
        QCOMPARE(theirs.error().message,
                 QStringLiteral("No approval request %1 for owner 2. List the pending approvals "
                                "to see which exist.")
                     .arg(mine));
        QCOMPARE(s.request(1, mine + 100).error().code, QStringLiteral("not_found"));
        QVERIFY(s.pending(2)->isEmpty());
        QVERIFY(s.forJob(2, 41)->isEmpty());
        // Owner 2 cannot answer it, and the request stays pending.
        const auto answered = s.answer(2, mine, answerWith(ApprovalStatus::Allowed), kT0);
        QCOMPARE(answered.error().code, QStringLiteral("not_found"));
        QCOMPARE(statusName(s.request(1, mine)->status), QStringLiteral("pending"));
    }

    void aSecondAnswerIsRefusedAndTheFirstKept() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        const qint64 id = create(s, fullRequest());
        QVERIFY(id > 0);
        const qint64 rule = s.addRule(1, QStringLiteral("cube"),
                                      {QStringLiteral("systemctl"), QStringLiteral("restart")}, id,
                                      QStringLiteral("user"), kT0)
                                .value();
        ApprovalAnswer allow = answerWith(ApprovalStatus::Allowed, QStringLiteral("go ahead"));
        allow.ruleId = rule;
        const QDateTime at = kT0.addSecs(12);
        const auto first = s.answer(1, id, allow, at);
        QVERIFY2(first, why(first).constData());
        QCOMPARE(statusName(first->status), QStringLiteral("allowed"));
        QCOMPARE(first->decidedAt, at);
        QCOMPARE(first->decidedBy, QStringLiteral("user"));
        QCOMPARE(first->device, QStringLiteral("api:phone"));
        QCOMPARE(first->message, QStringLiteral("go ahead"));
        QCOMPARE(first->ruleId, rule);
        QCOMPARE(first->action, QStringLiteral("systemctl restart nginx"));

        const auto second = s.answer(
            1, id, answerWith(ApprovalStatus::Denied, QStringLiteral("no")), at.addSecs(1));
        QVERIFY(!second);
        QCOMPARE(second.error().code, QStringLiteral("invalid_state"));
        QCOMPARE(second.error().message,
                 QStringLiteral("Approval %1 was already allowed; its first answer is kept. "
                                "Reload the approvals to see the ones still pending.")
                     .arg(id));
        const ApprovalRecord kept = s.request(1, id).value();
        QCOMPARE(statusName(kept.status), QStringLiteral("allowed"));
        QCOMPARE(kept.decidedAt, at);
        QCOMPARE(kept.device, QStringLiteral("api:phone"));
        QCOMPARE(kept.message, QStringLiteral("go ahead"));
        QCOMPARE(kept.ruleId, rule);

        // An answer without a rule stores NULL; a rule that is not the owner's is not_found.
        const qint64 other = create(s, bareRequest(1, QStringLiteral("df -h")));
        ApprovalAnswer foreign = answerWith(ApprovalStatus::Allowed);
        foreign.ruleId = rule + 1000;
        QCOMPARE(s.answer(1, other, foreign, at).error().code, QStringLiteral("not_found"));
        QCOMPARE(statusName(s.request(1, other)->status), QStringLiteral("pending"));
        const auto denied = s.answer(1, other, answerWith(ApprovalStatus::Denied), at);
        QVERIFY2(denied, why(denied).constData());
        QCOMPARE(denied->ruleId, qint64(0));
        QVERIFY(denied->message.isEmpty());
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM approvals WHERE id = %1 AND "
                                              "rule_id IS NULL AND message IS NULL")
                                   .arg(other))
                     .toInt(),
                 1);
    }

    void answeringWithPendingIsRefused() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        const qint64 id = create(s, bareRequest(1, QStringLiteral("ls")));
        QVERIFY(id > 0);
        const auto r = s.answer(1, id, answerWith(ApprovalStatus::Pending), kT0);
        QCOMPARE(r.error().code, QStringLiteral("invalid_argument"));
        QCOMPARE(r.error().message,
                 QStringLiteral("Cannot answer approval request %1 with status 'pending'; use "
                                "allowed, denied, expired or cancelled.")
                     .arg(id));
        const ApprovalRecord still = s.request(1, id).value();
        QCOMPARE(statusName(still.status), QStringLiteral("pending"));
        QVERIFY(!still.decidedAt.isValid());
        QVERIFY(still.decidedBy.isEmpty());
    }

    void pendingIsOldestFirstWithoutDecidedOnes() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        const qint64 a = create(s, bareRequest(1, QStringLiteral("a"), kT0));
        const qint64 b = create(s, bareRequest(1, QStringLiteral("b"), kT0.addSecs(1)));
        const qint64 c = create(s, bareRequest(1, QStringLiteral("c"), kT0.addSecs(2)));
        const qint64 d = create(s, bareRequest(1, QStringLiteral("d"), kT0.addSecs(3)));
        const qint64 theirs = create(s, bareRequest(2, QStringLiteral("x"), kT0));
        QVERIFY(a > 0 && b > 0 && c > 0 && d > 0 && theirs > 0);
        QCOMPARE(idsOf(s.pending(1).value()), (QList<qint64>{a, b, c, d}));
        QVERIFY(s.answer(1, b, answerWith(ApprovalStatus::Denied), kT0.addSecs(5)));
        QVERIFY(s.answer(1, d, answerWith(ApprovalStatus::Expired), kT0.addSecs(5)));
        const QList<ApprovalRecord> open = s.pending(1).value();
        QCOMPARE(idsOf(open), (QList<qint64>{a, c}));
        QCOMPARE(open.first().action, QStringLiteral("a"));
        QCOMPARE(idsOf(s.pending(2).value()), QList<qint64>{theirs});
    }

    void forJobListsOneJobsRequests() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        ApprovalRecord r = bareRequest(1, QStringLiteral("one"));
        r.jobId = 5;
        const qint64 one = create(s, r);
        r.action = QStringLiteral("two");
        const qint64 two = create(s, r);
        r.jobId = 6;
        const qint64 otherJob = create(s, r);
        const qint64 noJob = create(s, bareRequest(1, QStringLiteral("none")));
        r.ownerId = 2;
        r.jobId = 5;
        const qint64 otherOwner = create(s, r);
        QVERIFY(one > 0 && two > 0 && otherJob > 0 && noJob > 0 && otherOwner > 0);
        // Decided requests stay in the job's audit.
        QVERIFY(s.answer(1, one, answerWith(ApprovalStatus::Allowed), kT0));
        QCOMPARE(idsOf(s.forJob(1, 5).value()), (QList<qint64>{one, two}));
        QCOMPARE(idsOf(s.forJob(1, 6).value()), QList<qint64>{otherJob});
        QCOMPARE(idsOf(s.forJob(2, 5).value()), QList<qint64>{otherOwner});
        QVERIFY(s.forJob(1, 7)->isEmpty());
    }

    void cancelPendingOfWithdrawsTheGoneWorkersRequests() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        const auto of = [](qint64 owner, const char* action, qint64 job, qint64 run) {
            ApprovalRecord r = bareRequest(owner, QString::fromLatin1(action));
            r.jobId = job;
            r.runId = run;
            return r;
        };
        const qint64 a = create(s, of(1, "a", 11, 0));
        const qint64 b = create(s, of(2, "b", 12, 0));
        const qint64 c = create(s, of(2, "c", 0, 30));
        const qint64 alive = create(s, of(1, "alive", 99, 98));
        const qint64 done = create(s, of(1, "done", 11, 0));
        QVERIFY(a > 0 && b > 0 && c > 0 && alive > 0 && done > 0);
        QVERIFY(s.answer(1, done, answerWith(ApprovalStatus::Denied, QStringLiteral("no")),
                         kT0.addSecs(1)));

        const QDateTime now = kT0.addSecs(60);
        const QString reason = QStringLiteral("Zerg stopped before the request was answered.");
        const auto cancelled = s.cancelPendingOf({11, 12}, {30}, reason, now);
        QVERIFY2(cancelled, why(cancelled).constData());
        QCOMPARE(cancelled.value(), 3);
        for (const auto& [owner, id] : {std::pair{1, a}, std::pair{2, b}, std::pair{2, c}}) {
            const ApprovalRecord r = s.request(owner, id).value();
            QCOMPARE(statusName(r.status), QStringLiteral("cancelled"));
            QCOMPARE(r.decidedBy, QStringLiteral("system"));
            QCOMPARE(r.message, reason);
            QCOMPARE(r.decidedAt, now);
            QVERIFY(r.device.isEmpty());
        }
        const ApprovalRecord kept = s.request(1, done).value();
        QCOMPARE(statusName(kept.status), QStringLiteral("denied"));
        QCOMPARE(kept.decidedBy, QStringLiteral("user"));
        QCOMPARE(kept.message, QStringLiteral("no"));
        // Another process's worker still waits for its answer.
        QCOMPARE(idsOf(s.pending(1).value()), QList<qint64>{alive});
        QVERIFY(s.pending(2)->isEmpty());
        QCOMPARE(s.cancelPendingOf({11, 12}, {30}, reason, now).value(), 0);
        QCOMPARE(s.cancelPendingOf({}, {}, reason, now).value(), 0);
    }

    void rulesAreOrderedByHostThenId() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        const QStringList status{QStringLiteral("systemctl"), QStringLiteral("status")};
        const auto first =
            s.addRule(1, QStringLiteral("cube"), status, 0, QStringLiteral("user"), kT0);
        QVERIFY2(first, why(first).constData());
        const qint64 cube1 = first.value();
        const qint64 alpha = s.addRule(1, QStringLiteral(" alpha "), {QStringLiteral("df")}, 0,
                                       QStringLiteral("user"), kT0)
                                 .value();
        const qint64 cube2 = s.addRule(1, QStringLiteral("cube"), {QStringLiteral("uptime")}, 0,
                                       QStringLiteral("user"), kT0)
                                 .value();
        const qint64 local = s.addRule(1, QStringLiteral("local"), {QStringLiteral("ls")}, 0,
                                       QStringLiteral("user"), kT0)
                                 .value();
        const qint64 theirs = s.addRule(2, QStringLiteral("beta"), {QStringLiteral("ls")}, 0,
                                        QStringLiteral("user"), kT0)
                                  .value();
        QVERIFY(theirs > 0);
        const QList<ApprovalRuleRecord> list = s.rules(1).value();
        QCOMPARE(idsOf(list), (QList<qint64>{alpha, cube1, cube2, local}));
        QCOMPARE(list.at(0).host, QStringLiteral("alpha"));
        const ApprovalRuleRecord& r = list.at(1);
        QCOMPARE(r.ownerId, qint64(1));
        QCOMPARE(r.host, QStringLiteral("cube"));
        QCOMPARE(r.prefix, status);
        QCOMPARE(r.approvalId, qint64(0));
        QCOMPARE(r.createdBy, QStringLiteral("user"));
        QCOMPARE(r.createdAt, kT0);
        QVERIFY(!r.removedAt.isValid());
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM approval_rules WHERE id = %1 "
                                              "AND approval_id IS NULL")
                                   .arg(cube1))
                     .toInt(),
                 1);
        QCOMPARE(idsOf(s.rules(2).value()), QList<qint64>{theirs});

        // A rule made from an answer names its request, which must be the owner's.
        const qint64 request = create(s, fullRequest());
        const qint64 fromAnswer = s.addRule(1, QStringLiteral("cube"), {QStringLiteral("id")},
                                            request, QStringLiteral("user"), kT0)
                                      .value();
        QCOMPARE(s.rules(1)->at(3).id, fromAnswer);
        QCOMPARE(s.rules(1)->at(3).approvalId, request);
        const auto foreign = s.addRule(2, QStringLiteral("cube"), {QStringLiteral("id")}, request,
                                       QStringLiteral("user"), kT0);
        QCOMPARE(foreign.error().code, QStringLiteral("not_found"));
        QCOMPARE(s.rules(2)->size(), 1);
    }

    void badRulesAreRefused() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        const QString invalidArg = QStringLiteral("invalid_argument");
        const QString user = QStringLiteral("user");
        const auto noHost =
            s.addRule(1, QStringLiteral("  "), {QStringLiteral("ls")}, 0, user, kT0);
        QCOMPARE(noHost.error().code, invalidArg);
        QVERIFY(noHost.error().message.contains(QStringLiteral("needs the host")));
        const auto noPrefix = s.addRule(1, QStringLiteral("cube"), {}, 0, user, kT0);
        QCOMPARE(noPrefix.error().code, invalidArg);
        QVERIFY(noPrefix.error().message.contains(QStringLiteral("the list was empty")));
        const auto blankWord =
            s.addRule(1, QStringLiteral("cube"), {QStringLiteral("systemctl"), QStringLiteral(" ")},
                      0, user, kT0);
        QCOMPARE(blankWord.error().code, invalidArg);
        QCOMPARE(blankWord.error().message,
                 QStringLiteral("Word 2 of the approval rule's prefix is blank; give each word of "
                                "the command, without blanks."));
        QCOMPARE(s.addRule(1, QStringLiteral("cube"), {QString()}, 0, user, kT0).error().code,
                 invalidArg);
        QVERIFY(s.rules(1)->isEmpty());
        QCOMPARE(scalar(*f.db, QStringLiteral("SELECT COUNT(*) FROM approval_rules")).toInt(), 0);
    }

    void removedRulesDisappearOnce() {
        Fixture f = fixture();
        QVERIFY(f.db);
        ApprovalStore& s = *f.approvals;
        const QString user = QStringLiteral("user");
        const qint64 keep =
            s.addRule(1, QStringLiteral("cube"), {QStringLiteral("df")}, 0, user, kT0).value();
        const qint64 drop =
            s.addRule(1, QStringLiteral("cube"), {QStringLiteral("ls")}, 0, user, kT0).value();
        QCOMPARE(idsOf(s.rules(1).value()), (QList<qint64>{keep, drop}));

        // Another owner cannot remove it.
        const Status foreign = s.removeRule(2, drop, kT0);
        QCOMPARE(foreign.error().code, QStringLiteral("not_found"));
        QCOMPARE(foreign.error().message,
                 QStringLiteral("No approval rule %1 for owner 2; it may have been removed "
                                "already. List the rules to see which hold.")
                     .arg(drop));
        QCOMPARE(idsOf(s.rules(1).value()), (QList<qint64>{keep, drop}));

        const QDateTime at = kT0.addSecs(30);
        const Status removed = s.removeRule(1, drop, at);
        QVERIFY2(removed, why(removed).constData());
        QCOMPARE(idsOf(s.rules(1).value()), QList<qint64>{keep});
        // The row stays, marked, for the audit.
        QCOMPARE(
            scalar(*f.db,
                   QStringLiteral("SELECT removed_at FROM approval_rules WHERE id = %1").arg(drop))
                .toString(),
            QStringLiteral("2026-03-01T09:00:30.000Z"));
        const Status again = s.removeRule(1, drop, at.addSecs(1));
        QCOMPARE(again.error().code, QStringLiteral("not_found"));
        QCOMPARE(
            scalar(*f.db,
                   QStringLiteral("SELECT removed_at FROM approval_rules WHERE id = %1").arg(drop))
                .toString(),
            QStringLiteral("2026-03-01T09:00:30.000Z"));
        QCOMPARE(s.removeRule(1, 424242, at).error().code, QStringLiteral("not_found"));
    }
};

QTEST_GUILESS_MAIN(TestApprovalStore)
#include "test_approval_store.moc"
