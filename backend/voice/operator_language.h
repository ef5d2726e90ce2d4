#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>

namespace zerg {

// What an operator says to Jarvis, as a language model the offline recognizer is biased with:
// sentences made from command templates ("check {thing} on {host}", "restart {service} on
// {host}", …), the things and services operators ask about, and this user's host aliases.
// docs/voice.md says why: pocketsphinx's generic model turns "check disk usage on cube" into
// "to be to use it on you"; interpolated with this one, the host aliases come out right.
class OperatorLanguage {
public:
    // hosts: the aliases of the hosts file, as written ("web1", "db2"); others are the words of
    // the templates. Aliases are lower-cased; an empty list uses "server".
    explicit OperatorLanguage(QStringList hosts);

    [[nodiscard]] const QStringList& hosts() const { return m_hosts; }
    // Every sentence of the corpus, words separated by single spaces.
    [[nodiscard]] QStringList sentences() const;
    // Every word the sentences use, sorted, once each.
    [[nodiscard]] QStringList words() const;

    // The corpus as a trigram model in ARPA text (log10 probabilities, absolute discounting
    // with back-off weights; <s> and </s> mark sentence ends), what pocketsphinx's
    // ngram_model_read takes.
    [[nodiscard]] QString arpa() const;

    // A pronunciation, in the recognizer's phones, for a word its dictionary lacks, made from
    // words it has: "web1" -> web + one, "testbox" -> test + box, "db2" -> d + b + two (letters
    // are words of the dictionary too). lookup gives a word's phones ("" when unknown). Empty
    // when no split works.
    using Lookup = std::function<QString(const QString& word)>;
    [[nodiscard]] static QString pronounce(const QString& word, const Lookup& lookup);

    // espeak-ng's IPA for a word (EspeakSynthesizer::phonemes: phonemes separated by '_',
    // words by spaces) in the recognizer's phones (the CMU dictionary's 39): "p_ˈoʊ_s_t_ɡ_ɚ_z"
    // -> "P OW S T G ER Z". Stress and length marks are dropped; British diphthongs before a
    // lost r keep it ("ɪə" -> IH R). Empty when a symbol has no counterpart.
    [[nodiscard]] static QString phonesFromIpa(const QString& ipa);

private:
    QStringList m_hosts;
};

}  // namespace zerg
