#include "voice/espeak_synthesizer.h"

#include <QtTest>

#include <optional>
#include <thread>
#include <vector>

using namespace zerg;

// espeak-ng through the library loaded at first use: real speech, its voices, its errors, and
// one synthesis at a time when several threads ask.
class TestEspeakSynthesizer : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void speaksText() {
        const Result<AudioClip> clip =
            EspeakSynthesizer::synthesize(QStringLiteral("check disk usage on cube"));
        if (!clip && clip.error().code == QLatin1String("unavailable"))
            QFAIL(qPrintable(clip.error().message));  // names scripts/setup
        QVERIFY2(clip, qPrintable(clip ? QString() : clip.error().message));
        QCOMPARE(clip->sampleRate, 22050);
        QVERIFY2(clip->seconds() > 1.0 && clip->seconds() < 5.0,
                 qPrintable(QString::number(clip->seconds())));
        QVERIFY(clip->peak() > 0.1);
        // More words, more speech.
        const Result<AudioClip> longer = EspeakSynthesizer::synthesize(
            QStringLiteral("check disk usage on cube and restart nginx on web1 afterwards"));
        QVERIFY(longer);
        QVERIFY(longer->seconds() > clip->seconds() + 1.0);
    }

    void voicesAndSpeedChangeTheSound() {
        EspeakSynthesizer::Options slow;
        slow.wordsPerMinute = 100;
        EspeakSynthesizer::Options fast;
        fast.wordsPerMinute = 300;
        const Result<AudioClip> a =
            EspeakSynthesizer::synthesize(QStringLiteral("the load on db2"), slow);
        const Result<AudioClip> b =
            EspeakSynthesizer::synthesize(QStringLiteral("the load on db2"), fast);
        QVERIFY(a && b);
        QVERIFY2(a->seconds() > 1.8 * b->seconds(),
                 qPrintable(QStringLiteral("%1 vs %2").arg(a->seconds()).arg(b->seconds())));
        EspeakSynthesizer::Options german;
        german.voice = QStringLiteral("de");
        const Result<AudioClip> de =
            EspeakSynthesizer::synthesize(QStringLiteral("Speicherplatz prüfen"), german);
        QVERIFY(de);
        QVERIFY(de->seconds() > 0.5);
    }

    void voicesAreFoundByNameFileOrLanguage() {
        QCOMPARE(EspeakSynthesizer::voiceName(QStringLiteral("en-gb")).value(),
                 QStringLiteral("English (Great Britain)"));
        QCOMPARE(EspeakSynthesizer::voiceName(QStringLiteral("EN-US")).value(),
                 QStringLiteral("English (America)"));
        QCOMPARE(EspeakSynthesizer::voiceName(QStringLiteral("English (America)")).value(),
                 QStringLiteral("English (America)"));
        QVERIFY(EspeakSynthesizer::voiceName(QStringLiteral("de")));
        QVERIFY(!EspeakSynthesizer::voiceName(QStringLiteral("no-such-voice")));
    }

    void anUnknownVoiceSaysHowToListThem() {
        EspeakSynthesizer::Options o;
        o.voice = QStringLiteral("no-such-voice");
        const Result<AudioClip> clip = EspeakSynthesizer::synthesize(QStringLiteral("hello"), o);
        QVERIFY(!clip);
        QCOMPARE(clip.error().code, QStringLiteral("invalid"));
        QVERIFY(clip.error().message.contains(QStringLiteral("espeak-ng --voices")));
        // The next request with a good voice works.
        QVERIFY(EspeakSynthesizer::synthesize(QStringLiteral("hello")));
    }

    void wordsArePhonemizedPerVoice() {
        const Result<QStringList> us = EspeakSynthesizer::phonemes(
            {QStringLiteral("postgres"), QStringLiteral("processes"), QStringLiteral("db2")},
            QStringLiteral("en-us"));
        QVERIFY2(us, qPrintable(us ? QString() : us.error().message));
        QCOMPARE(us->size(), 3);
        QCOMPARE(us->at(0), QStringLiteral("p_ˈoʊ_s_t_ɡ_ɚ_z"));
        // An alias of letters and a digit: spelled, a space between the words.
        QCOMPARE(us->at(2), QStringLiteral("d_ˌiː_b_ˈiː t_ˈuː"));
        // British English says "processes" with another vowel.
        const Result<QStringList> gb =
            EspeakSynthesizer::phonemes({QStringLiteral("processes")}, QStringLiteral("en-gb"));
        QVERIFY(gb);
        QVERIFY2(gb->at(0).contains(QStringLiteral("əʊ")), qPrintable(gb->at(0)));
        QVERIFY(!us->at(1).contains(QStringLiteral("əʊ")));
        const Result<QStringList> none =
            EspeakSynthesizer::phonemes({QStringLiteral("x")}, QStringLiteral("no-such-voice"));
        QVERIFY(!none);
        QVERIFY(none.error().message.contains(QStringLiteral("espeak-ng --voices")));
    }

    void threadsTakeTurns() {
        const QString text = QStringLiteral("what is the load on testbox");
        const Result<AudioClip> alone = EspeakSynthesizer::synthesize(text);
        QVERIFY(alone);
        std::vector<std::optional<Result<AudioClip>>> results(4);
        std::vector<std::thread> threads;
        for (auto& result : results)
            threads.emplace_back([&result, text] { result = EspeakSynthesizer::synthesize(text); });
        for (std::thread& t : threads)
            t.join();
        for (const auto& result : results) {
            QVERIFY(result && *result);
            // espeak-ng varies a little from call to call; samples of two texts mixed into one
            // clip, or one cut short, would be far off the length of the text spoken alone.
            const double ratio = (*result)->seconds() / alone->seconds();
            QVERIFY2(ratio > 0.97 && ratio < 1.03, qPrintable(QString::number(ratio)));
            QVERIFY((*result)->peak() > 0.1);
        }
    }
};

QTEST_GUILESS_MAIN(TestEspeakSynthesizer)
#include "test_espeak_synthesizer.moc"
