#include "dashboard/record_json.h"

#include "storage/time_format.h"

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

QJsonValue optionalNumber(const std::optional<double>& value) {
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

std::optional<double> optionalNumber(const QJsonValue& value) {
    if (!value.isDouble())
        return std::nullopt;
    return value.toDouble();
}

QJsonObject toJson(const UsageTotals& t) {
    return {{u"calls"_s, t.calls},
            {u"prompt_tokens"_s, t.promptTokens},
            {u"completion_tokens"_s, t.completionTokens},
            {u"cached_tokens"_s, t.cachedTokens},
            {u"cache_write_tokens"_s, t.cacheWriteTokens},
            {u"reasoning_tokens"_s, t.reasoningTokens},
            {u"cost_usd"_s, optionalNumber(t.costUsd)},
            {u"unknown_cost_calls"_s, t.unknownCostCalls},
            {u"known_cost_usd"_s, t.knownCostUsd}};
}

UsageTotals usageTotals(const QJsonObject& o) {
    UsageTotals t;
    t.calls = o.value(u"calls"_s).toInteger();
    t.promptTokens = o.value(u"prompt_tokens"_s).toInteger();
    t.completionTokens = o.value(u"completion_tokens"_s).toInteger();
    t.cachedTokens = o.value(u"cached_tokens"_s).toInteger();
    t.cacheWriteTokens = o.value(u"cache_write_tokens"_s).toInteger();
    t.reasoningTokens = o.value(u"reasoning_tokens"_s).toInteger();
    t.costUsd = optionalNumber(o.value(u"cost_usd"_s));
    t.unknownCostCalls = o.value(u"unknown_cost_calls"_s).toInteger();
    t.knownCostUsd = o.value(u"known_cost_usd"_s).toDouble();
    return t;
}

QJsonObject toJson(const RunRecord& r) {
    return {{u"run_id"_s, r.id},
            {u"thread_id"_s, r.threadId},
            {u"task"_s, r.task},
            {u"status"_s, r.status},
            {u"result"_s, r.result},
            {u"error"_s, r.error},
            {u"started_at"_s, timefmt::toIso(r.startedAt)},
            {u"completed_at"_s, timefmt::toIso(r.finishedAt)},
            {u"duration_ms"_s, r.durationMs},
            {u"prompt_tokens"_s, r.promptTokens},
            {u"completion_tokens"_s, r.completionTokens},
            {u"mode"_s, r.mode},
            {u"error_code"_s, r.errorCode},
            {u"attempts"_s, r.attempts},
            {u"fallback"_s, r.fallback}};
}

RunRecord runRecord(const QJsonObject& o) {
    RunRecord r;
    r.id = o.value(u"run_id"_s).toInteger();
    r.threadId = o.value(u"thread_id"_s).toInteger();
    r.task = o.value(u"task"_s).toString();
    r.status = o.value(u"status"_s).toString();
    r.result = o.value(u"result"_s).toString();
    r.error = o.value(u"error"_s).toString();
    r.startedAt = timefmt::fromIso(o.value(u"started_at"_s).toString());
    r.finishedAt = timefmt::fromIso(o.value(u"completed_at"_s).toString());
    r.durationMs = o.value(u"duration_ms"_s).toInteger();
    r.promptTokens = o.value(u"prompt_tokens"_s).toInteger();
    r.completionTokens = o.value(u"completion_tokens"_s).toInteger();
    r.mode = o.value(u"mode"_s).toString(r.mode);
    r.errorCode = o.value(u"error_code"_s).toString();
    r.attempts = int(o.value(u"attempts"_s).toInteger(1));
    r.fallback = o.value(u"fallback"_s).toString();
    return r;
}

QJsonObject toJson(const WorkerJobRecord& j) {
    return {{u"job_id"_s, j.id},
            {u"run_id"_s, j.runId},
            {u"task"_s, j.task},
            {u"model"_s, j.model},
            {u"status"_s, j.status},
            {u"worker_id"_s, j.workerId},
            {u"error"_s, j.error},
            {u"created_at"_s, timefmt::toIso(j.createdAt)},
            {u"started_at"_s, timefmt::toIso(j.startedAt)},
            {u"finished_at"_s, timefmt::toIso(j.finishedAt)},
            {u"duration_ms"_s, j.durationMs}};
}

WorkerJobRecord workerJobRecord(const QJsonObject& o) {
    WorkerJobRecord j;
    j.id = o.value(u"job_id"_s).toInteger();
    j.runId = o.value(u"run_id"_s).toInteger();
    j.task = o.value(u"task"_s).toString();
    j.model = o.value(u"model"_s).toString();
    j.status = o.value(u"status"_s).toString();
    j.workerId = o.value(u"worker_id"_s).toString();
    j.error = o.value(u"error"_s).toString();
    j.createdAt = timefmt::fromIso(o.value(u"created_at"_s).toString());
    j.startedAt = timefmt::fromIso(o.value(u"started_at"_s).toString());
    j.finishedAt = timefmt::fromIso(o.value(u"finished_at"_s).toString());
    j.durationMs = o.value(u"duration_ms"_s).toInteger();
    return j;
}

}  // namespace zerg::recordjson
