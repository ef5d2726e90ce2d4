#include "agent/context_window.h"

#include <QJsonArray>
#include <QTest>

using namespace zerg;

namespace {

SeqMessage seq(qint64 s, ChatMessage m) {
    return {s, std::move(m)};
}

// One turn: a user message, an assistant message calling a tool, its result, the final answer.
QList<SeqMessage> toolTurn(qint64 firstSeq, const QString& question, int resultChars) {
    return {
        seq(firstSeq, ChatMessage::user(question)),
        seq(firstSeq + 1,
            ChatMessage::assistant({}, {{QStringLiteral("c1"), QStringLiteral("spawn_worker"),
                                         QStringLiteral("{\"host\":\"web1\"}")}})),
        seq(firstSeq + 2, ChatMessage::tool(QStringLiteral("c1"), QStringLiteral("spawn_worker"),
                                            QString(resultChars, QLatin1Char('x')))),
        seq(firstSeq + 3, ChatMessage::assistant(QStringLiteral("Done: ") + question))};
}

int tailTokens(const QList<SeqMessage>& ms, int from) {
    int t = 0;
    for (int i = from; i < ms.size(); ++i)
        t += estimateTokens(ms[i].message);
    return t;
}

}  // namespace

class TestContextWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void utf8LengthMatchesEncoder() {
        const QString samples[] = {QString(),
                                   QStringLiteral("plain ascii"),
                                   QStringLiteral("naïve café ß"),
                                   QStringLiteral("磁盘使用率很高"),
                                   QStringLiteral("ok 👍🏽 done 🚀"),
                                   QStringLiteral("Привет, мир")};
        for (const QString& s : samples)
            QCOMPARE(utf8Length(s), qint64(s.toUtf8().size()));
    }

    void estimateGrowsWithContent() {
        const int empty = estimateTokens(ChatMessage::user({}));
        QCOMPARE(empty, kMessageOverheadTokens);
        const int shortMsg = estimateTokens(ChatMessage::user(QStringLiteral("check disk")));
        const int longMsg = estimateTokens(ChatMessage::user(QString(4000, QLatin1Char('a'))));
        QVERIFY(shortMsg > empty);
        QCOMPARE(longMsg, kMessageOverheadTokens + 1000);
        QVERIFY(longMsg > shortMsg);

        const QList<ChatMessage> both{ChatMessage::user(QStringLiteral("check disk")),
                                      ChatMessage::user(QString(4000, QLatin1Char('a')))};
        QCOMPARE(estimateTokens(both), shortMsg + longMsg);
    }

    void estimateCountsToolCalls() {
        const ChatMessage bare = ChatMessage::assistant(QStringLiteral("Checking."));
        const QString args = QStringLiteral("{\"host\":\"web1\",\"task\":\"") +
                             QString(400, QLatin1Char('d')) + QStringLiteral("\"}");
        const ChatMessage withCall = ChatMessage::assistant(
            QStringLiteral("Checking."),
            {{QStringLiteral("call_1"), QStringLiteral("spawn_worker"), args}});
        const int callBytes = int(QStringLiteral("call_1spawn_worker").size() + args.size());
        QCOMPARE(estimateTokens(withCall) - estimateTokens(bare),
                 kToolCallOverheadTokens + (callBytes + 3) / 4);

        // A tool result counts its call id and tool name as well as its content.
        const ChatMessage result =
            ChatMessage::tool(QStringLiteral("call_1"), QStringLiteral("spawn_worker"), {});
        QVERIFY(estimateTokens(result) > kMessageOverheadTokens);
    }

    void estimateDoesNotUnderCountCjkOrEmoji() {
        // 100 CJK characters are about 100 tokens or more with real tokenizers; a character-based
        // estimate (25) would be far too low. Bytes give 75.
        const int cjk =
            estimateTokens(ChatMessage::user(QString(100, QChar(0x78c1)))) - kMessageOverheadTokens;
        QCOMPARE(cjk, 75);
        QString emoji;
        for (int i = 0; i < 100; ++i)
            emoji += QStringLiteral("🚀");
        QCOMPARE(emoji.size(), 200);  // UTF-16 units: counting them would also under-count
        QCOMPARE(estimateTokens(ChatMessage::user(emoji)) - kMessageOverheadTokens, 100);
    }

    void estimateToolSpecs() {
        QCOMPARE(estimateTokens(QList<ToolSpec>{}), 0);
        const ToolSpec small{QStringLiteral("list_workers"), QStringLiteral("List workers."), {}};
        const QJsonObject schema{
            {QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"),
             QJsonObject{
                 {QStringLiteral("host"),
                  QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                              {QStringLiteral("description"), QString(800, QLatin1Char('h'))}}}}},
            {QStringLiteral("required"), QJsonArray{QStringLiteral("host")}}};
        const ToolSpec big{QStringLiteral("spawn_worker"), QStringLiteral("Start a worker."),
                           schema};
        const int s = estimateTokens(QList<ToolSpec>{small});
        const int b = estimateTokens(QList<ToolSpec>{big});
        QVERIFY(s >= kToolSpecOverheadTokens);
        QVERIFY2(b > s + 200, qPrintable(QStringLiteral("%1 vs %2").arg(b).arg(s)));
        QCOMPARE(estimateTokens(QList<ToolSpec>{small, big}), s + b);
    }

    void cutKeepsAllWhenItFits() {
        const QList<SeqMessage> ms = toolTurn(1, QStringLiteral("disk on web1"), 100) +
                                     toolTurn(5, QStringLiteral("disk on web2"), 100);
        QCOMPARE(compactionCut(ms, tailTokens(ms, 0)), 0);
        QCOMPARE(compactionCut(ms, 100000), 0);
        QCOMPARE(compactionCut({}, 0), 0);
    }

    void cutOnlyBeforeUserMessages() {
        QList<SeqMessage> ms;
        for (int t = 0; t < 6; ++t)
            ms += toolTurn(1 + t * 4, QStringLiteral("turn %1").arg(t), 400);
        // Every budget between "just the last turn" and "everything": the cut is always at a user
        // message, so a tool result is never kept without the assistant call before it.
        for (int budget = 0; budget <= tailTokens(ms, 0); budget += 7) {
            const int cut = compactionCut(ms, budget);
            QVERIFY(cut >= 0 && cut < ms.size());
            QVERIFY2(cut == 0 || ms[cut].message.role == ChatMessage::Role::User,
                     qPrintable(QStringLiteral("budget %1 cut %2").arg(budget).arg(cut)));
            QVERIFY(cut <= 20);  // the last turn starts at index 20
            if (cut < 20)
                QVERIFY(tailTokens(ms, cut) <= budget);
            // Maximal: one more turn would not fit (unless all is kept).
            if (cut > 0 && cut < 20)
                QVERIFY(tailTokens(ms, cut - 4) > budget);
        }
    }

    void cutInsideToolBatchIsImpossible() {
        // A huge tool result in the middle turn: a byte-exact cut would land between the assistant
        // call and its result; the cut must move to the next user message instead.
        QList<SeqMessage> ms = toolTurn(1, QStringLiteral("a"), 10) +
                               toolTurn(5, QStringLiteral("b"), 40000) +
                               toolTurn(9, QStringLiteral("c"), 10);
        const int budget = tailTokens(ms, 6);  // fits from the tool result of turn b onwards
        const int cut = compactionCut(ms, budget);
        QCOMPARE(cut, 8);
        QCOMPARE(ms[cut].message.role, ChatMessage::Role::User);
    }

    void cutAlwaysKeepsNewestTurn() {
        QList<SeqMessage> ms = toolTurn(1, QStringLiteral("a"), 10) +
                               toolTurn(5, QStringLiteral("b"), 10) +
                               toolTurn(9, QStringLiteral("huge"), 100000);
        QCOMPARE(compactionCut(ms, 50), 8);  // the last turn alone is over budget: still kept
        QCOMPARE(compactionCut(ms, 0), 8);   // a budget of 0 keeps only the last turn
        QCOMPARE(compactionCut(ms, -5), 8);
    }

    void cutWithoutUserMessageKeepsAll() {
        const QList<SeqMessage> ms{seq(1, ChatMessage::assistant(QString(1000, QLatin1Char('a')))),
                                   seq(2, ChatMessage::assistant(QStringLiteral("b")))};
        QCOMPARE(compactionCut(ms, 0), 0);
    }

    void contextWindows_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("tokens");
        QTest::newRow("gpt-4o") << "gpt-4o" << 128000;
        QTest::newRow("gpt-4o-mini dated") << "gpt-4o-mini-2024-07-18" << 128000;
        QTest::newRow("gpt-4.1") << "gpt-4.1-mini" << 1047576;
        QTest::newRow("gpt-4") << "gpt-4" << 8192;
        QTest::newRow("gpt-5") << "gpt-5-mini" << 272000;
        QTest::newRow("gpt-5-chat") << "gpt-5-chat-latest" << 128000;
        QTest::newRow("o3") << "o3-mini" << 200000;
        QTest::newRow("o4") << "o4-mini" << 200000;
        QTest::newRow("claude") << "claude-sonnet-4-20250514" << 200000;
        QTest::newRow("claude 3.5") << "Claude-3-5-Haiku-Latest" << 200000;
        QTest::newRow("router prefix") << "openai/gpt-4o" << 128000;
        QTest::newRow("llama3.1 ollama") << "llama3.1:8b" << 131072;
        QTest::newRow("llama3") << "llama3:8b" << 8192;
        QTest::newRow("hf llama") << "meta-llama/Llama-3.3-70B-Instruct" << 131072;
        QTest::newRow("qwen") << "qwen2.5:14b" << 32768;
        QTest::newRow("mistral") << "mistral:7b" << 32768;
        QTest::newRow("mistral-large") << "mistral-large-latest" << 131072;
        QTest::newRow("unknown local") << "my-finetune:3b" << 32768;
        QTest::newRow("empty") << "" << 32768;
    }
    void contextWindows() {
        QFETCH(QString, model);
        QFETCH(int, tokens);
        QCOMPARE(contextWindowFor(model), tokens);
    }

    void contextWindowOverrideWins() {
        QCOMPARE(contextWindowFor(QStringLiteral("gpt-4o"), 16000), 16000);
        QCOMPARE(contextWindowFor(QStringLiteral("my-finetune"), 4096), 4096);
        QCOMPARE(contextWindowFor(QStringLiteral("gpt-4o"), 0), 128000);
        QCOMPARE(contextWindowFor(QStringLiteral("gpt-4o"), -1), 128000);
    }

    void thresholds() {
        const CompactionThresholds small = compactionThresholdsFor(32768);
        QCOMPARE(small.triggerTokens, 32768 * 7 / 10);
        QCOMPARE(small.keepTokens, 32768 * 3 / 10);
        QVERIFY(small.keepTokens < small.triggerTokens);
        // Large windows are capped so every turn does not resend a huge history.
        const CompactionThresholds big = compactionThresholdsFor(1047576);
        QCOMPARE(big.triggerTokens, kDefaultMaxPromptTokens * 7 / 10);
        QCOMPARE(compactionThresholdsFor(1047576, 0).triggerTokens, 1047576 * 7 / 10);
    }
};

QTEST_GUILESS_MAIN(TestContextWindow)
#include "test_context_window.moc"
