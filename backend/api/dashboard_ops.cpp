#include "api/dashboard_ops.h"

#include "api/api_args.h"

namespace zerg::api {
namespace {

using namespace Qt::StringLiterals;

// Answers done with the result's JSON form (encode), or its error.
template <typename T, typename Encode>
SourceReply<T> encoded(DashboardOp::Done done, Encode encode) {
    return [done = std::move(done), encode](Result<T> r) {
        if (!r)
            return done(r.error());
        done(encode(r.value()));
    };
}

void usage(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto since = args.time(u"since"_s, true);
    if (args.error())
        return;
    s.costs->usage(*since, context, encoded<UsageReport>(std::move(done), [](const UsageReport& r) {
        return recordjson::toJson(r);
    }));
}

}  // namespace

const QList<DashboardOp>& dashboardOps() {
    static const QList<DashboardOp> ops{
        {u"usage"_s, usage},
    };
    return ops;
}

const DashboardOp* findDashboardOp(const QString& name) {
    for (const DashboardOp& op : dashboardOps()) {
        if (op.name == name)
            return &op;
    }
    return nullptr;
}

}  // namespace zerg::api
