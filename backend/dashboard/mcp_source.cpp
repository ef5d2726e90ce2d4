#include "dashboard/mcp_source.h"

#include "dashboard/record_json.h"

#include <QCoreApplication>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QMetaObject>
#include <QUrl>

#include <algorithm>
#include <utility>

namespace zerg {

using namespace Qt::StringLiterals;

namespace {

// "command arg …" or the URL, as McpServerStatus::toJson gives a running server's target.
QString targetOf(McpTransportKind transport, const QString& command, const QStringList& args,
                 const QUrl& url) {
    return transport == McpTransportKind::Stdio ? (QStringList{command} + args).join(u' ')
                                                : url.toString(QUrl::RemoveUserInfo);
}

McpServerRow rowOf(const McpServerStatus& s) {
    McpServerRow row;
    row.name = s.config.name;
    row.transport = s.config.transport;
    row.target = targetOf(s.config.transport, s.config.command, s.config.args, s.config.url);
    row.disabled = s.config.disabled;
    row.state = s.state;
    row.lastError = s.lastError;
    row.lastStderr = s.lastStderr;
    row.logFile = s.logFile;
    row.starts = s.starts;
    for (const McpToolInfo& t : s.tools) {
        McpToolRow tool;
        tool.name = t.name;
        tool.title = t.title;
        tool.description = t.description;
        tool.readOnlyHint = t.readOnlyHint;
        tool.destructiveHint = t.destructiveHint;
        if (const auto p = s.config.toolPolicy.constFind(t.name); p != s.config.toolPolicy.cend())
            tool.policy = *p;
        row.tools.append(tool);
    }
    return row;
}

// A server whose entry cannot be used: what its stored entry says, as far as it can be read.
McpServerRow problemRowOf(const QString& name, const QString& problem, const QJsonObject& entry) {
    McpServerRow row;
    row.name = name;
    row.problem = problem;
    row.disabled = entry.value(u"disabled"_s).toBool();
    row.state = row.disabled ? McpServerState::Disabled : McpServerState::Stopped;
    if (entry.value(u"url"_s).isString()) {
        row.transport = McpTransportKind::Http;
        row.target = targetOf(row.transport, {}, {}, QUrl(entry.value(u"url"_s).toString()));
    } else {
        QStringList args;
        for (const QJsonValue& a : entry.value(u"args"_s).toArray()) {
            if (a.isString())
                args.append(a.toString());
        }
        row.target = targetOf(row.transport, entry.value(u"command"_s).toString(), args, {});
    }
    return row;
}

}  // namespace

// ---- LocalMcpSource ---------------------------------------------------------------------------

LocalMcpSource::LocalMcpSource(McpServers* servers, QString configFile,
                               McpConfig::SecretReader readSecret, QObject* parent)
    : McpSource(parent),
      m_servers(servers),
      m_configFile(std::move(configFile)),
      m_readSecret(std::move(readSecret)) {
    // A reload announces each server, and a starting server several steps: the section reads
    // once per turn of the event loop, after them all.
    if (!servers)
        return;
    connect(servers, &McpServers::changed, this, [this] {
        if (std::exchange(m_changePending, true))
            return;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_changePending = false;
                Q_EMIT changed();
            },
            Qt::QueuedConnection);
    });
}

McpServersList LocalMcpSource::listOf(const McpServers& servers, const QString& configFile) {
    McpServersList out;
    out.configFile = configFile;
    out.editable = !configFile.isEmpty();
    QHash<QString, QString> problemOf;
    for (const McpConfigProblem& p : servers.config().problems) {
        if (p.server.isEmpty())
            out.problems.append(p.message);
        else
            problemOf.insert(p.server, p.message);
    }
    for (const McpServerStatus& s : servers.servers())
        out.servers.append(rowOf(s));
    for (auto it = problemOf.cbegin(); it != problemOf.cend(); ++it) {
        // Its entry as far as it reads (one that is not even an object shows as a name).
        const Result<QJsonObject> entry = mcp_config::serverEntry(configFile, it.key());
        out.servers.append(problemRowOf(it.key(), it.value(), entry ? *entry : QJsonObject()));
    }
    for (McpServerRow& row : out.servers) {
        if (const Result<QJsonObject> entry = mcp_config::serverEntry(configFile, row.name))
            row.entry = *entry;
    }
    // The file's order (its keys are sorted), whether a server runs or not.
    std::ranges::sort(out.servers, {}, &McpServerRow::name);
    return out;
}

Result<QString> LocalMcpSource::tail(const QString& file, qint64 maxBytes) {
    QFile f(file);
    if (!f.exists())
        return QString();
    if (!f.open(QIODevice::ReadOnly)) {
        return Error{u"mcp_log"_s, tr("Cannot read the log %1: %2. Check its owner and "
                                      "permissions.")
                                       .arg(file, f.errorString())};
    }
    const qint64 size = f.size();
    if (size <= maxBytes)
        return QString::fromUtf8(f.readAll());
    if (!f.seek(size - maxBytes)) {
        return Error{u"mcp_log"_s, tr("Cannot read the log %1: %2.").arg(file, f.errorString())};
    }
    QByteArray bytes = f.read(maxBytes);
    // From the first whole line: a cut line (or a cut UTF-8 sequence) would only confuse.
    if (const qsizetype newline = bytes.indexOf('\n'); newline >= 0)
        bytes.remove(0, newline + 1);
    return QString::fromUtf8(bytes);
}

Status LocalMcpSource::applied(Status edit) {
    if (!edit)
        return edit;
    if (m_servers)
        m_servers->reload(McpConfig::loadFile(m_configFile, m_readSecret));
    return Ok{};
}

namespace {

// The servers are gone (the app is shutting down): nothing to show or change.
Error serversGone() {
    return Error{u"not_running"_s,
                 QCoreApplication::translate("zerg::LocalMcpSource",
                                             "The MCP servers are not running in this process.")};
}

// Zerg was started without a path for mcp.json: nothing can be written.
Error noConfigFile() {
    return Error{
        u"mcp_config"_s,
        QCoreApplication::translate("zerg::LocalMcpSource",
                                    "Zerg has no path for mcp.json (ZERG_MCP_CONFIG is empty), so "
                                    "nothing can be saved. Set ZERG_MCP_CONFIG to a file and "
                                    "start Zerg again.")};
}

}  // namespace

void LocalMcpSource::list(QObject* context, SourceReply<McpServersList> done) {
    Q_UNUSED(context);
    if (!m_servers)
        return done(serversGone());
    done(listOf(*m_servers, m_configFile));
}

void LocalMcpSource::log(const QString& name, QObject* context, SourceReply<QString> done) {
    Q_UNUSED(context);
    if (!m_servers)
        return done(serversGone());
    const std::optional<McpServerStatus> server = m_servers->server(name);
    if (!server) {
        return done(Error{u"mcp_server_unknown"_s,
                          tr("No MCP server '%1' is configured in %2; reload the list.")
                              .arg(name, m_configFile)});
    }
    if (server->config.transport == McpTransportKind::Http) {
        return done(Error{u"not_found"_s,
                          tr("MCP server '%1' is reached over HTTP and has no log; what went "
                             "wrong shows as its last error.")
                              .arg(name)});
    }
    if (server->logFile.isEmpty()) {
        return done(
            Error{u"not_found"_s, tr("No log is kept for MCP server '%1': Zerg runs without a data "
                                     "folder. Its last lines of stderr show with its state.")
                                      .arg(name)});
    }
    done(tail(server->logFile, kMaxLogBytes));
}

void LocalMcpSource::put(const QString& originalName, const QString& name, const QJsonObject& entry,
                         QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(context);
    if (m_configFile.isEmpty())
        return done(noConfigFile());
    // A new server, or a new name: it must not replace another server's entry.
    if (originalName != name) {
        const Result<QJsonObject> existing = mcp_config::serverEntry(m_configFile, name);
        if (!existing)
            return done(existing.error());
        if (!existing->isEmpty()) {
            return done(Error{u"conflict"_s,
                              tr("An MCP server named '%1' is in %2 already. Choose another name, "
                                 "or edit that server.")
                                  .arg(name, m_configFile)});
        }
    }
    if (const Status written = mcp_config::putServer(m_configFile, name, entry); !written)
        return done(written.error());
    if (!originalName.isEmpty() && originalName != name) {
        if (const Status removed = mcp_config::removeServer(m_configFile, originalName); !removed) {
            (void)applied(Ok{});  // the new entry is written: it runs
            return done(Error{removed.error().code,
                              tr("Saved the server as '%1', but its old entry '%2' could not be "
                                 "removed: %3")
                                  .arg(name, originalName, removed.error().message)});
        }
    }
    done(applied(Ok{}));
}

void LocalMcpSource::remove(const QString& name, QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(context);
    if (m_configFile.isEmpty())
        return done(noConfigFile());
    done(applied(mcp_config::removeServer(m_configFile, name)));
}

void LocalMcpSource::setDisabled(const QString& name, bool disabled, QObject* context,
                                 SourceReply<Ok> done) {
    Q_UNUSED(context);
    if (m_configFile.isEmpty())
        return done(noConfigFile());
    done(applied(mcp_config::setDisabled(m_configFile, name, disabled)));
}

void LocalMcpSource::restart(const QString& name, QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(context);
    if (!m_servers)
        return done(serversGone());
    done(m_servers->restart(name));
}

void LocalMcpSource::setToolPolicy(const QString& server, const QString& tool,
                                   std::optional<McpToolPolicy> policy, QObject* context,
                                   SourceReply<Ok> done) {
    Q_UNUSED(context);
    if (m_configFile.isEmpty())
        return done(noConfigFile());
    done(applied(mcp_config::setToolPolicy(m_configFile, server, tool, policy)));
}

// ---- JSON -------------------------------------------------------------------------------------

namespace recordjson {
namespace {

QString serversWhat() {
    return QCoreApplication::translate("zerg::recordjson", "the MCP servers");
}

QJsonValue hintJson(const std::optional<bool>& hint) {
    return hint ? QJsonValue(*hint) : QJsonValue(QJsonValue::Null);
}

std::optional<bool> hintOf(const QJsonValue& v) {
    return v.isBool() ? std::optional<bool>(v.toBool()) : std::nullopt;
}

QJsonArray textArray(const QStringList& lines) {
    return QJsonArray::fromStringList(lines);
}

QStringList textsOf(const QJsonValue& v) {
    QStringList out;
    for (const QJsonValue& line : v.toArray()) {
        if (line.isString())
            out.append(line.toString());
    }
    return out;
}

QJsonObject toolJson(const McpToolRow& t) {
    return {
        {u"name"_s, t.name},
        {u"title"_s, t.title},
        {u"description"_s, t.description},
        {u"read_only_hint"_s, hintJson(t.readOnlyHint)},
        {u"destructive_hint"_s, hintJson(t.destructiveHint)},
        {u"policy"_s, t.policy ? QJsonValue(statusName(*t.policy)) : QJsonValue(QJsonValue::Null)}};
}

McpToolRow toolRow(const QJsonObject& o) {
    McpToolRow t;
    t.name = o.value(u"name"_s).toString();
    t.title = o.value(u"title"_s).toString();
    t.description = o.value(u"description"_s).toString();
    t.readOnlyHint = hintOf(o.value(u"read_only_hint"_s));
    t.destructiveHint = hintOf(o.value(u"destructive_hint"_s));
    // A word of a newer server reads as no policy: the row shows the default, which a client
    // cannot change anyway.
    t.policy = parseStatus<McpToolPolicy>(o.value(u"policy"_s).toString());
    return t;
}

QJsonObject serverJson(const McpServerRow& s) {
    return {{u"name"_s, s.name},
            {u"transport"_s, statusName(s.transport)},
            {u"target"_s, s.target},
            {u"disabled"_s, s.disabled},
            {u"state"_s, statusName(s.state)},
            {u"problem"_s, s.problem},
            {u"last_error"_s, s.lastError},
            {u"last_stderr"_s, textArray(s.lastStderr)},
            {u"log_file"_s, s.logFile},
            {u"starts"_s, s.starts},
            {u"tool_count"_s, int(s.tools.size())},
            {u"tools"_s, arrayOf(s.tools, &toolJson)},
            {u"entry"_s, s.entry}};
}

McpServerRow serverRow(const QJsonObject& o) {
    McpServerRow s;
    s.name = o.value(u"name"_s).toString();
    s.transport = parseStatus<McpTransportKind>(o.value(u"transport"_s).toString())
                      .value_or(McpTransportKind::Stdio);
    s.target = o.value(u"target"_s).toString();
    s.disabled = o.value(u"disabled"_s).toBool();
    // A state of a newer server reads as stopped: nothing claims it is ready.
    s.state = parseStatus<McpServerState>(o.value(u"state"_s).toString())
                  .value_or(McpServerState::Stopped);
    s.problem = o.value(u"problem"_s).toString();
    s.lastError = o.value(u"last_error"_s).toString();
    s.lastStderr = textsOf(o.value(u"last_stderr"_s));
    s.logFile = o.value(u"log_file"_s).toString();
    s.starts = o.value(u"starts"_s).toInt();
    for (const QJsonValue& t : o.value(u"tools"_s).toArray()) {
        if (t.isObject())
            s.tools.append(toolRow(t.toObject()));
    }
    s.entry = o.value(u"entry"_s).toObject();
    return s;
}

}  // namespace

QJsonObject toJson(const McpServersList& list) {
    return {{u"config_file"_s, list.configFile},
            {u"editable"_s, list.editable},
            {u"problems"_s, textArray(list.problems)},
            {u"servers"_s, arrayOf(list.servers, &serverJson)}};
}

Result<McpServersList> mcpServersList(const QJsonObject& o) {
    Result<QList<McpServerRow>> servers =
        listOf<McpServerRow>(o.value(u"servers"_s), serversWhat(), &serverRow);
    if (!servers)
        return servers.error();
    McpServersList list;
    list.configFile = o.value(u"config_file"_s).toString();
    list.editable = o.value(u"editable"_s).toBool();
    list.problems = textsOf(o.value(u"problems"_s));
    list.servers = std::move(servers).value();
    return list;
}

QJsonObject mcpLogJson(const QString& name, const QString& text) {
    return {{u"name"_s, name}, {u"text"_s, text}};
}

Result<QString> mcpLogText(const QJsonObject& o) {
    const QJsonValue text = o.value(u"text"_s);
    if (!text.isString()) {
        return protocolError(
            QCoreApplication::translate("zerg::recordjson", "the MCP server's log"));
    }
    return text.toString();
}

}  // namespace recordjson
}  // namespace zerg
