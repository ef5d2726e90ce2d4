#include "appearance.h"

#include <QCoreApplication>
#include <QEvent>
#include <QGuiApplication>
#include <QPalette>
#include <QPointer>
#include <QQmlEngine>

namespace zerg {
namespace {

QPointer<Appearance> g_instance;

}  // namespace

Appearance::Appearance(const QString& mode, QObject* parent) : QObject(parent) {
    if (QCoreApplication::instance())
        QCoreApplication::instance()->installEventFilter(this);
    setMode(mode);
    update();
}

void Appearance::setInstance(Appearance* instance) {
    g_instance = instance;
}

Appearance* Appearance::create(QQmlEngine* qmlEngine, QJSEngine*) {
    if (!g_instance)
        g_instance = new Appearance(QStringLiteral("system"),
                                    qmlEngine);  // tests and tools: follow the system
    QQmlEngine::setObjectOwnership(g_instance, QQmlEngine::CppOwnership);
    return g_instance;
}

void Appearance::setMode(const QString& mode) {
    const QString normalized = mode == QLatin1String("light") || mode == QLatin1String("dark")
                                   ? mode
                                   : QStringLiteral("system");
    if (normalized == m_mode)
        return;
    m_mode = normalized;
    Q_EMIT modeChanged();
    update();
}

bool Appearance::isDark(const QString& mode, int windowLightness) {
    if (mode == QLatin1String("dark"))
        return true;
    if (mode == QLatin1String("light"))
        return false;
    return windowLightness < 128;
}

bool Appearance::eventFilter(QObject* watched, QEvent* event) {
    if (watched == QCoreApplication::instance() &&
        event->type() == QEvent::ApplicationPaletteChange) {
        update();
    }
    return QObject::eventFilter(watched, event);
}

void Appearance::update() {
    const int lightness = qobject_cast<QGuiApplication*>(QCoreApplication::instance())
                              ? QGuiApplication::palette().color(QPalette::Window).lightness()
                              : 255;
    const bool dark = isDark(m_mode, lightness);
    if (dark == m_dark)
        return;
    m_dark = dark;
    Q_EMIT darkChanged();
}

}  // namespace zerg
