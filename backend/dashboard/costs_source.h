#pragma once

#include "dashboard/reply.h"
#include "storage/store.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>

class QObject;

namespace zerg {

// What the Costs page shows: the owner's model calls since a time, by UTC hour, model and role.
struct UsageReport {
    QList<UsageBucket> buckets;
    // Whether the owner made any call ever: tells "never used" from "not in this window". Only
    // looked up when buckets is empty (else true).
    bool anyCallsEver = false;
};

// Where the Costs page reads from: StoreCostsSource here, RemoteCostsSource (api/) over the
// server's `usage` command.
class CostsSource {
public:
    virtual ~CostsSource() = default;
    // The report for the calls made at or after since (UTC).
    virtual void usage(const QDateTime& since, QObject* context, SourceReply<UsageReport> done) = 0;
};

// Over the local Store, answering at once.
class StoreCostsSource final : public CostsSource {
public:
    StoreCostsSource(Store* store, qint64 ownerId) : m_store(store), m_ownerId(ownerId) {}
    void usage(const QDateTime& since, QObject* context, SourceReply<UsageReport> done) override;

private:
    Store* m_store;
    qint64 m_ownerId;
};

namespace recordjson {
// {buckets: [{hour, model, role, …usage totals}], any_calls_ever}
[[nodiscard]] QJsonObject toJson(const UsageReport& report);
[[nodiscard]] Result<UsageReport> usageReport(const QJsonObject& o);
}  // namespace recordjson

}  // namespace zerg
