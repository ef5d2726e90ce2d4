#include "gui.h"

#include "core/clock.h"
#include "core/event_bus.h"
#include "core/settings.h"
#include "jarvis/backend.h"
#include "jarvis/jarvis_service.h"
#include "llm/ollama_probe.h"
#include "signal_quit.h"
#include "tray.h"
#include "ui/chat_model.h"
#include "ui/conversation_backend.h"
#include "ui/jarvis_controller.h"
#include "ui/tray_state.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QNetworkAccessManager>
#include <QPointer>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QTimer>

namespace zerg::gui {
namespace {

// Adapts the supervisor service to what the chat UI needs (keeps ui/ free of jarvis/).
class JarvisBackendAdapter final : public ConversationBackend {
public:
    explicit JarvisBackendAdapter(Backend* backend) : m_backend(backend) {}
    Result<qint64> ask(const QString& text) override {
        if (!m_backend->settings().hasProvider()) {
            return Error{QStringLiteral("no_provider"), m_backend->settings().providerProblem()};
        }
        return m_backend->jarvis()->ask(text);
    }
    void cancelRun(qint64 runId) override { m_backend->jarvis()->cancelRun(runId); }
    void cancelWorker(qint64 jobId) override { m_backend->jarvis()->cancelWorker(jobId); }
    QString setupProblem() const override {
        const QString problem = m_backend->settings().providerProblem();
        if (problem.isEmpty() || !m_probe || !m_probe->isFinished())
            return problem;
        return problem + QLatin1Char(' ') + m_probe->advice();
    }
    // Without a configured provider, looks for a local Ollama and calls done() with the result.
    void probe(QObject* owner, std::function<void()> done) {
        const Settings& s = m_backend->settings();
        if (s.hasProvider() || !s.llmBaseUrl.isEmpty())
            return;
        auto* nam = new QNetworkAccessManager(owner);
        m_probe = new OllamaProbe(nam, s.ollamaUrl, m_backend->clock(), 1500, owner);
        QObject::connect(m_probe, &OllamaProbe::finished, owner, std::move(done));
        m_probe->start();
    }

private:
    Backend* m_backend;
    QPointer<OllamaProbe> m_probe;
};

}  // namespace

int run(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Zerg: desktop AI operations assistant"));
    const QCommandLineOption askOpt(QStringLiteral("ask"),
                                    QStringLiteral("Send TEXT as the first question."),
                                    QStringLiteral("TEXT"));
    const QCommandLineOption shotOpt(
        QStringLiteral("screenshot"),
        QStringLiteral("After the first run ends, save the window to FILE (PNG) and quit."),
        QStringLiteral("FILE"));
    parser.addOption(askOpt);
    parser.addOption(shotOpt);
    parser.process(args);

    const Settings settings = Settings::load();
    auto created = Backend::create(settings);
    if (!created) {
        QMessageBox::critical(nullptr, QObject::tr("Zerg cannot start"), created.error().message);
        return 3;
    }
    std::unique_ptr<Backend> backend = std::move(created).value();
    JarvisBackendAdapter adapter(backend.get());
    backend->startBackgroundServices();
    auto* controller = new JarvisController(backend->bus(), &adapter, backend->clock(), qApp);
    JarvisController::setInstance(controller);
    if (!backend->recoveryNotice().isEmpty()) {
        controller->chat()->appendNotice(backend->recoveryNotice(), backend->clock()->utcNow());
    }
    adapter.probe(controller, [controller] { controller->refreshSetup(); });

    QQmlApplicationEngine engine;
    engine.load(QUrl(QStringLiteral("qrc:/Zerg/App/Main.qml")));
    if (engine.rootObjects().isEmpty()) {
        qCritical("zerg: the user interface failed to load (see the QML errors above).");
        return 1;
    }
    auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
    TrayState trayState(controller);
    const Tray tray(&trayState, window);

    onTerminationSignal([&] {
        if (backend->jarvis()->isBusy())
            backend->jarvis()->cancelRun(controller->currentRunId());
        QCoreApplication::quit();
    });

    const QString shotPath = parser.value(shotOpt);
    if (!shotPath.isEmpty() && window) {
        QObject::connect(backend->jarvis(), &JarvisService::runFinished, window,
                         [window, shotPath] {
                             // Let the final answer render before grabbing the frame.
                             QTimer::singleShot(500, window, [window, shotPath] {
                                 QDir().mkpath(QFileInfo(shotPath).absolutePath());
                                 const bool saved = window->grabWindow().save(shotPath);
                                 if (!saved)
                                     qCritical("zerg: could not save the screenshot to %s",
                                               qPrintable(shotPath));
                                 QCoreApplication::exit(saved ? 0 : 1);
                             });
                         });
    }
    if (parser.isSet(askOpt)) {
        const QString question = parser.value(askOpt);
        QTimer::singleShot(0, controller, [controller, question] { controller->send(question); });
    }
    const int code = QApplication::exec();
    JarvisController::setInstance(nullptr);
    return code;
}

}  // namespace zerg::gui
