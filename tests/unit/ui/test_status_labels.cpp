// The QML singleton `Status` (ui/status_labels.h): every status word of core/status.h's worker,
// job, run and scheduled-check tables has a label and one tone, the same wherever it is shown;
// the labels follow the language, in C++ and through the engine's uiLanguage.
#include "core/status.h"
#include "ui/status_labels.h"

#include <QCoreApplication>
#include <QJSEngine>
#include <QSignalSpy>
#include <QTest>
#include <QTranslator>

#include <memory>

using namespace zerg;

namespace {

const QStringList kTones{"active", "warning", "success", "danger", "muted"};

// Every word of the vocabularies a page shows, with the table it came from (for messages).
QList<std::pair<QString, const char*>> everyWord() {
    QList<std::pair<QString, const char*>> all;
    for (const QString& w : statusNames<WorkerStatus>())
        all.append({w, "WorkerStatus"});
    for (const QString& w : statusNames<JobStatus>())
        all.append({w, "JobStatus"});
    for (const QString& w : statusNames<RunStatus>())
        all.append({w, "RunStatus"});
    for (const QString& w : statusNames<ScheduleRunStatus>())
        all.append({w, "ScheduleRunStatus"});
    return all;
}

// The terminal answer of the word's own table (core's isTerminal on the parsed enum).
template <typename E>
void sameEndAsCore() {
    for (const auto& [value, name] : StatusTable<E>::names)
        QVERIFY2(StatusLabels::isTerminalWord(QString::fromLatin1(name)) == isTerminal(value),
                 name);
}

}  // namespace

class TestStatusLabels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { m_german.reset(); }

    void everyWordHasALabelAndATone() {
        const QStringList words = StatusLabels::words();
        for (const auto& [word, table] : everyWord()) {
            const QByteArray what = word.toUtf8() + " of " + table;
            QVERIFY2(words.contains(word), what.constData());
            QVERIFY2(!StatusLabels::label(word).isEmpty(), what.constData());
            QVERIFY2(kTones.contains(StatusLabels::toneOf(word)), what.constData());
        }
        QCOMPARE(StatusLabels::label(u"success"), QStringLiteral("succeeded"));
        QCOMPARE(StatusLabels::label(u"timeout"), QStringLiteral("timed out"));
        QCOMPARE(StatusLabels::label(u"awaiting_approval"), QStringLiteral("waiting for approval"));
        QCOMPARE(StatusLabels::label(u"skipped"), QStringLiteral("skipped"));
    }

    // One tone per status, whichever table the word came from.
    void oneTonePerStatus() {
        const QList<std::pair<const char*, const char*>> expected{{"queued", "muted"},
                                                                  {"starting", "active"},
                                                                  {"running", "active"},
                                                                  {"restarting", "active"},
                                                                  {"awaiting_approval", "warning"},
                                                                  {"success", "success"},
                                                                  {"failed", "danger"},
                                                                  {"timeout", "danger"},
                                                                  {"cancelled", "muted"},
                                                                  {"skipped", "muted"}};
        for (const auto& [word, tone] : expected)
            QCOMPARE(StatusLabels::toneOf(QString::fromLatin1(word)), QLatin1String(tone));
        QCOMPARE(StatusLabels::words().size(), expected.size());
    }

    // A scheduled check's colour: running and failed keep their tone, otherwise the finding's
    // severity colours a finished check.
    void outcomeToneWeighsTheSeverity() {
        QCOMPARE(StatusLabels::outcomeToneOf(u"running", u"critical"), QStringLiteral("active"));
        QCOMPARE(StatusLabels::outcomeToneOf(u"failed", u"info"), QStringLiteral("danger"));
        QCOMPARE(StatusLabels::outcomeToneOf(u"success", u"critical"), QStringLiteral("danger"));
        QCOMPARE(StatusLabels::outcomeToneOf(u"success", u"warning"), QStringLiteral("warning"));
        QCOMPARE(StatusLabels::outcomeToneOf(u"success", u"info"), QStringLiteral("success"));
        QCOMPARE(StatusLabels::outcomeToneOf(u"cancelled", u""), QStringLiteral("muted"));
    }

    // Queued is waiting, not working: muted, no pulse, not ended, in every table that has it.
    void queuedIsMutedEverywhere() {
        const StatusLabels labels;
        const QStringList queued{statusName(WorkerStatus::Queued), statusName(JobStatus::Queued)};
        for (const QString& word : queued) {
            QCOMPARE(labels.tone(word), QStringLiteral("muted"));
            QVERIFY(!labels.isActive(word));
            QVERIFY(!labels.isTerminal(word));
        }
    }

    void activeAreTheStatesThatPulse() {
        QStringList active;
        for (const QString& word : StatusLabels::words()) {
            if (StatusLabels::isActiveWord(word))
                active.append(word);
        }
        QCOMPARE(active, (QStringList{"starting", "running", "awaiting_approval", "restarting"}));
    }

    void endsAreCoresEnds() {
        sameEndAsCore<WorkerStatus>();
        sameEndAsCore<JobStatus>();
        sameEndAsCore<RunStatus>();
        sameEndAsCore<ScheduleRunStatus>();
    }

    // An unknown word is shown as it is, muted, and counts as ended (as the models count it).
    void unknownWordsAsTheyAre() {
        const StatusLabels labels;
        for (const QString& word : {QStringLiteral("exploded"), QString()}) {
            QCOMPARE(StatusLabels::label(word), word);
            QCOMPARE(labels.tone(word), QStringLiteral("muted"));
            QVERIFY(!labels.isActive(word));
            QVERIFY(labels.isTerminal(word));
            QVERIFY(!labels.labels().contains(word));
        }
    }

    void qmlSeesEveryLabel() {
        const StatusLabels labels;
        QCOMPARE(labels.labels().size(), StatusLabels::words().size());
        for (const QString& word : StatusLabels::words())
            QCOMPARE(labels.labels().value(word).toString(), StatusLabels::label(word));
    }

    void germanWhenTheGermanTranslatorIsLoaded() {
        QHash<QString, QString> english;
        for (const QString& word : StatusLabels::words())
            english.insert(word, StatusLabels::label(word));
        installGerman();
        for (const QString& word : StatusLabels::words()) {
            const QString german = StatusLabels::label(word);
            QVERIFY2(!german.isEmpty() && german != english.value(word), qPrintable(word));
        }
        QCOMPARE(StatusLabels::label(u"queued"), QStringLiteral("wartet"));
        QCOMPARE(StatusLabels::label(u"running"), QStringLiteral("läuft"));
        QCOMPARE(StatusLabels::label(u"success"), QStringLiteral("erfolgreich"));
        QCOMPARE(StatusLabels::label(u"timeout"), QStringLiteral("Zeit überschritten"));
    }

    // QML's instance relabels when its engine's language changes (AppLanguage::apply sets it
    // after installing the translators), so that bindings reading `labels` run again.
    void followsTheEnginesLanguage() {
        QJSEngine engine;
        std::unique_ptr<StatusLabels> labels(StatusLabels::create(nullptr, &engine));
        QCOMPARE(labels->labels().value(QStringLiteral("success")).toString(),
                 QStringLiteral("succeeded"));
        QSignalSpy changed(labels.get(), &StatusLabels::labelsChanged);
        installGerman();
        engine.setUiLanguage(QStringLiteral("de"));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(labels->labels().value(QStringLiteral("success")).toString(),
                 QStringLiteral("erfolgreich"));

        // A language change that changes no label announces nothing.
        engine.setUiLanguage(QStringLiteral("de_AT"));
        QCOMPARE(changed.count(), 1);
        m_german.reset();
        engine.setUiLanguage(QStringLiteral("en"));
        QCOMPARE(changed.count(), 2);
        QCOMPARE(labels->labels().value(QStringLiteral("success")).toString(),
                 QStringLiteral("succeeded"));
    }

private:
    void installGerman() {
        m_german = std::make_unique<QTranslator>();
        QVERIFY(m_german->load(QStringLiteral(":/i18n/zerg_de.qm")));
        QVERIFY(QCoreApplication::installTranslator(m_german.get()));
    }

    std::unique_ptr<QTranslator> m_german;
};

QTEST_GUILESS_MAIN(TestStatusLabels)

#include "test_status_labels.moc"
