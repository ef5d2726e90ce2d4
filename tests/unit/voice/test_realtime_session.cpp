#include "core/settings.h"
#include "realtime_stand_in.h"
#include "voice/realtime_session.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

#include <cmath>

using namespace zerg;
using test::RealtimeStandIn;

namespace {

// Speech for the stand-in's voice activity: `ms` of a loud tone, then `quietMs` of silence, at
// 16 kHz (the session resamples to 24 kHz), in 20 ms pieces as a microphone gives them.
void talk(RealtimeSession& session, int ms, int quietMs) {
    constexpr int kRate = 16000;
    constexpr int kPiece = kRate / 50;
    qint64 n = 0;
    for (int t = 0; t < ms + quietMs; t += 20) {
        QList<qint16> piece(kPiece);
        for (int i = 0; i < kPiece; ++i, ++n)
            piece[i] = t < ms ? qint16(6000 * std::sin(2 * M_PI * 220 * double(n) / kRate)) : 0;
        session.appendAudio(piece.constData(), piece.size(), kRate);
    }
}

RealtimeConfig configFor(const RealtimeStandIn& server) {
    RealtimeConfig config;
    config.url =
        QUrl(QStringLiteral("ws://127.0.0.1:%1/v1/realtime?model=gpt-realtime").arg(server.port()));
    config.apiKey = QStringLiteral("sk-test");
    config.instructions = QStringLiteral("You are Jarvis.");
    config.voice = QStringLiteral("alloy");
    config.silenceMs = 300;
    config.tools = QJsonArray{QJsonObject{
        {QStringLiteral("type"), QStringLiteral("function")},
        {QStringLiteral("name"), QStringLiteral("route_to_supervisor")},
        {QStringLiteral("parameters"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("object")}}},
    }};
    config.reconnectDelaysMs = {10, 20, 40, 80};
    config.maxReconnects = 3;
    return config;
}

bool waitReady(RealtimeSession& session) {
    return QTest::qWaitFor([&] { return session.state() == RealtimeState::Ready; }, 5000);
}

}  // namespace

class TestRealtimeSession : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void configFromSettings() {
        Settings s;
        s.llmBaseUrl = QStringLiteral("https://api.openai.com/v1/");
        s.llmApiKey = QStringLiteral("sk-provider");
        s.realtimeModel = QStringLiteral("gpt-realtime-mini");
        auto config = realtimeConfig(s);
        QVERIFY(config);
        QCOMPARE(config->url.toString(),
                 QStringLiteral("wss://api.openai.com/v1/realtime?model=gpt-realtime-mini"));
        QCOMPARE(config->apiKey, QStringLiteral("sk-provider"));
        QCOMPARE(config->silenceMs, 700);

        s.speechUrl = QStringLiteral("http://127.0.0.1:9000/v1");
        config = realtimeConfig(s);
        QVERIFY(config);
        QCOMPARE(config->url.scheme(), QStringLiteral("ws"));
        QVERIFY2(config->apiKey.isEmpty(),
                 "a separate speech server never gets the provider's key");

        Settings none;
        none.llmBaseUrl.clear();
        const auto missing = realtimeConfig(none);
        QVERIFY(!missing);
        QVERIFY(missing.error().message.contains(QStringLiteral("Speech server URL")));

        Settings ftp;
        ftp.speechUrl = QStringLiteral("ftp://example.org/v1");
        const auto bad = realtimeConfig(ftp);
        QVERIFY(!bad);
        QCOMPARE(bad.error().code, QStringLiteral("bad_url"));
    }

    // The session is set up with the instructions, the tools, the server's voice activity with
    // our silence, 24 kHz PCM both ways and transcription of the user's side; the key is sent.
    void setsTheSessionUp() {
        RealtimeStandIn server;
        QVERIFY(server.start());
        RealtimeSession session(configFor(server));
        session.open();
        QCOMPARE(session.state(), RealtimeState::Connecting);
        QVERIFY(waitReady(session));
        QCOMPARE(server.authorization(), QByteArray("Bearer sk-test"));
        const auto updates = server.received(QStringLiteral("session.update"));
        QCOMPARE(updates.size(), 1);
        const QJsonObject s = updates[0].value(QStringLiteral("session")).toObject();
        QCOMPARE(s.value(QStringLiteral("type")).toString(), QStringLiteral("realtime"));
        QCOMPARE(s.value(QStringLiteral("instructions")).toString(),
                 QStringLiteral("You are Jarvis."));
        QCOMPARE(s.value(QStringLiteral("tools"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("name"))
                     .toString(),
                 QStringLiteral("route_to_supervisor"));
        const QJsonObject audio = s.value(QStringLiteral("audio")).toObject();
        const QJsonObject input = audio.value(QStringLiteral("input")).toObject();
        QCOMPARE(
            input.value(QStringLiteral("format")).toObject().value(QStringLiteral("rate")).toInt(),
            24000);
        QCOMPARE(input.value(QStringLiteral("turn_detection"))
                     .toObject()
                     .value(QStringLiteral("type"))
                     .toString(),
                 QStringLiteral("server_vad"));
        QCOMPARE(input.value(QStringLiteral("turn_detection"))
                     .toObject()
                     .value(QStringLiteral("silence_duration_ms"))
                     .toInt(),
                 300);
        QVERIFY(input.contains(QStringLiteral("transcription")));
        QCOMPARE(audio.value(QStringLiteral("output"))
                     .toObject()
                     .value(QStringLiteral("voice"))
                     .toString(),
                 QStringLiteral("alloy"));
    }

    // Audio goes in (resampled to 24 kHz), the server's voice activity ends the turn, the
    // transcript of both sides and the answer's audio come back as it streams.
    void audioBothWays() {
        RealtimeStandIn server;
        QVERIFY(server.start());
        server.script({QStringLiteral("what time is it"),
                       QStringLiteral("It is ten past two."),
                       500,
                       {},
                       {}});
        RealtimeSession session(configFor(server));
        QSignalSpy started(&session, &RealtimeSession::speechStarted);
        QSignalSpy user(&session, &RealtimeSession::userSaid);
        QSignalSpy audio(&session, &RealtimeSession::audio);
        QSignalSpy assistant(&session, &RealtimeSession::assistantSaid);
        QSignalSpy done(&session, &RealtimeSession::responseDone);
        session.open();
        QVERIFY(waitReady(session));
        talk(session, 600, 400);
        QVERIFY(QTest::qWaitFor([&] { return done.size() == 1; }, 5000));
        QCOMPARE(server.audioMs(), 1000);  // 16 kHz in, 24 kHz out, nothing lost
        QCOMPARE(started.size(), 1);
        QCOMPARE(user.at(0).at(0).toString(), QStringLiteral("what time is it"));
        QCOMPARE(assistant.at(0).at(0).toString(), QStringLiteral("It is ten past two."));
        qint64 samples = 0;
        for (const auto& args : audio) {
            const auto chunk = args.at(0).value<AudioClip>();
            QCOMPARE(chunk.sampleRate, 24000);
            samples += chunk.samples.size();
        }
        QCOMPARE(samples, 24000 / 2);  // the 500 ms, whole
        QCOMPARE(done.at(0).at(0).toBool(), false);
        QVERIFY(!session.responding());
    }

    // The model calls route_to_supervisor: the call reaches the caller with its arguments, and
    // the caller's result goes back as a function_call_output followed by response.create.
    void functionCall() {
        RealtimeStandIn server;
        QVERIFY(server.start());
        server.script(
            {QStringLiteral("check disk usage on cube"),
             {},
             0,
             QStringLiteral("route_to_supervisor"),
             QJsonObject{{QStringLiteral("request"), QStringLiteral("Check disk usage on cube")}}});
        RealtimeSession session(configFor(server));
        QSignalSpy called(&session, &RealtimeSession::toolCalled);
        session.open();
        QVERIFY(waitReady(session));
        talk(session, 400, 400);
        QVERIFY(QTest::qWaitFor([&] { return called.size() == 1; }, 5000));
        const QString callId = called.at(0).at(0).toString();
        QVERIFY(!callId.isEmpty());
        QCOMPARE(called.at(0).at(1).toString(), QStringLiteral("route_to_supervisor"));
        QCOMPARE(called.at(0).at(2).toJsonObject().value(QStringLiteral("request")).toString(),
                 QStringLiteral("Check disk usage on cube"));

        QSignalSpy said(&session, &RealtimeSession::assistantSaid);
        session.finishCall(callId, QStringLiteral("{\"status\":\"handed_over\"}"), true);
        QVERIFY(QTest::qWaitFor([&] { return said.size() == 1; }, 5000));
        const auto outputs = server.received(QStringLiteral("conversation.item.create"));
        QCOMPARE(outputs.size(), 1);
        const QJsonObject item = outputs[0].value(QStringLiteral("item")).toObject();
        QCOMPARE(item.value(QStringLiteral("type")).toString(),
                 QStringLiteral("function_call_output"));
        QCOMPARE(item.value(QStringLiteral("call_id")).toString(), callId);
        QCOMPARE(server.received(QStringLiteral("response.create")).size(), 1);

        // The supervisor's answer, spoken by the model when it comes.
        QSignalSpy answer(&session, &RealtimeSession::assistantSaid);
        session.respond(QStringLiteral("Say: cube's disk is 42% full."));
        QVERIFY(QTest::qWaitFor([&] { return answer.size() == 1; }, 5000));
        QCOMPARE(answer.at(0).at(0).toString(), QStringLiteral("Say: cube's disk is 42% full."));
    }

    // Barge-in: response.cancel stops the answer; no audio of it is given out after the cancel,
    // and the response ends cancelled. A cancel with nothing under way sends nothing.
    void bargeIn() {
        RealtimeStandIn server;
        QVERIFY(server.start());
        server.chunkIntervalMs = 50;
        server.script({QStringLiteral("tell me a long story"),
                       QStringLiteral("Once upon a time"),
                       5000,
                       {},
                       {}});
        RealtimeSession session(configFor(server));
        QSignalSpy audio(&session, &RealtimeSession::audio);
        QSignalSpy done(&session, &RealtimeSession::responseDone);
        QSignalSpy said(&session, &RealtimeSession::assistantSaid);
        session.open();
        QVERIFY(waitReady(session));
        session.cancelResponse();  // nothing under way
        talk(session, 400, 400);
        QVERIFY(QTest::qWaitFor([&] { return audio.size() >= 3; }, 5000));
        QVERIFY(session.responding());
        session.cancelResponse();
        const qsizetype heard = audio.size();
        QVERIFY(QTest::qWaitFor([&] { return done.size() == 1; }, 5000));
        QTest::qWait(150);  // chunks that were on the wire
        QCOMPARE(server.received(QStringLiteral("response.cancel")).size(), 1);
        QCOMPARE(done.at(0).at(0).toBool(), true);
        QVERIFY2(audio.size() <= heard + 1, "no audio of a cancelled answer after the cancel");
        QVERIFY2(audio.size() < 50, "the 5 s answer was cut");
        QCOMPARE(said.size(), 0);
        QVERIFY(!session.responding());
    }

    // A response asked for and cancelled before the server created it is not played either.
    void cancelBeforeTheResponseIsCreated() {
        RealtimeStandIn server;
        QVERIFY(server.start());
        server.chunkIntervalMs = 50;
        RealtimeSession session(configFor(server));
        QSignalSpy audio(&session, &RealtimeSession::audio);
        QSignalSpy done(&session, &RealtimeSession::responseDone);
        QSignalSpy said(&session, &RealtimeSession::assistantSaid);
        session.open();
        QVERIFY(waitReady(session));
        session.respond(QStringLiteral("Tell a long story."));
        QVERIFY(session.responding());
        session.cancelResponse();
        QVERIFY(!session.responding());
        QVERIFY(QTest::qWaitFor([&] { return done.size() == 1; }, 5000));
        QTest::qWait(150);
        QCOMPARE(done.at(0).at(0).toBool(), true);
        QCOMPARE(audio.size(), 0);
        QCOMPARE(said.size(), 0);
    }

    // A dropped connection comes back by itself with the same set-up.
    void reconnects() {
        RealtimeStandIn server;
        QVERIFY(server.start());
        RealtimeSession session(configFor(server));
        QList<RealtimeState> states;
        connect(&session, &RealtimeSession::stateChanged, this,
                [&](RealtimeState s) { states.append(s); });
        session.open();
        QVERIFY(waitReady(session));
        server.drop();
        QVERIFY(QTest::qWaitFor([&] { return server.connections() == 2; }, 5000));
        QVERIFY(waitReady(session));
        QVERIFY(states.contains(RealtimeState::Reconnecting));
        QCOMPARE(states.last(), RealtimeState::Ready);
        QCOMPARE(server.received(QStringLiteral("session.update")).size(), 2);
        // Audio flows again on the new connection.
        server.script({QStringLiteral("are you back"), QStringLiteral("Yes."), 200, {}, {}});
        QSignalSpy said(&session, &RealtimeSession::assistantSaid);
        talk(session, 400, 400);
        QVERIFY(QTest::qWaitFor([&] { return said.size() == 1; }, 5000));
    }

    // Nothing listening: after the configured attempts the session fails with what to do.
    void unreachableFailsWithAMessage() {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
        const quint16 port = probe.serverPort();
        probe.close();
        RealtimeConfig config;
        config.url = QUrl(QStringLiteral("ws://127.0.0.1:%1/v1/realtime").arg(port));
        config.reconnectDelaysMs = {10, 10, 10, 10};
        config.maxReconnects = 2;
        RealtimeSession session(config);
        QSignalSpy problem(&session, &RealtimeSession::problem);
        session.open();
        QVERIFY(QTest::qWaitFor([&] { return session.state() == RealtimeState::Failed; }, 5000));
        QCOMPARE(problem.size(), 1);
        QVERIFY(problem.at(0).at(0).toString().contains(QStringLiteral("Settings › Voice")));
        QVERIFY(problem.at(0).at(0).toString().contains(QString::number(port)));
    }
};

QTEST_GUILESS_MAIN(TestRealtimeSession)
#include "test_realtime_session.moc"
