#include "ui/app_language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QQmlEngine>
#include <QTranslator>

namespace zerg {
namespace {

// "de-AT", "de_AT", "de" → "de".
QString languageOf(const QString& name) {
    return name.section(QLatin1Char('-'), 0, 0).section(QLatin1Char('_'), 0, 0).toLower();
}

}  // namespace

AppLanguage::AppLanguage(QObject* parent) : QObject(parent) {}

AppLanguage::~AppLanguage() {
    removeTranslators();
}

QStringList AppLanguage::available() {
    return {QStringLiteral("en"), QStringLiteral("de")};
}

QString AppLanguage::resolve(const QString& setting, const QLocale& system) {
    const QString wanted = setting.trimmed().toLower();
    if (available().contains(wanted))
        return wanted;
    for (const QString& preferred : system.uiLanguages()) {
        const QString language = languageOf(preferred);
        if (available().contains(language))
            return language;
    }
    return QStringLiteral("en");
}

QLocale AppLanguage::localeFor(const QString& language, const QLocale& system) {
    if (languageOf(system.name()) == language)
        return system;
    return QLocale(language);
}

void AppLanguage::attachEngine(QQmlEngine* engine) {
    if (engine && !m_engines.contains(engine))
        m_engines.append(engine);
}

QString AppLanguage::apply(const QString& setting) {
    const QString language = resolve(setting);
    if (language == m_language)
        return m_language;
    removeTranslators();

    auto app = std::make_unique<QTranslator>();
    const QString appFile = QStringLiteral(":/i18n/zerg_%1.qm").arg(language);
    if (app->load(appFile)) {
        QCoreApplication::installTranslator(app.get());
        m_app = std::move(app);
    } else {
        qWarning("zerg: the translation %s is missing; the interface stays in English.",
                 qPrintable(appFile));
    }
    // Qt's own strings (standard dialogs, text field menus), if the system has them. English
    // needs none.
    if (language != QLatin1String("en")) {
        const QString dir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        auto qt = std::make_unique<QTranslator>();
        if (qt->load(QStringLiteral("qtbase_%1").arg(language), dir) ||
            qt->load(QStringLiteral("qt_%1").arg(language), dir)) {
            QCoreApplication::installTranslator(qt.get());
            m_qt = std::move(qt);
        }
    }
    QLocale::setDefault(localeFor(language));
    m_language = language;

    for (const QPointer<QQmlEngine>& engine : std::as_const(m_engines)) {
        if (!engine)
            continue;
        engine->setUiLanguage(language);
        engine->retranslate();
    }
    Q_EMIT changed(language);
    return m_language;
}

void AppLanguage::removeTranslators() {
    // Destroyed after the application object (a test's setup): its translators went with it.
    if (!QCoreApplication::instance()) {
        m_app.reset();
        m_qt.reset();
        return;
    }
    if (m_app) {
        QCoreApplication::removeTranslator(m_app.get());
        m_app.reset();
    }
    if (m_qt) {
        QCoreApplication::removeTranslator(m_qt.get());
        m_qt.reset();
    }
}

}  // namespace zerg
