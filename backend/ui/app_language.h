#pragma once

#include <QList>
#include <QLocale>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>

class QQmlEngine;
class QTranslator;

namespace zerg {

// The language the user interface speaks, switchable while the app runs. apply() installs Zerg's
// translation (embedded as :/i18n/zerg_<language>.qm), Qt's own (qtbase_<language>.qm, when the
// system has it installed), makes the language's QLocale the default (numbers, dates and
// durations follow it) and has the attached QML engines retranslate their qsTr() bindings;
// then changed() tells the C++ models to give their texts again.
// One instance per process: QCoreApplication's translators are process-wide.
class AppLanguage : public QObject {
    Q_OBJECT

public:
    explicit AppLanguage(QObject* parent = nullptr);
    // Removes its translators again (the texts fall back to English).
    ~AppLanguage() override;

    // The languages Zerg has translations for: "en" (the source language) and "de".
    [[nodiscard]] static QStringList available();
    // The language for a setting: "en" or "de" as they are; "system" (or anything else) the
    // first of system's preferred UI languages that Zerg speaks, else "en".
    [[nodiscard]] static QString resolve(const QString& setting,
                                         const QLocale& system = QLocale::system());
    // The locale numbers and dates are written in: the system's own when it speaks language
    // (keeping its region: de_AT, en_GB), else the language's main one (de_DE, en_US).
    [[nodiscard]] static QLocale localeFor(const QString& language,
                                           const QLocale& system = QLocale::system());

    // Retranslated (QQmlEngine::retranslate) and given the uiLanguage on every apply(); the
    // engine must outlive this or be destroyed first (it is held weakly).
    void attachEngine(QQmlEngine* engine);

    // Switches to setting (system | en | de) and returns the language now spoken. Installs and
    // emits changed() only when the language differs from the current one (so the first call
    // always does). Never fails: a missing translation leaves the English source texts.
    QString apply(const QString& setting);

    // "" before the first apply().
    [[nodiscard]] QString language() const { return m_language; }
    // Whether Qt's own translation (standard dialogs, context menus) was found for it.
    [[nodiscard]] bool qtTranslationLoaded() const { return m_qt != nullptr; }

Q_SIGNALS:
    void changed(const QString& language);

private:
    void removeTranslators();

    QString m_language;
    std::unique_ptr<QTranslator> m_app;
    std::unique_ptr<QTranslator> m_qt;
    QList<QPointer<QQmlEngine>> m_engines;
};

}  // namespace zerg
