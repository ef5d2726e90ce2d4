#include "operator_phrases.h"
#include "voice/espeak_synthesizer.h"
#include "voice/pocketsphinx_recognizer.h"

#include <QtTest>

using namespace zerg;

using test::kOperatorPhrases;
using test::OperatorPhrase;

// Offline speech to text on speech espeak-ng generates, 20 operator phrases by two voices. Issue
// 25 asks for the host alias and the key word right in at least 90% of them; measured on
// 2026-11-28 here: host aliases 40 of 40, key words 36 of 40 (zerg-bench-voice, which speaks
// them in another order, gets the same counts: docs/voice.md). The key words are held at 90%
// and the host aliases at 37; espeak-ng's speech is the same from run to run in one process.
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
        QVERIFY2(hosts >= total - 3,
                 qPrintable(QStringLiteral("host aliases %1 of %2").arg(hosts).arg(total)));
        QVERIFY2(verbs * 10 >= total * 9,  // issue 25: at least 90%
                 qPrintable(QStringLiteral("key words %1 of %2").arg(verbs).arg(total)));
    }

    void withoutEspeakAliasesAreMadeOfDictionaryWords() {
        // No accents: the pronunciations espeak-ng would give are left out, and the words the
        // dictionary lacks are composed ("testbox" = test + box) rather than dropped.
        PocketsphinxRecognizer::Options options;
        options.hosts = {QStringLiteral("testbox"), QStringLiteral("web1")};
        options.accents.clear();
        auto plain = PocketsphinxRecognizer::create(options);
        QVERIFY(plain);
        QVERIFY2(plain.value()->unpronounceable().isEmpty(),
                 qPrintable(plain.value()->unpronounceable().join(u' ')));
        const Result<AudioClip> speech =
            EspeakSynthesizer::synthesize(QStringLiteral("reboot testbox"));
        QVERIFY(speech);
        const Result<QString> heard = plain.value()->transcribe(speech.value());
        QVERIFY(heard);
        QVERIFY2(heard->split(u' ').contains(QStringLiteral("testbox")), qPrintable(heard.value()));
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
