// ModelCatalog against loopback HTTP stubs: the configured provider's list (OpenAI-compatible,
// Anthropic), Ollama's tags and per-model capabilities, LM Studio's capabilities (and its older
// API), llama-server's /props, sources that are not running, that never answer (timed out on a
// ManualClock: no test waits for wall-clock time) or that refuse the key or redirect; the key
// goes to the configured server only. Every URL is a stub's or a closed port's, so a server that
// happens to run on this machine is never asked.
#include "core/clock.h"
#include "http_stub.h"
#include "llm/model_catalog.h"
#include "temp_env.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTest>

using namespace zerg;
using zerg::test::HttpStub;

namespace {

const QString kKey = QStringLiteral("sk-test-key-0123456789");
constexpr int kTimeoutMs = 4000;
constexpr int kLocalTimeoutMs = 1500;

// Nothing configured and no local server: each test adds the sources it is about.
ModelCatalogConfig nothing() {
    ModelCatalogConfig c;
    c.baseUrl.clear();
    c.ollamaUrl.clear();
    c.lmStudioUrl.clear();
    c.llamaServerUrl.clear();
    c.timeoutMs = kTimeoutMs;
    c.localTimeoutMs = kLocalTimeoutMs;
    return c;
}

QString closedUrl() {
    return QStringLiteral("http://127.0.0.1:%1").arg(zerg::test::freeLoopbackPort());
}

const CatalogModel* find(const QList<CatalogModel>& models, const QString& id) {
    for (const CatalogModel& m : models) {
        if (m.id == id)
            return &m;
    }
    return nullptr;
}

QStringList ids(const QList<CatalogModel>& models) {
    QStringList out;
    for (const CatalogModel& m : models)
        out.append(m.id);
    return out;
}

// An Ollama whose /api/show answers by the model named in the body.
void serveOllama(HttpStub& ollama) {
    ollama.route("GET", "/api/tags", 200,
                 R"({"models":[{"name":"qwen3:8b"},{"name":"gemma3:4b"},{"name":"old:7b"},)"
                 R"({"name":"nomic-embed-text:latest"}]})");
    ollama.handle("POST", "/api/show", [](const HttpStub::Request& r) {
        const QString model =
            QJsonDocument::fromJson(r.body).object().value(QStringLiteral("model")).toString();
        HttpStub::Reply reply;
        if (model == QLatin1String("qwen3:8b"))
            reply.body = R"({"capabilities":["completion","tools","thinking"]})";
        else if (model == QLatin1String("gemma3:4b"))
            reply.body = R"({"capabilities":["completion","vision"]})";
        else if (model == QLatin1String("old:7b"))
            reply.body = R"({"modelfile":"FROM old","details":{"family":"llama"}})";
        else if (model == QLatin1String("nomic-embed-text:latest"))
            reply.body = R"({"capabilities":["embedding"]})";
        else
            reply = {404, R"({"error":"model not found"})", "application/json", {}};
        return reply;
    });
}

bool carriesKey(const HttpStub::Request& r) {
    if (r.headers.contains("authorization") || r.headers.contains("x-api-key"))
        return true;
    for (const QByteArray& value : r.headers) {
        if (value.contains(kKey.toUtf8()))
            return true;
    }
    return r.path.contains(kKey.toUtf8()) || r.body.contains(kKey.toUtf8());
}

}  // namespace

class TestModelCatalog : public QObject {
    Q_OBJECT

    ManualClock m_clock;
    QNetworkAccessManager m_nam;

    // Starts the catalog and waits for its one finished() (the stubs answer on the event loop).
    bool finish(ModelCatalog& catalog) {
        QSignalSpy done(&catalog, &ModelCatalog::finished);
        catalog.start();
        if (!done.wait())
            return false;
        QTest::qWait(20);  // a second finished() would come now
        return done.count() == 1 && catalog.isFinished();
    }

private Q_SLOTS:
    void theRolesThatNeedTools() {
        QVERIFY(needsToolCalling(ModelRole::Supervisor));
        QVERIFY(needsToolCalling(ModelRole::Worker));
        QVERIFY(needsToolCalling(ModelRole::Quick));  // its agent loop hands on by a tool
        QVERIFY(!needsToolCalling(ModelRole::Decider));
        QVERIFY(!needsToolCalling(ModelRole::Summary));
        // The role words are Settings::modelFor's.
        QCOMPARE(statusNames<ModelRole>(),
                 (QStringList{QStringLiteral("supervisor"), QStringLiteral("worker"),
                              QStringLiteral("quick"), QStringLiteral("decider"),
                              QStringLiteral("summary")}));

        CatalogModel m;
        for (const auto& [role, name] : StatusTable<ModelRole>::names) {
            m.toolCalling = ToolCalling::Unknown;
            QVERIFY2(m.usableFor(role), name);
            m.toolCalling = ToolCalling::Yes;
            QVERIFY2(m.usableFor(role), name);
            m.toolCalling = ToolCalling::No;
            QCOMPARE(m.usableFor(role), !needsToolCalling(role));
        }
    }

    void listsAConfiguredOpenAiCompatibleServer() {
        HttpStub server;
        QVERIFY(server.start());
        server.route("GET", "/v1/models", 200,
                     R"({"object":"list","data":[{"id":"gpt-4o-mini"},{"id":"o4-mini"}]})");
        ModelCatalogConfig c = nothing();
        c.providerId = QStringLiteral("openai");
        c.baseUrl = server.baseUrl() + QStringLiteral("/v1");
        c.apiKey = kKey;
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));

        const QList<CatalogModel> models = catalog.models();
        QCOMPARE(ids(models),
                 (QStringList{QStringLiteral("gpt-4o-mini"), QStringLiteral("o4-mini")}));
        for (const CatalogModel& m : models) {
            QCOMPARE(m.source, ModelSource::Configured);
            QCOMPARE(m.providerId, QStringLiteral("openai"));
            QCOMPARE(m.baseUrl, c.baseUrl);
            QCOMPARE(m.toolCalling, ToolCalling::Unknown);
            QVERIFY(m.usableFor(ModelRole::Supervisor));
        }
        const CatalogSource& configured = catalog.source(ModelSource::Configured);
        QCOMPARE(configured.state, SourceState::Answered);
        QCOMPARE(configured.url, c.baseUrl);
        QVERIFY(configured.message.isEmpty());
        QCOMPARE(server.requests().size(), 1);
        QCOMPARE(server.requests().first().headers.value("authorization"),
                 QByteArray("Bearer ") + kKey.toUtf8());

        // Every source is listed, in order; those without a URL were not asked.
        const QList<CatalogSource> sources = catalog.sources();
        QCOMPARE(sources.size(), 4);
        QCOMPARE(sources.at(0).source, ModelSource::Configured);
        QCOMPARE(sources.at(1).source, ModelSource::Ollama);
        QCOMPARE(sources.at(2).source, ModelSource::LmStudio);
        QCOMPARE(sources.at(3).source, ModelSource::LlamaServer);
        for (int i = 1; i < 4; ++i) {
            QCOMPARE(sources.at(i).state, SourceState::Skipped);
            QVERIFY(sources.at(i).message.isEmpty());
        }
    }

    void listsAnthropicsModelsWithItsOwnHeaders() {
        HttpStub anthropic;
        QVERIFY(anthropic.start());
        anthropic.route("GET", "/v1/models?limit=1000", 200,
                        R"({"data":[{"type":"model","id":"claude-sonnet-4-5"},)"
                        R"({"type":"model","id":"claude-haiku-4-5"}],"has_more":false})");
        ModelCatalogConfig c = nothing();
        c.providerId = QStringLiteral("anthropic");
        c.baseUrl = anthropic.baseUrl();
        c.apiKey = kKey;
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));

        QCOMPARE(ids(catalog.models()), (QStringList{QStringLiteral("claude-sonnet-4-5"),
                                                     QStringLiteral("claude-haiku-4-5")}));
        QCOMPARE(catalog.models().first().providerId, QStringLiteral("anthropic"));
        QCOMPARE(anthropic.requests().size(), 1);
        QCOMPARE(anthropic.requests().first().headers.value("x-api-key"), kKey.toUtf8());
        QVERIFY(anthropic.requests().first().headers.contains("anthropic-version"));
    }

    void ollamaSaysWhichModelsCallTools() {
        HttpStub ollama;
        QVERIFY(ollama.start());
        serveOllama(ollama);
        ModelCatalogConfig c = nothing();
        c.ollamaUrl = ollama.baseUrl() + QStringLiteral("/");
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));

        QCOMPARE(catalog.source(ModelSource::Ollama).state, SourceState::Answered);
        QCOMPARE(catalog.source(ModelSource::Ollama).url, ollama.baseUrl());
        const QList<CatalogModel> models = catalog.models();
        // The embedding model is no choice for a chat role.
        QCOMPARE(ids(models), (QStringList{QStringLiteral("qwen3:8b"), QStringLiteral("gemma3:4b"),
                                           QStringLiteral("old:7b")}));
        QCOMPARE(find(models, QStringLiteral("qwen3:8b"))->toolCalling, ToolCalling::Yes);
        QCOMPARE(find(models, QStringLiteral("gemma3:4b"))->toolCalling, ToolCalling::No);
        // An Ollama before 0.6 says nothing about capabilities.
        QCOMPARE(find(models, QStringLiteral("old:7b"))->toolCalling, ToolCalling::Unknown);
        for (const CatalogModel& m : models) {
            QCOMPARE(m.source, ModelSource::Ollama);
            QCOMPARE(m.providerId, QStringLiteral("openai"));
            QCOMPARE(m.baseUrl, ollama.baseUrl() + QStringLiteral("/v1"));
        }

        // A model without tools is offered for the roles without tools only.
        QCOMPARE(ids(catalog.modelsFor(ModelRole::Worker)),
                 (QStringList{QStringLiteral("qwen3:8b"), QStringLiteral("old:7b")}));
        QCOMPARE(ids(catalog.modelsFor(ModelRole::Supervisor)),
                 ids(catalog.modelsFor(ModelRole::Worker)));
        QCOMPARE(ids(catalog.modelsFor(ModelRole::Decider)), ids(models));

        // One /api/tags, then one /api/show per model, each naming it in a JSON body.
        QCOMPARE(ollama.requests().size(), 5);
        QStringList shown;
        for (const HttpStub::Request& r : ollama.requests()) {
            if (r.path != "/api/show")
                continue;
            QCOMPARE(r.method, QByteArray("POST"));
            QVERIFY(r.headers.value("content-type").startsWith("application/json"));
            shown.append(
                QJsonDocument::fromJson(r.body).object().value(QStringLiteral("model")).toString());
        }
        shown.sort();
        QCOMPARE(shown, (QStringList{QStringLiteral("gemma3:4b"),
                                     QStringLiteral("nomic-embed-text:latest"),
                                     QStringLiteral("old:7b"), QStringLiteral("qwen3:8b")}));
    }

    void lmStudioSaysWhichModelsWereTrainedForTools() {
        HttpStub lmStudio;
        QVERIFY(lmStudio.start());
        lmStudio.route("GET", "/api/v0/models", 200,
                       R"({"object":"list","data":[)"
                       R"({"id":"qwen2.5-7b-instruct","type":"llm","capabilities":["tool_use"]},)"
                       R"({"id":"gemma-3-4b","type":"vlm","capabilities":[]},)"
                       R"({"id":"llama-3.2-1b","type":"llm"},)"
                       R"({"id":"text-embedding-nomic-embed-text-v1.5","type":"embeddings"}]})");
        ModelCatalogConfig c = nothing();
        c.lmStudioUrl = lmStudio.baseUrl();
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));

        QCOMPARE(catalog.source(ModelSource::LmStudio).state, SourceState::Answered);
        const QList<CatalogModel> models = catalog.models();
        QCOMPARE(ids(models),
                 (QStringList{QStringLiteral("qwen2.5-7b-instruct"), QStringLiteral("gemma-3-4b"),
                              QStringLiteral("llama-3.2-1b")}));
        QCOMPARE(models.at(0).toolCalling, ToolCalling::Yes);
        // LM Studio gives the others its default tool use: not known to fail.
        QCOMPARE(models.at(1).toolCalling, ToolCalling::Unknown);
        QCOMPARE(models.at(2).toolCalling, ToolCalling::Unknown);
        QCOMPARE(models.at(0).source, ModelSource::LmStudio);
        QCOMPARE(models.at(0).baseUrl, lmStudio.baseUrl() + QStringLiteral("/v1"));
        QCOMPARE(lmStudio.requests().size(), 1);
    }

    void anOlderLmStudioIsAskedItsOpenAiList() {
        HttpStub lmStudio;  // no /api/v0: 404
        QVERIFY(lmStudio.start());
        lmStudio.route("GET", "/v1/models", 200, R"({"data":[{"id":"mistral-7b-instruct"}]})");
        ModelCatalogConfig c = nothing();
        c.lmStudioUrl = lmStudio.baseUrl();
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));

        QCOMPARE(catalog.source(ModelSource::LmStudio).state, SourceState::Answered);
        QCOMPARE(ids(catalog.models()), QStringList{QStringLiteral("mistral-7b-instruct")});
        QCOMPARE(catalog.models().first().toolCalling, ToolCalling::Unknown);
        QCOMPARE(lmStudio.requests().size(), 2);
        QCOMPARE(lmStudio.requests().at(0).path, QByteArray("/api/v0/models"));
        QCOMPARE(lmStudio.requests().at(1).path, QByteArray("/v1/models"));
    }

    void llamaServerPropsTellAboutItsOneModel() {
        HttpStub native;
        QVERIFY(native.start());
        native.route("GET", "/v1/models", 200,
                     R"({"object":"list","data":[{"id":"qwen2.5-7b-instruct-q4_k_m.gguf"}]})");
        native.route("GET", "/props", 200,
                     R"({"model_path":"qwen.gguf","chat_template_caps":)"
                     R"({"supports_tools":true,"supports_tool_calls":true}})");
        HttpStub plain;
        QVERIFY(plain.start());
        plain.route("GET", "/v1/models", 200, R"({"data":[{"id":"phi-2.gguf"}]})");
        plain.route("GET", "/props", 200, R"({"model_path":"phi-2.gguf","chat_template":"..."})");

        for (HttpStub* server : {&native, &plain}) {
            ModelCatalogConfig c = nothing();
            c.llamaServerUrl = server->baseUrl();
            ModelCatalog catalog(&m_nam, c, &m_clock);
            QVERIFY(finish(catalog));
            QCOMPARE(catalog.source(ModelSource::LlamaServer).state, SourceState::Answered);
            QCOMPARE(catalog.models().size(), 1);
            const CatalogModel m = catalog.models().first();
            QCOMPARE(m.source, ModelSource::LlamaServer);
            QCOMPARE(m.baseUrl, server->baseUrl() + QStringLiteral("/v1"));
            // Without the template's capabilities nothing is known: never "no".
            QCOMPARE(m.toolCalling, server == &native ? ToolCalling::Yes : ToolCalling::Unknown);
            QCOMPARE(server->requests().size(), 2);
        }
    }

    void aServerThatIsNotRunningSaysSo() {
        ModelCatalogConfig c = nothing();
        c.baseUrl = closedUrl() + QStringLiteral("/v1");
        c.apiKey = kKey;
        c.ollamaUrl = closedUrl();
        c.lmStudioUrl = closedUrl();
        c.llamaServerUrl = closedUrl();
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QSignalSpy each(&catalog, &ModelCatalog::sourceFinished);
        QVERIFY(finish(catalog));
        QCOMPARE(each.count(), 4);
        QVERIFY(catalog.models().isEmpty());

        // The configured server is expected to run: that is a failure, with the address.
        const CatalogSource& configured = catalog.source(ModelSource::Configured);
        QCOMPARE(configured.state, SourceState::Failed);
        QVERIFY2(configured.message.contains(c.baseUrl + QStringLiteral("/models")),
                 qPrintable(configured.message));
        QVERIFY2(configured.message.contains(QStringLiteral("base URL")),
                 qPrintable(configured.message));
        // A local server that does not run is merely absent, with how to start it.
        const CatalogSource& ollama = catalog.source(ModelSource::Ollama);
        QCOMPARE(ollama.state, SourceState::Absent);
        QVERIFY2(ollama.message.contains(c.ollamaUrl), qPrintable(ollama.message));
        QVERIFY2(ollama.message.contains(QStringLiteral("ollama serve")),
                 qPrintable(ollama.message));
        QCOMPARE(catalog.source(ModelSource::LmStudio).state, SourceState::Absent);
        QVERIFY(catalog.source(ModelSource::LmStudio)
                    .message.contains(QStringLiteral("lms server start")));
        QCOMPARE(catalog.source(ModelSource::LlamaServer).state, SourceState::Absent);
        QVERIFY(catalog.source(ModelSource::LlamaServer)
                    .message.contains(QStringLiteral("llama-server")));
    }

    void aSilentServerTimesOutOnTheClock() {
        QTcpServer silent;  // accepts, never answers
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        HttpStub ollama;
        QVERIFY(ollama.start());
        ollama.route("GET", "/api/tags", 200, R"({"models":[]})");
        ModelCatalogConfig c = nothing();
        c.baseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(silent.serverPort());
        c.ollamaUrl = ollama.baseUrl();
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QSignalSpy done(&catalog, &ModelCatalog::finished);
        catalog.start();

        // Ollama answers; the configured server is waited for until its time is up on the clock.
        QTRY_COMPARE(catalog.source(ModelSource::Ollama).state, SourceState::Answered);
        QTest::qWait(20);
        QCOMPARE(done.count(), 0);
        QCOMPARE(catalog.source(ModelSource::Configured).state, SourceState::Asking);
        m_clock.advance(kTimeoutMs - 1);
        QCOMPARE(done.count(), 0);
        m_clock.advance(1);
        QCOMPARE(done.count(), 1);
        const CatalogSource& configured = catalog.source(ModelSource::Configured);
        QCOMPARE(configured.state, SourceState::Failed);
        QVERIFY2(configured.message.contains(c.baseUrl + QStringLiteral("/models")),
                 qPrintable(configured.message));
        QVERIFY2(configured.message.contains(QStringLiteral("no answer within 4 s")),
                 qPrintable(configured.message));
        QVERIFY(catalog.isFinished());
    }

    void theKeyGoesOnlyToTheConfiguredServer() {
        HttpStub configured;
        QVERIFY(configured.start());
        configured.route("GET", "/v1/models", 200, R"({"data":[{"id":"gpt-4o"}]})");
        HttpStub ollama;
        QVERIFY(ollama.start());
        serveOllama(ollama);
        HttpStub lmStudio;
        QVERIFY(lmStudio.start());
        lmStudio.route("GET", "/v1/models", 200, R"({"data":[{"id":"lm"}]})");
        HttpStub llama;
        QVERIFY(llama.start());
        llama.route("GET", "/v1/models", 200, R"({"data":[{"id":"gguf"}]})");
        llama.route("GET", "/props", 200, R"({})");

        ModelCatalogConfig c = nothing();
        c.baseUrl = configured.baseUrl() + QStringLiteral("/v1");
        c.apiKey = kKey;
        c.ollamaUrl = ollama.baseUrl();
        c.lmStudioUrl = lmStudio.baseUrl();
        c.llamaServerUrl = llama.baseUrl();
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));
        for (const CatalogSource& s : catalog.sources())
            QVERIFY2(s.state == SourceState::Answered, qPrintable(statusName(s.source)));
        QCOMPARE(catalog.models().size(), 1 + 3 + 1 + 1);

        QCOMPARE(configured.requests().size(), 1);
        QVERIFY(carriesKey(configured.requests().first()));
        for (HttpStub* local : {&ollama, &lmStudio, &llama}) {
            QVERIFY(!local->requests().isEmpty());
            for (const HttpStub::Request& r : local->requests())
                QVERIFY2(!carriesKey(r), r.path.constData());
        }
    }

    void aRefusedKeyIsExplained() {
        HttpStub server;
        QVERIFY(server.start());
        server.route(
            "GET", "/v1/models", 401,
            R"({"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}})");
        for (const QString& key : {kKey, QString()}) {
            ModelCatalogConfig c = nothing();
            c.baseUrl = server.baseUrl() + QStringLiteral("/v1");
            c.apiKey = key;
            ModelCatalog catalog(&m_nam, c, &m_clock);
            QVERIFY(finish(catalog));
            const CatalogSource& s = catalog.source(ModelSource::Configured);
            QCOMPARE(s.state, SourceState::Failed);
            QVERIFY(catalog.models().isEmpty());
            QVERIFY2(s.message.contains(QStringLiteral("HTTP 401")), qPrintable(s.message));
            QVERIFY2(s.message.contains(c.baseUrl + QStringLiteral("/models")),
                     qPrintable(s.message));
            QVERIFY2(s.message.contains(QStringLiteral("zerg key set")), qPrintable(s.message));
            QVERIFY2(s.message.contains(key.isEmpty() ? QStringLiteral("none is set")
                                                      : QStringLiteral("not accepted")),
                     qPrintable(s.message));
            QVERIFY(!s.message.contains(kKey));  // the key itself is never shown
        }

        // A local server that wants a key is not given the configured one.
        HttpStub locked;
        QVERIFY(locked.start());
        locked.route("GET", "/api/v0/models", 401, R"({"error":"unauthorized"})");
        ModelCatalogConfig c = nothing();
        c.apiKey = kKey;
        c.lmStudioUrl = locked.baseUrl();
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));
        const CatalogSource& s = catalog.source(ModelSource::LmStudio);
        QCOMPARE(s.state, SourceState::Failed);
        QVERIFY2(s.message.contains(QStringLiteral("API key")), qPrintable(s.message));
        QCOMPARE(locked.requests().size(), 1);  // no second try at /v1/models after a refusal
        QVERIFY(!carriesKey(locked.requests().first()));
    }

    void redirectsAreNotFollowed() {
        HttpStub elsewhere;
        QVERIFY(elsewhere.start());
        elsewhere.route("GET", "/v1/models", 200, R"({"data":[{"id":"stolen"}]})");
        const QByteArray target = (elsewhere.baseUrl() + QStringLiteral("/v1/models")).toUtf8();
        HttpStub server;
        QVERIFY(server.start());
        server.handle("GET", "/v1/models", [target](const HttpStub::Request&) {
            return HttpStub::Reply{302, {}, "text/plain", {{"Location", target}}};
        });
        ModelCatalogConfig c = nothing();
        c.baseUrl = server.baseUrl() + QStringLiteral("/v1");
        c.apiKey = kKey;
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));

        QCOMPARE(server.requests().size(), 1);
        QVERIFY(elsewhere.requests().isEmpty());  // neither the request nor the key went there
        QVERIFY(catalog.models().isEmpty());
        const CatalogSource& s = catalog.source(ModelSource::Configured);
        QCOMPARE(s.state, SourceState::Failed);
        QVERIFY2(s.message.contains(QString::fromUtf8(target)), qPrintable(s.message));
        QVERIFY2(s.message.contains(QStringLiteral("HTTP 302")), qPrintable(s.message));
        QVERIFY2(s.message.contains(QStringLiteral("redirect")), qPrintable(s.message));
    }

    void aConfiguredLocalServerLendsItsCapabilities() {
        // The provider is the local Ollama through its OpenAI-compatible API: /v1/models says
        // nothing about tools, its /api/show does.
        HttpStub ollama;
        QVERIFY(ollama.start());
        serveOllama(ollama);
        ollama.route("GET", "/v1/models", 200,
                     R"({"data":[{"id":"qwen3:8b"},{"id":"gemma3:4b"},{"id":"old:7b"}]})");
        ModelCatalogConfig c = nothing();
        c.baseUrl = ollama.baseUrl() + QStringLiteral("/v1");
        c.ollamaUrl = ollama.baseUrl();
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));

        QList<CatalogModel> configured;
        for (const CatalogModel& m : catalog.models()) {
            if (m.source == ModelSource::Configured)
                configured.append(m);
        }
        QCOMPARE(ids(configured),
                 (QStringList{QStringLiteral("qwen3:8b"), QStringLiteral("gemma3:4b"),
                              QStringLiteral("old:7b")}));
        QCOMPARE(configured.at(0).toolCalling, ToolCalling::Yes);
        QCOMPARE(configured.at(1).toolCalling, ToolCalling::No);
        QCOMPARE(configured.at(2).toolCalling, ToolCalling::Unknown);
        QCOMPARE(configured.at(1).baseUrl, c.baseUrl);
    }

    void nothingToAskStillFinishesOnceLater() {
        ModelCatalog catalog(&m_nam, nothing(), &m_clock);
        QSignalSpy done(&catalog, &ModelCatalog::finished);
        catalog.start();
        QCOMPARE(done.count(), 0);  // not from inside start()
        QVERIFY(done.wait());
        catalog.start();  // once only
        QTest::qWait(20);
        QCOMPARE(done.count(), 1);
        const CatalogSource& configured = catalog.source(ModelSource::Configured);
        QCOMPARE(configured.state, SourceState::Skipped);
        QVERIFY2(configured.message.contains(QStringLiteral("Settings")),
                 qPrintable(configured.message));
    }

    void anUnknownProviderIsNotAsked() {
        HttpStub server;
        QVERIFY(server.start());
        ModelCatalogConfig c = nothing();
        c.providerId = QStringLiteral("nosuchkind");
        c.baseUrl = server.baseUrl() + QStringLiteral("/v1");
        c.apiKey = kKey;
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));
        QCOMPARE(catalog.source(ModelSource::Configured).state, SourceState::Skipped);
        QVERIFY(
            catalog.source(ModelSource::Configured).message.contains(QStringLiteral("nosuchkind")));
        QVERIFY(server.requests().isEmpty());
    }

    void somethingElseOnALocalPortIsNoServer() {
        HttpStub web;
        QVERIFY(web.start());
        web.route("GET", "/api/tags", 200, "<html>hello</html>", "text/html");
        ModelCatalogConfig c = nothing();
        c.ollamaUrl = web.baseUrl();
        ModelCatalog catalog(&m_nam, c, &m_clock);
        QVERIFY(finish(catalog));
        const CatalogSource& s = catalog.source(ModelSource::Ollama);
        QCOMPARE(s.state, SourceState::Failed);
        QVERIFY2(s.message.contains(QStringLiteral("HTTP 200")), qPrintable(s.message));
        QVERIFY2(s.message.contains(QStringLiteral("Ollama")), qPrintable(s.message));
    }

    void settingsGiveTheProviderAndOllama() {
        Settings s;
        s.llmProvider = QStringLiteral("anthropic");
        s.llmBaseUrl = QStringLiteral("https://api.anthropic.com");
        s.llmApiKey = kKey;
        s.ollamaUrl = QStringLiteral("http://127.0.0.1:11500");
        const ModelCatalogConfig c = ModelCatalogConfig::fromSettings(s);
        QCOMPARE(c.providerId, s.llmProvider);
        QCOMPARE(c.baseUrl, s.llmBaseUrl);
        QCOMPARE(c.apiKey, s.llmApiKey);
        QCOMPARE(c.ollamaUrl, s.ollamaUrl);
        QCOMPARE(c.lmStudioUrl, QStringLiteral("http://127.0.0.1:1234"));
        QCOMPARE(c.llamaServerUrl, QStringLiteral("http://127.0.0.1:8080"));
    }
};

QTEST_GUILESS_MAIN(TestModelCatalog)
#include "test_model_catalog.moc"
