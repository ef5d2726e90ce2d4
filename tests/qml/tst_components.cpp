// Qt Quick Tests of the app's QML components (tests/qml/tst_*.qml) over the real backend models,
// with the backend itself replaced by fakes: a ConversationBackend that starts runs the way
// JarvisService does (supervisor_started published from inside ask()), and a WorkerSource
// with fixed rows. `testSupport` lets the QML tests publish events and read what the UI asked.
// Schedules and the task inbox are real (their local sources: a ScheduleService over a
// ScheduleStore on a temporary SQLite file, with a fake supervisor); `scheduleSupport` delivers
// results and reads replies. Settings › MCP servers is real too (LocalMcpSource over an McpServers
// that is not started, and an mcp.json in the test's folder with one disabled server, "fs").
// Dashboard › Agents is real too (LocalAgentsSource over an AgentProfileStore on the same
// database, with fixed tools and settings' models).
#include "core/clock.h"
#include "core/event_bus.h"
#include "dashboard/agents_source.h"
#include "dashboard/approvals_source.h"
#include "dashboard/hosts_source.h"
#include "dashboard/inbox_source.h"
#include "dashboard/mcp_source.h"
#include "dashboard/schedules_source.h"
#include "dashboard/worker_source.h"
#include "fake_microphone.h"
#include "http_stub.h"
#include "local_only_network.h"
#include "mcp/mcp_servers.h"
#include "realtime_stand_in.h"
#include "schedule/schedule_service.h"
#include "schedule_fixture.h"
#include "storage/agent_profiles.h"
#include "storage/approval_store.h"
#include "storage/artifact_store.h"
#include "storage/database.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "temp_env.h"
#include "ui/agents_model.h"
#include "ui/app_language.h"
#include "ui/approvals_model.h"
#include "ui/checks_model.h"
#include "ui/conversation_backend.h"
#include "ui/hosts_model.h"
#include "ui/inbox_model.h"
#include "ui/jarvis_controller.h"
#include "ui/mcp_servers_model.h"
#include "ui/model_picker.h"
#include "ui/realtime_conversation.h"
#include "ui/schedules_model.h"
#include "ui/settings_model.h"
#include "ui/spoken_answers.h"
#include "ui/voice_input.h"
#include "ui/window_close.h"
#include "ui/worker_table_model.h"
#include "voice/espeak_synthesizer.h"

#include <QtQml/qqmlextensionplugin.h>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QQmlContext>
#include <QQmlEngine>
#include <QSettings>
#include <QTemporaryDir>
#include <QtQuickTest>

#include <memory>

Q_IMPORT_QML_PLUGIN(Zerg_BackendPlugin)
Q_IMPORT_QML_PLUGIN(Zerg_AppPlugin)

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;

class FakeConversation final : public ConversationBackend {
public:
    explicit FakeConversation(EventBus* bus) : m_bus(bus) {}
    void ask(const QString& text, QObject*, AskDone done) override {
        asked.append(text);
        const qint64 runId = ++m_lastRun;
        m_bus->publish(QStringLiteral("supervisor_started"), kOwner,
                       {{QStringLiteral("run_id"), runId},
                        {QStringLiteral("task"), text},
                        {QStringLiteral("mode"), QStringLiteral("supervisor")}});
        done(runId);
    }
    void cancelRun(qint64 runId) override { cancelledRuns.append(runId); }
    void cancelWorker(qint64 jobId) override { cancelledWorkers.append(jobId); }
    QString setupProblem() const override { return problem; }
    void recordSpoken(const QString&, const QString&, bool, QObject*, RecordDone done) override {
        done(Ok{});
    }

    QStringList asked;
    QList<qint64> cancelledRuns;
    QList<qint64> cancelledWorkers;
    QString problem;

private:
    EventBus* m_bus;
    qint64 m_lastRun = 0;
};

class FakeDashboard final : public WorkerSource {
public:
    Result<QList<WorkerRow>> recentWorkers(int limit) const override { return rows.mid(0, limit); }
    QList<WorkerRow> rows;
};

using FakeRunner = zerg::test::RecordingRunner;

}  // namespace

// What the schedule and inbox tests drive and inspect, as the context property
// `scheduleSupport`.
class ScheduleSupport : public QObject {
    Q_OBJECT
public:
    ScheduleSupport(ScheduleService* service, ScheduleStore* store, FakeRunner* runner,
                    InboxModel* inbox, QObject* parent)
        : QObject(parent), m_service(service), m_store(store), m_runner(runner) {
        connect(inbox, &InboxModel::replyRequested, this,
                [this](const QString& text) { m_replies.append(text); });
    }

    // Runs the schedule called name now and finishes it with answer: a new inbox item.
    Q_INVOKABLE bool deliver(const QString& name, const QString& answer) {
        const Result<ScheduleRecord> schedule = m_store->findSchedule(kOwner, name);
        m_runner->lastRun = 0;
        if (!schedule || !m_service->runNow(schedule->id).ok() || m_runner->lastRun == 0)
            return false;
        m_service->runFinished(m_runner->lastRun, RunStatus::Success, answer, false);
        m_runner->lastRun = 0;
        return true;
    }
    Q_INVOKABLE QStringList replies() const { return m_replies; }

private:
    ScheduleService* m_service;
    ScheduleStore* m_store;
    FakeRunner* m_runner;
    QStringList m_replies;
};

// What the QML tests drive and inspect, as the context property `testSupport`.
class TestSupport : public QObject {
    Q_OBJECT
public:
    TestSupport(EventBus* bus, FakeConversation* conversation, JarvisController* controller,
                QObject* parent)
        : QObject(parent), m_bus(bus), m_conversation(conversation), m_controller(controller) {}

    // Publishes an event for the local owner; data is a JS object.
    Q_INVOKABLE void publish(const QString& name, const QVariantMap& data) {
        m_bus->publish(name, kOwner, QJsonObject::fromVariantMap(data));
    }
    Q_INVOKABLE QStringList asked() const { return m_conversation->asked; }
    Q_INVOKABLE QVariantList cancelledWorkers() const {
        QVariantList out;
        for (qint64 id : m_conversation->cancelledWorkers)
            out.append(id);
        return out;
    }
    Q_INVOKABLE int cancelledRuns() const { return int(m_conversation->cancelledRuns.size()); }
    Q_INVOKABLE void setSetupProblem(const QString& problem) {
        m_conversation->problem = problem;
        m_controller->refreshSetup();
    }

private:
    EventBus* m_bus;
    FakeConversation* m_conversation;
    JarvisController* m_controller;
};

// Lets the QML tests create approval requests on the real broker and read how they ended.
class ApprovalSupport : public QObject {
    Q_OBJECT
public:
    ApprovalSupport(Approvals* approvals, ApprovalStore* store, QObject* parent)
        : QObject(parent), m_approvals(approvals), m_store(store) {}

    // A pending request for `action` on `target`; its id, or 0.
    Q_INVOKABLE double request(const QString& action, const QString& target) {
        ApprovalRecord draft;
        draft.ownerId = kOwner;
        draft.workerId = QStringLiteral("w-approval");
        draft.tool = QStringLiteral("ssh_exec");
        draft.target = target;
        draft.action = action;
        draft.args = {{QStringLiteral("host"), target}, {QStringLiteral("command"), action}};
        draft.classification = {
            {QStringLiteral("why"), QStringLiteral("it may change the system")}};
        draft.task = QStringLiteral("restart what needs it");
        draft.suggestedPrefix = action.split(u' ').mid(0, 2);
        const Result<ApprovalRecord> r = m_approvals->request(draft);
        return r ? double(r->id) : 0;
    }
    // "pending", "allowed", "denied", …; "" when unknown.
    Q_INVOKABLE QString statusOf(double approvalId) const {
        const Result<ApprovalRecord> r = m_store->request(kOwner, qint64(approvalId));
        return r ? statusName(r->status) : QString();
    }

private:
    Approvals* m_approvals;
    ApprovalStore* m_store;
};

// The composer's microphone in the QML tests: a stand-in microphone the tests speak into, and
// the real VoiceInput and speech-server engine against a loopback /v1/audio/transcriptions.
class VoiceSupport : public QObject {
    Q_OBJECT
public:
    VoiceSupport(JarvisController* controller, QObject* parent) : QObject(parent) {
        if (!m_server.start())
            qFatal("tst_components: cannot start the loopback speech server");
        m_server.handle(
            "POST", "/v1/audio/transcriptions", [this](const zerg::test::HttpStub::Request&) {
                zerg::test::HttpStub::Reply reply;
                reply.body =
                    QJsonDocument(QJsonObject{{QStringLiteral("text"), m_answer}}).toJson();
                return reply;
            });
        const AudioClip speech = zerg::test::FakeMicrophone::voiced(400);
        m_server.route("POST", "/v1/audio/speech", 200, wavBytes(speech), "audio/wav");
        if (!m_realtimeServer.start())
            qFatal("tst_components: cannot start the loopback Realtime stand-in");
        connect(&m_wordsTimer, &QTimer::timeout, this, [this] {
            AudioClip piece;
            piece.sampleRate = 16000;
            piece.samples = m_words.mid(0, 1600);
            m_words.remove(0, piece.samples.size());
            if (m_mic && !piece.samples.isEmpty())
                m_mic->push(piece);
            if (m_words.isEmpty())
                m_wordsTimer.stop();
        });
        m_input = std::make_unique<VoiceInput>(
            [this] {
                Settings s;
                s.sttEngine = m_local ? QStringLiteral("pocketsphinx") : QStringLiteral("server");
                s.speechUrl = m_server.baseUrl() + QStringLiteral("/v1");
                if (m_realtime) {
                    s.voiceMode = QStringLiteral("realtime");
                    s.speechUrl = m_realtimeServer.baseUrl();
                }
                s.handsFree = m_handsFree;
                s.sendWhenSilent = m_sendWhenSilent;
                s.hostsFile = QStringLiteral("/nonexistent");
                return s;
            },
            [this]() -> Result<std::unique_ptr<Microphone>> {
                if (m_noMicrophone) {
                    return Error{QStringLiteral("no_device"),
                                 QStringLiteral("No microphone found. Connect one.")};
                }
                return std::unique_ptr<Microphone>(
                    std::make_unique<zerg::test::FakeMicrophone>(&m_mic));
            },
            nullptr);
        VoiceInput::setInstance(m_input.get());
        m_conversation = std::make_unique<RealtimeConversation>(
            [this] {
                Settings s;
                s.voiceMode = QStringLiteral("realtime");
                s.speechUrl = m_realtimeServer.baseUrl();
                s.silenceMs = 300;
                return s;
            },
            [this]() -> Result<std::unique_ptr<Microphone>> {
                return std::unique_ptr<Microphone>(
                    std::make_unique<zerg::test::FakeMicrophone>(&m_mic));
            },
            [this]() -> Result<std::unique_ptr<Speaker>> {
                // Its own slot: the conversation's speakers go when it ends.
                return std::unique_ptr<Speaker>(
                    std::make_unique<zerg::test::FakeSpeaker>(&m_realtimeSpeaker));
            },
            controller);
        m_input->setConversation(m_conversation.get());
        m_spoken = std::make_unique<SpokenAnswers>(
            [this] {
                Settings s;
                s.ttsEngine = QStringLiteral("server");
                s.speechUrl = m_server.baseUrl() + QStringLiteral("/v1");
                return s;
            },
            [this]() -> Result<std::unique_ptr<Speaker>> {
                auto speaker = std::make_unique<zerg::test::FakeSpeaker>();
                m_speaker = speaker.get();
                return std::unique_ptr<Speaker>(std::move(speaker));
            },
            controller, m_input.get(), nullptr);
        SpokenAnswers::setInstance(m_spoken.get());
    }
    // The singletons' slots are QPointers: they let go of these when they go, and a newer
    // engine's are left alone.

    // Jarvis says something (as an answer would be said).
    Q_INVOKABLE void say(const QString& text) { m_spoken->say(text); }
    Q_INVOKABLE bool speakerPlaying() const { return m_speaker && m_speaker->playing; }
    Q_INVOKABLE int clipsPlayed() const { return m_speaker ? int(m_speaker->played.size()) : 0; }

    // What the speech server says next.
    Q_INVOKABLE void answer(const QString& text) { m_answer = text; }
    Q_INVOKABLE void setHandsFree(bool on) { m_handsFree = on; }
    Q_INVOKABLE void setSendWhenSilent(bool on) { m_sendWhenSilent = on; }
    Q_INVOKABLE void setNoMicrophone(bool none) { m_noMicrophone = none; }
    Q_INVOKABLE bool microphoneOpen() const { return m_mic && m_mic->open; }
    Q_INVOKABLE void speak(int ms) {
        if (m_mic)
            m_mic->push(zerg::test::FakeMicrophone::voiced(ms));
    }
    Q_INVOKABLE void silence(int ms) {
        if (m_mic)
            m_mic->silence(ms);
    }
    Q_INVOKABLE int requests() const { return int(m_server.requests().size()); }
    // The local engine (pocketsphinx) instead of the loopback server.
    Q_INVOKABLE void setLocalEngine(bool on) { m_local = on; }
    // espeak-ng says `text` into the microphone, 100 ms at a time as a sound card would give
    // it; false when espeak-ng is missing.
    Q_INVOKABLE bool speakWords(const QString& text) {
        const Result<AudioClip> spoken = EspeakSynthesizer::synthesize(text);
        if (!spoken)
            return false;
        m_words = resampled(spoken.value(), 16000).samples;
        m_wordsTimer.start(10);
        return true;
    }
    Q_INVOKABLE bool wordsSaid() const { return m_words.isEmpty(); }

    // Voice to voice through the Realtime stand-in: the next turn's words and spoken answer.
    Q_INVOKABLE void setRealtime(bool on) { m_realtime = on; }
    Q_INVOKABLE void realtimeTurn(const QString& heard, const QString& said) {
        m_realtimeServer.chunkIntervalMs = 50;
        m_realtimeServer.script({heard, said, 3000, {}, {}});
    }
    Q_INVOKABLE int realtimeCancels() const {
        return int(m_realtimeServer.received(QStringLiteral("response.cancel")).size());
    }
    Q_INVOKABLE int streamedChunks() const {
        return m_realtimeSpeaker ? int(m_realtimeSpeaker->streamed.size()) : 0;
    }

private:
    zerg::test::HttpStub m_server;
    zerg::test::RealtimeStandIn m_realtimeServer;
    std::unique_ptr<RealtimeConversation> m_conversation;
    bool m_realtime = false;
    zerg::test::FakeSpeaker* m_realtimeSpeaker = nullptr;
    std::unique_ptr<VoiceInput> m_input;
    std::unique_ptr<SpokenAnswers> m_spoken;
    zerg::test::FakeMicrophone* m_mic = nullptr;
    zerg::test::FakeSpeaker* m_speaker = nullptr;
    QString m_answer = QStringLiteral("check disk usage on cube");
    bool m_handsFree = false;
    bool m_sendWhenSilent = false;
    bool m_noMicrophone = false;
    bool m_local = false;
    QList<qint16> m_words;  // speakWords: still to be said
    QTimer m_wordsTimer;
};

class Setup : public QObject {
    Q_OBJECT
public Q_SLOTS:
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/"));      // the static modules' qmldir files
        engine->setNetworkAccessManagerFactory(&m_network);  // as the app: nothing remote
        m_conversation = std::make_unique<FakeConversation>(&m_bus);
        m_controller = std::make_unique<JarvisController>(&m_bus, m_conversation.get(), &m_clock);
        JarvisController::setInstance(m_controller.get());
        m_dashboard.rows = {row(3, QStringLiteral("check disk on web1"), QStringLiteral("success"),
                                QStringLiteral("web1"), 2, 1800, 0.0042),
                            row(2, QStringLiteral("restart nginx"), QStringLiteral("failed"),
                                QStringLiteral("web2"), 1, 65000, std::nullopt),
                            row(1, QStringLiteral("uptime everywhere"), QStringLiteral("success"),
                                QStringLiteral("web1, web2"), 4, 12000, 0.01)};
        m_table = std::make_unique<WorkerTableModel>(&m_bus, &m_dashboard, kOwner);
        WorkerTableModel::setInstance(m_table.get());
        engine->rootContext()->setContextProperty(
            QStringLiteral("testSupport"),
            new TestSupport(&m_bus, m_conversation.get(), m_controller.get(), engine));
        engine->rootContext()->setContextProperty(QStringLiteral("voiceSupport"),
                                                  new VoiceSupport(m_controller.get(), engine));
        setUpSchedules(engine);
        setUpAgents();
        setUpMcp();
        setUpHosts();
        setUpSettings();
        setUpLanguage(engine);
    }
    void cleanupTestCase() {
        WindowClose::setInstance(nullptr);
        HostsModel::setInstance(nullptr);
        SettingsModel::setInstance(nullptr);
        ModelPicker::setInstance(nullptr);
        ChecksModel::setInstance(nullptr);
        JarvisController::setInstance(nullptr);
        WorkerTableModel::setInstance(nullptr);
        SchedulesModel::setInstance(nullptr);
        InboxModel::setInstance(nullptr);
        ApprovalsModel::setInstance(nullptr);
        McpServersModel::setInstance(nullptr);
        AgentsModel::setInstance(nullptr);
    }

private:
    // The settings and the setup card's choices, saved into a temporary folder: never the
    // user's configuration or keychain. The model picker asks loopback servers (setUpModels).
    void setUpSettings() {
        zerg::test::isolateSettings(m_dir.path());
        qputenv("ZERG_SECRET_BACKEND", "file");
        qputenv("ZERG_CONFIG_DIR", m_dir.filePath(QStringLiteral("config")).toUtf8());
        Settings effective;
        effective.configDir = m_dir.filePath(QStringLiteral("config"));
        effective.ollamaUrl = QStringLiteral("http://127.0.0.1:9");  // discard: nothing answers
        m_settings.reset();
        m_settings = std::make_unique<SettingsModel>(effective, nullptr, &m_clock);
        SettingsModel::setInstance(m_settings.get());
        setUpModels();
        // Settings › Checks as in remote mode: no doctor to run here.
        m_checks = std::make_unique<ChecksModel>(ChecksModel::DoctorFactory{});
        ChecksModel::setInstance(m_checks.get());
        // The close button without a tray, over this file's schedules (gui.cpp counts the same).
        m_windowClose = std::make_unique<WindowClose>(WindowClose::Deps{
            false, [this] { return m_scheduler->activeSchedules(); }, m_settings.get()});
        WindowClose::setInstance(m_windowClose.get());
    }

    // The model picker over two loopback servers: an Ollama that is also the configured provider
    // (its /v1), with qwen2.5:7b that calls tools and gemma3:4b that does not, and an LM Studio
    // with one model; llama-server is not looked for.
    void setUpModels() {
        if (!m_ollama) {
            m_ollama = std::make_unique<zerg::test::HttpStub>();
            m_lmStudio = std::make_unique<zerg::test::HttpStub>();
            if (!m_ollama->start() || !m_lmStudio->start())
                qFatal("tst_components: cannot start the loopback model servers");
            m_ollama->route("GET", "/api/tags", 200,
                            R"({"models":[{"name":"qwen2.5:7b"},{"name":"gemma3:4b"}]})");
            m_ollama->route("GET", "/v1/models", 200,
                            R"({"object":"list","data":[{"id":"qwen2.5:7b"},{"id":"gemma3:4b"}]})");
            m_ollama->handle("POST", "/api/show", [](const zerg::test::HttpStub::Request& r) {
                zerg::test::HttpStub::Reply reply;
                reply.body = r.body.contains("qwen2.5:7b")
                                 ? R"({"capabilities":["completion","tools"]})"
                                 : R"({"capabilities":["completion","vision"]})";
                return reply;
            });
            m_lmStudio->route("GET", "/api/v0/models", 200,
                              R"({"data":[{"id":"mistral-7b-instruct","type":"llm",)"
                              R"("capabilities":["tool_use"]}]})");
        }
        ModelCatalogConfig config;
        config.providerId = QStringLiteral("openai");
        config.baseUrl = m_ollama->baseUrl() + QStringLiteral("/v1");
        config.ollamaUrl = m_ollama->baseUrl();
        config.lmStudioUrl = m_lmStudio->baseUrl();
        config.llamaServerUrl.clear();
        m_settings->picker().setConfig([config] { return config; });
        ModelPicker::setInstance(&m_settings->picker());
    }

    // The app's language switch (gui.cpp): English with its plural forms to start with, then
    // what Settings › Language says, retranslating this engine and the models.
    void setUpLanguage(QQmlEngine* engine) {
        m_language.attachEngine(engine);
        m_language.apply(QStringLiteral("en"));
        connect(m_settings.get(), &SettingsModel::languageChanged, engine,
                [this](const QString& language) { m_language.apply(language); });
        connect(&m_language, &AppLanguage::changed, engine, [this] {
            m_table->retranslate();
            m_schedules->retranslate();
            m_inbox->retranslate();
            m_settings->retranslate();
            m_mcpModel->retranslate();
            m_agentsModel->retranslate();
            m_controller->retranslate();
        });
    }

    // Schedules and the inbox over a temporary database: one schedule ("web disks", 06:00 in
    // Berlin), two results (an unread critical one and an older read one).
    // Called for each test file's engine: every file starts from the same fresh data.
    void setUpSchedules(QQmlEngine* engine) {
        m_agentsModel.reset();  // over the database replaced here
        m_agentsSource.reset();
        m_agentProfiles.reset();
        m_approvalsModel.reset();
        m_approvalsSource.reset();
        m_approvals.reset();
        m_approvalStore.reset();
        m_inbox.reset();
        m_schedules.reset();
        m_inboxSource.reset();
        m_scheduleSource.reset();
        m_scheduler.reset();
        m_runStore.reset();
        m_scheduleStore.reset();
        m_db.reset();
        auto opened = Database::open(
            m_dir.filePath(QStringLiteral("zerg-%1.db").arg(++m_databases)), m_clock.utcNow());
        if (!opened) {
            qFatal("tst_components: cannot open the test database: %s",
                   qPrintable(opened.error().message));
        }
        m_db = std::move(opened).value();
        m_scheduleStore = std::make_unique<ScheduleStore>(m_db.get());
        m_runStore = std::make_unique<Store>(m_db.get());
        m_runner.store = m_runStore.get();
        m_runner.clock = &m_clock;
        m_scheduler =
            std::make_unique<ScheduleService>(kOwner, m_scheduleStore.get(), &m_runner, &m_clock);
        m_scheduler->start();
        const QTimeZone berlin("Europe/Berlin");
        (void)m_scheduler->createSchedule(
            QStringLiteral("web disks"), QStringLiteral("Check disk space on web1 and web2."),
            QStringLiteral("0 6 * * *"), QStringLiteral("Europe/Berlin"));
        const QDateTime now = m_clock.utcNow();
        const Result<qint64> old = m_scheduleStore->addInboxItem(
            kOwner, std::nullopt, std::nullopt, QStringLiteral("certificates"),
            QStringLiteral("All certificates are valid for more than 30 days."),
            QStringLiteral("info"), now.addSecs(-3 * 3600));
        if (old)
            (void)m_scheduleStore->markRead(kOwner, old.value(), now);
        (void)m_scheduleStore->addInboxItem(
            kOwner, std::nullopt, std::nullopt, QStringLiteral("disks"),
            QStringLiteral("## Disk space\n\n**web1**: `/var` is 97% full.\n\nSeverity: critical"),
            QStringLiteral("critical"), now.addSecs(-600));
        m_scheduleSource = std::make_unique<StoreSchedulesSource>(m_scheduleStore.get(),
                                                                  m_scheduler.get(), kOwner);
        m_inboxSource = std::make_unique<StoreInboxSource>(m_scheduleStore.get(), m_scheduler.get(),
                                                           kOwner, &m_clock);
        m_schedules = std::make_unique<SchedulesModel>(m_scheduleSource.get(), &m_clock);
        m_schedules->setDisplayTimeZone(berlin);
        SchedulesModel::setInstance(m_schedules.get());
        m_inbox = std::make_unique<InboxModel>(m_inboxSource.get(), kOwner, &m_clock);
        m_inbox->setDisplayTimeZone(berlin);
        InboxModel::setInstance(m_inbox.get());
        // The approval requests (the chat's card, Settings' rules) over the real broker: one
        // "always allow" rule to list.
        m_approvalStore = std::make_unique<ApprovalStore>(m_db.get());
        m_artifacts = std::make_unique<ArtifactStore>(m_dir.filePath(QStringLiteral("workers")));
        m_approvals = std::make_unique<Approvals>(m_approvalStore.get(), m_artifacts.get(), &m_bus,
                                                  &m_clock, ApprovalsConfig{});
        (void)m_approvalStore->addRule(
            kOwner, QStringLiteral("web1"),
            {QStringLiteral("systemctl"), QStringLiteral("restart"), QStringLiteral("nginx")}, 0,
            QStringLiteral("user"), m_clock.utcNow());
        m_approvalsSource = std::make_unique<LocalApprovalsSource>(m_approvals.get(), kOwner);
        m_approvalsModel =
            std::make_unique<ApprovalsModel>(m_approvalsSource.get(), QStringLiteral("desktop"));
        ApprovalsModel::setInstance(m_approvalsModel.get());
        engine->rootContext()->setContextProperty(
            QStringLiteral("approvalSupport"),
            new ApprovalSupport(m_approvals.get(), m_approvalStore.get(), engine));
        engine->rootContext()->setContextProperty(
            QStringLiteral("scheduleSupport"),
            new ScheduleSupport(m_scheduler.get(), m_scheduleStore.get(), &m_runner, m_inbox.get(),
                                engine));
    }

    // Dashboard › Agents over this test file's database (setUpSchedules): the supervisor with
    // spawn_worker, the quick path with route_to_supervisor (required) and remember, the worker
    // with ssh_exec and shell_exec; the settings give "test-model" from ZERG_MODEL (the worker:
    // "worker-model" from ZERG_WORKER_MODEL).
    void setUpAgents() {
        m_agentProfiles = std::make_unique<AgentProfileStore>(m_db.get());
        AgentsEnvironment environment;
        environment.tools = [](AgentRole role) -> QList<AgentToolRow> {
            switch (role) {
                case AgentRole::Supervisor:
                    return {{QStringLiteral("spawn_worker"), QStringLiteral("Starts a worker.")}};
                case AgentRole::Quick:
                    return {{QStringLiteral("route_to_supervisor"),
                             QStringLiteral("Hands the request to the supervisor.")},
                            {QStringLiteral("remember"), QStringLiteral("Keeps a fact.")}};
                case AgentRole::Worker:
                    return {{QStringLiteral("ssh_exec"),
                             QStringLiteral("Runs a command on a host over SSH.")},
                            {QStringLiteral("shell_exec"),
                             QStringLiteral("Runs a command in a sandbox here.")}};
                case AgentRole::Decider:
                case AgentRole::Summary:
                    break;
            }
            return {};
        };
        environment.settingsModel = [](AgentRole role) {
            return role == AgentRole::Worker
                       ? std::pair{QStringLiteral("worker-model"),
                                   QStringLiteral("ZERG_WORKER_MODEL")}
                       : std::pair{QStringLiteral("test-model"), QStringLiteral("ZERG_MODEL")};
        };
        m_agentsSource = std::make_unique<LocalAgentsSource>(m_agentProfiles.get(), &m_clock,
                                                             environment, QStringLiteral("tester"));
        m_agentsModel = std::make_unique<AgentsModel>(m_agentsSource.get());
        AgentsModel::setInstance(m_agentsModel.get());
    }

    // Settings › MCP servers: a fresh mcp.json for each test file's engine, with one disabled
    // server; the servers are not started (edits are written and applied all the same).
    // The Hosts page over a fresh hosts file of its own per test file, with one host (web1) whose
    // address nothing listens on: a key check fails at once.
    void setUpHosts() {
        m_hostsModel.reset();
        m_hostsSource.reset();
        Settings s;
        s.hostsFile = m_dir.filePath(QStringLiteral("hosts-%1").arg(m_databases));
        s.knownHostsFile = m_dir.filePath(QStringLiteral("known_hosts"));
        QFile file(s.hostsFile);
        if (file.open(QIODevice::WriteOnly))
            file.write("# the test's hosts\nHost web1\n  HostName 127.0.0.1\n  Port 9\n");
        file.close();
        m_hostsSource = std::make_unique<LocalHostsSource>(s, &m_clock);
        m_hostsModel = std::make_unique<HostsModel>(m_hostsSource.get());
        HostsModel::setInstance(m_hostsModel.get());
    }

    void setUpMcp() {
        m_mcpModel.reset();
        m_mcpSource.reset();
        m_mcp.reset();
        const QString file = m_dir.filePath(QStringLiteral("mcp-%1.json").arg(m_databases));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            f.write(R"({"mcpServers": {"fs": {"command": "fs-server", "disabled": true}}})") < 0)
            qFatal("tst_components: cannot write %s", qPrintable(file));
        f.close();
        McpOptions options;
        options.clock = &m_clock;
        options.logDir = m_dir.filePath(QStringLiteral("mcp-logs"));
        m_mcp = std::make_unique<McpServers>(McpConfig::loadFile(file, {}), options);
        m_mcpSource =
            std::make_unique<LocalMcpSource>(m_mcp.get(), file, McpConfig::SecretReader());
        m_mcpModel = std::make_unique<McpServersModel>(m_mcpSource.get(), &m_clock);
        McpServersModel::setInstance(m_mcpModel.get());
    }

    static WorkerRow row(qint64 job, const QString& task, const QString& status,
                         const QString& hosts, int tools, qint64 durationMs,
                         std::optional<double> cost) {
        WorkerRow w;
        w.jobId = job;
        w.workerId = QStringLiteral("w%1").arg(job);
        w.task = task;
        w.status = parseStatus<JobStatus>(status).value();
        w.hosts = hosts;
        w.toolCalls = tools;
        w.durationMs = durationMs;
        w.startedAt = QDateTime(QDate(2026, 11, 21), QTime(9, 0), Qt::UTC).addSecs(job * 60);
        w.costUsd = cost;
        return w;
    }

    zerg::AppLanguage m_language;
    LocalOnlyNetworkFactory m_network;
    ManualClock m_clock{QDateTime(QDate(2026, 11, 21), QTime(10, 0), Qt::UTC)};
    EventBus m_bus{&m_clock};
    std::unique_ptr<FakeConversation> m_conversation;
    std::unique_ptr<JarvisController> m_controller;
    FakeDashboard m_dashboard;
    std::unique_ptr<WorkerTableModel> m_table;
    QTemporaryDir m_dir;
    int m_databases = 0;
    std::unique_ptr<Database> m_db;
    std::unique_ptr<ScheduleStore> m_scheduleStore;
    std::unique_ptr<Store> m_runStore;
    FakeRunner m_runner;
    std::unique_ptr<ScheduleService> m_scheduler;
    std::unique_ptr<StoreSchedulesSource> m_scheduleSource;
    std::unique_ptr<StoreInboxSource> m_inboxSource;
    std::unique_ptr<SchedulesModel> m_schedules;
    std::unique_ptr<InboxModel> m_inbox;
    std::unique_ptr<zerg::test::HttpStub> m_ollama;
    std::unique_ptr<zerg::test::HttpStub> m_lmStudio;
    std::unique_ptr<SettingsModel> m_settings;
    std::unique_ptr<ChecksModel> m_checks;
    std::unique_ptr<WindowClose> m_windowClose;
    std::unique_ptr<LocalHostsSource> m_hostsSource;
    std::unique_ptr<HostsModel> m_hostsModel;
    std::unique_ptr<ArtifactStore> m_artifacts;
    std::unique_ptr<ApprovalStore> m_approvalStore;
    std::unique_ptr<Approvals> m_approvals;
    std::unique_ptr<LocalApprovalsSource> m_approvalsSource;
    std::unique_ptr<ApprovalsModel> m_approvalsModel;
    std::unique_ptr<McpServers> m_mcp;
    std::unique_ptr<LocalMcpSource> m_mcpSource;
    std::unique_ptr<McpServersModel> m_mcpModel;
    std::unique_ptr<AgentProfileStore> m_agentProfiles;
    std::unique_ptr<LocalAgentsSource> m_agentsSource;
    std::unique_ptr<AgentsModel> m_agentsModel;
};

QUICK_TEST_MAIN_WITH_SETUP(zerg_components, Setup)

#include "tst_components.moc"
