#pragma once

#include "core/status.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QString>

#include <array>
#include <functional>
#include <utility>

class QNetworkAccessManager;

namespace zerg {

class Clock;
struct ProbeAnswer;
struct ProbeRequest;
struct Settings;

// Where a model of the catalog was found: the configured provider, or a local server probed
// whatever the provider is, so that the picker offers what runs on this machine too.
enum class ModelSource { Configured, Ollama, LmStudio, LlamaServer };

template <>
struct StatusTable<ModelSource> {
    static constexpr std::array<std::pair<ModelSource, const char*>, 4> names{{
        {ModelSource::Configured, "configured"},
        {ModelSource::Ollama, "ollama"},
        {ModelSource::LmStudio, "lm_studio"},
        {ModelSource::LlamaServer, "llama_server"},
    }};
};

// A local server's product name, the same in every language ("Ollama", "LM Studio",
// "llama-server"); empty for the configured provider.
[[nodiscard]] QString serverName(ModelSource source);

// Whether a model can call tools (function calling), as far as its server tells.
enum class ToolCalling {
    Yes,
    No,       // the server says so: Ollama refuses a request with tools for such a model
    Unknown,  // the server does not say (or not reliably): the model may be tried
};

template <>
struct StatusTable<ToolCalling> {
    static constexpr std::array<std::pair<ToolCalling, const char*>, 3> names{{
        {ToolCalling::Yes, "yes"},
        {ToolCalling::No, "no"},
        {ToolCalling::Unknown, "unknown"},
    }};
};

// What a model is picked for: one per model setting (llm/model, llm/worker_model,
// llm/quick_model, llm/decider_model, llm/summary_model). The words are the roles of
// Settings::modelFor().
enum class ModelRole { Supervisor, Worker, Quick, Decider, Summary };

template <>
struct StatusTable<ModelRole> {
    static constexpr std::array<std::pair<ModelRole, const char*>, 5> names{{
        {ModelRole::Supervisor, "supervisor"},
        {ModelRole::Worker, "worker"},
        {ModelRole::Quick, "quick"},
        {ModelRole::Decider, "decider"},
        {ModelRole::Summary, "summary"},
    }};
};

// Whether the role's model is given tools. The supervisor, the workers and the quick path run
// an agent loop with tools (the quick path's: current_time, the memory tools and
// route_to_supervisor, its only way to hand a request on); the decider and the summaries
// (worker summaries, the supervisor's memory) make plain requests without tools.
[[nodiscard]] bool needsToolCalling(ModelRole role);

// One model the user can pick.
struct CatalogModel {
    ModelSource source = ModelSource::Configured;
    // What to put in the settings to use it: llm/provider and llm/base_url. The configured
    // provider's as they are; a local server's OpenAI-compatible root (<server>/v1), whatever
    // the configured provider is.
    QString providerId;
    QString baseUrl;
    QString id;  // the model's name as the server takes it (llm/model)
    ToolCalling toolCalling = ToolCalling::Unknown;

    // False only for a role that needs tools and a model known not to call them.
    [[nodiscard]] bool usableFor(ModelRole role) const;
};

// How asking one source went.
enum class SourceState {
    Skipped,   // not asked: nothing configured for it (message says what to set, if anything)
    Asking,    // no answer yet
    Answered,  // it listed its models (perhaps none)
    Absent,    // nothing listens at a local server's address: it is not running
    Failed,    // refused, no answer in time, or something else than a list: message says
};

template <>
struct StatusTable<SourceState> {
    static constexpr std::array<std::pair<SourceState, const char*>, 5> names{{
        {SourceState::Skipped, "skipped"},
        {SourceState::Asking, "asking"},
        {SourceState::Answered, "answered"},
        {SourceState::Absent, "absent"},
        {SourceState::Failed, "failed"},
    }};
};

struct CatalogSource {
    ModelSource source = ModelSource::Configured;
    QString url;  // where it is asked: the configured base URL, a local server's root
    SourceState state = SourceState::Skipped;
    // For people, in the current language, when it did not answer: what happened and what to do.
    // Empty when it answered, and for a local source that is skipped.
    QString message;
};

// Where to look and how long to wait. Any URL may point anywhere (tests use loopback stubs); an
// empty local URL leaves that server out.
struct ModelCatalogConfig {
    QString providerId = QStringLiteral("openai");  // a kind of the provider registry
    QString baseUrl;                                // empty: no configured source
    QString apiKey;  // sent to baseUrl only: never to the local servers, never on a redirect
    QString ollamaUrl = QStringLiteral("http://127.0.0.1:11434");
    QString lmStudioUrl = QStringLiteral("http://127.0.0.1:1234");
    QString llamaServerUrl = QStringLiteral("http://127.0.0.1:8080");
    int timeoutMs = 10000;      // each request to the configured provider
    int localTimeoutMs = 2000;  // each request to a local server

    // The provider, base URL, key and Ollama URL of the settings; the other local servers at
    // their default addresses.
    [[nodiscard]] static ModelCatalogConfig fromSettings(const Settings& settings);
};

// The models the Settings page's picker offers: the configured provider's models list (the
// request of its kind in the provider registry, ProviderKind::modelsRequest) and what the local
// servers offer, each with whether it calls tools where the server tells:
//   Ollama        GET /api/tags, then POST /api/show {"model": name} per model: its
//                 "capabilities" (Ollama 0.6 and later) have "tools" or not; without the field,
//                 unknown. Models without "completion" (embedding models) are left out.
//   LM Studio     GET /api/v0/models: "tool_use" in "capabilities" (LM Studio 0.3.16 and later)
//                 means yes, its absence unknown (LM Studio gives every model a default,
//                 prompt-based tool use); embedding models are left out. A server without that
//                 API (older than 0.3.6) is asked GET /v1/models: unknown.
//   llama-server  GET /v1/models; when it serves one model, GET /props: chat_template_caps with
//                 supports_tools and supports_tool_calls true (a chat template with a native
//                 tool format) means yes. Anything else is unknown, not no: with --jinja,
//                 llama-server's generic tool-call format serves any model.
// A configured provider's model is unknown, unless the provider is one of these local servers
// (same base URL) and that server told about the model; that may come with a later source's
// sourceFinished(), so a reader reads models() again at each.
//
// Every request goes through ProviderProbe: redirects are not followed, the API key goes only to
// the configured base URL, each request times out on clock. All sources are asked at once;
// sourceFinished() is emitted once per source asked, then finished() exactly once (at once when
// nothing is asked, after start() returns). Deleting the catalog (deleteLater from its own
// signals) aborts what is under way.
class ModelCatalog : public QObject {
    Q_OBJECT
public:
    ModelCatalog(QNetworkAccessManager* nam, ModelCatalogConfig config, Clock* clock,
                 QObject* parent = nullptr);
    ~ModelCatalog() override;

    // Asks every source; a second call does nothing.
    void start();
    [[nodiscard]] bool isFinished() const { return m_finished; }

    // The models of the sources that have answered so far, by source (in ModelSource order),
    // each in its server's order.
    [[nodiscard]] QList<CatalogModel> models() const;
    // Those usable for the role (CatalogModel::usableFor).
    [[nodiscard]] QList<CatalogModel> modelsFor(ModelRole role) const;
    // Every source, in ModelSource order, asked or not.
    [[nodiscard]] QList<CatalogSource> sources() const;
    [[nodiscard]] const CatalogSource& source(ModelSource which) const;

Q_SIGNALS:
    void sourceFinished(zerg::ModelSource source);
    void finished();

private:
    struct Run {
        CatalogSource info;
        QList<CatalogModel> models;
        // Ollama's /api/show requests: the models still to ask, how many are under way, and
        // whether one went unanswered (then the rest are not asked: the server is stuck).
        QList<int> toShow;
        int showing = 0;
        bool stalled = false;
        QSet<int> notChat;  // the models whose capabilities lack "completion" (embedding models)
    };

    Run& run(ModelSource source) { return m_runs[std::size_t(source)]; }
    void ask(ModelSource source, const ProbeRequest& request,
             std::function<void(const ProbeRequest&, const ProbeAnswer&)> then);
    [[nodiscard]] int timeoutFor(ModelSource source) const;

    void startConfigured();
    void startOllama();
    void onOllamaTags(const ProbeRequest& request, const ProbeAnswer& answer);
    void showNext();
    void onOllamaShow(int index, const ProbeAnswer& answer);
    void startLmStudio();
    void onLmStudioModels(const ProbeRequest& request, const ProbeAnswer& answer);
    void startLlamaServer();
    void onLlamaServerModels(const ProbeRequest& request, const ProbeAnswer& answer);

    // A list answer made into the source's models (each unknown); false when it is no list.
    bool takeList(ModelSource source, const ProbeAnswer& answer);
    void fail(ModelSource source, const ProbeRequest& request, const ProbeAnswer& answer);
    void sourceDone(ModelSource source, SourceState state, const QString& message = {});
    // The configured provider's unknown models, completed from a local server at the same
    // address that told about them.
    void completeConfigured();

    QNetworkAccessManager* m_nam;
    ModelCatalogConfig m_config;
    Clock* m_clock;
    std::array<Run, StatusTable<ModelSource>::names.size()> m_runs;
    int m_asking = 0;
    bool m_started = false;
    bool m_finished = false;
};

}  // namespace zerg
