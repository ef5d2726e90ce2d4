#pragma once

#include "core/clock.h"
#include "dashboard/costs_source.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QDate>
#include <QList>
#include <QTimeZone>
#include <QVariantList>

#include <optional>
#include <utility>

namespace zerg {

class EventBus;
struct Event;

// Model calls added up: what one chart day or one table row stands for. Only the known prices
// are summed; unknownCostCalls says how many calls that sum leaves out.
struct CostSums {
    qint64 calls = 0;
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    double knownCostUsd = 0.0;
    qint64 unknownCostCalls = 0;

    void add(const UsageTotals& totals);
    void add(const CostSums& other);
    [[nodiscard]] qint64 tokens() const { return promptTokens + completionTokens; }
    [[nodiscard]] bool costKnown() const { return unknownCostCalls == 0; }
    friend bool operator==(const CostSums&, const CostSums&) = default;
};

// One local day of the chart. Both bar heights are kept so a metric switch needs no reload.
struct CostDayRow {
    QDate date;
    QString label;           // "Jan 5"; shown under the bar when showLabel
    bool showLabel = false;  // every Nth day, so labels do not overlap
    CostSums sums;
    double costFraction = 0.0;   // knownCostUsd / the window's largest
    double tokenFraction = 0.0;  // tokens / the window's largest
    friend bool operator==(const CostDayRow&, const CostDayRow&) = default;
};

// One row of the by-model or by-agent table.
struct CostGroupRow {
    QString key;   // the model name or the role as stored
    QString name;  // as shown
    CostSums sums;
    double costShare = 0.0;   // of the known cost of all rows
    double tokenShare = 0.0;  // of the tokens of all rows
    friend bool operator==(const CostGroupRow&, const CostGroupRow&) = default;
};

enum class CostMetric { Cost, Tokens };

// What the Costs chart's days and its tables have in common: their rows (Row is CostDayRow or
// CostGroupRow), the metric they are shown for, and data() and roleNames() from the roles each
// subclass gives. Each subclass declares its Roles enum, and its count property and countChanged
// signal (moc reads them there).
template <typename Row>
class CostRowsModel : public QAbstractListModel {
public:
    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override {
        return rowData(*this, m_rows, index, role, m_roles);
    }
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override { return m_roles.names(); }
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] const Row& at(int row) const { return m_rows.at(row); }

    // Every row's texts changed (the user interface's language did): dataChanged for all rows.
    void retranslate() { announceAllRows(*this); }

protected:
    // roles: the subclass's table; a lambda that captures this may read m_metric.
    CostRowsModel(QObject* parent, RoleTable<Row> roles)
        : QAbstractListModel(parent), m_roles(std::move(roles)) {}

    // Same number of rows: dataChanged for each run of rows that differ; otherwise one reset,
    // and true (the count changed).
    bool replaceRows(QList<Row> rows);

    QList<Row> m_rows;
    CostMetric m_metric = CostMetric::Cost;

private:
    const RoleTable<Row> m_roles;
};

// The days of the Costs chart (CostsModel::days), oldest first, one row per local day of the
// window including the days without calls. Rows are replaced in place with dataChanged.
class CostDaysModel : public CostRowsModel<CostDayRow> {
    Q_OBJECT
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        DateRole = Qt::UserRole + 1,  // ISO date, "2026-01-05"
        LabelRole,
        ShowLabelRole,
        CallsRole,
        TokensRole,
        PromptTokensRole,
        CompletionTokensRole,
        CostRole,       // the known part, USD
        CostKnownRole,  // false when any call of the day had no known price
        CostTextRole,
        TokensTextRole,
        UnknownCallsRole,
        BarFractionRole,  // 0..1 of the chart height, for the current metric
        ToolTipRole,
    };
    Q_ENUM(Roles)

    explicit CostDaysModel(QObject* parent = nullptr);

    // Same number of rows: dataChanged for the rows that differ; otherwise one reset.
    void setRows(QList<CostDayRow> rows);
    void setMetric(CostMetric metric);

Q_SIGNALS:
    void countChanged();
};

// The by-model or by-agent table (CostsModel::byModel / byAgent), largest token use first.
class CostBreakdownModel : public CostRowsModel<CostGroupRow> {
    Q_OBJECT
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        KeyRole = Qt::UserRole + 1,
        NameRole,
        CallsRole,
        PromptTokensRole,
        CompletionTokensRole,
        TokensRole,
        CallsTextRole,
        PromptTokensTextRole,
        CompletionTokensTextRole,
        CostRole,  // the known part, USD
        CostKnownRole,
        CostTextRole,
        ShareRole,  // 0..1 of all rows, for the current metric
        ShareTextRole,
    };
    Q_ENUM(Roles)

    explicit CostBreakdownModel(QObject* parent = nullptr);

    // Same number of rows: dataChanged for the rows that differ; otherwise one reset.
    void setRows(QList<CostGroupRow> rows);
    void setMetric(CostMetric metric);

Q_SIGNALS:
    void countChanged();
};

// The dashboard's Costs page (QML singleton `Costs`): the owner's model calls over the last
// rangeDays local days, per day (the chart), per model and per agent role, with totals. Prices
// that are unknown stay unknown: the cost shown is the known part and says so, never $0.
// Reads through a CostsSource (the local Store, one grouped query; or the server's `usage`);
// refreshes itself shortly after the owner's runs and workers finish, and at local midnight so
// the window moves on.
class CostsModel : public QObject, public QmlInstance<CostsModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(Costs)
    QML_SINGLETON
    Q_PROPERTY(int rangeDays READ rangeDays WRITE setRangeDays NOTIFY rangeDaysChanged FINAL)
    Q_PROPERTY(QVariantList rangeChoices READ rangeChoices CONSTANT FINAL)
    // "cost" or "tokens": what the chart's bars and the tables' share bars measure.
    Q_PROPERTY(QString metric READ metric WRITE setMetric NOTIFY metricChanged FINAL)
    Q_PROPERTY(QAbstractItemModel* days READ days CONSTANT FINAL)
    Q_PROPERTY(QAbstractItemModel* byModel READ byModel CONSTANT FINAL)
    Q_PROPERTY(QAbstractItemModel* byAgent READ byAgent CONSTANT FINAL)
    Q_PROPERTY(bool hasData READ hasData NOTIFY totalsChanged FINAL)
    // What the page says instead of a chart when the window has no calls; "" when it has some.
    Q_PROPERTY(QString emptyText READ emptyText NOTIFY totalsChanged FINAL)
    Q_PROPERTY(qint64 totalCalls READ totalCalls NOTIFY totalsChanged FINAL)
    Q_PROPERTY(QString totalCallsText READ totalCallsText NOTIFY totalsChanged FINAL)
    Q_PROPERTY(qint64 totalTokens READ totalTokens NOTIFY totalsChanged FINAL)
    Q_PROPERTY(QString totalTokensText READ totalTokensText NOTIFY totalsChanged FINAL)
    Q_PROPERTY(QString totalCostText READ totalCostText NOTIFY totalsChanged FINAL)
    // "Last 30 days: 12,345 tokens in 17 calls, cost $0.42" (the page's summary line).
    Q_PROPERTY(QString totalsText READ totalsText NOTIFY totalsChanged FINAL)
    Q_PROPERTY(bool totalCostKnown READ totalCostKnown NOTIFY totalsChanged FINAL)
    Q_PROPERTY(qint64 unknownCalls READ unknownCalls NOTIFY totalsChanged FINAL)
    // "N calls had no known price ...; their cost is not included." "" when all prices are known.
    Q_PROPERTY(QString unknownNote READ unknownNote NOTIFY totalsChanged FINAL)
    // The value at the top of the chart for the current metric: "$1.25", "12.5k tokens".
    Q_PROPERTY(QString axisMaxText READ axisMaxText NOTIFY axisChanged FINAL)
    // Non-empty when the last refresh failed: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)

public:
    static constexpr int kDefaultRangeDays = 30;
    static constexpr int kMaxRangeDays = 366;
    // Coalesces the events of a busy run into one query.
    static constexpr qint64 kRefreshDelayMs = 1000;

    // Loads at once, or first in ensureLoaded() (FirstLoad). source, clock and bus must outlive
    // the model; only ownerId's events count. Days are the system's local days until
    // setTimeZone() says otherwise.
    CostsModel(CostsSource* source, qint64 ownerId, Clock* clock, EventBus* bus,
               QObject* parent = nullptr, FirstLoad firstLoad = FirstLoad::Now);
    // Loads now unless it already has (create() calls it for QML).
    void ensureLoaded();
    ~CostsModel() override;

    // The zone whose days the chart shows (instead of the system's local time) and refreshes.
    void setTimeZone(const QTimeZone& zone);

    [[nodiscard]] int rangeDays() const { return m_rangeDays; }
    // 1..kMaxRangeDays (the page offers 7, 30 and 90); refreshes. Other values are ignored.
    void setRangeDays(int days);
    [[nodiscard]] QVariantList rangeChoices() const;
    [[nodiscard]] QString metric() const;
    // "cost" or "tokens"; anything else is ignored. No reload: both are computed.
    void setMetric(const QString& metric);

    [[nodiscard]] QAbstractItemModel* days() const { return m_days; }
    [[nodiscard]] QAbstractItemModel* byModel() const { return m_byModel; }
    [[nodiscard]] QAbstractItemModel* byAgent() const { return m_byAgent; }
    [[nodiscard]] CostDaysModel* dayRows() const { return m_days; }
    [[nodiscard]] CostBreakdownModel* modelRows() const { return m_byModel; }
    [[nodiscard]] CostBreakdownModel* agentRows() const { return m_byAgent; }

    [[nodiscard]] bool hasData() const { return m_totals.calls > 0; }
    [[nodiscard]] QString emptyText() const;
    [[nodiscard]] qint64 totalCalls() const { return m_totals.calls; }
    [[nodiscard]] QString totalCallsText() const;
    [[nodiscard]] qint64 totalTokens() const { return m_totals.tokens(); }
    [[nodiscard]] QString totalTokensText() const;
    [[nodiscard]] QString totalCostText() const { return costText(m_totals); }
    [[nodiscard]] QString totalsText() const;
    [[nodiscard]] bool totalCostKnown() const { return m_totals.costKnown(); }
    [[nodiscard]] qint64 unknownCalls() const { return m_totals.unknownCostCalls; }
    [[nodiscard]] QString unknownNote() const;
    [[nodiscard]] QString axisMaxText() const;
    [[nodiscard]] QString loadError() const { return m_loadError; }
    [[nodiscard]] bool loaded() const { return m_loaded; }
    [[nodiscard]] bool refreshPending() const { return m_pendingRefresh != 0; }

    // Reads the window again from the source (on failure keeps the old rows and sets loadError).
    // A source that answers later (the server) shows the answer when it comes; an answer to an
    // older refresh is dropped.
    Q_INVOKABLE void refresh();
    // After the user interface's language changed: refresh(), then every text announced again.
    void retranslate();

    // "$0", "$0.0042", "$12.34".
    [[nodiscard]] static QString formatUsd(double usd);
    // The cost of sums as the page shows it: "$1.20"; "$1.20 + unknown" when some calls had no
    // known price; "unknown" when none had. A day without calls is "$0".
    [[nodiscard]] static QString costText(const CostSums& sums);
    // "950", "12.5k", "3.2M": for the chart's axis.
    [[nodiscard]] static QString compactNumber(qint64 n);
    // The display name of an agent role ("Supervisor", "Worker", ...).
    [[nodiscard]] static QString roleName(const QString& role);

Q_SIGNALS:
    void rangeDaysChanged();
    void metricChanged();
    void totalsChanged();
    void axisChanged();
    void loadErrorChanged();

private:
    void onEvent(const Event& event);
    void scheduleRefresh();
    void armMidnight(const QDateTime& nowUtc, const QDate& today);
    void setLoadError(const QString& message);
    [[nodiscard]] QDateTime inZone(const QDateTime& utc) const;
    [[nodiscard]] QDateTime startOfDay(const QDate& date) const;

    void apply(const UsageReport& report, const QDate& first);

    CostsSource* m_source;
    qint64 m_ownerId;
    NewestRequest m_refreshes;
    Clock* m_clock;
    EventBus* m_bus;
    std::optional<QTimeZone> m_zone;  // nullopt: the system's local time
    int m_rangeDays = kDefaultRangeDays;
    CostMetric m_metric = CostMetric::Cost;
    CostDaysModel* m_days;
    CostBreakdownModel* m_byModel;
    CostBreakdownModel* m_byAgent;
    CostSums m_totals;
    bool m_anyCallsEver = false;
    double m_maxDayCost = 0.0;
    qint64 m_maxDayTokens = 0;
    QString m_loadError;
    Clock::TimerId m_pendingRefresh = 0;
    bool m_loaded = false;  // refresh() has run
    Clock::TimerId m_midnightTimer = 0;
};

}  // namespace zerg
