// The Costs page through `zerg serve`: RemoteCostsSource asks the server's `usage` command, which
// answers from the owner's StoreCostsSource. The report read back equals the local one, field by
// field, unknown prices included; bad arguments are refused with a message that names them.
#include "remote_sources_fixture.h"

using namespace zerg;
using namespace zerg::test;

namespace {

LlmCallRecord call(const QString& model, const QString& role, std::optional<double> cost,
                   const QDateTime& at) {
    LlmCallRecord c;
    c.ownerId = RemoteSourcesFixture::kOwner;
    c.role = role;
    c.agent = role;
    c.provider = u"openai"_s;
    c.model = model;
    c.promptTokens = 1200;
    c.completionTokens = 300;
    c.cachedTokens = 200;
    c.costUsd = cost;
    c.status = u"ok"_s;
    c.createdAt = at;
    return c;
}

void compare(const UsageReport& remote, const UsageReport& local) {
    QCOMPARE(remote.anyCallsEver, local.anyCallsEver);
    QCOMPARE(remote.buckets.size(), local.buckets.size());
    for (qsizetype i = 0; i < local.buckets.size(); ++i) {
        const UsageBucket& r = remote.buckets.at(i);
        const UsageBucket& l = local.buckets.at(i);
        QCOMPARE(r.hour, l.hour);
        QCOMPARE(r.model, l.model);
        QCOMPARE(r.role, l.role);
        QCOMPARE(r.totals.calls, l.totals.calls);
        QCOMPARE(r.totals.promptTokens, l.totals.promptTokens);
        QCOMPARE(r.totals.completionTokens, l.totals.completionTokens);
        QCOMPARE(r.totals.cachedTokens, l.totals.cachedTokens);
        QCOMPARE(r.totals.costUsd.has_value(), l.totals.costUsd.has_value());
        if (l.totals.costUsd)
            QCOMPARE(*r.totals.costUsd, *l.totals.costUsd);
        QCOMPARE(r.totals.unknownCostCalls, l.totals.unknownCostCalls);
        QCOMPARE(r.totals.knownCostUsd, l.totals.knownCostUsd);
    }
}

}  // namespace

class TestRemoteCosts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theServersReportEqualsTheLocalOne() {
        RemoteSourcesFixture f;
        const QDateTime t0(QDate(2026, 11, 20), QTime(9, 15), Qt::UTC);
        QVERIFY(f.store->ensureOwner(1, u"me"_s, t0).ok());
        QVERIFY(f.store->recordLlmCall(call(u"gpt-4o-mini"_s, u"supervisor"_s, 0.0125, t0)).ok());
        QVERIFY(f.store->recordLlmCall(call(u"gpt-4o-mini"_s, u"worker"_s, 0.5, t0)).ok());
        QVERIFY(
            f.store->recordLlmCall(call(u"mystery"_s, u"worker"_s, std::nullopt, t0.addSecs(7200)))
                .ok());
        const QDateTime since = t0.addDays(-1);

        const Result<UsageReport> local = f.await<UsageReport>(
            [&](QObject* c, auto done) { f.local->sources().costs->usage(since, c, done); });
        const Result<UsageReport> remote = f.await<UsageReport>(
            [&](QObject* c, auto done) { f.remote->sources().costs->usage(since, c, done); });
        QVERIFY2(local.ok(), qPrintable(local ? QString() : local.error().message));
        QVERIFY2(remote.ok(), qPrintable(remote ? QString() : remote.error().message));
        QCOMPARE(local->buckets.size(), 3);  // two hours, and two roles in the first
        compare(remote.value(), local.value());
        // The unknown price stays unknown across the wire (null, not 0).
        bool unknownSeen = false;
        for (const UsageBucket& b : remote->buckets)
            unknownSeen = unknownSeen || (b.model == u"mystery"_s && !b.totals.costUsd);
        QVERIFY(unknownSeen);

        // A window after every call: empty, but the owner has made calls.
        const QDateTime later = t0.addDays(3);
        const Result<UsageReport> empty = f.await<UsageReport>(
            [&](QObject* c, auto done) { f.remote->sources().costs->usage(later, c, done); });
        QVERIFY(empty.ok());
        QVERIFY(empty->buckets.isEmpty());
        QVERIFY(empty->anyCallsEver);
    }

    void aBadTimeIsRefusedAndNamed() {
        RemoteSourcesFixture f;
        std::optional<Result<QJsonObject>> answer;
        f.client->request(u"usage"_s, {{u"since"_s, u"yesterday"_s}}, nullptr,
                          [&answer](Result<QJsonObject> r) { answer = std::move(r); });
        QVERIFY(QTest::qWaitFor([&answer] { return answer.has_value(); }, 10'000));
        QVERIFY(!answer->ok());
        QCOMPARE(answer->error().code, u"bad_request"_s);
        QVERIFY2(answer->error().message.contains(u"since"_s), qPrintable(answer->error().message));
        answer.reset();
        f.client->request(u"usage"_s, {}, nullptr,
                          [&answer](Result<QJsonObject> r) { answer = std::move(r); });
        QVERIFY(QTest::qWaitFor([&answer] { return answer.has_value(); }, 10'000));
        QCOMPARE(answer->error().code, u"bad_request"_s);
    }
};

QTEST_GUILESS_MAIN(TestRemoteCosts)
#include "test_remote_costs.moc"
