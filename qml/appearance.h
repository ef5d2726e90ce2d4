#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QString>

class QQmlEngine;
class QJSEngine;

namespace zerg {

// Light or dark: the QML singleton `Appearance` that Theme.qml reads. The mode is "system" (follow
// the desktop's palette, re-checked when it changes), "light" or "dark" (Settings::theme,
// ZERG_THEME). Qt 6.4 has no colour-scheme API, so "system" means a dark window colour in the
// palette the platform theme gives the application (GTK, KDE and macOS themes set it).
class Appearance : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON
    Q_PROPERTY(QString mode READ mode WRITE setMode NOTIFY modeChanged FINAL)
    Q_PROPERTY(bool dark READ dark NOTIFY darkChanged FINAL)

public:
    // No default constructor on purpose: QML would then make its own instance instead of
    // calling create().
    explicit Appearance(const QString& mode, QObject* parent = nullptr);

    // The instance QML's `Appearance` refers to (one is made on demand when none was set).
    static void setInstance(Appearance* instance);
    static Appearance* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    [[nodiscard]] QString mode() const { return m_mode; }
    // "system", "light" or "dark"; anything else is taken as "system".
    void setMode(const QString& mode);
    [[nodiscard]] bool dark() const { return m_dark; }

    // The rule, apart for tests: is this mode with this window lightness (0-255) dark?
    [[nodiscard]] static bool isDark(const QString& mode, int windowLightness);

Q_SIGNALS:
    void modeChanged();
    void darkChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void update();

    QString m_mode = QStringLiteral("system");
    bool m_dark = false;
};

}  // namespace zerg
