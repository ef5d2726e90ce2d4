#include "jarvis/intent_router.h"

#include <QTest>

using namespace zerg;

class TestIntentRouter : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void routes_data() {
        QTest::addColumn<QString>("utterance");
        QTest::addColumn<bool>("hasHistory");
        QTest::addColumn<QString>("mode");
        // Quick: the time, small talk, questions about what was said.
        QTest::newRow("time") << "What time is it?" << false << "quick";
        QTest::newRow("date") << "what's the date today" << false << "quick";
        QTest::newRow("hello") << "Hello!" << false << "quick";
        QTest::newRow("thanks") << "thanks, that helps" << true << "quick";
        QTest::newRow("joke") << "tell me a joke" << false << "quick";
        QTest::newRow("reference") << "What did you find about the disk?" << true << "quick";
        QTest::newRow("summarize") << "summarize that in one line" << true << "quick";
        // The supervisor: actions, machines, hosts, and anything unsure.
        QTest::newRow("check") << "Check my server health" << false << "supervisor";
        QTest::newRow("why") << "Why did the backup fail last night?" << false << "supervisor";
        QTest::newRow("greeting+task")
            << "hi, can you check disk usage on cube" << false << "supervisor";
        QTest::newRow("host alias") << "how is cube doing" << false << "supervisor";
        QTest::newRow("machine words") << "are my backups working?" << true << "supervisor";
        QTest::newRow("reference without history") << "what did you find?" << false << "supervisor";
        QTest::newRow("action beats reference")
            << "what did you find? check it again" << true << "supervisor";
        QTest::newRow("unsure") << "plan the migration to the new rack" << false << "supervisor";
        QTest::newRow("long small talk")
            << "hello there, I was wondering about something else" << false << "supervisor";
        QTest::newRow("url") << "what does https://example.org/status say" << false << "supervisor";
    }
    void routes() {
        QFETCH(QString, utterance);
        QFETCH(bool, hasHistory);
        QFETCH(QString, mode);
        const IntentRouter router({QStringLiteral("cube"), QStringLiteral("Clifford")});
        const Route r = router.route(utterance, hasHistory);
        QVERIFY2(r.modeName() == mode, qPrintable(r.modeName() + QStringLiteral(": ") + r.reason));
        QVERIFY(!r.reason.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestIntentRouter)
#include "test_intent_router.moc"
