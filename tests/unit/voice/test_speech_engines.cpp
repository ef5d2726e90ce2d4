#include "core/settings.h"
#include "http_stub.h"
#include "voice/espeak_synthesizer.h"
#include "voice/speech_engines.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QTcpServer>
#include <QTest>
#include <QThread>

#include <optional>

using namespace zerg;
using test::HttpStub;

namespace {

// One part of a multipart/form-data body.
struct Part {
    QHash<QByteArray, QByteArray> headers;  // lower-case names
    QByteArray body;
};

// The parts of a multipart/form-data body by their form name, read as a server would: the
// boundary from the Content-Type, CRLF-separated headers, the body up to the next boundary.
QHash<QByteArray, Part> formParts(const HttpStub::Request& request) {
    QHash<QByteArray, Part> parts;
    const QByteArray type = request.headers.value("content-type");
    const int at = type.indexOf("boundary=");
    if (!type.startsWith("multipart/form-data") || at < 0)
        return parts;
    QByteArray boundary = type.mid(at + 9);
    if (boundary.startsWith('"'))
        boundary = boundary.mid(1, boundary.size() - 2);
    const QByteArray delimiter = "--" + boundary;
    qsizetype pos = request.body.indexOf(delimiter);
    while (pos >= 0) {
        pos += delimiter.size();
        if (request.body.mid(pos, 2) == "--")
            break;
        pos += 2;  // CRLF after the boundary
        const qsizetype headersEnd = request.body.indexOf("\r\n\r\n", pos);
        const qsizetype next = request.body.indexOf("\r\n" + delimiter, headersEnd);
        if (headersEnd < 0 || next < 0)
            break;
        Part part;
        for (const QByteArray& line : request.body.mid(pos, headersEnd - pos).split('\n')) {
            const int colon = line.indexOf(':');
            if (colon > 0)
                part.headers.insert(line.left(colon).trimmed().toLower(),
                                    line.mid(colon + 1).trimmed());
        }
        part.body = request.body.mid(headersEnd + 4, next - headersEnd - 4);
        const QByteArray disposition = part.headers.value("content-disposition");
        const int name = disposition.indexOf("name=\"");
        if (name >= 0) {
            const int start = name + 6;
            parts.insert(disposition.mid(start, disposition.indexOf('"', start) - start), part);
        }
        pos = next + 2;
    }
    return parts;
}

AudioClip tone(int sampleRate, int count) {
    AudioClip clip;
    clip.sampleRate = sampleRate;
    for (int i = 0; i < count; ++i)
        clip.samples.append(qint16((i % 40 - 20) * 500));
    return clip;
}

}  // namespace

// The speech engines behind their one interface: the OpenAI-compatible server (against a
// loopback stand-in that reads the multipart request as a server does), the local engines run
// off the caller's thread, and the errors a user can meet.
class TestSpeechEngines : public QObject {
    Q_OBJECT

    QNetworkAccessManager m_nam;

    static Settings serverSettings(const HttpStub& stub) {
        Settings s;
        s.sttEngine = QStringLiteral("server");
        s.ttsEngine = QStringLiteral("server");
        s.speechUrl = stub.baseUrl() + QStringLiteral("/v1");
        s.speechApiKey = QStringLiteral("sk-speech");
        return s;
    }

    Result<QString> transcribe(SpeechToText& engine, const AudioClip& clip) {
        std::optional<Result<QString>> heard;
        engine.transcribe(clip, [&](Result<QString> text) { heard = std::move(text); });
        if (!QTest::qWaitFor([&] { return heard.has_value(); }, 60000))
            return Error{QStringLiteral("test"), QStringLiteral("no answer within a minute")};
        return *heard;
    }

    Result<AudioClip> synthesize(TextToSpeech& engine, const QString& text) {
        std::optional<Result<AudioClip>> spoken;
        engine.synthesize(text, [&](Result<AudioClip> clip) { spoken = std::move(clip); });
        if (!QTest::qWaitFor([&] { return spoken.has_value(); }, 60000))
            return Error{QStringLiteral("test"), QStringLiteral("no answer within a minute")};
        return *spoken;
    }

private Q_SLOTS:
    void theSettingsChoicesAreTheEnginesWords() {
        QCOMPARE(Settings::field(QStringLiteral("voice/stt_engine"))->choices,
                 statusNames<ListenEngine>());
        QCOMPARE(Settings::field(QStringLiteral("voice/tts_engine"))->choices,
                 statusNames<SpeakEngine>());
        QCOMPARE(Settings::field(QStringLiteral("voice/speak_answers"))->choices,
                 statusNames<SpeakAnswers>());
        QCOMPARE(parseStatus<ListenEngine>(Settings().sttEngine), ListenEngine::Pocketsphinx);
        QCOMPARE(parseStatus<SpeakEngine>(Settings().ttsEngine), SpeakEngine::Espeak);
    }

    void aClipIsSentAsAMultipartWaveFileAndTheTextComesBack() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("POST", "/v1/audio/transcriptions", 200,
                   R"({"text": " Check disk usage on cube. "})");
        auto engine = makeSpeechToText(ListenEngine::Server, serverSettings(stub),
                                       {QStringLiteral("cube"), QStringLiteral("web1")}, &m_nam);
        QVERIFY(engine);
        QVERIFY(engine.value()->where().contains(QString::number(stub.port())));

        const AudioClip clip = tone(22050, 22050);  // one second at espeak-ng's rate
        const Result<QString> text = transcribe(*engine.value(), clip);
        QVERIFY2(text, qPrintable(text ? QString() : text.error().message));
        QCOMPARE(text.value(), QStringLiteral("Check disk usage on cube."));

        QCOMPARE(stub.requests().size(), 1);
        const HttpStub::Request& request = stub.requests().first();
        QCOMPARE(request.headers.value("authorization"), QByteArray("Bearer sk-speech"));
        const QHash<QByteArray, Part> parts = formParts(request);
        QCOMPARE(parts.value("model").body, QByteArray("whisper-1"));
        QCOMPARE(parts.value("response_format").body, QByteArray("json"));
        const QByteArray prompt = parts.value("prompt").body;
        QVERIFY2(prompt.contains("cube") && prompt.contains("web1"), prompt.constData());
        const Part file = parts.value("file");
        QCOMPARE(file.headers.value("content-type"), QByteArray("audio/wav"));
        QVERIFY(file.headers.value("content-disposition").contains("filename=\"speech.wav\""));
        const Result<AudioClip> sent = parseWav(file.body);
        QVERIFY2(sent, qPrintable(sent ? QString() : sent.error().message));
        QCOMPARE(sent->sampleRate, 16000);  // what recognizers take
        QCOMPARE(sent->samples.size(), resampled(clip, 16000).samples.size());
    }

    void aPlainTextAnswerIsTakenAtItsWord() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("POST", "/v1/audio/transcriptions", 200, "restart nginx on web1\n",
                   "text/plain; charset=utf-8");
        auto engine = makeSpeechToText(ListenEngine::Server, serverSettings(stub), {}, &m_nam);
        const Result<QString> text = transcribe(*engine.value(), tone(16000, 1600));
        QVERIFY(text);
        QCOMPARE(text.value(), QStringLiteral("restart nginx on web1"));
        QVERIFY(!formParts(stub.requests().first()).contains("prompt"));  // no hosts: no prompt
    }

    void textIsSpokenAsAWaveFileFromTheServer() {
        HttpStub stub;
        QVERIFY(stub.start());
        const AudioClip answer = tone(24000, 12000);
        stub.route("POST", "/v1/audio/speech", 200, wavBytes(answer), "audio/wav");
        Settings settings = serverSettings(stub);
        settings.ttsVoice = QStringLiteral("nova");
        auto engine = makeTextToSpeech(SpeakEngine::Server, settings, &m_nam);
        QVERIFY(engine);
        const Result<AudioClip> clip = synthesize(*engine.value(), QStringLiteral("Disk is fine."));
        QVERIFY2(clip, qPrintable(clip ? QString() : clip.error().message));
        QCOMPARE(clip->sampleRate, 24000);
        QCOMPARE(clip->samples, answer.samples);

        const HttpStub::Request& request = stub.requests().first();
        QCOMPARE(request.headers.value("content-type"), QByteArray("application/json"));
        const QJsonObject body = QJsonDocument::fromJson(request.body).object();
        QCOMPARE(body.value(QLatin1String("model")).toString(), QStringLiteral("tts-1"));
        QCOMPARE(body.value(QLatin1String("input")).toString(), QStringLiteral("Disk is fine."));
        QCOMPARE(body.value(QLatin1String("voice")).toString(), QStringLiteral("nova"));
        QCOMPARE(body.value(QLatin1String("response_format")).toString(), QStringLiteral("wav"));
    }

    void anAnswerThatIsNotAWaveFileIsSaidSo() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("POST", "/v1/audio/speech", 200, "ID3\x04\0\0\0\0\0\0", "audio/mpeg");
        auto engine = makeTextToSpeech(SpeakEngine::Server, serverSettings(stub), &m_nam);
        const Result<AudioClip> clip = synthesize(*engine.value(), QStringLiteral("hello"));
        QVERIFY(!clip);
        QVERIFY2(clip.error().message.contains(QLatin1String("audio/mpeg")) &&
                     clip.error().message.contains(QLatin1String("not a WAVE file")),
                 qPrintable(clip.error().message));
    }

    void theProvidersUrlAndKeyServeWhenTheSpeechServerHasNone() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("POST", "/v1/audio/transcriptions", 200, R"({"text": "ok"})");
        Settings settings;
        settings.llmBaseUrl = stub.baseUrl() + QStringLiteral("/v1");
        settings.llmApiKey = QStringLiteral("sk-provider");
        auto engine = makeSpeechToText(ListenEngine::Server, settings, {}, &m_nam);
        QVERIFY(engine);
        QVERIFY(transcribe(*engine.value(), tone(16000, 1600)));
        QCOMPARE(stub.requests().first().headers.value("authorization"),
                 QByteArray("Bearer sk-provider"));

        // A speech server of its own never gets the provider's key.
        settings.speechUrl = stub.baseUrl() + QStringLiteral("/v1");
        auto other = makeSpeechToText(ListenEngine::Server, settings, {}, &m_nam);
        QVERIFY(transcribe(*other.value(), tone(16000, 1600)));
        QCOMPARE(stub.requests().size(), 2);
        QVERIFY(!stub.requests().last().headers.contains("authorization"));
    }

    void errorsSayWhatToDo() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route(
            "POST", "/v1/audio/transcriptions", 401,
            R"({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error"}})");
        auto engine = makeSpeechToText(ListenEngine::Server, serverSettings(stub), {}, &m_nam);
        Result<QString> text = transcribe(*engine.value(), tone(16000, 1600));
        QVERIFY(!text);
        QCOMPARE(text.error().code, QStringLiteral("auth"));
        QVERIFY2(text.error().message.contains(QLatin1String("Incorrect API key provided")) &&
                     text.error().message.contains(QLatin1String("ZERG_SPEECH_API_KEY")),
                 qPrintable(text.error().message));

        // A server without the endpoint (a chat-only server, or a URL without /v1).
        Settings settings = serverSettings(stub);
        settings.speechUrl = stub.baseUrl();
        auto noV1 = makeSpeechToText(ListenEngine::Server, settings, {}, &m_nam);
        text = transcribe(*noV1.value(), tone(16000, 1600));
        QVERIFY(!text);
        QVERIFY2(text.error().message.contains(QLatin1String("404")) &&
                     text.error().message.contains(QLatin1String("/v1")),
                 qPrintable(text.error().message));

        // Nothing listening.
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost));
        const quint16 port = closed.serverPort();
        closed.close();
        settings.speechUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(port);
        auto gone = makeSpeechToText(ListenEngine::Server, settings, {}, &m_nam);
        text = transcribe(*gone.value(), tone(16000, 1600));
        QVERIFY(!text);
        QVERIFY2(
            text.error().message.startsWith(QLatin1String("Could not reach the speech server")),
            qPrintable(text.error().message));

        // No server at all.
        const auto none = makeSpeechToText(ListenEngine::Server, Settings{}, {}, &m_nam);
        QVERIFY(!none);
        QCOMPARE(none.error().code, QStringLiteral("not_configured"));
        QVERIFY(none.error().message.contains(QLatin1String("ZERG_SPEECH_URL")));
        QVERIFY(!makeTextToSpeech(SpeakEngine::Server, Settings{}, &m_nam));
    }

    void theLocalEnginesWorkOffTheCallersThreadAndAnswerOnIt() {
        auto speaker = makeTextToSpeech(SpeakEngine::Espeak, Settings{}, &m_nam);
        QVERIFY(speaker);
        std::optional<Result<AudioClip>> spoken;
        QThread* answeredOn = nullptr;
        speaker.value()->synthesize(QStringLiteral("restart nginx on web1"),
                                    [&](Result<AudioClip> clip) {
                                        answeredOn = QThread::currentThread();
                                        spoken = std::move(clip);
                                    });
        QVERIFY(!spoken);  // not done in the call: the window does not freeze
        QTRY_VERIFY_WITH_TIMEOUT(spoken.has_value(), 60000);
        QCOMPARE(answeredOn, QThread::currentThread());
        if (!*spoken && spoken->error().code == QLatin1String("unavailable"))
            QFAIL(qPrintable(spoken->error().message + QStringLiteral(" (run scripts/setup)")));
        QVERIFY(*spoken);
        QVERIFY(spoken->value().seconds() > 0.5);

        auto listener = makeSpeechToText(ListenEngine::Pocketsphinx, Settings{},
                                         {QStringLiteral("web1")}, &m_nam);
        QVERIFY(listener);
        QCOMPARE(listener.value()->where(), QStringLiteral("on this computer"));
        const Result<QString> heard = transcribe(*listener.value(), spoken->value());
        QVERIFY2(heard, qPrintable(heard ? QString() : heard.error().message));
        QVERIFY2(!heard->isEmpty(), "pocketsphinx heard nothing in espeak-ng's speech");

        // An engine dropped while it works calls nobody back.
        bool called = false;
        listener.value()->transcribe(spoken->value(), [&](Result<QString>) { called = true; });
        listener = Error{};
        QTest::qWait(3000);
        QVERIFY(!called);
    }

    // Live recognition (the composer's words so far): they come while the audio is fed, and
    // finish() gives the whole utterance's, even after the stream is gone. A stream dropped
    // without finish() ends its utterance, so the next transcription is not kept waiting. The
    // server engine takes whole utterances only.
    void theLocalEngineRecognizesLive() {
        const auto spoken =
            EspeakSynthesizer::synthesize(QStringLiteral("check disk usage on cube"));
        if (!spoken && spoken.error().code == QLatin1String("unavailable"))
            QFAIL(qPrintable(spoken.error().message + QStringLiteral(" (run scripts/setup)")));
        QVERIFY(spoken);
        const AudioClip clip = resampled(spoken.value(), 16000);
        auto listener = makeSpeechToText(ListenEngine::Pocketsphinx, Settings{},
                                         {QStringLiteral("cube")}, &m_nam);
        QVERIFY(listener);
        QStringList partials;
        auto stream =
            listener.value()->listen([&](const QString& words) { partials.append(words); });
        QVERIFY(stream);
        const auto piece = [&](qsizetype at, qsizetype length) {
            AudioClip p;
            p.sampleRate = 16000;
            p.samples = clip.samples.mid(at, length);
            return p;
        };
        for (qsizetype at = 0; at < clip.samples.size(); at += 1600) {
            stream->feed(piece(at, 1600));  // 100 ms, as a microphone gives them
            QTest::qWait(5);
        }
        QTRY_VERIFY_WITH_TIMEOUT(!partials.isEmpty() && !partials.last().isEmpty(), 30000);
        std::optional<Result<QString>> whole;
        stream->finish([&](Result<QString> words) { whole = std::move(words); });
        stream.reset();
        QTRY_VERIFY_WITH_TIMEOUT(whole.has_value(), 30000);
        QVERIFY2(*whole, qPrintable(*whole ? QString() : whole->error().message));
        qInfo("live: %s; partial words: %s", qPrintable(whole->value()),
              qPrintable(partials.join(QStringLiteral(" | "))));
        QVERIFY2(whole->value().split(QLatin1Char(' ')).size() >= 2, qPrintable(whole->value()));
        const qsizetype seen = partials.size();

        auto dropped =
            listener.value()->listen([&](const QString& words) { partials.append(words); });
        dropped->feed(piece(0, 16000));
        dropped.reset();
        const Result<QString> after = transcribe(*listener.value(), spoken.value());
        QVERIFY2(after, qPrintable(after ? QString() : after.error().message));
        QTest::qWait(100);
        QCOMPARE(partials.size(), seen);  // nothing from the dropped stream

        Settings server;
        server.speechUrl = QStringLiteral("http://127.0.0.1:9/v1");
        auto remote = makeSpeechToText(ListenEngine::Server, server, {}, &m_nam);
        QVERIFY(remote);
        QVERIFY(!remote.value()->listen([](const QString&) {}));
    }
};

QTEST_GUILESS_MAIN(TestSpeechEngines)
#include "test_speech_engines.moc"
