#include "jarvis/supervisor_tools.h"

#include "agent/tool_registry.h"
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "jarvis/memory_tools.h"
#include "jarvis/schedule_tools.h"
#include "storage/artifact_search.h"
#include "storage/artifact_store.h"
#include "storage/store.h"
#include "workers/worker_pool.h"

#include <QJsonArray>
#include <QPointer>
#include <QTimeZone>
#include <QTimer>

namespace zerg {
namespace {

// spawn_worker: creates a job, runs a worker, and sits in the roundabout until it is done.
class SpawnInvocation final : public ToolInvocation {
public:
    SpawnInvocation(const SupervisorContext& ctx, const QString& task, QObject* parent)
        : ToolInvocation(parent), m_ctx(ctx) {
        const Result<qint64> job = ctx.store->createJob(ctx.ownerId, ctx.runId, task,
                                                        ctx.workerModel, ctx.clock->utcNow());
        if (!job) {
            QTimer::singleShot(0, this, [this, e = job.error().message] {
                finish(ToolResult::failure(QStringLiteral("could not create the job: ") + e));
            });
            return;
        }
        ctx.bus->publish(ctx.ownerId,
                         payloads::WorkerSpawned{ctx.runId, job.value(), task, ctx.workerModel});
        Worker* worker = ctx.pool->submit({ctx.ownerId, ctx.runId, job.value(), task,
                                           ctx.workerModel, ctx.background, ctx.backgroundMode});
        const CallMeta meta{QStringLiteral("decider"), QStringLiteral("roundabout"), ctx.ownerId,
                            ctx.runId, job.value()};
        m_monitor = new RoundaboutMonitor(
            worker, ctx.clock, ctx.roundabout,
            makeDecider(ctx.roundabout, ctx.deciderLlm, ctx.clock, meta, nullptr), this);
        connect(m_monitor, &RoundaboutMonitor::decided, this,
                [this, jobId = job.value()](const Decision& d) {
                    m_ctx.bus->publish(m_ctx.ownerId, payloads::RoundaboutDecision{
                                                          m_ctx.runId, jobId, statusName(d.action),
                                                          d.argument, d.source});
                });
        connect(m_monitor, &RoundaboutMonitor::checked, this,
                [this, jobId = job.value()](const WorkerSnapshot& s) {
                    m_ctx.bus->publish(m_ctx.ownerId,
                                       payloads::WorkerStatusUpdate{
                                           m_ctx.runId, jobId, s.workerId, jobStatusOf(s.status),
                                           s.agentState, double(s.elapsedMs) / 1000.0});
                });
        connect(m_monitor, &RoundaboutMonitor::finished, this, [this, jobId = job.value()] {
            const QJsonObject r = m_monitor->result();
            m_ctx.bus->publish(m_ctx.ownerId,
                               payloads::RoundaboutDecision{
                                   m_ctx.runId, jobId, QStringLiteral("exit"),
                                   r.value(QStringLiteral("status")).toString(), std::nullopt});
            finish(ToolResult{r});
        });
        m_monitor->start();
    }

    void cancel() override {
        if (m_monitor)
            m_monitor->cancel(QStringLiteral("the supervisor run was cancelled"));
    }

private:
    SupervisorContext m_ctx;
    QPointer<RoundaboutMonitor> m_monitor;
};

// A tool of the supervisor's: it acts on the run's SupervisorContext.
class SupervisorTool : public Tool {
public:
    explicit SupervisorTool(SupervisorContext ctx) : m_ctx(std::move(ctx)) {}
    // They read workers' results, or start a worker, which records its own calls' effects.
    CallClass classify(const QJsonObject& /*args*/) const override { return staysInZerg(); }

protected:
    SupervisorContext m_ctx;
};

class SpawnWorkerTool final : public SupervisorTool {
public:
    using SupervisorTool::SupervisorTool;
    ToolSpec spec() const override {
        return {QStringLiteral("spawn_worker"),
                QStringLiteral(
                    "Delegate a task to a new worker agent that has a shell on the user's "
                    "servers (ssh_exec) and a local shell. Use it for anything that needs "
                    "commands, files or live system state (disk, services, logs, containers). "
                    "Give one clear, self-contained task naming the host. The call returns when "
                    "the worker is done, with its result or a failure explanation. Call it "
                    "several times in one turn to run workers in parallel (e.g. disk and "
                    "processes on the same host). Before spawning, look at the recent workers "
                    "in your context and list_workers / grep_workers: if one already answered "
                    "the question, use its result instead of spawning again.") +
                    (m_ctx.preflight.allowedHosts.isEmpty()
                         ? QStringLiteral(" No SSH host is allowlisted yet.")
                         : QStringLiteral(" Allowlisted hosts: %1.")
                               .arg(m_ctx.preflight.allowedHosts.join(QStringLiteral(", ")))),
                objectSchema(
                    {{QStringLiteral("task"),
                      schemaProperty("string", QStringLiteral("What the worker should do, e.g. "
                                                              "'Check disk usage on cube'."))},
                     {QStringLiteral("hosts"),
                      QJsonObject{{QStringLiteral("type"), QStringLiteral("array")},
                                  {QStringLiteral("items"),
                                   QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}},
                                  {QStringLiteral("description"),
                                   QStringLiteral("The host aliases the worker will use, if any "
                                                  "(checked against the allowlist before it "
                                                  "starts).")}}}},
                    {QStringLiteral("task")})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        const QString task = args.value(QStringLiteral("task")).toString().trimmed();
        if (task.isEmpty()) {
            return new ImmediateInvocation(
                ToolResult::failure(QStringLiteral("spawn_worker needs a non-empty 'task'.")),
                parent);
        }
        QStringList hosts;
        for (const QJsonValue& h : args.value(QStringLiteral("hosts")).toArray())
            hosts.append(h.toString());
        // Preflight: a worker that cannot work is not started (and so never restarted).
        if (const QStringList problems = m_ctx.preflight.check(hosts); !problems.isEmpty()) {
            return new ImmediateInvocation(
                ToolResult{
                    {{QStringLiteral("ok"), false},
                     {QStringLiteral("status"), QStringLiteral("failed")},
                     {QStringLiteral("error_code"), QStringLiteral("preflight_failed")},
                     {QStringLiteral("error"), QStringLiteral("The worker was not started: ") +
                                                   problems.join(QLatin1Char(' '))},
                     {QStringLiteral("failures"), QJsonArray::fromStringList(problems)},
                     {QStringLiteral("suggestion"),
                      QStringLiteral("Tell the user what to fix; do not retry before "
                                     "it is fixed.")}}},
                parent);
        }
        return new SpawnInvocation(m_ctx, task, parent);
    }
};

class ListWorkersTool final : public SupervisorTool {
public:
    using SupervisorTool::SupervisorTool;
    ToolSpec spec() const override {
        return {QStringLiteral("list_workers"),
                QStringLiteral(
                    "List recent workers (newest first) with their task, status and a short "
                    "summary only. Use it to find past work before spawning a new worker; read "
                    "a worker's full output with read_worker_result."),
                objectSchema(
                    {{QStringLiteral("limit"),
                      schemaProperty("integer", QStringLiteral("How many (default 10, max 50)."))},
                     {QStringLiteral("status"),
                      schemaProperty("string", QStringLiteral("Only this status: success, failed, "
                                                              "running, timeout, cancelled."))}})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        const int limit = qBound(1, args.value(QStringLiteral("limit")).toInt(10), 50);
        const QString status = args.value(QStringLiteral("status")).toString();
        std::optional<JobStatus> only;
        if (!status.isEmpty()) {
            const Result<JobStatus> parsed =
                parseStatusArgument<JobStatus>(status, QStringLiteral("job status"));
            if (!parsed)
                return new ImmediateInvocation(ToolResult::failure(parsed.error().message), parent);
            only = parsed.value();
        }
        const auto jobs = m_ctx.store->listJobs(m_ctx.ownerId, limit, only);
        if (!jobs)
            return new ImmediateInvocation(ToolResult::failure(jobs.error().message), parent);
        QJsonArray rows;
        for (const WorkerJobRecord& j : jobs.value()) {
            QJsonObject row{{QStringLiteral("job_id"), j.id},
                            {QStringLiteral("worker_id"), j.workerId},
                            {QStringLiteral("task"), j.task},
                            {QStringLiteral("status"), statusName(j.status)},
                            {QStringLiteral("created_at"), j.createdAt.toString(Qt::ISODate)}};
            if (!j.workerId.isEmpty()) {
                const auto meta = m_ctx.artifacts->metadata(j.workerId, m_ctx.ownerId);
                if (meta)
                    row.insert(QStringLiteral("summary"), meta->value(QStringLiteral("summary")));
            }
            rows.append(row);
        }
        return new ImmediateInvocation(ToolResult::success({{QStringLiteral("workers"), rows}}),
                                       parent);
    }
};

// The worker_id argument of the tools that read a past worker.
QPair<QString, QJsonValue> workerIdProperty() {
    return {QStringLiteral("worker_id"),
            schemaProperty("string", QStringLiteral("e.g. 2024-12-03T14-32-00_disk-check"))};
}

class ReadWorkerResultTool final : public SupervisorTool {
public:
    using SupervisorTool::SupervisorTool;
    ToolSpec spec() const override {
        return {QStringLiteral("read_worker_result"),
                QStringLiteral("Read the full final result of a past worker by its worker_id "
                               "(from list_workers or spawn_worker)."),
                objectSchema({workerIdProperty()}, {QStringLiteral("worker_id")})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        const QString id = args.value(QStringLiteral("worker_id")).toString();
        const auto text = m_ctx.artifacts->readResult(id, m_ctx.ownerId);
        if (!text) {
            return new ImmediateInvocation(
                ToolResult::failure(
                    QStringLiteral("No result for worker '%1': %2").arg(id, text.error().message)),
                parent);
        }
        return new ImmediateInvocation(
            ToolResult::success(
                {{QStringLiteral("worker_id"), id}, {QStringLiteral("result"), text.value()}}),
            parent);
    }
};

class ReadWorkerFileTool final : public SupervisorTool {
public:
    using SupervisorTool::SupervisorTool;
    ToolSpec spec() const override {
        return {
            QStringLiteral("read_worker_file"),
            QStringLiteral(
                "Read one file of a past worker, e.g. the full output of a command it ran "
                "(tool_calls/001_ssh_exec.txt) or its conversation (thread.jsonl). Use it "
                "when the result is not detailed enough; get_worker_metadata lists the "
                "files. Paths are relative to the worker's folder."),
            objectSchema(
                {workerIdProperty(),
                 {QStringLiteral("path"),
                  schemaProperty("string", QStringLiteral("e.g. tool_calls/001_ssh_exec.txt"))}},
                {QStringLiteral("worker_id"), QStringLiteral("path")})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        const QString id = args.value(QStringLiteral("worker_id")).toString();
        const QString path = args.value(QStringLiteral("path")).toString();
        const auto bytes = m_ctx.artifacts->readFile(id, m_ctx.ownerId, path);
        if (!bytes)
            return new ImmediateInvocation(ToolResult::failure(bytes.error().message), parent);
        if (bytes->left(8192).contains('\0')) {
            return new ImmediateInvocation(
                ToolResult::failure(QStringLiteral("'%1' of worker '%2' is a binary file (%3 "
                                                   "bytes); only text files can be read.")
                                        .arg(path, id)
                                        .arg(bytes->size())),
                parent);
        }
        return new ImmediateInvocation(
            ToolResult::success({{QStringLiteral("worker_id"), id},
                                 {QStringLiteral("path"), path},
                                 {QStringLiteral("content"), QString::fromUtf8(bytes.value())}}),
            parent);
    }
};

class WorkerMetadataTool final : public SupervisorTool {
public:
    using SupervisorTool::SupervisorTool;
    ToolSpec spec() const override {
        return {QStringLiteral("get_worker_metadata"),
                QStringLiteral("A past worker's metadata (task, status, model, start and end "
                               "times, duration, error, summary) and the list of its files. "
                               "Use it before read_worker_file to see which files exist."),
                objectSchema({workerIdProperty()}, {QStringLiteral("worker_id")})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        const QString id = args.value(QStringLiteral("worker_id")).toString();
        const auto meta = m_ctx.artifacts->metadata(id, m_ctx.ownerId);
        if (!meta)
            return new ImmediateInvocation(ToolResult::failure(meta.error().message), parent);
        const auto files = m_ctx.artifacts->listFiles(id, m_ctx.ownerId);
        return new ImmediateInvocation(
            ToolResult::success(
                {{QStringLiteral("metadata"), meta.value()},
                 {QStringLiteral("files"),
                  QJsonArray::fromStringList(files ? files.value() : QStringList())}}),
            parent);
    }
};

// Runs the search off this thread; finishes when it is done.
class GrepInvocation final : public ToolInvocation {
public:
    GrepInvocation(const QString& rootDir, const GrepOptions& options, QObject* parent)
        : ToolInvocation(parent), m_grep(new WorkerGrep(rootDir, options, this)) {
        connect(m_grep, &WorkerGrep::finished, this, [this] {
            const Result<GrepReport>& r = m_grep->result();
            if (!r) {
                finish(ToolResult::failure(r.error().code == QLatin1String("cancelled")
                                               ? QStringLiteral("cancelled")
                                               : r.error().message));
                return;
            }
            QJsonArray matches;
            for (const GrepMatch& m : r->matches) {
                matches.append(QJsonObject{{QStringLiteral("worker_id"), m.workerId},
                                           {QStringLiteral("file"), m.file},
                                           {QStringLiteral("line"), m.line},
                                           {QStringLiteral("text"), m.text}});
            }
            finish(ToolResult::success({{QStringLiteral("matches"), matches},
                                        {QStringLiteral("truncated"), r->truncated},
                                        {QStringLiteral("workers_scanned"), r->workersScanned}}));
        });
        m_grep->start();
    }
    void cancel() override { m_grep->cancel(); }

private:
    WorkerGrep* m_grep;  // child
};

class GrepWorkersTool final : public SupervisorTool {
public:
    using SupervisorTool::SupervisorTool;
    ToolSpec spec() const override {
        return {
            QStringLiteral("grep_workers"),
            QStringLiteral(
                "Search the files of all past workers (results, command outputs, "
                "conversations) for text. Returns worker_id, file, line number and the "
                "line. Use it to find when something was seen before (an error message, a "
                "host name, a disk) without knowing which worker saw it; then read the file "
                "with read_worker_file."),
            objectSchema(
                {{QStringLiteral("pattern"), schemaProperty("string", QStringLiteral("The text to "
                                                                                     "find."))},
                 {QStringLiteral("regex"),
                  schemaProperty("boolean", QStringLiteral("Treat pattern as a regular expression "
                                                           "(default false: literal text)."))},
                 {QStringLiteral("case_sensitive"),
                  schemaProperty("boolean", QStringLiteral("Default false."))},
                 {QStringLiteral("limit"),
                  schemaProperty("integer", QStringLiteral("Most matches to return (default 50, "
                                                           "max 200)."))}},
                {QStringLiteral("pattern")})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        GrepOptions o;
        o.ownerId = m_ctx.ownerId;
        o.pattern = args.value(QStringLiteral("pattern")).toString();
        o.regex = args.value(QStringLiteral("regex")).toBool(false);
        o.caseSensitive = args.value(QStringLiteral("case_sensitive")).toBool(false);
        o.limit = qBound(1, args.value(QStringLiteral("limit")).toInt(50), 200);
        if (o.pattern.isEmpty()) {
            return new ImmediateInvocation(
                ToolResult::failure(QStringLiteral("grep_workers needs a non-empty 'pattern'.")),
                parent);
        }
        return new GrepInvocation(m_ctx.artifacts->rootDir(), o, parent);
    }
};

class CurrentTimeTool final : public Tool {
public:
    explicit CurrentTimeTool(Clock* clock) : m_clock(clock) {}
    CallClass classify(const QJsonObject& /*args*/) const override { return staysInZerg(); }
    ToolSpec spec() const override {
        return {QStringLiteral("get_current_time"),
                QStringLiteral("The current date and time (UTC and the user's local time)."),
                objectSchema({})};
    }
    ToolInvocation* start(const QJsonObject&, QObject* parent) override {
        const QDateTime utc = m_clock->utcNow();
        const QDateTime local = utc.toLocalTime();
        return new ImmediateInvocation(
            ToolResult::success(
                {{QStringLiteral("utc"), utc.toString(Qt::ISODate)},
                 {QStringLiteral("local"), local.toString(Qt::ISODate)},
                 {QStringLiteral("time_zone"), QString::fromUtf8(local.timeZone().id())}}),
            parent);
    }

private:
    Clock* m_clock;
};

class RouteToSupervisorTool final : public Tool {
public:
    CallClass classify(const QJsonObject& /*args*/) const override { return staysInZerg(); }
    ToolSpec spec() const override {
        return {QString::fromLatin1(kRouteToSupervisor),
                QStringLiteral(
                    "Hand this request to the supervisor, which can run commands on the user's "
                    "servers through workers, read past workers' results and use HTTP and "
                    "e-mail. Call it instead of answering whenever the answer needs anything "
                    "you do not already have in this conversation: never guess about a "
                    "machine's state."),
                objectSchema({{QStringLiteral("reason"),
                               schemaProperty("string", QStringLiteral("Why, in a few words."))}})};
    }
    ToolInvocation* start(const QJsonObject& args, QObject* parent) override {
        return new ImmediateInvocation(
            ToolResult::failure(
                QStringLiteral("Handed to the supervisor: %1")
                    .arg(args.value(QStringLiteral("reason")).toString()),
                {{QStringLiteral("error_code"), QString::fromLatin1(kRouteToSupervisor)}}),
            parent);
    }
};

}  // namespace

std::unique_ptr<ToolRegistry> makeSupervisorTools(const SupervisorContext& ctx) {
    auto reg = std::make_unique<ToolRegistry>();
    reg->add(std::make_shared<SpawnWorkerTool>(ctx));
    reg->add(std::make_shared<ListWorkersTool>(ctx));
    reg->add(std::make_shared<ReadWorkerResultTool>(ctx));
    reg->add(std::make_shared<ReadWorkerFileTool>(ctx));
    reg->add(std::make_shared<WorkerMetadataTool>(ctx));
    reg->add(std::make_shared<GrepWorkersTool>(ctx));
    reg->add(std::make_shared<CurrentTimeTool>(ctx.clock));
    addMemoryTools(reg.get(), {ctx.store, ctx.clock, ctx.ownerId});
    if (ctx.scheduler && ctx.schedules)
        addScheduleTools(reg.get(), {ctx.scheduler, ctx.schedules, ctx.ownerId});
    for (const std::shared_ptr<Tool>& tool : ctx.sharedTools)
        reg->add(tool);
    return reg;
}

QString recentWorkersBlock(const SupervisorContext& ctx, int windowSecs, int limit) {
    const QDateTime now = ctx.clock->utcNow();
    const auto jobs = ctx.store->listJobsSince(ctx.ownerId, now.addSecs(-windowSecs), limit);
    if (!jobs || jobs->isEmpty())
        return {};
    QString out = QStringLiteral(
                      "Workers from the last %1 minutes (newest first). If one of them answers "
                      "the question, answer from it (read_worker_result for the full output) "
                      "instead of spawning a new worker:\n")
                      .arg(windowSecs / 60);
    for (const WorkerJobRecord& j : jobs.value()) {
        const qint64 ageSecs = qMax<qint64>(0, j.createdAt.secsTo(now));
        const QString age = ageSecs < 90 ? QStringLiteral("%1 s ago").arg(ageSecs)
                                         : QStringLiteral("%1 min ago").arg(ageSecs / 60);
        QString summary;
        if (!j.workerId.isEmpty()) {
            if (const auto meta = ctx.artifacts->metadata(j.workerId, ctx.ownerId))
                summary = meta->value(QStringLiteral("summary")).toString();
        }
        out += QStringLiteral("- worker_id %1 (job %2), %3, %4: %5")
                   .arg(j.workerId.isEmpty() ? QStringLiteral("(not started)") : j.workerId)
                   .arg(j.id)
                   .arg(statusName(j.status), age, j.task);
        if (!summary.isEmpty())
            out += QStringLiteral(" — ") + summary;
        out += QLatin1Char('\n');
    }
    return out;
}

std::unique_ptr<ToolRegistry> makeQuickTools(const SupervisorContext& ctx) {
    auto reg = std::make_unique<ToolRegistry>();
    reg->add(std::make_shared<CurrentTimeTool>(ctx.clock));
    addMemoryTools(reg.get(), {ctx.store, ctx.clock, ctx.ownerId});
    reg->add(std::make_shared<RouteToSupervisorTool>());
    return reg;
}

}  // namespace zerg
