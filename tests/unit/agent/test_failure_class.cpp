#include "agent/failure_class.h"

#include <QTest>

using namespace zerg;

class TestFailureClass : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void classifies_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("expected");
        QTest::newRow("rate limit") << "llm_rate_limited"
                                    << "transient";
        QTest::newRow("overloaded") << "llm_overloaded"
                                    << "transient";
        QTest::newRow("server") << "llm_server"
                                << "transient";
        QTest::newRow("network") << "llm_network"
                                 << "transient";
        QTest::newRow("silent stream") << "llm_timeout"
                                       << "transient";
        QTest::newRow("cut stream") << "llm_truncated"
                                    << "transient";
        QTest::newRow("tool timeout") << "timeout"
                                      << "transient";
        QTest::newRow("smtp connect") << "connect_failed"
                                      << "transient";
        QTest::newRow("malformed") << "llm_protocol"
                                   << "persistent";
        QTest::newRow("context") << "llm_context_length"
                                 << "persistent";
        QTest::newRow("bad request") << "llm_bad_request"
                                     << "persistent";
        QTest::newRow("steps") << "max_iterations"
                               << "persistent";
        QTest::newRow("budget") << "budget_exceeded"
                                << "terminal";
        QTest::newRow("api key") << "llm_auth"
                                 << "terminal";
        QTest::newRow("ssh key") << "auth_failed"
                                 << "terminal";
        QTest::newRow("host key") << "host_key_changed"
                                  << "terminal";
        QTest::newRow("allowlist") << "host_not_allowed"
                                   << "terminal";
        QTest::newRow("violation") << "violation"
                                   << "terminal";
        QTest::newRow("something") << "weird_thing"
                                   << "unknown";
        QTest::newRow("empty") << ""
                               << "unknown";
        QTest::newRow("aborted model") << "llm_aborted"
                                       << "unknown";
    }
    void classifies() {
        QFETCH(QString, code);
        QFETCH(QString, expected);
        QCOMPARE(statusName(classifyFailure(code)), expected);
    }
    void restartAllowance() {
        QVERIFY(restartsAllowed(FailureClass::Transient) > 1000);
        QCOMPARE(restartsAllowed(FailureClass::Persistent), 1);
        QCOMPARE(restartsAllowed(FailureClass::Terminal), 0);
        QCOMPARE(restartsAllowed(FailureClass::Unknown), 0);
    }
};

QTEST_GUILESS_MAIN(TestFailureClass)
#include "test_failure_class.moc"
