// The Schedules page's model over its local source (a real SQLite ScheduleStore and a real
// ScheduleService, fake supervisor, ManualClock): the actions and their error texts, next-run
// texts in a fixed zone, the run history, and live updates without a reset after the first load.
// The local source answers at once, so each action's outcome is there when the call returns.
// Then over a fake source that answers later and out of order: a stale answer never wins.
#include "core/clock.h"
#include "dashboard/schedules_source.h"
#include "schedule/schedule_service.h"
#include "schedule_fixture.h"
#include "storage/database.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "ui/schedules_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;

QDateTime utc(int y, int mo, int d, int h, int mi) {
    return QDateTime(QDate(y, mo, d), QTime(h, mi), Qt::UTC);
}

const QString kBerlin = QStringLiteral("Europe/Berlin");

struct Fixture : zerg::test::ScheduleFixture {
    // Saturday 21 November 2026, 10:00 UTC (11:00 in Berlin).
    Fixture() : ScheduleFixture(utc(2026, 11, 21, 10, 0)) {}
    void makeModel(ScheduleService* withService) {
        model.reset();
        source = std::make_unique<StoreSchedulesSource>(store.get(), withService, kOwner);
        model = std::make_unique<SchedulesModel>(source.get(), &clock);
        model->setDisplayTimeZone(QTimeZone(kBerlin.toUtf8()));
        tester = std::make_unique<QAbstractItemModelTester>(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    void makeModel() { makeModel(service.get()); }
    QVariant at(int row, SchedulesModel::Roles role) const {
        return model->data(model->index(row), role);
    }
    qint64 idOf(const QString& name) const { return store->findSchedule(kOwner, name)->id; }
    // Runs an action and gives its outcome: "" or the error (the local source answers at once).
    QString act(const std::function<void()>& action) {
        QSignalSpy finished(model.get(), &SchedulesModel::actionFinished);
        action();
        if (finished.size() != 1)
            return QStringLiteral("<%1 answers>").arg(finished.size());
        const QString error = finished.at(0).at(2).toString();
        if (finished.at(0).at(1).toBool() != error.isEmpty() || model->actionError() != error ||
            model->busy())
            return QStringLiteral("<inconsistent outcome>");
        return error;
    }

    std::unique_ptr<StoreSchedulesSource> source;
    std::unique_ptr<SchedulesModel> model;
    std::unique_ptr<QAbstractItemModelTester> tester;
};

// A source that answers only when the test says so, in any order.
class LateSource final : public SchedulesSource {
public:
    void list(QObject*, SourceReply<ScheduleListing> done) override { lists.append(done); }
    void history(qint64 scheduleId, int, QObject*,
                 SourceReply<QList<ScheduleRunRecord>> done) override {
        histories.append({scheduleId, done});
    }
    void create(const ScheduleDraft& draft, QObject*, SourceReply<ScheduleRecord> done) override {
        drafts.append(draft);
        records.append(done);
    }
    void update(qint64, const SchedulePatch&, QObject*, SourceReply<ScheduleRecord> done) override {
        records.append(done);
    }
    void remove(qint64, QObject*, SourceReply<Ok> done) override { oks.append(done); }
    void runNow(qint64, QObject*, SourceReply<Ok> done) override { oks.append(done); }
    void setPaused(bool, QObject*, SourceReply<Ok> done) override { oks.append(done); }

    QList<SourceReply<ScheduleListing>> lists;
    QList<std::pair<qint64, SourceReply<QList<ScheduleRunRecord>>>> histories;
    QList<ScheduleDraft> drafts;
    QList<SourceReply<ScheduleRecord>> records;
    QList<SourceReply<Ok>> oks;
};

ScheduleEntry entry(qint64 id, const QString& name, const QString& lastStatus = {}) {
    ScheduleEntry e;
    e.schedule.id = id;
    e.schedule.ownerId = kOwner;
    e.schedule.name = name;
    e.schedule.task = QStringLiteral("task of ") + name;
    e.schedule.cron = QStringLiteral("0 6 * * *");
    e.schedule.timeZone = kBerlin;
    if (!lastStatus.isEmpty()) {
        ScheduleRunRecord run;
        run.id = id * 10;
        run.scheduleId = id;
        run.status = parseStatus<ScheduleRunStatus>(lastStatus).value();
        run.trigger = QStringLiteral("manual");
        run.startedAt = utc(2026, 11, 21, 9, 0);
        e.lastRun = run;
    }
    return e;
}

ScheduleListing listing(QList<ScheduleEntry> entries, bool paused = false) {
    return ScheduleListing{std::move(entries), paused};
}

QList<ScheduleRunRecord> runs(qint64 scheduleId, const QStringList& statuses) {
    QList<ScheduleRunRecord> out;
    for (const QString& status : statuses) {
        ScheduleRunRecord run;
        run.id = scheduleId * 100 + out.size();
        run.scheduleId = scheduleId;
        run.trigger = QStringLiteral("cron");
        run.status = parseStatus<ScheduleRunStatus>(status).value();
        run.startedAt = utc(2026, 11, 21, 5, 0);
        out.append(run);
    }
    return out;
}

}  // namespace

class TestSchedulesModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom)); }

    void loadsByNameAndShowsWhenEachRuns() {
        Fixture f;
        QVERIFY(f.service->createSchedule(QStringLiteral("web disks"), QStringLiteral("check df"),
                                          QStringLiteral("0 6 * * *"), kBerlin));
        QVERIFY(f.service->createSchedule(QStringLiteral("certs"), QStringLiteral("check TLS"),
                                          QStringLiteral("30 9 * * 1-5"),
                                          QStringLiteral("America/New_York")));
        f.makeModel();
        QCOMPARE(f.model->count(), 2);
        QCOMPARE(f.at(0, SchedulesModel::NameRole).toString(), QStringLiteral("certs"));
        QCOMPARE(f.at(1, SchedulesModel::NameRole).toString(), QStringLiteral("web disks"));
        QCOMPARE(f.at(1, SchedulesModel::TaskRole).toString(), QStringLiteral("check df"));
        QCOMPARE(f.at(1, SchedulesModel::CronRole).toString(), QStringLiteral("0 6 * * *"));
        QCOMPARE(f.at(1, SchedulesModel::DescriptionRole).toString(),
                 QStringLiteral("every day at 06:00"));
        QCOMPARE(f.at(1, SchedulesModel::TimeZoneRole).toString(), kBerlin);
        QVERIFY(f.at(1, SchedulesModel::EnabledRole).toBool());
        QVERIFY(!f.at(1, SchedulesModel::CatchUpRole).toBool());
        // 06:00 in Berlin, shown in Berlin: tomorrow, Sunday.
        QCOMPARE(f.at(1, SchedulesModel::NextRunTextRole).toString(),
                 QStringLiteral("Sun 22 Nov 06:00"));
        QCOMPARE(
            f.at(1, SchedulesModel::NextRunsRole).toStringList(),
            (QStringList{QStringLiteral("Sun 22 Nov 06:00"), QStringLiteral("Mon 23 Nov 06:00"),
                         QStringLiteral("Tue 24 Nov 06:00"), QStringLiteral("Wed 25 Nov 06:00"),
                         QStringLiteral("Thu 26 Nov 06:00")}));
        // 09:30 New York on weekdays is 15:30 in Berlin; the next is Monday.
        QCOMPARE(f.at(0, SchedulesModel::NextRunTextRole).toString(),
                 QStringLiteral("Mon 23 Nov 15:30"));
        QCOMPARE(f.at(0, SchedulesModel::LastRunTextRole).toString(), QString());
        QCOMPARE(f.at(0, SchedulesModel::LastStatusRole).toString(), QString());
        QCOMPARE(f.model->roleNames().value(SchedulesModel::ScheduleIdRole),
                 QByteArray("scheduleId"));
        QVERIFY(!f.model->systemTimeZone().isEmpty());
    }

    void createThroughTheModelInsertsWithoutAReset() {
        Fixture f;
        QVERIFY(f.service->createSchedule(QStringLiteral("b"), QStringLiteral("t"),
                                          QStringLiteral("@daily"), kBerlin));
        f.makeModel();
        QSignalSpy reset(f.model.get(), &QAbstractItemModel::modelReset);
        QSignalSpy inserted(f.model.get(), &QAbstractItemModel::rowsInserted);
        QSignalSpy count(f.model.get(), &SchedulesModel::countChanged);

        QCOMPARE(f.act([&] {
            f.model->create(QStringLiteral("a"), QStringLiteral("uptime on web1"),
                            QStringLiteral("*/15 * * * *"), kBerlin, true);
        }),
                 QString());
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(inserted.at(0).at(1).toInt(), 0);  // "a" sorts before "b"
        QCOMPARE(count.size(), 1);
        QCOMPARE(f.model->count(), 2);
        QCOMPARE(f.at(0, SchedulesModel::DescriptionRole).toString(),
                 QStringLiteral("every 15 minutes"));
        QVERIFY(f.at(0, SchedulesModel::CatchUpRole).toBool());
        QCOMPARE(f.at(0, SchedulesModel::NextRunTextRole).toString(),
                 QStringLiteral("Sat 21 Nov 11:15"));
        // The new schedule is selected for the detail pane.
        QCOMPARE(f.model->selectedId(), f.idOf(QStringLiteral("a")));
        QCOMPARE(f.model->selected().value(QStringLiteral("name")).toString(), QStringLiteral("a"));
        // An empty zone means the system's.
        QCOMPARE(f.act([&] {
            f.model->create(QStringLiteral("c"), QStringLiteral("t"), QStringLiteral("@hourly"),
                            QString(), false);
        }),
                 QString());
        QCOMPARE(f.at(2, SchedulesModel::TimeZoneRole).toString(), f.model->systemTimeZone());
        QCOMPARE(reset.size(), 0);
    }

    void actionsReturnTheServicesMessages() {
        Fixture f;
        f.makeModel();
        QSignalSpy inserted(f.model.get(), &QAbstractItemModel::rowsInserted);
        const QString badCron = f.act([&] {
            f.model->create(QStringLiteral("x"), QStringLiteral("t"), QStringLiteral("0 25 * * *"),
                            kBerlin, false);
        });
        QVERIFY(badCron.contains(QStringLiteral("hour")));
        QVERIFY(badCron.contains(QStringLiteral("0 6 * * *")));  // shows a valid example
        const QString badZone = f.act([&] {
            f.model->create(QStringLiteral("x"), QStringLiteral("t"), QStringLiteral("@daily"),
                            QStringLiteral("Mars/Olympus"), false);
        });
        QVERIFY(badZone.contains(QStringLiteral("Mars/Olympus")));
        QVERIFY(badZone.contains(QStringLiteral("Europe/Berlin")));
        QVERIFY(!f.act([&] {
                      f.model->create(QStringLiteral(" "), QStringLiteral("t"),
                                      QStringLiteral("@daily"), kBerlin, false);
                  }).isEmpty());
        QCOMPARE(f.act([&] {
            f.model->create(QStringLiteral("x"), QStringLiteral("t"), QStringLiteral("@daily"),
                            kBerlin, false);
        }),
                 QString());
        const QString duplicate = f.act([&] {
            f.model->create(QStringLiteral("x"), QStringLiteral("t"), QStringLiteral("@daily"),
                            kBerlin, false);
        });
        QVERIFY(!duplicate.isEmpty());
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(f.model->count(), 1);

        const qint64 id = f.idOf(QStringLiteral("x"));
        QVERIFY(f.act([&] {
                     f.model->update(id, {{QStringLiteral("colour"), QStringLiteral("red")}});
                 }).contains(QStringLiteral("colour")));
        QVERIFY(f.act([&] {
                     f.model->update(id, {{QStringLiteral("cron"), QStringLiteral("61 * * * *")}});
                 }).contains(QStringLiteral("minute")));
        QCOMPARE(f.at(0, SchedulesModel::CronRole).toString(), QStringLiteral("@daily"));
        QVERIFY(!f.act([&] { f.model->remove(id + 100); }).isEmpty());
        QVERIFY(!f.act([&] { f.model->runNow(id + 100); }).isEmpty());
        QVERIFY(!f.act([&] { f.model->setEnabled(id + 100, false); }).isEmpty());
    }

    void updatesAnnounceChangedRowsAndMoveRenamedOnes() {
        Fixture f;
        for (const QString& name :
             {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}) {
            QVERIFY(f.service->createSchedule(name, QStringLiteral("t"),
                                              QStringLiteral("0 6 * * *"), kBerlin));
        }
        f.makeModel();
        QSignalSpy reset(f.model.get(), &QAbstractItemModel::modelReset);
        QSignalSpy changed(f.model.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy moved(f.model.get(), &QAbstractItemModel::rowsMoved);
        const qint64 b = f.idOf(QStringLiteral("b"));

        QCOMPARE(f.act([&] {
            f.model->update(b, {{QStringLiteral("cron"), QStringLiteral("0 7 * * 1")},
                                {QStringLiteral("task"), QStringLiteral("t")},
                                {QStringLiteral("timeZone"), kBerlin}});
        }),
                 QString());
        QCOMPARE(changed.size(), 1);  // only b's row
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), 1);
        const auto roles = changed.at(0).at(2).value<QList<int>>();
        QVERIFY(roles.contains(SchedulesModel::CronRole));
        QVERIFY(roles.contains(SchedulesModel::NextRunTextRole));
        QVERIFY(!roles.contains(SchedulesModel::NameRole));
        QCOMPARE(f.at(1, SchedulesModel::DescriptionRole).toString(),
                 QStringLiteral("at 07:00 on Monday"));
        QCOMPARE(f.at(1, SchedulesModel::NextRunTextRole).toString(),
                 QStringLiteral("Mon 23 Nov 07:00"));

        // Renamed to sort last: the row moves, keeping its id.
        QCOMPARE(f.act([&] {
            f.model->update(b, {{QStringLiteral("name"), QStringLiteral("z")}});
        }),
                 QString());
        QCOMPARE(moved.size(), 1);
        QCOMPARE(f.at(2, SchedulesModel::NameRole).toString(), QStringLiteral("z"));
        QCOMPARE(f.at(2, SchedulesModel::ScheduleIdRole).toLongLong(), b);
        QCOMPARE(f.at(1, SchedulesModel::NameRole).toString(), QStringLiteral("c"));

        // An empty zone is the system's.
        QCOMPARE(f.act([&] {
            f.model->update(b, {{QStringLiteral("timeZone"), QString()}});
        }),
                 QString());
        QCOMPARE(f.at(2, SchedulesModel::TimeZoneRole).toString(), f.model->systemTimeZone());
        QCOMPARE(f.act([&] {
            f.model->update(b, {{QStringLiteral("timeZone"), kBerlin}});
        }),
                 QString());

        // Disabled: no next run; enabled again: back.
        QCOMPARE(f.act([&] { f.model->setEnabled(b, false); }), QString());
        QVERIFY(!f.at(2, SchedulesModel::EnabledRole).toBool());
        QCOMPARE(f.at(2, SchedulesModel::NextRunTextRole).toString(), QStringLiteral("off"));
        QCOMPARE(f.act([&] { f.model->setEnabled(b, true); }), QString());
        QCOMPARE(f.at(2, SchedulesModel::NextRunTextRole).toString(),
                 QStringLiteral("Mon 23 Nov 07:00"));

        // Deleted: the row goes, and so does the selection.
        f.model->select(b);
        QCOMPARE(f.model->selectedId(), b);
        QSignalSpy removed(f.model.get(), &QAbstractItemModel::rowsRemoved);
        QSignalSpy selection(f.model.get(), &SchedulesModel::selectedChanged);
        QCOMPARE(f.act([&] { f.model->remove(b); }), QString());
        QCOMPARE(removed.size(), 1);
        QCOMPARE(removed.at(0).at(1).toInt(), 2);
        QCOMPARE(f.model->count(), 2);
        QCOMPARE(f.model->selectedId(), 0);
        QVERIFY(f.model->selected().isEmpty());
        QCOMPARE(selection.size(), 1);
        QCOMPARE(reset.size(), 0);
    }

    void nextRunTextsMoveOnOnceAMinute() {
        Fixture f;
        QVERIFY(f.service->createSchedule(QStringLiteral("a"), QStringLiteral("t"),
                                          QStringLiteral("0 6 * * *"), kBerlin));
        f.makeModel();
        // Paused, so the schedule does not fire: only the model's own minute tick updates it.
        QSignalSpy paused(f.model.get(), &SchedulesModel::pausedChanged);
        QCOMPARE(f.act([&] { f.model->setPaused(true); }), QString());
        QVERIFY(f.model->paused());
        QCOMPARE(paused.size(), 1);
        QSignalSpy changed(f.model.get(), &QAbstractItemModel::dataChanged);
        // To 05:59:30 Berlin on Sunday: still Sunday's run.
        f.clock.advance(f.clock.utcNow().msecsTo(utc(2026, 11, 22, 4, 59)) + 30 * 1000);
        QCOMPARE(f.at(0, SchedulesModel::NextRunTextRole).toString(),
                 QStringLiteral("Sun 22 Nov 06:00"));
        QCOMPARE(changed.size(), 0);  // the minutes before changed nothing
        f.clock.advance(30 * 1000);   // 06:00
        QCOMPARE(changed.size(), 1);
        QCOMPARE(f.at(0, SchedulesModel::NextRunTextRole).toString(),
                 QStringLiteral("Mon 23 Nov 06:00"));
        QCOMPARE(f.at(0, SchedulesModel::NextRunsRole).toStringList().size(),
                 SchedulesModel::kNextRuns);
        QCOMPARE(f.at(0, SchedulesModel::LastStatusRole).toString(), QString());  // did not run

        QCOMPARE(f.act([&] { f.model->setPaused(false); }), QString());
        QVERIFY(!f.model->paused());
        QCOMPARE(paused.size(), 2);
    }

    void runNowShowsTheRunAndItsOutcomeLive() {
        Fixture f;
        QVERIFY(f.service->createSchedule(QStringLiteral("disks"), QStringLiteral("check df"),
                                          QStringLiteral("0 6 * * *"), kBerlin));
        f.makeModel();
        const qint64 id = f.idOf(QStringLiteral("disks"));
        QSignalSpy reset(f.model.get(), &QAbstractItemModel::modelReset);
        QSignalSpy changed(f.model.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy history(f.model.get(), &SchedulesModel::historyChanged);
        f.model->select(id);
        QVERIFY(f.model->history().isEmpty());

        QCOMPARE(f.act([&] { f.model->runNow(id); }), QString());
        QVERIFY(f.runner.lastRun > 0);
        QVERIFY(changed.size() >= 1);
        QCOMPARE(f.at(0, SchedulesModel::LastStatusRole).toString(), QStringLiteral("running"));
        QCOMPARE(f.at(0, SchedulesModel::LastRunTextRole).toString(),
                 QStringLiteral("Sat 21 Nov 11:00"));
        QCOMPARE(history.size(), 1);
        QCOMPARE(f.model->history().size(), 1);
        QVariantMap run = f.model->history().at(0).toMap();
        QCOMPARE(run.value(QStringLiteral("trigger")).toString(), QStringLiteral("run now"));
        QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("running"));
        QCOMPARE(run.value(QStringLiteral("started")).toString(),
                 QStringLiteral("Sat 21 Nov 11:00"));
        QCOMPARE(run.value(QStringLiteral("scheduledFor")).toString(), QString());  // manual
        QCOMPARE(run.value(QStringLiteral("duration")).toString(), QString());

        // The supervisor answers 12 s later: the outcome arrives with the delivery.
        f.clock.advance(12 * 1000);
        f.service->runFinished(f.runner.lastRun, RunStatus::Success,
                               QStringLiteral("## /var on web1 is 91% full\n\nSeverity: warning"),
                               false);
        QCOMPARE(f.at(0, SchedulesModel::LastStatusRole).toString(), QStringLiteral("success"));
        QCOMPARE(f.at(0, SchedulesModel::LastSeverityRole).toString(), QStringLiteral("warning"));
        QCOMPARE(history.size(), 2);
        run = f.model->history().at(0).toMap();
        QCOMPARE(run.value(QStringLiteral("status")).toString(), QStringLiteral("success"));
        QCOMPARE(run.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
        QCOMPARE(run.value(QStringLiteral("summary")).toString(),
                 QStringLiteral("/var on web1 is 91% full"));
        QCOMPARE(run.value(QStringLiteral("duration")).toString(), QStringLiteral("12 s"));

        // A run the supervisor cannot start shows its error in the history.
        f.runner.failure = QStringLiteral("No language model is configured. Open Settings.");
        QCOMPARE(f.act([&] { f.model->runNow(id); }), QString());
        QCOMPARE(f.at(0, SchedulesModel::LastStatusRole).toString(), QStringLiteral("failed"));
        QCOMPARE(f.model->history().size(), 2);
        QCOMPARE(f.model->history().at(0).toMap().value(QStringLiteral("error")).toString(),
                 f.runner.failure);
        QCOMPARE(f.model->history().size(), 2);
        QCOMPARE(reset.size(), 0);
    }

    void aScheduledRunUpdatesItsRow() {
        Fixture f;
        QVERIFY(f.service->createSchedule(QStringLiteral("a"), QStringLiteral("t"),
                                          QStringLiteral("0 12 * * *"), kBerlin));
        f.makeModel();
        QSignalSpy changed(f.model.get(), &QAbstractItemModel::dataChanged);
        f.clock.advance(60 * 60 * 1000);  // 12:00 Berlin: fires
        QVERIFY(f.runner.lastRun > 0);
        QCOMPARE(f.at(0, SchedulesModel::LastStatusRole).toString(), QStringLiteral("running"));
        QCOMPARE(f.at(0, SchedulesModel::NextRunTextRole).toString(),
                 QStringLiteral("Sun 22 Nov 12:00"));
        QVERIFY(!changed.isEmpty());
        f.model->select(f.idOf(QStringLiteral("a")));
        QCOMPARE(f.model->history().at(0).toMap().value(QStringLiteral("trigger")).toString(),
                 QStringLiteral("scheduled"));
        QCOMPARE(f.model->history().at(0).toMap().value(QStringLiteral("scheduledFor")).toString(),
                 QStringLiteral("Sat 21 Nov 12:00"));
    }

    void describesCronForTheForm() {
        Fixture f;
        f.makeModel();
        QVariantMap d = f.model->describeCron(QStringLiteral("*/15 * * * *"));
        QVERIFY(d.value(QStringLiteral("ok")).toBool());
        QCOMPARE(d.value(QStringLiteral("text")).toString(), QStringLiteral("every 15 minutes"));
        d = f.model->describeCron(QStringLiteral("0 6 * *"));
        QVERIFY(!d.value(QStringLiteral("ok")).toBool());
        QVERIFY(!d.value(QStringLiteral("text")).toString().isEmpty());
        d = f.model->describeCron(QStringLiteral("  "));
        QVERIFY(!d.value(QStringLiteral("ok")).toBool());
        QVERIFY(d.value(QStringLiteral("text")).toString().contains(QStringLiteral("0 6 * * *")));
    }

    void withoutARunnerItShowsButRefusesChanges() {
        Fixture f;
        QVERIFY(f.service->createSchedule(QStringLiteral("a"), QStringLiteral("t"),
                                          QStringLiteral("@daily"), kBerlin));
        f.makeModel(nullptr);
        QCOMPARE(f.model->count(), 1);
        const qint64 id = f.idOf(QStringLiteral("a"));
        const QString why = f.act([&] { f.model->runNow(id); });
        QVERIFY(why.contains(QStringLiteral("data folder")));
        QCOMPARE(f.act([&] {
            f.model->create(QStringLiteral("b"), QStringLiteral("t"), QStringLiteral("@daily"),
                            kBerlin, false);
        }),
                 why);
        QCOMPARE(f.act([&] { f.model->setPaused(true); }), why);
        QCOMPARE(f.act([&] { f.model->remove(id); }), why);
        QCOMPARE(f.model->count(), 1);
    }

    // A source that answers later (the server): answers come in any order, and the answer to an
    // older request never replaces a newer one's.
    void aLateAnswerNeverReplacesANewerOne() {
        ManualClock clock(utc(2026, 11, 21, 10, 0));
        LateSource source;
        SchedulesModel model(&source, &clock);
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.count(), 0);  // asked, not answered
        QCOMPARE(source.lists.size(), 1);

        Q_EMIT source.changed();  // something changed meanwhile: asked again
        QCOMPARE(source.lists.size(), 2);
        source.lists.at(1)(listing({entry(1, QStringLiteral("a"), QStringLiteral("success")),
                                    entry(2, QStringLiteral("b"))},
                                   true));
        QCOMPARE(model.count(), 2);
        QVERIFY(model.paused());
        source.lists.at(0)(listing({entry(1, QStringLiteral("old a"))}, false));  // stale
        QCOMPARE(model.count(), 2);
        QVERIFY(model.paused());
        QCOMPARE(model.data(model.index(0), SchedulesModel::NameRole).toString(),
                 QStringLiteral("a"));
        QCOMPARE(model.data(model.index(0), SchedulesModel::LastStatusRole).toString(),
                 QStringLiteral("success"));

        // The history of the schedule selected last wins, whichever answer comes last.
        source.histories.clear();
        model.select(1);
        model.select(2);
        QCOMPARE(source.histories.size(), 2);
        QCOMPARE(source.histories.at(0).first, 1);
        QCOMPARE(source.histories.at(1).first, 2);
        source.histories.at(1).second(runs(2, {QStringLiteral("failed")}));
        source.histories.at(0).second(
            runs(1, {QStringLiteral("success"), QStringLiteral("success")}));
        QCOMPARE(model.history().size(), 1);
        QCOMPARE(model.history().at(0).toMap().value(QStringLiteral("status")).toString(),
                 QStringLiteral("failed"));

        // A failed read keeps the rows and says why; the next answer clears it.
        Q_EMIT source.changed();
        source.lists.constLast()(Error{QStringLiteral("not_connected"), QStringLiteral("offline")});
        QVERIFY(model.loadError().contains(QStringLiteral("offline")));
        QCOMPARE(model.count(), 2);
        model.refresh();
        source.lists.constLast()(
            listing({entry(1, QStringLiteral("a")), entry(2, QStringLiteral("b"))}));
        QCOMPARE(model.loadError(), QString());
    }

    void actionsReportTheirOutcomeWhenAnswered() {
        ManualClock clock(utc(2026, 11, 21, 10, 0));
        LateSource source;
        SchedulesModel model(&source, &clock);
        source.lists.constLast()(listing({entry(1, QStringLiteral("a"))}));
        QSignalSpy finished(&model, &SchedulesModel::actionFinished);
        QSignalSpy busy(&model, &SchedulesModel::busyChanged);

        // Created: reported when answered, selected once a listing has it.
        model.create(QStringLiteral("b"), QStringLiteral("t"), QStringLiteral("@daily"), QString(),
                     false);
        QVERIFY(model.busy());
        QCOMPARE(finished.size(), 0);
        QCOMPARE(source.drafts.constLast().timeZone, model.systemTimeZone());  // this computer's
        ScheduleRecord created = entry(2, QStringLiteral("b")).schedule;
        const qsizetype listsBefore = source.lists.size();
        source.records.constLast()(created);
        QVERIFY(!model.busy());
        QCOMPARE(busy.size(), 2);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.at(0).at(0).toString(), QStringLiteral("create"));
        QVERIFY(finished.at(0).at(1).toBool());
        QCOMPARE(source.lists.size(), listsBefore + 1);  // read again
        QCOMPARE(model.selectedId(), 0);                 // not listed yet
        source.lists.constLast()(
            listing({entry(1, QStringLiteral("a")), entry(2, QStringLiteral("b"))}));
        QCOMPARE(model.selectedId(), 2);

        // Two actions at once: busy until both are answered, in whatever order; each reports.
        model.runNow(2);
        model.setPaused(true);
        QCOMPARE(source.oks.size(), 2);
        source.oks.at(1)(Ok{});
        QVERIFY(model.busy());
        source.oks.at(0)(Error{QStringLiteral("not_running"), QStringLiteral("not here")});
        QVERIFY(!model.busy());
        QCOMPARE(finished.size(), 3);
        QCOMPARE(finished.at(1).at(0).toString(), QStringLiteral("setPaused"));
        QCOMPARE(finished.at(2).at(0).toString(), QStringLiteral("runNow"));
        QVERIFY(!finished.at(2).at(1).toBool());
        QCOMPARE(finished.at(2).at(2).toString(), QStringLiteral("not here"));
        QCOMPARE(model.actionError(), QStringLiteral("not here"));

        // A field the page does not know is refused without asking the source.
        const qsizetype recordsBefore = source.records.size();
        model.update(2, {{QStringLiteral("colour"), QStringLiteral("red")}});
        QCOMPARE(source.records.size(), recordsBefore);
        QVERIFY(model.actionError().contains(QStringLiteral("colour")));
        QVERIFY(!model.busy());
    }

    void formatsTimesInTheDisplayZone() {
        const QDateTime now = utc(2026, 11, 21, 10, 0);
        const QTimeZone tokyo("Asia/Tokyo");
        QCOMPARE(SchedulesModel::formatWhen(utc(2026, 11, 22, 21, 30), now, tokyo),
                 QStringLiteral("Mon 23 Nov 06:30"));
        QCOMPARE(SchedulesModel::formatWhen(utc(2027, 1, 4, 0, 0), now, tokyo),
                 QStringLiteral("Mon 4 Jan 2027 09:00"));
        QCOMPARE(SchedulesModel::formatWhen(QDateTime(), now, tokyo), QString());
    }
};

QTEST_GUILESS_MAIN(TestSchedulesModel)
#include "test_schedules_model.moc"
