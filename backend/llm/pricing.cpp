#include "llm/pricing.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QJsonValue>

namespace zerg {
namespace {

const QString kBuiltInPath = QStringLiteral(":/zerg/pricing.json");
constexpr double kPerMillion = 1'000'000.0;

Error invalid(const QString& source, const QString& problem) {
    return Error{QStringLiteral("pricing_invalid"),
                 QStringLiteral("The pricing file %1 is not valid: %2. Fix it (the format is "
                                "described in resources/README.md) or remove it to use the "
                                "built-in prices.")
                     .arg(source, problem)};
}

// A price field: a non-negative number. Absent or null is allowed only where optional.
bool readPrice(const QJsonObject& o, const char* key, bool optional, std::optional<double>* out,
               QString* problem) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.isUndefined() || v.isNull()) {
        if (optional) {
            *out = std::nullopt;
            return true;
        }
        *problem = QStringLiteral("\"%1\" is missing").arg(QLatin1String(key));
        return false;
    }
    if (!v.isDouble() || v.toDouble() < 0) {
        *problem = QStringLiteral("\"%1\" must be a number >= 0 (USD per million tokens)")
                       .arg(QLatin1String(key));
        return false;
    }
    *out = v.toDouble();
    return true;
}

// A model name followed by one of these continues the same model (a date, a tag, a version):
// "gpt-4o-2024-08-06", "llama3:8b", "claude-3-5-sonnet@20241022" (Vertex).
bool isPrefixOf(const QString& prefix, const QString& name) {
    if (name.size() <= prefix.size() || !name.startsWith(prefix, Qt::CaseInsensitive))
        return false;
    const QChar next = name.at(prefix.size());
    return next == QLatin1Char('-') || next == QLatin1Char(':') || next == QLatin1Char('@');
}

}  // namespace

Result<Pricing> Pricing::fromJson(const QByteArray& json, const QString& source) {
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return invalid(source, QStringLiteral("it is not JSON (%1 at byte %2)")
                                   .arg(parseError.errorString())
                                   .arg(parseError.offset));
    }
    if (!doc.isObject())
        return invalid(source, QStringLiteral("the top level must be a JSON object"));
    const QJsonObject root = doc.object();

    // Only one currency and unit exist; a file that says otherwise would be misread silently.
    const QJsonValue currency = root.value(QLatin1String("currency"));
    if (!currency.isUndefined() && currency.toString() != QLatin1String("USD"))
        return invalid(source, QStringLiteral("\"currency\" must be \"USD\""));
    const QJsonValue unit = root.value(QLatin1String("unit"));
    if (!unit.isUndefined() && unit.toString() != QLatin1String("per_million_tokens"))
        return invalid(source, QStringLiteral("\"unit\" must be \"per_million_tokens\""));
    const QJsonValue asOf = root.value(QLatin1String("as_of"));
    if (!asOf.isUndefined() && !asOf.isString())
        return invalid(source, QStringLiteral("\"as_of\" must be a date like \"2025-12-01\""));

    const QJsonValue models = root.value(QLatin1String("models"));
    if (!models.isArray())
        return invalid(source, QStringLiteral("\"models\" must be a list of prices"));

    Pricing p;
    p.m_asOf = asOf.toString();
    const QJsonArray list = models.toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject o = list.at(i).toObject();
        const QString provider = o.value(QLatin1String("provider")).toString().trimmed();
        const QString model = o.value(QLatin1String("model")).toString().trimmed();
        if (!list.at(i).isObject() || provider.isEmpty() || model.isEmpty()) {
            return invalid(source, QStringLiteral("models[%1] needs a \"provider\" and a "
                                                  "\"model\" name")
                                       .arg(i));
        }
        ModelPrice price{provider.toLower(), model.toLower(), 0, 0, {}, {}};
        std::optional<double> input, output;
        QString problem;
        if (!readPrice(o, "input", false, &input, &problem) ||
            !readPrice(o, "output", false, &output, &problem) ||
            !readPrice(o, "cache_read", true, &price.cacheRead, &problem) ||
            !readPrice(o, "cache_write", true, &price.cacheWrite, &problem)) {
            return invalid(
                source,
                QStringLiteral("models[%1] (%2/%3): %4").arg(i).arg(provider, model, problem));
        }
        price.input = *input;
        price.output = *output;
        p.upsert(price);
    }
    return p;
}

Pricing Pricing::builtIn() {
    QFile f(kBuiltInPath);
    if (!f.open(QIODevice::ReadOnly)) {
        qWarning(
            "zerg: the built-in pricing table %s is missing from this build; every cost "
            "will show as unknown",
            qPrintable(kBuiltInPath));
        return {};
    }
    Result<Pricing> p = fromJson(f.readAll(), kBuiltInPath);
    if (!p) {
        qWarning("zerg: %s", qPrintable(p.error().message));
        return {};
    }
    return std::move(p).value();
}

Result<Pricing> Pricing::load(const QString& overridePath) {
    Pricing p = builtIn();
    if (overridePath.isEmpty() || !QFileInfo::exists(overridePath))
        return p;
    QFile f(overridePath);
    if (!f.open(QIODevice::ReadOnly)) {
        return Error{QStringLiteral("pricing_invalid"),
                     QStringLiteral("Cannot read the pricing file %1: %2. Check its permissions "
                                    "or remove it to use the built-in prices.")
                         .arg(overridePath, f.errorString())};
    }
    const Result<Pricing> user = fromJson(f.readAll(), overridePath);
    if (!user)
        return user.error();
    for (const ModelPrice& price : user->entries())
        p.upsert(price);
    if (!user->asOf().isEmpty())
        p.m_asOf = user->asOf();
    return p;
}

void Pricing::upsert(const ModelPrice& price) {
    for (ModelPrice& e : m_entries) {
        if (e.provider == price.provider && e.model == price.model) {
            e = price;
            return;
        }
    }
    m_entries.append(price);
}

std::optional<ModelPrice> Pricing::findFor(const QString& provider, const QString& model) const {
    const ModelPrice* best = nullptr;
    for (const ModelPrice& e : m_entries) {
        if (e.provider.compare(provider, Qt::CaseInsensitive) != 0)
            continue;
        if (e.model.compare(model, Qt::CaseInsensitive) == 0)
            return e;
        if (isPrefixOf(e.model, model) && (!best || e.model.size() > best->model.size()))
            best = &e;
    }
    return best ? std::optional<ModelPrice>(*best) : std::nullopt;
}

std::optional<ModelPrice> Pricing::find(const QString& provider, const QString& model) const {
    const QString name = model.trimmed();
    if (name.isEmpty())
        return std::nullopt;
    if (auto p = findFor(provider, name))
        return p;
    const qsizetype slash = name.lastIndexOf(QLatin1Char('/'));
    if (slash <= 0 || slash == name.size() - 1)
        return std::nullopt;
    const QString bare = name.mid(slash + 1);
    // "anthropic/claude-3.5-haiku" through OpenRouter: the vendor is the first path segment.
    const QString vendor = name.left(name.indexOf(QLatin1Char('/')));
    if (auto p = findFor(vendor, bare))
        return p;
    return findFor(provider, bare);
}

double Pricing::cost(const ModelPrice& price, const Usage& u) {
    // Normalized usage: the cache reads and writes are parts of promptTokens, priced apart.
    const qint64 uncached = qMax<qint64>(0, u.promptTokens - u.cachedTokens - u.cacheWriteTokens);
    const double dollars = double(uncached) * price.input +
                           double(u.cachedTokens) * price.cacheReadOrInput() +
                           double(u.cacheWriteTokens) * price.cacheWriteOrInput() +
                           double(u.completionTokens) * price.output;
    return dollars / kPerMillion;
}

std::optional<double> Pricing::cost(const QString& provider, bool isLocal, const QString& model,
                                    const Usage& usage) const {
    if (isLocal)
        return 0.0;
    const std::optional<ModelPrice> price = find(provider, model);
    if (!price)
        return std::nullopt;
    return cost(*price, usage);
}

}  // namespace zerg
