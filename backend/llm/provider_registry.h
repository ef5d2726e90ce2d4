#pragma once

#include "core/result.h"
#include "core/settings.h"
#include "llm/provider_probe.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QNetworkAccessManager;
class QObject;

namespace zerg {

class Clock;
class LlmProvider;

// What a provider kind's factory builds the wire provider from: the settings values Backend
// uses (base URL, API key, the idle timeout of one call) and what it owns (nam, clock, parent).
struct ProviderParams {
    QNetworkAccessManager* nam = nullptr;
    QString baseUrl;
    QString apiKey;
    int idleTimeoutMs = 0;
    Clock* clock = nullptr;
    QObject* parent = nullptr;
};

// One kind of LLM provider (one wire protocol): everything the rest of Zerg knows about it. The
// texts are English, translated in the context "zerg::ProviderRegistry" by the accessors.
struct ProviderKind {
    QString id;                    // the value of llm/provider and ZERG_LLM_PROVIDER: "openai"
    const char* label = "";        // the Settings page's choice: "OpenAI-compatible"
    const char* serviceName = "";  // the service at defaultBaseUrl, for the setup card: "OpenAI"
    const char* description = "";  // what it covers, one phrase without a final full stop
    QString defaultBaseUrl;        // the hosted service's API root
    bool needsApiKey = true;       // at defaultBaseUrl
    QString defaultModel;          // what the setup card suggests
    const char* keyPlaceholder =
        "";                       // the key field's hint: what a key looks like, where to get one
    const char* keyMissing = "";  // the setup card's error when no key is given or stored
    // The wire provider (owned by params.parent); never null.
    LlmProvider* (*create)(const ProviderParams& params) = nullptr;
    // The cheapest authenticated request the protocol has: its models list.
    ProbeRequest (*modelsRequest)(const QString& baseUrl, const QString& apiKey) = nullptr;
    // One model by name, for models a server serves but does not list (Anthropic's aliases);
    // null when the protocol has no such request.
    ProbeRequest (*modelRequest)(const QString& baseUrl, const QString& apiKey,
                                 const QString& model) = nullptr;

    [[nodiscard]] QString labelText() const;
    [[nodiscard]] QString serviceNameText() const;
    [[nodiscard]] QString descriptionText() const;
    [[nodiscard]] QString keyPlaceholderText() const;
    [[nodiscard]] QString keyMissingText() const;
};

// The provider registry: adding an LLM provider is one entry in provider_registry.cpp (plus its
// LlmProvider class in llm/). Settings validation and help, Backend's provider, the Settings page
// and the setup card (SettingsModel), the error the app shows without a provider and
// `zerg doctor` all read it.
//
// core/ sits below llm/, so core's Settings keeps the provider as a plain string and its field
// "llm/provider" is a Choice whose choices core leaves empty (core checks only that it is one
// lower-case word). The choices, their labels and the field's help come from here:
// settingFields() is Settings::fields() with that field completed, and validateSetting() checks
// against it. Whoever shows or validates settings (SettingsModel) goes through these two. The
// alternative, core calling up through a hook llm registers at start, would make core's answers
// depend on whether that registration happened.
namespace llm {

// In the order the Settings page and the setup card show them; the first is the default.
[[nodiscard]] const QList<ProviderKind>& providerKinds();
// The kind with that id, or nullptr.
[[nodiscard]] const ProviderKind* findProvider(const QString& id);
[[nodiscard]] QStringList providerIds();
// The kind that speaks to any OpenAI-compatible server (a local Ollama, a custom URL).
[[nodiscard]] const ProviderKind& openAiCompatible();

// What is wrong with or missing from the provider settings, phrased for the user (what
// happened and what to set); empty when a provider can be created and asked.
[[nodiscard]] QString providerProblem(const Settings& settings);
// The wire provider for the settings (no retries, no metering: Backend adds those). An unknown
// kind (providerProblem says so) gets the OpenAI-compatible one, as before the registry.
[[nodiscard]] LlmProvider* createProvider(const Settings& settings, QNetworkAccessManager* nam,
                                          Clock* clock, QObject* parent);

// Settings::fields() with "llm/provider" completed from the registry (its choices).
[[nodiscard]] const QList<SettingField>& settingFields();
// Settings::validate() against settingFields(): an unknown provider is refused with the choices.
[[nodiscard]] Result<QVariant> validateSetting(const QString& key, const QVariant& value);
// The help of "llm/provider", in the current language: each kind's label and description.
[[nodiscard]] QString providerHelp();

}  // namespace llm
}  // namespace zerg
