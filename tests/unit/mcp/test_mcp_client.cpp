// McpClient against a scripted transport: the handshake and version negotiation, paginated
// tools/list and list_changed, timeouts (injected clock) with notifications/cancelled, the
// server's own requests (ping answered; sampling, elicitation and roots refused), and a server
// that goes away mid-call.
#include "core/clock.h"
#include "mcp/mcp_client.h"
#include "mcp/mcp_transport.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;

namespace {

// Plays the server: answers requests through `handler` (an empty object: no answer).
class ScriptedTransport final : public McpTransport {
    Q_OBJECT
public:
    std::function<QJsonObject(const QJsonObject&)> handler;
    QList<QJsonObject> sent;
    QString protocolVersion;

    void open() override {
        QMetaObject::invokeMethod(this, &McpTransport::opened, Qt::QueuedConnection);
    }
    void send(const QJsonObject& message) override {
        sent.append(message);
        if (!handler || !message.contains(QStringLiteral("id")) ||
            !message.contains(QStringLiteral("method")))
            return;
        QJsonObject result = handler(message);
        if (result.isEmpty())
            return;
        result.insert(QStringLiteral("jsonrpc"), QStringLiteral("2.0"));
        result.insert(QStringLiteral("id"), message.value(QStringLiteral("id")));
        QMetaObject::invokeMethod(
            this, [this, result] { Q_EMIT received(result); }, Qt::QueuedConnection);
    }
    void close() override { Q_EMIT closed(QStringLiteral("stopped")); }
    void abort() override { Q_EMIT closed(QStringLiteral("stopped")); }
    void setProtocolVersion(const QString& v) override { protocolVersion = v; }

    void serverSends(const QJsonObject& message) { Q_EMIT received(message); }
    void serverExits(const QString& why) { Q_EMIT closed(why); }

    [[nodiscard]] QList<QJsonObject> sentWith(const QString& method) const {
        QList<QJsonObject> out;
        for (const QJsonObject& m : sent) {
            if (m.value(QStringLiteral("method")).toString() == method)
                out.append(m);
        }
        return out;
    }
    // Replies to the server's own requests (no method, an id).
    [[nodiscard]] QList<QJsonObject> replies() const {
        QList<QJsonObject> out;
        for (const QJsonObject& m : sent) {
            if (!m.contains(QStringLiteral("method")))
                out.append(m);
        }
        return out;
    }
};

QJsonObject initResult(const QString& version, bool tools = true) {
    QJsonObject caps;
    if (tools)
        caps.insert(QStringLiteral("tools"), QJsonObject{{"listChanged", true}});
    return {{"result",
             QJsonObject{{"protocolVersion", version},
                         {"capabilities", caps},
                         {"serverInfo", QJsonObject{{"name", "scripted"}, {"version", "1.0"}}}}}};
}

QJsonObject tool(const QString& name) {
    return {{"name", name},
            {"description", "tool " + name},
            {"inputSchema", QJsonObject{{"type", "object"}}}};
}

}  // namespace

class TestMcpClient : public QObject {
    Q_OBJECT

    struct Setup {
        ManualClock clock;
        ScriptedTransport* transport = new ScriptedTransport;
        std::unique_ptr<McpClient> client;
        Setup() { client = std::make_unique<McpClient>("s", transport, &clock); }
    };

private Q_SLOTS:
    void handshakeNegotiatesAndListsEveryPage() {
        Setup s;
        s.transport->handler = [](const QJsonObject& m) -> QJsonObject {
            const QString method = m.value("method").toString();
            if (method == "initialize")
                return initResult("2025-06-18");
            if (method == "tools/list") {
                const QString cursor = m.value("params").toObject().value("cursor").toString();
                if (cursor.isEmpty())
                    return {{"result", QJsonObject{{"tools", QJsonArray{tool("a"), tool("b")}},
                                                   {"nextCursor", "page2"}}}};
                if (cursor == "page2")
                    return {{"result", QJsonObject{{"tools", QJsonArray{tool("c")}}}}};
            }
            return {};
        };
        QSignalSpy ready(s.client.get(), &McpClient::ready);
        s.client->start();
        QVERIFY(ready.wait(2000));
        QCOMPARE(s.client->state(), McpClient::State::Ready);
        QCOMPARE(s.client->protocolVersion(), QStringLiteral("2025-06-18"));
        QCOMPARE(s.transport->protocolVersion, QStringLiteral("2025-06-18"));
        QCOMPARE(s.client->tools().size(), 3);
        QCOMPARE(s.client->tools().at(2).name, QStringLiteral("c"));
        // The offer was the newest version Zerg speaks, and initialized followed the answer.
        const QJsonObject init = s.transport->sentWith("initialize").first();
        QCOMPARE(init.value("params").toObject().value("protocolVersion").toString(),
                 McpClient::supportedProtocolVersions().first());
        QCOMPARE(s.transport->sentWith("notifications/initialized").size(), 1);
        QCOMPARE(s.transport->sentWith("tools/list").size(), 2);
    }

    void anUnknownVersionEndsTheSessionWithAClearReason() {
        Setup s;
        s.transport->handler = [](const QJsonObject& m) -> QJsonObject {
            if (m.value("method").toString() == "initialize")
                return initResult("1999-01-01");
            return {};
        };
        QSignalSpy closed(s.client.get(), &McpClient::closed);
        s.client->start();
        QVERIFY(closed.wait(2000));
        const QString why = closed.first().first().toString();
        QVERIFY2(why.contains("1999-01-01") && why.contains("2025-06-18"), qPrintable(why));
        QCOMPARE(s.client->state(), McpClient::State::Closed);
        QCOMPARE(s.transport->sentWith("notifications/initialized").size(), 0);
    }

    void listChangedFetchesTheToolsAgain() {
        Setup s;
        int listed = 0;
        s.transport->handler = [&listed](const QJsonObject& m) -> QJsonObject {
            const QString method = m.value("method").toString();
            if (method == "initialize")
                return initResult("2025-11-25");
            if (method == "tools/list") {
                ++listed;
                return {{"result",
                         QJsonObject{{"tools", listed == 1 ? QJsonArray{tool("a")}
                                                           : QJsonArray{tool("a"), tool("z")}}}}};
            }
            return {};
        };
        QSignalSpy ready(s.client.get(), &McpClient::ready);
        s.client->start();
        QVERIFY(ready.wait(2000));
        QCOMPARE(s.client->tools().size(), 1);
        QSignalSpy changed(s.client.get(), &McpClient::toolsChanged);
        s.transport->serverSends(
            {{"jsonrpc", "2.0"}, {"method", "notifications/tools/list_changed"}});
        QVERIFY(changed.wait(2000));
        QCOMPARE(s.client->tools().size(), 2);
        QCOMPARE(s.client->tools().at(1).name, QStringLiteral("z"));
    }

    void aCallWithoutAnswerTimesOutAndIsCancelledAtTheServer() {
        Setup s;
        s.transport->handler = [](const QJsonObject& m) -> QJsonObject {
            const QString method = m.value("method").toString();
            if (method == "initialize")
                return initResult("2025-11-25");
            if (method == "tools/list")
                return {{"result", QJsonObject{{"tools", QJsonArray{tool("slow")}}}}};
            return {};  // tools/call: never answered
        };
        QSignalSpy ready(s.client.get(), &McpClient::ready);
        s.client->start();
        QVERIFY(ready.wait(2000));
        McpRequest* r = s.client->request("tools/call", {{"name", "slow"}}, 5000, true);
        QSignalSpy finished(r, &McpRequest::finished);
        s.clock.advance(4999);
        QCOMPARE(finished.size(), 0);
        // Progress starts the timeout again.
        const QString token = s.transport->sentWith("tools/call")
                                  .first()
                                  .value("params")
                                  .toObject()
                                  .value("_meta")
                                  .toObject()
                                  .value("progressToken")
                                  .toString();
        QVERIFY(!token.isEmpty());
        QSignalSpy progress(r, &McpRequest::progress);
        s.transport->serverSends({{"jsonrpc", "2.0"},
                                  {"method", "notifications/progress"},
                                  {"params", QJsonObject{{"progressToken", token},
                                                         {"progress", 1},
                                                         {"total", 4},
                                                         {"message", "step 1"}}}});
        QCOMPARE(progress.size(), 1);
        QCOMPARE(progress.first().at(2).toString(), QStringLiteral("step 1"));
        s.clock.advance(4999);
        QCOMPARE(finished.size(), 0);
        s.clock.advance(2);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(r->failure(), McpRequest::Failure::Timeout);
        QVERIFY2(r->errorMessage().contains("5 s"), qPrintable(r->errorMessage()));
        const QList<QJsonObject> cancels = s.transport->sentWith("notifications/cancelled");
        QCOMPARE(cancels.size(), 1);
        QCOMPARE(cancels.first().value("params").toObject().value("requestId").toInteger(),
                 s.transport->sentWith("tools/call").first().value("id").toInteger());
    }

    void cancelTellsTheServerAndALateAnswerIsDropped() {
        Setup s;
        s.transport->handler = [](const QJsonObject& m) -> QJsonObject {
            const QString method = m.value("method").toString();
            if (method == "initialize")
                return initResult("2025-11-25", false);
            return {};
        };
        QSignalSpy ready(s.client.get(), &McpClient::ready);
        s.client->start();
        QVERIFY(ready.wait(2000));
        McpRequest* r = s.client->request("tools/call", {{"name", "x"}}, 60000);
        QSignalSpy finished(r, &McpRequest::finished);
        r->cancel("the worker was cancelled");
        QCOMPARE(finished.size(), 1);
        QCOMPARE(r->failure(), McpRequest::Failure::Cancelled);
        QCOMPARE(s.transport->sentWith("notifications/cancelled").size(), 1);
        const qint64 id = s.transport->sentWith("tools/call").first().value("id").toInteger();
        s.transport->serverSends({{"jsonrpc", "2.0"}, {"id", id}, {"result", QJsonObject{}}});
        QCOMPARE(finished.size(), 1);
    }

    void theServersRequestsAreAnsweredOrRefused() {
        Setup s;
        s.transport->handler = [](const QJsonObject& m) -> QJsonObject {
            if (m.value("method").toString() == "initialize")
                return initResult("2025-11-25", false);
            return {};
        };
        QSignalSpy ready(s.client.get(), &McpClient::ready);
        s.client->start();
        QVERIFY(ready.wait(2000));
        s.transport->serverSends({{"jsonrpc", "2.0"}, {"id", 7}, {"method", "ping"}});
        s.transport->serverSends({{"jsonrpc", "2.0"},
                                  {"id", "s8"},
                                  {"method", "sampling/createMessage"},
                                  {"params", QJsonObject{}}});
        s.transport->serverSends({{"jsonrpc", "2.0"}, {"id", 9}, {"method", "elicitation/create"}});
        s.transport->serverSends({{"jsonrpc", "2.0"}, {"id", 10}, {"method", "roots/list"}});
        const QList<QJsonObject> replies = s.transport->replies();
        QCOMPARE(replies.size(), 4);
        QCOMPARE(replies.at(0).value("id").toInt(), 7);
        QVERIFY(replies.at(0).value("result").isObject());
        QCOMPARE(replies.at(1).value("id").toString(), QStringLiteral("s8"));
        const QJsonObject refusal = replies.at(1).value("error").toObject();
        QCOMPARE(refusal.value("code").toInt(), -32601);
        QVERIFY(refusal.value("message").toString().contains("sampling"));
        QVERIFY(replies.at(2).value("error").toObject().value("message").toString().contains(
            "elicitation"));
        QVERIFY(replies.at(3).contains("error"));
    }

    void aServerThatGoesAwayFailsItsPendingCalls() {
        Setup s;
        s.transport->handler = [](const QJsonObject& m) -> QJsonObject {
            if (m.value("method").toString() == "initialize")
                return initResult("2025-11-25", false);
            return {};
        };
        QSignalSpy ready(s.client.get(), &McpClient::ready);
        s.client->start();
        QVERIFY(ready.wait(2000));
        McpRequest* r = s.client->request("tools/call", {{"name", "x"}}, 60000);
        QSignalSpy finished(r, &McpRequest::finished);
        QSignalSpy closed(s.client.get(), &McpClient::closed);
        s.transport->serverExits("the server process crashed");
        QCOMPARE(finished.size(), 1);
        QCOMPARE(r->failure(), McpRequest::Failure::Closed);
        QVERIFY2(r->errorMessage().contains("crashed"), qPrintable(r->errorMessage()));
        QCOMPARE(closed.size(), 1);
        // A request after the end fails at once (next turn), naming why.
        McpRequest* late = s.client->request("tools/call", {{"name", "x"}}, 60000);
        QSignalSpy lateDone(late, &McpRequest::finished);
        QVERIFY(lateDone.wait(1000));
        QVERIFY(late->errorMessage().contains("not running"));
    }
};

QTEST_GUILESS_MAIN(TestMcpClient)
#include "test_mcp_client.moc"
