#include "voice/operator_language.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

namespace zerg {
namespace {

// What operators ask about, and how. {h} a host, {t} a thing, {s} a service.
const char* const kThings[] = {"disk usage", "disk space", "memory",          "free memory",
                               "the load",   "load",       "uptime",          "the logs",
                               "cpu usage",  "processes",  "the backups",     "network",
                               "open ports", "the kernel", "the certificate", "updates"};
const char* const kServices[] = {"nginx", "apache", "postgres", "mysql",          "docker",
                                 "ssh",   "cron",   "redis",    "the web server", "the database"};
const char* const kTemplates[] = {
    "check {t} on {h}",
    "show {t} on {h}",
    "show me {t} on {h}",
    "what's {t} on {h}",
    "what is {t} on {h}",
    "how much {t} on {h}",
    "how is {t} on {h}",
    "look at {t} on {h}",
    "list {t} on {h}",
    "restart {s} on {h}",
    "stop {s} on {h}",
    "start {s} on {h}",
    "reload {s} on {h}",
    "is {s} running on {h}",
    "check {s} on {h}",
    "status of {s} on {h}",
    "show the {s} logs on {h}",
    "why is {s} down on {h}",
    "is the backup on {h} older than a day",
    "check the backup on {h}",
    "how is {h}",
    "is {h} up",
    "is {h} down",
    "ping {h}",
    "check {h}",
    "update {h}",
    "reboot {h}",
    "what happened on {h}",
    "clean up the disk on {h}",
};

constexpr double kDiscount = 0.5;

using Gram = std::vector<QString>;

// Digits as the words a speaker says for them.
const QHash<QChar, QString>& digitWords() {
    static const QHash<QChar, QString> words{
        {u'0', QStringLiteral("zero")},  {u'1', QStringLiteral("one")},
        {u'2', QStringLiteral("two")},   {u'3', QStringLiteral("three")},
        {u'4', QStringLiteral("four")},  {u'5', QStringLiteral("five")},
        {u'6', QStringLiteral("six")},   {u'7', QStringLiteral("seven")},
        {u'8', QStringLiteral("eight")}, {u'9', QStringLiteral("nine")}};
    return words;
}

// A run of letters as the fewest dictionary words (a single letter is a word too); "" if none.
QString splitLetters(const QString& run, const OperatorLanguage::Lookup& lookup) {
    const int n = int(run.size());
    // best[i]: the fewest pieces for run[0, i) and their phones.
    std::vector<int> pieces(n + 1, 1 << 20);
    std::vector<QString> phones(n + 1);
    pieces[0] = 0;
    for (int end = 1; end <= n; ++end) {
        for (int start = 0; start < end; ++start) {
            if (pieces[start] >= (1 << 20))
                continue;
            const QString p = lookup(run.mid(start, end - start));
            if (p.isEmpty() || pieces[start] + 1 >= pieces[end])
                continue;
            pieces[end] = pieces[start] + 1;
            phones[end] = phones[start].isEmpty() ? p : phones[start] + QLatin1Char(' ') + p;
        }
    }
    return pieces[n] < (1 << 20) ? phones[n] : QString();
}

// IPA symbols as espeak-ng's English voices write them, and the CMU phones for them; a
// symbol's longest match wins ("aɪ" before "a").
const QHash<QString, QString>& ipaPhones() {
    static const QHash<QString, QString> table{
        // Vowels and diphthongs (length marks removed before lookup).
        {QStringLiteral("aɪə"), QStringLiteral("AY ER")},
        {QStringLiteral("aɪɚ"), QStringLiteral("AY ER")},
        {QStringLiteral("aʊə"), QStringLiteral("AW ER")},
        {QStringLiteral("aɪ"), QStringLiteral("AY")},
        {QStringLiteral("aʊ"), QStringLiteral("AW")},
        {QStringLiteral("eɪ"), QStringLiteral("EY")},
        {QStringLiteral("oʊ"), QStringLiteral("OW")},
        {QStringLiteral("əʊ"), QStringLiteral("OW")},
        {QStringLiteral("ɔɪ"), QStringLiteral("OY")},
        {QStringLiteral("ɪə"), QStringLiteral("IH R")},
        {QStringLiteral("eə"), QStringLiteral("EH R")},
        {QStringLiteral("ɛə"), QStringLiteral("EH R")},
        {QStringLiteral("ʊə"), QStringLiteral("UH R")},
        {QStringLiteral("ɑə"), QStringLiteral("AA R")},
        {QStringLiteral("ɔə"), QStringLiteral("AO R")},
        {QStringLiteral("iə"), QStringLiteral("IY AH")},
        {QStringLiteral("ɑ"), QStringLiteral("AA")},
        {QStringLiteral("ɒ"), QStringLiteral("AA")},
        {QStringLiteral("æ"), QStringLiteral("AE")},
        {QStringLiteral("a"), QStringLiteral("AE")},
        {QStringLiteral("ɐ"), QStringLiteral("AH")},
        {QStringLiteral("ʌ"), QStringLiteral("AH")},
        {QStringLiteral("ə"), QStringLiteral("AH")},
        {QStringLiteral("ɚ"), QStringLiteral("ER")},
        {QStringLiteral("ɜ"), QStringLiteral("ER")},
        {QStringLiteral("ɝ"), QStringLiteral("ER")},
        {QStringLiteral("ɔ"), QStringLiteral("AO")},
        {QStringLiteral("ɛ"), QStringLiteral("EH")},
        {QStringLiteral("e"), QStringLiteral("EH")},
        {QStringLiteral("ɪ"), QStringLiteral("IH")},
        {QStringLiteral("ᵻ"), QStringLiteral("IH")},
        {QStringLiteral("ɨ"), QStringLiteral("IH")},
        {QStringLiteral("i"), QStringLiteral("IY")},
        {QStringLiteral("o"), QStringLiteral("OW")},
        {QStringLiteral("ʊ"), QStringLiteral("UH")},
        {QStringLiteral("u"), QStringLiteral("UW")},
        {QStringLiteral("ʉ"), QStringLiteral("UW")},
        // Consonants.
        {QStringLiteral("tʃ"), QStringLiteral("CH")},
        {QStringLiteral("dʒ"), QStringLiteral("JH")},
        {QStringLiteral("b"), QStringLiteral("B")},
        {QStringLiteral("d"), QStringLiteral("D")},
        {QStringLiteral("ð"), QStringLiteral("DH")},
        {QStringLiteral("f"), QStringLiteral("F")},
        {QStringLiteral("ɡ"), QStringLiteral("G")},
        {QStringLiteral("g"), QStringLiteral("G")},
        {QStringLiteral("h"), QStringLiteral("HH")},
        {QStringLiteral("x"), QStringLiteral("HH")},
        {QStringLiteral("k"), QStringLiteral("K")},
        {QStringLiteral("l"), QStringLiteral("L")},
        {QStringLiteral("ɫ"), QStringLiteral("L")},
        {QStringLiteral("m"), QStringLiteral("M")},
        {QStringLiteral("n"), QStringLiteral("N")},
        {QStringLiteral("ŋ"), QStringLiteral("NG")},
        {QStringLiteral("p"), QStringLiteral("P")},
        {QStringLiteral("ɹ"), QStringLiteral("R")},
        {QStringLiteral("r"), QStringLiteral("R")},
        {QStringLiteral("ɾ"), QStringLiteral("T")},  // the American flap ("water")
        {QStringLiteral("ʔ"), QStringLiteral("T")},  // the glottal stop ("button")
        {QStringLiteral("s"), QStringLiteral("S")},
        {QStringLiteral("ʃ"), QStringLiteral("SH")},
        {QStringLiteral("t"), QStringLiteral("T")},
        {QStringLiteral("θ"), QStringLiteral("TH")},
        {QStringLiteral("v"), QStringLiteral("V")},
        {QStringLiteral("w"), QStringLiteral("W")},
        {QStringLiteral("ʍ"), QStringLiteral("W")},
        {QStringLiteral("j"), QStringLiteral("Y")},
        {QStringLiteral("z"), QStringLiteral("Z")},
        {QStringLiteral("ʒ"), QStringLiteral("ZH")},
    };
    return table;
}

}  // namespace

QString OperatorLanguage::phonesFromIpa(const QString& ipa) {
    // Stress, length, syllabic and tie marks carry nothing the phones keep.
    static const QRegularExpression marks(QStringLiteral("[ˈˌːˑ\\x{0329}\\x{0361}\\x{035C}]"));
    QString plain = ipa;
    plain.remove(marks);
    QStringList out;
    for (const QString& token :
         plain.split(QRegularExpression(QStringLiteral("[_\\s]+")), Qt::SkipEmptyParts)) {
        for (qsizetype at = 0; at < token.size();) {
            qsizetype length = std::min<qsizetype>(3, token.size() - at);
            for (; length > 0; --length) {
                const auto it = ipaPhones().constFind(token.mid(at, length));
                if (it != ipaPhones().constEnd()) {
                    out.append(*it);
                    break;
                }
            }
            if (length == 0)
                return {};
            at += length;
        }
    }
    return out.join(QLatin1Char(' '));
}

OperatorLanguage::OperatorLanguage(QStringList hosts) {
    for (QString& h : hosts)
        h = h.trimmed().toLower();
    hosts.removeAll(QString());
    hosts.removeDuplicates();
    m_hosts = hosts.isEmpty() ? QStringList{QStringLiteral("server")} : hosts;
}

QStringList OperatorLanguage::sentences() const {
    QStringList out;
    for (const char* tpl : kTemplates) {
        const QString t = QString::fromLatin1(tpl);
        for (const QString& host : m_hosts) {
            QStringList filled{QString(t).replace(QStringLiteral("{h}"), host)};
            if (t.contains(QLatin1String("{t}"))) {
                QStringList next;
                for (const QString& f : filled)
                    for (const char* thing : kThings)
                        next.append(
                            QString(f).replace(QStringLiteral("{t}"), QString::fromLatin1(thing)));
                filled = next;
            }
            if (t.contains(QLatin1String("{s}"))) {
                QStringList next;
                for (const QString& f : filled)
                    for (const char* service : kServices)
                        next.append(QString(f).replace(QStringLiteral("{s}"),
                                                       QString::fromLatin1(service)));
                filled = next;
            }
            out += filled;
        }
    }
    return out;
}

QStringList OperatorLanguage::words() const {
    QSet<QString> seen;
    for (const QString& s : sentences())
        for (const QString& w : s.split(QLatin1Char(' ')))
            seen.insert(w);
    QStringList all(seen.begin(), seen.end());
    all.sort();
    return all;
}

QString OperatorLanguage::arpa() const {
    // Counts of every n-gram, n = 1..3, with <s> and </s> around each sentence.
    std::map<Gram, int> counts[4];
    for (const QString& s : sentences()) {
        Gram w{QStringLiteral("<s>")};
        for (const QString& word : s.split(QLatin1Char(' ')))
            w.push_back(word);
        w.push_back(QStringLiteral("</s>"));
        for (int n = 1; n <= 3; ++n)
            for (std::size_t i = 0; i + n <= w.size(); ++i)
                ++counts[n][Gram(w.begin() + i, w.begin() + i + n)];
    }
    // Unigrams: relative frequency (<s> is never predicted).
    long total = 0;
    for (const auto& [g, c] : counts[1])
        if (g[0] != QLatin1String("<s>"))
            total += c;
    std::map<Gram, double> prob;
    for (const auto& [g, c] : counts[1])
        prob[g] = g[0] == QLatin1String("<s>") ? 0.0 : double(c) / double(total);
    // Higher orders: (count - D) / count of the history.
    std::map<Gram, std::pair<int, int>> history[4];  // total count, distinct followers
    for (int n = 2; n <= 3; ++n) {
        for (const auto& [g, c] : counts[n]) {
            auto& h = history[n][Gram(g.begin(), g.end() - 1)];
            h.first += c;
            h.second += 1;
        }
        for (const auto& [g, c] : counts[n])
            prob[g] = (c - kDiscount) / history[n][Gram(g.begin(), g.end() - 1)].first;
    }
    // Back-off weights: the mass left over, spread over the lower order's other words.
    std::map<Gram, double> backoff;
    const std::function<double(const Gram&)> lower = [&](const Gram& g) -> double {
        if (const auto it = prob.find(g); it != prob.end())
            return it->second;
        if (g.size() == 1)
            return 0.0;
        const Gram h(g.begin(), g.end() - 1);
        const auto b = backoff.find(h);
        return (b == backoff.end() ? 1.0 : b->second) * lower(Gram(g.begin() + 1, g.end()));
    };
    for (int n = 2; n <= 3; ++n) {
        std::map<Gram, double> covered;  // by history: what its seen followers take below
        for (const auto& [g, c] : counts[n])
            covered[Gram(g.begin(), g.end() - 1)] += lower(Gram(g.begin() + 1, g.end()));
        for (const auto& [h, stats] : history[n]) {
            const double left = kDiscount * stats.second / stats.first;
            const double seen = covered[h];
            backoff[h] = seen < 1.0 ? left / (1.0 - seen) : 1.0;
        }
    }
    QString out = QStringLiteral("\\data\\\n");
    for (int n = 1; n <= 3; ++n)
        out += QStringLiteral("ngram %1=%2\n").arg(n).arg(counts[n].size());
    for (int n = 1; n <= 3; ++n) {
        out += QStringLiteral("\n\\%1-grams:\n").arg(n);
        for (const auto& [g, c] : counts[n]) {
            const double p = prob[g];
            out += QString::number(p > 0 ? std::log10(p) : -99.0, 'f', 4);
            for (const QString& w : g)
                out += QLatin1Char(' ') + w;
            if (n < 3) {
                const auto b = backoff.find(g);
                out += QLatin1Char(' ') +
                       QString::number(b == backoff.end() ? 0.0 : std::log10(b->second), 'f', 4);
            }
            out += QLatin1Char('\n');
        }
    }
    out += QStringLiteral("\n\\end\\\n");
    return out;
}

QString OperatorLanguage::pronounce(const QString& word, const Lookup& lookup) {
    static const QRegularExpression runs(QStringLiteral("[a-z]+|[0-9]"));
    QStringList parts;
    auto it = runs.globalMatch(word.toLower());
    while (it.hasNext()) {
        const QString run = it.next().captured();
        const QString phones =
            run.at(0).isDigit() ? lookup(digitWords().value(run.at(0))) : splitLetters(run, lookup);
        if (phones.isEmpty())
            return {};
        parts.append(phones);
    }
    return parts.join(QLatin1Char(' '));
}

}  // namespace zerg
