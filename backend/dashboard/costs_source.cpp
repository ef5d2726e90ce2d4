#include "dashboard/costs_source.h"

#include "dashboard/record_json.h"
#include "storage/time_format.h"

#include <QCoreApplication>

namespace zerg {

using namespace Qt::StringLiterals;

void StoreCostsSource::usage(const QDateTime& since, QObject* context,
                             SourceReply<UsageReport> done) {
    Q_UNUSED(context);
    Result<QList<UsageBucket>> buckets = m_store->usageByHour(m_ownerId, since);
    if (!buckets)
        return done(buckets.error());
    UsageReport report;
    report.buckets = std::move(buckets).value();
    report.anyCallsEver = !report.buckets.isEmpty();
    if (!report.anyCallsEver) {
        // Only asked when the window is empty, to tell "never used" from "not lately".
        const Result<UsageTotals> all = m_store->usageForOwner(m_ownerId, QDateTime());
        report.anyCallsEver = all && all->calls > 0;
    }
    done(std::move(report));
}

namespace recordjson {

QJsonObject toJson(const UsageReport& report) {
    return {{u"buckets"_s, arrayOf(report.buckets,
                                   [](const UsageBucket& b) {
                                       QJsonObject o = toJson(b.totals);
                                       o.insert(u"hour"_s, timefmt::toIso(b.hour));
                                       o.insert(u"model"_s, b.model);
                                       o.insert(u"role"_s, b.role);
                                       return o;
                                   })},
            {u"any_calls_ever"_s, report.anyCallsEver}};
}

Result<UsageReport> usageReport(const QJsonObject& o) {
    Result<QList<UsageBucket>> buckets = listOf<UsageBucket>(
        o.value(u"buckets"_s), QCoreApplication::translate("zerg::recordjson", "the usage"),
        [](const QJsonObject& b) {
            UsageBucket bucket;
            bucket.hour = timefmt::fromIso(b.value(u"hour"_s).toString());
            bucket.model = b.value(u"model"_s).toString();
            bucket.role = b.value(u"role"_s).toString();
            bucket.totals = usageTotals(b);
            return bucket;
        });
    if (!buckets)
        return buckets.error();
    UsageReport report;
    report.buckets = std::move(buckets).value();
    report.anyCallsEver = o.value(u"any_calls_ever"_s).toBool();
    return report;
}

}  // namespace recordjson
}  // namespace zerg
