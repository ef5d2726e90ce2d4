#include "api/dashboard_ops.h"

#include "api/api_args.h"
#include "dashboard/record_json.h"
#include "storage/run_export.h"

#include <QCoreApplication>

#include <limits>

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

// Like encoded, with the source's "invalid_argument" (a path or id that leaves the worker's
// folder, a blank search) answered as the API's bad_request.
template <typename T, typename Encode>
SourceReply<T> badRequestWhenInvalid(DashboardOp::Done done, Encode encode) {
    return [done = std::move(done), encode](Result<T> r) {
        if (!r && r.error().code == u"invalid_argument"_s)
            return done(Error{u"bad_request"_s, r.error().message});
        if (!r)
            return done(r.error());
        done(encode(r.value()));
    };
}

constexpr qint64 kDefaultSearchHits = 50;

// Full-text search of the owner's runs: the query goes to the source as it is (the source makes
// it safe; a blank one is its invalid_argument).
void threadSearch(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto query = args.text(u"query"_s, true);
    const auto limit = args.integer(u"limit"_s, false, 1, ThreadsSource::kMaxSearchHits);
    if (args.error())
        return;
    s.threads->search(
        *query, int(limit.value_or(kDefaultSearchHits)), context,
        badRequestWhenInvalid<QList<RunSearchHit>>(std::move(done), &recordjson::searchReply));
}

// The largest export sent in one reply; a longer conversation is exported on the server.
constexpr qsizetype kMaxExportBytes = 16 * 1024 * 1024;

// A run (run_id) or the whole conversation (no run_id) as Markdown or JSON (storage/run_export.h).
void threadExport(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto runId = args.integer(u"run_id"_s, false, 1, MaxId);
    const auto formatWord = args.string(u"format"_s, false);
    if (args.error())
        return;
    const Result<ExportFormat> format = parseExportFormat(formatWord.value_or(u"md"_s));
    if (!format)
        return done(Error{u"bad_request"_s, format.error().message});
    s.threads->exportRuns(
        runId.value_or(0), format.value(), context,
        [done = std::move(done)](Result<QByteArray> text) {
            if (!text)
                return done(text.error());
            if (text->size() > kMaxExportBytes) {
                return done(Error{
                    u"too_large"_s,
                    QCoreApplication::translate(
                        "zerg::api",
                        "The export is %1 MiB, more than the %2 MiB a reply may carry. Run zerg "
                        "runs export on the server instead.")
                        .arg(double(text->size()) / (1024 * 1024), 0, 'f', 1)
                        .arg(kMaxExportBytes / (1024 * 1024))});
            }
            done(QJsonObject{{u"text"_s, QString::fromUtf8(text.value())}});
        });
}

void workerJob(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto jobId = args.integer(u"job_id"_s, false, 1, MaxId);
    const auto workerId = args.string(u"worker_id"_s, false);
    if (!args.error() && jobId.has_value() == workerId.has_value()) {
        args.fail(
            u"`worker_job` needs exactly one of `job_id` (an integer) or `worker_id` (a "
            "string)."_s);
    }
    if (args.error())
        return;
    auto reply = badRequestWhenInvalid<WorkerJobRecord>(
        std::move(done), [](const WorkerJobRecord& job) { return recordjson::toJson(job); });
    if (jobId)
        s.workerFiles->job(*jobId, context, std::move(reply));
    else
        s.workerFiles->jobOfWorker(*workerId, context, std::move(reply));
}

void workerFolder(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto workerId = args.string(u"worker_id"_s, true);
    const auto known = args.strings(u"known_checks"_s, false, recordjson::kMaxKnownChecks);
    if (args.error())
        return;
    const QStringList knownList = known.value_or(QStringList());
    s.workerFiles->folder(
        *workerId, QSet<QString>(knownList.cbegin(), knownList.cend()), context,
        badRequestWhenInvalid<WorkerFolder>(std::move(done), [](const WorkerFolder& f) {
            return recordjson::toJson(f, recordjson::kMaxCheckBytesPerReply);
        }));
}

void workerFileBytes(const DashboardSources& s, Args& args, QObject* context,
                     DashboardOp::Done done) {
    const auto workerId = args.string(u"worker_id"_s, true);
    const auto path = args.string(u"path"_s, true);
    const auto maxBytes = args.integer(u"max_bytes"_s, false, 1, WorkerFilesSource::kMaxFileBytes);
    if (args.error())
        return;
    s.workerFiles->file(
        *workerId, *path, maxBytes.value_or(WorkerFilesSource::kMaxFileBytes), context,
        badRequestWhenInvalid<WorkerFileRead>(
            std::move(done), [](const WorkerFileRead& r) { return recordjson::toJson(r); }));
}

// ---- Schedules page ----

constexpr qint64 kMaxScheduleRuns = 200;
constexpr qint64 kDefaultScheduleRuns = 50;
constexpr qint64 kMaxInboxItems = 500;
constexpr qint64 kDefaultInboxItems = 50;

// Answers done with result once the action is done, or with its error.
SourceReply<Ok> answeredWith(DashboardOp::Done done, QJsonObject result) {
    return [done = std::move(done), result = std::move(result)](Result<Ok> r) {
        if (!r)
            return done(r.error());
        done(result);
    };
}

SourceReply<ScheduleRecord> scheduleReply(DashboardOp::Done done) {
    return encoded<ScheduleRecord>(
        std::move(done), [](const ScheduleRecord& s) { return recordjson::scheduleJson(s); });
}

void scheduleList(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    Q_UNUSED(args);
    s.schedules->list(context,
                      encoded<ScheduleListing>(std::move(done), [](const ScheduleListing& l) {
                          return recordjson::toJson(l);
                      }));
}

void scheduleHistory(const DashboardSources& s, Args& args, QObject* context,
                     DashboardOp::Done done) {
    const auto id = args.integer(u"schedule_id"_s, true, 1, MaxId);
    const auto limit = args.integer(u"limit"_s, false, 1, kMaxScheduleRuns);
    if (args.error())
        return;
    s.schedules->history(*id, int(limit.value_or(kDefaultScheduleRuns)), context,
                         encoded<QList<ScheduleRunRecord>>(
                             std::move(done), [](const QList<ScheduleRunRecord>& runs) {
                                 return recordjson::scheduleRunsJson(runs);
                             }));
}

void scheduleCreate(const DashboardSources& s, Args& args, QObject* context,
                    DashboardOp::Done done) {
    ScheduleDraft draft;
    // Blank texts reach the schedule runner, whose message says what it needs.
    draft.name = args.text(u"name"_s, true).value_or(QString());
    draft.task = args.text(u"task"_s, true).value_or(QString());
    draft.cron = args.text(u"cron"_s, true).value_or(QString());
    draft.timeZone = args.string(u"time_zone"_s, false).value_or(QString());
    draft.catchUp = args.boolean(u"catch_up"_s, false).value_or(false);
    if (args.error())
        return;
    s.schedules->create(draft, context, scheduleReply(std::move(done)));
}

void scheduleUpdate(const DashboardSources& s, Args& args, QObject* context,
                    DashboardOp::Done done) {
    const auto id = args.integer(u"schedule_id"_s, true, 1, MaxId);
    SchedulePatch patch;
    patch.name = args.text(u"name"_s, false);
    patch.task = args.text(u"task"_s, false);
    patch.cron = args.text(u"cron"_s, false);
    patch.timeZone = args.string(u"time_zone"_s, false);
    patch.enabled = args.boolean(u"enabled"_s, false);
    patch.catchUp = args.boolean(u"catch_up"_s, false);
    if (!args.error() && !patch.name && !patch.task && !patch.cron && !patch.timeZone &&
        !patch.enabled && !patch.catchUp) {
        args.fail(
            u"`schedule_update` needs at least one of `name`, `task`, `cron`, `time_zone`, "
            "`enabled`, `catch_up`; add what to change and send again."_s);
    }
    if (args.error())
        return;
    s.schedules->update(*id, patch, context, scheduleReply(std::move(done)));
}

void scheduleDelete(const DashboardSources& s, Args& args, QObject* context,
                    DashboardOp::Done done) {
    const auto id = args.integer(u"schedule_id"_s, true, 1, MaxId);
    if (args.error())
        return;
    s.schedules->remove(*id, context, answeredWith(std::move(done), {}));
}

void scheduleRunNow(const DashboardSources& s, Args& args, QObject* context,
                    DashboardOp::Done done) {
    const auto id = args.integer(u"schedule_id"_s, true, 1, MaxId);
    if (args.error())
        return;
    s.schedules->runNow(*id, context, answeredWith(std::move(done), {}));
}

void schedulesPause(const DashboardSources& s, Args& args, QObject* context,
                    DashboardOp::Done done) {
    const auto paused = args.boolean(u"paused"_s, true);
    if (args.error())
        return;
    s.schedules->setPaused(*paused, context,
                           answeredWith(std::move(done), {{u"paused"_s, *paused}}));
}

// ---- the task inbox ----

void inbox(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto limit = args.integer(u"limit"_s, false, 1, kMaxInboxItems);
    if (args.error())
        return;
    s.inbox->list(int(limit.value_or(kDefaultInboxItems)), context,
                  encoded<InboxPage>(std::move(done),
                                     [](const InboxPage& p) { return recordjson::toJson(p); }));
}

void inboxRead(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto id = args.integer(u"item_id"_s, true, 1, MaxId);
    if (args.error())
        return;
    s.inbox->markRead(*id, context, encoded<InboxItem>(std::move(done), [](const InboxItem& i) {
        return recordjson::inboxItemJson(i);
    }));
}

void inboxReadAll(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    Q_UNUSED(args);
    s.inbox->markAllRead(context, encoded<int>(std::move(done), [](int marked) {
                             return QJsonObject{{u"marked"_s, marked}};
                         }));
}

// ---- approval requests (dashboard/approvals_source.h) ----

// The most words an "always allow" prefix may have (a command's first words).
constexpr qsizetype kMaxPrefixWords = 64;

// A server whose dashboard has no approvals source (ServerBackend always gives one).
Error noApprovals() {
    return Error{u"internal"_s,
                 u"This server has no approval requests to show or answer: it runs without "
                 "the approvals broker. This is a bug of the server; its log may say more."_s};
}

QJsonObject approvalsJson(const QList<ApprovalRecord>& approvals) {
    return {{u"approvals"_s, recordjson::arrayOf(approvals, [](const ApprovalRecord& r) {
                 return recordjson::toJson(r);
             })}};
}

QJsonObject rulesJson(const QList<ApprovalRuleRecord>& rules) {
    return {{u"rules"_s, recordjson::arrayOf(rules, [](const ApprovalRuleRecord& r) {
                 return recordjson::toJson(r);
             })}};
}

void approvals(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    Q_UNUSED(args);
    if (!s.approvals)
        return done(noApprovals());
    s.approvals->pending(context, encoded<QList<ApprovalRecord>>(std::move(done), &approvalsJson));
}

// The answer is recorded as given from this connection's device.
void approve(const DashboardSources& s, qint64 deviceId, Args& args, QObject* context,
             DashboardOp::Done done) {
    const auto id = args.integer(u"approval_id"_s, true, 1, MaxId);
    const auto choice = args.string(u"choice"_s, true);
    const auto message = args.text(u"message"_s, false);
    const auto prefix = args.strings(u"prefix"_s, false, kMaxPrefixWords);
    ApprovalReply reply;
    if (!args.error()) {
        const Result<ApprovalChoice> parsed =
            parseStatusArgument<ApprovalChoice>(*choice, u"approval choice"_s);
        if (parsed)
            reply.choice = *parsed;
        else
            args.fail(parsed.error().message);
    }
    if (!args.error() && prefix && !prefix->isEmpty() &&
        reply.choice != ApprovalChoice::AlwaysAllow) {
        args.fail(u"`prefix` only goes with `choice` \"%1\"; leave it out to answer \"%2\"."_s.arg(
            statusName(ApprovalChoice::AlwaysAllow), statusName(reply.choice)));
    }
    if (args.error())
        return;
    if (!s.approvals)
        return done(noApprovals());
    reply.message = message.value_or(QString());
    reply.prefix = prefix.value_or(QStringList());
    reply.device = u"api:%1"_s.arg(deviceId);
    s.approvals->answer(*id, reply, context,
                        encoded<ApprovalRecord>(std::move(done), [](const ApprovalRecord& r) {
                            return QJsonObject{{u"approval"_s, recordjson::toJson(r)}};
                        }));
}

void approvalRules(const DashboardSources& s, Args& args, QObject* context,
                   DashboardOp::Done done) {
    Q_UNUSED(args);
    if (!s.approvals)
        return done(noApprovals());
    s.approvals->rules(context, encoded<QList<ApprovalRuleRecord>>(std::move(done), &rulesJson));
}

void approvalRuleRemove(const DashboardSources& s, Args& args, QObject* context,
                        DashboardOp::Done done) {
    const auto id = args.integer(u"rule_id"_s, true, 1, MaxId);
    if (args.error())
        return;
    if (!s.approvals)
        return done(noApprovals());
    s.approvals->removeRule(*id, context, encoded<bool>(std::move(done), [](bool removed) {
        return QJsonObject{{u"removed"_s, removed}};
    }));
}

void hosts(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    Q_UNUSED(args);
    s.hosts->hosts(context, encoded<HostsList>(std::move(done), [](const HostsList& list) {
                       return recordjson::toJson(list);
                   }));
}

void hostTest(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto alias = args.string(u"alias"_s, true);
    if (args.error())
        return;
    s.hosts->test(*alias, context,
                  encoded<HostTestResult>(std::move(done), [](const HostTestResult& r) {
                      return recordjson::toJson(r);
                  }));
}

void hostKey(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto alias = args.string(u"alias"_s, true);
    if (args.error())
        return;
    s.hosts->checkKey(*alias, context,
                      encoded<HostKeyCheck>(std::move(done), [](const HostKeyCheck& c) {
                          return recordjson::toJson(c);
                      }));
}

void hostTrust(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto alias = args.string(u"alias"_s, true);
    const auto fingerprint = args.string(u"fingerprint"_s, true);
    if (!args.error() && !fingerprint->startsWith(u"SHA256:"_s)) {
        args.fail(
            u"`fingerprint` must be the key's SHA-256 fingerprint as `host_key` gives it "
            "(\"SHA256:…\"), not \"%1\"."_s.arg(*fingerprint));
    }
    if (args.error())
        return;
    s.hosts->trust(*alias, *fingerprint, context,
                   encoded<HostKeyCheck>(std::move(done), [](const HostKeyCheck& c) {
                       return recordjson::toJson(c);
                   }));
}

// Editing the server's hosts file (HostsFileEditor through the owner's HostsSource). Like
// host_trust, any authenticated owner may: the hosts file is the server's, shared by its owners.
// Every value is checked by the editor, as in the window: paths must be absolute, and a value
// it cannot write back exactly is refused; the paths are the server's.

constexpr qsizetype kMaxIdentityFiles = 32;
constexpr qsizetype kMaxImportAliases = 500;

// The settings of host_add and host_update (recordjson::hostEntryArgs) for the host alias. Blank
// texts and any port reach the editor, whose message says what it needs (as the window's).
HostEntry hostEntryOf(Args& args, const QString& alias) {
    HostEntry e;
    e.alias = alias;
    e.hostName = args.text(u"host"_s, true).value_or(QString());
    e.port = int(args.integer(u"port"_s, false, std::numeric_limits<int>::min(),
                              std::numeric_limits<int>::max())
                     .value_or(22));
    e.user = args.text(u"user"_s, false).value_or(QString());
    e.identityFiles =
        args.strings(u"identity_files"_s, false, kMaxIdentityFiles).value_or(QStringList());
    e.knownHostsFile = args.text(u"known_hosts"_s, false).value_or(QString());
    e.proxyJump =
        args.strings(u"proxy_jump"_s, false, HostsConfig::kMaxJumps).value_or(QStringList());
    return e;
}

void hostAdd(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto alias = args.text(u"alias"_s, true);
    const HostEntry entry = hostEntryOf(args, alias.value_or(QString()));
    if (args.error())
        return;
    s.hosts->addHost(entry, context, answeredWith(std::move(done), {}));
}

void hostUpdate(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto alias = args.string(u"alias"_s, true);
    const auto newAlias = args.text(u"new_alias"_s, false);
    const HostEntry entry = hostEntryOf(args, newAlias.value_or(alias.value_or(QString())));
    if (args.error())
        return;
    s.hosts->updateHost(*alias, entry, context, answeredWith(std::move(done), {}));
}

void hostRemove(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto alias = args.string(u"alias"_s, true);
    if (args.error())
        return;
    s.hosts->removeHost(*alias, context, answeredWith(std::move(done), {}));
}

// The server's ~/.ssh/config (of the user `zerg serve` runs as), not the client's.
void hostImportCandidates(const DashboardSources& s, Args& args, QObject* context,
                          DashboardOp::Done done) {
    Q_UNUSED(args);
    s.hosts->importCandidates(
        context, encoded<HostImportList>(std::move(done), [](const HostImportList& list) {
            return recordjson::toJson(list);
        }));
}

void hostImport(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto aliases = args.strings(u"aliases"_s, true, kMaxImportAliases);
    if (args.error())
        return;
    s.hosts->importHosts(
        *aliases, context,
        badRequestWhenInvalid<QStringList>(std::move(done), &recordjson::importedJson));
}

// ---- Settings › MCP servers (dashboard/mcp_source.h) ----
//
// Read-only plus restart. Editing mcp.json is not offered over the API: an entry's command runs
// on the server as the server's user, so a client that could add or change one could run
// anything there. The server's administrator edits mcp.json on the server, which applies it at
// once (McpServers::watchConfigFile).

// A server whose dashboard has no MCP source (ServerBackend always gives one).
Error noMcp() {
    return Error{u"internal"_s,
                 u"This server has no MCP servers to show: it runs without them. This is a bug "
                 "of the server; its log may say more."_s};
}

void mcpServers(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    Q_UNUSED(args);
    if (!s.mcp)
        return done(noMcp());
    s.mcp->list(context, encoded<McpServersList>(std::move(done), [](McpServersList list) {
                    list.editable = false;
                    // The entries are for the edit form, which clients do not get; their env and
                    // header values may hold secrets written in plain text.
                    for (McpServerRow& row : list.servers)
                        row.entry = QJsonObject();
                    return recordjson::toJson(list);
                }));
}

void mcpLog(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto name = args.string(u"name"_s, true);
    if (args.error())
        return;
    if (!s.mcp)
        return done(noMcp());
    s.mcp->log(*name, context,
               encoded<QString>(std::move(done), [name = *name](const QString& text) {
                   return recordjson::mcpLogJson(name, text);
               }));
}

void mcpRestart(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    const auto name = args.string(u"name"_s, true);
    if (args.error())
        return;
    if (!s.mcp)
        return done(noMcp());
    s.mcp->restart(*name, context, answeredWith(std::move(done), {}));
}

// ---- Dashboard › Agents (dashboard/agents_source.h) ----
//
// The tuning is the installation's, like the hosts file: every owner of the server may read and
// change it; each change is recorded with the connection's device. The source checks an edit
// (its invalid_argument says what is wrong and what to do), so values reach it as sent.

// The most tool names a tuning may give (an agent's own tools and its MCP servers').
constexpr qsizetype kMaxAgentTools = 1000;

// A server whose dashboard has no agents source (ServerBackend always gives one).
Error noAgents() {
    return Error{u"internal"_s,
                 u"This server has no agents to show or tune: it runs without the agents' "
                 "tuning store. This is a bug of the server; its log may say more."_s};
}

SourceReply<AgentRow> agentReply(DashboardOp::Done done) {
    return encoded<AgentRow>(std::move(done), [](const AgentRow& r) {
        return QJsonObject{{u"agent"_s, recordjson::toJson(r)}};
    });
}

// The role argument (required), or nullopt after failing with the words allowed.
std::optional<AgentRole> agentRoleOf(Args& args) {
    const auto word = args.string(u"role"_s, true);
    if (args.error())
        return std::nullopt;
    const Result<AgentRole> role = parseStatusArgument<AgentRole>(*word, u"agent role"_s);
    if (!role) {
        args.fail(role.error().message);
        return std::nullopt;
    }
    return role.value();
}

void agents(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    Q_UNUSED(args);
    if (!s.agents)
        return done(noAgents());
    s.agents->list(context,
                   encoded<QList<AgentRow>>(std::move(done), [](const QList<AgentRow>& rows) {
                       return recordjson::agentsJson(rows);
                   }));
}

// The whole tuning as sent: a value left out (or null) is the built-in prompt, the settings'
// model, not sent (temperature, max tokens), all tools.
void agentSave(const DashboardSources& s, qint64 deviceId, Args& args, QObject* context,
               DashboardOp::Done done) {
    const std::optional<AgentRole> role = agentRoleOf(args);
    AgentProfile tuning;
    tuning.systemPrompt = args.text(u"system_prompt"_s, false);
    tuning.model = args.text(u"model"_s, false).value_or(QString());
    tuning.temperature = args.number(u"temperature"_s, false);
    const auto maxTokens = args.integer(u"max_tokens"_s, false, std::numeric_limits<int>::min(),
                                        std::numeric_limits<int>::max());
    tuning.tools = args.strings(u"tools"_s, false, kMaxAgentTools);
    if (args.error())
        return;
    if (!s.agents)
        return done(noAgents());
    tuning.role = *role;
    if (maxTokens)
        tuning.maxTokens = int(*maxTokens);
    s.agents->save(tuning, u"api:%1"_s.arg(deviceId), context, agentReply(std::move(done)));
}

void agentReset(const DashboardSources& s, qint64 deviceId, Args& args, QObject* context,
                DashboardOp::Done done) {
    const std::optional<AgentRole> role = agentRoleOf(args);
    if (args.error())
        return;
    if (!s.agents)
        return done(noAgents());
    s.agents->reset(*role, u"api:%1"_s.arg(deviceId), context, agentReply(std::move(done)));
}

void supervision(const DashboardSources& s, Args& args, QObject* context, DashboardOp::Done done) {
    Q_UNUSED(args);
    s.tree->snapshot(context, encoded<QJsonObject>(std::move(done), [](const QJsonObject& tree) {
                         return recordjson::supervisionJson(tree);
                     }));
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
        {u"thread_search"_s, threadSearch},
        {u"thread_export"_s, threadExport},
        {u"worker_job"_s, workerJob},
        {u"worker_folder"_s, workerFolder},
        {u"worker_file_bytes"_s, workerFileBytes},
        {u"schedule_list"_s, scheduleList},
        {u"schedule_history"_s, scheduleHistory},
        {u"schedule_create"_s, scheduleCreate},
        {u"schedule_update"_s, scheduleUpdate},
        {u"schedule_delete"_s, scheduleDelete},
        {u"schedule_run_now"_s, scheduleRunNow},
        {u"schedules_pause"_s, schedulesPause},
        {u"inbox"_s, inbox},
        {u"inbox_read"_s, inboxRead},
        {u"inbox_read_all"_s, inboxReadAll},
        {u"approvals"_s, approvals},
        {u"approve"_s, nullptr, approve},
        {u"approval_rules"_s, approvalRules},
        {u"approval_rule_remove"_s, approvalRuleRemove},
        {u"hosts"_s, hosts},
        {u"host_test"_s, hostTest},
        {u"host_key"_s, hostKey},
        {u"host_trust"_s, hostTrust},
        {u"host_add"_s, hostAdd},
        {u"host_update"_s, hostUpdate},
        {u"host_remove"_s, hostRemove},
        {u"host_import_candidates"_s, hostImportCandidates},
        {u"host_import"_s, hostImport},
        {u"mcp_servers"_s, mcpServers},
        {u"mcp_log"_s, mcpLog},
        {u"mcp_restart"_s, mcpRestart},
        {u"agents"_s, agents},
        {u"agent_save"_s, nullptr, agentSave},
        {u"agent_reset"_s, nullptr, agentReset},
        {u"supervision"_s, supervision},
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
