#include "http_stub.h"
#include "temp_env.h"
#include "voice/audio_clip.h"

#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

// `zerg say` and `zerg transcribe` end to end: the real binary speaks through espeak-ng into a
// file, sox (an independent reader) says how long it is and that it is not silence, and
// pocketsphinx hears it back.
class TestSayCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_hostsFile;              // ZERG_HOSTS_FILE for the next runs, when set
    QHash<QString, QString> m_extra;  // more variables for the next runs

    struct Run {
        int code;
        QByteArray out;
        QByteArray err;
    };

    Run zerg(const QStringList& args) {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const QString& k : e.keys()) {
            if (k.startsWith(QLatin1String("ZERG_")))
                e.remove(k);
        }
        e.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        e.insert(QStringLiteral("ZERG_DATA_DIR"), m_dir.filePath(QStringLiteral("data")));
        if (!m_hostsFile.isEmpty())
            e.insert(QStringLiteral("ZERG_HOSTS_FILE"), m_hostsFile);
        for (auto it = m_extra.cbegin(); it != m_extra.cend(); ++it)
            e.insert(it.key(), it.value());
        e.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        e.insert(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
        const test::ProgramRun r = test::runProgram(QStringLiteral(ZERG_EXE), args, e, 60000);
        return {r.code, r.out, r.err};
    }

    // sox's own reading of a file: {"Length (seconds)": …, "Maximum amplitude": …, …}.
    static QHash<QString, double> soxStat(const QString& path) {
        const QString sox = QStandardPaths::findExecutable(QStringLiteral("sox"));
        if (sox.isEmpty())
            return {};
        const test::ProgramRun r =
            test::runProgram(sox, {path, QStringLiteral("-n"), QStringLiteral("stat")},
                             QProcessEnvironment::systemEnvironment(), 30000);
        QHash<QString, double> stat;
        static const QRegularExpression line(
            QStringLiteral(R"(^([A-Za-z ()]+?):\s+(-?[\d.]+)\s*$)"));
        for (const QByteArray& l : r.err.split('\n')) {
            const QRegularExpressionMatch m = line.match(QString::fromUtf8(l));
            if (m.hasMatch())
                stat.insert(m.captured(1).trimmed(), m.captured(2).toDouble());
        }
        return stat;
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        if (QStandardPaths::findExecutable(QStringLiteral("sox")).isEmpty())
            QFAIL("sox is missing: run scripts/setup");
        if (QStandardPaths::findExecutable(QStringLiteral("espeak-ng")).isEmpty())
            QFAIL("espeak-ng is missing: run scripts/setup");
    }

    void speaksIntoAWaveFile() {
        const QString path = m_dir.filePath(QStringLiteral("cube.wav"));
        const Run r = zerg({QStringLiteral("say"), QStringLiteral("check disk usage on cube"),
                            QStringLiteral("--out"), path});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("Wrote ") && r.err.contains("22050 Hz") &&
                     r.err.contains("voice English (America)"),
                 r.err.constData());
        const QHash<QString, double> stat = soxStat(path);
        QVERIFY2(stat.contains(QStringLiteral("Length (seconds)")), "sox could not read the file");
        QVERIFY2(stat.value(QStringLiteral("Length (seconds)")) > 1.0 &&
                     stat.value(QStringLiteral("Length (seconds)")) < 5.0,
                 qPrintable(QString::number(stat.value(QStringLiteral("Length (seconds)")))));
        QVERIFY(stat.value(QStringLiteral("Maximum amplitude")) > 0.1);
        QVERIFY(stat.value(QStringLiteral("RMS     amplitude")) > 0.01 ||
                stat.value(QStringLiteral("RMS amplitude")) > 0.01);
    }

    void markdownIsSaidAsJarvisWouldSayIt() {
        // A code block is one short sentence, not read out: the answer with a long command is
        // about as long as the answer with none.
        const QString plain = m_dir.filePath(QStringLiteral("plain.wav"));
        const QString code = m_dir.filePath(QStringLiteral("code.wav"));
        QCOMPARE(zerg({QStringLiteral("say"), QStringLiteral("Run this on cube."),
                       QStringLiteral("--out"), plain})
                     .code,
                 0);
        QCOMPARE(zerg({QStringLiteral("say"),
                       QStringLiteral("Run this on cube.\n```\nsudo journalctl --vacuum-size=500M "
                                      "--vacuum-time=2weeks && sudo apt-get autoremove --purge "
                                      "&& sudo du -sh /var/log/* | sort -h | tail -n 20\n```"),
                       QStringLiteral("--out"), code})
                     .code,
                 0);
        const Result<AudioClip> a = readWav(plain);
        const Result<AudioClip> b = readWav(code);
        QVERIFY(a && b);
        // "I put the command in the chat." adds about two seconds; reading the command, ten.
        QVERIFY2(b->seconds() - a->seconds() > 1.0 && b->seconds() - a->seconds() < 4.0,
                 qPrintable(QStringLiteral("%1 vs %2").arg(a->seconds()).arg(b->seconds())));
    }

    void aRateAndAVoiceAreTaken() {
        const QString us = m_dir.filePath(QStringLiteral("us.wav"));
        const QString gb = m_dir.filePath(QStringLiteral("gb.wav"));
        QCOMPARE(
            zerg({QStringLiteral("say"), QStringLiteral("restart nginx on web1"),
                  QStringLiteral("--rate"), QStringLiteral("16000"), QStringLiteral("--out"), us})
                .code,
            0);
        const Run british =
            zerg({QStringLiteral("say"), QStringLiteral("restart nginx on web1"),
                  QStringLiteral("--voice"), QStringLiteral("en-gb"), QStringLiteral("--rate"),
                  QStringLiteral("16000"), QStringLiteral("--out"), gb});
        QVERIFY2(british.code == 0, british.err.constData());
        QVERIFY2(british.err.contains("voice English (Great Britain)"), british.err.constData());
        const Result<AudioClip> a = readWav(us);
        const Result<AudioClip> b = readWav(gb);
        QVERIFY(a && b);
        QCOMPARE(a->sampleRate, 16000);
        QCOMPARE(b->sampleRate, 16000);
    }

    // What `zerg say` speaks, `zerg transcribe` hears, with the hosts file's alias right.
    void transcribeHearsWhatSayWrote() {
        QFile hosts(m_dir.filePath(QStringLiteral("hosts")));
        QVERIFY(hosts.open(QIODevice::WriteOnly));
        hosts.write("Host web1\n  HostName 127.0.0.1\n");
        hosts.close();
        const QString path = m_dir.filePath(QStringLiteral("web1.wav"));
        QCOMPARE(
            zerg({QStringLiteral("say"), QStringLiteral("show disk space on web1"),
                  QStringLiteral("--rate"), QStringLiteral("16000"), QStringLiteral("--out"), path})
                .code,
            0);
        m_hostsFile = hosts.fileName();
        const Run r = zerg({QStringLiteral("transcribe"), path});
        m_hostsFile.clear();
        QVERIFY2(r.code == 0, r.err.constData());
        // The alias is what the hosts file is for; the other words are the recognizer's to get
        // right or not (docs/voice.md, "Measured").
        const QList<QByteArray> words = r.out.trimmed().split(' ');
        QVERIFY2(words.size() == 5 && words.last() == "web1" && words.first() == "show",
                 r.out.constData());

        const Run missing =
            zerg({QStringLiteral("transcribe"), m_dir.filePath(QStringLiteral("none.wav"))});
        QCOMPARE(missing.code, 1);
        QVERIFY(missing.err.contains("none.wav"));
        const Run noFile = zerg({QStringLiteral("transcribe")});
        QCOMPARE(noFile.code, 2);
        QVERIFY(noFile.err.contains("give one WAVE file"));
    }

    // The OpenAI-compatible server as the engine of both commands (a loopback stand-in).
    void bothCommandsTakeTheSpeechServer() {
        test::HttpStub server;
        QVERIFY(server.start());
        AudioClip answer;
        answer.sampleRate = 24000;
        answer.samples.fill(3000, 12000);
        server.route("POST", "/v1/audio/speech", 200, wavBytes(answer), "audio/wav");
        server.route("POST", "/v1/audio/transcriptions", 200,
                     R"({"text": "restart nginx on web1"})");
        m_extra = {{QStringLiteral("ZERG_SPEECH_URL"), server.baseUrl() + QStringLiteral("/v1")},
                   {QStringLiteral("ZERG_TTS_ENGINE"), QStringLiteral("server")}};
        const QString wav = m_dir.filePath(QStringLiteral("server.wav"));
        Run r = zerg({QStringLiteral("say"), QStringLiteral("**Done.**"), QStringLiteral("--out"),
                      wav, QStringLiteral("--voice"), QStringLiteral("nova")});
        QVERIFY2(r.code == 0, r.err.constData());
        const Result<AudioClip> written = readWav(wav);
        QVERIFY(written);
        QCOMPARE(written->samples, answer.samples);
        const QByteArray asked = server.requests().first().body;
        QVERIFY2(asked.contains("\"input\":\"Done.\"") && asked.contains("\"voice\":\"nova\""),
                 asked.constData());

        r = zerg({QStringLiteral("transcribe"), wav, QStringLiteral("--engine=server")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.out.trimmed(), QByteArray("restart nginx on web1"));

        r = zerg({QStringLiteral("say"), QStringLiteral("hi"), QStringLiteral("--out"), wav,
                  QStringLiteral("--wpm"), QStringLiteral("120")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("--wpm is for the espeak engine"));

        // No speech server and no provider: said, with what to set.
        m_extra = {{QStringLiteral("ZERG_STT_ENGINE"), QStringLiteral("server")}};
        r = zerg({QStringLiteral("transcribe"), wav});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains("ZERG_SPEECH_URL"), r.err.constData());
        r = zerg({QStringLiteral("transcribe"), wav, QStringLiteral("--engine"),
                  QStringLiteral("vosk")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("unknown engine 'vosk'; use pocketsphinx or server"));
        m_extra.clear();
    }

    void badInputSaysWhatToDo() {
        Run r = zerg({QStringLiteral("say"), QStringLiteral("hello")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--out FILE.wav"), r.err.constData());
        r = zerg({QStringLiteral("say"), QStringLiteral("--out"),
                  m_dir.filePath(QStringLiteral("x.wav"))});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("give the text to say"));
        r = zerg({QStringLiteral("say"), QStringLiteral("hello"), QStringLiteral("--rate"),
                  QStringLiteral("100"), QStringLiteral("--out"),
                  m_dir.filePath(QStringLiteral("x.wav"))});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains("8000 to 48000"));
        r = zerg({QStringLiteral("say"), QStringLiteral("hello"), QStringLiteral("--voice"),
                  QStringLiteral("klingon-xx"), QStringLiteral("--out"),
                  m_dir.filePath(QStringLiteral("x.wav"))});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("no voice 'klingon-xx'") && r.err.contains("espeak-ng --voices"),
                 r.err.constData());
        r = zerg({QStringLiteral("say"), QStringLiteral("hello"), QStringLiteral("--out"),
                  QStringLiteral("/nonexistent/folder/x.wav")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.err.contains("/nonexistent/folder/x.wav"), r.err.constData());
        r = zerg({QStringLiteral("say"), QStringLiteral("```\nls\n```"), QStringLiteral("--out"),
                  m_dir.filePath(QStringLiteral("y.wav"))});
        QCOMPARE(r.code, 0);  // "I put the command in the chat."
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.wav"))));
    }
};

QTEST_GUILESS_MAIN(TestSayCli)
#include "test_say_cli.moc"
