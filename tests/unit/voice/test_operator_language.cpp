#include "voice/operator_language.h"

#include <QHash>
#include <QtTest>

#include <cmath>

using namespace zerg;

// The operator language model: the corpus, a well-formed ARPA trigram model whose probabilities
// add up, and pronunciations for host aliases made of dictionary words.
class TestOperatorLanguage : public QObject {
    Q_OBJECT

    // A few words of the CMU dictionary, as pocketsphinx would look them up.
    static QString lookup(const QString& word) {
        static const QHash<QString, QString> dict{
            {QStringLiteral("web"), QStringLiteral("W EH B")},
            {QStringLiteral("one"), QStringLiteral("W AH N")},
            {QStringLiteral("two"), QStringLiteral("T UW")},
            {QStringLiteral("test"), QStringLiteral("T EH S T")},
            {QStringLiteral("box"), QStringLiteral("B AA K S")},
            {QStringLiteral("d"), QStringLiteral("D IY")},
            {QStringLiteral("b"), QStringLiteral("B IY")},
            {QStringLiteral("t"), QStringLiteral("T IY")},
            {QStringLiteral("e"), QStringLiteral("IY")},
            {QStringLiteral("s"), QStringLiteral("EH S")},
            {QStringLiteral("o"), QStringLiteral("OW")},
            {QStringLiteral("x"), QStringLiteral("EH K S")},
            {QStringLiteral("w"), QStringLiteral("D AH B AH L Y UW")},
        };
        return dict.value(word);
    }

private Q_SLOTS:
    void theCorpusSpeaksOfTheUsersHosts() {
        const OperatorLanguage language(
            {QStringLiteral("Web1"), QStringLiteral("db2"), QStringLiteral(" db2 ")});
        QCOMPARE(language.hosts(), (QStringList{QStringLiteral("web1"), QStringLiteral("db2")}));
        const QStringList sentences = language.sentences();
        QVERIFY(sentences.contains(QStringLiteral("check disk usage on web1")));
        QVERIFY(sentences.contains(QStringLiteral("restart nginx on db2")));
        QVERIFY(sentences.contains(QStringLiteral("what's the load on db2")));
        QVERIFY(sentences.contains(QStringLiteral("is the backup on web1 older than a day")));
        for (const QString& s : sentences)
            QVERIFY2(!s.contains(QLatin1Char('{')), qPrintable(s));
        QVERIFY(language.words().contains(QStringLiteral("web1")));
        QVERIFY(language.words().contains(QStringLiteral("nginx")));
        QCOMPARE(OperatorLanguage({}).hosts(), QStringList{QStringLiteral("server")});
    }

    void theArpaModelIsWellFormedAndNormalised() {
        const OperatorLanguage language({QStringLiteral("cube"), QStringLiteral("web1")});
        const QString arpa = language.arpa();
        QVERIFY(arpa.startsWith(QStringLiteral("\\data\\\nngram 1=")));
        QVERIFY(arpa.trimmed().endsWith(QStringLiteral("\\end\\")));
        // The counts of the header are the lines of each section.
        QHash<int, int> declared;
        QHash<int, int> listed;
        QHash<QString, double> unigram;
        int section = 0;
        for (const QString& line : arpa.split(QLatin1Char('\n'))) {
            if (line.startsWith(QLatin1String("ngram "))) {
                const QStringList kv = line.mid(6).split(QLatin1Char('='));
                declared[kv[0].toInt()] = kv[1].toInt();
            } else if (line.startsWith(QLatin1Char('\\')) &&
                       line.endsWith(QLatin1String("-grams:"))) {
                section = line.mid(1, 1).toInt();
            } else if (section > 0 && !line.isEmpty() && !line.startsWith(QLatin1Char('\\'))) {
                ++listed[section];
                const QStringList f = line.split(QLatin1Char(' '));
                QCOMPARE(f.size(), section + 1 + (section < 3 ? 1 : 0));
                const double logp = f[0].toDouble();
                QVERIFY2(logp <= 0.0, qPrintable(line));
                if (section == 1)
                    unigram.insert(f[1], logp);
            }
        }
        QCOMPARE(listed, declared);
        QVERIFY(declared.value(3) > 100);
        double sum = 0;
        for (auto it = unigram.cbegin(); it != unigram.cend(); ++it) {
            if (it.key() != QLatin1String("<s>"))
                sum += std::pow(10.0, it.value());
        }
        QVERIFY2(std::abs(sum - 1.0) < 0.01, qPrintable(QString::number(sum)));
        QVERIFY(unigram.contains(QStringLiteral("cube")) &&
                unigram.contains(QStringLiteral("</s>")));
    }

    void aliasesArePronouncedWithDictionaryWords() {
        QCOMPARE(OperatorLanguage::pronounce(QStringLiteral("web1"), lookup),
                 QStringLiteral("W EH B W AH N"));
        QCOMPARE(OperatorLanguage::pronounce(QStringLiteral("testbox"), lookup),
                 QStringLiteral("T EH S T B AA K S"));
        // Letters the dictionary has as words: spelled.
        QCOMPARE(OperatorLanguage::pronounce(QStringLiteral("DB2"), lookup),
                 QStringLiteral("D IY B IY T UW"));
        // The fewest pieces: "test" + "box", not t-e-s-t-b-o-x.
        QCOMPARE(
            OperatorLanguage::pronounce(QStringLiteral("testbox"), lookup).count(QLatin1Char(' ')),
            7);
        // Nothing fits "q": no pronunciation.
        QCOMPARE(OperatorLanguage::pronounce(QStringLiteral("q1"), lookup), QString());
    }

    void ipaBecomesTheModelsPhones() {
        // espeak-ng's en-us "postgres" and "water" (a flap), en-gb "restart" (no r) and "here".
        QCOMPARE(OperatorLanguage::phonesFromIpa(QStringLiteral("p_ˈoʊ_s_t_ɡ_ɚ_z")),
                 QStringLiteral("P OW S T G ER Z"));
        QCOMPARE(OperatorLanguage::phonesFromIpa(QStringLiteral("w_ˈɔː_ɾ_ɚ")),
                 QStringLiteral("W AO T ER"));
        QCOMPARE(OperatorLanguage::phonesFromIpa(QStringLiteral("ɹ_ɪ_s_t_ˈɑː_t")),
                 QStringLiteral("R IH S T AA T"));
        QCOMPARE(OperatorLanguage::phonesFromIpa(QStringLiteral("h_ˈɪə")),
                 QStringLiteral("HH IH R"));
        // Several words; a phoneme written without separators is split by longest match.
        QCOMPARE(OperatorLanguage::phonesFromIpa(QStringLiteral("d_ˌiː_b_ˈiː t_ˈuː")),
                 QStringLiteral("D IY B IY T UW"));
        QCOMPARE(OperatorLanguage::phonesFromIpa(QStringLiteral("ˈaɪtʃ")), QStringLiteral("AY CH"));
        // A symbol English has no phone for: no pronunciation rather than a wrong one.
        QCOMPARE(OperatorLanguage::phonesFromIpa(QStringLiteral("b_ˈœ_ʁ")), QString());
        QCOMPARE(OperatorLanguage::phonesFromIpa(QString()), QString());
    }
};

QTEST_GUILESS_MAIN(TestOperatorLanguage)
#include "test_operator_language.moc"
