#include "api/mcp_service.h"

#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "core/status.h"
#include "dashboard/hosts_source.h"
#include "jarvis/jarvis_service.h"
#include "llm/provider_registry.h"
#include "mcp/argument_schema.h"
#include "runtime/backend.h"
#include "storage/artifact_search.h"
#include "storage/artifact_store.h"
#include "storage/run_details.h"
#include "storage/store.h"
#include "workers/approvals.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <algorithm>
#include <cmath>
#include <utility>

namespace zerg {
namespace {

using namespace Qt::StringLiterals;

// JSON-RPC 2.0 error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;

constexpr int kDefaultWorkers = 20;
constexpr int kMaxWorkers = 200;
constexpr int kDefaultMatches = 50;
constexpr int kMaxMatches = 500;
// A file whose first bytes hold a NUL is not shown as text.
constexpr qsizetype kBinarySniffBytes = 8192;

// JSON-RPC ids are strings or integers (MCP: never null).
bool isValidId(const QJsonValue& id) {
    if (id.isString())
        return true;
    if (!id.isDouble())
        return false;
    const double d = id.toDouble();
    return std::isfinite(d) && d == std::trunc(d);
}

QString compactText(const QJsonObject& o) {
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// An input schema: an object of these properties and no others.
QJsonObject closedSchema(const QJsonObject& properties, const QStringList& required = {}) {
    QJsonObject schema{{u"type"_s, u"object"_s},
                       {u"properties"_s, properties},
                       {u"additionalProperties"_s, false}};
    if (!required.isEmpty())
        schema.insert(u"required"_s, QJsonArray::fromStringList(required));
    return schema;
}

QJsonObject field(const QString& type, const QString& description, const QJsonObject& extra = {}) {
    QJsonObject p{{u"type"_s, type}, {u"description"_s, description}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        p.insert(it.key(), it.value());
    return p;
}

QJsonObject annotations(const QString& title, bool readOnly, bool destructive, bool idempotent,
                        bool openWorld) {
    return {{u"title"_s, title},
            {u"readOnlyHint"_s, readOnly},
            {u"destructiveHint"_s, destructive},
            {u"idempotentHint"_s, idempotent},
            {u"openWorldHint"_s, openWorld}};
}

// The first max bytes of text, not cutting a UTF-8 sequence in two.
QByteArray utf8Prefix(const QByteArray& text, qsizetype max) {
    if (text.size() <= max)
        return text;
    qsizetype end = max;
    // Back up over continuation bytes (10xxxxxx) to the start of the cut sequence.
    while (end > 0 && (uchar(text.at(end)) & 0xC0) == 0x80)
        --end;
    return text.left(end);
}

}  // namespace

struct McpService::Tool {
    QString name;
    QJsonObject definition;  // as tools/list gives it
    ArgumentSchema schema;   // its inputSchema, compiled
    Handler handler = nullptr;
};

struct McpService::PendingAsk {
    QJsonValue id;                                    // the tools/call request
    QJsonValue progressToken{QJsonValue::Undefined};  // undefined: no progress wanted
    qint64 runId = 0;                                 // 0 while JarvisService::ask is starting it
    int progress = 0;                                 // notifications sent so far
    bool cancelled = false;                           // by the client or stop(): no answer is sent
    QStringList workerIds;  // from worker_started, in case the run's details cannot be read
};

struct McpService::PendingGrep {
    QJsonValue id;
    WorkerGrep* grep = nullptr;  // a child of the service
    bool cancelled = false;
};

QStringList McpService::protocolVersions() {
    return {u"2025-11-25"_s, u"2025-06-18"_s, u"2025-03-26"_s};
}

McpService::McpService(Backend* backend, qint64 ownerId, QObject* parent)
    : QObject(parent), m_backend(backend), m_ownerId(ownerId) {
    auto add = [this](const QString& name, const QString& title, const QString& description,
                      const QJsonObject& input, const QJsonObject& output, const QJsonObject& hints,
                      Handler handler) {
        QJsonObject definition{{u"name"_s, name},
                               {u"title"_s, title},
                               {u"description"_s, description},
                               {u"inputSchema"_s, input},
                               {u"annotations"_s, hints}};
        if (!output.isEmpty())
            definition.insert(u"outputSchema"_s, output);
        Tool tool{name, definition, {}, handler};
        if (Result<ArgumentSchema> schema = ArgumentSchema::compile(input))
            tool.schema = std::move(schema).value();
        else
            qWarning("mcp server: the schema of %s does not compile: %s", qPrintable(name),
                     qPrintable(schema.error().message));
        m_tools.push_back(std::move(tool));
    };

    const QJsonObject stringArray{{u"type"_s, u"array"_s},
                                  {u"items"_s, QJsonObject{{u"type"_s, u"string"_s}}}};
    const QJsonObject objectArray{{u"type"_s, u"array"_s},
                                  {u"items"_s, QJsonObject{{u"type"_s, u"object"_s}}}};

    // The catalogue (and the instructions) are a contract with other agents: English, whatever
    // language the user reads Zerg in. Progress and results are for the user and translated.
    add(u"ask"_s, QStringLiteral("Ask Jarvis"),
        QStringLiteral(
            "Ask Jarvis, Zerg's supervisor agent, to do an ops task or answer a question, in plain "
            "words (\"check disk usage on web1\", \"why does nginx on db2 answer 502?\"). Jarvis "
            "answers from what it knows or starts worker agents that run commands on the user's "
            "allowlisted servers (see list_hosts) over SSH and read their output. Anything that "
            "may change a system waits for the user's approval in Zerg; this client cannot "
            "approve it, and a request nobody answers in time is denied. One request at a time; "
            "it may take minutes (progress is reported when the call has a progress token). "
            "Returns Jarvis's answer and the ids of the workers it started: read their files "
            "with read_worker_file."),
        closedSchema({{u"task"_s,
                       field(u"string"_s, QStringLiteral("What to do or find out, in plain words."),
                             {{u"minLength"_s, 1}})}},
                     {u"task"_s}),
        QJsonObject{
            {u"type"_s, u"object"_s},
            {u"properties"_s, QJsonObject{{u"run_id"_s, QJsonObject{{u"type"_s, u"integer"_s}}},
                                          {u"ok"_s, QJsonObject{{u"type"_s, u"boolean"_s}}},
                                          {u"status"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                                          {u"answer"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                                          {u"worker_ids"_s, stringArray}}},
            {u"required"_s, QJsonArray{u"run_id"_s, u"ok"_s, u"answer"_s, u"worker_ids"_s}}},
        annotations(QStringLiteral("Ask Jarvis"), false, true, false, true), &McpService::ask);

    add(u"list_workers"_s, QStringLiteral("List workers"),
        QStringLiteral(
            "The user's most recent Zerg workers, newest first: worker id, job id, run id, task, "
            "status, model, when it was created, how long it ran, its error and a short summary "
            "of its result. Read a worker's files with read_worker_file."),
        closedSchema(
            {{u"limit"_s,
              field(u"integer"_s, QStringLiteral("How many workers, newest first (default 20)."),
                    {{u"minimum"_s, 1},
                     {u"maximum"_s, kMaxWorkers},
                     {u"default"_s, kDefaultWorkers}})}}),
        QJsonObject{{u"type"_s, u"object"_s},
                    {u"properties"_s, QJsonObject{{u"workers"_s, objectArray}}},
                    {u"required"_s, QJsonArray{u"workers"_s}}},
        annotations(QStringLiteral("List workers"), true, false, true, false),
        &McpService::listWorkers);

    add(u"read_worker_file"_s, QStringLiteral("Read a worker's file"),
        QStringLiteral(
            "Read one file of a worker's folder: result.txt (its final answer), metadata.json, "
            "thread.jsonl (its conversation) or the whole output of one tool call, such as "
            "tool_calls/001_ssh_exec.txt. The path is relative to the worker's folder; absolute "
            "paths and '..' are refused. At most 256 KiB of the file are returned."),
        closedSchema(
            {{u"worker_id"_s,
              field(u"string"_s, QStringLiteral("A worker id from list_workers or ask."),
                    {{u"minLength"_s, 1}})},
             {u"path"_s, field(u"string"_s,
                               QStringLiteral("The file, relative to the worker's folder, e.g. "
                                              "result.txt or tool_calls/001_ssh_exec.txt."),
                               {{u"minLength"_s, 1}})}},
            {u"worker_id"_s, u"path"_s}),
        {}, annotations(QStringLiteral("Read a worker's file"), true, false, true, false),
        &McpService::readWorkerFile);

    add(u"grep_workers"_s, QStringLiteral("Search workers' files"),
        QStringLiteral(
            "Search the text files of all the user's workers (results, tool outputs, "
            "conversations) for a text or a regular expression, like grep. Returns the matching "
            "lines with worker id, file and line number, newest worker first."),
        closedSchema(
            {{u"pattern"_s,
              field(u"string"_s, QStringLiteral("The text (or regular expression) to find."),
                    {{u"minLength"_s, 1}})},
             {u"regex"_s,
              field(u"boolean"_s,
                    QStringLiteral("Read pattern as a regular expression (default false)."),
                    {{u"default"_s, false}})},
             {u"case_sensitive"_s,
              field(u"boolean"_s, QStringLiteral("Match case (default false)."),
                    {{u"default"_s, false}})},
             {u"limit"_s,
              field(u"integer"_s, QStringLiteral("At most this many matches (default 50)."),
                    {{u"minimum"_s, 1},
                     {u"maximum"_s, kMaxMatches},
                     {u"default"_s, kDefaultMatches}})}},
            {u"pattern"_s}),
        QJsonObject{{u"type"_s, u"object"_s},
                    {u"properties"_s,
                     QJsonObject{{u"matches"_s, objectArray},
                                 {u"truncated"_s, QJsonObject{{u"type"_s, u"boolean"_s}}}}},
                    {u"required"_s, QJsonArray{u"matches"_s, u"truncated"_s}}},
        annotations(QStringLiteral("Search workers' files"), true, false, true, false),
        &McpService::grepWorkers);

    add(u"list_hosts"_s, QStringLiteral("List hosts"),
        QStringLiteral(
            "The servers Zerg's workers may reach over SSH (the user's allowlist, the hosts "
            "file): alias, host name, port, user and whether the host's key is known. Never any "
            "key's contents."),
        closedSchema({}),
        QJsonObject{{u"type"_s, u"object"_s},
                    {u"properties"_s,
                     QJsonObject{{u"hosts_file"_s, QJsonObject{{u"type"_s, u"string"_s}}},
                                 {u"load_error"_s,
                                  QJsonObject{{u"type"_s, QJsonArray{u"object"_s, u"null"_s}}}},
                                 {u"hosts"_s, objectArray}}},
                    {u"required"_s, QJsonArray{u"hosts"_s}}},
        annotations(QStringLiteral("List hosts"), true, false, true, false),
        &McpService::listHosts);

    connect(m_backend->bus(), &EventBus::published, this, &McpService::onEvent);
    if (Approvals* approvals = m_backend->approvals())
        connect(approvals, &Approvals::requested, this, &McpService::onApprovalRequested);
}

McpService::~McpService() {
    // The session ends with a request running: its run stops too (nobody waits for it). No
    // answer can follow, so nothing of this object may run during the cancel.
    if (m_jarvis)
        m_jarvis->disconnect(this);
    if (m_ask && m_jarvis && m_ask->runId != 0)
        m_jarvis->cancelRun(m_ask->runId, tr("the MCP session ended"));
}

// ---- Messages ----

void McpService::handleText(const QByteArray& text) {
    if (m_stopped)
        return;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError) {
        respondError(QJsonValue::Null, kParseError,
                     u"Parse error: %1 at offset %2."_s.arg(error.errorString()).arg(error.offset));
        return;
    }
    if (doc.isArray()) {
        respondError(QJsonValue::Null, kInvalidRequest,
                     u"Invalid request: batches are not supported (MCP 2025-06-18 removed them); "
                     "send one message at a time."_s);
        return;
    }
    if (!doc.isObject()) {
        respondError(QJsonValue::Null, kInvalidRequest,
                     u"Invalid request: a message is a JSON object."_s);
        return;
    }
    handle(doc.object());
}

void McpService::handle(const QJsonObject& message) {
    if (m_stopped)
        return;
    const bool hasId = message.contains(u"id"_s);
    const QJsonValue id = message.value(u"id"_s);
    const QJsonValue replyId = isValidId(id) ? id : QJsonValue(QJsonValue::Null);
    if (!message.contains(u"method"_s)) {
        // A response to a request of ours: this server sends none, so there is nothing to do.
        if (hasId && (message.contains(u"result"_s) || message.contains(u"error"_s)))
            return;
        respondError(replyId, kInvalidRequest,
                     u"Invalid request: a request or notification needs a method."_s);
        return;
    }
    if (message.value(u"jsonrpc"_s) != QJsonValue(u"2.0"_s)) {
        respondError(replyId, kInvalidRequest, u"Invalid request: jsonrpc must be \"2.0\"."_s);
        return;
    }
    const QJsonValue method = message.value(u"method"_s);
    if (!method.isString()) {
        respondError(replyId, kInvalidRequest, u"Invalid request: method must be a string."_s);
        return;
    }
    const QJsonValue params = message.value(u"params"_s);
    const bool paramsOk = params.isUndefined() || params.isObject();
    if (!hasId) {
        if (paramsOk)
            handleNotification(method.toString(), params.toObject());
        return;  // a notification is never answered, not even with an error
    }
    if (!isValidId(id)) {
        respondError(QJsonValue::Null, kInvalidRequest,
                     u"Invalid request: id must be a string or an integer."_s);
        return;
    }
    if (!paramsOk) {
        respondError(id, kInvalidParams, u"Invalid params: params must be an object."_s);
        return;
    }
    if (isPending(id)) {
        const QString shown = id.isString() ? id.toString() : QString::number(id.toInteger());
        respondError(
            id, kInvalidRequest,
            u"Invalid request: id %1 belongs to a request still in progress."_s.arg(shown));
        return;
    }
    handleRequest(id, method.toString(), params.toObject());
}

void McpService::handleRequest(const QJsonValue& id, const QString& method,
                               const QJsonObject& params) {
    if (method == u"initialize"_s)
        return initialize(id, params);
    if (method == u"ping"_s)
        return respond(id, {});
    if (!m_initialized) {
        return respondError(id, kInvalidRequest,
                            u"Not initialized: send initialize before %1."_s.arg(method));
    }
    if (method == u"tools/list"_s)
        return listTools(id);
    if (method == u"tools/call"_s)
        return callTool(id, params);
    respondError(id, kMethodNotFound, u"Method not found: %1."_s.arg(method));
}

void McpService::handleNotification(const QString& method, const QJsonObject& params) {
    if (method == u"notifications/cancelled"_s)
        cancelRequest(params.value(u"requestId"_s));
    // notifications/initialized needs nothing: requests are served once initialize is answered.
    // Other notifications (roots, progress of ours) do not concern this server.
}

void McpService::initialize(const QJsonValue& id, const QJsonObject& params) {
    if (m_initialized)
        return respondError(id, kInvalidRequest, u"Invalid request: already initialized."_s);
    const QJsonValue asked = params.value(u"protocolVersion"_s);
    if (!asked.isString()) {
        return respondError(id, kInvalidParams,
                            u"Invalid params: initialize needs protocolVersion, a string such as "
                            "\"2025-11-25\"."_s);
    }
    const QStringList versions = protocolVersions();
    const QString version =
        versions.contains(asked.toString()) ? asked.toString() : versions.first();
    m_initialized = true;
    respond(id,
            {{u"protocolVersion"_s, version},
             {u"capabilities"_s, QJsonObject{{u"tools"_s, QJsonObject{{u"listChanged"_s, false}}}}},
             {u"serverInfo"_s, QJsonObject{{u"name"_s, u"zerg"_s},
                                           {u"title"_s, u"Zerg"_s},
                                           {u"version"_s, QCoreApplication::applicationVersion()}}},
             {u"instructions"_s,
              QStringLiteral(
                  "Zerg is the user's desktop ops assistant. Its supervisor agent, Jarvis, answers "
                  "questions about the user's servers and does ops tasks by starting worker agents "
                  "that run commands over SSH on the hosts the user allowlisted (list_hosts). Use "
                  "ask for a task in plain words; then list_workers, read_worker_file and "
                  "grep_workers show what the workers did, in full. Anything that may change a "
                  "system waits for the user's approval in Zerg's own window: this client cannot "
                  "approve it.")}});
}

void McpService::listTools(const QJsonValue& id) {
    QJsonArray tools;
    for (const Tool& t : m_tools)
        tools.append(t.definition);
    respond(id, {{u"tools"_s, tools}});
}

void McpService::callTool(const QJsonValue& id, const QJsonObject& params) {
    const QJsonValue name = params.value(u"name"_s);
    if (!name.isString()) {
        return respondError(id, kInvalidParams,
                            u"Invalid params: tools/call needs name, the tool's name."_s);
    }
    const QJsonValue args = params.value(u"arguments"_s);
    if (!args.isUndefined() && !args.isNull() && !args.isObject()) {
        return respondError(id, kInvalidParams, u"Invalid params: arguments must be an object."_s);
    }
    const auto tool = std::find_if(m_tools.cbegin(), m_tools.cend(),
                                   [&](const Tool& t) { return t.name == name.toString(); });
    if (tool == m_tools.cend()) {
        QStringList names;
        for (const Tool& t : m_tools)
            names.append(t.name);
        return respondError(id, kInvalidParams,
                            u"Unknown tool: %1. This server's tools are %2."_s.arg(
                                name.toString(), names.join(u", "_s)));
    }
    // Wrong arguments are the tool's error, so that a model reads what to fix (MCP: input
    // validation errors are tool execution errors).
    if (const QString problems = tool->schema.check(args.toObject()); !problems.isEmpty()) {
        return respondToolError(id, tr("Invalid arguments for %1:\n%2").arg(tool->name, problems));
    }
    (this->*(tool->handler))(id, args.toObject(), params.value(u"_meta"_s).toObject());
}

// ---- ask ----

void McpService::ask(const QJsonValue& id, const QJsonObject& args, const QJsonObject& meta) {
    const QString busy = tr("Jarvis is answering another request; try again when it is done.");
    const QString task = args.value(u"task"_s).toString().trimmed();
    if (task.isEmpty())
        return respondToolError(id, tr("The task is empty: say what Jarvis should do."));
    if (m_ask)
        return respondToolError(id, busy);
    if (const QString problem = llm::providerProblem(m_backend->settings()); !problem.isEmpty()) {
        return respondToolError(
            id, tr("Zerg has no model to ask: %1 Set one up in Zerg's Settings.").arg(problem));
    }
    const Result<Backend::OwnerServices> owner = m_backend->owner(m_ownerId);
    if (!owner)
        return respondToolError(id, owner.error().message);
    if (m_jarvis != owner->jarvis) {
        if (m_jarvis)
            m_jarvis->disconnect(this);
        m_jarvis = owner->jarvis;
        connect(m_jarvis, &JarvisService::runFinished, this, &McpService::onRunFinished);
    }
    if (m_jarvis->isBusy())
        return respondToolError(id, busy);

    auto pending = std::make_unique<PendingAsk>();
    pending->id = id;
    const QJsonValue token = meta.value(u"progressToken"_s);
    if (isValidId(token))
        pending->progressToken = token;
    m_ask = std::move(pending);
    m_starting = true;
    m_earlyEnd.reset();
    const Result<qint64> run = m_jarvis->ask(task);
    m_starting = false;
    if (!run) {
        m_ask.reset();
        m_earlyEnd.reset();
        return respondToolError(id, run.error().code == u"busy"_s ? busy : run.error().message);
    }
    m_ask->runId = run.value();
    // The run may have ended while it was being started (a storage error).
    if (const std::optional<EarlyEnd> early = std::exchange(m_earlyEnd, std::nullopt);
        early && early->runId == m_ask->runId) {
        finishAsk(early->ok, early->text);
    }
}

void McpService::onRunFinished(qint64 runId, bool ok, const QString& text) {
    if (!m_ask)
        return;
    if (m_ask->runId == 0) {
        if (m_starting)
            m_earlyEnd = EarlyEnd{runId, ok, text};
        return;
    }
    if (runId == m_ask->runId)
        finishAsk(ok, text);
}

void McpService::finishAsk(bool ok, const QString& text) {
    const std::unique_ptr<PendingAsk> done = std::move(m_ask);
    if (!done->cancelled) {
        QStringList workerIds;
        QString status;
        // The run's details name its workers, oldest first; the events are the fallback.
        if (const Result<QJsonObject> details = m_jarvis->runDetails(done->runId)) {
            status = details->value(u"status"_s).toString();
            for (const QJsonValue& w : details->value(u"workers"_s).toArray()) {
                const QString workerId = w.toObject().value(u"worker_id"_s).toString();
                if (!workerId.isEmpty() && !workerIds.contains(workerId))
                    workerIds.append(workerId);
            }
        }
        for (const QString& workerId : std::as_const(done->workerIds)) {
            if (!workerIds.contains(workerId))
                workerIds.append(workerId);
        }
        QJsonObject structured{{u"run_id"_s, done->runId},
                               {u"ok"_s, ok},
                               {u"answer"_s, text},
                               {u"worker_ids"_s, QJsonArray::fromStringList(workerIds)}};
        if (!status.isEmpty())
            structured.insert(u"status"_s, status);
        respondTool(done->id, text, structured, !ok);
    }
    checkIdle();
}

void McpService::onEvent(const Event& e) {
    if (!m_ask || m_ask->runId == 0 || m_ask->cancelled || e.ownerId != m_ownerId)
        return;
    const qint64 runId = m_ask->runId;
    auto workerName = [](const payloads::WorkerIds& ids) {
        return ids.workerId.isEmpty() ? tr("job %1").arg(ids.jobId) : ids.workerId;
    };
    if (const auto p = payloads::WorkerStarted::from(e)) {
        if (p->ids.runId != runId)
            return;
        if (!p->ids.workerId.isEmpty() && !m_ask->workerIds.contains(p->ids.workerId))
            m_ask->workerIds.append(p->ids.workerId);
        progress(tr("Started worker %1: %2").arg(workerName(p->ids), p->task));
    } else if (const auto p = payloads::WorkerToolStarted::from(e)) {
        if (p->ids.runId != runId)
            return;
        progress(tr("%1: %2").arg(workerName(p->ids), p->display.isEmpty() ? p->tool : p->display));
    } else if (const auto p = payloads::WorkerToolProgress::from(e)) {
        if (p->ids.runId != runId)
            return;
        progress(p->message.isEmpty()
                     ? tr("%1: %2 is working").arg(workerName(p->ids), p->tool)
                     : tr("%1: %2: %3").arg(workerName(p->ids), p->tool, p->message));
    } else if (const auto p = payloads::WorkerComplete::from(e)) {
        if (p->ids.runId != runId)
            return;
        const QString status = p->status ? statusName(*p->status) : tr("ended");
        progress(p->error.isEmpty()
                     ? tr("Worker %1 ended: %2").arg(workerName(p->ids), status)
                     : tr("Worker %1 ended: %2 (%3)").arg(workerName(p->ids), status, p->error));
    } else if (const auto p = payloads::Heartbeat::from(e)) {
        if (p->runId == runId)
            progress(tr("Jarvis is still working on it."));
    }
}

void McpService::onApprovalRequested(const ApprovalRecord& record) {
    if (!m_ask || m_ask->cancelled || m_ask->runId == 0 || record.runId != m_ask->runId ||
        record.ownerId != m_ownerId) {
        return;
    }
    progress(tr("Waiting for your approval in Zerg: %1 on %2").arg(record.action, record.target));
}

void McpService::progress(const QString& message) {
    if (!m_ask || m_ask->progressToken.isUndefined())
        return;
    ++m_ask->progress;
    Q_EMIT send({{u"jsonrpc"_s, u"2.0"_s},
                 {u"method"_s, u"notifications/progress"_s},
                 {u"params"_s, QJsonObject{{u"progressToken"_s, m_ask->progressToken},
                                           {u"progress"_s, m_ask->progress},
                                           {u"message"_s, message}}}});
}

// ---- The read-only tools ----

void McpService::listWorkers(const QJsonValue& id, const QJsonObject& args,
                             const QJsonObject& meta) {
    Q_UNUSED(meta);
    const int limit = args.value(u"limit"_s).toInt(kDefaultWorkers);
    const Result<QList<WorkerJobRecord>> jobs = m_backend->store()->listJobs(m_ownerId, limit);
    if (!jobs)
        return respondToolError(id, jobs.error().message);
    QJsonArray rows;
    for (const WorkerJobRecord& job : jobs.value())
        rows.append(workerRow(job, *m_backend->artifacts(), m_ownerId));
    const QJsonObject structured{{u"workers"_s, rows}};
    respondTool(id, compactText(structured), structured);
}

void McpService::readWorkerFile(const QJsonValue& id, const QJsonObject& args,
                                const QJsonObject& meta) {
    Q_UNUSED(meta);
    const QString workerId = args.value(u"worker_id"_s).toString();
    const QString path = args.value(u"path"_s).toString();
    const Result<QByteArray> bytes = m_backend->artifacts()->readFile(workerId, m_ownerId, path);
    if (!bytes)
        return respondToolError(id, bytes.error().message);
    const qint64 size = bytes->size();
    if (bytes->left(kBinarySniffBytes).contains('\0')) {
        return respondTool(id, tr("%1 of worker %2 is a binary file (%3 bytes); it is not shown.")
                                   .arg(path, workerId)
                                   .arg(size));
    }
    if (size <= kMaxFileBytes)
        return respondTool(id, QString::fromUtf8(bytes.value()));
    QString text = QString::fromUtf8(utf8Prefix(bytes.value(), kMaxFileBytes));
    text += u"\n\n"_s + tr("[Cut: this is the first %1 KiB of %2 bytes. grep_workers finds lines "
                           "in the rest.]")
                            .arg(kMaxFileBytes / 1024)
                            .arg(size);
    respondTool(id, text);
}

void McpService::grepWorkers(const QJsonValue& id, const QJsonObject& args,
                             const QJsonObject& meta) {
    Q_UNUSED(meta);
    GrepOptions options;
    options.ownerId = m_ownerId;
    options.pattern = args.value(u"pattern"_s).toString();
    options.regex = args.value(u"regex"_s).toBool(false);
    options.caseSensitive = args.value(u"case_sensitive"_s).toBool(false);
    options.limit = args.value(u"limit"_s).toInt(kDefaultMatches);
    // On a thread of its own: a large search must not hold up a running ask's progress.
    auto* grep = new WorkerGrep(m_backend->artifacts()->rootDir(), options, this);
    m_greps.push_back({id, grep, false});
    connect(grep, &WorkerGrep::finished, this, [this, grep] { onGrepFinished(grep); });
    grep->start();
}

void McpService::onGrepFinished(WorkerGrep* grep) {
    const auto it = std::find_if(m_greps.begin(), m_greps.end(),
                                 [grep](const PendingGrep& g) { return g.grep == grep; });
    if (it == m_greps.end())
        return;
    const PendingGrep done = *it;
    m_greps.erase(it);
    grep->deleteLater();
    if (!done.cancelled) {
        const Result<GrepReport>& r = grep->result();
        if (!r) {
            respondToolError(done.id, r.error().message);
        } else {
            QJsonArray matches;
            QStringList lines;
            for (const GrepMatch& m : r->matches) {
                matches.append(QJsonObject{{u"worker_id"_s, m.workerId},
                                           {u"file"_s, m.file},
                                           {u"line"_s, m.line},
                                           {u"text"_s, m.text}});
                lines.append(u"%1:%2:%3: %4"_s.arg(m.workerId, m.file).arg(m.line).arg(m.text));
            }
            if (lines.isEmpty())
                lines.append(tr("No matches. Workers searched: %1.").arg(r->workersScanned));
            if (r->truncated) {
                lines.append(tr("(Stopped at the limit of matches, %1: narrow the pattern or "
                                "raise the limit.)")
                                 .arg(r->matches.size()));
            }
            respondTool(done.id, lines.join(u'\n'),
                        {{u"matches"_s, matches}, {u"truncated"_s, r->truncated}});
        }
    }
    checkIdle();
}

void McpService::listHosts(const QJsonValue& id, const QJsonObject& args, const QJsonObject& meta) {
    Q_UNUSED(args);
    Q_UNUSED(meta);
    // What the Hosts page lists (LocalHostsSource reads the same), without the identity files'
    // paths its edit form needs: no keys, and nothing about them.
    const Settings& s = m_backend->settings();
    HostsList list = HostChecks::list(s.hostsFile, s.knownHostsFile);
    for (HostInfo& h : list.hosts)
        h.settings.identityFiles.clear();
    const QJsonObject hosts = recordjson::toJson(list);
    respondTool(id, compactText(hosts), hosts);
}

// ---- Cancelling, stopping ----

void McpService::cancelRequest(const QJsonValue& requestId) {
    if (!isValidId(requestId))
        return;
    if (m_ask && m_ask->id == requestId && !m_ask->cancelled) {
        m_ask->cancelled = true;
        if (m_jarvis && m_ask->runId != 0)
            m_jarvis->cancelRun(m_ask->runId, tr("cancelled by the MCP client"));
        return;
    }
    for (PendingGrep& g : m_greps) {
        if (g.id == requestId && !g.cancelled) {
            g.cancelled = true;
            g.grep->cancel();
        }
    }
}

void McpService::stop(const QString& reason) {
    if (m_stopped)
        return;
    m_stopped = true;
    if (m_ask && !m_ask->cancelled) {
        m_ask->cancelled = true;
        if (m_jarvis && m_ask->runId != 0)
            m_jarvis->cancelRun(m_ask->runId, reason);
    }
}

bool McpService::isIdle() const {
    return !m_ask && m_greps.empty();
}

bool McpService::isPending(const QJsonValue& id) const {
    if (m_ask && m_ask->id == id)
        return true;
    return std::any_of(m_greps.cbegin(), m_greps.cend(),
                       [&id](const PendingGrep& g) { return g.id == id; });
}

void McpService::checkIdle() {
    if (isIdle())
        Q_EMIT idle();
}

// ---- Answers ----

void McpService::respond(const QJsonValue& id, const QJsonObject& result) {
    Q_EMIT send({{u"jsonrpc"_s, u"2.0"_s}, {u"id"_s, id}, {u"result"_s, result}});
}

void McpService::respondError(const QJsonValue& id, int code, const QString& message) {
    Q_EMIT send({{u"jsonrpc"_s, u"2.0"_s},
                 {u"id"_s, id},
                 {u"error"_s, QJsonObject{{u"code"_s, code}, {u"message"_s, message}}}});
}

void McpService::respondTool(const QJsonValue& id, const QString& text,
                             const QJsonObject& structured, bool isError) {
    QJsonObject result{
        {u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, text}}}},
        {u"isError"_s, isError}};
    if (!structured.isEmpty())
        result.insert(u"structuredContent"_s, structured);
    respond(id, result);
}

}  // namespace zerg
