#include "dashboard/record_json.h"

#include "storage/json_fields.h"

#include <QCoreApplication>

namespace zerg::recordjson {

using namespace Qt::StringLiterals;

Error protocolError(const QString& what) {
    return Error{u"protocol"_s,
                 QCoreApplication::translate("zerg::recordjson",
                                             "The server sent %1 in a form this app does not "
                                             "read; are the app and the server the same version?")
                     .arg(what)};
}

namespace {

const JsonFields<UsageTotals>& usageFields() {
    static const JsonFields<UsageTotals> fields{
        {u"calls"_s, &UsageTotals::calls},
        {u"prompt_tokens"_s, &UsageTotals::promptTokens},
        {u"completion_tokens"_s, &UsageTotals::completionTokens},
        {u"cached_tokens"_s, &UsageTotals::cachedTokens},
        {u"cache_write_tokens"_s, &UsageTotals::cacheWriteTokens},
        {u"reasoning_tokens"_s, &UsageTotals::reasoningTokens},
        {u"cost_usd"_s, &UsageTotals::costUsd},
        {u"unknown_cost_calls"_s, &UsageTotals::unknownCostCalls},
        {u"known_cost_usd"_s, &UsageTotals::knownCostUsd},
    };
    return fields;
}

const JsonFields<RunRecord>& runFields() {
    static const JsonFields<RunRecord> fields{
        {u"run_id"_s, &RunRecord::id},
        {u"thread_id"_s, &RunRecord::threadId},
        {u"task"_s, &RunRecord::task},
        {u"status"_s, &RunRecord::status},
        {u"result"_s, &RunRecord::result},
        {u"error"_s, &RunRecord::error},
        {u"started_at"_s, &RunRecord::startedAt},
        {u"completed_at"_s, &RunRecord::finishedAt},
        {u"duration_ms"_s, &RunRecord::durationMs},
        {u"prompt_tokens"_s, &RunRecord::promptTokens},
        {u"completion_tokens"_s, &RunRecord::completionTokens},
        {u"mode"_s, &RunRecord::mode},
        {u"error_code"_s, &RunRecord::errorCode},
        {u"attempts"_s, &RunRecord::attempts},
        {u"fallback"_s, &RunRecord::fallback},
    };
    return fields;
}

const JsonFields<WorkerJobRecord>& jobFields() {
    static const JsonFields<WorkerJobRecord> fields{
        {u"job_id"_s, &WorkerJobRecord::id},
        {u"run_id"_s, &WorkerJobRecord::runId},
        {u"task"_s, &WorkerJobRecord::task},
        {u"model"_s, &WorkerJobRecord::model},
        {u"status"_s, &WorkerJobRecord::status},
        {u"worker_id"_s, &WorkerJobRecord::workerId},
        {u"error"_s, &WorkerJobRecord::error},
        {u"created_at"_s, &WorkerJobRecord::createdAt},
        {u"started_at"_s, &WorkerJobRecord::startedAt},
        {u"finished_at"_s, &WorkerJobRecord::finishedAt},
        {u"duration_ms"_s, &WorkerJobRecord::durationMs},
    };
    return fields;
}

}  // namespace

QJsonObject toJson(const UsageTotals& t) {
    return usageFields().write(t);
}

UsageTotals usageTotals(const QJsonObject& o) {
    return usageFields().read(o);
}

QJsonObject toJson(const RunRecord& r) {
    return runFields().write(r);
}

RunRecord runRecord(const QJsonObject& o) {
    return runFields().read(o);
}

QJsonObject toJson(const WorkerJobRecord& j) {
    return jobFields().write(j);
}

WorkerJobRecord workerJobRecord(const QJsonObject& o) {
    return jobFields().read(o);
}

}  // namespace zerg::recordjson
