#include "voice/espeak_synthesizer.h"
#include "voice/pocketsphinx_recognizer.h"

#include <QtTest>

using namespace zerg;

namespace {

// Operator phrases with the host alias and the key verb the answer depends on.
struct Phrase {
    const char* text;
    const char* host;
    const char* verb;
};

const Phrase kPhrases[] = {
    {"check disk usage on cube", "cube", "check"},
    {"restart nginx on web1", "web1", "restart"},
    {"what's the load on db2", "db2", "load"},
    {"show memory on testbox", "testbox", "memory"},
    {"is the backup on cube older than a day", "cube", "backup"},
    {"stop docker on web1", "web1", "stop"},
    {"check the logs on db2", "db2", "logs"},
    {"reboot testbox", "testbox", "reboot"},
    {"is postgres running on db2", "db2", "postgres"},
    {"show disk space on web1", "web1", "disk"},
    {"ping cube", "cube", "ping"},
    {"restart the database on db2", "db2", "restart"},
    {"what is the uptime on testbox", "testbox", "uptime"},
    {"check cpu usage on cube", "cube", "cpu"},
    {"reload nginx on web1", "web1", "reload"},
    {"is web1 up", "web1", "up"},
    {"show open ports on testbox", "testbox", "ports"},
    {"update cube", "cube", "update"},
    {"check free memory on db2", "db2", "memory"},
    {"list processes on web1", "web1", "processes"},
};

}  // namespace

// Offline speech to text on speech espeak-ng generates, 20 operator phrases by two voices. Issue
// 25 asks for the host alias and the key word right in at least 90% of them; measured on
// 2026-11-28: host aliases 36 of 40, key words 22 of 40, whole phrases 14 of 40 (docs/voice.md).
// The key words are not there yet, so they are printed, not asserted; the host aliases, which
// the operator model is for, must stay at 85% or more (a regression guard with a margin of two
// phrases below today's figure; espeak-ng's speech is the same from run to run in one process).
class TestPocketsphinxRecognizer : public QObject {
    Q_OBJECT

    std::unique_ptr<PocketsphinxRecognizer> m_recognizer;

private Q_SLOTS:
    void initTestCase() {
        PocketsphinxRecognizer::Options options;
        options.hosts = {QStringLiteral("cube"), QStringLiteral("web1"), QStringLiteral("db2"),
                         QStringLiteral("testbox")};
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
            for (const Phrase& p : kPhrases) {
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
