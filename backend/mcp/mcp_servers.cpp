#include "mcp/mcp_servers.h"

#include "core/clock.h"
#include "core/private_files.h"
#include "mcp/http_transport.h"
#include "mcp/mcp_tool.h"
#include "mcp/stdio_transport.h"
#include "supervision/child.h"
#include "supervision/supervisor.h"

#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QJsonArray>
#include <QScopeGuard>
#include <QSet>

namespace zerg {

using namespace supervision;
using namespace Qt::StringLiterals;

// One run of a server's process or HTTP session: a child of the server's own supervisor. It
// exits normally only when asked to stop; any other end is a crash its supervisor answers with a
// restart.
class McpSessionChild final : public Child {
public:
    McpSessionChild(McpServers* servers, const QString& name, McpClient* client)
        : m_servers(servers), m_name(name), m_client(client) {
        client->setParent(this);
        connect(client, &McpClient::ready, this, [this] {
            if (m_servers)
                m_servers->onSessionReady(m_name, m_client);
        });
        connect(client, &McpClient::toolsChanged, this, [this] {
            if (m_servers)
                m_servers->onSessionReady(m_name, m_client);
        });
        connect(client, &McpClient::closed, this, [this](const QString& why) {
            if (m_servers && !m_stopping)
                m_servers->onSessionDown(m_name, why, m_client->transport()->lastErrorLines());
            if (m_stopping)
                finish(ExitReason::shutdown());
            else
                finish(ExitReason::crash(why));
        });
    }

    void start(qint64 handshakeTimeoutMs) { m_client->start(handshakeTimeoutMs); }

    void requestShutdown() override {
        m_stopping = true;
        m_client->stop();
    }

    void kill() override {
        m_stopping = true;
        m_client->abort();
        Child::kill();
    }

private:
    QPointer<McpServers> m_servers;
    QString m_name;
    McpClient* m_client;
    bool m_stopping = false;
};

// The ready servers' tools for a ToolRegistry.
class McpToolSource final : public ToolSource {
public:
    explicit McpToolSource(McpServers* servers) : m_servers(servers) {}

    QList<std::shared_ptr<Tool>> tools() const override {
        return m_servers ? m_servers->currentTools() : QList<std::shared_ptr<Tool>>{};
    }
    QStringList notes() const override { return m_servers ? m_servers->notes() : QStringList{}; }

    void whenSettled(QObject* context, std::function<void()> fn, qint64 maxWaitMs) override {
        if (m_servers && !m_servers->isRunning()) {
            // A one-shot command: the first worker starts the servers.
            if (Status started = m_servers->startStandalone(); !started)
                qWarning("zerg: %s", qPrintable(started.error().message));
        }
        if (!m_servers || m_servers->isSettled()) {
            fn();
            return;
        }
        // Whichever comes first: every server's first outcome, or the wait's end.
        auto once = std::make_shared<std::function<void()>>(std::move(fn));
        auto fire = [once] {
            if (*once) {
                auto f = std::move(*once);
                *once = nullptr;
                f();
            }
        };
        QObject::connect(m_servers, &McpServers::settled, context, fire, Qt::SingleShotConnection);
        m_servers->m_o.clock->callAfter(maxWaitMs, context, fire);
    }

private:
    QPointer<McpServers> m_servers;
};

QJsonObject McpServerStatus::toJson() const {
    QJsonArray toolList;
    for (const McpToolInfo& t : tools) {
        QJsonObject o{{u"name"_s, t.name},
                      {u"exposed_name"_s, McpTool::exposedName(config.name, t.name)},
                      {u"title"_s, t.title},
                      {u"description"_s, t.description},
                      {u"input_schema"_s, t.inputSchema}};
        if (t.readOnlyHint)
            o.insert(u"read_only_hint"_s, *t.readOnlyHint);
        if (t.destructiveHint)
            o.insert(u"destructive_hint"_s, *t.destructiveHint);
        if (const auto p = config.toolPolicy.constFind(t.name); p != config.toolPolicy.cend())
            o.insert(u"policy"_s, statusName(*p));
        toolList.append(o);
    }
    return {{u"name"_s, config.name},
            {u"transport"_s, statusName(config.transport)},
            {u"target"_s, config.transport == McpTransportKind::Stdio
                              ? (QStringList{config.command} + config.args).join(u' ')
                              : config.url.toString(QUrl::RemoveUserInfo)},
            {u"state"_s, statusName(state)},
            {u"last_error"_s, lastError},
            {u"last_stderr"_s, QJsonArray::fromStringList(lastStderr)},
            {u"tool_count"_s, int(tools.size())},
            {u"tools"_s, toolList},
            {u"starts"_s, starts},
            {u"log_file"_s, logFile},
            {u"server_info"_s, serverInfo},
            {u"protocol_version"_s, protocolVersion}};
}

McpServers::McpServers(McpConfig config, McpOptions options, QObject* parent)
    : QObject(parent), m_config(std::move(config)), m_o(std::move(options)) {
    for (const McpServerConfig& c : m_config.servers) {
        Entry e;
        e.status.config = c;
        e.status.state = c.disabled ? McpServerState::Disabled : McpServerState::Stopped;
        e.firstOutcome = c.disabled;
        if (c.transport == McpTransportKind::Stdio && !m_o.logDir.isEmpty())
            e.status.logFile = QDir(m_o.logDir).filePath(c.name + u".log"_s);
        m_entries.insert(c.name, e);
        m_order.append(c.name);
    }
    if (!m_o.logDir.isEmpty() && !m_order.isEmpty()) {
        if (const Status made = files::makePrivateDir(m_o.logDir); !made)
            qWarning("zerg: %s", qPrintable(made.error().message));
    }
}

McpServers::~McpServers() {
    if (m_standalone) {
        m_standalone->disconnect(this);
        m_standalone->kill();
    }
}

QList<McpServerStatus> McpServers::servers() const {
    QList<McpServerStatus> out;
    for (const QString& name : m_order)
        out.append(m_entries.value(name).status);
    return out;
}

std::optional<McpServerStatus> McpServers::server(const QString& name) const {
    if (!m_entries.contains(name))
        return std::nullopt;
    return m_entries.value(name).status;
}

McpClient* McpServers::client(const QString& name) const {
    const auto it = m_entries.constFind(name);
    if (it == m_entries.cend() || !it->client || it->client->state() != McpClient::State::Ready)
        return nullptr;
    return it->client;
}

bool McpServers::isRunning() const {
    return m_root && m_root->isRunning();
}

bool McpServers::isSettled() const {
    for (const Entry& e : m_entries) {
        if (!e.firstOutcome)
            return false;
    }
    return true;
}

std::shared_ptr<ToolSource> McpServers::toolSource() {
    if (!m_source)
        m_source = std::make_shared<McpToolSource>(this);
    return m_source;
}

McpTransport* McpServers::createTransport(const McpServerConfig& c) {
    if (c.transport == McpTransportKind::Http)
        return new HttpTransport({c.url, c.headers}, m_o.nam, m_o.clock);
    StdioTransport::Options o;
    o.command = c.command;
    o.args = c.args;
    o.env = c.env;
    o.cwd = c.cwd;
    o.logFile = m_entries.value(c.name).status.logFile;
    return new StdioTransport(o, m_o.clock);
}

ChildSpec McpServers::serverSpec(const QString& name) {
    ChildSpec spec;
    spec.id = u"mcp_"_s + name;
    spec.type = ChildType::Supervisor;
    // Not restarted by `mcp`: a server's supervisor that gives up means the server failed.
    spec.restart = RestartType::Temporary;
    const QPointer<McpServers> self = this;
    spec.start = [self, name](const QVariant&) -> StartResult {
        if (!self)
            return StartResult::error(u"the MCP servers are gone"_s);
        ChildSpec session;
        session.id = u"session"_s;
        session.restart = RestartType::Permanent;
        session.backoff = self->m_o.backoff;
        session.shutdown = Shutdown::timeout(6000);
        session.start = [self, name](const QVariant&) -> StartResult {
            if (!self || !self->m_entries.contains(name))
                return StartResult::error(u"the MCP servers are gone"_s);
            Entry& e = self->m_entries[name];
            auto* client =
                new McpClient(name, self->createTransport(e.status.config), self->m_o.clock);
            auto* child = new McpSessionChild(self, name, client);
            e.client = client;
            ++e.status.starts;
            if (e.status.state != McpServerState::Ready) {
                e.status.state =
                    e.status.starts == 1 ? McpServerState::Starting : McpServerState::Restarting;
            }
            Q_EMIT self->changed(name);
            child->start(self->m_o.handshakeTimeoutMs);
            return StartResult::started(child);
        };
        SupervisorFlags flags;
        flags.strategy = Strategy::OneForOne;
        flags.intensity = self->m_o.intensity;
        flags.periodSecs = self->m_o.periodSecs;
        auto sup = Supervisor::create(u"mcp_"_s + name, flags, {session}, self->m_o.clock);
        if (!sup)
            return StartResult::error(sup.error().message);
        std::unique_ptr<Supervisor> s = std::move(sup).value();
        self->m_entries[name].supervisor = s.get();
        QObject::connect(s.get(), &Supervisor::gaveUp, self, [self, name] {
            if (self)
                self->onServerGaveUp(name);
        });
        return Supervisor::startAsChild(std::move(s));
    };
    return spec;
}

std::unique_ptr<Supervisor> McpServers::createSupervisor() {
    QList<ChildSpec> specs;
    for (const QString& name : m_order) {
        if (!m_entries.value(name).status.config.disabled)
            specs.append(serverSpec(name));
    }
    SupervisorFlags flags;
    flags.strategy = Strategy::OneForOne;
    // Its children are temporary: they are never restarted here, so this never gives up.
    flags.intensity = 1;
    flags.periodSecs = 1;
    auto sup = Supervisor::create(u"mcp"_s, flags, specs, m_o.clock);
    if (!sup) {
        qWarning("zerg: the MCP supervisor could not be created: %s",
                 qPrintable(sup.error().message));
        return nullptr;
    }
    std::unique_ptr<Supervisor> s = std::move(sup).value();
    m_root = s.get();
    connect(s.get(), &Supervisor::exited, this, [this] {
        for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
            if (it->status.state != McpServerState::Disabled &&
                it->status.state != McpServerState::Failed) {
                it->status.state = McpServerState::Stopped;
                rebuildTools(*it);
                Q_EMIT changed(it.key());
            }
        }
    });
    return s;
}

Status McpServers::startStandalone() {
    if (m_standalone)
        return Ok{};
    std::unique_ptr<Supervisor> s = createSupervisor();
    if (!s)
        return Error{u"mcp"_s, u"The MCP supervisor could not be created."_s};
    if (Status started = s->start(); !started)
        return started;
    m_standalone = std::move(s);
    if (isSettled())
        Q_EMIT settled();
    return Ok{};
}

void McpServers::stopStandalone() {
    if (!m_standalone)
        return;
    m_standalone->stop();
}

Status McpServers::startServer(const QString& name) {
    if (!m_root || !m_root->isRunning())
        return Ok{};
    auto it = m_entries.find(name);
    if (it == m_entries.end() || it->status.config.disabled || it->supervisor)
        return Ok{};
    it->status.state = McpServerState::Starting;
    it->status.lastError.clear();
    it->firstOutcome = false;
    Q_EMIT changed(name);
    auto started = m_root->startChild(serverSpec(name));
    if (started)
        return Ok{};
    it = m_entries.find(name);
    if (it != m_entries.end()) {
        it->status.state = McpServerState::Failed;
        it->status.lastError = started.error().message;
        markOutcome(*it);
        Q_EMIT changed(name);
    }
    return started.error();
}

void McpServers::stopServer(const QString& name, std::function<void()> then) {
    const auto it = m_entries.constFind(name);
    const QString childId = u"mcp_"_s + name;
    if (it == m_entries.cend() || !it->supervisor || !m_root || !m_root->isRunning()) {
        if (then)
            then();
        return;
    }
    // The server's supervisor is temporary: once it has stopped, its spec is gone and the
    // server can start afresh.
    // Not a single-shot connection: another server's exit may come first.
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(
        m_root, &supervision::Supervisor::childExited, this,
        [this, childId, name, then, connection](const QString& id, const supervision::ExitReason&) {
            if (id != childId)
                return;
            disconnect(*connection);
            if (auto e = m_entries.find(name); e != m_entries.end())
                e->supervisor = nullptr;
            // On the next turn: the supervisor drops the stopped child's spec after this signal.
            if (then)
                QMetaObject::invokeMethod(this, then, Qt::QueuedConnection);
        });
    if (const Status stopping = m_root->terminateChild(childId); !stopping)
        qWarning("zerg: MCP server '%s': %s", qPrintable(name),
                 qPrintable(stopping.error().message));
}

void McpServers::reload(const McpConfig& config) {
    QStringList names;
    for (const McpServerConfig& c : config.servers)
        names.append(c.name);
    // Removed servers stop and leave.
    for (const QString& old : QStringList(m_order)) {
        if (names.contains(old))
            continue;
        m_order.removeAll(old);
        if (auto e = m_entries.find(old); e != m_entries.end()) {
            e->status.state = McpServerState::Stopped;
            rebuildTools(*e);
        }
        stopServer(old, [this, old] {
            if (!m_order.contains(old))
                m_entries.remove(old);
        });
        Q_EMIT changed(old);
    }
    for (const McpServerConfig& c : config.servers) {
        auto it = m_entries.find(c.name);
        if (it == m_entries.end()) {
            Entry e;
            e.status.config = c;
            e.status.state = c.disabled ? McpServerState::Disabled : McpServerState::Stopped;
            e.firstOutcome = true;  // not waited for: workers started before it do not need it
            if (c.transport == McpTransportKind::Stdio && !m_o.logDir.isEmpty())
                e.status.logFile = QDir(m_o.logDir).filePath(c.name + u".log"_s);
            m_entries.insert(c.name, e);
            m_order.append(c.name);
            (void)startServer(c.name);  // a failure is the server's state
            continue;
        }
        const McpServerConfig before = it->status.config;
        it->status.config = c;
        if (!m_order.contains(c.name))
            m_order.append(c.name);
        if (c.disabled) {
            it->status.state = McpServerState::Disabled;
            it->status.tools.clear();
            rebuildTools(*it);
            stopServer(c.name, {});
        } else if (before.disabled || before.needsRestartFor(c)) {
            const QString name = c.name;
            rebuildTools(*it);
            stopServer(name, [this, name] { (void)startServer(name); });
        } else {
            rebuildTools(*it);  // new policies and timeouts, same session
        }
        Q_EMIT changed(c.name);
    }
    m_config = config;
    if (!m_config.problems.isEmpty())
        qWarning("zerg: %s", qPrintable(m_config.problemLines().join(u'\n')));
}

void McpServers::watchConfigFile(McpConfig::SecretReader readSecret) {
    if (m_config.path.isEmpty() || m_watcher)
        return;
    m_readSecret = std::move(readSecret);
    m_watcher = new QFileSystemWatcher(this);
    // The folder too: an editor or QSaveFile replaces the file, which ends a watch on it.
    const QFileInfo file(m_config.path);
    m_watcher->addPath(file.absolutePath());
    if (file.exists())
        m_watcher->addPath(file.absoluteFilePath());
    const auto changedSoon = [this] {
        if (m_reloadTimer)
            m_o.clock->cancel(m_reloadTimer);
        m_reloadTimer = m_o.clock->callAfter(300, this, [this] {
            m_reloadTimer = 0;
            reloadFromFile();
        });
    };
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, changedSoon);
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, changedSoon);
}

void McpServers::reloadFromFile() {
    const QFileInfo file(m_config.path);
    if (m_watcher && file.exists() && !m_watcher->files().contains(file.absoluteFilePath()))
        m_watcher->addPath(file.absoluteFilePath());
    const McpConfig fresh = McpConfig::loadFile(m_config.path, m_readSecret);
    // Unchanged (the folder changed for another file): nothing to do.
    bool same = fresh.servers.size() == m_config.servers.size() &&
                fresh.problemLines() == m_config.problemLines();
    for (qsizetype i = 0; same && i < fresh.servers.size(); ++i) {
        const McpServerConfig& a = fresh.servers.at(i);
        const McpServerConfig& b = m_config.servers.at(i);
        same = a.name == b.name && !a.needsRestartFor(b) && a.disabled == b.disabled &&
               a.timeoutSeconds == b.timeoutSeconds && a.toolPolicy == b.toolPolicy;
    }
    if (same)
        return;
    qInfo("zerg: %s changed; applying it", qPrintable(m_config.path));
    reload(fresh);
}

Status McpServers::restart(const QString& name) {
    const auto it = m_entries.find(name);
    if (it == m_entries.end())
        return Error{u"mcp_server_unknown"_s,
                     tr("No MCP server '%1' is configured (%2).").arg(name, m_config.path)};
    if (it->status.config.disabled)
        return Error{u"mcp_server_disabled"_s,
                     tr("MCP server '%1' is disabled. Enable it first.").arg(name)};
    if (!m_root || !m_root->isRunning())
        return Error{u"not_running"_s, tr("The MCP servers are not running in this process.")};
    if (it->supervisor && it->client && it->client->state() != McpClient::State::Closed) {
        // A running session: end it; its supervisor starts it again.
        it->client->abort();
        return Ok{};
    }
    if (it->supervisor)
        return Ok{};  // between a stop and its restart: it is coming back anyway
    it->status.starts = 0;
    return startServer(name);
}

void McpServers::onSessionReady(const QString& name, McpClient* client) {
    auto it = m_entries.find(name);
    if (it == m_entries.end() || it->client != client)
        return;
    it->status.state = McpServerState::Ready;
    it->status.tools = client->tools();
    it->status.serverInfo = client->serverInfo();
    it->status.protocolVersion = client->protocolVersion();
    it->status.lastStderr = client->transport()->lastErrorLines();
    rebuildTools(*it);
    markOutcome(*it);
    Q_EMIT changed(name);
}

void McpServers::onSessionDown(const QString& name, const QString& why,
                               const QStringList& stderrTail) {
    auto it = m_entries.find(name);
    if (it == m_entries.end())
        return;
    it->status.state = McpServerState::Restarting;
    it->status.lastError = why;
    it->status.lastStderr = stderrTail;
    qWarning("zerg: MCP server '%s' stopped: %s", qPrintable(name), qPrintable(why));
    rebuildTools(*it);
    markOutcome(*it);
    Q_EMIT changed(name);
}

void McpServers::onServerGaveUp(const QString& name) {
    auto it = m_entries.find(name);
    if (it == m_entries.end())
        return;
    it->status.state = McpServerState::Failed;
    it->supervisor = nullptr;
    qWarning(
        "zerg: MCP server '%s' failed %d times; its tools are unavailable until it is "
        "restarted. Last error: %s",
        qPrintable(name), it->status.starts, qPrintable(it->status.lastError));
    rebuildTools(*it);
    markOutcome(*it);
    Q_EMIT changed(name);
}

void McpServers::markOutcome(Entry& e) {
    if (e.firstOutcome)
        return;
    e.firstOutcome = true;
    if (isSettled())
        Q_EMIT settled();
}

void McpServers::rebuildTools(Entry& e) {
    e.tools.clear();
    // Made when the servers change, kept until then: a registry hands out plain pointers to them.
    const auto resourcesAfter = qScopeGuard([this] { rebuildResourceTools(); });
    if (e.status.state != McpServerState::Ready || !e.client)
        return;
    const McpServerConfig& c = e.status.config;
    QSet<QString> names;
    for (const McpToolInfo& info : e.status.tools) {
        McpTool::Binding b;
        b.server = c.name;
        b.exposedName = McpTool::exposedName(c.name, info.name);
        b.info = info;
        if (const auto p = c.toolPolicy.constFind(info.name); p != c.toolPolicy.cend())
            b.policy = *p;
        if (b.policy == McpToolPolicy::Never)
            continue;
        if (names.contains(b.exposedName)) {
            qWarning(
                "zerg: MCP server '%s': tool '%s' is left out: its name, made safe for the "
                "model, is another tool's (%s)",
                qPrintable(c.name), qPrintable(info.name), qPrintable(b.exposedName));
            continue;
        }
        auto schema = ArgumentSchema::compile(info.inputSchema);
        if (!schema) {
            qWarning(
                "zerg: MCP server '%s': tool '%s' is left out: its input schema is not "
                "valid (%s)",
                qPrintable(c.name), qPrintable(info.name), qPrintable(schema.error().message));
            continue;
        }
        b.schema = schema.value();
        b.timeoutMs = qint64(c.timeoutSeconds) * 1000;
        names.insert(b.exposedName);
        e.tools.append(std::make_shared<McpTool>(b, e.client));
    }
}

QList<std::shared_ptr<Tool>> McpServers::currentTools() const {
    QList<std::shared_ptr<Tool>> out;
    for (const QString& name : m_order) {
        const auto it = m_entries.constFind(name);
        for (const std::shared_ptr<McpTool>& t : it->tools)
            out.append(t);
    }
    out.append(m_resourceTools);
    return out;
}

void McpServers::rebuildResourceTools() {
    QStringList withResources;
    for (const QString& name : m_order) {
        const auto it = m_entries.constFind(name);
        if (it->status.state == McpServerState::Ready && it->client &&
            it->client->serverCapabilities().contains(u"resources"_s))
            withResources.append(name);
    }
    m_resourceTools.clear();
    if (withResources.isEmpty())
        return;
    m_resourceTools.append(
        std::make_shared<McpResourceTool>(McpResourceTool::Kind::List, this, withResources));
    m_resourceTools.append(
        std::make_shared<McpResourceTool>(McpResourceTool::Kind::Read, this, withResources));
}

QStringList McpServers::notes() const {
    QStringList out;
    for (const QString& name : m_order) {
        const McpServerStatus& s = m_entries.value(name).status;
        if (s.state == McpServerState::Failed) {
            out.append(tr("MCP server '%1' failed (%2): its tools are unavailable. Do not call "
                          "them; use other tools or tell the user.")
                           .arg(name, s.lastError));
        } else if (s.state == McpServerState::Restarting) {
            out.append(tr("MCP server '%1' stopped (%2) and is being restarted: its tools are "
                          "unavailable for now.")
                           .arg(name, s.lastError));
        }
    }
    return out;
}

}  // namespace zerg
