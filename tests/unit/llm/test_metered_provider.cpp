#include "core/clock.h"
#include "llm/llm_errors.h"
#include "llm/metered_provider.h"
#include "llm/pricing.h"
#include "storage/database.h"
#include "storage/store.h"

#include <QPointer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

namespace {

// A reply the test drives by hand: deltas, then success or failure, at the moments it chooses.
class FakeReply final : public ChatReply {
public:
    using ChatReply::ChatReply;

    void sendText(const QString& text) {
        m_message.content += text;
        m_hasOutput = true;
        Q_EMIT textDelta(text);
    }
    void sendToolCallFragment(int position, const QString& id, const QString& name,
                              const QString& arguments) {
        while (m_message.toolCalls.size() <= position)
            m_message.toolCalls.append(ToolCall{});
        ToolCall& call = m_message.toolCalls[position];
        call.id = id;
        call.name = name;
        call.arguments += arguments;
        m_hasOutput = true;
        Q_EMIT toolCallDelta(position);
    }
    void succeed(const Usage& usage, const QString& finishReason = QStringLiteral("stop")) {
        m_usage = usage;
        m_finishReason = finishReason;
        m_httpStatus = 200;
        finish();
    }
    void fail(const QString& code, int httpStatus, qint64 retryAfterMs, int shouldRetry) {
        m_errorCode = code;
        m_errorString =
            QStringLiteral("The server is busy (HTTP %1). Try again later.").arg(httpStatus);
        m_httpStatus = httpStatus;
        m_retryAfterMs = retryAfterMs;
        m_shouldRetry = shouldRetry;
        finish();
    }
    void abort() override {
        if (m_finished)
            return;
        m_errorCode = QString::fromLatin1(llm::errors::Aborted);
        m_errorString = QStringLiteral("cancelled");
        finish();
    }
    bool aborted() const { return m_errorCode == QLatin1String(llm::errors::Aborted); }

private:
    void finish() {
        m_finished = true;
        Q_EMIT finished();
    }
};

class FakeProvider final : public LlmProvider {
    Q_OBJECT
public:
    FakeProvider(QString kind, bool local, QObject* parent = nullptr)
        : LlmProvider(parent), m_kind(std::move(kind)), m_local(local) {}

    ChatReply* chat(const ChatRequest& request) override {
        requests.append(request);
        last = new FakeReply(this);
        return last;
    }
    QString kind() const override { return m_kind; }
    bool isLocal() const override { return m_local; }

    QList<ChatRequest> requests;
    QPointer<FakeReply> last;

private:
    QString m_kind;
    bool m_local;
};

const QDateTime kT0(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC);

Usage usage(qint64 prompt, qint64 completion, qint64 cached = 0, qint64 cacheWrite = 0,
            qint64 reasoning = 0) {
    Usage u;
    u.promptTokens = prompt;
    u.completionTokens = completion;
    u.cachedTokens = cached;
    u.cacheWriteTokens = cacheWrite;
    u.reasoningTokens = reasoning;
    return u;
}

}  // namespace

class TestMeteredProvider : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    int m_n = 0;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<Store> m_store;
    std::unique_ptr<ManualClock> m_clock;
    Pricing m_pricing;
    qint64 m_runId = 0;
    qint64 m_jobId = 0;

    ChatRequest request(const QString& model) const {
        ChatRequest r;
        r.model = model;
        r.messages = {ChatMessage::user(QStringLiteral("check disk on cube"))};
        r.meta.role = QStringLiteral("worker");
        r.meta.agent = QStringLiteral("2026-01-01T12-00-00_disk-check");
        r.meta.ownerId = 1;
        r.meta.runId = m_runId;
        r.meta.jobId = m_jobId;
        return r;
    }

    QList<LlmCallRecord> rows() {
        const auto list = m_store->listLlmCalls(1, 100);
        return list ? list.value() : QList<LlmCallRecord>();
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_tmp.isValid());
        m_pricing = Pricing::builtIn();
        QVERIFY(!m_pricing.entries().isEmpty());
    }

    // A fresh database per test, with a run and a job for the calls to belong to.
    void init() {
        m_store.reset();
        m_db.reset();
        auto db = Database::open(m_tmp.filePath(QStringLiteral("t%1.sqlite").arg(++m_n)), kT0);
        QVERIFY2(db, db ? "" : qPrintable(db.error().message));
        m_db = std::move(db).value();
        m_store = std::make_unique<Store>(m_db.get());
        m_clock = std::make_unique<ManualClock>(kT0);
        const auto thread = m_store->findOrCreateSupervisorThread(1, QStringLiteral("Jarvis"), kT0);
        QVERIFY(thread);
        const auto run = m_store->createRun(1, thread->id, QStringLiteral("check disk"), kT0);
        QVERIFY(run);
        m_runId = run.value();
        const auto job =
            m_store->createJob(1, m_runId, QStringLiteral("df -h"), QStringLiteral("gpt-4o"), kT0);
        QVERIFY(job);
        m_jobId = job.value();
    }

    void forwardsKindAndIsLocal() {
        FakeProvider local(QStringLiteral("openai"), true);
        MeteredProvider a(&local, m_store.get(), &m_pricing, m_clock.get());
        QCOMPARE(a.kind(), QStringLiteral("openai"));
        QVERIFY(a.isLocal());
        FakeProvider remote(QStringLiteral("anthropic"), false);
        MeteredProvider b(&remote, m_store.get(), &m_pricing, m_clock.get());
        QCOMPARE(b.kind(), QStringLiteral("anthropic"));
        QVERIFY(!b.isLocal());
    }

    void aCallRecordsOneRowBeforeFinished() {
        FakeProvider inner(QStringLiteral("openai"), false);
        MeteredProvider metered(&inner, m_store.get(), &m_pricing, m_clock.get());
        QSignalSpy recorded(&metered, &MeteredProvider::callRecorded);

        std::unique_ptr<ChatReply> reply(
            metered.chat(request(QStringLiteral("gpt-4o-2024-08-06"))));
        QVERIFY(reply);
        QCOMPARE(inner.requests.size(), 1);
        QCOMPARE(inner.requests.first().model, QStringLiteral("gpt-4o-2024-08-06"));
        QCOMPARE(inner.requests.first().meta.jobId, m_jobId);
        QVERIFY(inner.last);

        int rowsSeenOnFinished = -1;
        connect(reply.get(), &ChatReply::finished, this,
                [&] { rowsSeenOnFinished = int(rows().size()); });
        QSignalSpy finished(reply.get(), &ChatReply::finished);

        m_clock->advance(1500);
        QVERIFY(rows().isEmpty());
        inner.last->sendText(QStringLiteral("78% full"));
        // 10,000 prompt tokens of which 4,000 cached, 500 completion of which 100 reasoning:
        // 6,000 * 2.50 + 4,000 * 1.25 + 500 * 10 = 25,000 per million = $0.025.
        inner.last->succeed(usage(10000, 500, 4000, 0, 100));

        QCOMPARE(finished.size(), 1);
        QCOMPARE(rowsSeenOnFinished, 1);
        QVERIFY(reply->isFinished());
        QVERIFY(!reply->hasError());
        QCOMPARE(reply->message().content, QStringLiteral("78% full"));
        QCOMPARE(reply->finishReason(), QStringLiteral("stop"));
        QCOMPARE(reply->usage().promptTokens, qint64(10000));
        QCOMPARE(reply->usage().cachedTokens, qint64(4000));
        QCOMPARE(reply->httpStatus(), 200);

        const QList<LlmCallRecord> list = rows();
        QCOMPARE(list.size(), 1);
        const LlmCallRecord& r = list.first();
        QVERIFY(r.id > 0);
        QCOMPARE(r.ownerId, qint64(1));
        QCOMPARE(r.runId, m_runId);
        QCOMPARE(r.jobId, m_jobId);
        QCOMPARE(r.role, QStringLiteral("worker"));
        QCOMPARE(r.agent, QStringLiteral("2026-01-01T12-00-00_disk-check"));
        QCOMPARE(r.provider, QStringLiteral("openai"));
        QCOMPARE(r.model, QStringLiteral("gpt-4o-2024-08-06"));
        QCOMPARE(r.promptTokens, qint64(10000));
        QCOMPARE(r.completionTokens, qint64(500));
        QCOMPARE(r.cachedTokens, qint64(4000));
        QCOMPARE(r.cacheWriteTokens, qint64(0));
        QCOMPARE(r.reasoningTokens, qint64(100));
        QVERIFY(r.costUsd);
        QVERIFY2(qAbs(*r.costUsd - 0.025) < 1e-12, qPrintable(QString::number(*r.costUsd)));
        QCOMPARE(r.durationMs, qint64(1500));
        QCOMPARE(r.status, QStringLiteral("ok"));
        QCOMPARE(r.createdAt, kT0.addMSecs(1500));

        QCOMPARE(recorded.size(), 1);
        const auto announced = recorded.first().first().value<LlmCallRecord>();
        QCOMPARE(announced.id, r.id);
        QCOMPARE(announced.costUsd, r.costUsd);
        QCOMPARE(announced.model, r.model);

        const auto totals = m_store->usageForRun(m_runId);
        QVERIFY(totals);
        QCOMPARE(totals->calls, qint64(1));
        QVERIFY(totals->costUsd);
        QCOMPARE(totals->unknownCostCalls, qint64(0));
    }

    void anthropicUsageIsPricedWithCacheWrites() {
        FakeProvider inner(QStringLiteral("anthropic"), false);
        MeteredProvider metered(&inner, m_store.get(), &m_pricing, m_clock.get());
        std::unique_ptr<ChatReply> reply(
            metered.chat(request(QStringLiteral("claude-sonnet-4-20250514"))));
        QSignalSpy finished(reply.get(), &ChatReply::finished);
        // Normalized: 1,000 fresh + 20,000 cache reads + 2,000 cache writes = 23,000 prompt.
        // 1,000 * 3 + 20,000 * 0.30 + 2,000 * 3.75 + 800 * 15 = 28,500 per million.
        inner.last->succeed(usage(23000, 800, 20000, 2000));
        QCOMPARE(finished.size(), 1);
        const auto list = rows();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().provider, QStringLiteral("anthropic"));
        QCOMPARE(list.first().cacheWriteTokens, qint64(2000));
        QVERIFY(list.first().costUsd);
        QVERIFY(qAbs(*list.first().costUsd - 0.0285) < 1e-12);
    }

    void unknownModelRecordsUnknownCost() {
        FakeProvider inner(QStringLiteral("openai"), false);
        MeteredProvider metered(&inner, m_store.get(), &m_pricing, m_clock.get());
        QSignalSpy recorded(&metered, &MeteredProvider::callRecorded);
        std::unique_ptr<ChatReply> reply(metered.chat(request(QStringLiteral("mystery-model-7b"))));
        inner.last->succeed(usage(1000, 100));
        QCOMPARE(recorded.size(), 1);
        QVERIFY(!recorded.first().first().value<LlmCallRecord>().costUsd);

        const auto list = rows();
        QCOMPARE(list.size(), 1);
        QVERIFY(!list.first().costUsd);
        QCOMPARE(list.first().promptTokens, qint64(1000));

        auto totals = m_store->usageForRun(m_runId);
        QVERIFY(totals);
        QCOMPARE(totals->calls, qint64(1));
        QVERIFY(!totals->costUsd);
        QCOMPARE(totals->unknownCostCalls, qint64(1));

        // A priced call in the same run does not make the total known: part of it is missing.
        std::unique_ptr<ChatReply> second(metered.chat(request(QStringLiteral("gpt-4o"))));
        inner.last->succeed(usage(1000, 100));
        totals = m_store->usageForRun(m_runId);
        QCOMPARE(totals->calls, qint64(2));
        QCOMPARE(totals->promptTokens, qint64(2000));
        QVERIFY(!totals->costUsd);
        QCOMPARE(totals->unknownCostCalls, qint64(1));
    }

    void localProviderCostsZeroForAnyModel() {
        FakeProvider inner(QStringLiteral("openai"), true);
        MeteredProvider metered(&inner, m_store.get(), &m_pricing, m_clock.get());
        std::unique_ptr<ChatReply> reply(metered.chat(request(QStringLiteral("llama3.1:8b"))));
        inner.last->succeed(usage(5000, 700));
        const auto list = rows();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().costUsd, std::optional<double>(0.0));
        const auto totals = m_store->usageForRun(m_runId);
        QCOMPARE(totals->costUsd, std::optional<double>(0.0));
        QCOMPARE(totals->unknownCostCalls, qint64(0));
    }

    void failedCallRecordsItsErrorCodeAndKeepsTheHints() {
        FakeProvider inner(QStringLiteral("openai"), false);
        MeteredProvider metered(&inner, m_store.get(), &m_pricing, m_clock.get());
        std::unique_ptr<ChatReply> reply(metered.chat(request(QStringLiteral("gpt-4o-mini"))));
        QSignalSpy finished(reply.get(), &ChatReply::finished);
        m_clock->advance(250);
        inner.last->fail(QString::fromLatin1(llm::errors::RateLimited), 429, 2000, 1);

        QCOMPARE(finished.size(), 1);
        QVERIFY(reply->hasError());
        QCOMPARE(reply->errorCode(), QStringLiteral("rate_limited"));
        QCOMPARE(reply->errorString(), inner.last->errorString());
        QCOMPARE(reply->httpStatus(), 429);
        QCOMPARE(reply->retryAfterMs(), qint64(2000));
        QCOMPARE(reply->shouldRetryHint(), 1);
        QVERIFY(!reply->hasOutput());

        const auto list = rows();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().status, QStringLiteral("rate_limited"));
        QCOMPARE(list.first().durationMs, qint64(250));
        QCOMPARE(list.first().promptTokens, qint64(0));
        // Nothing was used, at a known price: free, not unknown.
        QCOMPARE(list.first().costUsd, std::optional<double>(0.0));
    }

    void deltasAreForwardedAsTheyArrive() {
        FakeProvider inner(QStringLiteral("openai"), false);
        MeteredProvider metered(&inner, m_store.get(), &m_pricing, m_clock.get());
        std::unique_ptr<ChatReply> reply(metered.chat(request(QStringLiteral("gpt-4o"))));
        QSignalSpy text(reply.get(), &ChatReply::textDelta);
        QSignalSpy tools(reply.get(), &ChatReply::toolCallDelta);
        QStringList contentSeen;
        QStringList argumentsSeen;
        connect(reply.get(), &ChatReply::textDelta, this,
                [&] { contentSeen.append(reply->message().content); });
        connect(reply.get(), &ChatReply::toolCallDelta, this, [&](int position) {
            argumentsSeen.append(reply->message().toolCalls.at(position).arguments);
        });

        QVERIFY(!reply->hasOutput());
        inner.last->sendText(QStringLiteral("Let me "));
        inner.last->sendText(QStringLiteral("check."));
        QCOMPARE(text.size(), 2);
        QCOMPARE(text.at(0).first().toString(), QStringLiteral("Let me "));
        QCOMPARE(text.at(1).first().toString(), QStringLiteral("check."));
        QCOMPARE(contentSeen,
                 (QStringList{QStringLiteral("Let me "), QStringLiteral("Let me check.")}));
        QVERIFY(reply->hasOutput());
        QVERIFY(!reply->isFinished());

        inner.last->sendToolCallFragment(0, QStringLiteral("call_1"), QStringLiteral("ssh_exec"),
                                         QStringLiteral("{\"host\":"));
        inner.last->sendToolCallFragment(0, QStringLiteral("call_1"), QStringLiteral("ssh_exec"),
                                         QStringLiteral("\"cube\"}"));
        QCOMPARE(tools.size(), 2);
        QCOMPARE(tools.at(1).first().toInt(), 0);
        QCOMPARE(argumentsSeen, (QStringList{QStringLiteral("{\"host\":"),
                                             QStringLiteral("{\"host\":\"cube\"}")}));
        QCOMPARE(reply->message().toolCalls.first().name, QStringLiteral("ssh_exec"));
        QCOMPARE(reply->message().toolCalls.first().id, QStringLiteral("call_1"));
        QVERIFY(rows().isEmpty());

        inner.last->succeed(usage(100, 20), QStringLiteral("tool_calls"));
        QVERIFY(reply->isFinished());
        QCOMPARE(reply->finishReason(), QStringLiteral("tool_calls"));
        QCOMPARE(reply->message().content, QStringLiteral("Let me check."));
        QCOMPARE(reply->message().toolCalls.size(), 1);
        QCOMPARE(reply->message().toolCalls.first().arguments,
                 QStringLiteral("{\"host\":\"cube\"}"));
        QCOMPARE(rows().size(), 1);
    }

    void abortFinishesOnceAndRecordsAborted() {
        FakeProvider inner(QStringLiteral("openai"), false);
        MeteredProvider metered(&inner, m_store.get(), &m_pricing, m_clock.get());
        std::unique_ptr<ChatReply> reply(metered.chat(request(QStringLiteral("gpt-4o"))));
        QSignalSpy finished(reply.get(), &ChatReply::finished);
        inner.last->sendText(QStringLiteral("partial"));
        reply->abort();
        QCOMPARE(finished.size(), 1);
        QVERIFY(inner.last->aborted());
        QCOMPARE(reply->errorCode(), QStringLiteral("aborted"));
        reply->abort();
        QCOMPARE(finished.size(), 1);
        const auto list = rows();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().status, QStringLiteral("aborted"));
    }

    void deletingAnUnfinishedReplyAbortsAndRecordsIt() {
        FakeProvider inner(QStringLiteral("openai"), false);
        MeteredProvider metered(&inner, m_store.get(), &m_pricing, m_clock.get());
        QSignalSpy recorded(&metered, &MeteredProvider::callRecorded);
        ChatReply* reply = metered.chat(request(QStringLiteral("gpt-4o")));
        QPointer<FakeReply> innerReply = inner.last;
        m_clock->advance(40);
        delete reply;
        QVERIFY(innerReply);
        QVERIFY(innerReply->aborted());
        QCOMPARE(recorded.size(), 1);
        const auto list = rows();
        QCOMPARE(list.size(), 1);
        QCOMPARE(list.first().status, QStringLiteral("aborted"));
        QCOMPARE(list.first().durationMs, qint64(40));
        // The inner reply is released on the event loop, not under its own signal.
        QTRY_VERIFY(!innerReply);
    }

    void aFailedDatabaseWriteDoesNotFailTheCall() {
        FakeProvider inner(QStringLiteral("openai"), false);
        MeteredProvider metered(&inner, m_store.get(), &m_pricing, m_clock.get());
        QSignalSpy recorded(&metered, &MeteredProvider::callRecorded);
        ChatRequest r = request(QStringLiteral("gpt-4o"));
        r.meta.runId = 424242;  // no such run: the foreign key refuses the row
        std::unique_ptr<ChatReply> reply(metered.chat(r));
        QSignalSpy finished(reply.get(), &ChatReply::finished);
        QTest::ignoreMessage(QtWarningMsg,
                             QRegularExpression(QStringLiteral("usage of a worker call \\(model "
                                                               "gpt-4o\\) was not saved")));
        inner.last->sendText(QStringLiteral("fine"));
        inner.last->succeed(usage(10, 5));
        QCOMPARE(finished.size(), 1);
        QVERIFY(!reply->hasError());
        QCOMPARE(reply->message().content, QStringLiteral("fine"));
        QVERIFY(rows().isEmpty());
        // Still announced (for the live cost display), with no row id.
        QCOMPARE(recorded.size(), 1);
        QCOMPARE(recorded.first().first().value<LlmCallRecord>().id, qint64(0));
    }

    void worksWithoutAStore() {
        FakeProvider inner(QStringLiteral("openai"), false);
        MeteredProvider metered(&inner, nullptr, nullptr, m_clock.get());
        QSignalSpy recorded(&metered, &MeteredProvider::callRecorded);
        std::unique_ptr<ChatReply> reply(metered.chat(request(QStringLiteral("gpt-4o"))));
        inner.last->succeed(usage(10, 5));
        QVERIFY(reply->isFinished());
        QCOMPARE(recorded.size(), 1);
        // No pricing table: a remote call's cost is unknown, not free.
        QVERIFY(!recorded.first().first().value<LlmCallRecord>().costUsd);
    }
};

QTEST_GUILESS_MAIN(TestMeteredProvider)
#include "test_metered_provider.moc"
