// The WebSocket server of `zerg serve` (docs/api.md) against a fake ApiBackend, with QWebSocket
// clients on loopback and a ManualClock for every deadline and rate.
#include "api/api_backend.h"
#include "api/api_server.h"
#include "core/clock.h"
#include "core/event_bus.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QSslKey>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QWebSocket>
#include <QtTest>

#include <memory>

#include <sys/resource.h>

using namespace zerg;
using namespace zerg::api;
using namespace Qt::StringLiterals;

namespace {

constexpr int WaitMs = 10'000;

// Records every call with its owner and arguments, answers with canned results. Tokens are
// "token-N"; the device secrets are "secret-1" (owner 1) and "secret-2" (owner 2).
class FakeBackend : public ApiBackend {
public:
    struct Call {
        QString op;
        qint64 ownerId = 0;
        QJsonObject args;
    };

    QList<Call> calls;
    QHash<QString, Identity> tokens;
    std::optional<Error> nextError;  // returned by the next owner-scoped call
    bool holdSchedules = false;      // keep schedules callbacks until completeSchedules()
    QList<std::pair<QPointer<QObject>, Done>> heldSchedules;
    int authenticateCalls = 0;

    Result<Identity> login(const QString& deviceSecret) override {
        calls.append({u"login"_s, 0, {{u"device_secret"_s, deviceSecret}}});
        const qint64 owner = deviceSecret == u"secret-1"_s   ? 1
                             : deviceSecret == u"secret-2"_s ? 2
                                                             : 0;
        if (owner == 0)
            return Error{u"auth_failed"_s, u"Unknown device secret."_s};
        Identity id;
        id.ownerId = owner;
        id.deviceId = owner * 10;
        id.expiresAt = QDateTime(QDate(2026, 1, 8), QTime(12, 0), Qt::UTC);
        id.token = u"token-%1"_s.arg(tokens.size() + 1);
        tokens.insert(id.token, id);
        return id;
    }

    Result<Identity> authenticate(const QString& token) override {
        ++authenticateCalls;
        if (!tokens.contains(token))
            return Error{u"auth_failed"_s, u"Unknown, revoked or expired token."_s};
        Identity id = tokens.value(token);
        id.token.clear();
        return id;
    }

    Status logout(const QString& token) override {
        calls.append({u"logout"_s, tokens.value(token).ownerId, {}});
        tokens.remove(token);
        return Ok{};
    }

    Result<QJsonObject> dispatch(qint64 ownerId, const QString& task, const QJsonObject& context,
                                 const QJsonObject& preferences) override {
        calls.append(
            {u"dispatch"_s,
             ownerId,
             {{u"task"_s, task}, {u"context"_s, context}, {u"preferences"_s, preferences}}});
        if (auto e = takeError())
            return *e;
        return QJsonObject{
            {u"run_id"_s, 12}, {u"thread_id"_s, ownerId}, {u"status"_s, u"running"_s}};
    }

    Result<QJsonObject> run(qint64 ownerId, qint64 runId) override {
        calls.append({u"run"_s, ownerId, {{u"run_id"_s, runId}}});
        if (auto e = takeError())
            return *e;
        return QJsonObject{{u"run_id"_s, runId}, {u"status"_s, u"success"_s}};
    }

    Result<QJsonObject> runs(qint64 ownerId, int limit) override {
        calls.append({u"runs"_s, ownerId, {{u"limit"_s, limit}}});
        return QJsonObject{{u"runs"_s, QJsonArray{}}};
    }

    Result<QJsonObject> workers(qint64 ownerId, int limit, std::optional<qint64> runId) override {
        QJsonObject args{{u"limit"_s, limit}};
        if (runId)
            args.insert(u"run_id"_s, *runId);
        calls.append({u"workers"_s, ownerId, args});
        return QJsonObject{{u"workers"_s, QJsonArray{QJsonObject{{u"job_id"_s, 40}}}}};
    }

    Result<QJsonObject> worker(qint64 ownerId, const QString& workerId,
                               std::optional<qint64> jobId) override {
        QJsonObject args{{u"worker_id"_s, workerId}};
        if (jobId)
            args.insert(u"job_id"_s, *jobId);
        calls.append({u"worker"_s, ownerId, args});
        return QJsonObject{
            {u"metadata"_s, QJsonObject{}}, {u"result"_s, u"ok"_s}, {u"files"_s, QJsonArray{}}};
    }

    Result<QJsonObject> workerFile(qint64 ownerId, const QString& workerId,
                                   const QString& path) override {
        calls.append({u"worker_file"_s, ownerId, {{u"worker_id"_s, workerId}, {u"path"_s, path}}});
        if (auto e = takeError())
            return *e;
        return QJsonObject{
            {u"path"_s, path}, {u"content"_s, u"hello"_s}, {u"size"_s, 5}, {u"truncated"_s, false}};
    }

    Result<QJsonObject> cancel(qint64 ownerId, std::optional<qint64> runId,
                               std::optional<qint64> jobId) override {
        QJsonObject args;
        if (runId)
            args.insert(u"run_id"_s, *runId);
        if (jobId)
            args.insert(u"job_id"_s, *jobId);
        calls.append({u"cancel"_s, ownerId, args});
        return QJsonObject{{u"cancelled"_s, runId ? u"run"_s : u"worker"_s}};
    }

    void schedules(qint64 ownerId, const QString& action, const QJsonObject& args, QObject* context,
                   Done done) override {
        QJsonObject recorded = args;
        recorded.insert(u"action"_s, action);
        calls.append({u"schedules"_s, ownerId, recorded});
        if (holdSchedules) {
            heldSchedules.append({context, std::move(done)});
            return;
        }
        if (action == u"delete"_s)
            return done(Error{u"not_found"_s, u"No schedule named that."_s});
        done(QJsonObject{{u"schedules"_s, QJsonArray{}}, {u"action"_s, action}});
    }

    void completeSchedules() {
        const auto held = std::exchange(heldSchedules, {});
        for (const auto& [context, done] : held) {
            if (context)
                done(QJsonObject{{u"schedules"_s, QJsonArray{u"nightly"_s}}});
        }
    }

    void revokeAll() { tokens.clear(); }

    [[nodiscard]] QList<Call> callsOf(const QString& op) const {
        QList<Call> out;
        for (const Call& c : calls) {
            if (c.op == op)
                out.append(c);
        }
        return out;
    }

private:
    std::optional<Error> takeError() { return std::exchange(nextError, std::nullopt); }
};

// A QWebSocket client that collects every frame it receives.
class Client : public QObject {
public:
    explicit Client(const QString& origin = {}) : ws(origin) {
        connect(&ws, &QWebSocket::textMessageReceived, this, [this](const QString& text) {
            frames.append(QJsonDocument::fromJson(text.toUtf8()).object());
        });
        connect(&ws, &QWebSocket::connected, this, [this] { connected = true; });
        connect(&ws, &QWebSocket::disconnected, this, [this] { disconnected = true; });
    }

    // Opens and waits for hello; false when the server refused or did not answer.
    bool open(const QUrl& url) {
        ws.open(url);
        return QTest::qWaitFor([this] { return !frames.isEmpty() || disconnected; }, WaitMs) &&
               !frames.isEmpty() && frames.first().value(u"type"_s) == u"hello"_s;
    }

    void send(const QJsonObject& command) {
        ws.sendTextMessage(
            QString::fromUtf8(QJsonDocument(command).toJson(QJsonDocument::Compact)));
    }

    [[nodiscard]] QList<QJsonObject> ofType(const QString& type) const {
        QList<QJsonObject> out;
        for (const QJsonObject& f : frames) {
            if (f.value(u"type"_s) == type)
                out.append(f);
        }
        return out;
    }
    [[nodiscard]] QList<QJsonObject> replies() const { return ofType(u"reply"_s); }
    [[nodiscard]] QList<QJsonObject> events() const { return ofType(u"event"_s); }
    [[nodiscard]] QList<qint64> eventSeqs() const {
        QList<qint64> out;
        for (const QJsonObject& e : events())
            out.append(e.value(u"seq"_s).toInteger());
        return out;
    }

    // Waits for the reply to id (the first one when ids repeat); {} when none came.
    QJsonObject waitReply(const QJsonValue& id) {
        QJsonObject found;
        (void)QTest::qWaitFor(
            [&] {
                for (const QJsonObject& r : replies()) {
                    if (r.value(u"id"_s) == id) {
                        found = r;
                        return true;
                    }
                }
                return disconnected;
            },
            WaitMs);
        return found;
    }

    QJsonObject call(const QJsonObject& command) {
        send(command);
        return waitReply(command.value(u"id"_s));
    }

    // Runs a real event loop rather than QTest::qWaitFor, whose 10 ms naps would make a long
    // stream crawl.
    bool waitEvents(int n) {
        auto count = [this] { return int(events().size()); };
        if (count() >= n)
            return true;
        QEventLoop loop;
        int seen = count();
        auto onFrame = connect(&ws, &QWebSocket::textMessageReceived, &loop, [&] {
            if (++seen >= n)
                loop.quit();
        });
        connect(&ws, &QWebSocket::disconnected, &loop, &QEventLoop::quit);
        QTimer::singleShot(WaitMs, &loop, &QEventLoop::quit);
        loop.exec();
        disconnect(onFrame);
        return count() >= n;
    }

    bool waitClosed() {
        return QTest::qWaitFor([this] { return disconnected; }, WaitMs);
    }

    QWebSocket ws;
    QList<QJsonObject> frames;
    bool connected = false;
    bool disconnected = false;
};

QString errorCode(const QJsonObject& reply) {
    return reply.value(u"error"_s).toObject().value(u"code"_s).toString();
}
QString errorMessage(const QJsonObject& reply) {
    return reply.value(u"error"_s).toObject().value(u"message"_s).toString();
}

}  // namespace

class TestApiServer : public QObject {
    Q_OBJECT

private:
    ManualClock* clock = nullptr;
    EventBus* bus = nullptr;
    FakeBackend backend;
    std::unique_ptr<ApiServer> server;
    std::unique_ptr<QObject> scope;  // parent of clock and bus, rebuilt per test

    void start(ApiServerConfig config = {}) {
        server = std::make_unique<ApiServer>(std::move(config), &backend, bus, clock);
        const Status s = server->listen(QHostAddress::LocalHost, 0);
        QVERIFY2(s.ok(), s.ok() ? "" : qPrintable(s.error().message));
        QVERIFY(server->port() != 0);
    }

    QUrl url() const { return QUrl(u"ws://127.0.0.1:%1"_s.arg(server->port())); }

    // A client logged in as owner 1 or 2.
    std::unique_ptr<Client> loggedIn(qint64 owner, bool subscribed = false) {
        auto c = std::make_unique<Client>();
        if (!c->open(url()))
            return nullptr;
        const QJsonObject r = c->call({{u"id"_s, u"login"_s},
                                       {u"op"_s, u"login"_s},
                                       {u"device_secret"_s, u"secret-%1"_s.arg(owner)}});
        if (!r.value(u"ok"_s).toBool())
            return nullptr;
        if (subscribed) {
            const QJsonObject s = c->call({{u"id"_s, u"sub"_s}, {u"op"_s, u"subscribe"_s}});
            if (!s.value(u"ok"_s).toBool())
                return nullptr;
        }
        return c;
    }

    void publish(qint64 owner, const QString& name = u"worker_started"_s, QJsonObject data = {}) {
        bus->publish(name, owner, std::move(data));
    }

private Q_SLOTS:
    void initTestCase() { QCoreApplication::setApplicationVersion(u"1.2.3"_s); }

    void init() {
        scope = std::make_unique<QObject>();
        clock = new ManualClock(QDateTime(QDate(2026, 1, 1), QTime(12, 0), Qt::UTC), scope.get());
        bus = new EventBus(clock, scope.get());
        backend = FakeBackend();
    }

    void cleanup() {
        server.reset();
        scope.reset();
    }

    // --- connection and authentication ------------------------------------------------------

    void helloOnConnect() {
        start();
        QSignalSpy count(server.get(), &ApiServer::clientCountChanged);
        Client c;
        QVERIFY(c.open(url()));
        const QJsonObject hello = c.frames.first();
        QCOMPARE(hello.value(u"server"_s).toString(), u"zerg"_s);
        QCOMPARE(hello.value(u"version"_s).toString(), u"1.2.3"_s);
        QCOMPARE(hello.value(u"protocol"_s).toInt(), 1);
        QCOMPARE(hello.value(u"stream"_s).toString(), server->eventLog().streamId());
        QCOMPARE(server->clientCount(), 1);
        QCOMPARE(count.size(), 1);
        QCOMPARE(count.first().first().toInt(), 1);
        c.ws.close();
        QTRY_COMPARE(server->clientCount(), 0);
        QCOMPARE(count.last().first().toInt(), 0);
    }

    void pingBeforeAuthentication() {
        start();
        Client c;
        QVERIFY(c.open(url()));
        const QJsonObject r = c.call({{u"id"_s, 1}, {u"op"_s, u"ping"_s}});
        QCOMPARE(r.value(u"ok"_s).toBool(), true);
        QCOMPARE(r.value(u"id"_s).toInt(), 1);
        QCOMPARE(r.value(u"result"_s).toObject().value(u"pong"_s).toBool(), true);
    }

    void loginAuthLogout() {
        start();
        Client a;
        QVERIFY(a.open(url()));
        const QJsonObject login =
            a.call({{u"id"_s, 1}, {u"op"_s, u"login"_s}, {u"device_secret"_s, u"secret-2"_s}});
        QVERIFY2(login.value(u"ok"_s).toBool(), qPrintable(errorMessage(login)));
        const QJsonObject result = login.value(u"result"_s).toObject();
        const QString token = result.value(u"token"_s).toString();
        QVERIFY(!token.isEmpty());
        QCOMPARE(result.value(u"owner_id"_s).toInteger(), 2);
        QCOMPARE(result.value(u"device_id"_s).toInteger(), 20);
        QCOMPARE(result.value(u"expires_at"_s).toString(), u"2026-01-08T12:00:00.000Z"_s);

        // The token authenticates another connection.
        Client b;
        QVERIFY(b.open(url()));
        const QJsonObject auth =
            b.call({{u"id"_s, u"a"_s}, {u"op"_s, u"auth"_s}, {u"token"_s, token}});
        QVERIFY(auth.value(u"ok"_s).toBool());
        QCOMPARE(auth.value(u"id"_s).toString(), u"a"_s);
        QCOMPARE(auth.value(u"result"_s).toObject().value(u"owner_id"_s).toInteger(), 2);
        QVERIFY(!auth.value(u"result"_s).toObject().contains(u"token"_s));
        QVERIFY(b.call({{u"id"_s, 2}, {u"op"_s, u"runs"_s}}).value(u"ok"_s).toBool());

        // Logout revokes it: this connection is unauthenticated, a new one cannot use it.
        const QJsonObject out = b.call({{u"id"_s, 3}, {u"op"_s, u"logout"_s}});
        QVERIFY(out.value(u"ok"_s).toBool());
        QCOMPARE(backend.callsOf(u"logout"_s).size(), 1);
        QCOMPARE(backend.callsOf(u"logout"_s).first().ownerId, 2);
        QCOMPARE(errorCode(b.call({{u"id"_s, 4}, {u"op"_s, u"runs"_s}})), u"unauthenticated"_s);
        Client c;
        QVERIFY(c.open(url()));
        QCOMPARE(errorCode(c.call({{u"id"_s, 5}, {u"op"_s, u"auth"_s}, {u"token"_s, token}})),
                 u"auth_failed"_s);
    }

    void unauthenticatedCommandsAreRefused() {
        start();
        Client c;
        QVERIFY(c.open(url()));
        for (const QString op :
             {u"dispatch"_s, u"subscribe"_s, u"run"_s, u"workers"_s, u"schedules"_s, u"logout"_s}) {
            const QJsonObject r = c.call({{u"id"_s, op},
                                          {u"op"_s, op},
                                          {u"task"_s, u"x"_s},
                                          {u"run_id"_s, 1},
                                          {u"action"_s, u"list"_s}});
            QCOMPARE(errorCode(r), u"unauthenticated"_s);
            QVERIFY(errorMessage(r).contains(u"auth"_s));
        }
        QVERIFY(backend.calls.isEmpty());
        publish(1);
        QCOMPARE(c.call({{u"id"_s, 9}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool(), true);
        QVERIFY(c.events().isEmpty());
    }

    void authDeadlineClosesWith4401() {
        start();
        Client idle;
        QVERIFY(idle.open(url()));
        auto authed = loggedIn(1);
        QVERIFY(authed);
        clock->advance(9'999);
        QVERIFY(idle.call({{u"id"_s, 1}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());
        clock->advance(1);
        QVERIFY(idle.waitClosed());
        QCOMPARE(int(idle.ws.closeCode()), 4401);
        QVERIFY(!authed->disconnected);
        QVERIFY(authed->call({{u"id"_s, 2}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());
    }

    void threeFailuresClose4401() {
        start();
        Client c;
        QVERIFY(c.open(url()));
        QCOMPARE(errorCode(c.call({{u"id"_s, 1}, {u"op"_s, u"auth"_s}, {u"token"_s, u"nope"_s}})),
                 u"auth_failed"_s);
        QCOMPARE(errorCode(c.call(
                     {{u"id"_s, 2}, {u"op"_s, u"login"_s}, {u"device_secret"_s, u"wrong"_s}})),
                 u"auth_failed"_s);
        QVERIFY(!c.disconnected);
        // A malformed attempt is a bad request, not a failed login.
        QCOMPARE(errorCode(c.call({{u"id"_s, 3}, {u"op"_s, u"auth"_s}})), u"bad_request"_s);
        QVERIFY(!c.disconnected);
        c.send({{u"id"_s, 4}, {u"op"_s, u"auth"_s}, {u"token"_s, u"still-wrong"_s}});
        QVERIFY(c.waitClosed());
        QCOMPARE(int(c.ws.closeCode()), 4401);
        QCOMPARE(errorCode(c.replies().last()), u"auth_failed"_s);
    }

    // At most maxUnauthenticated clients wait to authenticate; one more is closed at once with
    // 4429, and a place frees up when one of them authenticates or goes away.
    void unauthenticatedClientsAreCapped() {
        ApiServerConfig config;
        config.maxUnauthenticated = 3;
        start(config);
        std::vector<std::unique_ptr<Client>> waiting;
        for (int i = 0; i < 3; ++i) {
            waiting.push_back(std::make_unique<Client>());
            QVERIFY(waiting.back()->open(url()));
        }
        QCOMPARE(server->unauthenticatedCount(), 3);

        Client over;
        QVERIFY(!over.open(url()));
        QVERIFY(over.waitClosed());
        QCOMPARE(int(over.ws.closeCode()), TooManyUnauthenticatedCloseCode);
        QCOMPARE(int(over.ws.closeCode()), 4429);
        QVERIFY2(over.ws.closeReason().contains(u"try again later"_s),
                 qPrintable(over.ws.closeReason()));
        QVERIFY(over.frames.isEmpty());  // not even a hello
        QCOMPARE(server->clientCount(), 3);
        for (const auto& c : waiting) {  // the waiting ones are untouched
            QVERIFY(!c->disconnected);
            QVERIFY(c->call({{u"id"_s, 1}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());
        }

        // One authenticates: there is room for one more, and only one.
        QVERIFY(
            waiting[0]
                ->call({{u"id"_s, 2}, {u"op"_s, u"login"_s}, {u"device_secret"_s, u"secret-1"_s}})
                .value(u"ok"_s)
                .toBool());
        QCOMPARE(server->unauthenticatedCount(), 2);
        Client next;
        QVERIFY(next.open(url()));
        Client refused;
        QVERIFY(!refused.open(url()));
        QCOMPARE(int(refused.ws.closeCode()), 4429);

        // A failed attempt does not count as authenticated; logging out counts as waiting again.
        QCOMPARE(errorCode(next.call({{u"id"_s, 3}, {u"op"_s, u"auth"_s}, {u"token"_s, u"no"_s}})),
                 u"auth_failed"_s);
        QCOMPARE(server->unauthenticatedCount(), 3);
        QVERIFY(waiting[0]->call({{u"id"_s, 4}, {u"op"_s, u"logout"_s}}).value(u"ok"_s).toBool());
        QCOMPARE(server->unauthenticatedCount(), 4);  // over the cap: nobody is closed for it
        QVERIFY(!waiting[0]->disconnected);

        // Clients that leave (or are closed at the auth deadline) free their places.
        waiting[1]->ws.close();
        waiting[2]->ws.close();
        QTRY_COMPARE(server->unauthenticatedCount(), 2);
        Client after;
        QVERIFY(after.open(url()));
        QCOMPARE(server->unauthenticatedCount(), 3);

        // The auth deadline closes the waiting ones; authenticated clients do not count, so
        // more of them than the cap may connect and log in.
        clock->advance(config.authDeadlineMs);
        QVERIFY(after.waitClosed());
        QCOMPARE(int(after.ws.closeCode()), 4401);
        QTRY_COMPARE(server->unauthenticatedCount(), 0);
        std::vector<std::unique_ptr<Client>> users;
        for (int i = 0; i < 6; ++i) {
            users.push_back(loggedIn(1 + i % 2));
            QVERIFY(users.back());
        }
        QCOMPARE(server->unauthenticatedCount(), 0);
        QTRY_COMPARE(server->clientCount(), 6);
    }

    // On the wire: a refused client gets the handshake, then at once a close frame with 4429,
    // and the server ends the connection without waiting for the client's answer.
    void refusedClientIsClosedAtOnce() {
        ApiServerConfig config;
        config.maxUnauthenticated = 0;
        start(config);
        QTcpSocket raw;
        raw.connectToHost(QHostAddress::LocalHost, server->port());
        QVERIFY(raw.waitForConnected(WaitMs));
        raw.write(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n");
        QByteArray received;
        QTRY_VERIFY_WITH_TIMEOUT(
            (received += raw.readAll(), raw.state() == QAbstractSocket::UnconnectedState), WaitMs);
        received += raw.readAll();
        QVERIFY2(received.startsWith("HTTP/1.1 101"), received.constData());
        // A close frame (FIN + opcode 8) whose payload starts with 4429 (0x114D).
        const qsizetype frame = received.indexOf("\r\n\r\n") + 4;
        QVERIFY(frame >= 4);
        QCOMPARE(quint8(received.at(frame)), quint8(0x88));
        QCOMPARE(received.mid(frame + 2, 2), QByteArray("\x11\x4D", 2));
        QVERIFY(received.mid(frame + 4).startsWith("too many connections"));
        QCOMPARE(server->clientCount(), 0);
    }

    // `zerg serve` raises its soft open-file limit to the hard one: each client is a socket.
    void openFileLimitIsRaisedToTheHardLimit() {
        const OpenFileLimit raised = raiseOpenFileLimit();
        QVERIFY2(raised.error.isEmpty(), qPrintable(raised.error));
        QVERIFY(raised.after >= raised.before);
        rlimit now{};
        QCOMPARE(::getrlimit(RLIMIT_NOFILE, &now), 0);
        QCOMPARE(quint64(now.rlim_cur), raised.after);
#if defined(Q_OS_LINUX)
        if (now.rlim_max != RLIM_INFINITY)
            QCOMPARE(raised.after, quint64(now.rlim_max));
#endif
        const OpenFileLimit again = raiseOpenFileLimit();  // nothing left to raise
        QCOMPARE(again.before, raised.after);
        QCOMPARE(again.after, raised.after);
        QVERIFY(again.error.isEmpty());
    }

    void revokedTokenClosesOnNextCommand() {
        start();
        auto c = loggedIn(1);
        QVERIFY(c);
        const int before = backend.authenticateCalls;
        QVERIFY(c->call({{u"id"_s, 1}, {u"op"_s, u"runs"_s}}).value(u"ok"_s).toBool());
        QCOMPARE(backend.authenticateCalls, before + 1);  // checked on every command
        backend.revokeAll();
        c->send({{u"id"_s, 2}, {u"op"_s, u"dispatch"_s}, {u"task"_s, u"x"_s}});
        QVERIFY(c->waitClosed());
        QCOMPARE(int(c->ws.closeCode()), 4401);
        QVERIFY(backend.callsOf(u"dispatch"_s).isEmpty());
    }

    void revokedTokenClosesAListenerWithin30s() {
        start();
        auto c = loggedIn(1, true);
        QVERIFY(c);
        clock->advance(30'000);
        QVERIFY(!c->disconnected);  // still valid: the recheck passes
        backend.revokeAll();
        clock->advance(29'999);
        QTest::qWait(0);
        QVERIFY(!c->disconnected);
        clock->advance(1);
        QVERIFY(c->waitClosed());
        QCOMPARE(int(c->ws.closeCode()), 4401);
    }

    // --- origin ------------------------------------------------------------------------------

    void wrongOriginIsRefused() {
        ApiServerConfig config;
        config.allowedOrigins = {u"https://ops.example.com"_s};
        start(config);
        Client evil(u"https://evil.example"_s);
        QVERIFY(!evil.open(url()));
        QVERIFY(!evil.connected);
        QCOMPARE(server->clientCount(), 0);

        // On the wire: an HTTP 403 answer to the upgrade request.
        QTcpSocket raw;
        raw.connectToHost(QHostAddress::LocalHost, server->port());
        QVERIFY(raw.waitForConnected(WaitMs));
        raw.write(
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\nOrigin: https://evil.example\r\n\r\n");
        QTRY_VERIFY_WITH_TIMEOUT(raw.canReadLine(), WaitMs);
        const QByteArray status = raw.readLine();
        QVERIFY2(status.startsWith("HTTP/1.1 403"), status.constData());
    }

    void allowedOriginIsAccepted() {
        ApiServerConfig config;
        config.allowedOrigins = {u"https://ops.example.com"_s};
        start(config);
        Client ops(u"https://ops.example.com"_s);
        QVERIFY(ops.open(url()));
        QCOMPARE(server->clientCount(), 1);
    }

    void noOriginIsAccepted() {
        ApiServerConfig config;
        config.allowedOrigins = {u"https://ops.example.com"_s};
        start(config);
        Client native;
        QVERIFY(native.open(url()));
    }

    // --- bad input ---------------------------------------------------------------------------

    void badJson() {
        start();
        Client c;
        QVERIFY(c.open(url()));
        c.ws.sendTextMessage(u"this is not json"_s);
        c.ws.sendTextMessage(u"[1, 2, 3]"_s);
        c.ws.sendBinaryMessage(R"({"id": 1, "op": "ping"})");
        QTRY_COMPARE_WITH_TIMEOUT(c.replies().size(), 3, WaitMs);
        for (const QJsonObject& r : c.replies()) {
            QCOMPARE(errorCode(r), u"bad_json"_s);
            QVERIFY(r.value(u"id"_s).isNull());
        }
        QVERIFY(errorMessage(c.replies().at(0)).contains(u"not valid JSON"_s));
        QVERIFY(errorMessage(c.replies().at(1)).contains(u"not an object"_s));
        QVERIFY(errorMessage(c.replies().at(2)).contains(u"text message"_s));
        QVERIFY(c.call({{u"id"_s, 2}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());
    }

    void badRequestNamesTheField_data() {
        QTest::addColumn<QJsonObject>("command");
        QTest::addColumn<QStringList>("mentions");
        QTest::newRow("no id") << QJsonObject{{u"op"_s, u"ping"_s}} << QStringList{u"id"_s};
        QTest::newRow("id object") << QJsonObject{{u"id"_s, QJsonObject{}}, {u"op"_s, u"ping"_s}}
                                   << QStringList{u"`id`"_s, u"an object"_s};
        QTest::newRow("no op") << QJsonObject{{u"id"_s, 1}} << QStringList{u"`op`"_s};
        QTest::newRow("dispatch no task") << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"dispatch"_s}}
                                          << QStringList{u"`task`"_s, u"string"_s};
        QTest::newRow("dispatch task number")
            << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"dispatch"_s}, {u"task"_s, 5}}
            << QStringList{u"`task`"_s, u"string"_s, u"a number"_s};
        QTest::newRow("dispatch context string") << QJsonObject{{u"id"_s, 1},
                                                                {u"op"_s, u"dispatch"_s},
                                                                {u"task"_s, u"x"_s},
                                                                {u"context"_s, u"x"_s}}
                                                 << QStringList{u"`context`"_s, u"object"_s};
        QTest::newRow("run id string")
            << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"run"_s}, {u"run_id"_s, u"12"_s}}
            << QStringList{u"`run_id`"_s, u"integer"_s, u"a string"_s};
        QTest::newRow("run id fraction")
            << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"run"_s}, {u"run_id"_s, 1.5}}
            << QStringList{u"`run_id`"_s, u"integer"_s};
        QTest::newRow("runs limit too big")
            << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"runs"_s}, {u"limit"_s, 500}}
            << QStringList{u"`limit`"_s, u"1 to 200"_s};
        QTest::newRow("workers limit zero")
            << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"workers"_s}, {u"limit"_s, 0}}
            << QStringList{u"`limit`"_s, u"1 to 500"_s};
        QTest::newRow("worker neither id") << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"worker"_s}}
                                           << QStringList{u"`worker_id`"_s, u"`job_id`"_s};
        QTest::newRow("worker_file no path")
            << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"worker_file"_s}, {u"worker_id"_s, u"w"_s}}
            << QStringList{u"`path`"_s};
        QTest::newRow("cancel both")
            << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"cancel"_s}, {u"run_id"_s, 1}, {u"job_id"_s, 2}}
            << QStringList{u"exactly one"_s, u"`run_id`"_s, u"`job_id`"_s};
        QTest::newRow("schedules bad action")
            << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"schedules"_s}, {u"action"_s, u"explode"_s}}
            << QStringList{u"`action`"_s, u"list, create, update, delete"_s};
        QTest::newRow("subscribe after negative")
            << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"subscribe"_s}, {u"after"_s, -1}}
            << QStringList{u"`after`"_s};
        QTest::newRow("login no secret") << QJsonObject{{u"id"_s, 1}, {u"op"_s, u"login"_s}}
                                         << QStringList{u"`device_secret`"_s};
    }

    void badRequestNamesTheField() {
        QFETCH(QJsonObject, command);
        QFETCH(QStringList, mentions);
        start();
        auto c = loggedIn(1);
        QVERIFY(c);
        const int callsBefore = int(backend.calls.size());
        c->send(command);
        QTRY_COMPARE_WITH_TIMEOUT(c->replies().size(), 2, WaitMs);  // login, then this one
        const QJsonObject r = c->replies().last();
        QCOMPARE(errorCode(r), u"bad_request"_s);
        for (const QString& m : mentions)
            QVERIFY2(errorMessage(r).contains(m), qPrintable(errorMessage(r) + u" lacks "_s + m));
        QCOMPARE(backend.calls.size(), callsBefore);  // nothing reached the backend
    }

    void unknownOpListsTheOps() {
        start();
        auto c = loggedIn(1);
        QVERIFY(c);
        const QJsonObject r = c->call({{u"id"_s, 7}, {u"op"_s, u"explode"_s}});
        QCOMPARE(errorCode(r), u"unknown_op"_s);
        for (const QString op : {u"explode"_s, u"login"_s, u"dispatch"_s, u"subscribe"_s,
                                 u"worker_file"_s, u"schedules"_s})
            QVERIFY2(errorMessage(r).contains(op), qPrintable(errorMessage(r)));
    }

    void tooLargeFrameKeepsTheConnection() {
        start();
        auto c = loggedIn(1);
        QVERIFY(c);
        const QString big = QString(70 * 1024, u'x');
        c->send({{u"id"_s, 1}, {u"op"_s, u"dispatch"_s}, {u"task"_s, big}});
        QTRY_COMPARE_WITH_TIMEOUT(c->replies().size(), 2, WaitMs);
        QCOMPARE(errorCode(c->replies().last()), u"too_large"_s);
        QVERIFY(errorMessage(c->replies().last()).contains(u"65536"_s));
        QVERIFY(backend.callsOf(u"dispatch"_s).isEmpty());
        QVERIFY(c->call({{u"id"_s, 2}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());
    }

    void hardLimitCloses1009() {
        start();
        Client c;
        QVERIFY(c.open(url()));
        c.ws.sendTextMessage(QString(2 * 1024 * 1024, u'x'));
        QVERIFY(c.waitClosed());
        QCOMPARE(int(c.ws.closeCode()), 1009);
        QTRY_COMPARE(server->clientCount(), 0);
    }

    void rateLimitReplyThenClose1008() {
        start();
        Client c;
        QVERIFY(c.open(url()));
        // The clock does not move: a burst of 40, then refusals.
        for (int i = 0; i < 41; ++i)
            c.send({{u"id"_s, i}, {u"op"_s, u"ping"_s}});
        QTRY_COMPARE_WITH_TIMEOUT(c.replies().size(), 41, WaitMs);
        for (int i = 0; i < 40; ++i)
            QVERIFY(c.replies().at(i).value(u"ok"_s).toBool());
        QCOMPARE(errorCode(c.replies().at(40)), u"rate_limited"_s);
        QCOMPARE(c.replies().at(40).value(u"id"_s).toInt(), 40);
        QVERIFY(errorMessage(c.replies().at(40)).contains(u"slow down"_s));

        // One second refills 20 commands and forgives the refusals so far.
        clock->advance(1'000);
        for (int i = 0; i < 20; ++i)
            c.send({{u"id"_s, 100 + i}, {u"op"_s, u"ping"_s}});
        QTRY_COMPARE_WITH_TIMEOUT(c.replies().size(), 61, WaitMs);
        QVERIFY(c.replies().last().value(u"ok"_s).toBool());

        // 100 refused commands in a row: closed.
        for (int i = 0; i < 100; ++i)
            c.send({{u"id"_s, 200 + i}, {u"op"_s, u"ping"_s}});
        QVERIFY(c.waitClosed());
        QCOMPARE(int(c.ws.closeCode()), 1008);
        QCOMPARE(c.replies().size(), 61 + 99);
        QCOMPARE(errorCode(c.replies().last()), u"rate_limited"_s);
    }

    void misbehavingClientsDoNotAffectOthers() {
        start();
        auto good = loggedIn(1, true);
        QVERIFY(good);
        Client flooder, giant, garbage;
        QVERIFY(flooder.open(url()));
        QVERIFY(giant.open(url()));
        QVERIFY(garbage.open(url()));
        for (int i = 0; i < 300; ++i)
            flooder.send({{u"id"_s, i}, {u"op"_s, u"ping"_s}});
        giant.ws.sendTextMessage(QString(3 * 1024 * 1024, u'{'));
        for (int i = 0; i < 30; ++i)
            garbage.ws.sendTextMessage(u"}{ not json"_s);

        const QJsonObject r = good->call(
            {{u"id"_s, 1}, {u"op"_s, u"dispatch"_s}, {u"task"_s, u"check disk on cube"_s}});
        QVERIFY(r.value(u"ok"_s).toBool());
        QCOMPARE(r.value(u"result"_s).toObject().value(u"run_id"_s).toInt(), 12);
        publish(1, u"supervisor_started"_s, {{u"run_id"_s, 12}});
        QVERIFY(good->waitEvents(1));

        QVERIFY(flooder.waitClosed());
        QCOMPARE(int(flooder.ws.closeCode()), 1008);
        QVERIFY(giant.waitClosed());
        QCOMPARE(int(giant.ws.closeCode()), 1009);
        QTRY_COMPARE_WITH_TIMEOUT(garbage.replies().size(), 30, WaitMs);
        QVERIFY(!garbage.disconnected);

        publish(1, u"supervisor_complete"_s, {{u"run_id"_s, 12}});
        QVERIFY(good->waitEvents(2));
        QVERIFY(!good->disconnected);
        QTRY_COMPARE(server->clientCount(), 2);
    }

    void clientThatDoesNotReadIsClosed1008() {
        ApiServerConfig config;
        config.eventLogCapacity = 20;
        start(config);
        auto slow = loggedIn(1, true);
        auto fast = loggedIn(1, true);
        QVERIFY(slow && fast);
        // The slow client stops reading: Qt's frame reader cannot complete a 64 KiB frame
        // through a 1 KiB buffer, so the bytes pile up in the kernel, then on the server.
        slow->ws.setReadBufferSize(1024);
        const QString payload(64 * 1024, u'd');
        constexpr int Events = 400;  // 25 MiB, far over the 8 MiB backlog plus socket buffers
        for (int i = 0; i < Events; ++i) {
            publish(1, u"supervisor_delta"_s, {{u"delta"_s, payload}});
            QVERIFY(fast->waitEvents(i + 1));  // the reading client keeps up
        }
        QVERIFY(!fast->disconnected);
        slow->ws.setReadBufferSize(0);  // read again: the close frame is behind what was queued
        QVERIFY(slow->waitClosed());
        QCOMPARE(int(slow->ws.closeCode()), 1008);
        QVERIFY(slow->ws.closeReason().contains(u"not reading"_s));
        QVERIFY(slow->events().size() < Events);
    }

    // --- events ------------------------------------------------------------------------------

    void eventsOnlyAfterSubscribeAndUntilUnsubscribe() {
        start();
        auto c = loggedIn(1);
        QVERIFY(c);
        publish(1);  // seq 1: before subscribe
        const QJsonObject sub = c->call({{u"id"_s, 1}, {u"op"_s, u"subscribe"_s}});
        QVERIFY(sub.value(u"ok"_s).toBool());
        QCOMPARE(sub.value(u"result"_s).toObject().value(u"last_seq"_s).toInteger(), 1);
        QCOMPARE(sub.value(u"result"_s).toObject().value(u"stream"_s).toString(),
                 server->eventLog().streamId());
        publish(1, u"worker_started"_s, {{u"run_id"_s, 12}, {u"job_id"_s, 40}});  // seq 2
        QVERIFY(c->waitEvents(1));
        const QJsonObject e = c->events().first();
        QCOMPARE(e.value(u"seq"_s).toInteger(), 2);
        QCOMPARE(e.value(u"event"_s).toString(), u"worker_started"_s);
        QCOMPARE(e.value(u"at"_s).toString(), u"2026-01-01T12:00:00.000Z"_s);
        const QJsonObject data = e.value(u"data"_s).toObject();
        QCOMPARE(data.value(u"owner_id"_s).toInteger(), 1);
        QCOMPARE(data.value(u"job_id"_s).toInteger(), 40);

        QVERIFY(c->call({{u"id"_s, 2}, {u"op"_s, u"unsubscribe"_s}}).value(u"ok"_s).toBool());
        publish(1);  // seq 3: after unsubscribe
        QVERIFY(c->call({{u"id"_s, 3}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());
        QCOMPARE(c->eventSeqs(), QList<qint64>{2});
    }

    void ownersAreIsolated() {
        start();
        auto one = loggedIn(1, true);
        auto two = loggedIn(2, true);
        QVERIFY(one && two);
        publish(1);  // 1
        publish(2);  // 2
        publish(1);  // 3
        publish(0);  // 4: a service event, nobody's
        publish(2);  // 5
        publish(1);  // 6
        QVERIFY(one->waitEvents(3));
        QVERIFY(two->waitEvents(2));
        QVERIFY(one->call({{u"id"_s, 1}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());
        QVERIFY(two->call({{u"id"_s, 1}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());
        QCOMPARE(one->eventSeqs(), (QList<qint64>{1, 3, 6}));
        QCOMPARE(two->eventSeqs(), (QList<qint64>{2, 5}));
        for (const QJsonObject& e : one->events())
            QCOMPARE(e.value(u"data"_s).toObject().value(u"owner_id"_s).toInteger(), 1);
    }

    void resumeReplaysExactlyTheMissingEvents() {
        start();
        QString stream;
        qint64 last = 0;
        {
            auto c = loggedIn(1, true);
            QVERIFY(c);
            stream = c->frames.first().value(u"stream"_s).toString();
            publish(1);  // 1
            publish(2);  // 2
            publish(1);  // 3
            QVERIFY(c->waitEvents(2));
            last = c->eventSeqs().last();
            QCOMPARE(last, 3);
            c->ws.close();
            QTRY_COMPARE(server->clientCount(), 0);
        }
        publish(1);  // 4: missed
        publish(2);  // 5: another owner's
        publish(1);  // 6: missed
        auto c = loggedIn(1);
        QVERIFY(c);
        const QJsonObject sub = c->call(
            {{u"id"_s, 1}, {u"op"_s, u"subscribe"_s}, {u"after"_s, last}, {u"stream"_s, stream}});
        QVERIFY2(sub.value(u"ok"_s).toBool(), qPrintable(errorMessage(sub)));
        QCOMPARE(sub.value(u"result"_s).toObject().value(u"last_seq"_s).toInteger(), 6);
        publish(1);  // 7: live
        QVERIFY(c->waitEvents(3));
        QVERIFY(c->call({{u"id"_s, 2}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());
        QCOMPARE(c->eventSeqs(), (QList<qint64>{4, 6, 7}));
        // The reply comes before the events it announces.
        int replyAt = -1, firstEventAt = -1;
        for (int i = 0; i < c->frames.size(); ++i) {
            if (c->frames[i].value(u"id"_s) == QJsonValue(1))
                replyAt = i;
            if (firstEventAt < 0 && c->frames[i].value(u"type"_s) == u"event"_s)
                firstEventAt = i;
        }
        QVERIFY(replyAt >= 0 && replyAt < firstEventAt);
    }

    void longReplayIsNotMistakenForASlowReader() {
        start();
        const QString payload(4 * 1024, u'r');
        for (int i = 0; i < 5'000; ++i)  // 20 MiB to replay: more than the backlog limit
            publish(1, u"supervisor_delta"_s, {{u"delta"_s, payload}});
        auto c = loggedIn(1);
        QVERIFY(c);
        const QJsonObject sub = c->call({{u"id"_s, 1},
                                         {u"op"_s, u"subscribe"_s},
                                         {u"after"_s, 0},
                                         {u"stream"_s, server->eventLog().streamId()}});
        QVERIFY2(sub.value(u"ok"_s).toBool(), qPrintable(errorMessage(sub)));
        publish(1);  // live, queued behind the replay
        QVERIFY2(c->waitEvents(5'001), qPrintable(QString::number(c->events().size())));
        QVERIFY(!c->disconnected);
        const QList<qint64> seqs = c->eventSeqs();
        for (int i = 0; i < seqs.size(); ++i)
            QCOMPARE(seqs[i], i + 1);
    }

    void resumeGap() {
        ApiServerConfig config;
        config.eventLogCapacity = 5;
        start(config);
        for (int i = 0; i < 10; ++i)
            publish(1);  // 1..10, kept 6..10
        auto c = loggedIn(1);
        QVERIFY(c);
        const QString stream = server->eventLog().streamId();
        const QJsonObject gap = c->call(
            {{u"id"_s, 1}, {u"op"_s, u"subscribe"_s}, {u"after"_s, 4}, {u"stream"_s, stream}});
        QCOMPARE(errorCode(gap), u"resume_gap"_s);
        QVERIFY(errorMessage(gap).contains(u"without `after`"_s));
        const QJsonObject ok = c->call(
            {{u"id"_s, 2}, {u"op"_s, u"subscribe"_s}, {u"after"_s, 5}, {u"stream"_s, stream}});
        QVERIFY2(ok.value(u"ok"_s).toBool(), qPrintable(errorMessage(ok)));
        publish(1);  // 11, live
        QVERIFY(c->waitEvents(6));
        QCOMPARE(c->eventSeqs(), (QList<qint64>{6, 7, 8, 9, 10, 11}));
    }

    void streamReset() {
        start();
        publish(1);
        publish(1);
        auto c = loggedIn(1);
        QVERIFY(c);
        const QJsonObject other = c->call({{u"id"_s, 1},
                                           {u"op"_s, u"subscribe"_s},
                                           {u"after"_s, 1},
                                           {u"stream"_s, u"deadbeef"_s}});
        QCOMPARE(errorCode(other), u"stream_reset"_s);
        // A seq this server never reached: it restarted even if the client lost the stream id.
        const QJsonObject future =
            c->call({{u"id"_s, 2}, {u"op"_s, u"subscribe"_s}, {u"after"_s, 999}});
        QCOMPARE(errorCode(future), u"stream_reset"_s);
        QVERIFY(errorMessage(future).contains(u"without `after`"_s));
        // Without `after`: live only.
        QVERIFY(c->call({{u"id"_s, 3}, {u"op"_s, u"subscribe"_s}}).value(u"ok"_s).toBool());
        publish(1);
        QVERIFY(c->waitEvents(1));
        QCOMPARE(c->eventSeqs(), QList<qint64>{3});
    }

    // --- commands ----------------------------------------------------------------------------

    void commandsReachTheBackendAsTheOwner() {
        start();
        auto c = loggedIn(2);
        QVERIFY(c);
        auto ok = [&](const QJsonObject& cmd) {
            const QJsonObject r = c->call(cmd);
            if (!r.value(u"ok"_s).toBool())
                qWarning() << r;
            return r.value(u"result"_s).toObject();
        };
        const QJsonObject ctx{{u"host"_s, u"cube"_s}};
        QCOMPARE(ok({{u"id"_s, 1},
                     {u"op"_s, u"dispatch"_s},
                     {u"task"_s, u"check disk"_s},
                     {u"context"_s, ctx}})
                     .value(u"status"_s)
                     .toString(),
                 u"running"_s);
        QCOMPARE(
            ok({{u"id"_s, 2}, {u"op"_s, u"run"_s}, {u"run_id"_s, 12}}).value(u"run_id"_s).toInt(),
            12);
        QVERIFY(ok({{u"id"_s, 3}, {u"op"_s, u"runs"_s}}).contains(u"runs"_s));
        QVERIFY(ok({{u"id"_s, 4}, {u"op"_s, u"workers"_s}, {u"run_id"_s, 12}, {u"limit"_s, 5}})
                    .contains(u"workers"_s));
        QVERIFY(
            ok({{u"id"_s, 5}, {u"op"_s, u"worker"_s}, {u"job_id"_s, 40}}).contains(u"metadata"_s));
        QCOMPARE(ok({{u"id"_s, 6},
                     {u"op"_s, u"worker_file"_s},
                     {u"worker_id"_s, u"w1"_s},
                     {u"path"_s, u"result.txt"_s}})
                     .value(u"content"_s)
                     .toString(),
                 u"hello"_s);
        QCOMPARE(ok({{u"id"_s, 7}, {u"op"_s, u"cancel"_s}, {u"job_id"_s, 40}})
                     .value(u"cancelled"_s)
                     .toString(),
                 u"worker"_s);
        QCOMPARE(ok({{u"id"_s, 8},
                     {u"op"_s, u"schedules"_s},
                     {u"action"_s, u"create"_s},
                     {u"name"_s, u"nightly"_s},
                     {u"cron"_s, u"0 3 * * *"_s}})
                     .value(u"action"_s)
                     .toString(),
                 u"create"_s);

        QStringList ops;
        for (const FakeBackend::Call& call : backend.calls) {
            ops.append(call.op);
            if (call.op != u"login"_s)
                QCOMPARE(call.ownerId, 2);
        }
        QCOMPARE(ops, (QStringList{u"login"_s, u"dispatch"_s, u"run"_s, u"runs"_s, u"workers"_s,
                                   u"worker"_s, u"worker_file"_s, u"cancel"_s, u"schedules"_s}));
        const auto dispatch = backend.callsOf(u"dispatch"_s).first().args;
        QCOMPARE(dispatch.value(u"task"_s).toString(), u"check disk"_s);
        QCOMPARE(dispatch.value(u"context"_s).toObject(), ctx);
        QCOMPARE(backend.callsOf(u"runs"_s).first().args.value(u"limit"_s).toInt(), 20);
        QCOMPARE(backend.callsOf(u"workers"_s).first().args,
                 (QJsonObject{{u"limit"_s, 5}, {u"run_id"_s, 12}}));
        QCOMPARE(backend.callsOf(u"worker"_s).first().args,
                 (QJsonObject{{u"worker_id"_s, u""_s}, {u"job_id"_s, 40}}));
        QCOMPARE(backend.callsOf(u"cancel"_s).first().args, (QJsonObject{{u"job_id"_s, 40}}));
        QCOMPARE(backend.callsOf(u"schedules"_s).first().args,
                 (QJsonObject{{u"action"_s, u"create"_s},
                              {u"name"_s, u"nightly"_s},
                              {u"cron"_s, u"0 3 * * *"_s}}));
    }

    void backendErrorsComeBackAsReplies() {
        start();
        auto c = loggedIn(1);
        QVERIFY(c);
        backend.nextError = Error{u"busy"_s, u"Jarvis is still working on run 12."_s};
        const QJsonObject busy =
            c->call({{u"id"_s, 1}, {u"op"_s, u"dispatch"_s}, {u"task"_s, u"again"_s}});
        QCOMPARE(errorCode(busy), u"busy"_s);
        QCOMPARE(errorMessage(busy), u"Jarvis is still working on run 12."_s);
        backend.nextError = Error{u"not_found"_s, u"No run 99."_s};
        QCOMPARE(errorCode(c->call({{u"id"_s, 2}, {u"op"_s, u"run"_s}, {u"run_id"_s, 99}})),
                 u"not_found"_s);
        QCOMPARE(errorCode(c->call({{u"id"_s, 3},
                                    {u"op"_s, u"schedules"_s},
                                    {u"action"_s, u"delete"_s},
                                    {u"name"_s, u"x"_s}})),
                 u"not_found"_s);
        backend.nextError = Error{QString(), u"disk full"_s};
        QCOMPARE(errorCode(c->call({{u"id"_s, 4},
                                    {u"op"_s, u"worker_file"_s},
                                    {u"worker_id"_s, u"w"_s},
                                    {u"path"_s, u"a"_s}})),
                 u"internal"_s);
        QVERIFY(!c->disconnected);
    }

    void repliesKeepCommandOrderAroundAsyncSchedules() {
        start();
        backend.holdSchedules = true;
        auto c = loggedIn(1);
        QVERIFY(c);
        c->send({{u"id"_s, 1}, {u"op"_s, u"schedules"_s}, {u"action"_s, u"list"_s}});
        c->send({{u"id"_s, 2}, {u"op"_s, u"ping"_s}});
        c->send({{u"id"_s, 3}, {u"op"_s, u"subscribe"_s}});
        c->send({{u"id"_s, 4}, {u"op"_s, u"run"_s}, {u"run_id"_s, 5}});
        c->send({{u"id"_s, 5}, {u"op"_s, u"bogus"_s}});
        // The server answers a WebSocket ping after everything it wrote before: once the pong
        // is here, any reply sent too early would be here as well.
        QSignalSpy pong(&c->ws, &QWebSocket::pong);
        c->ws.ping();
        QVERIFY(pong.wait(WaitMs));
        QCOMPARE(backend.callsOf(u"run"_s).size(), 1);
        QCOMPARE(c->replies().size(), 1);  // only the login
        publish(1);                        // seq 1: before the subscribe took effect
        QVERIFY(!backend.heldSchedules.isEmpty());
        backend.completeSchedules();
        QTRY_COMPARE_WITH_TIMEOUT(c->replies().size(), 6, WaitMs);
        QList<int> ids;
        for (const QJsonObject& r : c->replies().mid(1))
            ids.append(r.value(u"id"_s).toInt());
        QCOMPARE(ids, (QList<int>{1, 2, 3, 4, 5}));
        QCOMPARE(c->replies().at(1).value(u"result"_s).toObject().value(u"schedules"_s).toArray(),
                 QJsonArray{u"nightly"_s});
        QCOMPARE(errorCode(c->replies().at(5)), u"unknown_op"_s);
        publish(1);  // seq 2
        QVERIFY(c->waitEvents(1));
        QCOMPARE(c->eventSeqs(), QList<qint64>{2});
    }

    // --- TLS and shutdown --------------------------------------------------------------------

    void tlsWithASelfSignedCertificate() {
        if (!QSslSocket::supportsSsl())
            QSKIP("no TLS backend");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString cert = dir.filePath(u"cert.pem"_s), key = dir.filePath(u"key.pem"_s);
        QProcess openssl;
        openssl.start(u"openssl"_s,
                      {u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s,
                       u"ec_paramgen_curve:prime256v1"_s, u"-nodes"_s, u"-days"_s, u"2"_s,
                       u"-subj"_s, u"/CN=127.0.0.1"_s, u"-addext"_s,
                       u"subjectAltName=IP:127.0.0.1"_s, u"-keyout"_s, key, u"-out"_s, cert});
        QVERIFY(openssl.waitForFinished(60'000));
        QVERIFY2(openssl.exitCode() == 0, openssl.readAllStandardError().constData());

        const Result<QSslConfiguration> tls = loadTlsConfiguration(cert, key);
        QVERIFY2(tls.ok(), tls.ok() ? "" : qPrintable(tls.error().message));
        ApiServerConfig config;
        config.tls = *tls;
        start(config);
        QVERIFY(server->isSecure());

        // A client that trusts exactly this certificate.
        Client c;
        QSslConfiguration trust = QSslConfiguration::defaultConfiguration();
        trust.setCaCertificates(QSslCertificate::fromPath(cert));
        c.ws.setSslConfiguration(trust);
        QVERIFY(c.open(QUrl(u"wss://127.0.0.1:%1"_s.arg(server->port()))));
        QVERIFY(c.call({{u"id"_s, 1}, {u"op"_s, u"ping"_s}}).value(u"ok"_s).toBool());

        // A client that does not trust it is refused by its own TLS check.
        Client untrusting;
        QSignalSpy sslErrors(&untrusting.ws, &QWebSocket::sslErrors);
        QVERIFY(!untrusting.open(QUrl(u"wss://127.0.0.1:%1"_s.arg(server->port()))));
        QVERIFY(!sslErrors.isEmpty());

        // Plain ws:// to a wss:// server gets nowhere.
        Client plain;
        QVERIFY(!plain.open(url()));
    }

    void tlsErrorsAtListen() {
        ApiServerConfig config;
        config.tls = QSslConfiguration();  // no certificate, no key
        ApiServer s(config, &backend, bus, clock);
        const Status st = s.listen(QHostAddress::LocalHost, 0);
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, u"tls"_s);
        QVERIFY(!s.isListening());

        QTemporaryDir dir;
        const Result<QSslConfiguration> missing =
            loadTlsConfiguration(dir.filePath(u"nope.pem"_s), dir.filePath(u"nope.key"_s));
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().message.contains(u"nope.pem"_s));
        QFile junk(dir.filePath(u"junk.pem"_s));
        QVERIFY(junk.open(QIODevice::WriteOnly));
        junk.write("not a certificate\n");
        junk.close();
        const Result<QSslConfiguration> bad =
            loadTlsConfiguration(junk.fileName(), junk.fileName());
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().message.contains(u"no PEM certificate"_s));
    }

    void listenErrorWhenThePortIsTaken() {
        start();
        ApiServer second({}, &backend, bus, clock);
        const Status st = second.listen(QHostAddress::LocalHost, server->port());
        QVERIFY(!st.ok());
        QCOMPARE(st.error().code, u"listen_failed"_s);
        QVERIFY(st.error().message.contains(QString::number(server->port())));
    }

    void closeSays1001ToEveryClient() {
        start();
        auto a = loggedIn(1, true);
        Client b;
        QVERIFY(a);
        QVERIFY(b.open(url()));
        server->close();
        QVERIFY(!server->isListening());
        QVERIFY(a->waitClosed());
        QVERIFY(b.waitClosed());
        QCOMPARE(int(a->ws.closeCode()), 1001);
        QCOMPARE(a->ws.closeReason(), u"server stopping"_s);
        QCOMPARE(int(b.ws.closeCode()), 1001);
        QTRY_COMPARE(server->clientCount(), 0);
        Client late;
        QVERIFY(!late.open(url()));
    }
};

QTEST_GUILESS_MAIN(TestApiServer)
#include "test_api_server.moc"
