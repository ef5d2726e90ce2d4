// The dashboard's Workers table: rows loaded from a fake WorkerSource, then kept live from
// events published on a real EventBus; sorting, filtering and unknown costs as QML sees them.
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "dashboard/worker_source.h"
#include "ui/worker_table_model.h"

#include <QAbstractItemModelTester>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;

class FakeSource final : public WorkerSource {
public:
    Result<QList<WorkerRow>> recentWorkers(int limit) const override {
        ++calls;
        lastLimit = limit;
        if (!failure.isEmpty())
            return Error{QStringLiteral("io"), failure};
        return rows.mid(0, limit);
    }

    std::optional<double> jobCost(qint64 jobId) const override { return costs.value(jobId); }
    void loadActivity(const QList<WorkerRow>& rows, QObject*, ActivityDone done) override {
        activityAskedFor = int(rows.size());
        pendingActivity.append(std::move(done));
    }

    int activityAskedFor = 0;
    QList<ActivityDone> pendingActivity;
    QList<WorkerRow> rows;
    QHash<qint64, std::optional<double>> costs;
    QString failure;
    mutable int calls = 0;
    mutable int lastLimit = 0;
};

WorkerRow row(qint64 job, const QString& task, const QString& status, const QString& hosts,
              int tools, qint64 durationMs, std::optional<double> cost) {
    WorkerRow w;
    w.jobId = job;
    w.workerId = QStringLiteral("w-%1").arg(job);
    w.task = task;
    w.status = parseStatus<JobStatus>(status).value();
    w.hosts = hosts;
    w.toolCalls = tools;
    w.durationMs = durationMs;
    w.startedAt = QDateTime::fromMSecsSinceEpoch(job * 1000, Qt::UTC);
    w.costUsd = cost;
    return w;
}

struct Fixture {
    explicit Fixture(QList<WorkerRow> initial = {}, FirstLoad firstLoad = FirstLoad::Now) {
        source.rows = std::move(initial);
        model = std::make_unique<WorkerTableModel>(&bus, &source, kOwner, nullptr, firstLoad);
        // Checks every signal the model and its view emit against the model contract.
        tester = std::make_unique<QAbstractItemModelTester>(
            model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxyTester = std::make_unique<QAbstractItemModelTester>(
            model->rows(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }

    void publish(const char* name, QJsonObject data, qint64 owner = kOwner) {
        bus.publish(QString::fromLatin1(name), owner, std::move(data));
    }

    // The text of the view (sorted and filtered) as QML shows it.
    QString cell(int row, int column) const {
        const QAbstractItemModel* v = model->rows();
        return v->data(v->index(row, column), Qt::DisplayRole).toString();
    }
    // The row's stored status word (the status column shows its label).
    QString status(int row) const {
        const QAbstractItemModel* v = model->rows();
        return v->data(v->index(row, 0), WorkerTableModel::StatusRole).toString();
    }
    QStringList tasks() const {
        QStringList out;
        for (int r = 0; r < model->rows()->rowCount(); ++r)
            out << cell(r, WorkerTableModel::TaskColumn);
        return out;
    }

    ManualClock clock;
    EventBus bus{&clock};
    FakeSource source;
    std::unique_ptr<WorkerTableModel> model;
    std::unique_ptr<QAbstractItemModelTester> tester;
    std::unique_ptr<QAbstractItemModelTester> proxyTester;
};

QList<WorkerRow> threeRows() {
    return {row(3, "check disk on web1", "success", "web1", 2, 4200, 0.0031),
            row(2, "restart nginx", "failed", "web2, web3", 5, 61000, std::nullopt),
            row(1, "uptime of db", "success", "db", 1, 900, 0.25)};
}

}  // namespace

class TestWorkerTableModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The numbers below are asserted in the C locale's notation ("4.2 s", "$0.0031").
    void initTestCase() { QLocale::setDefault(QLocale::c()); }
    void loadsTheNewestRowsFromTheSource() {
        Fixture f(threeRows());
        QCOMPARE(f.source.calls, 1);
        QCOMPARE(f.source.lastLimit, WorkerTableModel::kDefaultLimit);
        QCOMPARE(f.model->count(), 3);
        QCOMPARE(f.model->columnCount(), 6);
        QCOMPARE(f.tasks(), (QStringList{"check disk on web1", "restart nginx", "uptime of db"}));
        QCOMPARE(f.status(0), QStringLiteral("success"));
        QCOMPARE(f.cell(0, WorkerTableModel::StatusColumn), QStringLiteral("succeeded"));
        QCOMPARE(f.cell(1, WorkerTableModel::StatusColumn), QStringLiteral("failed"));
        QCOMPARE(f.cell(1, WorkerTableModel::HostColumn), QStringLiteral("web2, web3"));
        QCOMPARE(f.cell(1, WorkerTableModel::ToolsColumn), QStringLiteral("5"));
        QCOMPARE(f.cell(0, WorkerTableModel::DurationColumn), QStringLiteral("4.2 s"));
        QCOMPARE(f.cell(1, WorkerTableModel::DurationColumn), QStringLiteral("1 min 1 s"));
        QCOMPARE(f.cell(0, WorkerTableModel::CostColumn), QStringLiteral("$0.0031"));
        QCOMPARE(f.cell(2, WorkerTableModel::CostColumn), QStringLiteral("$0.2500"));
        QCOMPARE(f.model->columnTitle(WorkerTableModel::CostColumn), QStringLiteral("Cost"));
        QVERIFY(f.model->loadError().isEmpty());
    }

    void unknownCostIsAQuestionMarkNotZero() {
        Fixture f(threeRows());
        QCOMPARE(f.cell(1, WorkerTableModel::CostColumn), QStringLiteral("?"));
        QCOMPARE(WorkerTableModel::formatCost(0.0), QStringLiteral("$0.0000"));
        QCOMPARE(WorkerTableModel::formatCost(std::nullopt), QStringLiteral("?"));
        QCOMPARE(WorkerTableModel::formatCost(12.5), QStringLiteral("$12.50"));
    }

    void aFailedLoadKeepsTheRowsAndSaysWhatToDo() {
        Fixture f(threeRows());
        f.source.failure = QStringLiteral("database is locked.");
        QSignalSpy errors(f.model.get(), &WorkerTableModel::loadErrorChanged);
        f.model->reload();
        QCOMPARE(errors.count(), 1);
        QVERIFY(f.model->loadError().contains(QStringLiteral("database is locked.")));
        QVERIFY(f.model->loadError().contains(QStringLiteral("reload")));
        QCOMPARE(f.model->count(), 3);

        f.source.failure.clear();
        f.source.rows.removeLast();
        f.model->reload();
        QVERIFY(f.model->loadError().isEmpty());
        QCOMPARE(f.model->count(), 2);
    }

    void liveEventsInsertAtTheTopAndUpdateInPlace() {
        Fixture f(threeRows());
        QSignalSpy resets(f.model.get(), &QAbstractItemModel::modelReset);
        QSignalSpy inserts(f.model.get(), &QAbstractItemModel::rowsInserted);
        QSignalSpy changes(f.model.get(), &QAbstractItemModel::dataChanged);

        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 4}, {"task", "df -h on web4"}});
        QCOMPARE(inserts.count(), 1);
        QCOMPARE(f.model->count(), 4);
        QCOMPARE(f.cell(0, WorkerTableModel::TaskColumn), QStringLiteral("df -h on web4"));
        QCOMPARE(f.status(0), QStringLiteral("queued"));
        QCOMPARE(f.cell(0, WorkerTableModel::DurationColumn), QString());
        QCOMPARE(f.cell(0, WorkerTableModel::CostColumn), QStringLiteral("?"));

        f.publish(events::WorkerStarted,
                  {{"run_id", 9}, {"job_id", 4}, {"worker_id", "w-4"}, {"task", "df -h on web4"}});
        QCOMPARE(f.status(0), QStringLiteral("running"));
        QCOMPARE(f.model->at(0).workerId, QStringLiteral("w-4"));

        const QJsonObject args{{"host", "web4"}, {"command", "df -h"}};
        f.publish(events::WorkerToolStarted, {{"run_id", 9},
                                              {"job_id", 4},
                                              {"call_id", "c1"},
                                              {"tool", "ssh_exec"},
                                              {"args", args}});
        f.publish(events::WorkerToolCompleted,
                  {{"run_id", 9}, {"job_id", 4}, {"call_id", "c1"}, {"tool", "ssh_exec"}});
        f.publish(events::WorkerToolStarted, {{"run_id", 9},
                                              {"job_id", 4},
                                              {"call_id", "c2"},
                                              {"tool", "ssh_exec"},
                                              {"args", QJsonObject{{"host", "web5"}}}});
        f.publish(events::WorkerToolFailed,
                  {{"run_id", 9}, {"job_id", 4}, {"call_id", "c2"}, {"error", "timeout"}});
        f.publish(events::WorkerToolStarted, {{"run_id", 9},
                                              {"job_id", 4},
                                              {"call_id", "c3"},
                                              {"tool", "ssh_exec"},
                                              {"args", args}});
        QCOMPARE(f.cell(0, WorkerTableModel::ToolsColumn), QStringLiteral("3"));
        QCOMPARE(f.cell(0, WorkerTableModel::HostColumn), QStringLiteral("web4, web5"));

        f.publish(events::WorkerComplete,
                  {{"run_id", 9}, {"job_id", 4}, {"status", "success"}, {"duration_ms", 12500}});
        QCOMPARE(f.status(0), QStringLiteral("success"));
        QCOMPARE(f.cell(0, WorkerTableModel::StatusColumn), QStringLiteral("succeeded"));
        QCOMPARE(f.cell(0, WorkerTableModel::DurationColumn), QStringLiteral("12 s"));

        // A late event must not bring a finished worker back to life.
        f.publish(events::WorkerStarted, {{"run_id", 9}, {"job_id", 4}, {"worker_id", "w-4"}});
        QCOMPARE(f.status(0), QStringLiteral("success"));

        QCOMPARE(inserts.count(), 1);
        QCOMPARE(resets.count(), 0);
        QVERIFY(changes.count() >= 5);
        for (const QList<QVariant>& c : changes) {
            QCOMPARE(c.at(0).toModelIndex().row(), 0);  // only the live row changed
        }
        QCOMPARE(f.model->count(), 4);
    }

    // A worker that appeared live gets its cost when it completes, without a reload.
    void aLiveWorkerGetsItsCostWhenItCompletes() {
        Fixture f;
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 4}, {"task", "df -h"}});
        QCOMPARE(f.cell(0, WorkerTableModel::CostColumn), QStringLiteral("?"));
        f.source.costs.insert(4, 0.0125);
        f.publish(events::WorkerComplete, {{"run_id", 9},
                                           {"job_id", 4},
                                           {"worker_id", "w-4"},
                                           {"status", "success"},
                                           {"duration_ms", 2500}});
        QCOMPARE(f.cell(0, WorkerTableModel::CostColumn), QStringLiteral("$0.0125"));
        QCOMPARE(f.source.calls, 1);  // no reload
    }

    // A running worker's duration counts up on the clock, once a second, and stops at the end.
    void runningDurationTicksOnTheClock() {
        Fixture f;
        f.model->setClock(&f.clock);
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 4}, {"task", "df -h"}});
        QCOMPARE(f.cell(0, WorkerTableModel::DurationColumn), QString());  // queued: nothing
        f.publish(events::WorkerStarted,
                  {{"run_id", 9}, {"job_id", 4}, {"worker_id", "w-4"}, {"task", "df -h"}});
        QCOMPARE(f.cell(0, WorkerTableModel::DurationColumn), QStringLiteral("0.0 s…"));
        f.clock.advance(WorkerTableModel::kFrameMs);  // the start's own change
        QSignalSpy changed(f.model.get(), &QAbstractItemModel::dataChanged);
        f.clock.advance(3000);
        QCOMPARE(changed.size(), 3);  // one per second
        QCOMPARE(changed.last().at(0).value<QModelIndex>().column(),
                 int(WorkerTableModel::DurationColumn));
        QCOMPARE(f.cell(0, WorkerTableModel::DurationColumn), QStringLiteral("3.0 s…"));
        f.publish(events::WorkerComplete, {{"run_id", 9},
                                           {"job_id", 4},
                                           {"worker_id", "w-4"},
                                           {"status", "success"},
                                           {"duration_ms", 3100}});
        QCOMPARE(f.cell(0, WorkerTableModel::DurationColumn), QStringLiteral("3.1 s"));
        f.clock.advance(WorkerTableModel::kFrameMs);
        changed.clear();
        f.clock.advance(5000);  // the tick already armed finds nothing running and stops
        f.clock.advance(5000);
        QCOMPARE(changed.size(), 0);
    }

    // Tool calls and hosts arrive after the rows (read off the GUI thread): one dataChanged, no
    // reset; an answer to an older load is dropped; live counts are not lowered.
    void activityFillsInAfterTheRows() {
        QList<WorkerRow> rows = threeRows();
        for (WorkerRow& w : rows) {
            w.toolCalls = 0;
            w.hosts.clear();
        }
        Fixture f(rows);
        QCOMPARE(f.source.activityAskedFor, 3);
        QCOMPARE(f.source.pendingActivity.size(), 1);
        QCOMPARE(f.cell(0, WorkerTableModel::ToolsColumn), QStringLiteral("0"));
        QSignalSpy changed(f.model.get(), &QAbstractItemModel::dataChanged);
        QSignalSpy reset(f.model.get(), &QAbstractItemModel::modelReset);
        f.source.pendingActivity.takeFirst()(
            {{3, WorkerActivitySummary{2, QStringLiteral("web1, web2")}},
             {1, WorkerActivitySummary{1, QStringLiteral("db")}}});
        QCOMPARE(changed.size(), 1);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(f.cell(0, WorkerTableModel::ToolsColumn), QStringLiteral("2"));
        QCOMPARE(f.cell(0, WorkerTableModel::HostColumn), QStringLiteral("web1, web2"));
        QCOMPARE(f.cell(2, WorkerTableModel::HostColumn), QStringLiteral("db"));
        QCOMPARE(f.cell(1, WorkerTableModel::ToolsColumn), QStringLiteral("0"));

        // A live call on job 1, then a reload whose folder read is older than the first one's.
        f.publish(events::WorkerToolStarted, {{"run_id", 9},
                                              {"job_id", 1},
                                              {"worker_id", "w-1"},
                                              {"call_id", "c9"},
                                              {"tool", "ssh_exec"},
                                              {"args", QJsonObject{{"host", "db2"}}}});
        QCOMPARE(f.cell(2, WorkerTableModel::ToolsColumn), QStringLiteral("2"));
        f.model->reload();
        f.model->reload();
        QCOMPARE(f.source.pendingActivity.size(), 2);
        changed.clear();
        f.source.pendingActivity.takeFirst()({{3, WorkerActivitySummary{9, QStringLiteral("x")}}});
        QCOMPARE(changed.size(), 0);  // superseded by the second reload
        f.source.pendingActivity.takeFirst()({{1, WorkerActivitySummary{1, QStringLiteral("db")}}});
        QCOMPARE(changed.size(), 1);
        QCOMPARE(f.cell(2, WorkerTableModel::HostColumn), QStringLiteral("db"));
    }

    // With a clock, a burst of events on several workers is announced once per frame: one
    // dataChanged per changed row, covering every changed column, even as rows move.
    void changesAreAnnouncedOncePerFrame() {
        Fixture f(threeRows());
        f.model->setClock(&f.clock);
        QSignalSpy changed(f.model.get(), &QAbstractItemModel::dataChanged);
        for (int i = 0; i < 5; ++i) {
            f.publish(events::WorkerToolStarted, {{"run_id", 9},
                                                  {"job_id", 3},
                                                  {"worker_id", "w-3"},
                                                  {"call_id", QStringLiteral("c%1").arg(i)},
                                                  {"args", QJsonObject{{"host", "web9"}}}});
        }
        f.publish(events::WorkerComplete,
                  {{"run_id", 9}, {"job_id", 1}, {"status", "failed"}, {"duration_ms", 10}});
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 8}, {"task", "new"}});
        QCOMPARE(changed.size(), 0);
        f.clock.advance(WorkerTableModel::kFrameMs);
        QCOMPARE(changed.size(), 2);
        QSet<int> rows;
        for (const QList<QVariant>& args : changed) {
            rows.insert(args.at(0).toModelIndex().row());
            QCOMPARE(args.at(0).toModelIndex().row(), args.at(1).toModelIndex().row());
        }
        QCOMPARE(rows, (QSet<int>{1, 3}));  // jobs 3 and 1, one row lower since job 8 came in
        QCOMPARE(f.model->data(f.model->index(1, WorkerTableModel::ToolsColumn), Qt::DisplayRole)
                     .toString(),
                 QStringLiteral("7"));
    }

    void aMissedSpawnStillMakesARow() {
        Fixture f;
        f.publish(events::WorkerToolStarted, {{"run_id", 9},
                                              {"job_id", 8},
                                              {"call_id", "c1"},
                                              {"tool", "ssh_exec"},
                                              {"args", QJsonObject{{"host", "db"}}}});
        QCOMPARE(f.model->count(), 1);
        QCOMPARE(f.status(0), QStringLiteral("running"));
        QCOMPARE(f.cell(0, WorkerTableModel::HostColumn), QStringLiteral("db"));
    }

    void ignoresOtherOwnersAndOtherEvents() {
        Fixture f(threeRows());
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 4}, {"task", "x"}}, 2);
        f.publish(events::SupervisorDelta, {{"run_id", 9}, {"job_id", 4}, {"delta", "hi"}});
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"task", "no job id"}});
        QCOMPARE(f.model->count(), 3);
    }

    void sortsByAnyColumnAndBackToNewestFirst() {
        Fixture f(threeRows());
        QCOMPARE(f.model->sortColumn(), -1);

        f.model->sortBy(WorkerTableModel::TaskColumn);
        QVERIFY(f.model->sortAscending());
        QCOMPARE(f.tasks(), (QStringList{"check disk on web1", "restart nginx", "uptime of db"}));
        f.model->sortBy(WorkerTableModel::TaskColumn);
        QVERIFY(!f.model->sortAscending());
        QCOMPARE(f.tasks(), (QStringList{"uptime of db", "restart nginx", "check disk on web1"}));

        f.model->sortBy(WorkerTableModel::DurationColumn);  // longest first
        QCOMPARE(f.tasks(), (QStringList{"restart nginx", "check disk on web1", "uptime of db"}));
        f.model->sortBy(WorkerTableModel::ToolsColumn);
        QCOMPARE(f.tasks(), (QStringList{"restart nginx", "check disk on web1", "uptime of db"}));
        f.model->sortBy(WorkerTableModel::CostColumn);  // unknown below every known cost
        QCOMPARE(f.tasks(), (QStringList{"uptime of db", "check disk on web1", "restart nginx"}));
        f.model->sortBy(WorkerTableModel::StatusColumn);  // failures before successes
        QCOMPARE(f.tasks().constFirst(), QStringLiteral("restart nginx"));

        // A live row joins its place in the current order; running comes first by status.
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 4}, {"task", "zz new"}});
        f.publish(events::WorkerStarted, {{"run_id", 9}, {"job_id", 4}, {"worker_id", "w-4"}});
        QCOMPARE(f.tasks().constFirst(), QStringLiteral("zz new"));

        f.model->sortBy(-1);
        QCOMPARE(f.model->sortColumn(), -1);
        QCOMPARE(f.tasks(),
                 (QStringList{"zz new", "check disk on web1", "restart nginx", "uptime of db"}));
    }

    // By status: what needs attention first (running, queued, then the failures), the words
    // in the stored order whatever their labels say; an unknown word last.
    void sortsByStatusByMeaningNotByLabel() {
        QList<WorkerRow> rows;
        qint64 job = 10;
        for (const char* status :
             {"success", "cancelled", "timeout", "failed", "queued", "running"}) {
            rows << row(job--, QString::fromLatin1(status), QString::fromLatin1(status), {}, 0, 10,
                        0.0);
        }
        Fixture f(rows);
        f.model->sortBy(WorkerTableModel::StatusColumn);
        QCOMPARE(f.tasks(),
                 (QStringList{"running", "queued", "failed", "timeout", "cancelled", "success"}));
    }

    void filtersOnTaskHostAndWorkerId() {
        Fixture f(threeRows());
        QSignalSpy visible(f.model.get(), &WorkerTableModel::visibleCountChanged);
        f.model->setFilterText(QStringLiteral("NGINX"));
        QCOMPARE(f.tasks(), QStringList{"restart nginx"});
        QCOMPARE(f.model->visibleCount(), 1);
        QVERIFY(!visible.isEmpty());
        f.model->setFilterText(QStringLiteral("web3"));  // a host
        QCOMPARE(f.tasks(), QStringList{"restart nginx"});
        f.model->setFilterText(QStringLiteral("w-1"));  // a worker id
        QCOMPARE(f.tasks(), QStringList{"uptime of db"});
        f.model->setFilterText(QStringLiteral("nothing like it"));
        QCOMPARE(f.model->visibleCount(), 0);
        QCOMPARE(f.model->count(), 3);

        // A live row shows up once it matches (its worker id arrives with worker_started).
        f.model->setFilterText(QStringLiteral("w-7"));
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 7}, {"task", "later"}});
        QCOMPARE(f.model->visibleCount(), 0);
        f.publish(events::WorkerStarted, {{"run_id", 9}, {"job_id", 7}, {"worker_id", "w-7"}});
        QCOMPARE(f.tasks(), QStringList{"later"});

        f.model->setFilterText({});
        QCOMPARE(f.model->visibleCount(), 4);
    }

    void keepsAtMostTheLimitOfRows() {
        QList<WorkerRow> many;
        for (qint64 job = WorkerTableModel::kDefaultLimit + 10; job > 0; --job)
            many << row(job, QStringLiteral("task %1").arg(job), "success", {}, 0, 10, 0.0);
        Fixture f(many);
        QCOMPARE(f.model->count(), WorkerTableModel::kDefaultLimit);
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 9999}, {"task", "newest"}});
        QCOMPARE(f.model->count(), WorkerTableModel::kDefaultLimit);
        QCOMPARE(f.cell(0, WorkerTableModel::TaskColumn), QStringLiteral("newest"));
        QCOMPARE(f.model->indexOfJob(11), -1);  // the oldest loaded row made room
    }

    // The app's table reads nothing until QML first asks for it (its page is shown): events
    // before that are left to the first load, which reads the source fresh.
    void whenShownLoadsOnTheFirstRequestFromQml() {
        Fixture f(threeRows(), FirstLoad::WhenShown);
        QCOMPARE(f.source.calls, 0);
        QCOMPARE(f.model->count(), 0);
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 4}, {"task", "df -h on web4"}});
        QCOMPARE(f.model->count(), 0);
        WorkerTableModel::setInstance(f.model.get());
        QCOMPARE(WorkerTableModel::create(nullptr, nullptr), f.model.get());
        WorkerTableModel::setInstance(nullptr);
        QCOMPARE(f.source.calls, 1);
        QCOMPARE(f.model->count(), 3);
        f.model->ensureLoaded();  // once only
        QCOMPARE(f.source.calls, 1);
        f.publish(events::WorkerSpawned, {{"run_id", 9}, {"job_id", 5}, {"task", "uptime"}});
        QCOMPARE(f.model->count(), 4);  // live from now on
    }

    void qmlSingletonNeedsARegisteredInstance() {
        QTest::ignoreMessage(QtCriticalMsg,
                             QRegularExpression("no WorkerTableModel was registered"));
        QCOMPARE(WorkerTableModel::create(nullptr, nullptr), nullptr);
        Fixture f;
        WorkerTableModel::setInstance(f.model.get());
        QCOMPARE(WorkerTableModel::create(nullptr, nullptr), f.model.get());
        WorkerTableModel::setInstance(nullptr);
    }
};

QTEST_GUILESS_MAIN(TestWorkerTableModel)
#include "test_worker_table_model.moc"
