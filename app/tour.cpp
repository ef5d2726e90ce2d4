#include "tour.h"

#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QQuickWindow>
#include <QTimer>

namespace zerg::gui {
namespace {

// Long enough for a page's data (loaded off the GUI thread) to arrive and be drawn.
constexpr int kSettleMs = 800;

}  // namespace

const QList<Page>& pages() {
    static const QList<Page> all{
        {QStringLiteral("jarvis"), -1},       {QStringLiteral("workers"), 0},
        {QStringLiteral("worker-detail"), 1}, {QStringLiteral("threads"), 2},
        {QStringLiteral("supervision"), 3},   {QStringLiteral("costs"), 4},
        {QStringLiteral("schedules"), 5},     {QStringLiteral("hosts"), 6},
        {QStringLiteral("settings"), 7},      {QStringLiteral("agents"), 8},
    };
    return all;
}

const Page* findPage(const QString& name) {
    const QString wanted = name == QLatin1String("dashboard") ? QStringLiteral("workers") : name;
    for (const Page& p : pages()) {
        if (p.name == wanted)
            return &p;
    }
    return nullptr;
}

void bringToFront(QQuickWindow* window) {
    if (window->visibility() == QWindow::Minimized)
        window->showNormal();
    else if (!window->isVisible())
        window->show();
    window->raise();
    window->requestActivate();
}

void showPage(QQuickWindow* window, const Page& page) {
    if (page.dashboardTab >= 0)
        window->setProperty("dashboardTab", page.dashboardTab);
    window->setProperty(
        "page", page.dashboardTab < 0 ? QStringLiteral("jarvis") : QStringLiteral("dashboard"));
}

namespace {

// Walks the steps one after another; a child of the window, so it lives as long as the tour can.
class TourRunner final : public QObject {
public:
    TourRunner(QQuickWindow* window, QString dir, QList<TourStep> steps)
        : QObject(window), m_window(window), m_dir(std::move(dir)), m_steps(std::move(steps)) {}

    void next() {
        if (m_steps.isEmpty()) {
            QCoreApplication::exit(m_failed ? 1 : 0);
            return;
        }
        const TourStep step = m_steps.takeFirst();
        if (step.prepare)
            step.prepare();
        QTimer::singleShot(kSettleMs, this, [this, name = step.name] {
            const QString path = QDir(m_dir).filePath(name + QStringLiteral(".png"));
            if (!m_window->grabWindow().save(path)) {
                qCritical("zerg: could not save the screenshot to %s", qPrintable(path));
                m_failed = true;
            }
            next();
        });
    }

private:
    QQuickWindow* m_window;
    QString m_dir;
    QList<TourStep> m_steps;
    bool m_failed = false;
};

}  // namespace

void runTour(QQuickWindow* window, const QString& dir, QList<TourStep> steps) {
    QDir().mkpath(dir);
    (new TourRunner(window, dir, std::move(steps)))->next();
}

}  // namespace zerg::gui
