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

// The Threads page (dashboard/threads_source.h).

void threadRuns(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto limit = args.integer(u"limit"_s, false, 1, ThreadsSource::kMaxRuns);
    if (args.error())
        return;
    s.threads->runs(int(limit.value_or(ThreadsSource::kMaxRuns)), context,
                    encoded<QList<RunRecord>>(std::move(done), &recordjson::threadRunsReply));
}

void threadRun(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto runId = args.integer(u"run_id"_s, true, 1, MaxId);
    if (args.error())
        return;
    s.threads->run(*runId, context, encoded<RunDetail>(std::move(done), [](const RunDetail& d) {
        return recordjson::toJson(d);
    }));
}

void threadRunTotals(const DashboardSources& s, Args& args, QObject* context,
                     DashboardOp::Done done) {
    const auto runIds =
        args.integers(u"run_ids"_s, true, 1, ThreadsSource::kMaxTotalsRuns, 1, MaxId);
    if (args.error())
        return;
    s.threads->runTotals(*runIds, context,
                         encoded<QList<RunTotals>>(std::move(done), &recordjson::runTotalsReply));
}

// One page of the run's messages after after_seq; the client asks again after the last seq of a
// page while more is true.
void runMessages(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto runId = args.integer(u"run_id"_s, true, 1, MaxId);
    const auto afterSeq = args.integer(u"after_seq"_s, false, 0, MaxId);
    if (args.error())
        return;
    s.threads->messages(
        *runId, afterSeq.value_or(0), context,
        encoded<QList<StoredMessage>>(std::move(done), [](const QList<StoredMessage>& messages) {
            return recordjson::toJson(MessagePage::first(messages));
        }));
}

void threadMemory(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    Q_UNUSED(args);
    s.threads->memory(
        context, encoded<std::optional<ThreadMemory>>(std::move(done), &recordjson::memoryReply));
}

}  // namespace

const QList<DashboardOp>& dashboardOps() {
    static const QList<DashboardOp> ops{
        {u"usage"_s, usage},
        {u"thread_runs"_s, threadRuns},
        {u"thread_run"_s, threadRun},
        {u"thread_run_totals"_s, threadRunTotals},
        {u"run_messages"_s, runMessages},
        {u"thread_memory"_s, threadMemory},
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
