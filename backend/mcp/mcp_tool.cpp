#include "mcp/mcp_tool.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QRegularExpression>

#include "mcp/mcp_servers.h"

namespace zerg {

namespace {

using namespace Qt::StringLiterals;

// A running request (tools/call, resources/read, ...): its result becomes a tool result through
// `convert`.
class McpToolInvocation final : public ToolInvocation {
public:
    using Convert = std::function<ToolResult(const QJsonObject& result)>;
    McpToolInvocation(McpRequest* request, QString server, Convert convert, QObject* parent)
        : ToolInvocation(parent),
          m_request(request),
          m_server(std::move(server)),
          m_convert(std::move(convert)) {
        request->setParent(this);
        connect(request, &McpRequest::finished, this, &McpToolInvocation::onFinished);
        connect(request, &McpRequest::progress, this, &ToolInvocation::progress);
    }

    void cancel() override {
        if (m_request && !m_request->isFinished())
            m_request->cancel(u"The worker was cancelled."_s);
    }

private:
    void onFinished() {
        if (m_request->ok()) {
            finish(m_convert(m_request->result()));
            return;
        }
        QString code;
        switch (m_request->failure()) {
            case McpRequest::Failure::Timeout:
                code = u"timeout"_s;
                break;
            case McpRequest::Failure::Cancelled:
                finish(ToolResult::failure(
                    u"cancelled"_s, {{u"error_code"_s, u"cancelled"_s}, {u"server"_s, m_server}}));
                return;
            case McpRequest::Failure::Closed:
                code = u"mcp_server_stopped"_s;
                break;
            default:
                code = u"mcp_error"_s;
                break;
        }
        finish(ToolResult::failure(m_request->errorMessage(),
                                   {{u"error_code"_s, code}, {u"server"_s, m_server}}));
    }

    QPointer<McpRequest> m_request;
    QString m_server;
    Convert m_convert;
};

QString extensionFor(const QString& mimeType) {
    if (mimeType == u"image/png"_s)
        return u"png"_s;
    if (mimeType == u"image/jpeg"_s)
        return u"jpg"_s;
    if (mimeType == u"image/gif"_s)
        return u"gif"_s;
    if (mimeType == u"image/webp"_s)
        return u"webp"_s;
    if (mimeType == u"image/svg+xml"_s)
        return u"svg"_s;
    if (mimeType.startsWith(u"audio/"_s))
        return mimeType.mid(6).section(u';', 0, 0);
    return u"bin"_s;
}

// Writes decoded base64 data below dir as <stem>_<n>.<ext>; returns the file's path relative to
// the worker folder ("mcp_files/...") or empty.
QString saveBinary(const QString& dir, const QString& stem, const QByteArray& data,
                   const QString& mimeType, QString* error) {
    if (dir.isEmpty())
        return {};
    QDir d(dir);
    if (!d.mkpath(u"mcp_files"_s)) {
        *error = u"could not create %1"_s.arg(d.filePath(u"mcp_files"_s));
        return {};
    }
    const QString ext = extensionFor(mimeType);
    for (int n = 1; n < 10000; ++n) {
        const QString rel = u"mcp_files/%1_%2.%3"_s.arg(stem).arg(n).arg(ext);
        QFile f(d.filePath(rel));
        if (f.exists())
            continue;
        if (!f.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
            *error = f.errorString();
            return {};
        }
        f.write(data);
        return rel;
    }
    return {};
}

}  // namespace

McpTool::McpTool(Binding binding, QPointer<McpClient> client)
    : m_b(std::move(binding)), m_client(std::move(client)) {}

QString McpTool::exposedName(const QString& server, const QString& tool) {
    static const QRegularExpression bad(u"[^A-Za-z0-9_-]"_s);
    QString name = u"mcp__%1__%2"_s.arg(server, tool);
    name.replace(bad, u"_"_s);
    return name.left(64);
}

ToolSpec McpTool::spec() const {
    ToolSpec s;
    s.name = m_b.exposedName;
    QString description = m_b.info.description.trimmed();
    if (description.isEmpty())
        description = m_b.info.title.isEmpty() ? m_b.info.name : m_b.info.title;
    s.description =
        u"[MCP server '%1', tool '%2'] %3"_s.arg(m_b.server, m_b.info.name, description);
    QJsonObject params = m_b.info.inputSchema;
    params.remove(u"$schema"_s);
    if (!params.contains(u"type"_s))
        params.insert(u"type"_s, u"object"_s);
    if (!params.contains(u"properties"_s))
        params.insert(u"properties"_s, QJsonObject{});
    s.parameters = params;
    return s;
}

CallClass McpTool::classify(const QJsonObject& args) const {
    Q_UNUSED(args);
    CallClass c;
    c.target = u"mcp:%1"_s.arg(m_b.server);
    const QString subject = m_b.exposedName;
    if (m_b.policy == McpToolPolicy::Allow) {
        c.effect = Effect::ReadOnly;
        c.reason = {ReasonKind::UserAllowsTool, subject};
    } else if (m_b.policy == McpToolPolicy::Ask || m_b.policy == McpToolPolicy::Never) {
        c.effect = Effect::Changes;
        c.reason = {ReasonKind::UserAsksForTool, subject};
        // Asked in every mode, autonomous too, and no "always allow" rule covers it.
        c.outsideConfigured = true;
    } else if (m_b.info.readOnlyHint == true && m_b.info.destructiveHint != true) {
        c.effect = Effect::ReadOnly;
        c.reason = {ReasonKind::ReadOnlyHint, subject};
    } else if (m_b.info.readOnlyHint.has_value() || m_b.info.destructiveHint.has_value()) {
        c.effect = Effect::Changes;
        c.reason = {ReasonKind::ChangingHint, subject};
    } else {
        c.effect = Effect::Changes;
        c.reason = {ReasonKind::NotClassified, subject};
    }
    return c;
}

std::shared_ptr<Tool> McpTool::forWorker(const WorkerScope& scope) const {
    auto bound = std::make_shared<McpTool>(m_b, m_client);
    bound->m_scope = scope;
    return bound;
}

ToolInvocation* McpTool::start(const QJsonObject& args, QObject* parent) {
    if (m_b.policy == McpToolPolicy::Never) {
        return new ImmediateInvocation(
            ToolResult::failure(
                u"The user does not allow %1 (its policy is \"never\"). Do without it."_s.arg(
                    m_b.exposedName),
                {{u"error_code"_s, u"tool_not_allowed"_s}}),
            parent);
    }
    if (const QString wrong = m_b.schema.check(args); !wrong.isEmpty()) {
        return new ImmediateInvocation(
            ToolResult::failure(
                u"The arguments do not match %1's schema, so the call was not sent:\n%2\n"
                "Call it again with arguments that match its schema."_s.arg(m_b.exposedName, wrong),
                {{u"error_code"_s, u"invalid_arguments"_s}}),
            parent);
    }
    if (!m_client || m_client->state() != McpClient::State::Ready) {
        const QString why = m_client ? m_client->closeReason() : QString();
        return new ImmediateInvocation(
            ToolResult::failure(
                u"MCP server '%1' is not available right now%2. Try again later or do without "
                "it."_s.arg(m_b.server, why.isEmpty() ? QString() : u" (%1)"_s.arg(why)),
                {{u"error_code"_s, u"mcp_server_unavailable"_s}, {u"server"_s, m_b.server}}),
            parent);
    }
    McpRequest* request = m_client->request(
        u"tools/call"_s, {{u"name"_s, m_b.info.name}, {u"arguments"_s, args}}, m_b.timeoutMs, true);
    const QString imageDir = m_scope ? m_scope->folder : QString();
    return new McpToolInvocation(
        request, m_b.server,
        [server = m_b.server, tool = m_b.info.name, imageDir](const QJsonObject& result) {
            return McpTool::toToolResult(server, tool, result, imageDir);
        },
        parent);
}

ToolResult McpTool::toToolResult(const QString& server, const QString& tool,
                                 const QJsonObject& callResult, const QString& imageDir) {
    QStringList texts;
    QJsonArray content;
    QJsonArray files;
    static const QRegularExpression unsafe(u"[^A-Za-z0-9_-]"_s);
    QString stem = tool;
    stem.replace(unsafe, u"_"_s);
    for (const QJsonValue& v : callResult.value(u"content"_s).toArray()) {
        QJsonObject item = v.toObject();
        const QString type = item.value(u"type"_s).toString();
        if (type == u"text"_s) {
            texts.append(item.value(u"text"_s).toString());
            content.append(item);
        } else if (type == u"image"_s || type == u"audio"_s) {
            const QByteArray data =
                QByteArray::fromBase64(item.value(u"data"_s).toString().toLatin1());
            const QString mime = item.value(u"mimeType"_s).toString();
            QString error;
            const QString saved = saveBinary(imageDir, stem, data, mime, &error);
            item.remove(u"data"_s);
            item.insert(u"bytes"_s, data.size());
            if (!saved.isEmpty()) {
                item.insert(u"file"_s, saved);
                files.append(saved);
                texts.append(
                    u"[%1 %2, %3 bytes, saved as %4 in the worker's folder]"_s.arg(type, mime)
                        .arg(data.size())
                        .arg(saved));
            } else {
                texts.append(u"[%1 %2, %3 bytes, not kept%4]"_s.arg(type, mime)
                                 .arg(data.size())
                                 .arg(error.isEmpty() ? QString() : u": "_s + error));
            }
            content.append(item);
        } else if (type == u"resource_link"_s) {
            texts.append(u"[resource link %1%2]"_s.arg(
                item.value(u"uri"_s).toString(),
                item.contains(u"name"_s) ? u" (%1)"_s.arg(item.value(u"name"_s).toString())
                                         : QString()));
            content.append(item);
        } else if (type == u"resource"_s) {
            QJsonObject res = item.value(u"resource"_s).toObject();
            const QString uri = res.value(u"uri"_s).toString();
            if (res.contains(u"text"_s)) {
                texts.append(u"[resource %1]\n%2"_s.arg(uri, res.value(u"text"_s).toString()));
            } else if (res.contains(u"blob"_s)) {
                const QByteArray data =
                    QByteArray::fromBase64(res.value(u"blob"_s).toString().toLatin1());
                QString error;
                const QString saved =
                    saveBinary(imageDir, stem, data, res.value(u"mimeType"_s).toString(), &error);
                res.remove(u"blob"_s);
                res.insert(u"bytes"_s, data.size());
                if (!saved.isEmpty()) {
                    res.insert(u"file"_s, saved);
                    files.append(saved);
                }
                texts.append(u"[resource %1, %2 bytes%3]"_s.arg(uri)
                                 .arg(data.size())
                                 .arg(saved.isEmpty() ? QString() : u", saved as "_s + saved));
                item.insert(u"resource"_s, res);
            }
            content.append(item);
        } else {
            content.append(item);
        }
    }
    const bool isError = callResult.value(u"isError"_s).toBool();
    QJsonObject payload{{u"ok"_s, !isError},
                        {u"server"_s, server},
                        {u"tool"_s, tool},
                        {u"text"_s, texts.join(u'\n')},
                        {u"content"_s, content}};
    if (callResult.contains(u"structuredContent"_s))
        payload.insert(u"structured_content"_s, callResult.value(u"structuredContent"_s));
    if (!files.isEmpty())
        payload.insert(u"files"_s, files);
    if (isError) {
        payload.insert(u"error"_s,
                       texts.isEmpty() ? u"The tool reported an error."_s : texts.join(u'\n'));
        payload.insert(u"error_code"_s, u"tool_error"_s);
    }
    return ToolResult{payload};
}

McpResourceTool::McpResourceTool(Kind kind, QPointer<McpServers> servers, QStringList serverNames)
    : m_kind(kind), m_servers(std::move(servers)), m_serverNames(std::move(serverNames)) {}

ToolSpec McpResourceTool::spec() const {
    ToolSpec s;
    QJsonObject server = schemaProperty("string", u"The MCP server."_s);
    server.insert(u"enum"_s, QJsonArray::fromStringList(m_serverNames));
    if (m_kind == Kind::List) {
        s.name = u"mcp_list_resources"_s;
        s.description =
            u"List the resources (files, records, documents) an MCP server offers: their URIs, "
            "names and types. Read one with mcp_read_resource."_s;
        s.parameters =
            objectSchema({{u"server"_s, server},
                          {u"cursor"_s, schemaProperty("string",
                                                       u"The next_cursor of the previous page, to "
                                                       "list further."_s)}},
                         {u"server"_s});
    } else {
        s.name = u"mcp_read_resource"_s;
        s.description =
            u"Read one resource of an MCP server by its URI (from mcp_list_resources or a "
            "resource link in a tool result)."_s;
        s.parameters = objectSchema(
            {{u"server"_s, server}, {u"uri"_s, schemaProperty("string", u"The resource's URI."_s)}},
            {u"server"_s, u"uri"_s});
    }
    return s;
}

CallClass McpResourceTool::classify(const QJsonObject& args) const {
    CallClass c;
    c.effect = Effect::ReadOnly;
    c.reason = {ReasonKind::ReadsResource, args.value(u"server"_s).toString()};
    c.target = u"mcp:%1"_s.arg(args.value(u"server"_s).toString());
    return c;
}

std::shared_ptr<Tool> McpResourceTool::forWorker(const WorkerScope& scope) const {
    auto bound = std::make_shared<McpResourceTool>(m_kind, m_servers, m_serverNames);
    bound->m_scope = scope;
    return bound;
}

ToolInvocation* McpResourceTool::start(const QJsonObject& args, QObject* parent) {
    const QString server = args.value(u"server"_s).toString();
    const auto fail = [parent](const QString& message, const QString& code) {
        return new ImmediateInvocation(ToolResult::failure(message, {{u"error_code"_s, code}}),
                                       parent);
    };
    if (server.isEmpty())
        return fail(u"'server' is missing: name one of %1."_s.arg(m_serverNames.join(u", "_s)),
                    u"invalid_arguments"_s);
    McpClient* client = m_servers ? m_servers->client(server) : nullptr;
    if (!client)
        return fail(u"MCP server '%1' is not available now (the servers with resources: %2)."_s.arg(
                        server, m_serverNames.join(u", "_s)),
                    u"mcp_server_unavailable"_s);
    if (!client->serverCapabilities().contains(u"resources"_s))
        return fail(u"MCP server '%1' offers no resources."_s.arg(server), u"invalid_arguments"_s);
    const qint64 timeoutMs = 60000;
    if (m_kind == Kind::List) {
        QJsonObject params;
        if (const QString cursor = args.value(u"cursor"_s).toString(); !cursor.isEmpty())
            params.insert(u"cursor"_s, cursor);
        McpRequest* r = client->request(u"resources/list"_s, params, timeoutMs);
        return new McpToolInvocation(
            r, server,
            [server](const QJsonObject& result) {
                QStringList lines;
                const QJsonArray resources = result.value(u"resources"_s).toArray();
                for (const QJsonValue& v : resources) {
                    const QJsonObject o = v.toObject();
                    QString line = o.value(u"uri"_s).toString();
                    if (const QString name = o.value(u"name"_s).toString(); !name.isEmpty())
                        line += u" — "_s + name;
                    if (const QString mime = o.value(u"mimeType"_s).toString(); !mime.isEmpty())
                        line += u" ("_s + mime + u")"_s;
                    lines.append(line);
                }
                QJsonObject payload{
                    {u"ok"_s, true},
                    {u"server"_s, server},
                    {u"resources"_s, resources},
                    {u"text"_s, lines.isEmpty() ? u"No resources."_s : lines.join(u'\n')}};
                if (const QString next = result.value(u"nextCursor"_s).toString(); !next.isEmpty())
                    payload.insert(u"next_cursor"_s, next);
                return ToolResult{payload};
            },
            parent);
    }
    const QString uri = args.value(u"uri"_s).toString();
    if (uri.isEmpty())
        return fail(u"'uri' is missing: give the resource's URI."_s, u"invalid_arguments"_s);
    McpRequest* r = client->request(u"resources/read"_s, {{u"uri"_s, uri}}, timeoutMs);
    const QString folder = m_scope ? m_scope->folder : QString();
    return new McpToolInvocation(
        r, server,
        [server, uri, folder](const QJsonObject& result) {
            // The contents as embedded resources of a tool result: text stays text, blobs go to
            // the worker's folder.
            QJsonArray content;
            for (const QJsonValue& v : result.value(u"contents"_s).toArray())
                content.append(QJsonObject{{u"type"_s, u"resource"_s}, {u"resource"_s, v}});
            ToolResult out =
                McpTool::toToolResult(server, u"resource"_s, {{u"content"_s, content}}, folder);
            out.payload.insert(u"uri"_s, uri);
            return out;
        },
        parent);
}

}  // namespace zerg
