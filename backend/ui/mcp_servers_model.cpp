#include "ui/mcp_servers_model.h"

#include "core/clock.h"
#include "ui/status_labels.h"

#include <QJsonArray>
#include <QSet>

#include <utility>

namespace zerg {

using namespace Qt::StringLiterals;

namespace {

// How often a source that does not announce changes (a Zerg server's) is read while shown.
constexpr qint64 kPollMs = 2000;

// The keys of an entry that the form edits; every other key stays as it is stored.
const QStringList& formKeys() {
    static const QStringList keys{u"command"_s, u"args"_s,    u"env"_s,           u"cwd"_s,
                                  u"url"_s,     u"headers"_s, u"timeoutSeconds"_s};
    return keys;
}

// How a stored entry reaches its server, as mcp.json's validator decides it ('url': HTTP,
// 'command': stdio); nullopt when it has neither.
std::optional<McpTransportKind> transportOf(const QJsonObject& entry) {
    if (entry.contains(u"url"_s))
        return McpTransportKind::Http;
    if (entry.contains(u"command"_s))
        return McpTransportKind::Stdio;
    return std::nullopt;
}

QString policyLabel(std::optional<McpToolPolicy> policy) {
    if (!policy)
        return McpServersModel::tr("Default (by annotations)");
    switch (*policy) {
        case McpToolPolicy::Allow:
            return McpServersModel::tr("Allow");
        case McpToolPolicy::Ask:
            return McpServersModel::tr("Ask every time");
        case McpToolPolicy::Never:
            return McpServersModel::tr("Never");
    }
    return {};
}

// As McpTool::classify reads the annotations when the user set no policy.
bool readsOnly(const McpToolRow& t) {
    return t.readOnlyHint == true && t.destructiveHint != true;
}

QString classificationOf(const McpToolRow& t) {
    if (readsOnly(t))
        return McpServersModel::tr("reads only");
    if (t.destructiveHint == true)
        return McpServersModel::tr("destructive");
    return McpServersModel::tr("may change");
}

QVariantList toolsOf(const McpServerRow& s) {
    QVariantList out;
    out.reserve(s.tools.size());
    for (const McpToolRow& t : s.tools) {
        out.append(QVariantMap{{u"name"_s, t.name},
                               {u"title"_s, t.title},
                               {u"description"_s, t.description},
                               {u"readOnly"_s, readsOnly(t)},
                               {u"destructive"_s, t.destructiveHint == true},
                               {u"policy"_s, t.policy ? statusName(*t.policy) : QString()},
                               {u"classification"_s, classificationOf(t)}});
    }
    return out;
}

QString transportLabel(McpTransportKind transport) {
    switch (transport) {
        case McpTransportKind::Stdio:
            return McpServersModel::tr("program (stdio)");
        case McpTransportKind::Http:
            return McpServersModel::tr("URL (HTTP)");
    }
    return {};
}

// The non-blank lines of a text field, trimmed, with their numbers (from 1, counting every line,
// as the user sees them).
QList<std::pair<int, QString>> linesOf(const QString& text) {
    QList<std::pair<int, QString>> out;
    const QStringList lines = text.split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines.at(i).trimmed();
        if (!line.isEmpty())
            out.append({int(i + 1), line});
    }
    return out;
}

enum class PairLines { Env, Headers };

// "NAME=value" (env) or "Name: value" (headers) lines as an object of texts.
Result<QJsonObject> pairsOf(const QString& text, PairLines kind) {
    const QChar separator = kind == PairLines::Env ? u'=' : u':';
    QJsonObject out;
    QHash<QString, int> lineOf;
    for (const auto& [number, line] : linesOf(text)) {
        const qsizetype at = line.indexOf(separator);
        const QString name = at > 0 ? line.left(at).trimmed() : QString();
        if (name.isEmpty()) {
            // The line itself is not repeated: it may be a secret pasted without its name.
            return Error{u"invalid_argument"_s,
                         kind == PairLines::Env
                             ? McpServersModel::tr("Line %1 of the environment is not NAME=value. "
                                                   "Write one variable per line, like "
                                                   "GRAFANA_URL=https://grafana.lan.")
                                   .arg(number)
                             : McpServersModel::tr("Line %1 of the headers is not \"Name: value\". "
                                                   "Write one header per line, like "
                                                   "Authorization: Bearer ${secret:web_token}.")
                                   .arg(number)};
        }
        if (const auto first = lineOf.constFind(name); first != lineOf.cend()) {
            const QString lines[] = {QString::number(*first), QString::number(number)};
            return Error{u"invalid_argument"_s,
                         kind == PairLines::Env
                             ? McpServersModel::tr("The environment sets %1 twice (lines %2 and "
                                                   "%3); keep one of them.")
                                   .arg(name, lines[0], lines[1])
                             : McpServersModel::tr("The headers set %1 twice (lines %2 and %3); "
                                                   "keep one of them.")
                                   .arg(name, lines[0], lines[1])};
        }
        lineOf.insert(name, number);
        out.insert(name, line.mid(at + 1).trimmed());
    }
    return out;
}

// An object of texts as the form's lines: "NAME=value" or "Name: value".
QString linesOfPairs(const QJsonObject& pairs, const QString& separator) {
    QStringList lines;
    for (auto it = pairs.begin(); it != pairs.end(); ++it)
        lines.append(it.key() + separator + it.value().toString());
    return lines.join(u'\n');
}

}  // namespace

McpServersModel::McpServersModel(McpSource* source, Clock* clock, QObject* parent,
                                 FirstLoad firstLoad)
    : QAbstractListModel(parent), m_source(source), m_clock(clock) {
    // Not before the first load: that reads everything anyway.
    connect(m_source, &McpSource::changed, this, [this] {
        if (m_loaded)
            reload();
    });
    if (firstLoad == FirstLoad::Now)
        reload();
}

McpServersModel::~McpServersModel() {
    if (m_pollTimer && m_clock)
        m_clock->cancel(m_pollTimer);
}

void McpServersModel::ensureLoaded() {
    if (!m_loaded)
        reload();
}

int McpServersModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant McpServersModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_rows, index, role, roles());
}

QHash<int, QByteArray> McpServersModel::roleNames() const {
    return roles().names();
}

const RoleTable<McpServersModel::Row>& McpServersModel::roles() {
    static const RoleTable<Row> table{
        {NameRole, "name", [](const Row& r) { return r.server.name; }},
        {Qt::DisplayRole, nullptr, [](const Row& r) { return r.server.name; }},
        {TransportRole, "transport", [](const Row& r) { return statusName(r.server.transport); }},
        {TransportLabelRole, "transportLabel",
         [](const Row& r) { return transportLabel(r.server.transport); }},
        {TargetRole, "target", [](const Row& r) { return r.server.target; }},
        {ServerStateRole, "serverState", [](const Row& r) { return statusName(r.server.state); }},
        {StateLabelRole, "stateLabel",
         [](const Row& r) {
             return r.server.problem.isEmpty() ? StatusLabels::mcpStateLabel(r.server.state)
                                               : tr("not usable");
         }},
        {StateToneRole, "stateTone",
         [](const Row& r) {
             // A bad entry is the user's to fix, like a failed server.
             return r.server.problem.isEmpty() ? StatusLabels::mcpStateTone(r.server.state)
                                               : StatusLabels::mcpStateTone(McpServerState::Failed);
         }},
        {OkRole, "ok",
         [](const Row& r) {
             return r.server.problem.isEmpty() && r.server.state == McpServerState::Ready;
         }},
        {FailedRole, "failed",
         [](const Row& r) {
             return !r.server.problem.isEmpty() || r.server.state == McpServerState::Failed;
         }},
        {DisabledRole, "disabled", [](const Row& r) { return r.server.disabled; }},
        {ProblemRole, "problem", [](const Row& r) { return r.server.problem; }},
        {ToolCountRole, "toolCount", [](const Row& r) { return int(r.server.tools.size()); }},
        {LastErrorRole, "lastError", [](const Row& r) { return r.server.lastError; }},
        {LastStderrRole, "lastStderr",
         [](const Row& r) { return r.server.lastStderr.join(u'\n'); }},
        {LogFileRole, "logFile", [](const Row& r) { return r.server.logFile; }},
        {StartsRole, "starts", [](const Row& r) { return r.server.starts; }},
        {ToolsRole, "tools", [](const Row& r) { return toolsOf(r.server); }},
        {BusyRole, "busy", &Row::busy},
        {MessageRole, "message", &Row::message},
        {MessageOkRole, "messageOk", &Row::messageOk},
    };
    return table;
}

void McpServersModel::reload() {
    m_loaded = true;
    m_source->list(this, m_reloads.newestOnly([this](const Result<McpServersList>& list) {
        if (!list) {
            setLoadError(tr("Could not load the MCP servers: %1").arg(list.error().message));
            return;
        }
        apply(list.value());
    }));
}

void McpServersModel::apply(const McpServersList& list) {
    const int before = count();
    QList<McpServerRow> servers;
    QSet<QString> names;
    for (const McpServerRow& s : list.servers) {
        if (!names.contains(s.name)) {  // one row per name, whatever a server sends
            names.insert(s.name);
            servers.append(s);
        }
    }
    // Rows keep their place, so that QML keeps a row's open tool list or log: a server that left
    // is removed, a new one inserted, the others changed in place (with their action's outcome).
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        if (!names.contains(m_rows.at(i).server.name)) {
            beginRemoveRows({}, i, i);
            m_rows.removeAt(i);
            endRemoveRows();
        }
    }
    const auto nameOf = [](const Row& r) { return r.server.name; };
    for (int j = 0; j < servers.size(); ++j) {
        const McpServerRow& s = servers.at(j);
        if (j < m_rows.size() && m_rows.at(j).server.name == s.name) {
            m_rows[j].server = s;
            changed(j);
            continue;
        }
        // Rows 0..j-1 hold the first j names, so a row of this name further down moves up.
        if (const int at = indexOfRow(m_rows, s.name, nameOf); at > j) {
            beginMoveRows({}, at, at, {}, j);
            m_rows.move(at, j);
            endMoveRows();
            m_rows[j].server = s;
            changed(j);
            continue;
        }
        beginInsertRows({}, j, j);
        Row r;
        r.server = s;
        m_rows.insert(j, r);
        endInsertRows();
    }
    if (before != count())
        Q_EMIT countChanged();
    const bool same = m_configFile == list.configFile && m_editable == list.editable &&
                      m_problems == list.problems;
    m_configFile = list.configFile;
    m_editable = list.editable;
    m_problems = list.problems;
    if (!same)
        Q_EMIT listChanged();
    setLoadError(QString());
}

void McpServersModel::setLoadError(const QString& message) {
    if (assignIfDifferent(m_loadError, message))
        Q_EMIT loadErrorChanged();
}

quint64 McpServersModel::start(int row, const QString& message) {
    m_rows[row].beginAction(++m_nextAction, message);
    changed(row);
    return m_nextAction;
}

int McpServersModel::rowOf(const QString& name, quint64 action) const {
    const int i = indexOfRow(m_rows, name, [](const Row& r) { return r.server.name; });
    return i >= 0 && m_rows.at(i).action == action ? i : -1;
}

void McpServersModel::changed(int row) {
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i);
}

void McpServersModel::finish(int row, const QString& message, bool ok) {
    m_rows[row].finishAction(message, ok);
    changed(row);
}

void McpServersModel::act(
    int row, const QString& pending, const QString& success,
    const std::function<void(const QString& name, SourceReply<Ok> done)>& action) {
    if (!isRow(row) || m_rows.at(row).busy)
        return;
    const QString name = m_rows.at(row).server.name;
    const quint64 id = start(row, pending);
    action(name, [this, name, id, success](const Result<Ok>& r) {
        if (const int i = rowOf(name, id); i >= 0) {
            if (!r)
                return finish(i, r.error().message, false);
            finish(i, success, true);
        }
        if (r)
            afterAction();
    });
}

void McpServersModel::afterAction() {
    if (!m_source->announcesChanges())
        reload();
}

void McpServersModel::restart(int row) {
    if (!isRow(row))
        return;
    act(row, tr("Restarting %1…").arg(m_rows.at(row).server.name),
        tr("Restarted: its tools are offered again once it is ready."),
        [this](const QString& name, SourceReply<Ok> done) {
            m_source->restart(name, this, std::move(done));
        });
}

void McpServersModel::setDisabled(int row, bool disabled) {
    act(row, QString(),
        disabled ? tr("Disabled: Zerg stopped it, and workers no longer get its tools.")
                 : tr("Enabled: Zerg starts it now."),
        [this, disabled](const QString& name, SourceReply<Ok> done) {
            m_source->setDisabled(name, disabled, this, std::move(done));
        });
}

void McpServersModel::remove(int row) {
    act(row, QString(), tr("Removed from mcp.json."),
        [this](const QString& name, SourceReply<Ok> done) {
            m_source->remove(name, this, std::move(done));
        });
}

void McpServersModel::setToolPolicy(int row, const QString& tool, const QString& policy) {
    std::optional<McpToolPolicy> chosen;
    if (!policy.isEmpty()) {
        chosen = parseStatus<McpToolPolicy>(policy);
        if (!chosen) {
            qWarning("McpServers.setToolPolicy: '%s' is not one of policyWords",
                     qPrintable(policy));
            return;
        }
    }
    act(row, QString(), tr("Saved: %1 is now \"%2\".").arg(tool, policyLabel(chosen)),
        [this, tool, chosen](const QString& name, SourceReply<Ok> done) {
            m_source->setToolPolicy(name, tool, chosen, this, std::move(done));
        });
}

void McpServersModel::showLog(int row) {
    if (!isRow(row))
        return;
    const QString name = m_rows.at(row).server.name;
    m_logServer = name;
    m_logText = tr("Reading the log…");
    m_logOk = true;
    Q_EMIT logChanged();
    m_source->log(name, this, m_logs.newestOnly([this](const Result<QString>& text) {
        if (!text) {
            m_logText = text.error().message;
            m_logOk = false;
        } else if (text->isEmpty()) {
            m_logText = tr("The log is empty: the server has written nothing to stderr yet.");
            m_logOk = true;
        } else {
            m_logText = text.value();
            m_logOk = true;
        }
        Q_EMIT logChanged();
    }));
}

void McpServersModel::hideLog() {
    m_logs.dropAnswers();
    if (m_logServer.isEmpty())
        return;
    m_logServer.clear();
    m_logText.clear();
    m_logOk = false;
    Q_EMIT logChanged();
}

QStringList McpServersModel::policyWords() const {
    return QStringList{QString()} + statusNames<McpToolPolicy>();
}

QStringList McpServersModel::policyLabels() const {
    QStringList labels{policyLabel(std::nullopt)};
    for (const QString& word : statusNames<McpToolPolicy>())
        labels.append(policyLabel(parseStatus<McpToolPolicy>(word)));
    return labels;
}

void McpServersModel::setWatching(bool watching) {
    if (!assignIfDifferent(m_watching, watching))
        return;
    Q_EMIT watchingChanged();
    if (!m_watching) {
        if (m_pollTimer && m_clock)
            m_clock->cancel(m_pollTimer);
        m_pollTimer = 0;
        return;
    }
    if (m_loaded)
        reload();  // shown again: what changed meanwhile
    schedulePoll();
}

void McpServersModel::schedulePoll() {
    if (!m_watching || !m_clock || m_pollTimer || m_source->announcesChanges())
        return;
    m_pollTimer = m_clock->callAfter(kPollMs, this, [this] {
        m_pollTimer = 0;
        if (!m_watching)
            return;
        reload();
        schedulePoll();
    });
}

void McpServersModel::retranslate() {
    announceAllRows(*this);
    Q_EMIT labelsChanged();
}

// ---- the add/edit form ----

QVariantMap McpServersModel::form() const {
    return {{u"name"_s, m_form.name},
            {u"kind"_s, statusName(m_form.kind)},
            {u"command"_s, m_form.command},
            {u"args"_s, m_form.args},
            {u"env"_s, m_form.env},
            {u"cwd"_s, m_form.cwd},
            {u"url"_s, m_form.url},
            {u"headers"_s, m_form.headers},
            {u"timeoutSeconds"_s, m_form.timeoutSeconds}};
}

McpServersModel::Form McpServersModel::formOf(const QString& name, const QJsonObject& entry) {
    Form f;
    f.name = name;
    f.kind = transportOf(entry).value_or(McpTransportKind::Stdio);
    f.command = entry.value(u"command"_s).toString();
    QStringList args;
    for (const QJsonValue& a : entry.value(u"args"_s).toArray())
        args.append(a.toString());
    f.args = args.join(u'\n');
    f.env = linesOfPairs(entry.value(u"env"_s).toObject(), u"="_s);
    f.cwd = entry.value(u"cwd"_s).toString();
    f.url = entry.value(u"url"_s).toString();
    f.headers = linesOfPairs(entry.value(u"headers"_s).toObject(), u": "_s);
    f.timeoutSeconds = entry.value(u"timeoutSeconds"_s).toInt(f.timeoutSeconds);
    return f;
}

Result<QJsonObject> McpServersModel::entryOf(const Form& f, const QJsonObject& original) {
    QJsonObject entry = original;
    for (const QString& key : formKeys())
        entry.remove(key);
    // "type" (other clients write it) stays while it still says how the server is reached.
    if (transportOf(original) != f.kind)
        entry.remove(u"type"_s);
    if (f.kind == McpTransportKind::Stdio) {
        const QString command = f.command.trimmed();
        if (command.isEmpty()) {
            return Error{u"invalid_argument"_s,
                         tr("Give the command that starts the server: a program on PATH (such as "
                            "npx) or its full path.")};
        }
        entry.insert(u"command"_s, command);
        QStringList args;
        for (const auto& [number, line] : linesOf(f.args))
            args.append(line);
        if (!args.isEmpty())
            entry.insert(u"args"_s, QJsonArray::fromStringList(args));
        const Result<QJsonObject> env = pairsOf(f.env, PairLines::Env);
        if (!env)
            return env.error();
        if (!env->isEmpty())
            entry.insert(u"env"_s, env.value());
        if (const QString cwd = f.cwd.trimmed(); !cwd.isEmpty())
            entry.insert(u"cwd"_s, cwd);
    } else {
        const QString url = f.url.trimmed();
        if (url.isEmpty()) {
            return Error{u"invalid_argument"_s,
                         tr("Give the server's URL: its Streamable HTTP endpoint, such as "
                            "https://mcp.example.org/mcp.")};
        }
        entry.insert(u"url"_s, url);
        const Result<QJsonObject> headers = pairsOf(f.headers, PairLines::Headers);
        if (!headers)
            return headers.error();
        if (!headers->isEmpty())
            entry.insert(u"headers"_s, headers.value());
    }
    if (f.timeoutSeconds != Form().timeoutSeconds)
        entry.insert(u"timeoutSeconds"_s, f.timeoutSeconds);
    return entry;
}

void McpServersModel::beginAdd() {
    m_saves.dropAnswers();
    m_form = Form();
    m_formOriginalName.clear();
    m_formOriginal = QJsonObject();
    m_formOpen = true;
    m_formBusy = false;
    m_formError.clear();
    Q_EMIT formChanged();
    Q_EMIT formStateChanged();
}

void McpServersModel::beginEdit(int row) {
    if (!isRow(row))
        return;
    const McpServerRow& s = m_rows.at(row).server;
    m_saves.dropAnswers();
    m_form = formOf(s.name, s.entry);
    m_formOriginalName = s.name;
    m_formOriginal = s.entry;
    m_formOpen = true;
    m_formBusy = false;
    m_formError.clear();
    Q_EMIT formChanged();
    Q_EMIT formStateChanged();
}

void McpServersModel::cancelForm() {
    m_saves.dropAnswers();
    if (!m_formOpen)
        return;
    m_formOpen = false;
    m_formBusy = false;
    m_formError.clear();
    Q_EMIT formStateChanged();
}

void McpServersModel::setFormError(const QString& message) {
    m_formBusy = false;
    m_formError = message;
    Q_EMIT formStateChanged();
}

void McpServersModel::save(const QString& name, const QString& kind, const QString& command,
                           const QString& args, const QString& env, const QString& cwd,
                           const QString& url, const QString& headers, int timeoutSeconds) {
    if (!m_formOpen || m_formBusy)
        return;
    const std::optional<McpTransportKind> transport = parseStatus<McpTransportKind>(kind);
    if (!transport) {
        return setFormError(
            tr("Choose how Zerg reaches the server: a program it starts, or a URL."));
    }
    // Kept as typed: the form shows them again when it opens for this server once more.
    m_form =
        Form{name.trimmed(), *transport, command, args, env, cwd, url, headers, timeoutSeconds};
    const Result<QJsonObject> entry = entryOf(m_form, m_formOriginal);
    if (!entry)
        return setFormError(entry.error().message);
    m_formBusy = true;
    m_formError.clear();
    Q_EMIT formStateChanged();
    m_source->put(m_formOriginalName, m_form.name, entry.value(), this,
                  m_saves.newestOnly([this](const Result<Ok>& written) {
                      if (!written)
                          return setFormError(written.error().message);
                      m_formOpen = false;
                      m_formBusy = false;
                      m_formError.clear();
                      Q_EMIT formStateChanged();
                      Q_EMIT saved();
                      afterAction();
                  }));
}

}  // namespace zerg
