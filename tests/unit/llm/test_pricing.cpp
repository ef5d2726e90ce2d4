#include "llm/pricing.h"

#include <QDate>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;

namespace {

// Prices are sums of products of decimals: compare to a tolerance far below a cent's fraction.
bool near(double a, double b) {
    return qAbs(a - b) < 1e-12;
}

Usage usage(qint64 prompt, qint64 completion, qint64 cached = 0, qint64 cacheWrite = 0,
            qint64 reasoning = 0) {
    Usage u;
    u.promptTokens = prompt;
    u.completionTokens = completion;
    u.cachedTokens = cached;
    u.cacheWriteTokens = cacheWrite;
    u.reasoningTokens = reasoning;
    return u;
}

Pricing table(const QByteArray& json) {
    Result<Pricing> p = Pricing::fromJson(json, QStringLiteral("test"));
    if (!p)
        qWarning("%s", qPrintable(p.error().message));
    return p ? std::move(p).value() : Pricing();
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return {};
    f.write(content);
    return path;
}

}  // namespace

class TestPricing : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void builtInResourceParsesAndEveryEntryHasInputAndOutput() {
        // The raw data first: every entry spells out both prices (no silent defaults).
        QFile f(QStringLiteral(":/zerg/pricing.json"));
        QVERIFY2(f.open(QIODevice::ReadOnly), "the pricing resource is not compiled in");
        const QByteArray raw = f.readAll();
        const QJsonObject root = QJsonDocument::fromJson(raw).object();
        QCOMPARE(root.value(QLatin1String("currency")).toString(), QStringLiteral("USD"));
        QCOMPARE(root.value(QLatin1String("unit")).toString(),
                 QStringLiteral("per_million_tokens"));
        const QJsonArray models = root.value(QLatin1String("models")).toArray();
        QVERIFY(models.size() >= 10);
        for (const QJsonValue& v : models) {
            const QJsonObject o = v.toObject();
            const QByteArray name = o.value(QLatin1String("model")).toString().toUtf8();
            QVERIFY2(o.value(QLatin1String("input")).isDouble(), name.constData());
            QVERIFY2(o.value(QLatin1String("output")).isDouble(), name.constData());
        }

        const Result<Pricing> parsed = Pricing::fromJson(raw, QStringLiteral("built-in"));
        QVERIFY2(parsed, parsed ? "" : qPrintable(parsed.error().message));
        const Pricing p = Pricing::builtIn();
        QCOMPARE(p.entries().size(), models.size());  // no duplicate provider/model pairs
        QVERIFY(QDate::fromString(p.asOf(), Qt::ISODate).isValid());
        for (const ModelPrice& m : p.entries()) {
            QVERIFY2(m.input > 0 && m.output > 0, qPrintable(m.model));
            QVERIFY2(m.output >= m.input, qPrintable(m.model));
            if (m.provider == QLatin1String("anthropic")) {
                // Anthropic bills cache reads and writes at their own rates: both are listed.
                QVERIFY2(m.cacheRead && *m.cacheRead < m.input, qPrintable(m.model));
                QVERIFY2(m.cacheWrite && *m.cacheWrite > m.input, qPrintable(m.model));
            }
        }
        for (const char* model : {"gpt-4o", "gpt-4o-mini", "gpt-4.1", "gpt-4.1-mini",
                                  "gpt-4.1-nano", "o3-mini", "o4-mini"}) {
            QVERIFY2(p.find(QStringLiteral("openai"), QLatin1String(model)), model);
        }
        for (const char* model : {"claude-3-5-haiku", "claude-3-5-sonnet", "claude-3-7-sonnet",
                                  "claude-sonnet-4", "claude-opus-4"}) {
            QVERIFY2(p.find(QStringLiteral("anthropic"), QLatin1String(model)), model);
        }
    }

    void exactNameWinsThenLongestDatedPrefix() {
        const Pricing p = Pricing::builtIn();
        const QString openai = QStringLiteral("openai");
        auto modelOf = [&](const QString& provider, const char* name) {
            const auto m = p.find(provider, QLatin1String(name));
            return m ? m->model : QStringLiteral("<none>");
        };
        QCOMPARE(modelOf(openai, "gpt-4o"), QStringLiteral("gpt-4o"));
        QCOMPARE(modelOf(openai, "gpt-4o-2024-08-06"), QStringLiteral("gpt-4o"));
        QCOMPARE(modelOf(openai, "gpt-4o-mini-2024-07-18"), QStringLiteral("gpt-4o-mini"));
        QCOMPARE(modelOf(openai, "gpt-4.1-mini-2025-04-14"), QStringLiteral("gpt-4.1-mini"));
        QCOMPARE(modelOf(openai, "o3-mini-2025-01-31"), QStringLiteral("o3-mini"));
        QCOMPARE(modelOf(openai, "GPT-4o-2024-08-06"), QStringLiteral("gpt-4o"));
        // The first gpt-4o snapshot has its own (higher) list price: the exact entry wins.
        const auto may = p.find(openai, QStringLiteral("gpt-4o-2024-05-13"));
        QVERIFY(may);
        QCOMPARE(may->input, 5.0);
        const QString anthropic = QStringLiteral("anthropic");
        QCOMPARE(modelOf(anthropic, "claude-3-5-sonnet-20241022"),
                 QStringLiteral("claude-3-5-sonnet"));
        QCOMPARE(modelOf(anthropic, "claude-3-7-sonnet-latest"),
                 QStringLiteral("claude-3-7-sonnet"));
        QCOMPARE(modelOf(anthropic, "claude-sonnet-4-20250514"), QStringLiteral("claude-sonnet-4"));
        QCOMPARE(modelOf(anthropic, "claude-opus-4-1-20250805"), QStringLiteral("claude-opus-4-1"));
        // Prices belong to their provider.
        QVERIFY(!p.find(anthropic, QStringLiteral("gpt-4o")));
        QVERIFY(!p.find(openai, QString()));
    }

    void prefixMustEndAtAVersionSeparator() {
        const Pricing p = table(R"({"models": [
            {"provider": "openai", "model": "gpt-4", "input": 30, "output": 60}]})");
        QCOMPARE(p.entries().size(), 1);
        QVERIFY(p.find(QStringLiteral("openai"), QStringLiteral("gpt-4-0613")));
        QVERIFY(p.find(QStringLiteral("openai"), QStringLiteral("gpt-4:latest")));
        // Different models that merely start with the same letters are not "gpt-4".
        QVERIFY(!p.find(QStringLiteral("openai"), QStringLiteral("gpt-4o")));
        QVERIFY(!p.find(QStringLiteral("openai"), QStringLiteral("gpt-4.1")));
        QVERIFY(!p.find(QStringLiteral("openai"), QStringLiteral("gpt-")));
    }

    void openRouterQualifiedNames() {
        const Pricing p = Pricing::builtIn();
        const auto gpt = p.find(QStringLiteral("openai"), QStringLiteral("openai/gpt-4o"));
        QVERIFY(gpt);
        QCOMPARE(gpt->model, QStringLiteral("gpt-4o"));
        // Through OpenRouter every model speaks the OpenAI wire format; the vendor is in the name.
        const auto claude =
            p.find(QStringLiteral("openai"), QStringLiteral("anthropic/claude-3.5-sonnet"));
        QVERIFY(claude);
        QCOMPARE(claude->provider, QStringLiteral("anthropic"));
        QCOMPARE(claude->input, 3.0);
        const auto dated =
            p.find(QStringLiteral("openai"), QStringLiteral("anthropic/claude-sonnet-4-20250514"));
        QVERIFY(dated);
        QCOMPARE(dated->model, QStringLiteral("claude-sonnet-4"));
        QVERIFY(!p.find(QStringLiteral("openai"), QStringLiteral("meta-llama/llama-3-70b")));
        QVERIFY(!p.find(QStringLiteral("openai"), QStringLiteral("openai/")));
    }

    void localCostsNothingUnknownIsUnknown() {
        const Pricing p = Pricing::builtIn();
        const Usage u = usage(100000, 20000);
        for (const char* model : {"gpt-4o", "llama3.1:8b", "no-such-model", ""}) {
            const auto c = p.cost(QStringLiteral("openai"), true, QLatin1String(model), u);
            QVERIFY2(c.has_value(), model);
            QCOMPARE(*c, 0.0);
        }
        QVERIFY(!p.cost(QStringLiteral("openai"), false, QStringLiteral("no-such-model"), u));
        QVERIFY(!p.cost(QStringLiteral("openai"), false, QStringLiteral("llama3.1:8b"), u));
        // Unknown even for a call that used no tokens: nobody knows the price.
        QVERIFY(!Pricing().cost(QStringLiteral("openai"), false, QStringLiteral("gpt-4o"), {}));
        // A known model with zero tokens costs exactly nothing.
        QCOMPARE(p.cost(QStringLiteral("openai"), false, QStringLiteral("gpt-4o"), {}),
                 std::optional<double>(0.0));
    }

    void openAiCostWithCachedTokens() {
        const Pricing p = Pricing::builtIn();
        // gpt-4o: 2.50 input, 1.25 cached input, 10.00 output per million. OpenAI's prompt_tokens
        // (10,000) include the 4,000 cached ones; the 100 reasoning tokens are inside the 500.
        // 6,000 * 2.50 + 4,000 * 1.25 + 500 * 10 = 15,000 + 5,000 + 5,000 = 25,000 / 1e6.
        const auto c = p.cost(QStringLiteral("openai"), false, QStringLiteral("gpt-4o-2024-08-06"),
                              usage(10000, 500, 4000, 0, 100));
        QVERIFY(c);
        QVERIFY2(near(*c, 0.025), qPrintable(QString::number(*c, 'g', 17)));
    }

    void anthropicCostWithCacheReadAndWrite() {
        const Pricing p = Pricing::builtIn();
        // claude-sonnet-4: 3.00 input, 0.30 cache read, 3.75 cache write, 15.00 output.
        // Anthropic reported input_tokens 1,000 + cache_read 20,000 + cache_creation 2,000; the
        // provider normalized that to prompt 23,000 with cached 20,000 and cache writes 2,000.
        // 1,000 * 3 + 20,000 * 0.30 + 2,000 * 3.75 + 800 * 15 = 3,000 + 6,000 + 7,500 + 12,000.
        const auto c =
            p.cost(QStringLiteral("anthropic"), false, QStringLiteral("claude-sonnet-4-20250514"),
                   usage(23000, 800, 20000, 2000));
        QVERIFY(c);
        QVERIFY2(near(*c, 0.0285), qPrintable(QString::number(*c, 'g', 17)));
    }

    void missingCachePricesChargeTheInputPrice() {
        const Pricing p = table(R"({"models": [
            {"provider": "openai", "model": "plain", "input": 5, "output": 15, "cache_read": null}
        ]})");
        const auto m = p.find(QStringLiteral("openai"), QStringLiteral("plain"));
        QVERIFY(m);
        QVERIFY(!m->cacheRead && !m->cacheWrite);
        // 600 * 5 + 300 * 5 (cache read at input) + 100 * 5 (cache write at input) + 100 * 15.
        const auto c = p.cost(QStringLiteral("openai"), false, QStringLiteral("plain"),
                              usage(1000, 100, 300, 100));
        QVERIFY(c);
        QVERIFY2(near(*c, 0.0065), qPrintable(QString::number(*c, 'g', 17)));
    }

    void overrideFileReplacesAndExtends() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = writeFile(dir, QStringLiteral("pricing.json"), R"({
            "as_of": "2026-02-01",
            "models": [
              {"provider": "openai", "model": "gpt-4o", "input": 2.0, "output": 8.0,
               "cache_read": 1.0},
              {"provider": "openai", "model": "my-finetune", "input": 3, "output": 12}
            ]})");
        QVERIFY(!path.isEmpty());
        const Result<Pricing> loaded = Pricing::load(path);
        QVERIFY2(loaded, loaded ? "" : qPrintable(loaded.error().message));
        const Pricing builtIn = Pricing::builtIn();
        QCOMPARE(loaded->entries().size(), builtIn.entries().size() + 1);
        QCOMPARE(loaded->asOf(), QStringLiteral("2026-02-01"));

        const auto gpt = loaded->find(QStringLiteral("openai"), QStringLiteral("gpt-4o"));
        QVERIFY(gpt);
        QCOMPARE(gpt->input, 2.0);
        QCOMPARE(gpt->output, 8.0);
        QCOMPARE(gpt->cacheRead, std::optional<double>(1.0));
        // The dated names follow the overridden family price.
        const auto c = loaded->cost(QStringLiteral("openai"), false,
                                    QStringLiteral("gpt-4o-2024-11-20"), usage(1000000, 0));
        QVERIFY(c && near(*c, 2.0));
        const auto ft = loaded->cost(QStringLiteral("openai"), false, QStringLiteral("my-finetune"),
                                     usage(500000, 500000));
        QVERIFY(ft && near(*ft, 7.5));
        QVERIFY(!builtIn.find(QStringLiteral("openai"), QStringLiteral("my-finetune")));
        // Entries the user did not mention keep their built-in price.
        QCOMPARE(loaded->find(QStringLiteral("openai"), QStringLiteral("gpt-4o-mini"))->input,
                 builtIn.find(QStringLiteral("openai"), QStringLiteral("gpt-4o-mini"))->input);
    }

    void missingOverrideFileIsFine() {
        QTemporaryDir dir;
        const Result<Pricing> p = Pricing::load(dir.filePath(QStringLiteral("nope.json")));
        QVERIFY(p);
        QCOMPARE(p->entries().size(), Pricing::builtIn().entries().size());
        QCOMPARE(p->asOf(), Pricing::builtIn().asOf());
        QVERIFY(Pricing::load(QString()));
    }

    void invalidOverrideFileIsAClearError_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("not json") << QByteArray("{\"models\": [") << QStringLiteral("not JSON");
        QTest::newRow("no models") << QByteArray("{\"as_of\": \"2026-01-01\"}")
                                   << QStringLiteral("\"models\" must be a list");
        QTest::newRow("price as text")
            << QByteArray(R"({"models": [{"provider": "openai", "model": "gpt-4o",
                                          "input": "cheap", "output": 10}]})")
            << QStringLiteral("models[0] (openai/gpt-4o): \"input\" must be a number");
        QTest::newRow("negative cache price")
            << QByteArray(R"({"models": [{"provider": "openai", "model": "a", "input": 1,
                                          "output": 1},
                                         {"provider": "openai", "model": "b", "input": 1,
                                          "output": 2, "cache_read": -1}]})")
            << QStringLiteral("models[1] (openai/b): \"cache_read\" must be a number >= 0");
        QTest::newRow("no output") << QByteArray(R"({"models": [{"provider": "anthropic",
                                                     "model": "claude-x", "input": 1}]})")
                                   << QStringLiteral("\"output\" is missing");
        QTest::newRow("no model name")
            << QByteArray(R"({"models": [{"provider": "openai", "input": 1, "output": 1}]})")
            << QStringLiteral("models[0] needs a \"provider\" and a \"model\"");
        QTest::newRow("other currency") << QByteArray(R"({"currency": "EUR", "models": []})")
                                        << QStringLiteral("\"currency\" must be \"USD\"");
        QTest::newRow("other unit") << QByteArray(R"({"unit": "per_token", "models": []})")
                                    << QStringLiteral("\"unit\" must be \"per_million_tokens\"");
    }

    void invalidOverrideFileIsAClearError() {
        QFETCH(QByteArray, content);
        QFETCH(QString, mentions);
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("pricing.json"), content);
        const Result<Pricing> p = Pricing::load(path);
        QVERIFY(!p);
        QCOMPARE(p.error().code, QStringLiteral("pricing_invalid"));
        const QString message = p.error().message;
        QVERIFY2(message.contains(path), qPrintable(message));
        QVERIFY2(message.contains(mentions), qPrintable(message));
        // ...and what to do about it.
        QVERIFY2(message.contains(QStringLiteral("remove it to use the built-in prices")),
                 qPrintable(message));
    }

    void unreadableOverrideFileIsAnError() {
        QTemporaryDir dir;
        // A folder where the file should be: exists, cannot be read as a file.
        const QString path = dir.filePath(QStringLiteral("pricing.json"));
        QVERIFY(QDir().mkpath(path));
        const Result<Pricing> p = Pricing::load(path);
        QVERIFY(!p);
        QVERIFY2(p.error().message.contains(path), qPrintable(p.error().message));
    }
};

QTEST_GUILESS_MAIN(TestPricing)
#include "test_pricing.moc"
