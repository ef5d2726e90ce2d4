#include "tray.h"

#include "tour.h"
#include "ui/desktop_notifications.h"

#include "schedule/schedule_service.h"
#include "ui/tray_state.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QPainter>
#include <QPixmap>
#include <QQuickWindow>
#include <QSystemTrayIcon>

namespace zerg::gui {
namespace {

// Drawn, not loaded: a monochrome mark (a ring and a Z) that works without an SVG plugin, in
// black or white to suit the panel; "working" opens the ring, "attention" adds a dot.
QIcon trayIcon(TrayState::State state, bool light) {
    QIcon icon;
    for (int size : {16, 22, 32, 44, 64}) {
        QPixmap pm(size, size);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.scale(size / 22.0, size / 22.0);
        QPen pen(light ? Qt::white : Qt::black, 2.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        p.setPen(pen);
        if (state == TrayState::State::Working)
            p.drawArc(QRectF(3, 3, 16, 16), 90 * 16, -270 * 16);
        else
            p.drawEllipse(QRectF(3, 3, 16, 16));
        const QPointF z[] = {{7.5, 8}, {14.5, 8}, {7.5, 14}, {14.5, 14}};
        p.drawPolyline(z, 4);
        if (state == TrayState::State::Attention) {
            p.setPen(Qt::NoPen);
            p.setBrush(light ? Qt::white : Qt::black);
            p.drawEllipse(QPointF(18, 4), 3.5, 3.5);
        }
        icon.addPixmap(pm);
    }
    return icon;
}

}  // namespace

struct Tray::Impl {
    TrayState* state = nullptr;
    QQuickWindow* window = nullptr;
    DesktopNotifications* desktop = nullptr;
    std::unique_ptr<QSystemTrayIcon> icon;
    std::unique_ptr<QMenu> menu;
    QList<QAction*> actions;  // Open Jarvis, Dashboard, Pause schedules, Quit (owned by menu)
    bool lightPanel = false;

    void refresh() {
        icon->setIcon(trayIcon(state->state(), lightPanel));
        icon->setToolTip(state->toolTip());
    }
    void showWindow() const { bringToFront(window); }
};

void Tray::retranslate() const {
    if (d->actions.size() != 4)
        return;  // no system tray
    d->actions.at(0)->setText(QObject::tr("Open Jarvis"));
    d->actions.at(1)->setText(QObject::tr("Dashboard"));
    d->actions.at(2)->setText(QObject::tr("Pause schedules"));
    d->actions.at(3)->setText(QObject::tr("Quit Zerg"));
}

Tray::Tray(TrayState* state, QQuickWindow* window, ScheduleService* scheduler,
           DesktopNotifications* desktop)
    : d(std::make_unique<Impl>()) {
    d->state = state;
    d->window = window;
    d->desktop = desktop;
    if (!window)
        return;
    // Notifications go to the desktop's notification server whenever there is one, with or
    // without a tray; the tray's own messages are the fallback.
    QObject::connect(state, &TrayState::notify, window,
                     [impl = d.get()](const QString& title, const QString& body,
                                      const QString& severity, qint64 approvalId) {
                         if (impl->desktop && impl->desktop->available()) {
                             if (approvalId != 0)
                                 impl->desktop->notifyApproval(approvalId, title, body);
                             else
                                 impl->desktop->notify(title, body, severity);
                         } else if (impl->icon) {
                             impl->icon->showMessage(title, body, QSystemTrayIcon::Information,
                                                     8000);
                         } else {
                             qInfo("zerg: %s: %s", qPrintable(title), qPrintable(body));
                         }
                     });
    QObject::connect(window, &QWindow::visibleChanged, state,
                     [state](bool visible) { state->setWindowVisible(visible); });
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return;
    // Panels are usually dark: a light mark unless the palette says the desktop is light.
    d->lightPanel = QApplication::palette().window().color().lightness() < 128;
    d->menu = std::make_unique<QMenu>();
    QAction* open = d->menu->addAction(QString());
    QObject::connect(open, &QAction::triggered, [impl = d.get()] { impl->showWindow(); });
    QAction* dashboard = d->menu->addAction(QString());
    QObject::connect(dashboard, &QAction::triggered, [impl = d.get()] {
        impl->window->setProperty("page", QStringLiteral("dashboard"));
        impl->showWindow();
    });
    QAction* pause = d->menu->addAction(QString());
    pause->setCheckable(true);
    pause->setEnabled(scheduler != nullptr);
    if (scheduler) {
        pause->setChecked(scheduler->isPaused());
        QObject::connect(pause, &QAction::toggled, scheduler, [scheduler, pause](bool paused) {
            if (Status s = scheduler->setPaused(paused); !s) {
                qWarning("zerg: %s", qPrintable(s.error().message));
                const QSignalBlocker block(pause);
                pause->setChecked(!paused);
            }
        });
        // Paused or resumed elsewhere (the Schedules page): the menu follows.
        QObject::connect(scheduler, &ScheduleService::schedulesChanged, pause, [scheduler, pause] {
            const QSignalBlocker block(pause);
            pause->setChecked(scheduler->isPaused());
        });
    }
    d->menu->addSeparator();
    QAction* quit = d->menu->addAction(QString());
    QObject::connect(quit, &QAction::triggered, [] { QCoreApplication::quit(); });
    d->actions = {open, dashboard, pause, quit};
    retranslate();

    d->icon = std::make_unique<QSystemTrayIcon>();
    d->icon->setContextMenu(d->menu.get());
    QObject::connect(d->icon.get(), &QSystemTrayIcon::activated,
                     [impl = d.get()](QSystemTrayIcon::ActivationReason reason) {
                         if (reason == QSystemTrayIcon::Trigger)
                             impl->window->isVisible() ? impl->window->hide() : impl->showWindow();
                     });
    QObject::connect(state, &TrayState::stateChanged, d->icon.get(),
                     [impl = d.get()] { impl->refresh(); });
    QObject::connect(d->icon.get(), &QSystemTrayIcon::messageClicked,
                     [impl = d.get()] { impl->showWindow(); });
    // Closing the window keeps Zerg running in the tray; "Quit Zerg" quits.
    QApplication::setQuitOnLastWindowClosed(false);
    d->refresh();
    d->icon->show();
}

Tray::~Tray() = default;

bool Tray::available() const {
    return d->icon != nullptr;
}

}  // namespace zerg::gui
