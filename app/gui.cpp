#include "gui.h"

#include "appearance.h"
#include "core/clock.h"
#include "core/event_bus.h"
#include "core/process_memory.h"
#include "core/settings.h"
#include "dashboard/dashboard_sources.h"
#include "jarvis/jarvis_service.h"
#include "local_conversation.h"
#include "local_only_network.h"
#include "remote_mode.h"
#include "runtime/backend.h"
#include "schedule/alert_channels.h"
#include "schedule/schedule_service.h"
#include "server_connection.h"
#include "signal_quit.h"
#include "startup_trace.h"
#include "storage/artifact_store.h"
#include "storage/store.h"
#include "tour.h"
#include "tray.h"
#include "ui/app_language.h"
#include "ui/chat_model.h"
#include "ui/conversation_backend.h"
#include "ui/dashboard_models.h"
#include "ui/desktop_notifications.h"
#include "ui/jarvis_controller.h"
#include "ui/realtime_conversation.h"
#include "ui/single_instance.h"
#include "ui/spoken_answers.h"
#include "ui/tray_state.h"
#include "ui/voice_input.h"
#include "ui/window_close.h"
#include "voice/microphone.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QQmlApplicationEngine>
#include <QQuickWindow>
#include <QSet>
#include <QTimer>

#include <atomic>
#include <cstdio>
#include <memory>
#include <optional>

namespace zerg::gui {
namespace {

// Starts Zerg again when it is destroyed, if asked to: declared before the backend, so the new
// process starts after this one has let go of the data folder's lock.
struct RestartOnExit {
    bool wanted = false;
    ~RestartOnExit() {
        if (wanted && !QProcess::startDetached(QCoreApplication::applicationFilePath(), {}))
            qCritical("zerg: could not start again; start Zerg yourself.");
    }
};

// The window's close button goes to WindowClose, which hides the window, quits, or asks.
class CloseFilter final : public QObject {
public:
    CloseFilter(QQuickWindow* window, WindowClose* decide) : QObject(window), m_decide(decide) {
        window->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::Close)
            return QObject::eventFilter(watched, event);
        event->ignore();
        m_decide->closeRequested();
        return true;
    }

private:
    WindowClose* m_decide;
};

// Saves the window as PNG to path and quits (exit code 1 when it cannot be saved).
void saveScreenshotAndQuit(QQuickWindow* window, const QString& path) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    const bool saved = window->grabWindow().save(path);
    if (!saved)
        qCritical("zerg: could not save the screenshot to %s", qPrintable(path));
    QCoreApplication::exit(saved ? 0 : 1);
}

// ZERG_BENCH_FIRST_FRAME=1 (bench/bench_startup.cpp): on the window's first frame, print
// "first-frame rss_kib=<VmRSS>" and quit, so that the bench times start-up up to what a user
// sees first, like its bare Qt Quick baseline (bench/bench_baseline.cpp) does.
void quitOnFirstFrame(QQuickWindow* window) {
    // frameSwapped may come from a render thread: print once, quit on the GUI thread. (The bare
    // baseline has its own copy of this probe: it must not link Zerg's libraries.)
    auto reported = std::make_shared<std::atomic_bool>(false);
    QObject::connect(
        window, &QQuickWindow::frameSwapped, window,
        [reported] {
            if (reported->exchange(true))
                return;
            startup::mark("first-frame");
            std::printf("first-frame rss_kib=%lld\n", static_cast<long long>(residentMemoryKib()));
            std::fflush(stdout);
            QMetaObject::invokeMethod(
                qApp, [] { QCoreApplication::exit(0); }, Qt::QueuedConnection);
        },
        Qt::DirectConnection);
}

}  // namespace

int run(const QStringList& args) {
    // The language first: everything after it, --help included, speaks it. Declared before all
    // that shows text, so that its translators are removed last.
    AppLanguage language;
    language.apply(Settings::loadLanguage());
    startup::mark("language");

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("zerg::gui", "Zerg: desktop AI operations assistant"));
    const QCommandLineOption askOpt(
        QStringLiteral("ask"),
        QCoreApplication::translate("zerg::gui", "Send TEXT as the first question."),
        QCoreApplication::translate("zerg::gui", "TEXT", "an option's value name"));
    const QCommandLineOption shotOpt(
        QStringLiteral("screenshot"),
        QCoreApplication::translate(
            "zerg::gui", "After the first run ends, save the window to FILE (PNG) and quit."),
        QCoreApplication::translate("zerg::gui", "FILE", "an option's value name"));
    QStringList pageNames;
    for (const Page& p : pages())
        pageNames.append(p.name);
    const QCommandLineOption pageOpt(
        QStringLiteral("page"),
        QCoreApplication::translate("zerg::gui", "Open on PAGE: %1 (jarvis, the chat, by default).")
            .arg(pageNames.join(QStringLiteral(", "))),
        QCoreApplication::translate("zerg::gui", "PAGE", "an option's value name"),
        QStringLiteral("jarvis"));
    const QCommandLineOption tourOpt(
        QStringLiteral("tour"),
        QCoreApplication::translate(
            "zerg::gui",
            "After the first run ends (or at once without --ask), save a screenshot of every "
            "page as DIR/<page>.png, and the chat in the dark theme as DIR/jarvis-dark.png, "
            "then quit."),
        QCoreApplication::translate("zerg::gui", "DIR", "an option's value name"));
    parser.addOption(askOpt);
    parser.addOption(shotOpt);
    parser.addOption(pageOpt);
    const QCommandLineOption backgroundOpt(
        QStringLiteral("background"),
        QCoreApplication::translate(
            "zerg::gui",
            "Start without showing the window (the login entry from Settings › Desktop uses "
            "it): scheduled checks run, and starting zerg again shows the window."));
    parser.addOption(tourOpt);
    parser.addOption(backgroundOpt);
    parser.process(args);
    const Page* page = findPage(parser.value(pageOpt));
    if (!page) {
        qCritical("zerg: unknown --page '%s'; use one of: %s.", qPrintable(parser.value(pageOpt)),
                  qPrintable(pageNames.join(QStringLiteral(", "))));
        return 2;
    }

    const Settings settings = Settings::load();
    startup::mark("settings");
    // One window per data folder: a later launch hands its --page and --ask to this one and
    // exits. A screenshot or tour needs a window of its own.
    SingleInstance instance(settings.dataDir);
    const bool ownWindow = parser.isSet(shotOpt) || parser.isSet(tourOpt);
    const auto role = ownWindow
                          ? instance.claim()
                          : instance.claimOrHand({parser.isSet(pageOpt) ? page->name : QString(),
                                                  parser.value(askOpt)});
    if (!role) {
        std::fprintf(stderr, "zerg: %s\n", qPrintable(role.error().message));
        return ownWindow ? 2 : 1;
    }
    if (role.value() == SingleInstance::Role::Handed)
        return 0;
    startup::mark("single-instance");
    RestartOnExit restart;
    // Either this computer runs Jarvis (Backend), or a `zerg serve` does (RemoteMode).
    std::unique_ptr<Backend> backend;
    std::unique_ptr<RemoteMode> remote;
    std::unique_ptr<LocalConversation> localConversation;
    if (!settings.remoteUrl.trimmed().isEmpty()) {
        auto created = RemoteMode::create(settings);
        if (!created) {
            QMessageBox::critical(nullptr, QObject::tr("Zerg cannot connect"),
                                  created.error().message);
            return 3;
        }
        remote = std::move(created).value();
    } else {
        auto created = Backend::create(settings);
        if (!created) {
            QMessageBox::critical(nullptr, QObject::tr("Zerg cannot start"),
                                  created.error().message);
            return 3;
        }
        backend = std::move(created).value();
        startup::mark("backend");
        localConversation = std::make_unique<LocalConversation>(backend.get());
        backend->startBackgroundServices();
        startup::mark("background-services");
    }
    EventBus* bus = remote ? remote->bus() : backend->bus();
    Clock* clock = remote ? remote->clock() : backend->clock();
    ConversationBackend* conversation =
        remote ? remote->conversation()
               : static_cast<ConversationBackend*>(localConversation.get());
    auto* controller = new JarvisController(bus, conversation, clock, qApp);
    JarvisController::setInstance(controller);
    if (!remote)
        controller->loadHistory();  // the conversation comes back (remote: once connected)
    startup::mark("history");
    if (backend && !backend->recoveryNotice().isEmpty())
        controller->chat()->appendNotice(backend->recoveryNotice(), clock->utcNow());
    if (!settings.secretsProblem.isEmpty())  // a damaged secrets file: said, never replaced
        controller->chat()->appendNotice(settings.secretsProblem, clock->utcNow());
    // The pages read this computer's stores, and the Supervision page this process's live tree,
    // or the server's (remote mode).
    std::optional<StoreDashboardSources> localSources;
    if (backend) {
        StoreDashboardSources::Deps deps{
            backend->store(),     backend->artifacts(),
            settings.ownerId,     settings,
            backend->clock(),     [b = backend.get()] { return b->supervisionSnapshot(); },
            backend->schedules(), backend->scheduler(),
            backend->approvals(), backend->mcp()};
        deps.agentProfiles = backend->agentProfiles();
        deps.agentsEnvironment = backendAgents(backend.get(), settings.ownerId);
        // Who changed an agent, in its history: this computer's user.
        deps.author = qEnvironmentVariable("USER", QObject::tr("this computer's user"));
        localSources.emplace(deps);
    }
    DashboardModels::Deps dashboardDeps{
        bus, clock, settings, remote ? remote->dashboardSources() : localSources->sources()};
    // The dashboard's pages are built when first shown; so are their models' data.
    dashboardDeps.firstLoad = FirstLoad::WhenShown;
    if (localSources) {  // Settings › Checks: `zerg doctor` for this computer
        dashboardDeps.doctor =
            ChecksModel::localDoctor(settings, backend->clock(), localSources->sources().hosts);
    }
    DashboardModels dashboard(dashboardDeps);
    startup::mark("dashboard-models");
    ServerConnection connection(remote != nullptr);
    ServerConnection::setInstance(&connection);
    if (remote)
        remote->start(dashboard, controller, &connection);
    // A reply to an inbox item continues the conversation, with that result quoted.
    QObject::connect(&dashboard.inbox(), &InboxModel::replyRequested, controller,
                     [controller, clock](const QString& text) {
                         if (!controller->send(text)) {
                             controller->chat()->appendNotice(
                                 QObject::tr("Jarvis is still working on the previous request; "
                                             "send your reply again when it has answered."),
                                 clock->utcNow());
                         }
                     });
    // Settings › models apply at once: the next request uses them (a server's are its own).
    if (backend) {
        QObject::connect(&dashboard.settings(), &SettingsModel::modelsChanged, backend.get(),
                         [b = backend.get()] { b->applyModels(Settings::load()); });
    }
    QObject::connect(&dashboard.settings(), &SettingsModel::restartRequested, qApp, [&restart] {
        restart.wanted = true;
        QCoreApplication::quit();
    });

    // The composer's microphone: the Qt Multimedia plug-in is loaded when it is first used.
    VoiceInput voice([] { return Settings::load(); }, [] { return loadMicrophone(); }, nullptr);
    VoiceInput::setInstance(&voice);
    // Voice to voice with a Realtime model (Settings › Voice › Conversation), through the button.
    RealtimeConversation realtime([] { return Settings::load(); }, [] { return loadMicrophone(); },
                                  [] { return loadSpeaker(); }, controller);
    voice.setConversation(&realtime);
    voice.setController(controller);  // kept recordings move to the run's folder
    // Settings › Voice › Microphone lists the plug-in's inputs when the row is first shown.
    dashboard.settings().setDeviceLister([] {
        const auto microphone = loadMicrophone();
        return microphone ? microphone.value()->devices() : QList<Microphone::Device>();
    });
    SpokenAnswers spoken([] { return Settings::load(); }, [] { return loadSpeaker(); }, controller,
                         &voice, nullptr);
    SpokenAnswers::setInstance(&spoken);

    Appearance appearance(settings.theme);
    Appearance::setInstance(&appearance);
    QObject::connect(&dashboard.settings(), &SettingsModel::themeChanged, &appearance,
                     &Appearance::setMode);

    // The close button: into the tray, or (without one) quit, keep running or ask, as the
    // schedules and Settings › Desktop say. Only this process's schedules count: a server runs
    // its own.
    WindowClose windowClose(
        {false,
         [&backend]() -> int { return backend ? backend->scheduler()->activeSchedules() : 0; },
         &dashboard.settings()});
    WindowClose::setInstance(&windowClose);

    // The window loads nothing from the network (Markdown images in answers, inbox items and
    // threads are not fetched): docs/security.md.
    LocalOnlyNetworkFactory networkFactory;
    QQmlApplicationEngine engine;
    engine.setNetworkAccessManagerFactory(&networkFactory);
    engine.setUiLanguage(language.language());
    language.attachEngine(&engine);
    const bool background = parser.isSet(backgroundOpt) && !ownWindow;
    if (background)
        engine.setInitialProperties({{QStringLiteral("visible"), false}});
    engine.load(QUrl(QStringLiteral("qrc:/Zerg/App/Main.qml")));
    startup::mark("qml-loaded");
    if (engine.rootObjects().isEmpty()) {
        qCritical("zerg: the user interface failed to load (see the QML errors above).");
        return 1;
    }
    auto* window = qobject_cast<QQuickWindow*>(engine.rootObjects().constFirst());
    if (window && qEnvironmentVariable("ZERG_BENCH_FIRST_FRAME") == QLatin1String("1"))
        quitOnFirstFrame(window);
    if (window)
        showPage(window, *page);
    // Notifications with actions through the desktop's notification server (D-Bus); the tray's
    // plain messages when there is none (decided per message: a server may come later).
    DesktopNotifications desktopNotifications;
    TrayState trayState(controller);
    const Tray tray(&trayState, window, backend ? backend->scheduler() : nullptr,
                    &desktopNotifications);
    windowClose.setTrayAvailable(tray.available());
    startup::mark("tray");
    QApplication::setQuitOnLastWindowClosed(false);
    if (window) {
        new CloseFilter(window, &windowClose);
        QObject::connect(&windowClose, &WindowClose::hideRequested, window, &QWindow::hide);
    }
    QObject::connect(&windowClose, &WindowClose::quitRequested, qApp, &QCoreApplication::quit,
                     Qt::QueuedConnection);
    if (backend)
        QObject::connect(backend->alerts(), &AlertChannels::notify, &trayState, &TrayState::alert);
    if (window) {
        QObject::connect(&desktopNotifications, &DesktopNotifications::openRequested, window,
                         [window] { bringToFront(window); });
        // A later launch (a second `zerg`, the desktop file's actions): its page and question.
        instance.setHandler([window, controller](const InstanceRequest& request) -> QString {
            bringToFront(window);
            if (!request.page.isEmpty()) {
                if (const Page* asked = findPage(request.page))
                    showPage(window, *asked);
            } else if (!request.ask.isEmpty()) {
                showPage(window, *findPage(QStringLiteral("jarvis")));
            }
            if (!request.ask.isEmpty() && !controller->send(request.ask)) {
                return QObject::tr(
                    "Jarvis is still working on the previous request; ask again "
                    "when it has answered.");
            }
            return {};
        });
    }
    // A worker waits for an approval: a notification while the window is hidden, answered from
    // it (Allow / Deny) or withdrawn when the request is settled anywhere.
    if (ApprovalsModel* approvals = dashboard.approvals()) {
        QObject::connect(approvals, &ApprovalsModel::requestArrived, &trayState,
                         [&trayState](qint64 approvalId, const QString& summary) {
                             trayState.approvalNeeded(approvalId, summary);
                         });
        QObject::connect(&desktopNotifications, &DesktopNotifications::approvalAnswered, approvals,
                         [approvals](qint64 approvalId, bool allow) {
                             if (allow)
                                 approvals->allow(double(approvalId));
                             else
                                 approvals->deny(double(approvalId));
                         });
        QObject::connect(
            approvals, &QAbstractItemModel::rowsAboutToBeRemoved, &desktopNotifications,
            [approvals, &desktopNotifications](const QModelIndex&, int first, int last) {
                for (int row = first; row <= last; ++row)
                    desktopNotifications.withdraw(approvals->at(row).id);
            });
        // Read again (a server's reconnect): what no longer waits goes too.
        QObject::connect(approvals, &QAbstractItemModel::modelReset, &desktopNotifications,
                         [approvals, &desktopNotifications] {
                             QSet<qint64> waiting;
                             for (int row = 0; row < approvals->rowCount(); ++row)
                                 waiting.insert(approvals->at(row).id);
                             for (qint64 id : desktopNotifications.shownApprovals()) {
                                 if (!waiting.contains(id))
                                     desktopNotifications.withdraw(id);
                             }
                         });
    }

    // Settings › Language applies at once: translators, QML's qsTr() bindings, then the models.
    QObject::connect(&dashboard.settings(), &SettingsModel::languageChanged, &language,
                     [&language](const QString& setting) { language.apply(setting); });
    QObject::connect(&language, &AppLanguage::changed, &trayState,
                     [&dashboard, controller, &trayState, &tray] {
                         dashboard.retranslate();
                         controller->retranslate();
                         trayState.retranslate();
                         tray.retranslate();
                     });

    onTerminationSignal([&] {
        // A server's run goes on without this window; only this computer's stops with it.
        if (backend && backend->jarvis()->isBusy())
            backend->jarvis()->cancelRun(controller->currentRunId());
        QCoreApplication::quit();
    });

    // With a question: once its run ends, after the final answer has rendered. Without one (a look
    // at stored data): once the window has had time to draw its first frames.
    const auto whenReady = [&](std::function<void()> then) {
        if (parser.isSet(askOpt) && backend) {
            QObject::connect(backend->jarvis(), &JarvisService::runFinished, window,
                             [window, then] { QTimer::singleShot(500, window, then); });
        } else if (parser.isSet(askOpt)) {
            // Remote: the run is the server's; the window knows its end from the events.
            QObject::connect(controller, &JarvisController::finished, window,
                             [window, then] { QTimer::singleShot(500, window, then); });
        } else {
            QTimer::singleShot(1000, window, then);
        }
    };
    const QString shotPath = parser.value(shotOpt);
    if (!shotPath.isEmpty() && window)
        whenReady([window, shotPath] { saveScreenshotAndQuit(window, shotPath); });
    const QString tourDir = parser.value(tourOpt);
    if (!tourDir.isEmpty() && window) {
        whenReady([&, window, tourDir] {
            QList<TourStep> steps;
            for (const Page& p : pages()) {
                steps.append(
                    {p.name, [&, window, p] {
                         // The worker detail page shows the newest worker (the
                         // Workers table's first row, here or on the server).
                         WorkerTableModel& workers = dashboard.workers();
                         if (p.name == QLatin1String("worker-detail") && workers.rowCount() > 0) {
                             dashboard.workerDetail().openJob(workers.index(0, 0)
                                                                  .data(WorkerTableModel::JobIdRole)
                                                                  .toLongLong());
                         }
                         showPage(window, p);
                     }});
            }
            steps.append({QStringLiteral("inbox"), [window] {
                              showPage(window, *findPage(QStringLiteral("jarvis")));
                              window->setProperty("inboxOpen", true);
                          }});
            // Ctrl+F in the chat, with a term the tour's question has; then the shortcuts sheet.
            steps.append({QStringLiteral("jarvis-search"), [window, controller] {
                              window->setProperty("inboxOpen", false);
                              showPage(window, *findPage(QStringLiteral("jarvis")));
                              QMetaObject::invokeMethod(window, "find");
                              controller->search()->setTerm(QStringLiteral("disk"));
                          }});
            steps.append({QStringLiteral("shortcuts"), [window, controller] {
                              QMetaObject::invokeMethod(window, "closePopups");
                              QMetaObject::invokeMethod(window, "showShortcuts");
                          }});
            steps.append({QStringLiteral("jarvis-dark"), [window, &appearance] {
                              QMetaObject::invokeMethod(window, "closePopups");
                              window->setProperty("inboxOpen", false);
                              appearance.setMode(QStringLiteral("dark"));
                              showPage(window, *findPage(QStringLiteral("jarvis")));
                          }});
            steps.append({QStringLiteral("workers-dark"),
                          [window] { showPage(window, *findPage(QStringLiteral("workers"))); }});
            // The Hosts page's form, in the light theme: the first host's, or a new one's.
            steps.append({QStringLiteral("hosts-edit"), [window, &appearance, &dashboard] {
                              appearance.setMode(QStringLiteral("light"));
                              showPage(window, *findPage(QStringLiteral("hosts")));
                              HostsModel& hosts = dashboard.hosts();
                              hosts.requestEdit(hosts.count() > 0 ? 0 : -1);
                          }});
            runTour(window, tourDir, steps);
        });
    }
    if (parser.isSet(askOpt)) {
        const QString question = parser.value(askOpt);
        QTimer::singleShot(0, controller, [controller, question] { controller->send(question); });
    }
    const int code = QApplication::exec();
    JarvisController::setInstance(nullptr);
    WindowClose::setInstance(nullptr);
    Appearance::setInstance(nullptr);
    ServerConnection::setInstance(nullptr);
    SpokenAnswers::setInstance(nullptr);
    VoiceInput::setInstance(nullptr);
    return code;
}

}  // namespace zerg::gui
