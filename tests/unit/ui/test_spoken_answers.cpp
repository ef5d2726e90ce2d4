#include "core/clock.h"
#include "core/event_bus.h"
#include "core/settings.h"
#include "fake_conversation.h"
#include "fake_microphone.h"
#include "http_stub.h"
#include "ui/jarvis_controller.h"
#include "ui/spoken_answers.h"
#include "ui/voice_input.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using test::FakeMicrophone;
using test::FakeSpeaker;
using test::HttpStub;

// Jarvis's answers spoken: when the question was spoken (or always, or never, as Settings say),
// one sentence of what it is doing during long work, Markdown made speakable, barge-in, hands-free
// listening paused while it speaks. The real VoiceInput and engines against a loopback speech
// server; a stand-in microphone and speakers.
class TestSpokenAnswers : public QObject {
    Q_OBJECT

    HttpStub m_server;
    QString m_speakAnswers = QStringLiteral("spoken");
    bool m_handsFree = false;
    QString m_transcript = QStringLiteral("check disk usage on cube");
    FakeMicrophone* m_mic = nullptr;
    FakeSpeaker* m_speaker = nullptr;
    bool m_noSpeakers = false;
    QString m_dataDir;  // with Keep recordings on

    Settings settings() const {
        Settings s;
        s.sttEngine = QStringLiteral("server");
        s.ttsEngine = QStringLiteral("server");
        s.speechUrl = m_server.baseUrl() + QStringLiteral("/v1");
        s.speakAnswers = m_speakAnswers;
        s.handsFree = m_handsFree;
        s.hostsFile = QStringLiteral("/nonexistent");
        s.keepRecordings = !m_dataDir.isEmpty();
        s.dataDir = m_dataDir;
        return s;
    }

    std::unique_ptr<VoiceInput> voice() {
        return std::make_unique<VoiceInput>(
            [this] { return settings(); },
            [this]() -> Result<std::unique_ptr<Microphone>> {
                return std::unique_ptr<Microphone>(std::make_unique<FakeMicrophone>(&m_mic));
            },
            nullptr);
    }

    std::unique_ptr<SpokenAnswers> answers(VoiceInput* voice) {
        return std::make_unique<SpokenAnswers>(
            [this] { return settings(); },
            [this]() -> Result<std::unique_ptr<Speaker>> {
                if (m_noSpeakers)
                    return Error{QStringLiteral("no_device"), QStringLiteral("No speakers found.")};
                auto speaker = std::make_unique<FakeSpeaker>();
                m_speaker = speaker.get();
                return std::unique_ptr<Speaker>(std::move(speaker));
            },
            nullptr, voice, nullptr);
    }

    // The words sent to /v1/audio/speech, in order.
    QStringList spokenTexts() const {
        QStringList texts;
        for (const HttpStub::Request& r : m_server.requests()) {
            if (r.path == "/v1/audio/speech")
                texts.append(QJsonDocument::fromJson(r.body)
                                 .object()
                                 .value(QLatin1String("input"))
                                 .toString());
        }
        return texts;
    }

    // Push-to-talk: the user says something; the transcript comes back into the box.
    void ask(VoiceInput& voice) {
        QSignalSpy heard(&voice, &VoiceInput::heard);
        voice.press();
        m_mic->push(FakeMicrophone::voiced(500));
        voice.release();
        QTRY_COMPARE(heard.size(), 1);
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_server.start());
        m_server.handle("POST", "/v1/audio/transcriptions", [this](const HttpStub::Request&) {
            HttpStub::Reply reply;
            reply.body =
                QJsonDocument(QJsonObject{{QStringLiteral("text"), m_transcript}}).toJson();
            return reply;
        });
        m_server.route("POST", "/v1/audio/speech", 200, wavBytes(FakeMicrophone::voiced(300)),
                       "audio/wav");
    }

    void init() {
        m_speaker = nullptr;  // the last test's went with its SpokenAnswers
        m_speakAnswers = QStringLiteral("spoken");
        m_handsFree = false;
        m_noSpeakers = false;
        m_dataDir.clear();
        m_transcript = QStringLiteral("check disk usage on cube");
    }

    // Keep recordings: each utterance's recording waits in <data>/recordings until its words are
    // sent, then moves to the run's folder; one whose words were not sent stays where it is.
    void keptRecordingsMoveToTheRunsFolder() {
        QTemporaryDir data;
        QVERIFY(data.isValid());
        m_dataDir = data.path();
        ManualClock clock;
        EventBus bus(&clock);
        test::FakeConversation backend(&bus);  // the question starts run 7
        JarvisController controller(&bus, &backend, &clock);
        auto input = voice();
        input->setController(&controller);
        const QDir recordings(data.filePath(QStringLiteral("recordings")));
        const QStringList waves{QStringLiteral("*.wav")};
        ask(*input);
        QCOMPARE(recordings.entryList(waves, QDir::Files).size(), 1);
        m_transcript = QStringLiteral("restart nginx on web1");
        ask(*input);  // heard, then not sent
        QCOMPARE(recordings.entryList(waves, QDir::Files).size(), 2);

        QVERIFY(controller.send(QStringLiteral("Check disk usage on cube, please")));
        const QDir run(recordings.filePath(QStringLiteral("run-7")));
        const QStringList filed = run.entryList(waves, QDir::Files);
        QCOMPARE(filed.size(), 1);
        const Result<AudioClip> clip = readWav(run.filePath(filed.first()));
        QVERIFY(clip);
        QVERIFY2(clip->seconds() >= 0.5, qPrintable(QString::number(clip->seconds())));
        QCOMPARE(recordings.entryList(waves, QDir::Files).size(), 1);  // the unsent one stays
        QVERIFY(input->problem().isEmpty());
    }

    void aSpokenQuestionIsAnsweredAloudWithOneSentenceWhileItWorks() {
        auto input = voice();
        auto spoken = answers(input.get());
        ask(*input);
        const qsizetype before = spokenTexts().size();
        spoken->noteQuestion(QStringLiteral("check disk usage on cube please"));  // edited a bit
        spoken->runStarted(7);
        spoken->delegated(7, QStringLiteral("Check disk usage on cube. Use df -h and report."));
        QTRY_VERIFY(m_speaker && m_speaker->playing);
        QVERIFY(spoken->speaking());
        m_speaker->finish();
        QVERIFY(!spoken->speaking());
        spoken->delegated(7, QStringLiteral("Check the inode usage on cube."));  // said once only
        spoken->answered(7, true,
                         QStringLiteral("**Disk** is 42% full on cube.\n\n```\ndf -h\n```\n"));
        QTRY_COMPARE(m_speaker->played.size(), 2);
        QCOMPARE(spokenTexts().mid(before),
                 (QStringList{
                     QStringLiteral("Check disk usage on cube. This takes a moment."),
                     QStringLiteral("Disk is 42% full on cube. I put the command in the chat.")}));
        // The next answer of the same run is not its business any more.
        spoken->answered(7, true, QStringLiteral("again"));
        QTest::qWait(50);
        QCOMPARE(m_speaker->played.size(), 2);
    }

    void aTypedQuestionIsAnsweredInWritingUnlessAlways() {
        auto input = voice();
        auto spoken = answers(input.get());
        const qsizetype before = spokenTexts().size();
        spoken->noteQuestion(QStringLiteral("what is the load on db2"));
        spoken->runStarted(8);
        spoken->answered(8, true, QStringLiteral("Low."));
        QTest::qWait(50);
        QCOMPARE(spokenTexts().size(), before);
        QVERIFY(!spoken->speaking());

        m_speakAnswers = QStringLiteral("always");
        spoken->noteQuestion(QStringLiteral("what is the load on db2"));
        spoken->runStarted(9);
        spoken->answered(9, false, QStringLiteral("The model could not be reached."));
        QTRY_COMPARE(spokenTexts().size(), before + 1);  // a failure is said too
        QCOMPARE(spokenTexts().last(), QStringLiteral("The model could not be reached."));

        // Never: not even a spoken question.
        m_speakAnswers = QStringLiteral("never");
        ask(*input);
        spoken->noteQuestion(m_transcript);
        spoken->runStarted(10);
        spoken->answered(10, true, QStringLiteral("Fine."));
        QTest::qWait(50);
        QCOMPARE(spokenTexts().size(), before + 1);
    }

    void theMicrophoneInterruptsAndHandsFreeDoesNotHearJarvis() {
        auto input = voice();
        auto spoken = answers(input.get());
        spoken->say(QStringLiteral("A long answer."));
        QTRY_VERIFY(m_speaker && m_speaker->playing);
        input->press();  // barge-in
        QVERIFY(!m_speaker->playing);
        QCOMPARE(m_speaker->stopped, 1);
        QVERIFY(!spoken->speaking());
        input->stop();

        m_handsFree = true;
        QSignalSpy heard(input.get(), &VoiceInput::heard);
        input->press();  // hands-free on
        QVERIFY(input->handsFree());
        spoken->say(QStringLiteral("Disk is fine."));
        QTRY_VERIFY(m_speaker->playing);
        // The microphone hears Jarvis: dropped while it speaks.
        m_mic->silence(300);
        m_mic->push(FakeMicrophone::voiced(600));
        m_mic->silence(900);
        QTest::qWait(100);
        QVERIFY(heard.isEmpty());
        m_speaker->finish();
        // Listening again: the user's next question is heard.
        m_mic->silence(300);
        m_mic->push(FakeMicrophone::voiced(600));
        m_mic->silence(900);
        QTRY_COMPARE(heard.size(), 1);
        input->stop();
    }

    void escapeStopsSpeechAndProblemsAreSaid() {
        auto input = voice();
        auto spoken = answers(input.get());
        QVERIFY(!spoken->stop());  // nothing to stop: Esc goes on to the request
        spoken->say(QStringLiteral("Hello."));
        QVERIFY(spoken->speaking());  // from the moment the words are on their way
        QVERIFY(spoken->stop());
        QVERIFY(!spoken->speaking());
        QTest::qWait(100);    // the synthesis that was under way is dropped, not played
        QVERIFY(!m_speaker);  // no speakers were even opened

        m_noSpeakers = true;
        auto mute = answers(input.get());
        QSignalSpy problem(mute.get(), &SpokenAnswers::problemChanged);
        mute->say(QStringLiteral("Hello."));
        QTRY_COMPARE(problem.size(), 1);
        QCOMPARE(mute->problem(), QStringLiteral("No speakers found."));
        QVERIFY(!mute->speaking());
    }
};

QTEST_GUILESS_MAIN(TestSpokenAnswers)
#include "test_spoken_answers.moc"
