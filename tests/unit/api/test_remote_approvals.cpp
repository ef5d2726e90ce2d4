// Approval requests through `zerg serve`: RemoteApprovalsSource asks the server's approval
// commands, which answer from the owner's LocalApprovalsSource over the real Approvals broker
// (SQLite). A pending request reads back as the local one, field by field; allow, deny with a
// message and always allow change the server's store, recorded as the connection's device; the
// rule always allow made is listed and removed; a second answer is invalid_state, another owner's
// request not_found; requests and answers reach the remote source as events; bad arguments are
// refused and named; a server without an approvals broker says so.
#include "remote_sources_fixture.h"

#include <QSignalSpy>

using namespace zerg;
using namespace zerg::test;

namespace {

const QStringList kPrefix{u"systemctl"_s, u"restart"_s, u"nginx"_s};

// Every field the API carries (not args: the record's JSON has the action instead).
void compare(const ApprovalRecord& r, const ApprovalRecord& l) {
    QCOMPARE(r.id, l.id);
    QCOMPARE(r.ownerId, l.ownerId);
    QCOMPARE(r.jobId, l.jobId);
    QCOMPARE(r.runId, l.runId);
    QCOMPARE(r.workerId, l.workerId);
    QCOMPARE(r.callId, l.callId);
    QCOMPARE(r.tool, l.tool);
    QCOMPARE(r.target, l.target);
    QCOMPARE(r.action, l.action);
    QCOMPARE(r.classification, l.classification);
    QCOMPARE(r.task, l.task);
    QCOMPARE(r.statedReason, l.statedReason);
    QCOMPARE(r.mode, l.mode);
    QCOMPARE(r.suggestedPrefix, l.suggestedPrefix);
    QCOMPARE(r.status, l.status);
    QCOMPARE(r.requestedAt, l.requestedAt);
    QCOMPARE(r.expiresAt, l.expiresAt);
    QCOMPARE(r.decidedAt, l.decidedAt);
    QCOMPARE(r.decidedBy, l.decidedBy);
    QCOMPARE(r.device, l.device);
    QCOMPARE(r.message, l.message);
    QCOMPARE(r.ruleId, l.ruleId);
}

// A worker of owner asks to restart nginx on testbox: the request as the broker recorded it.
Result<ApprovalRecord> ask(RemoteSourcesFixture& f, qint64 owner,
                           const QString& call = u"call-1"_s) {
    const QString task = u"restart nginx on testbox"_s;
    const Result<QString> workerId =
        f.artifacts->createWorker(owner, task, QDateTime::currentDateTimeUtc());
    if (!workerId)
        return workerId.error();
    ApprovalRecord draft;
    draft.ownerId = owner;
    draft.workerId = workerId.value();
    draft.callId = call;
    draft.tool = u"ssh_exec"_s;
    draft.target = u"testbox"_s;
    draft.action = u"systemctl restart nginx"_s;
    draft.args = {{u"command"_s, u"systemctl restart nginx"_s}};
    draft.classification = {};
    draft.task = task;
    draft.statedReason = u"nginx answers 502"_s;
    draft.mode = statusName(ApprovalMode::Ask);
    draft.suggestedPrefix = kPrefix;
    return f.approvals->request(draft);
}

Result<ApprovalRecord> answer(RemoteSourcesFixture& f, qint64 approvalId, ApprovalChoice choice,
                              const QString& message = {}, const QStringList& prefix = {}) {
    ApprovalReply reply;
    reply.choice = choice;
    reply.message = message;
    reply.prefix = prefix;
    reply.device = u"desktop"_s;  // not sent: the server records the connection's device
    return f.await<ApprovalRecord>([&](QObject* c, auto done) {
        f.remote->sources().approvals->answer(approvalId, reply, c, done);
    });
}

Result<QList<ApprovalRecord>> pendingOf(RemoteSourcesFixture& f, ApprovalsSource* source) {
    return f.await<QList<ApprovalRecord>>([&](QObject* c, auto done) { source->pending(c, done); });
}

Result<QList<ApprovalRuleRecord>> rulesOf(RemoteSourcesFixture& f) {
    return f.await<QList<ApprovalRuleRecord>>(
        [&](QObject* c, auto done) { f.remote->sources().approvals->rules(c, done); });
}

QString messageOf(const auto& result) {
    return result ? QString() : result.error().message;
}

// The error's code; "<ok>" when there is none.
QString codeOf(const auto& result) {
    return result ? u"<ok>"_s : result.error().code;
}

}  // namespace

class TestRemoteApprovals : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aPendingRequestReadsBackAsTheLocalOne() {
        RemoteSourcesFixture f;
        const Result<ApprovalRecord> first = ask(f, f.kOwner, u"call-1"_s);
        QVERIFY2(first.ok(), qPrintable(messageOf(first)));
        QVERIFY2(ask(f, 2).ok(), "another owner's request");
        const Result<ApprovalRecord> second = ask(f, f.kOwner, u"call-2"_s);
        QVERIFY(second.ok());

        const Result<QList<ApprovalRecord>> l = pendingOf(f, f.local->sources().approvals);
        const Result<QList<ApprovalRecord>> r = pendingOf(f, f.remote->sources().approvals);
        QVERIFY2(l.ok(), qPrintable(messageOf(l)));
        QVERIFY2(r.ok(), qPrintable(messageOf(r)));
        QCOMPARE(l->size(), 2);
        QCOMPARE(r->size(), l->size());
        for (qsizetype i = 0; i < l->size(); ++i)
            compare(r->at(i), l->at(i));
        // Oldest first, as recorded.
        QCOMPARE(r->at(0).id, first->id);
        QCOMPARE(r->at(1).id, second->id);
        QCOMPARE(r->at(0).ownerId, f.kOwner);
        QCOMPARE(r->at(0).status, ApprovalStatus::Pending);
        QCOMPARE(r->at(0).suggestedPrefix, kPrefix);
        QCOMPARE(r->at(0).statedReason, u"nginx answers 502"_s);
        QVERIFY(r->at(0).expiresAt > r->at(0).requestedAt);

        // The command's JSON: the keys of Approvals::approvalJson.
        const Result<QJsonObject> raw = f.command(u"approvals"_s, {});
        QVERIFY2(raw.ok(), qPrintable(messageOf(raw)));
        const QJsonObject one = raw->value(u"approvals"_s).toArray().at(0).toObject();
        QCOMPARE(one, Approvals::approvalJson(l->at(0)));
    }

    void answersChangeTheServersStore() {
        RemoteSourcesFixture f;
        // Allow once.
        const Result<ApprovalRecord> a = ask(f, f.kOwner, u"call-a"_s);
        QVERIFY(a.ok());
        const Result<ApprovalRecord> allowed = answer(f, a->id, ApprovalChoice::AllowOnce);
        QVERIFY2(allowed.ok(), qPrintable(messageOf(allowed)));
        QCOMPARE(allowed->status, ApprovalStatus::Allowed);
        QCOMPARE(allowed->device, u"api:1"_s);
        QCOMPARE(allowed->decidedBy, u"user"_s);
        QCOMPARE(allowed->ruleId, qint64(0));
        QCOMPARE(allowed->ownerId, f.kOwner);
        QVERIFY(allowed->decidedAt.isValid());
        compare(allowed.value(), f.approvalStore->request(f.kOwner, a->id).value());
        // A second answer changes nothing.
        QCOMPARE(codeOf(answer(f, a->id, ApprovalChoice::Deny)), u"invalid_state"_s);
        QCOMPARE(f.approvalStore->request(f.kOwner, a->id)->status, ApprovalStatus::Allowed);

        // Deny, with a message for the worker.
        const Result<ApprovalRecord> b = ask(f, f.kOwner, u"call-b"_s);
        QVERIFY(b.ok());
        const Result<ApprovalRecord> denied =
            answer(f, b->id, ApprovalChoice::Deny, u"Reload it instead of restarting."_s);
        QVERIFY2(denied.ok(), qPrintable(messageOf(denied)));
        QCOMPARE(denied->status, ApprovalStatus::Denied);
        QCOMPARE(denied->message, u"Reload it instead of restarting."_s);
        compare(denied.value(), f.approvalStore->request(f.kOwner, b->id).value());

        // Always allow: a prefix that is not the command's start is refused…
        const Result<ApprovalRecord> c = ask(f, f.kOwner, u"call-c"_s);
        QVERIFY(c.ok());
        QCOMPARE(codeOf(answer(f, c->id, ApprovalChoice::AlwaysAllow, {}, {u"rm"_s})),
                 u"invalid_argument"_s);
        QCOMPARE(f.approvalStore->request(f.kOwner, c->id)->status, ApprovalStatus::Pending);
        // …the suggested one makes a rule.
        const Result<ApprovalRecord> always = answer(f, c->id, ApprovalChoice::AlwaysAllow);
        QVERIFY2(always.ok(), qPrintable(messageOf(always)));
        QCOMPARE(always->status, ApprovalStatus::Allowed);
        QVERIFY(always->ruleId > 0);
        compare(always.value(), f.approvalStore->request(f.kOwner, c->id).value());

        const Result<QList<ApprovalRuleRecord>> rules = rulesOf(f);
        QVERIFY2(rules.ok(), qPrintable(messageOf(rules)));
        QCOMPARE(rules->size(), 1);
        const ApprovalRuleRecord rule = rules->at(0);
        const ApprovalRuleRecord stored = f.approvalStore->rules(f.kOwner)->at(0);
        QCOMPARE(rule.id, always->ruleId);
        QCOMPARE(rule.ownerId, f.kOwner);
        QCOMPARE(rule.host, u"testbox"_s);
        QCOMPARE(rule.prefix, kPrefix);
        QCOMPARE(rule.approvalId, c->id);
        QCOMPARE(rule.createdBy, stored.createdBy);
        QCOMPARE(rule.createdAt, stored.createdAt);
        QVERIFY(rule.createdAt.isValid());

        ApprovalsSource* remote = f.remote->sources().approvals;
        const Result<bool> removed =
            f.await<bool>([&](QObject* ctx, auto done) { remote->removeRule(rule.id, ctx, done); });
        QVERIFY2(removed.ok(), qPrintable(messageOf(removed)));
        QVERIFY(removed.value());
        QVERIFY(f.approvalStore->rules(f.kOwner)->isEmpty());
        QVERIFY(rulesOf(f)->isEmpty());
        QCOMPARE(codeOf(f.await<bool>(
                     [&](QObject* ctx, auto done) { remote->removeRule(rule.id, ctx, done); })),
                 u"not_found"_s);

        // Nothing is pending any more.
        QVERIFY(pendingOf(f, remote)->isEmpty());
    }

    void anotherOwnersRequestIsNotFound() {
        RemoteSourcesFixture f;
        const Result<ApprovalRecord> theirs = ask(f, 2);
        QVERIFY(theirs.ok());
        QCOMPARE(codeOf(answer(f, theirs->id, ApprovalChoice::AllowOnce)), u"not_found"_s);
        QCOMPARE(f.approvalStore->request(2, theirs->id)->status, ApprovalStatus::Pending);
        QCOMPARE(codeOf(answer(f, 999, ApprovalChoice::Deny)), u"not_found"_s);
        QVERIFY(pendingOf(f, f.remote->sources().approvals)->isEmpty());

        // Another owner's rule cannot be removed either.
        const Result<qint64> rule = f.approvalStore->addRule(2, u"testbox"_s, kPrefix, 0, u"user"_s,
                                                             QDateTime::currentDateTimeUtc());
        QVERIFY(rule.ok());
        QCOMPARE(codeOf(f.await<bool>([&](QObject* c, auto done) {
                     f.remote->sources().approvals->removeRule(rule.value(), c, done);
                 })),
                 u"not_found"_s);
        QCOMPARE(f.approvalStore->rules(2)->size(), 1);
    }

    void requestsAndAnswersArriveAsEvents() {
        RemoteSourcesFixture f;
        QSignalSpy localRequested(f.local->sources().approvals, &ApprovalsSource::requested);
        QSignalSpy requested(f.remote->sources().approvals, &ApprovalsSource::requested);
        QSignalSpy resolved(f.remote->sources().approvals, &ApprovalsSource::resolved);
        // Another owner's request reaches neither source (the server sends only the
        // connection owner's events; the local source keeps to its owner).
        QVERIFY(ask(f, 2).ok());
        QCOMPARE(localRequested.size(), 0);
        const Result<ApprovalRecord> mine = ask(f, f.kOwner);
        QVERIFY(mine.ok());
        QCOMPARE(localRequested.size(), 1);
        QVERIFY(requested.wait(RemoteSourcesFixture::kWaitMs));
        QCOMPARE(requested.size(), 1);
        const auto arrived = requested.at(0).at(0).value<ApprovalRecord>();
        compare(arrived, f.approvalStore->request(f.kOwner, mine->id).value());
        QCOMPARE(arrived.ownerId, f.kOwner);
        QCOMPARE(arrived.status, ApprovalStatus::Pending);

        // An answer given elsewhere (here: the server's own broker, as the chat card would).
        ApprovalReply reply;
        reply.choice = ApprovalChoice::Deny;
        reply.message = u"not now"_s;
        reply.device = u"desktop"_s;
        QVERIFY(f.approvals->answer(f.kOwner, mine->id, reply).ok());
        QVERIFY(resolved.wait(RemoteSourcesFixture::kWaitMs));
        QCOMPARE(resolved.size(), 1);
        const auto answered = resolved.at(0).at(0).value<ApprovalRecord>();
        compare(answered, f.approvalStore->request(f.kOwner, mine->id).value());
        QCOMPARE(answered.status, ApprovalStatus::Denied);
        QCOMPARE(answered.device, u"desktop"_s);
        QCOMPARE(answered.message, u"not now"_s);
        QCOMPARE(requested.size(), 1);
    }

    void badArgumentsAreRefusedAndNamed() {
        RemoteSourcesFixture f;
        const Result<ApprovalRecord> pending = ask(f, f.kOwner);
        QVERIFY(pending.ok());
        const qint64 id = pending->id;
        const auto refused = [&](const QString& op, const QJsonObject& args,
                                 const QStringList& named) {
            const Result<QJsonObject> r = f.command(op, args);
            QVERIFY2(!r.ok(), qPrintable(op));
            QCOMPARE(r.error().code, u"bad_request"_s);
            for (const QString& n : named)
                QVERIFY2(r.error().message.contains(n), qPrintable(r.error().message));
        };
        refused(u"approve"_s, {{u"choice"_s, u"allow"_s}}, {u"approval_id"_s});
        refused(u"approve"_s, {{u"approval_id"_s, 0}, {u"choice"_s, u"allow"_s}},
                {u"approval_id"_s});
        refused(u"approve"_s, {{u"approval_id"_s, id}}, {u"choice"_s});
        // An unknown choice names the three words.
        refused(u"approve"_s, {{u"approval_id"_s, id}, {u"choice"_s, u"maybe"_s}},
                {u"maybe"_s, u"allow"_s, u"deny"_s, u"always_allow"_s});
        refused(u"approve"_s,
                {{u"approval_id"_s, id}, {u"choice"_s, u"always_allow"_s}, {u"prefix"_s, u"rm"_s}},
                {u"prefix"_s});
        refused(u"approve"_s,
                {{u"approval_id"_s, id},
                 {u"choice"_s, u"allow"_s},
                 {u"prefix"_s, QJsonArray{u"systemctl"_s}}},
                {u"prefix"_s, u"always_allow"_s});
        refused(u"approve"_s, {{u"approval_id"_s, id}, {u"choice"_s, u"deny"_s}, {u"message"_s, 5}},
                {u"message"_s});
        refused(u"approval_rule_remove"_s, {}, {u"rule_id"_s});
        refused(u"approval_rule_remove"_s, {{u"rule_id"_s, u"one"_s}}, {u"rule_id"_s});
        // None of them answered it.
        QCOMPARE(f.approvalStore->request(f.kOwner, id)->status, ApprovalStatus::Pending);

        // The other commands need no arguments.
        const Result<QJsonObject> rules = f.command(u"approval_rules"_s, {});
        QVERIFY2(rules.ok(), qPrintable(messageOf(rules)));
        QVERIFY(rules->value(u"rules"_s).isArray());
        const Result<QJsonObject> listed = f.command(u"approvals"_s, {});
        QVERIFY(listed.ok());
        QCOMPARE(listed->value(u"approvals"_s).toArray().size(), 1);
        // The raw answer: {approval}, recorded as from this device.
        const Result<QJsonObject> approved =
            f.command(u"approve"_s, {{u"approval_id"_s, id}, {u"choice"_s, u"allow"_s}});
        QVERIFY2(approved.ok(), qPrintable(messageOf(approved)));
        const QJsonObject record = approved->value(u"approval"_s).toObject();
        QCOMPARE(record.value(u"status"_s).toString(), statusName(ApprovalStatus::Allowed));
        QCOMPARE(record.value(u"device"_s).toString(), u"api:1"_s);
    }

    void aStatusThisAppDoesNotKnowIsAnError() {
        QJsonObject o = Approvals::approvalJson(ApprovalRecord{});
        QVERIFY(recordjson::approvalRecord(o).ok());
        o.insert(u"status"_s, u"held"_s);
        const Result<ApprovalRecord> r = recordjson::approvalRecord(o);
        QCOMPARE(codeOf(r), u"protocol"_s);
        QVERIFY2(r.error().message.contains(u"held"_s), qPrintable(r.error().message));
        // A missing key keeps its default.
        o.remove(u"status"_s);
        QCOMPARE(recordjson::approvalRecord(o)->status, ApprovalStatus::Pending);
    }

    void aServerWithoutApprovalsSaysSo() {
        RemoteSourcesFixture f(false);
        QVERIFY(f.local->sources().approvals == nullptr);
        const auto internal = [&](const QString& op, const QJsonObject& args) {
            const Result<QJsonObject> r = f.command(op, args);
            QCOMPARE(codeOf(r), u"internal"_s);
            QVERIFY2(r.error().message.contains(u"approvals broker"_s),
                     qPrintable(r.error().message));
        };
        internal(u"approvals"_s, {});
        internal(u"approve"_s, {{u"approval_id"_s, 1}, {u"choice"_s, u"allow"_s}});
        internal(u"approval_rules"_s, {});
        internal(u"approval_rule_remove"_s, {{u"rule_id"_s, 1}});
    }
};

QTEST_GUILESS_MAIN(TestRemoteApprovals)
#include "test_remote_approvals.moc"
