#include "operator_phrases.h"
#include "voice/espeak_synthesizer.h"
#include "voice/pocketsphinx_recognizer.h"

#include <QtTest>

using namespace zerg;

using test::kOperatorPhrases;
using test::OperatorPhrase;

// Offline speech to text on speech espeak-ng generates, 20 operator phrases by two voices. Issue
// 25 asks for the host alias and the key word right in at least 90% of them; measured on
// 2026-11-28 (zerg-bench-voice, docs/voice.md): host aliases 37 of 40, key words 27 of 40.
// The key words are not there yet, so they are printed, not asserted; the host aliases, which
// the operator model is for, must stay at 85% or more (a regression guard with a margin of two
// phrases below today's figure; espeak-ng's speech is the same from run to run in one process).
class TestPocketsphinxRecognizer : public QObject {
    Q_OBJECT

    std::unique_ptr<PocketsphinxRecognizer> m_recognizer;

private Q_SLOTS:
    void initTestCase() {
        PocketsphinxRecognizer::Options options;
        for (const char* host : test::kOperatorHosts)
            options.hosts.append(QString::fromLatin1(host));
        auto created = PocketsphinxRecognizer::create(options);
        if (!created)
            QFAIL(qPrintable(created.error().message));  // names scripts/setup
        m_recognizer = std::move(created).value();
        QVERIFY2(m_recognizer->unpronounceable().isEmpty(),
                 qPrintable(m_recognizer->unpronounceable().join(u' ')));
        if (!EspeakSynthesizer::synthesize(QStringLiteral("hello")))
            QFAIL("espeak-ng is missing: run scripts/setup");
    }

    void hostAliasesComeOutRight() {
        int total = 0;
        int hosts = 0;
        int verbs = 0;
        int exact = 0;
        for (const char* voice : {"en-us", "en-gb"}) {
            EspeakSynthesizer::Options o;
            o.voice = QString::fromLatin1(voice);
            for (const OperatorPhrase& p : kOperatorPhrases) {
                const Result<AudioClip> speech =
                    EspeakSynthesizer::synthesize(QString::fromLatin1(p.text), o);
                QVERIFY(speech);
                const Result<QString> heard = m_recognizer->transcribe(speech.value());
                QVERIFY2(heard, qPrintable(heard ? QString() : heard.error().message));
                const QStringList words = heard->split(QLatin1Char(' '));
                ++total;
                hosts += words.contains(QString::fromLatin1(p.host)) ? 1 : 0;
                verbs += words.contains(QString::fromLatin1(p.verb)) ? 1 : 0;
                exact += heard.value() == QLatin1String(p.text) ? 1 : 0;
                qInfo("%s  %-40s -> %s", voice, p.text, qPrintable(heard.value()));
            }
        }
        qInfo("host aliases %d/%d, key words %d/%d, whole phrases %d/%d", hosts, total, verbs,
              total, exact, total);
        QVERIFY2(hosts * 100 >= total * 85,
                 qPrintable(QStringLiteral("%1 of %2").arg(hosts).arg(total)));
    }

    void silenceIsNothing() {
        AudioClip quiet;
        quiet.samples.fill(0, 16000);
        const Result<QString> heard = m_recognizer->transcribe(quiet);
        QVERIFY(heard);
        QVERIFY2(heard->isEmpty(), qPrintable(heard.value()));
    }
};

QTEST_GUILESS_MAIN(TestPocketsphinxRecognizer)
#include "test_pocketsphinx_recognizer.moc"
