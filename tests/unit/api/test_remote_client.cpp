// RemoteClient, the desktop app's side of docs/api.md, against the real ApiServer on loopback
// (with a small fake ApiBackend): authentication, events published again on a local bus,
// request/reply, backoff, and resuming after the server drops the connection. Backoff and the
// server's deadlines run on one ManualClock; sockets are real.
#include "api/api_backend.h"
#include "api/api_server.h"
#include "api/remote_client.h"
#include "api/remote_dashboard_sources.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "temp_env.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTcpServer>
#include <QtTest>

#include <memory>
#include <optional>

using namespace zerg;
using namespace zerg::api;
using namespace Qt::StringLiterals;

namespace {

constexpr int WaitMs = 10'000;

// Owner 1 logs in with "secret-1" and holds the token "token-ok"; everything else is refused.
class FakeApi final : public ApiBackend {
public:
    QSet<QString> tokens{u"token-ok"_s};
    QList<QPair<QString, QJsonObject>> calls;  // op, arguments
    std::optional<Error> nextError;
    int authenticateCalls = 0;
    bool holdSchedules = false;  // never answer `schedules` (a command in flight)
    QJsonArray workerRows{QJsonObject{{u"job_id"_s, 40}}};  // what `workers` answers

    Result<Identity> login(const QString& deviceSecret) override {
        if (deviceSecret != u"secret-1"_s)
            return Error{u"auth_failed"_s, u"Unknown device secret."_s};
        const QString token = u"token-%1"_s.arg(tokens.size() + 1);
        tokens.insert(token);
        Identity id = identity();
        id.token = token;
        return id;
    }
    Result<Identity> authenticate(const QString& token) override {
        ++authenticateCalls;
        if (!tokens.contains(token))
            return Error{u"auth_failed"_s, u"Unknown, revoked or expired token."_s};
        return identity();
    }
    Status logout(const QString& token) override {
        tokens.remove(token);
        return Ok{};
    }
    Result<QJsonObject> dispatch(qint64, const QString& task, const QJsonObject&,
                                 const QJsonObject&) override {
        calls.append({u"dispatch"_s, {{u"task"_s, task}}});
        if (auto e = std::exchange(nextError, std::nullopt))
            return *e;
        return QJsonObject{{u"run_id"_s, 12}, {u"thread_id"_s, 1}, {u"status"_s, u"running"_s}};
    }
    Result<QJsonObject> run(qint64, qint64 runId) override {
        return QJsonObject{{u"run_id"_s, runId}, {u"status"_s, u"success"_s}};
    }
    Result<QJsonObject> runs(qint64, int limit) override {
        calls.append({u"runs"_s, {{u"limit"_s, limit}}});
        return QJsonObject{{u"runs"_s, QJsonArray{QJsonObject{{u"run_id"_s, 12}}}}};
    }
    Result<QJsonObject> workers(qint64, int limit, std::optional<qint64>) override {
        calls.append({u"workers"_s, {{u"limit"_s, limit}}});
        return QJsonObject{{u"workers"_s, workerRows}};
    }
    Result<QJsonObject> worker(qint64, const QString&, std::optional<qint64>) override {
        return Error{u"not_found"_s, u"No such worker."_s};
    }
    Result<QJsonObject> workerFile(qint64, const QString&, const QString& path) override {
        if (auto e = std::exchange(nextError, std::nullopt))
            return *e;
        return QJsonObject{{u"path"_s, path}, {u"content"_s, u"hello"_s}};
    }
    Result<QJsonObject> cancel(qint64, std::optional<qint64> runId,
                               std::optional<qint64>) override {
        return QJsonObject{{u"cancelled"_s, runId ? u"run"_s : u"worker"_s}};
    }
    void schedules(qint64, const QString& action, const QJsonObject&, QObject*,
                   Done done) override {
        if (!holdSchedules)
            done(QJsonObject{{u"action"_s, action}});
    }

private:
    static Identity identity() {
        Identity id;
        id.ownerId = 1;
        id.deviceId = 3;
        id.expiresAt = QDateTime(QDate(2026, 1, 8), QTime(12, 0), Qt::UTC);
        return id;
    }
};

// What one request() got back.
struct Answer {
    std::optional<Result<QJsonObject>> result;
    RemoteClient::Done done() {
        return [this](Result<QJsonObject> r) { result = std::move(r); };
    }
    [[nodiscard]] bool arrived() const { return result.has_value(); }
    [[nodiscard]] QString code() const { return result && !*result ? (*result).error().code : ""; }
};

struct Fixture {
    explicit Fixture(ApiServerConfig config = {}) : config(std::move(config)) {
        server = std::make_unique<ApiServer>(this->config, &api, &serverBus, &clock);
        const Status s = server->listen(QHostAddress::LocalHost, 0);
        if (!s)
            qFatal("listen: %s", qPrintable(s.error().message));
        port = server->port();
        QObject::connect(&clientBus, &EventBus::published, &clientBus,
                         [this](const Event& e) { received.append(e); });
    }

    [[nodiscard]] QUrl url() const { return QUrl(u"ws://127.0.0.1:%1"_s.arg(port)); }

    std::unique_ptr<RemoteClient> client(const QString& token = u"token-ok"_s,
                                         RemoteClient::Options options = {}) {
        return std::make_unique<RemoteClient>(url(), token, &clientBus, &clock, options);
    }

    // Server events numbered by data.n, for one owner.
    void publish(int n, qint64 owner = 1) {
        serverBus.publish(u"worker_status_update"_s, owner, {{u"run_id"_s, 12}, {u"n"_s, n}});
    }
    [[nodiscard]] QList<int> receivedNumbers() const {
        QList<int> out;
        for (const Event& e : received)
            out.append(e.data.value(u"n"_s).toInt());
        return out;
    }

    ManualClock clock;
    EventBus serverBus{&clock};
    EventBus clientBus{&clock};
    FakeApi api;
    ApiServerConfig config;
    std::unique_ptr<ApiServer> server;
    quint16 port = 0;
    QList<Event> received;
};

bool connected(const RemoteClient& c) {
    return QTest::qWaitFor([&c] { return c.state() == RemoteClient::State::Connected; }, WaitMs);
}

}  // namespace

class TestRemoteClient : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void parsesServerUrls() {
        const auto ok = RemoteClient::parseUrl(u"  WS://zerg.example.com:8765 "_s);
        QVERIFY(ok.ok());
        QCOMPARE(ok->toString(), u"ws://zerg.example.com:8765"_s);
        QVERIFY(RemoteClient::parseUrl(u"wss://10.0.0.2:9000/api"_s).ok());

        const auto web = RemoteClient::parseUrl(u"https://zerg.example.com:8765"_s);
        QVERIFY(!web.ok());
        QCOMPARE(web.error().code, u"invalid_url"_s);
        QVERIFY2(web.error().message.contains(u"wss://zerg.example.com:8765"_s),
                 qPrintable(web.error().message));
        for (const QString& bad : {u""_s, u"zerg.example.com"_s, u"ws://"_s, u"ftp://x"_s}) {
            const auto r = RemoteClient::parseUrl(bad);
            QVERIFY2(!r.ok(), qPrintable(bad));
            QVERIFY2(r.error().message.contains(u"ws://127.0.0.1:8765"_s),
                     qPrintable(r.error().message));
        }
    }

    void connectsAndPublishesTheOwnersEventsLocally() {
        Fixture f;
        auto client = f.client();
        QCOMPARE(client->state(), RemoteClient::State::Idle);
        QSignalSpy ready(client.get(), &RemoteClient::ready);
        client->start();
        QCOMPARE(client->state(), RemoteClient::State::Connecting);
        QVERIFY(connected(*client));
        QCOMPARE(ready.count(), 1);
        QCOMPARE(client->statusText(), u"Connected to 127.0.0.1:%1"_s.arg(f.port));
        QCOMPARE(client->ownerId(), 1);

        f.serverBus.publish(u"supervisor_started"_s, 1, {{u"run_id"_s, 12}, {u"task"_s, u"x"_s}});
        f.serverBus.publish(u"supervisor_started"_s, 2, {{u"run_id"_s, 13}});  // not ours
        f.serverBus.publish(u"supervisor_complete"_s, 1,
                            {{u"run_id"_s, 12}, {u"result"_s, u"Disk is fine."_s}});
        QTRY_COMPARE_WITH_TIMEOUT(f.received.size(), 2, WaitMs);
        QCOMPARE(f.received.at(0).name, u"supervisor_started"_s);
        QCOMPARE(f.received.at(0).ownerId, 1);
        QCOMPARE(f.received.at(0).data.value(u"task"_s).toString(), u"x"_s);
        QCOMPARE(f.received.at(1).name, u"supervisor_complete"_s);
        QCOMPARE(f.received.at(1).data.value(u"result"_s).toString(), u"Disk is fine."_s);
        QCOMPARE(client->lastSeq(), f.server->eventLog().lastSeq());
    }

    // The app shows one local user: events can be published as that owner.
    void eventsCanBePublishedAsTheLocalOwner() {
        Fixture f;
        RemoteClient::Options options;
        options.localOwnerId = 7;
        auto client = f.client(u"token-ok"_s, options);
        client->start();
        QVERIFY(connected(*client));
        f.publish(1);
        QTRY_COMPARE_WITH_TIMEOUT(f.received.size(), 1, WaitMs);
        QCOMPARE(f.received.at(0).ownerId, 7);
        QCOMPARE(f.received.at(0).data.value(u"owner_id"_s).toInteger(), 7);
    }

    void requestsAreMatchedToTheirReplies() {
        Fixture f;
        auto client = f.client();
        Answer early;
        client->request(u"runs"_s, {}, nullptr, early.done());
        QVERIFY(early.arrived());  // not started: refused at once
        QCOMPARE(early.code(), u"not_connected"_s);
        QVERIFY((*early.result).error().message.contains(u"Not connected"_s));

        client->start();
        Answer dispatch, runs, workers, missing, unknown;
        // Sent while connecting: waits for the connection.
        client->request(u"dispatch"_s, {{u"task"_s, u"check disk"_s}}, nullptr, dispatch.done());
        QVERIFY(!dispatch.arrived());
        QVERIFY(connected(*client));
        client->request(u"runs"_s, {{u"limit"_s, 5}}, nullptr, runs.done());
        client->request(u"workers"_s, {}, nullptr, workers.done());
        QTRY_VERIFY_WITH_TIMEOUT(workers.arrived(), WaitMs);
        f.api.nextError = Error{u"not_found"_s, u"No file x in that worker."_s};
        client->request(u"worker_file"_s, {{u"worker_id"_s, u"w"_s}, {u"path"_s, u"x"_s}}, nullptr,
                        missing.done());
        client->request(u"frobnicate"_s, {}, nullptr, unknown.done());
        QTRY_VERIFY_WITH_TIMEOUT(unknown.arrived(), WaitMs);
        QVERIFY(dispatch.arrived() && runs.arrived() && workers.arrived() && missing.arrived());
        QVERIFY2(dispatch.result->ok(), qPrintable(dispatch.code()));
        QCOMPARE((**dispatch.result).value(u"run_id"_s).toInteger(), 12);
        QCOMPARE(f.api.calls.first().second.value(u"task"_s).toString(), u"check disk"_s);
        QCOMPARE((**runs.result).value(u"runs"_s).toArray().size(), 1);
        QCOMPARE(f.api.calls.at(1).second.value(u"limit"_s).toInt(), 5);
        QCOMPARE((**workers.result).value(u"workers"_s).toArray().at(0)[u"job_id"_s].toInt(), 40);
        QCOMPARE(missing.code(), u"not_found"_s);
        QCOMPARE((*missing.result).error().message, u"No file x in that worker."_s);
        QCOMPARE(unknown.code(), u"unknown_op"_s);

        // A context that is gone gets no call.
        Answer orphan;
        {
            QObject context;
            client->request(u"runs"_s, {}, &context, orphan.done());
        }
        Answer after;
        client->request(u"runs"_s, {}, nullptr, after.done());
        QTRY_VERIFY_WITH_TIMEOUT(after.arrived(), WaitMs);
        QVERIFY(!orphan.arrived());
    }

    // The Workers table in remote mode: a status word from a newer server counts as ended (failed),
    // so the row shows its duration and the table does not count it as running for ever.
    void theWorkersTableReadsAnUnknownStatusAsEnded() {
        Fixture f;
        f.api.workerRows = QJsonArray{
            QJsonObject{{u"job_id"_s, 41},
                        {u"worker_id"_s, u"w-41"_s},
                        {u"status"_s, u"running"_s},
                        {u"created_at"_s, u"2026-01-08T12:00:00.000Z"_s},
                        {u"duration_ms"_s, 99}},
            QJsonObject{{u"job_id"_s, 42},
                        {u"status"_s, u"paused_by_a_newer_server"_s},
                        {u"created_at"_s, u"2026-01-08T11:00:00.000Z"_s},
                        {u"duration_ms"_s, 1500}},
        };
        auto client = f.client();
        client->start();
        QVERIFY(connected(*client));
        RemoteWorkerSource source(client.get());
        bool loaded = false;
        source.refresh([&loaded] { loaded = true; });
        QTRY_VERIFY_WITH_TIMEOUT(loaded, WaitMs);
        const Result<QList<WorkerRow>> rows = source.recentWorkers(10);
        QVERIFY2(rows.ok(), qPrintable(rows ? QString() : rows.error().message));
        QCOMPARE(rows->size(), 2);
        const WorkerRow& running = rows->at(0);
        QCOMPARE(running.workerId, u"w-41"_s);
        QCOMPARE(running.status, JobStatus::Running);
        QCOMPARE(running.durationMs, qint64(-1));  // still going: no duration yet
        QCOMPARE(running.runningSince, QDateTime(QDate(2026, 1, 8), QTime(12, 0), Qt::UTC));
        const WorkerRow& unknown = rows->at(1);
        QCOMPARE(unknown.jobId, qint64(42));
        QCOMPARE(unknown.status, JobStatus::Failed);
        QCOMPARE(unknown.durationMs, qint64(1500));
        QVERIFY(!unknown.runningSince.isValid());
    }

    void aRefusedTokenIsNotRetried() {
        Fixture f;
        auto client = f.client(u"token-stolen"_s);
        Answer queued;
        client->start();
        client->request(u"runs"_s, {}, nullptr, queued.done());
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), RemoteClient::State::Refused, WaitMs);
        const QString status = client->statusText();
        QVERIFY2(status.startsWith(u"The server refused the session token: Unknown, revoked or "
                                   "expired token."_s),
                 qPrintable(status));
        QVERIFY2(status.contains(u"Run `zerg connect ws://127.0.0.1:%1` again."_s.arg(f.port)),
                 qPrintable(status));
        QCOMPARE(queued.code(), u"not_connected"_s);
        QCOMPARE(f.api.authenticateCalls, 1);
        f.clock.advance(120'000);  // a retry would start at once inside advance()
        QCOMPARE(client->state(), RemoteClient::State::Refused);
        QCOMPARE(f.api.authenticateCalls, 1);
        Answer later;
        client->request(u"runs"_s, {}, nullptr, later.done());
        QCOMPARE(later.code(), u"not_connected"_s);
        QVERIFY((*later.result).error().message.contains(u"refused the session token"_s));
    }

    // A token revoked while connected: the server closes with 4401, and the client stops.
    void aRevokedTokenEndsTheConnection() {
        Fixture f;
        auto client = f.client();
        client->start();
        QVERIFY(connected(*client));
        f.api.tokens.clear();
        f.clock.advance(f.config.tokenRecheckMs);
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), RemoteClient::State::Refused, WaitMs);
        QVERIFY2(client->statusText().contains(u"session token revoked or expired"_s),
                 qPrintable(client->statusText()));
        f.clock.advance(120'000);
        QCOMPARE(client->state(), RemoteClient::State::Refused);
    }

    void anUnreachableServerIsRetriedWithBackoff() {
        const quint16 port = test::freeLoopbackPort();
        ManualClock clock;
        EventBus bus(&clock);
        const QString url = u"ws://127.0.0.1:%1"_s.arg(port);
        RemoteClient client(QUrl(url), u"token-ok"_s, &bus, &clock);
        client.start();
        qint64 delay = 1;
        for (const qint64 next : {2, 4, 8, 16, 30, 30}) {
            const QString expected =
                u"Cannot reach %1: Connection refused; retrying in %2 s"_s.arg(url).arg(delay);
            QTRY_COMPARE_WITH_TIMEOUT(client.statusText(), expected, WaitMs);
            QCOMPARE(client.state(), RemoteClient::State::Waiting);
            clock.advance(delay * 1000 - 1);
            QCOMPARE(client.state(), RemoteClient::State::Waiting);  // not before its time
            clock.advance(1);
            QCOMPARE(client.state(), RemoteClient::State::Connecting);
            delay = next;
        }
        QTRY_COMPARE_WITH_TIMEOUT(
            client.statusText(),
            u"Cannot reach %1: Connection refused; retrying in 30 s"_s.arg(url), WaitMs);

        // The server comes up: the next attempt connects, and backoff starts again from 1 s.
        FakeApi api;
        EventBus serverBus(&clock);
        ApiServer server({}, &api, &serverBus, &clock);
        QVERIFY(server.listen(QHostAddress::LocalHost, port).ok());
        clock.advance(30'000);
        QVERIFY(connected(client));
        server.close();
        QTRY_COMPARE_WITH_TIMEOUT(client.state(), RemoteClient::State::Waiting, WaitMs);
        QVERIFY2(client.statusText().startsWith(u"Lost the connection to %1 ("_s.arg(url)),
                 qPrintable(client.statusText()));
        QVERIFY2(client.statusText().endsWith(u"; reconnecting in 1 s"_s),
                 qPrintable(client.statusText()));
    }

    // A peer that accepts the connection but never speaks WebSocket: the attempt times out.
    void aSilentServerTimesOut() {
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        ManualClock clock;
        EventBus bus(&clock);
        const QString url = u"ws://127.0.0.1:%1"_s.arg(silent.serverPort());
        RemoteClient client(QUrl(url), u"token-ok"_s, &bus, &clock);
        client.start();
        QVERIFY(QTest::qWaitFor([&silent] { return silent.hasPendingConnections(); }, WaitMs));
        Answer queued;
        client.request(u"runs"_s, {}, nullptr, queued.done());
        clock.advance(14'999);
        QCOMPARE(client.state(), RemoteClient::State::Connecting);
        QVERIFY(!queued.arrived());
        clock.advance(1);
        QCOMPARE(client.state(), RemoteClient::State::Waiting);
        QCOMPARE(client.statusText(),
                 u"Cannot reach %1: no answer within 15 s; retrying in 1 s"_s.arg(url));
        QCOMPARE(queued.code(), u"not_connected"_s);
        QCOMPARE((*queued.result).error().message,
                 u"Could not send `runs` to %1: no answer within 15 s"_s.arg(url));
    }

    // The server drops every client; events published meanwhile arrive once, in order, after
    // the reconnection, and a command that was in flight fails clearly.
    void reconnectsAndResumesWithoutGapsOrDuplicates() {
        Fixture f;
        f.api.holdSchedules = true;
        auto client = f.client();
        QSignalSpy ready(client.get(), &RemoteClient::ready);
        QSignalSpy resynced(client.get(), &RemoteClient::resynced);
        client->start();
        QVERIFY(connected(*client));
        f.publish(1);
        f.publish(2);
        QTRY_COMPARE_WITH_TIMEOUT(f.received.size(), 2, WaitMs);
        Answer inFlight;
        client->request(u"schedules"_s, {{u"action"_s, u"list"_s}}, nullptr, inFlight.done());

        f.server->close();
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), RemoteClient::State::Waiting, WaitMs);
        QTRY_VERIFY_WITH_TIMEOUT(inFlight.arrived(), WaitMs);
        QCOMPARE(inFlight.code(), u"disconnected"_s);
        const QString why = (*inFlight.result).error().message;
        QVERIFY2(why.contains(u"before the server answered `schedules`"_s), qPrintable(why));

        f.publish(3);
        f.publish(4);
        f.publish(40, /*owner=*/2);
        f.publish(5);
        QVERIFY(f.server->listen(QHostAddress::LocalHost, f.port).ok());
        f.clock.advance(1000);
        QVERIFY(connected(*client));
        QCOMPARE(ready.count(), 2);
        f.publish(6);
        QTRY_COMPARE_WITH_TIMEOUT(f.received.size(), 6, WaitMs);
        f.publish(7);  // a marker: anything duplicated would arrive before it
        QTRY_COMPARE_WITH_TIMEOUT(f.receivedNumbers().constLast(), 7, WaitMs);
        QCOMPARE(f.receivedNumbers(), (QList<int>{1, 2, 3, 4, 5, 6, 7}));
        QCOMPARE(resynced.count(), 0);
    }

    // The server no longer has the missed events: the client subscribes afresh and says so.
    void aResumeGapSubscribesAfreshAndAsksToReload() {
        ApiServerConfig config;
        config.eventLogCapacity = 2;
        Fixture f(config);
        auto client = f.client();
        QSignalSpy resynced(client.get(), &RemoteClient::resynced);
        client->start();
        QVERIFY(connected(*client));
        f.publish(1);
        QTRY_COMPARE_WITH_TIMEOUT(f.received.size(), 1, WaitMs);
        f.server->close();
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), RemoteClient::State::Waiting, WaitMs);
        for (int n = 2; n <= 5; ++n)
            f.publish(n);
        QVERIFY(f.server->listen(QHostAddress::LocalHost, f.port).ok());
        f.clock.advance(1000);
        QTRY_COMPARE_WITH_TIMEOUT(resynced.count(), 1, WaitMs);
        QCOMPARE(client->state(), RemoteClient::State::Connected);
        f.publish(6);
        QTRY_COMPARE_WITH_TIMEOUT(f.receivedNumbers().constLast(), 6, WaitMs);
        QCOMPARE(f.receivedNumbers(), (QList<int>{1, 6}));
    }

    // A restarted server numbers its events again (another stream): subscribe afresh.
    void aRestartedServerResetsTheStream() {
        Fixture f;
        auto client = f.client();
        QSignalSpy resynced(client.get(), &RemoteClient::resynced);
        client->start();
        QVERIFY(connected(*client));
        f.publish(1);
        QTRY_COMPARE_WITH_TIMEOUT(f.received.size(), 1, WaitMs);
        const QString firstStream = client->streamId();
        f.server.reset();
        QTRY_COMPARE_WITH_TIMEOUT(client->state(), RemoteClient::State::Waiting, WaitMs);
        EventBus restartedBus(&f.clock);  // numbering starts again
        ApiServer restarted({}, &f.api, &restartedBus, &f.clock);
        QVERIFY(restarted.listen(QHostAddress::LocalHost, f.port).ok());
        f.clock.advance(1000);
        QTRY_COMPARE_WITH_TIMEOUT(resynced.count(), 1, WaitMs);
        QVERIFY(client->streamId() != firstStream);
        restartedBus.publish(u"worker_status_update"_s, 1, {{u"n"_s, 2}});
        QTRY_COMPARE_WITH_TIMEOUT(f.receivedNumbers(), (QList<int>{1, 2}), WaitMs);
    }

    void loginExchangesADeviceSecretForAToken() {
        Fixture f;
        std::optional<Result<LoginResult>> ok, wrong, unreachable;
        RemoteClient::login(f.url(), u"secret-1"_s, &f.clock, nullptr,
                            [&](Result<LoginResult> r) { ok = std::move(r); });
        RemoteClient::login(f.url(), u"secret-9"_s, &f.clock, nullptr,
                            [&](Result<LoginResult> r) { wrong = std::move(r); });
        const QUrl nowhere(u"ws://127.0.0.1:%1"_s.arg(test::freeLoopbackPort()));
        RemoteClient::login(nowhere, u"secret-1"_s, &f.clock, nullptr,
                            [&](Result<LoginResult> r) { unreachable = std::move(r); });
        QTRY_VERIFY_WITH_TIMEOUT(ok && wrong && unreachable, WaitMs);
        QVERIFY(ok->ok());
        QCOMPARE((*ok)->ownerId, 1);
        QCOMPARE((*ok)->deviceId, 3);
        QVERIFY(f.api.tokens.contains((*ok)->token));
        QCOMPARE((*ok)->expiresAt, QDateTime(QDate(2026, 1, 8), QTime(12, 0), Qt::UTC));

        QVERIFY(!wrong->ok());
        QCOMPARE(wrong->error().code, u"auth_failed"_s);
        QVERIFY2(wrong->error().message.startsWith(
                     u"The server refused the device secret: Unknown device secret."_s),
                 qPrintable(wrong->error().message));

        QVERIFY(!unreachable->ok());
        QCOMPARE(unreachable->error().code, u"unreachable"_s);
        QCOMPARE(unreachable->error().message,
                 u"Cannot reach %1: Connection refused. Is `zerg serve` running there, and is the "
                 "address right?"_s.arg(nowhere.toString()));

        // The token from login works for a RemoteClient.
        auto client = f.client((*ok)->token);
        client->start();
        QVERIFY(connected(*client));
    }
};

QTEST_GUILESS_MAIN(TestRemoteClient)
#include "test_remote_client.moc"
