#include "agent/memory_compactor.h"
#include "core/clock.h"
#include "scripted_llm.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace zerg;
using zerg::test::ScriptedLlm;

namespace {

const QString kPrevious = QStringLiteral("Hosts:\n- web1: nginx front end, Debian 12");

// Two turns: a checked disk with a worker and its long output, then a preference.
QList<SeqMessage> olderMessages() {
    return {
        {10, ChatMessage::user(QStringLiteral("Check the disk on db1\nit felt slow yesterday"))},
        {11, ChatMessage::assistant(QStringLiteral("Starting a worker on db1."),
                                    {{QStringLiteral("c1"), QStringLiteral("spawn_worker"),
                                      QStringLiteral("{\"host\":\"db1\",\"task\":\"df -h\"}")}})},
        {12, ChatMessage::tool(QStringLiteral("c1"), QStringLiteral("spawn_worker"),
                               QStringLiteral("{\"worker_id\":\"2026-01-01T12-00-00_disk-db1\","
                                              "\"result\":\"") +
                                   QString(5000, QLatin1Char('Z')) + QStringLiteral("\"}"))},
        {13,
         ChatMessage::assistant(QStringLiteral("db1: /var is 91% full (worker "
                                               "2026-01-01T12-00-00_disk-db1).\nDetails follow."))},
        {14,
         ChatMessage::user(QStringLiteral("From now on, never restart postgres without asking"))},
        {15, ChatMessage::assistant(QStringLiteral("Understood, I will ask first."))},
    };
}

CompactionRequest makeRequest() {
    CompactionRequest r;
    r.model = QStringLiteral("gpt-4o-mini");
    r.meta.ownerId = 7;
    r.previousSummary = kPrevious;
    r.toSummarize = olderMessages();
    return r;
}

}  // namespace

class TestMemoryCompactor : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void sendsSummaryAndMessagesAndUsesAnswer() {
        ScriptedLlm llm;
        ManualClock clock;
        const QString answer = QStringLiteral(
            "Hosts:\n- web1: nginx\n- db1: postgres\nFindings:\n- db1 /var 91% "
            "full (2026-01-01T12-00-00_disk-db1)");
        llm.pushText(QStringLiteral("\n") + answer + QStringLiteral("\n"));
        MemoryCompactor c(&llm, &clock, makeRequest());
        QSignalSpy spy(&c, &MemoryCompactor::finished);
        c.start();
        QCOMPARE(spy.count(), 0);
        QVERIFY(spy.wait(5000));

        QCOMPARE(llm.requests().size(), 1);
        const ChatRequest& req = llm.requests().first();
        QCOMPARE(req.model, QStringLiteral("gpt-4o-mini"));
        QCOMPARE(req.meta.role, QStringLiteral("memory"));
        QCOMPARE(req.meta.ownerId, qint64(7));
        QVERIFY(req.tools.isEmpty());
        QCOMPARE(req.messages.size(), 2);
        QCOMPARE(req.messages[0].role, ChatMessage::Role::System);
        const QString sys = req.messages[0].content;
        for (const char* kept : {"Hosts", "worker ids", "Decisions", "Open problems", "Preferences",
                                 "plain text", "No preamble", "800 tokens"}) {
            QVERIFY2(sys.contains(QLatin1String(kept)), kept);
        }
        const QString user = req.messages[1].content;
        QVERIFY(user.contains(kPrevious));
        QVERIFY(user.contains(QStringLiteral("Check the disk on db1")));
        QVERIFY(user.contains(QStringLiteral("never restart postgres without asking")));
        QVERIFY(user.contains(QStringLiteral("calls spawn_worker")));
        QVERIFY(user.contains(QStringLiteral("Tool result (spawn_worker)")));
        QVERIFY(user.contains(QStringLiteral("2026-01-01T12-00-00_disk-db1")));
        QVERIFY(user.contains(QStringLiteral("[#15]")));
        // The long tool output is an excerpt: the full text is on disk.
        QVERIFY(user.count(QLatin1Char('Z')) < kToolExcerptChars);
        QVERIFY(user.contains(QStringLiteral("characters in all")));

        const CompactionResult& r = c.result();
        QVERIFY(r.fromModel);
        QCOMPARE(r.summary, answer);
        QCOMPARE(r.upToSeq, qint64(15));
        QVERIFY(r.error.isEmpty());
        QVERIFY(c.isFinished());
        QCoreApplication::processEvents();
        QCOMPARE(spy.count(), 1);
    }

    void firstSummaryWithoutPrevious() {
        ScriptedLlm llm;
        ManualClock clock;
        llm.pushText(QStringLiteral("Preferences:\n- ask before restarting postgres"));
        CompactionRequest req = makeRequest();
        req.previousSummary.clear();
        MemoryCompactor c(&llm, &clock, req);
        QSignalSpy spy(&c, &MemoryCompactor::finished);
        c.start();
        QVERIFY(spy.wait(5000));
        QVERIFY(llm.requests().first().messages[1].content.contains(QStringLiteral("(none yet)")));
        QVERIFY(c.result().fromModel);
    }

    void modelErrorFallsBackToDigest() {
        ScriptedLlm llm;
        ManualClock clock;
        llm.push({{}, {}, QStringLiteral("server"), false});
        MemoryCompactor c(&llm, &clock, makeRequest());
        QSignalSpy spy(&c, &MemoryCompactor::finished);
        c.start();
        QVERIFY(spy.wait(5000));
        const CompactionResult& r = c.result();
        QVERIFY(!r.fromModel);
        QVERIFY(r.error.contains(QStringLiteral("scripted failure: server")));
        QCOMPARE(r.upToSeq, qint64(15));
        QVERIFY(r.summary.startsWith(kPrevious));
        QVERIFY(r.summary.contains(QStringLiteral("User: Check the disk on db1")));
        QVERIFY(!r.summary.contains(QStringLiteral("it felt slow yesterday")));  // first line only
        QVERIFY(r.summary.contains(QStringLiteral("db1: /var is 91% full")));
        QVERIFY(!r.summary.contains(QStringLiteral("Details follow")));
        QVERIFY(!r.summary.contains(QStringLiteral("Starting a worker")));  // not the final answer
        QVERIFY(r.summary.contains(QStringLiteral("Understood, I will ask first.")));
        QCOMPARE(clock.pendingCount(), 0);  // the timeout was cancelled
        QCoreApplication::processEvents();
        QCOMPARE(spy.count(), 1);
    }

    void emptyAnswerFallsBack() {
        ScriptedLlm llm;
        ManualClock clock;
        llm.pushText(QStringLiteral("  \n "));
        MemoryCompactor c(&llm, &clock, makeRequest());
        QSignalSpy spy(&c, &MemoryCompactor::finished);
        c.start();
        QVERIFY(spy.wait(5000));
        QVERIFY(!c.result().fromModel);
        QVERIFY(!c.result().error.isEmpty());
        QVERIFY(c.result().summary.contains(QStringLiteral("Check the disk on db1")));
    }

    void thinkingIsStripped() {
        ScriptedLlm llm;
        ManualClock clock;
        llm.pushText(QStringLiteral("<think>Let me see...</think>\nHosts:\n- db1: postgres"));
        MemoryCompactor c(&llm, &clock, makeRequest());
        QSignalSpy spy(&c, &MemoryCompactor::finished);
        c.start();
        QVERIFY(spy.wait(5000));
        QVERIFY(c.result().fromModel);
        QCOMPARE(c.result().summary, QStringLiteral("Hosts:\n- db1: postgres"));
    }

    void overBudgetAnswerFallsBack() {
        ScriptedLlm llm;
        ManualClock clock;
        llm.pushText(QString(2000, QLatin1Char('w')));  // about 500 tokens
        CompactionRequest req = makeRequest();
        req.maxSummaryTokens = 100;
        MemoryCompactor c(&llm, &clock, req);
        QSignalSpy spy(&c, &MemoryCompactor::finished);
        c.start();
        QVERIFY(spy.wait(5000));
        const CompactionResult& r = c.result();
        QVERIFY(!r.fromModel);
        QVERIFY(r.error.contains(QStringLiteral("over its budget")));
        QVERIFY(estimateTokens(ChatMessage::assistant(r.summary)) - kMessageOverheadTokens <= 100);
    }

    void hangingModelTimesOut() {
        ScriptedLlm llm;
        ManualClock clock;
        llm.push({{}, {}, {}, true});
        CompactionRequest req = makeRequest();
        req.timeoutMs = 30000;
        MemoryCompactor c(&llm, &clock, req);
        QSignalSpy spy(&c, &MemoryCompactor::finished);
        c.start();
        QCoreApplication::processEvents();
        auto* reply = c.findChild<ChatReply*>();
        QVERIFY(reply);
        QSignalSpy replySpy(reply, &ChatReply::finished);
        clock.advance(29999);
        QCoreApplication::processEvents();
        QCOMPARE(spy.count(), 0);
        clock.advance(1);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(replySpy.count(), 1);  // the call was aborted
        QVERIFY(!c.result().fromModel);
        QVERIFY(c.result().error.contains(QStringLiteral("did not answer within 30 s")));
        QVERIFY(c.result().summary.contains(QStringLiteral("never restart postgres")));
        QCOMPARE(c.result().upToSeq, qint64(15));
        QCoreApplication::processEvents();
        QCOMPARE(spy.count(), 1);
    }

    void destroyingMidCallAborts() {
        ScriptedLlm llm;
        ManualClock clock;
        llm.push({{}, {}, {}, true});
        auto c = std::make_unique<MemoryCompactor>(&llm, &clock, makeRequest());
        QSignalSpy spy(c.get(), &MemoryCompactor::finished);
        c->start();
        QPointer<ChatReply> reply = c->findChild<ChatReply*>();
        QVERIFY(reply);
        QSignalSpy replySpy(reply.data(), &ChatReply::finished);
        QCOMPARE(clock.pendingCount(), 1);
        c.reset();
        QCOMPARE(replySpy.count(), 1);
        QCOMPARE(reply.data(), nullptr);
        QCOMPARE(clock.pendingCount(), 0);
        clock.advance(60000);
        QCoreApplication::processEvents();
        QCOMPARE(spy.count(), 0);
    }

    void destroyingBeforeQueuedFinishEmitsNothing() {
        ManualClock clock;
        CompactionRequest req = makeRequest();
        req.toSummarize.clear();
        auto c = std::make_unique<MemoryCompactor>(nullptr, &clock, req);
        QSignalSpy spy(c.get(), &MemoryCompactor::finished);
        c->start();
        c.reset();
        QCoreApplication::processEvents();
        QCOMPARE(spy.count(), 0);
    }

    void nothingToSummarizeKeepsMemory() {
        ScriptedLlm llm;
        ManualClock clock;
        CompactionRequest req = makeRequest();
        req.toSummarize.clear();
        MemoryCompactor c(&llm, &clock, req);
        QSignalSpy spy(&c, &MemoryCompactor::finished);
        c.start();
        QCOMPARE(spy.count(), 0);  // never from inside start()
        QVERIFY(spy.wait(5000));
        QCOMPARE(c.result().summary, kPrevious);
        QCOMPARE(c.result().upToSeq, qint64(0));
        QVERIFY(llm.requests().isEmpty());
    }

    void noModelUsesDigest() {
        ManualClock clock;
        MemoryCompactor c(nullptr, &clock, makeRequest());
        QSignalSpy spy(&c, &MemoryCompactor::finished);
        c.start();
        QCOMPARE(spy.count(), 0);
        QVERIFY(spy.wait(5000));
        QVERIFY(!c.result().fromModel);
        QVERIFY(!c.result().error.isEmpty());
        QCOMPARE(c.result().upToSeq, qint64(15));
        QVERIFY(c.result().summary.contains(QStringLiteral("Check the disk on db1")));
    }

    void digestIsCappedAndKeepsNewest() {
        QList<SeqMessage> ms;
        for (int i = 0; i < 200; ++i) {
            ms.append({2 * i + 1, ChatMessage::user(QStringLiteral("question %1 ").arg(i) +
                                                    QString(300, QLatin1Char('q')))});
            ms.append({2 * i + 2, ChatMessage::assistant(QStringLiteral("answer %1").arg(i))});
        }
        const QString prev = QString(10000, QLatin1Char('p'));
        const QString digest = mechanicalDigest(prev, ms, 800);
        QVERIFY2(utf8Length(digest) <= 800 * kBytesPerToken,
                 qPrintable(QString::number(utf8Length(digest))));
        QVERIFY(digest.contains(QStringLiteral("question 199")));
        QVERIFY(digest.contains(QStringLiteral("answer 199")));
        QVERIFY(!digest.contains(QStringLiteral("question 0 ")));
        QVERIFY(digest.contains(QStringLiteral("earlier turns not shown")));
        QVERIFY(digest.startsWith(QStringLiteral("pppp")));  // the old memory, shortened
        QVERIFY(digest.contains(QStringLiteral("[…]")));
        // Lines are cut, not whole questions pasted.
        QVERIFY(!digest.contains(QString(kDigestLineChars, QLatin1Char('q'))));

        // A small old memory stays whole.
        const QString small = mechanicalDigest(kPrevious, ms.mid(0, 4), 800);
        QVERIFY(small.startsWith(kPrevious + QStringLiteral("\n\n")));
        QVERIFY(small.contains(QStringLiteral("answer 1")));
        QVERIFY(!small.contains(QStringLiteral("not shown")));
    }

    void digestOfCancelledTurn() {
        const QList<SeqMessage> ms{
            {1, ChatMessage::user(QStringLiteral("restart nginx on web1"))},
            {2, ChatMessage::assistant({}, {{QStringLiteral("c"), QStringLiteral("spawn_worker"),
                                             QStringLiteral("{}")}})},
            {3, ChatMessage::tool(QStringLiteral("c"), QStringLiteral("spawn_worker"),
                                  QStringLiteral("{\"ok\":false,\"error\":\"cancelled\"}"))}};
        const QString d = mechanicalDigest({}, ms, 800);
        QVERIFY(d.contains(QStringLiteral("User: restart nginx on web1")));
        QVERIFY(d.contains(QStringLiteral("Answer: (none)")));
        QVERIFY(!d.startsWith(QStringLiteral("\n")));
    }

    void promptShortensOldestToFitSummaryModel() {
        CompactionRequest req;
        req.model = QStringLiteral("some-local-model");  // 32768 tokens
        for (int i = 0; i < 200; ++i) {
            req.toSummarize.append({i + 1, ChatMessage::user(QStringLiteral("message %1\n").arg(i) +
                                                             QString(1900, QLatin1Char('m')))});
        }
        const QList<ChatMessage> prompt = compactionPrompt(req);
        QCOMPARE(prompt.size(), 2);
        QVERIFY(estimateTokens(prompt) <= 32768 * 6 / 10);
        const QString user = prompt[1].content;
        QVERIFY(user.contains(QStringLiteral("[#1] User: message 0")));  // shortened, kept
        QVERIFY(user.contains(QStringLiteral("message 199\n") + QString(1900, QLatin1Char('m'))));
        QVERIFY(!user.contains(QStringLiteral("message 0\nmmm")));

        // A small request is sent whole.
        req.toSummarize = req.toSummarize.mid(0, 3);
        QVERIFY(compactionPrompt(req)[1].content.contains(QStringLiteral("message 0\n") +
                                                          QString(1900, QLatin1Char('m'))));
    }
};

QTEST_GUILESS_MAIN(TestMemoryCompactor)
#include "test_memory_compactor.moc"
