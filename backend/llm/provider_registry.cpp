#include "llm/provider_registry.h"

#include "llm/anthropic_provider.h"
#include "llm/openai_provider.h"

#include <QCoreApplication>

namespace zerg {
namespace {

QString registryText(const char* text) {
    return QCoreApplication::translate("zerg::ProviderRegistry", text);
}

// "a", "a or b", "a, b or c".
QString orList(const QStringList& items) {
    if (items.size() < 2)
        return items.value(0);
    return QCoreApplication::translate("zerg::ProviderRegistry", "%1 or %2")
        .arg(items.mid(0, items.size() - 1).join(QStringLiteral(", ")), items.last());
}

// ---- OpenAI-compatible --------------------------------------------------------------------------

LlmProvider* createOpenAi(const ProviderParams& p) {
    return new OpenAiProvider(p.nam, p.baseUrl, p.apiKey, p.idleTimeoutMs, p.clock, p.parent);
}

// GET <base>/models with a bearer token.
ProbeRequest openAiModels(const QString& baseUrl, const QString& apiKey) {
    ProbeRequest r;
    r.shown = baseUrl + QStringLiteral("/models");
    r.url = QUrl(r.shown);
    if (!apiKey.isEmpty())
        r.headers.append({QByteArrayLiteral("Authorization"), "Bearer " + apiKey.toUtf8()});
    return r;
}

// ---- Anthropic ----------------------------------------------------------------------------------

LlmProvider* createAnthropic(const ProviderParams& p) {
    return new AnthropicProvider(p.nam, p.baseUrl, p.apiKey, p.idleTimeoutMs, p.clock, p.parent);
}

// <root>/v1/models, the root as AnthropicProvider takes it (without a pasted "/v1").
ProbeRequest anthropicRequest(const QString& baseUrl, const QString& apiKey, const QString& path,
                              const QString& query) {
    QString root = baseUrl;
    while (root.endsWith(QLatin1Char('/')))
        root.chop(1);
    if (root.endsWith(QLatin1String("/v1")))
        root.chop(3);
    ProbeRequest r;
    r.shown = root + QStringLiteral("/v1/models") + path;
    r.url = QUrl(query.isEmpty() ? r.shown : r.shown + u'?' + query);
    r.headers.append(
        {QByteArrayLiteral("anthropic-version"), QByteArray(AnthropicProvider::kApiVersion)});
    if (!apiKey.isEmpty())
        r.headers.append({QByteArrayLiteral("x-api-key"), apiKey.toUtf8()});
    return r;
}

ProbeRequest anthropicModels(const QString& baseUrl, const QString& apiKey) {
    return anthropicRequest(baseUrl, apiKey, QString(), QStringLiteral("limit=1000"));
}

// Anthropic's aliases (claude-sonnet-4-0) are not in the list but resolve one by one.
ProbeRequest anthropicModel(const QString& baseUrl, const QString& apiKey, const QString& model) {
    return anthropicRequest(baseUrl, apiKey, u'/' + model, QString());
}

QList<ProviderKind> makeKinds() {
    ProviderKind openai;
    openai.id = QStringLiteral("openai");
    openai.label = QT_TRANSLATE_NOOP("zerg::ProviderRegistry", "OpenAI-compatible");
    openai.serviceName = QT_TRANSLATE_NOOP("zerg::ProviderRegistry", "OpenAI");
    openai.description =
        QT_TRANSLATE_NOOP("zerg::ProviderRegistry",
                          "OpenAI, Ollama, llama.cpp, vLLM, LM Studio, OpenRouter and more");
    openai.defaultBaseUrl = QStringLiteral("https://api.openai.com/v1");
    openai.needsApiKey = true;
    openai.defaultModel = QStringLiteral("gpt-4o-mini");
    openai.keyPlaceholder =
        QT_TRANSLATE_NOOP("zerg::ProviderRegistry", "sk-… (platform.openai.com › API keys)");
    openai.keyMissing = QT_TRANSLATE_NOOP(
        "zerg::ProviderRegistry", "Enter your OpenAI API key (platform.openai.com, API keys).");
    openai.create = createOpenAi;
    openai.modelsRequest = openAiModels;

    ProviderKind anthropic;
    anthropic.id = QStringLiteral("anthropic");
    anthropic.label = QT_TRANSLATE_NOOP("zerg::ProviderRegistry", "Anthropic");
    anthropic.serviceName = QT_TRANSLATE_NOOP("zerg::ProviderRegistry", "Anthropic");
    anthropic.description = QT_TRANSLATE_NOOP("zerg::ProviderRegistry", "Anthropic's own API");
    anthropic.defaultBaseUrl = QStringLiteral("https://api.anthropic.com");
    anthropic.needsApiKey = true;
    anthropic.defaultModel = QStringLiteral("claude-sonnet-4-5");
    anthropic.keyPlaceholder =
        QT_TRANSLATE_NOOP("zerg::ProviderRegistry", "sk-ant-… (console.anthropic.com › API keys)");
    anthropic.keyMissing =
        QT_TRANSLATE_NOOP("zerg::ProviderRegistry",
                          "Enter your Anthropic API key (console.anthropic.com, Settings › API "
                          "keys).");
    anthropic.create = createAnthropic;
    anthropic.modelsRequest = anthropicModels;
    anthropic.modelRequest = anthropicModel;

    return {openai, anthropic};
}

QList<SettingField> makeSettingFields() {
    QList<SettingField> fields = Settings::fields();
    for (SettingField& f : fields) {
        if (f.key == QLatin1String("llm/provider"))
            f.choices = llm::providerIds();
    }
    return fields;
}

}  // namespace

QString ProviderKind::labelText() const {
    return registryText(label);
}

QString ProviderKind::serviceNameText() const {
    return registryText(serviceName);
}

QString ProviderKind::descriptionText() const {
    return registryText(description);
}

QString ProviderKind::keyPlaceholderText() const {
    return registryText(keyPlaceholder);
}

QString ProviderKind::keyMissingText() const {
    return registryText(keyMissing);
}

namespace llm {

const QList<ProviderKind>& providerKinds() {
    static const QList<ProviderKind> kinds = makeKinds();
    return kinds;
}

const ProviderKind* findProvider(const QString& id) {
    for (const ProviderKind& k : providerKinds()) {
        if (k.id == id)
            return &k;
    }
    return nullptr;
}

QStringList providerIds() {
    QStringList ids;
    for (const ProviderKind& k : providerKinds())
        ids.append(k.id);
    return ids;
}

const ProviderKind& openAiCompatible() {
    return *findProvider(QStringLiteral("openai"));
}

QString providerProblem(const Settings& s) {
    if (!findProvider(s.llmProvider)) {
        QStringList choices;
        for (const ProviderKind& k : providerKinds()) {
            choices.append(
                QStringLiteral("%1 (%2: %3)").arg(k.id, k.labelText(), k.descriptionText()));
        }
        return QCoreApplication::translate("zerg::ProviderRegistry",
                                           "Unknown LLM provider '%1'. Set ZERG_LLM_PROVIDER to "
                                           "%2.")
            .arg(s.llmProvider, orList(choices));
    }
    // The texts Settings::providerProblem() had, in its translation context.
    if (s.llmBaseUrl.isEmpty() && s.model.isEmpty()) {
        return QCoreApplication::translate(
            "zerg::Settings",
            "No language model is configured. Set ZERG_LLM_BASE_URL (for example "
            "http://127.0.0.1:11434/v1 for Ollama) and ZERG_MODEL, or configure a provider "
            "in Settings.");
    }
    if (s.llmBaseUrl.isEmpty()) {
        return QCoreApplication::translate(
            "zerg::Settings",
            "No LLM endpoint is configured. Set ZERG_LLM_BASE_URL (for example "
            "https://api.openai.com/v1).");
    }
    if (s.model.isEmpty()) {
        return QCoreApplication::translate(
            "zerg::Settings", "No model is configured. Set ZERG_MODEL (for example gpt-4o-mini).");
    }
    return {};
}

LlmProvider* createProvider(const Settings& s, QNetworkAccessManager* nam, Clock* clock,
                            QObject* parent) {
    const ProviderKind* kind = findProvider(s.llmProvider);
    if (!kind)
        kind = &openAiCompatible();
    ProviderParams params;
    params.nam = nam;
    params.baseUrl = s.llmBaseUrl;
    params.apiKey = s.llmApiKey;
    params.idleTimeoutMs = s.llmTimeoutSeconds * 1000;
    params.clock = clock;
    params.parent = parent;
    return kind->create(params);
}

const QList<SettingField>& settingFields() {
    static const QList<SettingField> fields = makeSettingFields();
    return fields;
}

Result<QVariant> validateSetting(const QString& key, const QVariant& value) {
    for (const SettingField& f : settingFields()) {
        if (f.key == key)
            return Settings::validate(f, value);
    }
    return Settings::validate(key, value);  // its "no such setting" error
}

QString providerHelp() {
    QStringList parts;
    for (const ProviderKind& k : providerKinds())
        parts.append(QStringLiteral("%1: %2.").arg(k.labelText(), k.descriptionText()));
    return parts.join(u' ');
}

}  // namespace llm
}  // namespace zerg
