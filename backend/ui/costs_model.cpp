#include "ui/costs_model.h"

#include "core/event.h"
#include "core/event_bus.h"
#include "storage/store.h"
#include "ui/money_format.h"
#include "ui/role_table.h"

#include <QHash>
#include <QLocale>

#include <algorithm>
#include <functional>
#include <utility>

namespace zerg {
namespace {

QString groupedNumber(qint64 n) {
    return QLocale().toString(n);
}

QString percent(double fraction) {
    return CostsModel::tr("%1%", "a share in percent")
        .arg(QLocale().toString(qRound(fraction * 100.0)));
}

double ratio(double part, double whole) {
    return whole > 0.0 ? part / whole : 0.0;
}

// A table row's share of all rows for the metric shown.
double shareOf(const CostGroupRow& r, CostMetric metric) {
    return metric == CostMetric::Cost ? r.costShare : r.tokenShare;
}

// The chart day's tooltip: the day, then its tokens, calls and cost (or that it had no calls).
QString dayToolTip(const CostDayRow& d) {
    const QString day = QLocale().toString(d.date, QLocale::LongFormat);
    if (d.sums.calls == 0)
        return CostsModel::tr("%1\nNo model calls").arg(day);
    const QString calls = CostsModel::tr("%n call(s)", "", int(d.sums.calls));
    return CostsModel::tr("%1\n%2 tokens in %3\nCost: %4")
        .arg(day, groupedNumber(d.sums.tokens()), calls, CostsModel::costText(d.sums));
}

// How many days apart the chart's date labels are, so that they fit under narrow bars. Counted
// back from today, which is always labelled.
int labelEvery(int days) {
    if (days <= 10)
        return 1;
    if (days <= 31)
        return 5;
    if (days <= 92)
        return 15;
    return 30;
}

// Adds up the buckets per key, largest token use first, with each row's shares of the whole.
QList<CostGroupRow> groupRows(const QHash<QString, CostSums>& groups,
                              const std::function<QString(const QString&)>& nameOf) {
    CostSums all;
    QList<CostGroupRow> rows;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
        all.add(it.value());
        rows.append(CostGroupRow{it.key(), nameOf(it.key()), it.value()});
    }
    for (CostGroupRow& r : rows) {
        r.costShare = ratio(r.sums.knownCostUsd, all.knownCostUsd);
        r.tokenShare = ratio(double(r.sums.tokens()), double(all.tokens()));
    }
    std::sort(rows.begin(), rows.end(), [](const CostGroupRow& a, const CostGroupRow& b) {
        if (a.sums.tokens() != b.sums.tokens())
            return a.sums.tokens() > b.sums.tokens();
        return a.key < b.key;
    });
    return rows;
}

}  // namespace

// ---- CostSums ---------------------------------------------------------------------------------

void CostSums::add(const UsageTotals& t) {
    add(CostSums{.calls = t.calls,
                 .promptTokens = t.promptTokens,
                 .completionTokens = t.completionTokens,
                 .knownCostUsd = t.knownCostUsd,
                 .unknownCostCalls = t.unknownCostCalls});
}

void CostSums::add(const CostSums& o) {
    calls += o.calls;
    promptTokens += o.promptTokens;
    completionTokens += o.completionTokens;
    unknownCostCalls += o.unknownCostCalls;
    knownCostUsd += o.knownCostUsd;
}

// ---- CostRowsModel ----------------------------------------------------------------------------

template <typename Row>
bool CostRowsModel<Row>::replaceRows(QList<Row> rows) {
    if (rows.size() != m_rows.size()) {
        beginResetModel();
        m_rows = std::move(rows);
        endResetModel();
        return true;
    }
    const QList<Row> old = std::exchange(m_rows, std::move(rows));
    int first = -1;
    for (int i = 0; i <= m_rows.size(); ++i) {
        const bool differs = i < m_rows.size() && !(old.at(i) == m_rows.at(i));
        if (differs && first < 0)
            first = i;
        if (!differs && first >= 0) {
            Q_EMIT dataChanged(index(first), index(i - 1));
            first = -1;
        }
    }
    return false;
}

// ---- CostDaysModel ----------------------------------------------------------------------------

CostDaysModel::CostDaysModel(QObject* parent)
    : CostRowsModel(
          parent,
          {
              {DateRole, "date", [](const CostDayRow& d) { return d.date.toString(Qt::ISODate); }},
              {LabelRole, "label", &CostDayRow::label},
              {Qt::DisplayRole, nullptr, &CostDayRow::label},
              {ShowLabelRole, "showLabel", &CostDayRow::showLabel},
              {CallsRole, "calls", [](const CostDayRow& d) { return d.sums.calls; }},
              {TokensRole, "tokens", [](const CostDayRow& d) { return d.sums.tokens(); }},
              {PromptTokensRole, "promptTokens",
               [](const CostDayRow& d) { return d.sums.promptTokens; }},
              {CompletionTokensRole, "completionTokens",
               [](const CostDayRow& d) { return d.sums.completionTokens; }},
              {CostRole, "cost", [](const CostDayRow& d) { return d.sums.knownCostUsd; }},
              {CostKnownRole, "costKnown", [](const CostDayRow& d) { return d.sums.costKnown(); }},
              {CostTextRole, "costText",
               [](const CostDayRow& d) { return CostsModel::costText(d.sums); }},
              {TokensTextRole, "tokensText",
               [](const CostDayRow& d) { return groupedNumber(d.sums.tokens()); }},
              {UnknownCallsRole, "unknownCalls",
               [](const CostDayRow& d) { return d.sums.unknownCostCalls; }},
              {BarFractionRole, "barFraction",
               [this](const CostDayRow& d) {
                   return m_metric == CostMetric::Cost ? d.costFraction : d.tokenFraction;
               }},
              {ToolTipRole, "toolTip", dayToolTip},
          }) {}

void CostDaysModel::setRows(QList<CostDayRow> rows) {
    if (replaceRows(std::move(rows)))
        Q_EMIT countChanged();
}

void CostDaysModel::setMetric(CostMetric metric) {
    if (assignIfDifferent(m_metric, metric))
        announceAllRows(*this, {BarFractionRole});
}

// ---- CostBreakdownModel -----------------------------------------------------------------------

CostBreakdownModel::CostBreakdownModel(QObject* parent)
    : CostRowsModel(
          parent,
          {
              {KeyRole, "key", &CostGroupRow::key},
              {NameRole, "name", &CostGroupRow::name},
              {Qt::DisplayRole, nullptr, &CostGroupRow::name},
              {CallsRole, "calls", [](const CostGroupRow& r) { return r.sums.calls; }},
              {PromptTokensRole, "promptTokens",
               [](const CostGroupRow& r) { return r.sums.promptTokens; }},
              {CompletionTokensRole, "completionTokens",
               [](const CostGroupRow& r) { return r.sums.completionTokens; }},
              {TokensRole, "tokens", [](const CostGroupRow& r) { return r.sums.tokens(); }},
              {CallsTextRole, "callsText",
               [](const CostGroupRow& r) { return groupedNumber(r.sums.calls); }},
              {PromptTokensTextRole, "promptTokensText",
               [](const CostGroupRow& r) { return groupedNumber(r.sums.promptTokens); }},
              {CompletionTokensTextRole, "completionTokensText",
               [](const CostGroupRow& r) { return groupedNumber(r.sums.completionTokens); }},
              {CostRole, "cost", [](const CostGroupRow& r) { return r.sums.knownCostUsd; }},
              {CostKnownRole, "costKnown",
               [](const CostGroupRow& r) { return r.sums.costKnown(); }},
              {CostTextRole, "costText",
               [](const CostGroupRow& r) { return CostsModel::costText(r.sums); }},
              {ShareRole, "share", [this](const CostGroupRow& r) { return shareOf(r, m_metric); }},
              {ShareTextRole, "shareText",
               [this](const CostGroupRow& r) { return percent(shareOf(r, m_metric)); }},
          }) {}

void CostBreakdownModel::setRows(QList<CostGroupRow> rows) {
    if (replaceRows(std::move(rows)))
        Q_EMIT countChanged();
}

void CostBreakdownModel::setMetric(CostMetric metric) {
    if (assignIfDifferent(m_metric, metric))
        announceAllRows(*this, {ShareRole, ShareTextRole});
}

// ---- CostsModel -------------------------------------------------------------------------------

CostsModel::CostsModel(CostsSource* source, qint64 ownerId, Clock* clock, EventBus* bus,
                       QObject* parent, FirstLoad firstLoad)
    : QObject(parent),
      m_source(source),
      m_ownerId(ownerId),
      m_clock(clock),
      m_bus(bus),
      m_days(new CostDaysModel(this)),
      m_byModel(new CostBreakdownModel(this)),
      m_byAgent(new CostBreakdownModel(this)) {
    connect(m_bus, &EventBus::published, this, &CostsModel::onEvent);
    if (firstLoad == FirstLoad::Now)
        refresh();
}

void CostsModel::ensureLoaded() {
    if (!m_loaded)
        refresh();
}

CostsModel::~CostsModel() {
    // The clock may outlive the model; its callbacks are tied to `this` as context anyway.
    if (m_pendingRefresh)
        m_clock->cancel(m_pendingRefresh);
    if (m_midnightTimer)
        m_clock->cancel(m_midnightTimer);
}

void CostsModel::setTimeZone(const QTimeZone& zone) {
    m_zone = zone;
    refresh();
}

void CostsModel::setRangeDays(int days) {
    if (days == m_rangeDays || days < 1 || days > kMaxRangeDays)
        return;
    m_rangeDays = days;
    Q_EMIT rangeDaysChanged();
    refresh();
    Q_EMIT totalsChanged();  // the summary and empty texts name the range
}

QVariantList CostsModel::rangeChoices() const {
    return {7, 30, 90};
}

QString CostsModel::metric() const {
    return m_metric == CostMetric::Cost ? QStringLiteral("cost") : QStringLiteral("tokens");
}

void CostsModel::setMetric(const QString& metric) {
    CostMetric next;
    if (metric == QLatin1String("cost"))
        next = CostMetric::Cost;
    else if (metric == QLatin1String("tokens"))
        next = CostMetric::Tokens;
    else
        return;
    if (next == m_metric)
        return;
    m_metric = next;
    m_days->setMetric(next);
    m_byModel->setMetric(next);
    m_byAgent->setMetric(next);
    Q_EMIT metricChanged();
    Q_EMIT axisChanged();
}

QString CostsModel::emptyText() const {
    if (hasData())
        return {};
    if (!m_anyCallsEver)
        return tr("No model calls recorded yet.");
    return tr("No model calls in the last %1 days. Choose a longer range to see older ones.")
        .arg(m_rangeDays);
}

QString CostsModel::totalCallsText() const {
    return groupedNumber(m_totals.calls);
}

QString CostsModel::totalTokensText() const {
    return groupedNumber(m_totals.tokens());
}

QString CostsModel::totalsText() const {
    return tr("Last %1 days: %2 tokens in %Ln call(s), cost %3", "", int(m_totals.calls))
        .arg(m_rangeDays)
        .arg(totalTokensText(), totalCostText());
}

QString CostsModel::unknownNote() const {
    if (m_totals.unknownCostCalls == 0)
        return {};
    return tr(
        "%n call(s) had no known price (model not in the price table); their cost is not "
        "included.",
        "", int(m_totals.unknownCostCalls));
}

QString CostsModel::axisMaxText() const {
    if (m_metric == CostMetric::Cost)
        return formatUsd(m_maxDayCost);
    return tr("%1 tokens").arg(compactNumber(m_maxDayTokens));
}

QDateTime CostsModel::inZone(const QDateTime& utc) const {
    return m_zone ? utc.toTimeZone(*m_zone) : utc.toLocalTime();
}

QDateTime CostsModel::startOfDay(const QDate& date) const {
    return m_zone ? date.startOfDay(*m_zone) : date.startOfDay(Qt::LocalTime);
}

void CostsModel::refresh() {
    m_loaded = true;
    if (m_pendingRefresh) {
        m_clock->cancel(m_pendingRefresh);
        m_pendingRefresh = 0;
    }
    const QDateTime now = m_clock->utcNow();
    const QDate today = inZone(now).date();
    const QDate first = today.addDays(-(m_rangeDays - 1));
    const QDateTime since = startOfDay(first).toUTC();
    armMidnight(now, today);

    m_source->usage(
        since, this, m_refreshes.newestOnly([this, first](const Result<UsageReport>& report) {
            if (!report) {
                setLoadError(tr("Could not load the model usage: %1").arg(report.error().message));
                return;
            }
            apply(report.value(), first);
        }));
}

void CostsModel::apply(const UsageReport& report, const QDate& first) {
    QList<CostDayRow> days(m_rangeDays);
    const int every = labelEvery(m_rangeDays);
    const QString dayFormat = m_rangeDays <= 10 ? tr("ddd d", "a chart day label; a QDate format")
                                                : tr("MMM d", "a chart day label; a QDate format");
    for (int i = 0; i < m_rangeDays; ++i) {
        CostDayRow& d = days[i];
        d.date = first.addDays(i);
        d.label = QLocale().toString(d.date, dayFormat);
        d.showLabel = (m_rangeDays - 1 - i) % every == 0;
    }
    QHash<QString, CostSums> perModel;
    QHash<QString, CostSums> perRole;
    CostSums totals;
    for (const UsageBucket& b : report.buckets) {
        // Buckets are UTC hours; in a zone with a half-hour offset the first one can start
        // before `since` (its calls do not), and a clock set back can record calls after now.
        const qint64 at = first.daysTo(inZone(b.hour).date());
        const int index = int(std::clamp<qint64>(at, 0, m_rangeDays - 1));
        days[index].sums.add(b.totals);
        perModel[b.model].add(b.totals);
        perRole[b.role].add(b.totals);
        totals.add(b.totals);
    }
    double maxCost = 0.0;
    qint64 maxTokens = 0;
    for (const CostDayRow& d : std::as_const(days)) {
        maxCost = std::max(maxCost, d.sums.knownCostUsd);
        maxTokens = std::max(maxTokens, d.sums.tokens());
    }
    for (CostDayRow& d : days) {
        d.costFraction = ratio(d.sums.knownCostUsd, maxCost);
        d.tokenFraction = ratio(double(d.sums.tokens()), double(maxTokens));
    }

    const bool anyEver = totals.calls > 0 || report.anyCallsEver;

    m_days->setRows(std::move(days));
    m_byModel->setRows(groupRows(perModel, [](const QString& model) {
        return model.isEmpty() ? tr("(no model name)") : model;
    }));
    m_byAgent->setRows(groupRows(perRole, &CostsModel::roleName));

    const bool totalsDiffer = !(totals == m_totals) || anyEver != m_anyCallsEver;
    const bool axisDiffers = maxCost != m_maxDayCost || maxTokens != m_maxDayTokens;
    m_totals = totals;
    m_anyCallsEver = anyEver;
    m_maxDayCost = maxCost;
    m_maxDayTokens = maxTokens;
    if (totalsDiffer)
        Q_EMIT totalsChanged();
    if (axisDiffers)
        Q_EMIT axisChanged();
    setLoadError({});
}

void CostsModel::retranslate() {
    refresh();
    m_days->retranslate();
    m_byModel->retranslate();
    m_byAgent->retranslate();
    Q_EMIT totalsChanged();
    Q_EMIT axisChanged();
}

void CostsModel::setLoadError(const QString& message) {
    if (assignIfDifferent(m_loadError, message))
        Q_EMIT loadErrorChanged();
}

void CostsModel::armMidnight(const QDateTime& nowUtc, const QDate& today) {
    if (m_midnightTimer)
        m_clock->cancel(m_midnightTimer);
    // A second past midnight, so the refresh is surely on the new day.
    const qint64 delay = nowUtc.msecsTo(startOfDay(today.addDays(1)).toUTC()) + 1000;
    m_midnightTimer = m_clock->callAfter(qMax<qint64>(delay, 1000), this, [this] {
        m_midnightTimer = 0;
        refresh();
    });
}

void CostsModel::onEvent(const Event& e) {
    if (e.ownerId != m_ownerId || !m_loaded)
        return;
    // The moments after which new model calls are in the store.
    if (e.name == QLatin1String(events::SupervisorComplete) ||
        e.name == QLatin1String(events::WorkerComplete) || e.name == QLatin1String(events::Error)) {
        scheduleRefresh();
    }
}

void CostsModel::scheduleRefresh() {
    if (m_pendingRefresh)
        return;
    m_pendingRefresh = m_clock->callAfter(kRefreshDelayMs, this, [this] {
        m_pendingRefresh = 0;
        refresh();
    });
}

QString CostsModel::formatUsd(double usd) {
    return usd == 0.0 ? zerg::formatUsd(0.0, 0) : formatCallCost(usd);
}

QString CostsModel::costText(const CostSums& sums) {
    if (sums.unknownCostCalls == 0)
        return formatUsd(sums.knownCostUsd);
    if (sums.unknownCostCalls == sums.calls)
        return tr("unknown");
    return tr("%1 + unknown").arg(formatUsd(sums.knownCostUsd));
}

QString CostsModel::compactNumber(qint64 n) {
    const QLocale locale;
    if (n < 1000)
        return locale.toString(n);
    if (n < 1000000) {
        return tr("%1k", "thousands, compact")
            .arg(locale.toString(double(n) / 1e3, 'f', n < 100000 ? 1 : 0));
    }
    return tr("%1M", "millions, compact")
        .arg(locale.toString(double(n) / 1e6, 'f', n < 100000000 ? 1 : 0));
}

QString CostsModel::roleName(const QString& role) {
    if (role == QLatin1String("supervisor"))
        return tr("Supervisor");
    if (role == QLatin1String("worker"))
        return tr("Worker");
    if (role == QLatin1String("decider"))
        return tr("Roundabout decider");
    if (role == QLatin1String("summary"))
        return tr("Summaries");
    return role.isEmpty() ? tr("(no role)") : role;
}

}  // namespace zerg
