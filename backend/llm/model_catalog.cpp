#include "llm/model_catalog.h"

#include "core/settings.h"
#include "llm/provider_probe.h"
#include "llm/provider_registry.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrl>

namespace zerg {
namespace {

// The local servers' own words (their APIs' vocabularies, not Zerg's).
constexpr char kOllamaCompletion[] = "completion";  // a model that generates text
constexpr char kOllamaTools[] = "tools";
constexpr char kLmStudioToolUse[] = "tool_use";
constexpr char kLmStudioEmbeddings[] = "embeddings";  // "type" of an embedding model

// Ollama's /api/show is asked for a few models at a time: QNetworkAccessManager queues what it
// cannot send at once (six connections a host), and a queued request's timeout runs all the
// same, so sending every request at once could time out requests that were never sent.
constexpr int kShowsAtOnce = 4;

QString withoutTrailingSlash(QString url) {
    url = url.trimmed();
    while (url.endsWith(QLatin1Char('/')))
        url.chop(1);
    return url;
}

// One key for the spellings of one server: no trailing slash, "localhost" as 127.0.0.1.
QString serverKey(const QString& url) {
    QUrl u(withoutTrailingSlash(url));
    if (u.host() == QLatin1String("localhost"))
        u.setHost(QStringLiteral("127.0.0.1"));
    return u.toString();
}

// A request to a local server: no headers, so no API key.
ProbeRequest localRequest(const QString& url, ProbeRequest::ListFormat format) {
    ProbeRequest r;
    r.shown = url;
    r.url = QUrl(url);
    r.format = format;
    return r;
}

QStringList strings(const QJsonValue& array) {
    QStringList out;
    for (const QJsonValue& v : array.toArray())
        out.append(v.toString());
    return out;
}

}  // namespace

QString serverName(ModelSource source) {
    switch (source) {
        case ModelSource::Ollama:
            return QStringLiteral("Ollama");
        case ModelSource::LmStudio:
            return QStringLiteral("LM Studio");
        case ModelSource::LlamaServer:
            return QStringLiteral("llama-server");
        case ModelSource::Configured:
            break;
    }
    return {};
}

bool needsToolCalling(ModelRole role) {
    switch (role) {
        case ModelRole::Supervisor:
        case ModelRole::Worker:
        case ModelRole::Quick:
            return true;
        case ModelRole::Decider:
        case ModelRole::Summary:
            return false;
    }
    return true;
}

bool CatalogModel::usableFor(ModelRole role) const {
    return toolCalling != ToolCalling::No || !needsToolCalling(role);
}

ModelCatalogConfig ModelCatalogConfig::fromSettings(const Settings& s) {
    ModelCatalogConfig c;
    c.providerId = s.llmProvider;
    c.baseUrl = s.llmBaseUrl;
    c.apiKey = s.llmApiKey;
    c.ollamaUrl = s.ollamaUrl;
    return c;
}

ModelCatalog::ModelCatalog(QNetworkAccessManager* nam, ModelCatalogConfig config, Clock* clock,
                           QObject* parent)
    : QObject(parent), m_nam(nam), m_config(std::move(config)), m_clock(clock) {
    for (const auto& [source, name] : StatusTable<ModelSource>::names)
        run(source).info.source = source;
}

ModelCatalog::~ModelCatalog() = default;  // the probes are children: deleting them aborts them

void ModelCatalog::start() {
    if (m_started)
        return;
    m_started = true;
    startConfigured();
    startOllama();
    startLmStudio();
    startLlamaServer();
    if (m_asking == 0) {
        // finished() after start() returns, as when something is asked.
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_finished = true;
                Q_EMIT finished();
            },
            Qt::QueuedConnection);
    }
}

QList<CatalogModel> ModelCatalog::models() const {
    QList<CatalogModel> all;
    for (const Run& r : m_runs) {
        if (r.info.state == SourceState::Answered)
            all += r.models;
    }
    return all;
}

QList<CatalogModel> ModelCatalog::modelsFor(ModelRole role) const {
    QList<CatalogModel> usable;
    for (const CatalogModel& m : models()) {
        if (m.usableFor(role))
            usable.append(m);
    }
    return usable;
}

QList<CatalogSource> ModelCatalog::sources() const {
    QList<CatalogSource> all;
    for (const Run& r : m_runs)
        all.append(r.info);
    return all;
}

const CatalogSource& ModelCatalog::source(ModelSource which) const {
    return m_runs[std::size_t(which)].info;
}

int ModelCatalog::timeoutFor(ModelSource source) const {
    return source == ModelSource::Configured ? m_config.timeoutMs : m_config.localTimeoutMs;
}

void ModelCatalog::ask(ModelSource source, const ProbeRequest& request,
                       std::function<void(const ProbeRequest&, const ProbeAnswer&)> then) {
    auto* probe = new ProviderProbe(m_nam, request, m_clock, timeoutFor(source), this);
    connect(probe, &ProviderProbe::finished, this, [probe, then = std::move(then)] {
        probe->deleteLater();
        then(probe->request(), probe->answer());
    });
    probe->start();
}

// ---- The configured provider --------------------------------------------------------------------

void ModelCatalog::startConfigured() {
    Run& r = run(ModelSource::Configured);
    r.info.url = m_config.baseUrl;
    if (m_config.baseUrl.trimmed().isEmpty()) {
        r.info.message =
            tr("No provider is configured: choose one in Settings and enter its "
               "base URL (http://127.0.0.1:11434/v1 for a local Ollama).");
        return;
    }
    const ProviderKind* kind = llm::findProvider(m_config.providerId);
    if (!kind) {
        r.info.message =
            tr("Unknown provider '%1': choose one in Settings.").arg(m_config.providerId);
        return;
    }
    r.info.state = SourceState::Asking;
    ++m_asking;
    ask(ModelSource::Configured, kind->modelsRequest(m_config.baseUrl, m_config.apiKey),
        [this](const ProbeRequest& request, const ProbeAnswer& answer) {
            if (!takeList(ModelSource::Configured, answer))
                return fail(ModelSource::Configured, request, answer);
            sourceDone(ModelSource::Configured, SourceState::Answered);
        });
}

// ---- Ollama -------------------------------------------------------------------------------------

void ModelCatalog::startOllama() {
    Run& r = run(ModelSource::Ollama);
    r.info.url = withoutTrailingSlash(m_config.ollamaUrl);
    if (r.info.url.isEmpty())
        return;
    r.info.state = SourceState::Asking;
    ++m_asking;
    ask(ModelSource::Ollama,
        localRequest(r.info.url + QStringLiteral("/api/tags"),
                     ProbeRequest::ListFormat::OllamaTags),
        [this](const ProbeRequest& request, const ProbeAnswer& answer) {
            onOllamaTags(request, answer);
        });
}

void ModelCatalog::onOllamaTags(const ProbeRequest& request, const ProbeAnswer& answer) {
    if (!takeList(ModelSource::Ollama, answer))
        return fail(ModelSource::Ollama, request, answer);
    Run& r = run(ModelSource::Ollama);
    for (int i = 0; i < r.models.size(); ++i)
        r.toShow.append(i);
    showNext();
}

void ModelCatalog::showNext() {
    Run& r = run(ModelSource::Ollama);
    while (!r.stalled && r.showing < kShowsAtOnce && !r.toShow.isEmpty()) {
        const int index = r.toShow.takeFirst();
        ++r.showing;
        ProbeRequest request =
            localRequest(r.info.url + QStringLiteral("/api/show"), ProbeRequest::ListFormat::None);
        request.method = ProbeRequest::Method::Post;
        request.body = QJsonDocument(QJsonObject{{QStringLiteral("model"), r.models[index].id}})
                           .toJson(QJsonDocument::Compact);
        ask(ModelSource::Ollama, request,
            [this, index](const ProbeRequest&, const ProbeAnswer& answer) {
                onOllamaShow(index, answer);
            });
    }
    if (r.showing > 0)
        return;
    // Every model asked (or the server stuck): embedding models are no choice for a chat role.
    QList<CatalogModel> chat;
    for (int i = 0; i < r.models.size(); ++i) {
        if (!r.notChat.contains(i))
            chat.append(r.models[i]);
    }
    r.models = chat;
    sourceDone(ModelSource::Ollama, SourceState::Answered);
}

void ModelCatalog::onOllamaShow(int index, const ProbeAnswer& answer) {
    Run& r = run(ModelSource::Ollama);
    --r.showing;
    if (answer.status == 0) {
        // No answer for one model: the others would wait as long, so they stay unknown.
        r.stalled = true;
    } else if (answer.status / 100 == 2) {
        // Before Ollama 0.6 there is no such field: unknown.
        const QJsonValue capabilities =
            QJsonDocument::fromJson(answer.body).object().value(QStringLiteral("capabilities"));
        if (capabilities.isArray()) {
            const QStringList has = strings(capabilities);
            if (!has.contains(QLatin1String(kOllamaCompletion)))
                r.notChat.insert(index);
            r.models[index].toolCalling =
                has.contains(QLatin1String(kOllamaTools)) ? ToolCalling::Yes : ToolCalling::No;
        }
    }
    showNext();
}

// ---- LM Studio ----------------------------------------------------------------------------------

void ModelCatalog::startLmStudio() {
    Run& r = run(ModelSource::LmStudio);
    r.info.url = withoutTrailingSlash(m_config.lmStudioUrl);
    if (r.info.url.isEmpty())
        return;
    r.info.state = SourceState::Asking;
    ++m_asking;
    ask(ModelSource::LmStudio,
        localRequest(r.info.url + QStringLiteral("/api/v0/models"), ProbeRequest::ListFormat::Data),
        [this](const ProbeRequest& request, const ProbeAnswer& answer) {
            onLmStudioModels(request, answer);
        });
}

void ModelCatalog::onLmStudioModels(const ProbeRequest& request, const ProbeAnswer& answer) {
    Run& r = run(ModelSource::LmStudio);
    if (takeList(ModelSource::LmStudio, answer)) {
        QHash<QString, QJsonObject> byId;
        const QJsonArray data =
            QJsonDocument::fromJson(answer.body).object().value(QStringLiteral("data")).toArray();
        for (const QJsonValue& v : data) {
            const QJsonObject o = v.toObject();
            byId.insert(o.value(QStringLiteral("id")).toString(), o);
        }
        QList<CatalogModel> chat;
        for (CatalogModel m : std::as_const(r.models)) {
            const QJsonObject o = byId.value(m.id);
            if (o.value(QStringLiteral("type")).toString() == QLatin1String(kLmStudioEmbeddings))
                continue;
            // Without "tool_use" LM Studio still offers the model its default, prompt-based tool
            // use: unknown rather than no.
            if (strings(o.value(QStringLiteral("capabilities")))
                    .contains(QLatin1String(kLmStudioToolUse)))
                m.toolCalling = ToolCalling::Yes;
            chat.append(m);
        }
        r.models = chat;
        return sourceDone(ModelSource::LmStudio, SourceState::Answered);
    }
    // An LM Studio before 0.3.6 has no /api/v0, but its OpenAI-compatible list names the models.
    // Not after a refusal or a redirect: the list would be refused or redirected all the same.
    const bool v0 = request.url.path().endsWith(QLatin1String("/api/v0/models"));
    const bool answeredSomethingElse = answer.status != 0 && answer.status / 100 != 3 &&
                                       answer.status != 401 && answer.status != 403;
    if (!v0 || !answeredSomethingElse)
        return fail(ModelSource::LmStudio, request, answer);
    ask(ModelSource::LmStudio,
        localRequest(r.info.url + QStringLiteral("/v1/models"), ProbeRequest::ListFormat::Data),
        [this](const ProbeRequest& next, const ProbeAnswer& list) {
            if (!takeList(ModelSource::LmStudio, list))
                return fail(ModelSource::LmStudio, next, list);
            sourceDone(ModelSource::LmStudio, SourceState::Answered);
        });
}

// ---- llama-server -------------------------------------------------------------------------------

void ModelCatalog::startLlamaServer() {
    Run& r = run(ModelSource::LlamaServer);
    r.info.url = withoutTrailingSlash(m_config.llamaServerUrl);
    if (r.info.url.isEmpty())
        return;
    r.info.state = SourceState::Asking;
    ++m_asking;
    ask(ModelSource::LlamaServer,
        localRequest(r.info.url + QStringLiteral("/v1/models"), ProbeRequest::ListFormat::Data),
        [this](const ProbeRequest& request, const ProbeAnswer& answer) {
            onLlamaServerModels(request, answer);
        });
}

void ModelCatalog::onLlamaServerModels(const ProbeRequest& request, const ProbeAnswer& answer) {
    if (!takeList(ModelSource::LlamaServer, answer))
        return fail(ModelSource::LlamaServer, request, answer);
    Run& r = run(ModelSource::LlamaServer);
    // /props describes the server's one model; a server that routes between several models
    // (router mode) describes none there.
    if (r.models.size() != 1)
        return sourceDone(ModelSource::LlamaServer, SourceState::Answered);
    ask(ModelSource::LlamaServer,
        localRequest(r.info.url + QStringLiteral("/props"), ProbeRequest::ListFormat::None),
        [this](const ProbeRequest&, const ProbeAnswer& props) {
            // Both true: the chat template renders tools and the model's calls (a native
            // format). Anything else stays unknown (see the class comment).
            const QJsonObject caps = QJsonDocument::fromJson(props.body)
                                         .object()
                                         .value(QStringLiteral("chat_template_caps"))
                                         .toObject();
            if (props.status / 100 == 2 && caps.value(QStringLiteral("supports_tools")).toBool() &&
                caps.value(QStringLiteral("supports_tool_calls")).toBool())
                run(ModelSource::LlamaServer).models.first().toolCalling = ToolCalling::Yes;
            sourceDone(ModelSource::LlamaServer, SourceState::Answered);
        });
}

// ---- Answers ------------------------------------------------------------------------------------

bool ModelCatalog::takeList(ModelSource source, const ProbeAnswer& answer) {
    if (!answer.models)
        return false;
    Run& r = run(source);
    const bool configured = source == ModelSource::Configured;
    CatalogModel model;
    model.source = source;
    // Any local server is used through its OpenAI-compatible API.
    model.providerId = configured ? m_config.providerId : llm::openAiCompatible().id;
    model.baseUrl = configured ? m_config.baseUrl : r.info.url + QStringLiteral("/v1");
    r.models.clear();
    for (const QString& id : *answer.models) {
        model.id = id;
        r.models.append(model);
    }
    return true;
}

void ModelCatalog::fail(ModelSource source, const ProbeRequest& request,
                        const ProbeAnswer& answer) {
    const bool configured = source == ModelSource::Configured;
    const QString& shown = request.shown;
    const QString server = serverName(source);
    const QString status = QString::number(answer.status);

    if (answer.status == 0 && answer.networkError == QNetworkReply::ConnectionRefusedError) {
        switch (source) {
            case ModelSource::Configured:
                return sourceDone(
                    source, SourceState::Failed,
                    tr("Nothing answers at %1 (connection refused). Start the server, "
                       "or correct the base URL in Settings.")
                        .arg(shown));
            case ModelSource::Ollama:
                return sourceDone(source, SourceState::Absent,
                                  tr("No Ollama is running at %1. To use local models, install "
                                     "Ollama and start it (`ollama serve`).")
                                      .arg(run(source).info.url));
            case ModelSource::LmStudio:
                return sourceDone(source, SourceState::Absent,
                                  tr("LM Studio's server is not running at %1. To use its models, "
                                     "start it in LM Studio (Developer tab) or with `lms server "
                                     "start`.")
                                      .arg(run(source).info.url));
            case ModelSource::LlamaServer:
                return sourceDone(source, SourceState::Absent,
                                  tr("No llama-server is running at %1. To use a GGUF model, start "
                                     "one: `llama-server -m model.gguf --jinja`.")
                                      .arg(run(source).info.url));
        }
    }
    if (answer.status == 0 && answer.networkError == QNetworkReply::TimeoutError) {
        return sourceDone(source, SourceState::Failed,
                          tr("%1: %2. Check that the server is running and reachable, then "
                             "refresh the list.")
                              .arg(shown, answer.error));
    }
    if (answer.status == 0) {
        return sourceDone(source, SourceState::Failed,
                          configured
                              ? tr("%1 could not be reached: %2. Check the base URL in Settings.")
                                    .arg(shown, answer.error)
                              : tr("%1 could not be reached: %2. Check that %3 is running there.")
                                    .arg(shown, answer.error, server));
    }
    if (answer.status / 100 == 3) {
        const QString to = answer.location.isEmpty() ? tr("another address") : answer.location;
        return sourceDone(
            source, SourceState::Failed,
            configured
                ? tr("%1 redirects to %2 (HTTP %3). Zerg does not follow redirects, so that the "
                     "API key goes only to the address you set: use the address it redirects "
                     "to as the base URL.")
                      .arg(shown, to, status)
                : tr("%1 redirects to %2 (HTTP %3). Zerg does not follow redirects, so the %4 "
                     "there is not asked.")
                      .arg(shown, to, status, server));
    }
    if (answer.status == 401 || answer.status == 403) {
        if (!configured) {
            return sourceDone(source, SourceState::Failed,
                              tr("%1 asks for an API key (HTTP %2). Zerg sends the key only to "
                                 "the configured provider: to use this %3, make it the provider "
                                 "in Settings and enter its key there.")
                                  .arg(shown, status, server));
        }
        return sourceDone(
            source, SourceState::Failed,
            m_config.apiKey.isEmpty()
                ? tr("%1 refused the request (HTTP %2): it needs an API key and none is set. "
                     "Enter the key in Settings or store it with `zerg key set`.")
                      .arg(shown, status)
                : tr("%1 refused the request (HTTP %2): the API key was not accepted. Check that "
                     "the key belongs to this provider, then enter it again in Settings or with "
                     "`zerg key set`.")
                      .arg(shown, status));
    }
    sourceDone(source, SourceState::Failed,
               configured ? tr("%1 answered HTTP %2, not a list of models. Check that the base "
                               "URL is the API's root (…/v1 for OpenAI-compatible servers).")
                                .arg(shown, status)
                          : tr("%1 answered HTTP %2, not a list of models: something other "
                               "than %3 may be listening there.")
                                .arg(shown, status, server));
}

void ModelCatalog::sourceDone(ModelSource source, SourceState state, const QString& message) {
    Run& r = run(source);
    if (r.info.state != SourceState::Asking)
        return;
    r.info.state = state;
    r.info.message = message;
    if (state != SourceState::Answered)
        r.models.clear();
    completeConfigured();
    --m_asking;
    Q_EMIT sourceFinished(source);
    if (m_asking == 0 && !m_finished) {
        m_finished = true;
        Q_EMIT finished();
    }
}

void ModelCatalog::completeConfigured() {
    Run& configured = run(ModelSource::Configured);
    if (configured.info.state != SourceState::Answered)
        return;
    const QString server = serverKey(m_config.baseUrl);
    QHash<QString, ToolCalling> told;  // what a local server at the configured address said
    for (const Run& r : m_runs) {
        if (r.info.source == ModelSource::Configured || r.info.state != SourceState::Answered)
            continue;
        for (const CatalogModel& m : r.models) {
            if (m.toolCalling != ToolCalling::Unknown && serverKey(m.baseUrl) == server)
                told.insert(m.id, m.toolCalling);
        }
    }
    for (CatalogModel& m : configured.models) {
        if (m.toolCalling == ToolCalling::Unknown)
            m.toolCalling = told.value(m.id, ToolCalling::Unknown);
    }
}

}  // namespace zerg
