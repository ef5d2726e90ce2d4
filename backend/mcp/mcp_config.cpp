#include "mcp/mcp_config.h"

#include "core/private_files.h"
#include "core/secret_store.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>
#include <QRegularExpression>
#include <QSaveFile>

#include <cmath>

namespace zerg {
namespace {

constexpr int kMinTimeoutSeconds = 1;
constexpr int kMaxTimeoutSeconds = 3600;
constexpr qsizetype kMaxShownValue = 80;

const QString kServersKey = QStringLiteral("mcpServers");
const QString kInvalidCode = QStringLiteral("mcp_server_invalid");
const QString kConfigCode = QStringLiteral("mcp_config");

QString shownPath(const QString& path) {
    return path.isEmpty() ? QStringLiteral("mcp.json") : path;
}

// A value as it is written in the file, shortened, for a message. Only for values that hold no
// secret (never env or header values).
QString jsonText(const QJsonValue& v) {
    if (v.isUndefined())
        return QStringLiteral("nothing");
    const QByteArray text = QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact);
    QString s = QString::fromUtf8(text.mid(1, text.size() - 2));
    if (s.size() > kMaxShownValue)
        s = s.left(kMaxShownValue - 3) + QStringLiteral("...");
    return s;
}

// What kind of value it is ("a number"), for values that must not be shown.
QString kindOf(const QJsonValue& v) {
    switch (v.type()) {
        case QJsonValue::Null:
            return QStringLiteral("null");
        case QJsonValue::Bool:
            return QStringLiteral("true or false");
        case QJsonValue::Double:
            return QStringLiteral("a number");
        case QJsonValue::String:
            return QStringLiteral("text");
        case QJsonValue::Array:
            return QStringLiteral("an array");
        case QJsonValue::Object:
            return QStringLiteral("an object");
        case QJsonValue::Undefined:
            break;
    }
    return QStringLiteral("nothing");
}

// Where a JSON parse error is: "line 3 (offset 42)".
QString parseErrorText(const QByteArray& json, const QJsonParseError& err) {
    const int line = int(json.left(err.offset).count('\n')) + 1;
    return QStringLiteral("%1 at line %2 (offset %3)")
        .arg(err.errorString())
        .arg(line)
        .arg(err.offset);
}

// The file's top-level object, or why it is none (a sentence naming the file).
Result<QJsonObject> rootObject(const QByteArray& json, const QString& path) {
    if (json.trimmed().isEmpty())
        return QJsonObject{{kServersKey, QJsonObject()}};  // an empty file: no servers yet
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError) {
        return Error{kConfigCode, QStringLiteral("%1 is not JSON: %2. Fix it, or move it aside to "
                                                 "start again.")
                                      .arg(shownPath(path), parseErrorText(json, err))};
    }
    if (!doc.isObject()) {
        return Error{
            kConfigCode,
            QStringLiteral("%1 must hold one JSON object, {\"mcpServers\": {...}}, not %2.")
                .arg(shownPath(path),
                     kindOf(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue()))};
    }
    return doc.object();
}

// Why a server name cannot be used; empty when it can.
QString nameProblem(const QString& name) {
    static const QRegularExpression valid(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_-]{1,32}")));
    if (!valid.match(name).hasMatch()) {
        return QStringLiteral(
            "the name must be 1 to 32 letters, digits, '_' or '-' (it becomes "
            "part of the tool names mcp__<server>__<tool>); rename it");
    }
    if (name.contains(QLatin1String("__"))) {
        static const QRegularExpression underscores(QStringLiteral("_{2,}"));
        return QStringLiteral(
                   "the name must not contain \"__\" (the tool names are "
                   "mcp__<server>__<tool>); rename it, e.g. to '%1'")
            .arg(QString(name).replace(underscores, QStringLiteral("_")));
    }
    return {};
}

// Replaces ${secret:KEY} and ${env:NAME} in one value of `field` ("header 'Authorization'").
// Without `resolve` the references are only checked for their form and kept.
Result<QString> expandReferences(const QString& value, const QString& field,
                                 const McpConfig::SecretReader& readSecret, bool resolve) {
    static const QRegularExpression reference(QStringLiteral(R"(\$\{(secret|env):([^}]*)\})"));
    static const QRegularExpression secretKey(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z0-9_.-]+")));
    static const QRegularExpression envName(
        QRegularExpression::anchoredPattern(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*")));
    QString out;
    qsizetype done = 0;
    QRegularExpressionMatchIterator it = reference.globalMatch(value);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += QStringView(value).mid(done, m.capturedStart() - done);
        done = m.capturedEnd();
        const bool isSecret = m.captured(1) == QLatin1String("secret");
        const QString key = m.captured(2);
        if (isSecret && !secretKey.match(key).hasMatch()) {
            return Error{kInvalidCode,
                         QStringLiteral("%1 has \"%2\", but a secret's name is letters, digits, "
                                        "'_', '.' and '-'")
                             .arg(field, m.captured(0))};
        }
        if (!isSecret && !envName.match(key).hasMatch()) {
            return Error{kInvalidCode,
                         QStringLiteral("%1 has \"%2\", but an environment variable's name is "
                                        "letters, digits and '_' (not starting with a digit)")
                             .arg(field, m.captured(0))};
        }
        if (!resolve) {
            out += m.captured(0);
            continue;
        }
        if (isSecret) {
            const Result<QString> secret =
                readSecret ? readSecret(key)
                           : Result<QString>(Error{QStringLiteral("secrets"),
                                                   QStringLiteral("no secret store is available")});
            if (!secret) {
                return Error{kInvalidCode,
                             QStringLiteral("%1 names the secret '%2', which could not be read: %3")
                                 .arg(field, key, secret.error().message)};
            }
            if (secret->isEmpty()) {
                return Error{kInvalidCode, QStringLiteral("%1 names the secret '%2', which is not "
                                                          "stored. Store it with: zerg mcp secret "
                                                          "set %2")
                                               .arg(field, key)};
            }
            out += *secret;
        } else {
            const QByteArray nativeName = key.toLocal8Bit();
            if (!qEnvironmentVariableIsSet(nativeName.constData())) {
                return Error{kInvalidCode,
                             QStringLiteral("%1 names the environment variable '%2', which is not "
                                            "set. Set it where Zerg starts, or store the value as "
                                            "a secret and write ${secret:NAME} instead")
                                 .arg(field, key)};
            }
            out += qEnvironmentVariable(nativeName.constData());
        }
    }
    out += QStringView(value).mid(done);
    return out;
}

// An object of text values ("env", "headers"), references expanded. `itemWord` names one value
// in messages ("env", "header"). The values are never shown: they may hold secrets.
Result<QMap<QString, QString>> textMap(const QJsonObject& entry, const QString& key,
                                       const QString& itemWord,
                                       const McpConfig::SecretReader& readSecret, bool resolve) {
    QMap<QString, QString> out;
    const QJsonValue v = entry.value(key);
    if (v.isUndefined())
        return out;
    if (!v.isObject()) {
        return Error{kInvalidCode, QStringLiteral("'%1' must be an object of names and text "
                                                  "values, like {\"NAME\": \"value\"}, not %2")
                                       .arg(key, kindOf(v))};
    }
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString field = QStringLiteral("%1 '%2'").arg(itemWord, it.key());
        if (!it.value().isString()) {
            return Error{kInvalidCode,
                         QStringLiteral("%1 must be text, not %2; put the value in quotes")
                             .arg(field, kindOf(it.value()))};
        }
        Result<QString> expanded =
            expandReferences(it.value().toString(), field, readSecret, resolve);
        if (!expanded)
            return expanded.error();
        out.insert(it.key(), std::move(expanded).value());
    }
    return out;
}

Result<McpServerConfig> parseServer(const QString& name, const QJsonValue& value,
                                    const McpConfig::SecretReader& readSecret, bool resolve) {
    const auto fail = [](const QString& message) { return Error{kInvalidCode, message}; };
    if (const QString problem = nameProblem(name); !problem.isEmpty())
        return fail(problem);
    if (!value.isObject()) {
        return fail(QStringLiteral("the entry must be an object like {\"command\": \"npx\", "
                                   "\"args\": [...]} or {\"url\": \"https://...\"}, not %1")
                        .arg(kindOf(value)));
    }
    const QJsonObject o = value.toObject();
    McpServerConfig s;
    s.name = name;

    const bool hasCommand = o.contains(QLatin1String("command"));
    const bool hasUrl = o.contains(QLatin1String("url"));
    std::optional<McpTransportKind> declared;
    const QJsonValue type = o.value(QLatin1String("type"));
    if (!type.isUndefined()) {
        const QString word = type.toString();
        if (type.isString() && word == QLatin1String("stdio")) {
            declared = McpTransportKind::Stdio;
        } else if (type.isString() &&
                   (word == QLatin1String("http") || word == QLatin1String("streamable-http") ||
                    word == QLatin1String("streamableHttp"))) {
            declared = McpTransportKind::Http;
        } else if (type.isString() && word == QLatin1String("sse")) {
            return fail(
                QStringLiteral("'type' is \"sse\": the legacy SSE transport is not "
                               "supported; use the server's Streamable HTTP endpoint"));
        } else {
            return fail(QStringLiteral("'type' must be \"stdio\" or \"http\" (also written "
                                       "\"streamable-http\"), not %1")
                            .arg(jsonText(type)));
        }
    }
    if (hasCommand && hasUrl) {
        return fail(
            QStringLiteral("has both 'command' and 'url'; give 'command' for a local "
                           "(stdio) server or 'url' for a remote (Streamable HTTP) one, "
                           "not both"));
    }
    if (!hasCommand && !hasUrl) {
        return fail(
            QStringLiteral("needs 'command' (the program of a local server) or 'url' (the "
                           "Streamable HTTP endpoint of a remote one)"));
    }
    s.transport = hasCommand ? McpTransportKind::Stdio : McpTransportKind::Http;
    if (declared && *declared != s.transport) {
        return fail(QStringLiteral("'type' is %1 but the entry has a '%2'; a local server has "
                                   "'command', a remote one 'url' (\"type\" may be left out)")
                        .arg(jsonText(type),
                             hasCommand ? QStringLiteral("command") : QStringLiteral("url")));
    }

    if (s.transport == McpTransportKind::Stdio) {
        const QJsonValue command = o.value(QLatin1String("command"));
        if (!command.isString() || command.toString().trimmed().isEmpty()) {
            return fail(QStringLiteral("'command' must be the program to start (non-empty "
                                       "text), not %1")
                            .arg(jsonText(command)));
        }
        s.command = command.toString();

        const QJsonValue args = o.value(QLatin1String("args"));
        if (!args.isUndefined()) {
            if (!args.isArray()) {
                return fail(QStringLiteral("'args' must be an array of strings, like [\"-y\", "
                                           "\"some-package\"], not %1")
                                .arg(kindOf(args)));
            }
            const QJsonArray list = args.toArray();
            for (qsizetype i = 0; i < list.size(); ++i) {
                if (!list.at(i).isString()) {
                    return fail(QStringLiteral("'args' must be an array of strings, but item %1 "
                                               "is %2; put it in quotes")
                                    .arg(i + 1)
                                    .arg(kindOf(list.at(i))));
                }
                s.args.append(list.at(i).toString());
            }
        }

        const QJsonValue cwd = o.value(QLatin1String("cwd"));
        if (!cwd.isUndefined()) {
            if (!cwd.isString() || !QFileInfo(cwd.toString()).isDir()) {
                return fail(QStringLiteral("'cwd' must be an existing folder, not %1; create it "
                                           "or correct the path")
                                .arg(jsonText(cwd)));
            }
            s.cwd = cwd.toString();
        }
    } else {
        const QJsonValue url = o.value(QLatin1String("url"));
        const QUrl parsed(url.toString(), QUrl::StrictMode);
        const QString scheme = parsed.scheme().toLower();
        if (!url.isString() || !parsed.isValid() ||
            (scheme != QLatin1String("http") && scheme != QLatin1String("https")) ||
            parsed.host().isEmpty()) {
            return fail(
                QStringLiteral("'url' must be an http or https URL, not %1").arg(jsonText(url)));
        }
        s.url = parsed;
    }

    const QJsonValue disabled = o.value(QLatin1String("disabled"));
    if (!disabled.isUndefined()) {
        if (!disabled.isBool()) {
            return fail(
                QStringLiteral("'disabled' must be true or false, not %1").arg(jsonText(disabled)));
        }
        s.disabled = disabled.toBool();
    }

    const QJsonValue timeout = o.value(QLatin1String("timeoutSeconds"));
    if (!timeout.isUndefined()) {
        const double seconds = timeout.toDouble();
        if (!timeout.isDouble() || std::floor(seconds) != seconds || seconds < kMinTimeoutSeconds ||
            seconds > kMaxTimeoutSeconds) {
            return fail(QStringLiteral("'timeoutSeconds' must be a whole number of seconds from "
                                       "%1 to %2, not %3")
                            .arg(kMinTimeoutSeconds)
                            .arg(kMaxTimeoutSeconds)
                            .arg(jsonText(timeout)));
        }
        s.timeoutSeconds = int(seconds);
    }

    const QJsonValue policy = o.value(QLatin1String("toolPolicy"));
    if (!policy.isUndefined()) {
        if (!policy.isObject()) {
            return fail(
                QStringLiteral("'toolPolicy' must be an object of tool names and \"allow\", "
                               "\"ask\" or \"never\", not %1")
                    .arg(jsonText(policy)));
        }
        const QJsonObject tools = policy.toObject();
        for (auto it = tools.begin(); it != tools.end(); ++it) {
            const std::optional<McpToolPolicy> p =
                it.value().isString() ? parseStatus<McpToolPolicy>(it.value().toString())
                                      : std::nullopt;
            if (!p) {
                return fail(QStringLiteral("'toolPolicy' of tool '%1' must be \"allow\", \"ask\" "
                                           "or \"never\", not %2")
                                .arg(it.key(), jsonText(it.value())));
            }
            s.toolPolicy.insert(it.key(), *p);
        }
    }

    // Secrets last: an entry that is wrong anyway asks the keychain for nothing.
    if (s.transport == McpTransportKind::Stdio) {
        Result<QMap<QString, QString>> env =
            textMap(o, QStringLiteral("env"), QStringLiteral("env"), readSecret, resolve);
        if (!env)
            return env.error();
        s.env = std::move(env).value();
    } else {
        Result<QMap<QString, QString>> headers =
            textMap(o, QStringLiteral("headers"), QStringLiteral("header"), readSecret, resolve);
        if (!headers)
            return headers.error();
        s.headers = std::move(headers).value();
    }
    return s;
}

QString serverMessage(const QString& name, const QString& message) {
    return QStringLiteral("server '%1': %2").arg(name, message);
}

// --- edits --------------------------------------------------------------------------------

// The file's object with an "mcpServers" object in it; a missing or empty file is one with no
// servers.
Result<QJsonObject> readDocument(const QString& path) {
    QFile f(path);
    if (!f.exists())
        return QJsonObject{{kServersKey, QJsonObject()}};
    if (!f.open(QIODevice::ReadOnly)) {
        return Error{kConfigCode, QStringLiteral("Cannot read %1: %2. Check its owner and "
                                                 "permissions.")
                                      .arg(path, f.errorString())};
    }
    Result<QJsonObject> root = rootObject(f.readAll(), path);
    if (!root)
        return root.error();
    QJsonObject o = std::move(root).value();
    const QJsonValue servers = o.value(kServersKey);
    if (servers.isUndefined()) {
        o.insert(kServersKey, QJsonObject());
    } else if (!servers.isObject()) {
        return Error{kConfigCode, QStringLiteral("In %1, \"mcpServers\" is %2, not an object of "
                                                 "servers. Fix it there first.")
                                      .arg(path, kindOf(servers))};
    }
    return o;
}

Status writeDocument(const QString& path, const QJsonObject& root) {
    const QString dir = QFileInfo(path).absolutePath();
    if (Status made = files::makePrivateDir(dir); !made) {
        return Error{kConfigCode,
                     QStringLiteral("Cannot write %1: %2. Check the folder's permissions or set "
                                    "ZERG_MCP_CONFIG to another path.")
                         .arg(path, made.error().message)};
    }
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) ||
        !out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
        return Error{kConfigCode,
                     QStringLiteral("Cannot write %1: %2").arg(path, out.errorString())};
    }
    const QByteArray bytes = QJsonDocument(root).toJson(QJsonDocument::Indented);
    if (out.write(bytes) != bytes.size() || !out.commit()) {
        return Error{kConfigCode,
                     QStringLiteral("Cannot write %1: %2").arg(path, out.errorString())};
    }
    return Ok{};
}

Error unknownServer(const QString& path, const QString& name, const QJsonObject& servers) {
    const QStringList names = servers.keys();
    return Error{QStringLiteral("mcp_server_unknown"),
                 names.isEmpty()
                     ? QStringLiteral("No MCP server '%1' in %2. Add it first; the file has no "
                                      "servers yet.")
                           .arg(name, path)
                     : QStringLiteral("No MCP server '%1' in %2. Add it first, or use one of its "
                                      "servers: %3.")
                           .arg(name, path, names.join(QStringLiteral(", ")))};
}

// Reads the file, lets `change` edit the entry of server `name`, and writes the file back when
// the entry changed.
Status editServer(const QString& path, const QString& name,
                  const std::function<Status(QJsonObject&)>& change) {
    Result<QJsonObject> loaded = readDocument(path);
    if (!loaded)
        return loaded.error();
    QJsonObject root = std::move(loaded).value();
    QJsonObject servers = root.value(kServersKey).toObject();
    if (!servers.contains(name))
        return unknownServer(path, name, servers);
    const QJsonValue before = servers.value(name);
    if (!before.isObject()) {
        return Error{kInvalidCode,
                     QStringLiteral("The entry of MCP server '%1' in %2 is %3, not an object. Fix "
                                    "it there first.")
                         .arg(name, path, kindOf(before))};
    }
    QJsonObject entry = before.toObject();
    if (Status changed = change(entry); !changed)
        return changed;
    if (entry == before.toObject())
        return Ok{};
    servers.insert(name, entry);
    root.insert(kServersKey, servers);
    return writeDocument(path, root);
}

}  // namespace

McpConfig::SecretReader McpConfig::storedSecrets(const QString& configDir) {
    return [configDir](const QString& key) -> Result<QString> {
        if (configDir.isEmpty())
            return QString();
        return SecretStore(configDir, SecretStore::backendFromEnvironment()).read(key);
    };
}

McpConfig McpConfig::loadFile(const QString& path, const SecretReader& readSecret) {
    QFile f(path);
    if (!f.exists()) {
        McpConfig config;
        config.path = path;
        return config;
    }
    if (!f.open(QIODevice::ReadOnly)) {
        McpConfig config;
        config.path = path;
        config.problems.append(
            {QString(), QStringLiteral("Cannot read %1: %2. Check its owner and permissions.")
                            .arg(shownPath(path), f.errorString())});
        return config;
    }
    return parse(f.readAll(), path, readSecret);
}

McpConfig McpConfig::parse(const QByteArray& json, const QString& path,
                           const SecretReader& readSecret) {
    McpConfig config;
    config.path = path;
    const Result<QJsonObject> root = rootObject(json, path);
    if (!root) {
        config.problems.append({QString(), root.error().message});
        return config;
    }
    const QJsonValue servers = root->value(kServersKey);
    if (!servers.isObject()) {
        const QString what =
            servers.isUndefined()
                ? QStringLiteral("%1 has no \"mcpServers\" object.").arg(shownPath(path))
                : QStringLiteral("In %1, \"mcpServers\" is %2, not an object of servers.")
                      .arg(shownPath(path), kindOf(servers));
        config.problems.append(
            {QString(), what + QStringLiteral(" Write the servers as {\"mcpServers\": {\"NAME\": "
                                              "{\"command\": \"...\"}}}.")});
        return config;
    }
    const QJsonObject entries = servers.toObject();
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        Result<McpServerConfig> server = parseServer(it.key(), it.value(), readSecret, true);
        if (server) {
            config.servers.append(std::move(server).value());
        } else {
            config.problems.append({it.key(), serverMessage(it.key(), server.error().message)});
        }
    }
    return config;
}

const McpServerConfig* McpConfig::find(const QString& name) const {
    for (const McpServerConfig& s : servers) {
        if (s.name == name)
            return &s;
    }
    return nullptr;
}

QStringList McpConfig::problemLines() const {
    const QString file = path.isEmpty() ? QStringLiteral("mcp.json") : QFileInfo(path).fileName();
    QStringList lines;
    for (const McpConfigProblem& p : problems)
        lines.append(QStringLiteral("%1: %2").arg(file, p.message));
    return lines;
}

namespace mcp_config {

Status putServer(const QString& path, const QString& name, const QJsonObject& entry) {
    // The entry is checked as the file's own (its references kept, so nothing is looked up).
    const auto anySecret = [](const QString&) -> Result<QString> { return QStringLiteral("x"); };
    if (const Result<McpServerConfig> checked = parseServer(name, entry, anySecret, false);
        !checked) {
        return Error{kInvalidCode, serverMessage(name, checked.error().message)};
    }
    Result<QJsonObject> loaded = readDocument(path);
    if (!loaded)
        return loaded.error();
    QJsonObject root = std::move(loaded).value();
    QJsonObject servers = root.value(kServersKey).toObject();
    servers.insert(name, entry);
    root.insert(kServersKey, servers);
    return writeDocument(path, root);
}

Status removeServer(const QString& path, const QString& name) {
    Result<QJsonObject> loaded = readDocument(path);
    if (!loaded)
        return loaded.error();
    QJsonObject root = std::move(loaded).value();
    QJsonObject servers = root.value(kServersKey).toObject();
    if (!servers.contains(name))
        return unknownServer(path, name, servers);
    servers.remove(name);
    root.insert(kServersKey, servers);
    return writeDocument(path, root);
}

Status setDisabled(const QString& path, const QString& name, bool disabled) {
    return editServer(path, name, [disabled](QJsonObject& entry) -> Status {
        if (disabled) {
            entry.insert(QStringLiteral("disabled"), true);
        } else {
            entry.remove(QStringLiteral("disabled"));
        }
        return Ok{};
    });
}

Status setToolPolicy(const QString& path, const QString& server, const QString& tool,
                     std::optional<McpToolPolicy> policy) {
    if (tool.isEmpty()) {
        return Error{
            kInvalidCode,
            QStringLiteral("A tool policy needs the name of the tool of server '%1'.").arg(server)};
    }
    return editServer(path, server, [&](QJsonObject& entry) -> Status {
        const QString key = QStringLiteral("toolPolicy");
        const QJsonValue current = entry.value(key);
        if (!current.isUndefined() && !current.isObject()) {
            return Error{kInvalidCode,
                         QStringLiteral("The 'toolPolicy' of MCP server '%1' in %2 is %3, not an "
                                        "object. Fix it there first.")
                             .arg(server, path, kindOf(current))};
        }
        QJsonObject tools = current.toObject();
        if (policy) {
            tools.insert(tool, statusName(*policy));
        } else {
            tools.remove(tool);
        }
        if (tools.isEmpty()) {
            entry.remove(key);
        } else {
            entry.insert(key, tools);
        }
        return Ok{};
    });
}

Result<QJsonObject> serverEntry(const QString& path, const QString& name) {
    const Result<QJsonObject> root = readDocument(path);
    if (!root)
        return root.error();
    const QJsonValue entry = root->value(kServersKey).toObject().value(name);
    if (entry.isUndefined())
        return QJsonObject();
    if (!entry.isObject()) {
        return Error{kInvalidCode,
                     QStringLiteral("The entry of MCP server '%1' in %2 is %3, not an object. Fix "
                                    "it there first.")
                         .arg(name, path, kindOf(entry))};
    }
    return entry.toObject();
}

}  // namespace mcp_config

}  // namespace zerg
