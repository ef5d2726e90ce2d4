#include "core/clock.h"
#include "core/event_bus.h"
#include "core/settings.h"
#include "fake_conversation.h"
#include "fake_microphone.h"
#include "realtime_stand_in.h"
#include "ui/chat_model.h"
#include "ui/jarvis_controller.h"
#include "ui/realtime_conversation.h"
#include "ui/voice_input.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

using namespace zerg;
using test::FakeConversation;
using test::FakeMicrophone;
using test::FakeSpeaker;
using test::RealtimeStandIn;

// Voice to voice through the composer's microphone: VoiceInput and RealtimeConversation with the
// real JarvisController, against the loopback Realtime stand-in, a stand-in microphone and
// speakers.
class TestRealtimeConversation : public QObject {
    Q_OBJECT

    std::unique_ptr<RealtimeStandIn> m_server;
    ManualClock m_clock;
    std::unique_ptr<EventBus> m_bus;
    std::unique_ptr<FakeConversation> m_backend;
    std::unique_ptr<JarvisController> m_controller;
    std::unique_ptr<RealtimeConversation> m_conversation;
    std::unique_ptr<VoiceInput> m_voice;
    FakeMicrophone* m_mic = nullptr;
    FakeSpeaker* m_speaker = nullptr;
    QString m_speechUrl;

    Settings settings() const {
        Settings s;
        s.voiceMode = QStringLiteral("realtime");
        s.speechUrl = m_speechUrl;
        s.speechApiKey = QStringLiteral("sk-speech");
        s.silenceMs = 300;
        s.inputDevice = QStringLiteral("alsa_input.usb");
        s.hostsFile = QStringLiteral("/nonexistent");
        return s;
    }

    // The user speaks for `ms`, then is quiet long enough for the server to end the turn.
    void speak(int ms) {
        QVERIFY(m_mic);
        m_mic->push(FakeMicrophone::voiced(ms));
        m_mic->silence(600);
    }

    QList<std::pair<QString, QString>> chatRows() const {
        QList<std::pair<QString, QString>> rows;
        ChatModel* chat = m_controller->chat();
        for (int i = 0; i < chat->rowCount(); ++i) {
            const QModelIndex idx = chat->index(i);
            rows.append({chat->data(idx, ChatModel::RoleRole).toString(),
                         chat->data(idx, ChatModel::TextRole).toString()});
        }
        return rows;
    }

    bool waitState(const QString& state) {
        return QTest::qWaitFor([&] { return m_voice->state() == state; }, 5000);
    }

private Q_SLOTS:
    void init() {
        m_server = std::make_unique<RealtimeStandIn>();
        QVERIFY(m_server->start());
        m_speechUrl = m_server->baseUrl();
        m_bus = std::make_unique<EventBus>(&m_clock);
        m_backend = std::make_unique<FakeConversation>(m_bus.get());
        m_controller = std::make_unique<JarvisController>(m_bus.get(), m_backend.get(), &m_clock);
        m_speaker = nullptr;
        m_conversation = std::make_unique<RealtimeConversation>(
            [this] { return settings(); },
            [this]() -> Result<std::unique_ptr<Microphone>> {
                return std::unique_ptr<Microphone>(std::make_unique<FakeMicrophone>(&m_mic));
            },
            [this]() -> Result<std::unique_ptr<Speaker>> {
                return std::unique_ptr<Speaker>(std::make_unique<FakeSpeaker>(&m_speaker));
            },
            m_controller.get());
        m_voice = std::make_unique<VoiceInput>([this] { return settings(); }, nullptr, nullptr);
        m_voice->setConversation(m_conversation.get());
    }

    void cleanup() {
        m_voice.reset();
        m_conversation.reset();
        m_controller.reset();
        m_backend.reset();
        m_bus.reset();
        m_server.reset();
        QVERIFY(!m_mic);
    }

    // A quick question answered voice to voice: the microphone streams while the indicator is
    // on, the answer plays as it arrives, both sides' words go into the chat, and the microphone
    // is not sent while Jarvis speaks (it would hear Jarvis).
    void quickAnswerVoiceToVoice() {
        m_server->script({QStringLiteral("what time is it"),
                          QStringLiteral("It is ten past two."),
                          500,
                          {},
                          {}});
        QStringList partials;  // the words so far, as the composer shows them
        connect(m_voice.get(), &VoiceInput::partialChanged, this,
                [&] { partials.append(m_voice->partial()); });
        m_voice->press();
        QVERIFY(m_voice->isOpen());
        QVERIFY(m_voice->handsFree());
        QCOMPARE(m_voice->where(),
                 QStringLiteral("server 127.0.0.1:%1 (Realtime)").arg(m_server->port()));
        QVERIFY(waitState(QStringLiteral("listening")));
        QCOMPARE(m_server->authorization(), QByteArray("Bearer sk-speech"));
        QVERIFY(m_mic && m_mic->open);
        QCOMPARE(m_mic->device, QStringLiteral("alsa_input.usb"));  // Settings › Voice › Microphone
        speak(500);
        QVERIFY(
            QTest::qWaitFor([&] { return m_speaker && m_speaker->streamed.size() == 5; }, 5000));
        QCOMPARE(m_voice->state(), QStringLiteral("speaking"));
        QVERIFY(m_voice->level() == 0 || m_voice->level() > 0);
        const qint64 heard = m_server->audioMs();
        m_mic->push(FakeMicrophone::voiced(300));
        QCOMPARE(m_server->audioMs(), heard);  // not sent while Jarvis speaks
        QVERIFY(QTest::qWaitFor([&] { return chatRows().size() == 2; }, 5000));
        QCOMPARE(chatRows().at(0),
                 std::make_pair(QStringLiteral("user"), QStringLiteral("what time is it")));
        QCOMPARE(partials, (QStringList{QStringLiteral("what"), QStringLiteral("what time"),
                                        QStringLiteral("what time is"),
                                        QStringLiteral("what time is it"), QString()}));
        QCOMPARE(chatRows().at(1), std::make_pair(QStringLiteral("assistant"),
                                                  QStringLiteral("It is ten past two.")));
        QCOMPARE(m_controller->chat()
                     ->data(m_controller->chat()->index(1), ChatModel::PathRole)
                     .toString(),
                 QStringLiteral("realtime"));
        m_speaker->finish();  // played to its end
        QCOMPARE(m_voice->state(), QStringLiteral("listening"));
        QVERIFY(m_backend->asks.isEmpty());  // answered by the voice model, no run
        // ...and stored in the thread as a quick turn.
        QVERIFY(QTest::qWaitFor([&] { return m_backend->recorded.size() == 1; }, 5000));
        QCOMPARE(m_backend->recorded.at(0).said, QStringLiteral("what time is it"));
        QCOMPARE(m_backend->recorded.at(0).answered, QStringLiteral("It is ten past two."));
        QVERIFY(!m_backend->recorded.at(0).interrupted);
        m_voice->press();  // ends the conversation
        QVERIFY(!m_voice->isOpen());
        QCOMPARE(m_voice->state(), QStringLiteral("off"));
        QVERIFY(!m_mic);  // the microphone is closed
    }

    // route_to_supervisor hands the request to the supervisor as a typed question would; the
    // model says what is being done, and the supervisor's answer is given to it to say (as
    // speakable words).
    void routesToTheSupervisorAndSpeaksItsAnswer() {
        m_server->script(
            {QStringLiteral("check disk usage on cube"),
             {},
             0,
             QStringLiteral("route_to_supervisor"),
             QJsonObject{{QStringLiteral("request"), QStringLiteral("Check disk usage on cube")}}});
        m_voice->press();
        QVERIFY(waitState(QStringLiteral("listening")));
        speak(500);
        QVERIFY(QTest::qWaitFor([&] { return m_backend->asks.size() == 1; }, 5000));
        QCOMPARE(m_backend->asks.at(0), QStringLiteral("Check disk usage on cube"));
        QVERIFY(m_controller->busy());
        QVERIFY(QTest::qWaitFor(
            [&] {
                return m_server->received(QStringLiteral("conversation.item.create")).size() == 1;
            },
            5000));
        const QJsonObject item = m_server->received(QStringLiteral("conversation.item.create"))
                                     .at(0)
                                     .value(QStringLiteral("item"))
                                     .toObject();
        QCOMPARE(QJsonDocument::fromJson(item.value(QStringLiteral("output")).toString().toUtf8())
                     .object()
                     .value(QStringLiteral("status"))
                     .toString(),
                 QStringLiteral("handed_to_supervisor"));
        QCOMPARE(m_server->received(QStringLiteral("response.create")).size(), 1);

        m_backend->answer(7, QStringLiteral("The disk on **cube** is `42%` full."));
        QVERIFY(QTest::qWaitFor(
            [&] { return m_server->received(QStringLiteral("response.create")).size() == 2; },
            5000));
        const QString instructions = m_server->received(QStringLiteral("response.create"))
                                         .at(1)
                                         .value(QStringLiteral("response"))
                                         .toObject()
                                         .value(QStringLiteral("instructions"))
                                         .toString();
        QVERIFY2(instructions.contains(QStringLiteral("The disk on cube is 42% full.")),
                 qPrintable(instructions));
        // The chat: the spoken words, the request as a typed turn with its answer, and what the
        // voice model said.
        QVERIFY(QTest::qWaitFor(
            [&] {
                const auto rows = chatRows();
                return rows.contains({QStringLiteral("assistant"), instructions});
            },
            5000));
        const auto rows = chatRows();
        QVERIFY(
            rows.contains({QStringLiteral("user"), QStringLiteral("check disk usage on cube")}));
        QVERIFY(
            rows.contains({QStringLiteral("user"), QStringLiteral("Check disk usage on cube")}));
        // The supervisor's run holds the request and its answer: the spoken words that led to it
        // and the voice's retelling are not stored a second time, not even when it ends.
        QVERIFY(QTest::qWaitFor([&] { return m_speaker && !m_speaker->streamed.isEmpty(); }, 5000));
        m_speaker->finish();
        m_voice->stop();
        QCOMPARE(m_backend->recorded.size(), 0);
    }

    // A second request while the first is still with the supervisor is refused with the reason,
    // so the model can say so; nothing is started twice.
    void aSecondRequestWhileBusyIsRefused() {
        const QJsonObject args{
            {QStringLiteral("request"), QStringLiteral("Restart nginx on web1")}};
        m_server->script({QStringLiteral("restart nginx on web1"),
                          {},
                          0,
                          QStringLiteral("route_to_supervisor"),
                          args});
        m_server->script({QStringLiteral("restart nginx on web1 again"),
                          {},
                          0,
                          QStringLiteral("route_to_supervisor"),
                          args});
        m_voice->press();
        QVERIFY(waitState(QStringLiteral("listening")));
        speak(400);
        QVERIFY(QTest::qWaitFor([&] { return m_backend->asks.size() == 1; }, 5000));
        QVERIFY(QTest::qWaitFor([&] { return m_speaker && !m_speaker->streamed.isEmpty(); }, 5000));
        m_speaker->finish();
        speak(400);
        QVERIFY(QTest::qWaitFor(
            [&] {
                return m_server->received(QStringLiteral("conversation.item.create")).size() == 2;
            },
            5000));
        const QJsonObject second =
            QJsonDocument::fromJson(m_server->received(QStringLiteral("conversation.item.create"))
                                        .at(1)
                                        .value(QStringLiteral("item"))
                                        .toObject()
                                        .value(QStringLiteral("output"))
                                        .toString()
                                        .toUtf8())
                .object();
        QCOMPARE(second.value(QStringLiteral("status")).toString(), QStringLiteral("refused"));
        QVERIFY(!second.value(QStringLiteral("reason")).toString().isEmpty());
        QCOMPARE(m_backend->asks.size(), 1);
    }

    // Barge-in: the microphone button (or Escape) while Jarvis speaks stops the answer
    // (response.cancel, the speakers stop) and keeps the conversation; Escape with nothing to
    // stop says so (the composer then stops the request).
    void bargeInByButtonAndEscape() {
        m_server->chunkIntervalMs = 50;
        m_server->script(
            {QStringLiteral("tell me a story"), QStringLiteral("Once upon a time"), 5000, {}, {}});
        m_voice->press();
        QVERIFY(waitState(QStringLiteral("listening")));
        QVERIFY(!m_voice->interrupt());
        speak(400);
        QVERIFY(
            QTest::qWaitFor([&] { return m_speaker && m_speaker->streamed.size() >= 2; }, 5000));
        QVERIFY(m_speaker->playing);
        m_voice->press();  // barge-in
        QCOMPARE(m_speaker->stopped, 1);
        QVERIFY(m_voice->isOpen());
        QCOMPARE(m_voice->state(), QStringLiteral("listening"));
        QVERIFY(QTest::qWaitFor(
            [&] { return m_server->received(QStringLiteral("response.cancel")).size() == 1; },
            5000));
        const qsizetype chunks = m_speaker->streamed.size();
        QTest::qWait(200);
        QVERIFY2(m_speaker->streamed.size() <= chunks + 1, "the cancelled answer stopped coming");

        // Escape, on the next answer.
        m_server->script(
            {QStringLiteral("and then"), QStringLiteral("They lived happily"), 5000, {}, {}});
        speak(400);
        const qsizetype before = m_speaker->streamed.size();
        QVERIFY(QTest::qWaitFor([&] { return m_speaker->streamed.size() >= before + 2; }, 5000));
        QVERIFY(m_voice->interrupt());
        QCOMPARE(m_speaker->stopped, 2);
        QVERIFY(QTest::qWaitFor(
            [&] { return m_server->received(QStringLiteral("response.cancel")).size() == 2; },
            5000));
        // Both exchanges are stored as interrupted.
        QVERIFY(QTest::qWaitFor([&] { return m_backend->recorded.size() == 2; }, 5000));
        QCOMPARE(m_backend->recorded.at(0).said, QStringLiteral("tell me a story"));
        QVERIFY(m_backend->recorded.at(0).interrupted);
        QCOMPARE(m_backend->recorded.at(1).said, QStringLiteral("and then"));
        QVERIFY(m_backend->recorded.at(1).interrupted);
    }

    // The user's words may be transcribed after the answer is over: the exchange waits for them
    // and is stored whole. One still waiting when the conversation ends is stored as it is.
    void aLateTranscriptStillPairsWithItsAnswer() {
        m_server->transcriptAfterResponse = true;
        m_server->script({QStringLiteral("hello jarvis"), QStringLiteral("Hello."), 200, {}, {}});
        m_voice->press();
        QVERIFY(waitState(QStringLiteral("listening")));
        speak(400);
        // Stored once the transcript came, after the answer (all of whose audio came before).
        QVERIFY(QTest::qWaitFor([&] { return m_backend->recorded.size() == 1; }, 5000));
        QVERIFY(m_speaker);
        m_speaker->finish();  // played to its end: the microphone is sent again
        QCOMPARE(m_backend->recorded.at(0).said, QStringLiteral("hello jarvis"));
        QCOMPARE(m_backend->recorded.at(0).answered, QStringLiteral("Hello."));

        // The conversation ends while the next answer plays: what was said is stored, as
        // interrupted.
        m_server->transcriptAfterResponse = false;
        m_server->chunkIntervalMs = 50;
        m_server->script(
            {QStringLiteral("one more thing"), QStringLiteral("Sure, go ahead."), 5000, {}, {}});
        const qsizetype played = m_speaker->streamed.size();
        speak(400);
        QVERIFY(QTest::qWaitFor([&] { return m_speaker->streamed.size() > played + 1; }, 5000));
        m_voice->stop();
        QCOMPARE(m_backend->recorded.size(), 2);
        QCOMPARE(m_backend->recorded.at(1).said, QStringLiteral("one more thing"));
        QVERIFY(m_backend->recorded.at(1).interrupted);
    }

    // A store that refuses the exchange: the chat says that it was not saved, and why.
    void anExchangeNotSavedIsSaid() {
        m_backend->refuse = QStringLiteral("disk full");
        m_server->script({QStringLiteral("hello"), QStringLiteral("Hi."), 200, {}, {}});
        m_voice->press();
        QVERIFY(waitState(QStringLiteral("listening")));
        speak(400);
        QVERIFY(QTest::qWaitFor(
            [&] { return m_controller->lastError().contains(QStringLiteral("disk full")); }, 5000));
        QVERIFY2(m_controller->lastError().contains(QStringLiteral("not saved")),
                 qPrintable(m_controller->lastError()));
    }

    // Without a server to talk to, the microphone says what to set and stays closed.
    void noServerIsSaid() {
        m_speechUrl = QStringLiteral("ftp://example.org/v1");
        m_voice->press();
        QVERIFY(!m_voice->isOpen());
        QVERIFY2(m_voice->problem().contains(QStringLiteral("Settings › Voice")),
                 qPrintable(m_voice->problem()));
        QVERIFY(!m_mic);
    }

    // The microphone goes away mid-conversation: the conversation ends and says why.
    void unpluggedMicrophoneEndsTheConversation() {
        m_voice->press();
        QVERIFY(waitState(QStringLiteral("listening")));
        QVERIFY(m_mic);
        m_mic->unplug();
        QVERIFY(QTest::qWaitFor([&] { return !m_voice->isOpen(); }, 5000));
        QCOMPARE(m_voice->problem(), QStringLiteral("unplugged"));
    }
};

QTEST_GUILESS_MAIN(TestRealtimeConversation)
#include "test_realtime_conversation.moc"
