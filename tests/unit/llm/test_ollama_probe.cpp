#include "core/clock.h"
#include "http_stub.h"
#include "llm/ollama_probe.h"
#include "temp_env.h"

#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using zerg::test::HttpStub;

class TestOllamaProbe : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void listsTheModelsOfALocalOllama() {
        HttpStub ollama;
        QVERIFY(ollama.start());
        ollama.route("GET", "/api/tags", 200,
                     R"({"models":[{"name":"qwen2.5:14b","size":1},{"name":"llama3.2:3b"}]})");
        SystemClock clock;
        QNetworkAccessManager nam;
        OllamaProbe probe(&nam, ollama.baseUrl() + QStringLiteral("/"), &clock);
        QSignalSpy done(&probe, &OllamaProbe::finished);
        probe.start();
        QVERIFY(done.wait());
        QVERIFY(probe.found());
        QCOMPARE(probe.models(),
                 (QStringList{QStringLiteral("qwen2.5:14b"), QStringLiteral("llama3.2:3b")}));
        QVERIFY(probe.advice().contains(
            QStringLiteral("ZERG_LLM_BASE_URL=%1/v1").arg(ollama.baseUrl())));
        QVERIFY(probe.advice().contains(QStringLiteral("ZERG_MODEL=qwen2.5:14b")));
    }

    void nothingListeningMeansNotFound() {
        SystemClock clock;
        QNetworkAccessManager nam;
        OllamaProbe probe(&nam,
                          QStringLiteral("http://127.0.0.1:%1").arg(zerg::test::freeLoopbackPort()),
                          &clock);
        QSignalSpy done(&probe, &OllamaProbe::finished);
        probe.start();
        QVERIFY(done.wait());
        QCOMPARE(done.count(), 1);
        QVERIFY(!probe.found());
        QVERIFY(probe.advice().contains(QStringLiteral("No local Ollama")));
        QVERIFY(probe.advice().contains(QStringLiteral("zerg key set")));
    }

    void somethingElseOnThePortIsNotOllama() {
        HttpStub other;
        QVERIFY(other.start());
        other.route("GET", "/api/tags", 200, "<html>hello</html>", "text/html");
        SystemClock clock;
        QNetworkAccessManager nam;
        OllamaProbe probe(&nam, other.baseUrl(), &clock);
        QSignalSpy done(&probe, &OllamaProbe::finished);
        probe.start();
        QVERIFY(done.wait());
        QVERIFY(!probe.found());
    }

    void aSilentServerTimesOutThroughTheClock() {
        QTcpServer silent;  // accepts, never answers
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        ManualClock clock;
        QNetworkAccessManager nam;
        OllamaProbe probe(&nam, QStringLiteral("http://127.0.0.1:%1").arg(silent.serverPort()),
                          &clock, 1500);
        QSignalSpy done(&probe, &OllamaProbe::finished);
        probe.start();
        QTest::qWait(50);
        QCOMPARE(done.count(), 0);
        clock.advance(1500);
        QCOMPARE(done.count(), 1);
        QVERIFY(!probe.found());
    }
};

QTEST_GUILESS_MAIN(TestOllamaProbe)
#include "test_ollama_probe.moc"
