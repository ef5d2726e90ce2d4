// The user interface's languages: which one is chosen (setting, system), switching at runtime
// (translators, the default locale, the models' texts), and that the embedded German translation
// is found under the contexts the program looks its texts up in.
#include "core/clock.h"
#include "core/event_bus.h"
#include "core/settings.h"
#include "dashboard/worker_source.h"
#include "temp_env.h"
#include "ui/app_language.h"
#include "ui/duration_format.h"
#include "ui/money_format.h"
#include "ui/settings_model.h"
#include "ui/worker_table_model.h"

#include <QCoreApplication>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

#include <memory>

using namespace zerg;

namespace {

class OneRowSource final : public WorkerSource {
public:
    Result<QList<WorkerRow>> recentWorkers(int) const override {
        WorkerRow w;
        w.jobId = 1;
        w.workerId = QStringLiteral("w1");
        w.task = QStringLiteral("check disk on web1");
        w.status = JobStatus::Success;
        w.durationMs = 1500;
        w.costUsd = 0.0042;
        return QList<WorkerRow>{w};
    }
};

QString header(const WorkerTableModel& m, int column) {
    return m.headerData(column, Qt::Horizontal, Qt::DisplayRole).toString();
}

}  // namespace

class TestTranslations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Secrets (the Settings page's rows) in a file under the test's folder, never the keychain.
    void initTestCase() { qputenv("ZERG_SECRET_BACKEND", "file"); }
    void cleanupTestCase() { qunsetenv("ZERG_SECRET_BACKEND"); }

    void cleanup() {
        // Every test starts from no translation and the C locale.
        m_language.reset();
        QLocale::setDefault(QLocale::c());
    }

    void theSettingWinsOverTheSystem() {
        QCOMPARE(AppLanguage::resolve(QStringLiteral("de"), QLocale(QStringLiteral("en_US"))),
                 QStringLiteral("de"));
        QCOMPARE(AppLanguage::resolve(QStringLiteral(" EN "), QLocale(QStringLiteral("de_DE"))),
                 QStringLiteral("en"));
    }

    void systemFollowsTheDesktopsLanguageElseEnglish() {
        QCOMPARE(AppLanguage::resolve(QStringLiteral("system"), QLocale(QStringLiteral("de_AT"))),
                 QStringLiteral("de"));
        QCOMPARE(AppLanguage::resolve(QStringLiteral("system"), QLocale(QStringLiteral("fr_FR"))),
                 QStringLiteral("en"));
        QCOMPARE(AppLanguage::resolve(QStringLiteral("system"), QLocale::c()),
                 QStringLiteral("en"));
        // An unknown setting is treated like "system".
        QCOMPARE(AppLanguage::resolve(QStringLiteral("klingon"), QLocale(QStringLiteral("de_CH"))),
                 QStringLiteral("de"));
    }

    void numbersFollowTheLanguageKeepingTheSystemsRegion() {
        QCOMPARE(
            AppLanguage::localeFor(QStringLiteral("de"), QLocale(QStringLiteral("de_AT"))).name(),
            QStringLiteral("de_AT"));
        QCOMPARE(
            AppLanguage::localeFor(QStringLiteral("de"), QLocale(QStringLiteral("en_US"))).name(),
            QStringLiteral("de_DE"));
        QCOMPARE(
            AppLanguage::localeFor(QStringLiteral("en"), QLocale(QStringLiteral("en_GB"))).name(),
            QStringLiteral("en_GB"));
    }

    void englishHasItsPluralForms() {
        language().apply(QStringLiteral("en"));
        QCOMPARE(QCoreApplication::translate("ArtifactViews", "%n file(s)", nullptr, 1),
                 QStringLiteral("1 file"));
        QCOMPARE(QCoreApplication::translate("ArtifactViews", "%n file(s)", nullptr, 2),
                 QStringLiteral("2 files"));
        QCOMPARE(formatDuration(1500), QStringLiteral("1.5 s"));
        QCOMPARE(formatUsd(0.0042, 4), QStringLiteral("$0.0042"));
    }

    // What a user sees when switching in Settings: the Workers table's headers and cells change
    // language and number format at once, announced to the views.
    void switchingToGermanRetranslatesTheModelsAtOnce() {
        ManualClock clock(QDateTime(QDate(2026, 11, 21), QTime(10, 0), Qt::UTC));
        EventBus bus(&clock);
        OneRowSource source;
        WorkerTableModel table(&bus, &source, 1);
        connect(&language(), &AppLanguage::changed, &table, &WorkerTableModel::retranslate);
        QCOMPARE(language().apply(QStringLiteral("en")), QStringLiteral("en"));
        QCOMPARE(header(table, WorkerTableModel::TaskColumn), QStringLiteral("Task"));
        QCOMPARE(table.index(0, WorkerTableModel::DurationColumn).data().toString(),
                 QStringLiteral("1.5 s"));

        QSignalSpy changed(&language(), &AppLanguage::changed);
        QSignalSpy headers(&table, &QAbstractItemModel::headerDataChanged);
        QSignalSpy titles(&table, &WorkerTableModel::columnTitlesChanged);
        QSignalSpy cells(&table, &QAbstractItemModel::dataChanged);
        QCOMPARE(language().apply(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toString(), QStringLiteral("de"));
        QCOMPARE(headers.count(), 1);
        QCOMPARE(titles.count(), 1);
        QCOMPARE(cells.count(), 1);
        QCOMPARE(header(table, WorkerTableModel::TaskColumn), QStringLiteral("Aufgabe"));
        QCOMPARE(table.columnTitles().value(WorkerTableModel::CostColumn),
                 QStringLiteral("Kosten"));
        QCOMPARE(table.index(0, WorkerTableModel::DurationColumn).data().toString(),
                 QStringLiteral("1,5 s"));
        QCOMPARE(table.index(0, WorkerTableModel::CostColumn).data().toString(),
                 QStringLiteral("0,0042 $"));
        QCOMPARE(table.index(0, WorkerTableModel::StatusColumn).data().toString(),
                 QStringLiteral("erfolgreich"));
        QCOMPARE(QCoreApplication::translate("ArtifactViews", "%n file(s)", nullptr, 2),
                 QStringLiteral("2 Dateien"));

        // The same language again changes nothing; back to English restores the texts.
        language().apply(QStringLiteral("de"));
        QCOMPARE(changed.count(), 1);
        language().apply(QStringLiteral("en"));
        QCOMPARE(header(table, WorkerTableModel::TaskColumn), QStringLiteral("Task"));
        QCOMPARE(formatDuration(65000), QStringLiteral("1 min 5 s"));
    }

    void qtsOwnTranslationIsUsedWhenInstalled() {
        const QString dir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        const bool installed = QFile::exists(dir + QStringLiteral("/qtbase_de.qm")) ||
                               QFile::exists(dir + QStringLiteral("/qt_de.qm"));
        QCOMPARE(language().apply(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(language().qtTranslationLoaded(), installed);
    }

    // The Settings page's labels are looked up under "zerg::SettingField" and
    // "zerg::SettingsModel": every one of them must be in the German file under that context.
    void everySettingReadsInGerman() {
        QTranslator german;
        QVERIFY(german.load(QStringLiteral(":/i18n/zerg_de.qm")));
        for (const SettingField& f : Settings::fields()) {
            QVERIFY2(!german.translate("zerg::SettingField", f.label).isEmpty(), f.label);
            if (*f.help)
                QVERIFY2(!german.translate("zerg::SettingField", f.help).isEmpty(), f.help);
        }
        language().apply(QStringLiteral("de"));
        const QTemporaryDir dir;
        zerg::test::isolateSettings(dir.path());
        Settings effective;
        effective.configDir = dir.filePath(QStringLiteral("config"));
        SettingsModel model(effective);
        QSet<QString> sections;
        for (int row = 0; row < model.rowCount(); ++row) {
            const QModelIndex i = model.index(row);
            sections.insert(i.data(SettingsModel::SectionTitleRole).toString());
            QVERIFY(!i.data(SettingsModel::LabelRole).toString().isEmpty());
        }
        QVERIFY(sections.contains(QStringLiteral("Darstellung")));
        QVERIFY(sections.contains(QStringLiteral("Anbieter und Modelle")));
        QCOMPARE(model
                     .data(model.index(model.rowOf(QStringLiteral("ui/language"))),
                           SettingsModel::LabelRole)
                     .toString(),
                 QStringLiteral("Sprache"));
        // Errors are German too.
        const auto invalid = Settings::validate(QStringLiteral("smtp/port"), QStringLiteral("x"));
        QVERIFY(!invalid);
        QVERIFY2(invalid.error().message.contains(QStringLiteral("keine Zahl")),
                 qPrintable(invalid.error().message));
    }

    void theLanguageIsASettingThatAppliesLive() {
        const SettingField* f = Settings::field(QStringLiteral("ui/language"));
        QVERIFY(f);
        QVERIFY(f->appliesLive);
        QCOMPARE(f->env, QStringLiteral("ZERG_LANGUAGE"));
        QCOMPARE(f->choices, (QStringList{"system", "en", "de"}));

        const QTemporaryDir dir;
        zerg::test::isolateSettings(dir.path());
        QCOMPARE(Settings::loadLanguage(), QStringLiteral("system"));
        QVERIFY(Settings::saveValue(QStringLiteral("ui/language"), QStringLiteral("DE")).ok());
        QCOMPARE(Settings::loadLanguage(), QStringLiteral("de"));
        QCOMPARE(Settings::load().language, QStringLiteral("de"));
        qputenv("ZERG_LANGUAGE", "en");
        QCOMPARE(Settings::loadLanguage(), QStringLiteral("en"));
        QCOMPARE(Settings::load().language, QStringLiteral("en"));
        qputenv("ZERG_LANGUAGE", "fr");  // not spoken: the system decides
        QCOMPARE(Settings::loadLanguage(), QStringLiteral("system"));
        QCOMPARE(Settings::load().language, QStringLiteral("system"));
        qunsetenv("ZERG_LANGUAGE");

        // The Settings page: choosing a language asks the app to switch, without a restart.
        Settings effective;
        effective.configDir = dir.filePath(QStringLiteral("config"));
        SettingsModel model(effective);
        QSignalSpy switched(&model, &SettingsModel::languageChanged);
        QVERIFY(model.setValue(QStringLiteral("ui/language"), QStringLiteral("en")));
        QCOMPARE(switched.count(), 1);
        QCOMPARE(switched.at(0).at(0).toString(), QStringLiteral("en"));
        QCOMPARE(model.language(), QStringLiteral("en"));
        QVERIFY(!model.restartNeeded());
        const QModelIndex row = model.index(model.rowOf(QStringLiteral("ui/language")));
        QCOMPARE(row.data(SettingsModel::ChoiceLabelsRole).toStringList(),
                 (QStringList{"System", "English", "Deutsch"}));
    }

private:
    AppLanguage& language() {
        if (!m_language)
            m_language = std::make_unique<AppLanguage>();
        return *m_language;
    }

    std::unique_ptr<AppLanguage> m_language;
};

QTEST_GUILESS_MAIN(TestTranslations)

#include "test_translations.moc"
