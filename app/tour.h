#pragma once

#include <QList>
#include <QString>

#include <functional>

class QQuickWindow;

namespace zerg::gui {

// A place in the window: the chat, or one dashboard tab. `--page NAME` opens one; the tour
// visits them all. The names are the screenshot file names listed in the README.
struct Page {
    QString name;
    int dashboardTab = -1;  // -1: the Jarvis chat
};

// Every page in the order of the dashboard's tabs (qml/Dashboard.qml).
[[nodiscard]] const QList<Page>& pages();
// nullptr when no page has this name. "dashboard" is kept as another name for "workers".
[[nodiscard]] const Page* findPage(const QString& name);
// Shows the page in the window (sets Main.qml's page and dashboardTab).
void showPage(QQuickWindow* window, const Page& page);
// Shows the window (also when hidden to the tray or minimised) and asks for the focus: the
// tray's Open, a clicked notification, a later launch of zerg.
void bringToFront(QQuickWindow* window);

// One screenshot of the tour: prepare() runs, then the window has time to load and draw.
struct TourStep {
    QString name;  // <dir>/<name>.png
    std::function<void()> prepare;
};

// Saves one PNG per step into dir, one step after another, then quits the application (exit
// code 0, or 1 when a screenshot could not be saved).
void runTour(QQuickWindow* window, const QString& dir, QList<TourStep> steps);

}  // namespace zerg::gui
