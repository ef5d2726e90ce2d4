// The dashboard's Costs page model over a real Store on a temporary SQLite file: model calls
// recorded at chosen instants, added up per local day (of an injected zone), per model and per
// agent role; unknown prices stay unknown; range and metric switches; live refresh after events.
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "storage/database.h"
#include "storage/store.h"
#include "ui/app_language.h"
#include "ui/costs_model.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

#include <memory>

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;
constexpr qint64 kOtherOwner = 2;
// "Now" for every test: 12:00 UTC, which is 13:00 on the same day in UTC+1.
const QDateTime kNow(QDate(2026, 3, 10), QTime(12, 0), Qt::UTC);
const QDate kToday(2026, 3, 10);

QDateTime utc(int month, int day, int hour, int minute = 0) {
    return QDateTime(QDate(2026, month, day), QTime(hour, minute), Qt::UTC);
}

// A source that answers only when told, in any order: like the server, whose answers come later.
class DeferredCostsSource final : public CostsSource {
public:
    struct Asked {
        QDateTime since;
        SourceReply<UsageReport> done;
    };
    void usage(const QDateTime& since, QObject*, SourceReply<UsageReport> done) override {
        asked.append({since, std::move(done)});
    }
    QList<Asked> asked;
};

UsageReport oneCall(const QDateTime& hour, const QString& model, double cost) {
    UsageBucket b;
    b.hour = hour;
    b.model = model;
    b.role = QStringLiteral("worker");
    b.totals.calls = 1;
    b.totals.promptTokens = 100;
    b.totals.costUsd = cost;
    b.totals.knownCostUsd = cost;
    return {{b}, true};
}

struct Fixture {
    Fixture() : clock(kNow), bus(&clock) {
        auto opened = Database::open(dir.filePath(QStringLiteral("zerg.sqlite")), kNow);
        if (!opened)
            qWarning("%s", qPrintable(opened.error().message));
        else
            db = std::move(opened).value();
        if (db)
            store = std::make_unique<Store>(db.get());
    }

    bool ok() const { return dir.isValid() && store != nullptr; }

    // Records one finished model call; cost nullopt means the price is unknown.
    bool call(const QDateTime& at, const QString& model, const QString& role, qint64 prompt,
              qint64 completion, std::optional<double> cost, qint64 owner = kOwner) {
        LlmCallRecord c;
        c.ownerId = owner;
        c.role = role;
        c.agent = role;
        c.provider = QStringLiteral("openai");
        c.model = model;
        c.promptTokens = prompt;
        c.completionTokens = completion;
        c.costUsd = cost;
        c.status = QStringLiteral("ok");
        c.createdAt = at;
        const Result<qint64> id = store->recordLlmCall(c);
        if (!id)
            qWarning("%s", qPrintable(id.error().message));
        return id.ok();
    }

    // The model in the zone UTC+1 (or another), with its list models checked by the tester.
    CostsModel* open(const QTimeZone& zone = QTimeZone(3600)) {
        model = std::make_unique<CostsModel>(&source(), kOwner, &clock, &bus);
        model->setTimeZone(zone);
        for (QAbstractItemModel* m : {model->days(), model->byModel(), model->byAgent()}) {
            testers.push_back(std::make_unique<QAbstractItemModelTester>(
                m, QAbstractItemModelTester::FailureReportingMode::QtTest));
        }
        return model.get();
    }

    // The chart row of a local date; -1 when the window does not contain it.
    int dayRow(const QDate& date) const {
        const CostDaysModel* days = model->dayRows();
        for (int i = 0; i < days->count(); ++i) {
            if (days->at(i).date == date)
                return i;
        }
        return -1;
    }
    QVariant day(const QDate& date, int role) const {
        const int row = dayRow(date);
        return row < 0 ? QVariant() : model->days()->data(model->days()->index(row, 0), role);
    }
    static QVariant cell(QAbstractItemModel* m, int row, int role) {
        return m->data(m->index(row, 0), role);
    }

    StoreCostsSource& source() {
        if (!costs)
            costs = std::make_unique<StoreCostsSource>(store.get(), kOwner);
        return *costs;
    }

    QTemporaryDir dir;
    ManualClock clock;
    EventBus bus;
    std::unique_ptr<Database> db;
    std::unique_ptr<Store> store;
    std::unique_ptr<StoreCostsSource> costs;
    std::unique_ptr<CostsModel> model;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
};

const QString kGpt = QStringLiteral("gpt-4o-mini");
const QString kClaude = QStringLiteral("claude-sonnet-4");
const QString kMystery = QStringLiteral("mystery-model");
const QString kSupervisor = QStringLiteral("supervisor");
const QString kWorker = QStringLiteral("worker");

}  // namespace

class TestCostsModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // English plural forms ("2 calls") come from the English translation, as in the app.
    void initTestCase() { m_language.apply(QStringLiteral("en")); }
    void init() { QLocale::setDefault(QLocale::c()); }

    void aCallLateInTheUtcDayLandsOnTheNextLocalDay() {
        Fixture f;
        QVERIFY(f.ok());
        // 23:30 UTC on March 8 is 00:30 on March 9 in UTC+1.
        QVERIFY(f.call(utc(3, 8, 23, 30), kGpt, kWorker, 1000, 200, 0.01));
        f.open(QTimeZone(3600));
        QCOMPARE(f.day(QDate(2026, 3, 8), CostDaysModel::CallsRole).toLongLong(), 0);
        QCOMPARE(f.day(QDate(2026, 3, 9), CostDaysModel::CallsRole).toLongLong(), 1);
        QCOMPARE(f.day(QDate(2026, 3, 9), CostDaysModel::TokensRole).toLongLong(), 1200);

        // The same call in UTC stays on March 8.
        f.model->setTimeZone(QTimeZone(0));
        QCOMPARE(f.day(QDate(2026, 3, 8), CostDaysModel::CallsRole).toLongLong(), 1);
        QCOMPARE(f.day(QDate(2026, 3, 9), CostDaysModel::CallsRole).toLongLong(), 0);
    }

    void theWindowHasEveryDayUpToTodayWithZerosForQuietDays() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 1, 10), kGpt, kWorker, 100, 50, 0.002));
        CostsModel* m = f.open();
        QCOMPARE(m->rangeDays(), 30);
        QCOMPARE(m->days()->rowCount(), 30);
        const CostDaysModel* days = m->dayRows();
        QCOMPARE(days->at(29).date, kToday);
        QCOMPARE(days->at(0).date, kToday.addDays(-29));
        for (int i = 1; i < 30; ++i)
            QCOMPARE(days->at(i - 1).date.daysTo(days->at(i).date), 1);

        const QDate quiet(2026, 3, 2);
        QCOMPARE(f.day(quiet, CostDaysModel::CallsRole).toLongLong(), 0);
        QCOMPARE(f.day(quiet, CostDaysModel::TokensRole).toLongLong(), 0);
        QCOMPARE(f.day(quiet, CostDaysModel::BarFractionRole).toDouble(), 0.0);
        QCOMPARE(f.day(quiet, CostDaysModel::CostKnownRole).toBool(), true);
        QCOMPARE(f.day(quiet, CostDaysModel::CostTextRole).toString(), QStringLiteral("$0"));
        QVERIFY(f.day(quiet, CostDaysModel::ToolTipRole).toString().contains("No model calls"));

        // Labels every fifth day, counted back from today, so today always has one.
        QVERIFY(days->at(29).showLabel);
        QVERIFY(days->at(24).showLabel);
        QVERIFY(!days->at(28).showLabel);
        QCOMPARE(days->at(29).label, QStringLiteral("Mar 10"));
    }

    void barsAreFractionsOfTheLargestDayForTheChosenMetric() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 5, 9), kGpt, kWorker, 80, 20, 0.20));       // 100 tokens, $0.20
        QVERIFY(f.call(utc(3, 6, 9), kClaude, kWorker, 300, 100, 0.05));  // 400 tokens
        QVERIFY(f.call(utc(3, 6, 10), kGpt, kWorker, 0, 0, 0.05));        // $0.10 that day
        CostsModel* m = f.open();
        QCOMPARE(m->metric(), QStringLiteral("cost"));
        QCOMPARE(f.day(QDate(2026, 3, 5), CostDaysModel::BarFractionRole).toDouble(), 1.0);
        QCOMPARE(f.day(QDate(2026, 3, 6), CostDaysModel::BarFractionRole).toDouble(), 0.5);
        QCOMPARE(m->axisMaxText(), QStringLiteral("$0.2000"));

        QSignalSpy changed(m->days(), &QAbstractItemModel::dataChanged);
        QSignalSpy reset(m->days(), &QAbstractItemModel::modelReset);
        QSignalSpy metricChanged(m, &CostsModel::metricChanged);
        m->setMetric(QStringLiteral("tokens"));
        QCOMPARE(m->metric(), QStringLiteral("tokens"));
        QCOMPARE(metricChanged.count(), 1);
        QCOMPARE(reset.count(), 0);
        QCOMPARE(changed.count(), 1);
        const auto roles = changed.at(0).at(2).value<QList<int>>();
        QVERIFY(roles.contains(CostDaysModel::BarFractionRole));
        QCOMPARE(f.day(QDate(2026, 3, 5), CostDaysModel::BarFractionRole).toDouble(), 0.25);
        QCOMPARE(f.day(QDate(2026, 3, 6), CostDaysModel::BarFractionRole).toDouble(), 1.0);
        QCOMPARE(m->axisMaxText(), QStringLiteral("400 tokens"));

        m->setMetric(QStringLiteral("dollars"));  // not a metric: ignored
        QCOMPARE(m->metric(), QStringLiteral("tokens"));
        QCOMPARE(metricChanged.count(), 1);
    }

    // The app's Costs page model sums nothing until QML first asks for it.
    void whenShownSumsOnTheFirstRequestFromQml() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 9, 8), kGpt, kSupervisor, 100, 50, 0.01));
        CostsModel m(&f.source(), kOwner, &f.clock, &f.bus, nullptr, FirstLoad::WhenShown);
        QCOMPARE(m.totalCalls(), 0);
        CostsModel::setInstance(&m);
        QCOMPARE(CostsModel::create(nullptr, nullptr), &m);
        CostsModel::setInstance(nullptr);
        QCOMPARE(m.totalCalls(), 1);
    }

    void tablesAddUpPerModelAndPerAgentWithShares() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 9, 8), kGpt, kSupervisor, 100, 50, 0.01));
        QVERIFY(f.call(utc(3, 9, 9), kGpt, kWorker, 200, 50, 0.02));
        QVERIFY(f.call(utc(3, 10, 9), kGpt, kWorker, 300, 50, 0.03));
        QVERIFY(f.call(utc(3, 10, 10), kClaude, kWorker, 100, 100, 0.14));
        CostsModel* m = f.open();

        QAbstractItemModel* models = m->byModel();
        QCOMPARE(models->rowCount(), 2);
        // Largest token use first: gpt 750, claude 200.
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::NameRole).toString(), kGpt);
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::CallsRole).toLongLong(), 3);
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::PromptTokensRole).toLongLong(), 600);
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::CompletionTokensRole).toLongLong(),
                 150);
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::CostTextRole).toString(),
                 QStringLiteral("$0.0600"));
        QCOMPARE(Fixture::cell(models, 1, CostBreakdownModel::NameRole).toString(), kClaude);
        // Shares follow the metric: cost $0.06 of $0.20, then tokens 750 of 950.
        QVERIFY(
            qFuzzyCompare(Fixture::cell(models, 0, CostBreakdownModel::ShareRole).toDouble(), 0.3));
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::ShareTextRole).toString(),
                 QStringLiteral("30%"));
        QVERIFY(
            qFuzzyCompare(Fixture::cell(models, 1, CostBreakdownModel::ShareRole).toDouble(), 0.7));
        QSignalSpy shareChanged(models, &QAbstractItemModel::dataChanged);
        m->setMetric(QStringLiteral("tokens"));
        QCOMPARE(shareChanged.count(), 1);
        QVERIFY(qFuzzyCompare(Fixture::cell(models, 0, CostBreakdownModel::ShareRole).toDouble(),
                              750.0 / 950.0));
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::ShareTextRole).toString(),
                 QStringLiteral("79%"));

        QAbstractItemModel* agents = m->byAgent();
        QCOMPARE(agents->rowCount(), 2);
        QCOMPARE(Fixture::cell(agents, 0, CostBreakdownModel::KeyRole).toString(), kWorker);
        QCOMPARE(Fixture::cell(agents, 0, CostBreakdownModel::NameRole).toString(),
                 QStringLiteral("Worker"));
        QCOMPARE(Fixture::cell(agents, 0, CostBreakdownModel::CallsRole).toLongLong(), 3);
        QCOMPARE(Fixture::cell(agents, 0, CostBreakdownModel::TokensRole).toLongLong(), 800);
        QCOMPARE(Fixture::cell(agents, 1, CostBreakdownModel::NameRole).toString(),
                 QStringLiteral("Supervisor"));
        QCOMPARE(Fixture::cell(agents, 1, CostBreakdownModel::TokensRole).toLongLong(), 150);
        QVERIFY(qFuzzyCompare(Fixture::cell(agents, 1, CostBreakdownModel::ShareRole).toDouble(),
                              150.0 / 950.0));

        QCOMPARE(m->totalCalls(), 4);
        QCOMPARE(m->totalTokens(), 950);
        QCOMPARE(m->totalCostText(), QStringLiteral("$0.2000"));
        QVERIFY(m->totalCostKnown());
        QCOMPARE(m->unknownCalls(), 0);
        QVERIFY(m->unknownNote().isEmpty());
        QVERIFY(m->hasData());
        QVERIFY(m->emptyText().isEmpty());
        QCOMPARE(m->totalsText(),
                 QStringLiteral("Last 30 days: 950 tokens in 4 calls, cost $0.2000"));
        QSignalSpy totals(m, &CostsModel::totalsChanged);
        m->setRangeDays(90);  // the same calls: the line still names the new range
        QCOMPARE(totals.count(), 1);
        QCOMPARE(m->totalsText(),
                 QStringLiteral("Last 90 days: 950 tokens in 4 calls, cost $0.2000"));
    }

    void anUnknownPriceStaysUnknownAndIsNeverZero() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 9, 8), kGpt, kWorker, 100, 50, 0.05));
        QVERIFY(f.call(utc(3, 9, 9), kMystery, kWorker, 400, 100, std::nullopt));
        QVERIFY(f.call(utc(3, 8, 9), kMystery, kSupervisor, 10, 10, std::nullopt));
        CostsModel* m = f.open();

        // March 9: the known part, marked as not the whole cost.
        const QDate mixed(2026, 3, 9);
        QCOMPARE(f.day(mixed, CostDaysModel::CostRole).toDouble(), 0.05);
        QCOMPARE(f.day(mixed, CostDaysModel::CostKnownRole).toBool(), false);
        QCOMPARE(f.day(mixed, CostDaysModel::UnknownCallsRole).toLongLong(), 1);
        QCOMPARE(f.day(mixed, CostDaysModel::CostTextRole).toString(),
                 QStringLiteral("$0.0500 + unknown"));
        QCOMPARE(f.day(mixed, CostDaysModel::TokensRole).toLongLong(), 650);
        // March 8: nothing known, so no dollar figure at all.
        const QDate unknownOnly(2026, 3, 8);
        QCOMPARE(f.day(unknownOnly, CostDaysModel::CostKnownRole).toBool(), false);
        QCOMPARE(f.day(unknownOnly, CostDaysModel::CostTextRole).toString(),
                 QStringLiteral("unknown"));
        QVERIFY(f.day(unknownOnly, CostDaysModel::ToolTipRole).toString().contains("unknown"));

        QAbstractItemModel* models = m->byModel();
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::NameRole).toString(), kMystery);
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::CostKnownRole).toBool(), false);
        QCOMPARE(Fixture::cell(models, 0, CostBreakdownModel::CostTextRole).toString(),
                 QStringLiteral("unknown"));
        QCOMPARE(Fixture::cell(models, 1, CostBreakdownModel::CostTextRole).toString(),
                 QStringLiteral("$0.0500"));

        QVERIFY(!m->totalCostKnown());
        QCOMPARE(m->unknownCalls(), 2);
        QCOMPARE(m->totalCostText(), QStringLiteral("$0.0500 + unknown"));
        QCOMPARE(m->unknownNote(),
                 QStringLiteral("2 calls had no known price (model not in the price table); "
                                "their cost is not included."));
    }

    void theRangeSwitchChangesTheWindow() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 9, 8), kGpt, kWorker, 100, 0, 0.01));
        QVERIFY(f.call(utc(2, 20, 8), kGpt, kWorker, 1000, 0, 0.10));  // 18 days ago
        QVERIFY(f.call(utc(1, 5, 8), kGpt, kWorker, 5000, 0, 1.00));   // 64 days ago
        CostsModel* m = f.open();
        QCOMPARE(m->totalTokens(), 1100);

        QSignalSpy rangeChanged(m, &CostsModel::rangeDaysChanged);
        QSignalSpy countChanged(f.model->dayRows(), &CostDaysModel::countChanged);
        m->setRangeDays(7);
        QCOMPARE(rangeChanged.count(), 1);
        QCOMPARE(countChanged.count(), 1);
        QCOMPARE(m->days()->rowCount(), 7);
        QCOMPARE(f.model->dayRows()->at(0).date, kToday.addDays(-6));
        QCOMPARE(m->totalTokens(), 100);
        QCOMPARE(m->totalCostText(), QStringLiteral("$0.0100"));
        // Seven days are few enough to label every one.
        for (int i = 0; i < 7; ++i)
            QVERIFY(f.model->dayRows()->at(i).showLabel);

        m->setRangeDays(90);
        QCOMPARE(m->days()->rowCount(), 90);
        QCOMPARE(m->totalTokens(), 6100);
        QCOMPARE(m->totalCostText(), QStringLiteral("$1.11"));

        m->setRangeDays(0);
        m->setRangeDays(5000);
        QCOMPARE(m->rangeDays(), 90);
        QCOMPARE(rangeChanged.count(), 2);
    }

    void anotherOwnersCallsAndEventsDoNotCount() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 9, 8), kGpt, kWorker, 100, 0, 0.01));
        QVERIFY(f.call(utc(3, 9, 9), kClaude, kWorker, 9000, 0, 9.0, kOtherOwner));
        CostsModel* m = f.open();
        QCOMPARE(m->totalCalls(), 1);
        QCOMPARE(m->totalTokens(), 100);
        QCOMPARE(m->byModel()->rowCount(), 1);
        QCOMPARE(Fixture::cell(m->byModel(), 0, CostBreakdownModel::NameRole).toString(), kGpt);

        f.bus.publish(QString::fromLatin1(events::WorkerComplete), kOtherOwner, {});
        QVERIFY(!m->refreshPending());
    }

    void aFinishedWorkerRefreshesTheDayInPlace() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 9, 8), kGpt, kWorker, 100, 0, 0.01));
        QVERIFY(f.call(utc(3, 10, 8), kGpt, kWorker, 100, 0, 0.01));
        CostsModel* m = f.open();
        QCOMPARE(f.day(kToday, CostDaysModel::TokensRole).toLongLong(), 100);

        QSignalSpy changed(m->days(), &QAbstractItemModel::dataChanged);
        QSignalSpy reset(m->days(), &QAbstractItemModel::modelReset);
        QSignalSpy totals(m, &CostsModel::totalsChanged);
        QVERIFY(f.call(kNow, kGpt, kWorker, 400, 100, 0.04));
        // A run's events come in bursts; they make one refresh, a second later.
        f.bus.publish(QString::fromLatin1(events::WorkerComplete), kOwner, {});
        f.bus.publish(QString::fromLatin1(events::SupervisorComplete), kOwner, {});
        QVERIFY(m->refreshPending());
        QCOMPARE(f.day(kToday, CostDaysModel::TokensRole).toLongLong(), 100);
        f.clock.advance(CostsModel::kRefreshDelayMs);
        QVERIFY(!m->refreshPending());
        QCOMPARE(f.day(kToday, CostDaysModel::TokensRole).toLongLong(), 600);
        QCOMPARE(m->totalTokens(), 700);
        QCOMPARE(totals.count(), 1);
        QCOMPARE(reset.count(), 0);
        // Today's row and yesterday's bar (its $0.01 is now a fifth of today's $0.05) change in
        // one run of rows; the days before stay untouched.
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.at(0).at(0).toModelIndex().row(), f.dayRow(QDate(2026, 3, 9)));
        QCOMPARE(changed.at(0).at(1).toModelIndex().row(), f.dayRow(kToday));
        QCOMPARE(f.day(QDate(2026, 3, 9), CostDaysModel::BarFractionRole).toDouble(), 0.2);

        // An error event also brings the page up to date.
        QVERIFY(f.call(kNow, kGpt, kSupervisor, 50, 0, 0.0));
        f.bus.publish(QString::fromLatin1(events::Error), kOwner, {});
        f.clock.advance(CostsModel::kRefreshDelayMs);
        QCOMPARE(m->totalTokens(), 750);
        QCOMPARE(m->byAgent()->rowCount(), 2);
    }

    void theWindowMovesOnAtLocalMidnight() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 10, 8), kGpt, kWorker, 100, 0, 0.01));
        CostsModel* m = f.open(QTimeZone(3600));
        QCOMPARE(f.model->dayRows()->at(29).date, kToday);
        QSignalSpy reset(m->days(), &QAbstractItemModel::modelReset);
        // Local midnight in UTC+1 is 23:00 UTC, eleven hours after "now".
        f.clock.advance(11 * 3600 * 1000 - 5000);
        QCOMPARE(f.model->dayRows()->at(29).date, kToday);
        f.clock.advance(10000);
        QCOMPARE(m->days()->rowCount(), 30);
        QCOMPARE(f.model->dayRows()->at(29).date, kToday.addDays(1));
        QCOMPARE(f.model->dayRows()->at(29).sums.calls, 0);
        QCOMPARE(f.model->dayRows()->at(28).sums.calls, 1);
        QCOMPARE(reset.count(), 0);  // same number of days: rows change in place
    }

    void anEmptyWindowSaysSoAndShowsNoDollarsAsUnknown() {
        Fixture f;
        QVERIFY(f.ok());
        CostsModel* m = f.open();
        QVERIFY(!m->hasData());
        QCOMPARE(m->emptyText(), QStringLiteral("No model calls recorded yet."));
        QCOMPARE(m->days()->rowCount(), 30);
        QCOMPARE(m->byModel()->rowCount(), 0);
        QCOMPARE(m->totalCostText(), QStringLiteral("$0"));

        // Calls exist, but before the window: a different message.
        QVERIFY(f.call(utc(1, 5, 8), kGpt, kWorker, 100, 0, 0.01));
        m->refresh();
        QVERIFY(!m->hasData());
        QCOMPARE(
            m->emptyText(),
            QStringLiteral(
                "No model calls in the last 30 days. Choose a longer range to see older ones."));
    }

    void aFailedReadSaysWhatHappenedAndKeepsTheRows() {
        Fixture f;
        QVERIFY(f.ok());
        QVERIFY(f.call(utc(3, 10, 8), kGpt, kWorker, 100, 0, 0.01));
        CostsModel* m = f.open();
        QVERIFY(m->loadError().isEmpty());
        QSqlQuery q(f.db->connection());
        QVERIFY(q.exec(QStringLiteral("ALTER TABLE llm_calls RENAME TO llm_calls_gone")));
        QSignalSpy errorChanged(m, &CostsModel::loadErrorChanged);
        m->refresh();
        QCOMPARE(errorChanged.count(), 1);
        QVERIFY(m->loadError().startsWith(QStringLiteral("Could not load the model usage:")));
        QVERIFY(m->loadError().contains(QStringLiteral("data folder")));
        QCOMPARE(m->totalTokens(), 100);
        QCOMPARE(f.day(kToday, CostDaysModel::TokensRole).toLongLong(), 100);

        QVERIFY(q.exec(QStringLiteral("ALTER TABLE llm_calls_gone RENAME TO llm_calls")));
        m->refresh();
        QVERIFY(m->loadError().isEmpty());
    }

    void aLateAnswerToAnOlderRefreshIsDropped() {
        ManualClock clock(kNow);
        EventBus bus(&clock);
        DeferredCostsSource source;
        CostsModel m(&source, kOwner, &clock, &bus);
        m.setTimeZone(QTimeZone::utc());
        m.setRangeDays(7);
        QCOMPARE(source.asked.size(), 3);  // at creation, for the zone, for the range
        QCOMPARE(m.loadError(), QString());
        QVERIFY(!m.hasData());  // nothing answered yet

        // The newest answer comes first, then an older refresh's answer: the newest stays.
        source.asked[2].done(oneCall(utc(3, 9, 10), QStringLiteral("new-model"), 0.25));
        QCOMPARE(m.totalCalls(), 1);
        QCOMPARE(m.dayRows()->count(), 7);
        source.asked[1].done(oneCall(utc(3, 1, 10), QStringLiteral("old-model"), 9.0));
        source.asked[0].done(Error{QStringLiteral("io"), QStringLiteral("stale failure")});
        QCOMPARE(m.totalCostText(), QStringLiteral("$0.2500"));
        QCOMPARE(m.dayRows()->count(), 7);
        QCOMPARE(m.byModel()->rowCount(), 1);
        QCOMPARE(
            m.byModel()->data(m.byModel()->index(0, 0), CostBreakdownModel::NameRole).toString(),
            QStringLiteral("new-model"));
        QCOMPARE(m.loadError(), QString());  // the stale failure is not shown either

        // The newest refresh failing keeps the rows and says why.
        m.refresh();
        source.asked.last().done(Error{QStringLiteral("disconnected"),
                                       QStringLiteral("The connection to the server dropped.")});
        QVERIFY(m.loadError().contains(QStringLiteral("connection to the server dropped")));
        QCOMPARE(m.totalCalls(), 1);
    }

    void compactNumbersAndDollars() {
        QCOMPARE(CostsModel::compactNumber(950), QStringLiteral("950"));
        QCOMPARE(CostsModel::compactNumber(12500), QStringLiteral("12.5k"));
        QCOMPARE(CostsModel::compactNumber(250000), QStringLiteral("250k"));
        QCOMPARE(CostsModel::compactNumber(3200000), QStringLiteral("3.2M"));
        QCOMPARE(CostsModel::formatUsd(0.0), QStringLiteral("$0"));
        QCOMPARE(CostsModel::formatUsd(0.0042), QStringLiteral("$0.0042"));
        QCOMPARE(CostsModel::formatUsd(12.5), QStringLiteral("$12.50"));
    }

private:
    zerg::AppLanguage m_language;
};

QTEST_GUILESS_MAIN(TestCostsModel)
#include "test_costs_model.moc"
