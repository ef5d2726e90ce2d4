#pragma once

#include "core/result.h"
#include "llm/chat_types.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace zerg {

// The list price of one model in USD per million tokens. A missing cache price falls back to
// the input price: the provider then either has no cache pricing or we do not know it, and
// charging the full input price never understates the cost.
struct ModelPrice {
    QString provider;  // "openai", "anthropic" (the provider's kind())
    QString model;     // a model name or the prefix of a family of dated names
    double input = 0;
    double output = 0;
    std::optional<double> cacheRead;
    std::optional<double> cacheWrite;

    [[nodiscard]] double cacheReadOrInput() const { return cacheRead.value_or(input); }
    [[nodiscard]] double cacheWriteOrInput() const { return cacheWrite.value_or(input); }
};

// The pricing table: built-in list prices shipped as data (resources/pricing.json, compiled in
// as :/zerg/pricing.json) that a user's file can override and extend (same format).
//
// Matching a model name (case-insensitive), for the provider's entries:
//  1. an entry with exactly that name;
//  2. else the longest entry that is a prefix of the name followed by '-', ':' or '@', so the
//     dated "gpt-4o-2024-08-06" costs what "gpt-4o" does, "gpt-4o-mini-2024-07-18" what
//     "gpt-4o-mini" does, and "gpt-4.1" never borrows the price of "gpt-4";
//  3. a provider-qualified name ("openai/gpt-4o", as OpenRouter spells them) is tried as the
//     part after the last slash, first for the vendor named before it, then for the provider.
class Pricing {
public:
    // Parses the JSON format of resources/pricing.json. source names the data in errors
    // (a file path). Errors have code "pricing_invalid" and say which entry and what to fix.
    [[nodiscard]] static Result<Pricing> fromJson(const QByteArray& json, const QString& source);
    // The table compiled into the program. Never fails: a broken resource is a build defect,
    // logged, and gives an empty table (every cost unknown).
    [[nodiscard]] static Pricing builtIn();
    // builtIn(), then the entries of the user's file at overridePath replace those with the same
    // provider and model and add the others; its as_of, if any, replaces the built-in one.
    // An empty path or a missing file is fine (built-in only); an unreadable or invalid file is
    // an Error naming the file and the problem.
    [[nodiscard]] static Result<Pricing> load(const QString& overridePath);

    [[nodiscard]] std::optional<ModelPrice> find(const QString& provider,
                                                 const QString& model) const;
    // The cost in USD of one call with normalized usage (see Usage in chat_types.h):
    //   (prompt - cached - cacheWrite) * input + cached * cacheRead + cacheWrite * cacheWrite
    //   + completion * output, all per million tokens. Reasoning tokens are already part of
    //   completion. Local providers cost 0.0 whatever the model; an unknown model is nullopt.
    [[nodiscard]] std::optional<double> cost(const QString& provider, bool isLocal,
                                             const QString& model, const Usage& usage) const;
    [[nodiscard]] static double cost(const ModelPrice& price, const Usage& usage);

    // The date the prices were taken from ("YYYY-MM-DD"), empty if the data does not say.
    [[nodiscard]] QString asOf() const { return m_asOf; }
    [[nodiscard]] const QList<ModelPrice>& entries() const { return m_entries; }

private:
    // Replaces the entry with the same provider and model, or appends.
    void upsert(const ModelPrice& price);
    [[nodiscard]] std::optional<ModelPrice> findFor(const QString& provider,
                                                    const QString& model) const;

    QString m_asOf;
    QList<ModelPrice> m_entries;
};

}  // namespace zerg
