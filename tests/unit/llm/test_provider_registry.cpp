// The provider registry: one entry per provider kind, each complete (a factory whose provider
// says it is that kind, a models request), ids unique; the provider setting's choices, help and
// validation come from it; llm::providerProblem says what is wrong and what to set.
#include "core/clock.h"
#include "core/settings.h"
#include "llm/llm_provider.h"
#include "llm/provider_registry.h"

#include <QNetworkAccessManager>
#include <QSet>
#include <QTest>

#include <memory>

using namespace zerg;

class TestProviderRegistry : public QObject {
    Q_OBJECT

    static Settings configured(const QString& provider) {
        Settings s;
        s.llmProvider = provider;
        s.llmBaseUrl = QStringLiteral("http://127.0.0.1:9/v1");
        s.model = QStringLiteral("m1");
        return s;
    }

private Q_SLOTS:
    void everyEntryIsCompleteAndItsIdUnique() {
        QVERIFY(!llm::providerKinds().isEmpty());
        QSet<QString> ids;
        SystemClock clock;
        QNetworkAccessManager nam;
        for (const ProviderKind& k : llm::providerKinds()) {
            QVERIFY2(!ids.contains(k.id), qPrintable(k.id));
            ids.insert(k.id);
            QCOMPARE(k.id, k.id.trimmed().toLower());
            QVERIFY2(k.create, qPrintable(k.id));
            QVERIFY2(k.modelsRequest, qPrintable(k.id));
            QVERIFY2(!k.labelText().isEmpty() && !k.serviceNameText().isEmpty() &&
                         !k.descriptionText().isEmpty() && !k.keyPlaceholderText().isEmpty() &&
                         !k.keyMissingText().isEmpty(),
                     qPrintable(k.id));
            QVERIFY2(Settings::isWebUrl(k.defaultBaseUrl), qPrintable(k.id));
            QVERIFY2(!k.defaultModel.isEmpty(), qPrintable(k.id));
            QCOMPARE(llm::findProvider(k.id), &k);

            // The factory builds the wire provider of that kind, owned by the parent.
            QObject parent;
            Settings s = configured(k.id);
            LlmProvider* p = llm::createProvider(s, &nam, &clock, &parent);
            QVERIFY(p);
            QCOMPARE(p->kind(), k.id);
            QCOMPARE(p->parent(), &parent);

            // The models list goes to the configured server, with the key in a header only.
            const ProbeRequest r = k.modelsRequest(k.defaultBaseUrl, QStringLiteral("sk-x"));
            QVERIFY2(
                r.url.toString().startsWith(
                    QUrl(k.defaultBaseUrl).toString(QUrl::RemovePath | QUrl::StripTrailingSlash)),
                qPrintable(r.url.toString()));
            QVERIFY(!r.url.toString().contains(QStringLiteral("sk-x")));
            QVERIFY(!r.shown.contains(QStringLiteral("sk-x")));
            bool keySent = false;
            for (const auto& [name, value] : r.headers)
                keySent = keySent || value.contains("sk-x");
            QVERIFY2(keySent, qPrintable(k.id));
        }
        QCOMPARE(llm::providerIds().size(), ids.size());
        QCOMPARE(llm::openAiCompatible().id, QStringLiteral("openai"));
    }

    void theKnownRequestsAreThoseOfTheProtocols() {
        const ProviderKind* openai = llm::findProvider(QStringLiteral("openai"));
        QVERIFY(openai);
        QCOMPARE(openai->modelsRequest(QStringLiteral("http://h:1/v1"), QString()).url,
                 QUrl(QStringLiteral("http://h:1/v1/models")));
        QVERIFY(
            openai->modelsRequest(QStringLiteral("http://h:1/v1"), QString()).headers.isEmpty());
        const ProviderKind* anthropic = llm::findProvider(QStringLiteral("anthropic"));
        QVERIFY(anthropic);
        // A pasted "/v1" is not doubled, as AnthropicProvider does.
        const ProbeRequest list =
            anthropic->modelsRequest(QStringLiteral("http://h:1/v1"), QStringLiteral("k"));
        QCOMPARE(list.url, QUrl(QStringLiteral("http://h:1/v1/models?limit=1000")));
        QCOMPARE(list.shown, QStringLiteral("http://h:1/v1/models"));
        QVERIFY(anthropic->modelRequest);
        QCOMPARE(anthropic
                     ->modelRequest(QStringLiteral("http://h:1"), QString(),
                                    QStringLiteral("claude-sonnet-4-0"))
                     .url,
                 QUrl(QStringLiteral("http://h:1/v1/models/claude-sonnet-4-0")));
    }

    void providerProblemSaysWhatIsWrongAndWhatToSet() {
        QCOMPARE(llm::providerProblem(configured(QStringLiteral("openai"))), QString());
        QCOMPARE(llm::providerProblem(configured(QStringLiteral("anthropic"))), QString());

        const QString unknown = llm::providerProblem(configured(QStringLiteral("gemini")));
        QVERIFY2(unknown.contains(QStringLiteral("'gemini'")), qPrintable(unknown));
        QVERIFY(unknown.contains(QStringLiteral("ZERG_LLM_PROVIDER")));
        for (const QString& id : llm::providerIds())
            QVERIFY2(unknown.contains(id), qPrintable(unknown));

        Settings nothing = configured(QStringLiteral("openai"));
        nothing.llmBaseUrl.clear();
        nothing.model.clear();
        const QString none = llm::providerProblem(nothing);
        QVERIFY(none.contains(QStringLiteral("No language model is configured")));
        QVERIFY(none.contains(QStringLiteral("ZERG_LLM_BASE_URL")));
        QVERIFY(none.contains(QStringLiteral("ZERG_MODEL")));

        Settings noUrl = configured(QStringLiteral("openai"));
        noUrl.llmBaseUrl.clear();
        QVERIFY(llm::providerProblem(noUrl).contains(QStringLiteral("ZERG_LLM_BASE_URL")));
        QVERIFY(!llm::providerProblem(noUrl).contains(QStringLiteral("ZERG_MODEL")));

        Settings noModel = configured(QStringLiteral("anthropic"));
        noModel.model.clear();
        QVERIFY(llm::providerProblem(noModel).contains(QStringLiteral("ZERG_MODEL")));
    }

    void theProviderSettingTakesItsChoicesFromTheRegistry() {
        const SettingField* field = nullptr;
        for (const SettingField& f : llm::settingFields()) {
            if (f.key == QLatin1String("llm/provider"))
                field = &f;
        }
        QVERIFY(field);
        QCOMPARE(field->choices, llm::providerIds());
        QCOMPARE(llm::settingFields().size(), Settings::fields().size());

        const Result<QVariant> ok =
            llm::validateSetting(QStringLiteral("llm/provider"), QStringLiteral(" Anthropic "));
        QVERIFY(ok);
        QCOMPARE(ok.value().toString(), QStringLiteral("anthropic"));
        const Result<QVariant> bad =
            llm::validateSetting(QStringLiteral("llm/provider"), QStringLiteral("gemini"));
        QVERIFY(!bad);
        QCOMPARE(bad.error().code, QStringLiteral("unknown_choice"));
        QVERIFY2(bad.error().message.contains(llm::providerIds().join(QStringLiteral(", "))),
                 qPrintable(bad.error().message));
        // Other keys validate as in core.
        QVERIFY(!llm::validateSetting(QStringLiteral("smtp/port"), 70000));
        QCOMPARE(llm::validateSetting(QStringLiteral("llm/colour"), 1).error().code,
                 QStringLiteral("unknown_setting"));

        const QString help = llm::providerHelp();
        for (const ProviderKind& k : llm::providerKinds()) {
            QVERIFY2(help.contains(k.labelText() + QStringLiteral(": ") + k.descriptionText()),
                     qPrintable(help));
        }
    }
};

QTEST_GUILESS_MAIN(TestProviderRegistry)
#include "test_provider_registry.moc"
