#include "dashboard/hosts_source.h"

#include "core/off_thread.h"
#include "dashboard/record_json.h"
#include "storage/json_fields.h"
#include "tools/host_trust.h"
#include "tools/ssh_pool.h"
#include "tools/ssh_session_worker.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>

namespace zerg {

using namespace Qt::StringLiterals;

// ---- HostsSource ------------------------------------------------------------------------------

namespace {

Error cannotEdit() {
    return Error{u"forbidden"_s,
                 HostChecks::tr("This list of hosts cannot be changed from here. Edit the hosts "
                                "file itself.")};
}

}  // namespace

void HostsSource::addHost(const HostEntry& entry, QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(entry);
    Q_UNUSED(context);
    done(cannotEdit());
}

void HostsSource::updateHost(const QString& alias, const HostEntry& entry, QObject* context,
                             SourceReply<Ok> done) {
    Q_UNUSED(alias);
    Q_UNUSED(entry);
    Q_UNUSED(context);
    done(cannotEdit());
}

void HostsSource::removeHost(const QString& alias, QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(alias);
    Q_UNUSED(context);
    done(cannotEdit());
}

void HostsSource::importCandidates(QObject* context, SourceReply<HostImportList> done) {
    Q_UNUSED(context);
    done(cannotEdit());
}

void HostsSource::importHosts(const QStringList& aliases, QObject* context,
                              SourceReply<QStringList> done) {
    Q_UNUSED(aliases);
    Q_UNUSED(context);
    done(cannotEdit());
}

// ---- HostChecks -------------------------------------------------------------------------------

HostsList HostChecks::list(const QString& hostsFile, const QString& defaultKnownHosts) {
    HostsList out;
    out.hostsFile = hostsFile;
    const Result<HostsConfig> loaded = HostsConfig::loadFile(hostsFile);
    if (!loaded) {
        out.loadError = loaded.error();
        return out;
    }
    for (const QString& alias : loaded->aliases()) {
        const HostEntry e = *loaded->find(alias);
        HostInfo h;
        h.alias = alias;
        h.hostName = e.hostName;
        h.port = e.port;
        h.user = e.user;
        h.knownHostsFile = e.knownHostsOr(defaultKnownHosts);
        h.keyState =
            HostKeys::isRecorded(e, h.knownHostsFile) ? HostKeyState::Known : HostKeyState::Unknown;
        h.settings = e;
        out.hosts.append(h);
    }
    return out;
}

Result<HostEntry> HostChecks::find(const QString& hostsFile, const QString& alias) {
    const Result<HostsConfig> loaded = HostsConfig::loadFile(hostsFile);
    if (!loaded)
        return loaded.error();
    if (std::optional<HostEntry> entry = loaded->find(alias))
        return *entry;
    const QStringList aliases = loaded->aliases();
    return Error{u"not_found"_s,
                 tr("\"%1\" is not in the hosts file %2 (allowed: %3). Add a Host block for it "
                    "there, or reload the list if the file changed.")
                     .arg(alias, QDir::toNativeSeparators(hostsFile),
                          aliases.isEmpty() ? tr("none") : aliases.join(u", "_s))};
}

namespace {

HostKeyCheck checkOf(const HostTrust::Check& c) {
    HostKeyCheck out;
    out.keyType = c.key.type;
    out.fingerprint = c.key.sha256;
    out.knownHostsFile = c.knownHostsFile;
    out.message = c.message;
    switch (c.state) {
        case HostTrust::State::Known:
            out.state = HostKeyState::Known;
            break;
        case HostTrust::State::Unknown:
            out.state = HostKeyState::Unknown;
            break;
        case HostTrust::State::Changed:
            out.state = HostKeyState::Changed;
            break;
    }
    return out;
}

}  // namespace

Result<HostKeyCheck> HostChecks::checkKey(const HostEntry& host, const QString& knownHostsFile) {
    HostTrust trust(host, knownHostsFile);
    const Result<HostTrust::Check> check = trust.check();
    if (!check)
        return check.error();
    return checkOf(check.value());
}

Result<HostKeyCheck> HostChecks::trust(const HostEntry& host, const QString& knownHostsFile,
                                       const QString& fingerprint) {
    // A fresh connection: what is recorded is the key the host offers now, and only if it is
    // the one the user compared and accepted.
    HostTrust trust(host, knownHostsFile);
    const Result<HostTrust::Check> check = trust.check();
    if (!check)
        return check.error();
    HostKeyCheck out = checkOf(check.value());
    if (out.state == HostKeyState::Changed)
        return Error{u"host_key_changed"_s, out.message};
    if (out.fingerprint != fingerprint) {
        return Error{u"host_key_changed"_s,
                     tr("The host key of %1 is not the one you checked: it now offers the %2 key "
                        "%3, not %4. Nothing was recorded. Check the key again and compare the "
                        "new fingerprint with the server's administrator before trusting it.")
                         .arg(host.alias, out.keyType, out.fingerprint, fingerprint)};
    }
    if (out.state == HostKeyState::Known)
        return out;  // recorded already: nothing to write
    if (const Status recorded = trust.record(); !recorded)
        return recorded.error();
    out.state = HostKeyState::Known;
    return out;
}

// ---- LocalHostsSource -------------------------------------------------------------------------

LocalHostsSource::LocalHostsSource(Settings settings, Clock* clock)
    : LocalHostsSource(std::move(settings), clock, Timeouts{}) {}

LocalHostsSource::LocalHostsSource(Settings settings, Clock* clock, Timeouts timeouts)
    : m_settings(std::move(settings)), m_clock(clock), m_timeouts(timeouts) {}

LocalHostsSource::~LocalHostsSource() = default;

void LocalHostsSource::hosts(QObject* context, SourceReply<HostsList> done) {
    Q_UNUSED(context);
    done(HostChecks::list(m_settings.hostsFile, m_settings.knownHostsFile));
}

void LocalHostsSource::test(const QString& alias, QObject* context,
                            SourceReply<HostTestResult> done) {
    const Result<HostEntry> host = HostChecks::find(m_settings.hostsFile, alias);
    if (!host)
        return done(host.error());
    if (!m_pool) {
        SshPoolOptions opts;
        opts.maxConnectionsPerHost = 1;
        opts.idleCloseMs = m_timeouts.idleCloseMs;
        m_pool = std::make_unique<SshPool>(opts, m_clock);
    }
    SshTarget target;
    target.host = host.value();
    target.knownHostsFile = host->knownHostsOr(m_settings.knownHostsFile);
    target.defaultKnownHostsFile = m_settings.knownHostsFile;  // for its jump hosts
    target.hostsFile = m_settings.hostsFile;
    target.connectTimeoutSecs = m_timeouts.connectSecs;
    SshCall call;
    call.command = u"true"_s;
    call.timeoutSecs = m_timeouts.commandSecs;
    auto started = std::make_shared<QElapsedTimer>();
    started->start();
    m_pool->submit(target, call, context,
                   [done = std::move(done), started](const QJsonObject& payload) {
                       HostTestResult r;
                       r.ok = payload.value(u"ok"_s).toBool();
                       r.elapsedMs = started->elapsed();
                       if (!r.ok) {
                           r.error = payload.value(u"error"_s).toString();
                           r.errorCode = payload.value(u"error_code"_s).toString();
                           r.fingerprint = payload.value(u"fingerprint"_s).toString();
                       }
                       done(std::move(r));
                   });
}

namespace {

// Runs work(the host, its known_hosts file) away from this thread and answers done with its
// result; an alias that is not in the hosts file is answered at once.
template <typename Work>
void onHostKey(const Settings& settings, const QString& alias, QObject* context,
               SourceReply<HostKeyCheck> done, Work work) {
    const Result<HostEntry> host = HostChecks::find(settings.hostsFile, alias);
    if (!host)
        return done(host.error());
    runOffThread(
        context,
        [entry = host.value(), knownHosts = host->knownHostsOr(settings.knownHostsFile),
         work = std::move(work)] { return work(entry, knownHosts); },
        [done = std::move(done)](Result<HostKeyCheck> r) { done(std::move(r)); });
}

}  // namespace

void LocalHostsSource::checkKey(const QString& alias, QObject* context,
                                SourceReply<HostKeyCheck> done) {
    onHostKey(m_settings, alias, context, std::move(done), &HostChecks::checkKey);
}

void LocalHostsSource::trust(const QString& alias, const QString& fingerprint, QObject* context,
                             SourceReply<HostKeyCheck> done) {
    onHostKey(m_settings, alias, context, std::move(done),
              [fingerprint](const HostEntry& entry, const QString& knownHosts) {
                  return HostChecks::trust(entry, knownHosts, fingerprint);
              });
}

QString LocalHostsSource::sshConfigFile() {
    return QDir::homePath() + u"/.ssh/config"_s;
}

void LocalHostsSource::addHost(const HostEntry& entry, QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(context);
    done(HostsFileEditor::addHost(m_settings.hostsFile, entry));
}

void LocalHostsSource::updateHost(const QString& alias, const HostEntry& entry, QObject* context,
                                  SourceReply<Ok> done) {
    Q_UNUSED(context);
    done(HostsFileEditor::updateHost(m_settings.hostsFile, alias, entry));
}

void LocalHostsSource::removeHost(const QString& alias, QObject* context, SourceReply<Ok> done) {
    Q_UNUSED(context);
    done(HostsFileEditor::removeHost(m_settings.hostsFile, alias));
}

void LocalHostsSource::importCandidates(QObject* context, SourceReply<HostImportList> done) {
    Q_UNUSED(context);
    HostImportList list;
    list.sshConfigFile = sshConfigFile();
    Result<QList<HostImportCandidate>> hosts =
        HostsFileEditor::importCandidates(list.sshConfigFile, m_settings.hostsFile);
    if (!hosts)
        return done(hosts.error());
    list.hosts = std::move(hosts).value();
    done(std::move(list));
}

void LocalHostsSource::importHosts(const QStringList& aliases, QObject* context,
                                   SourceReply<QStringList> done) {
    Q_UNUSED(context);
    if (aliases.isEmpty()) {
        return done(Error{u"invalid_argument"_s,
                          HostChecks::tr("No host was chosen, so nothing was imported. Tick the "
                                         "hosts to import.")});
    }
    if (m_settings.hostsFile.isEmpty()) {
        return done(Error{u"hosts_file_missing"_s,
                          HostChecks::tr("No hosts file is configured, so nothing was imported. "
                                         "Set ZERG_HOSTS_FILE to the file that lists the hosts "
                                         "workers may reach.")});
    }
    done(HostsConfig::importAliases(sshConfigFile(), aliases, m_settings.hostsFile));
}

// ---- JSON -------------------------------------------------------------------------------------

namespace recordjson {
namespace {

QString hostsWhat() {
    return QCoreApplication::translate("zerg::recordjson", "the hosts");
}

// The strings of an array (anything else in it, or no array, reads as none).
QStringList stringsOf(const QJsonValue& v) {
    QStringList out;
    for (const QJsonValue& item : v.toArray()) {
        if (item.isString())
            out << item.toString();
    }
    return out;
}

HostKeyState keyStateOf(const QJsonValue& v) {
    // A word from a newer server reads as "not recorded": the server still refuses to trust
    // anything it should not.
    return parseStatus<HostKeyState>(v.toString()).value_or(HostKeyState::Unknown);
}

}  // namespace

QJsonObject toJson(const HostsList& list) {
    QJsonArray hosts;
    for (const HostInfo& h : list.hosts) {
        hosts.append(
            QJsonObject{{u"alias"_s, h.alias},
                        {u"host"_s, h.hostName},
                        {u"port"_s, h.port},
                        {u"user"_s, h.user},
                        {u"known_hosts"_s, h.knownHostsFile},
                        {u"key_state"_s, statusName(h.keyState)},
                        {u"identity_files"_s, QJsonArray::fromStringList(h.settings.identityFiles)},
                        {u"proxy_jump"_s, QJsonArray::fromStringList(h.settings.proxyJump)},
                        {u"own_known_hosts"_s, !h.settings.knownHostsFile.isEmpty()}});
    }
    return {{u"hosts_file"_s, list.hostsFile},
            {u"load_error"_s, list.loadError
                                  ? QJsonValue(QJsonObject{{u"code"_s, list.loadError->code},
                                                           {u"message"_s, list.loadError->message}})
                                  : QJsonValue(QJsonValue::Null)},
            {u"hosts"_s, hosts}};
}

Result<HostsList> hostsList(const QJsonObject& o) {
    Result<QList<HostInfo>> hosts =
        listOf<HostInfo>(o.value(u"hosts"_s), hostsWhat(), [](const QJsonObject& h) {
            HostInfo info;
            info.alias = h.value(u"alias"_s).toString();
            info.hostName = h.value(u"host"_s).toString();
            info.port = h.value(u"port"_s).toInt(22);
            info.user = h.value(u"user"_s).toString();
            info.knownHostsFile = h.value(u"known_hosts"_s).toString();
            info.keyState = keyStateOf(h.value(u"key_state"_s));
            info.settings.alias = info.alias;
            info.settings.hostName = info.hostName;
            info.settings.port = info.port;
            info.settings.user = info.user;
            info.settings.identityFiles = stringsOf(h.value(u"identity_files"_s));
            info.settings.proxyJump = stringsOf(h.value(u"proxy_jump"_s));
            if (h.value(u"own_known_hosts"_s).toBool())
                info.settings.knownHostsFile = info.knownHostsFile;
            return info;
        });
    if (!hosts)
        return hosts.error();
    HostsList list;
    list.hostsFile = o.value(u"hosts_file"_s).toString();
    list.hosts = std::move(hosts).value();
    const QJsonValue error = o.value(u"load_error"_s);
    if (error.isObject()) {
        list.loadError = Error{error.toObject().value(u"code"_s).toString(),
                               error.toObject().value(u"message"_s).toString()};
    } else if (!error.isNull() && !error.isUndefined()) {
        return protocolError(hostsWhat());
    }
    return list;
}

namespace {

const JsonFields<HostTestResult>& testFields() {
    static const JsonFields<HostTestResult> fields{
        {u"ok"_s, &HostTestResult::ok},
        {u"elapsed_ms"_s, &HostTestResult::elapsedMs},
        {u"error"_s, &HostTestResult::error},
        {u"error_code"_s, &HostTestResult::errorCode},
        {u"fingerprint"_s, &HostTestResult::fingerprint}};
    return fields;
}

// The record in o when wellFormed (its one required key has the right type), else a protocol
// error naming what (a text for QT_TRANSLATE_NOOP in the "zerg::recordjson" context).
template <typename T>
Result<T> readIf(bool wellFormed, const JsonFields<T>& fields, const QJsonObject& o,
                 const char* what) {
    if (!wellFormed)
        return protocolError(QCoreApplication::translate("zerg::recordjson", what));
    return fields.read(o);
}

// A key state from a newer server reads as unknown, the record's default ("not recorded"): the
// server still refuses to trust anything it should not.
const JsonFields<HostKeyCheck>& keyFields() {
    static const JsonFields<HostKeyCheck> fields{{u"key_type"_s, &HostKeyCheck::keyType},
                                                 {u"fingerprint"_s, &HostKeyCheck::fingerprint},
                                                 {u"key_state"_s, &HostKeyCheck::state},
                                                 {u"known_hosts"_s, &HostKeyCheck::knownHostsFile},
                                                 {u"message"_s, &HostKeyCheck::message}};
    return fields;
}

}  // namespace

QJsonObject toJson(const HostTestResult& r) {
    return testFields().write(r);
}

Result<HostTestResult> hostTestResult(const QJsonObject& o) {
    return readIf(o.value(u"ok"_s).isBool(), testFields(), o,
                  QT_TRANSLATE_NOOP("zerg::recordjson", "the test's result"));
}

QJsonObject toJson(const HostKeyCheck& c) {
    return keyFields().write(c);
}

Result<HostKeyCheck> hostKeyCheck(const QJsonObject& o) {
    return readIf(o.value(u"fingerprint"_s).isString(), keyFields(), o,
                  QT_TRANSLATE_NOOP("zerg::recordjson", "the host key"));
}

QJsonObject hostEntryArgs(const HostEntry& e) {
    // A form's empty key field is no key, as the editor reads it; the API wants no empty strings.
    QStringList keys;
    for (const QString& key : e.identityFiles) {
        if (!key.trimmed().isEmpty())
            keys << key;
    }
    return {{u"alias"_s, e.alias},
            {u"host"_s, e.hostName},
            {u"port"_s, e.port},
            {u"user"_s, e.user},
            {u"identity_files"_s, QJsonArray::fromStringList(keys)},
            {u"known_hosts"_s, e.knownHostsFile},
            {u"proxy_jump"_s, QJsonArray::fromStringList(e.proxyJump)}};
}

QJsonObject toJson(const HostImportList& list) {
    return {{u"ssh_config"_s, list.sshConfigFile},
            {u"hosts"_s, arrayOf(list.hosts, [](const HostImportCandidate& c) {
                 QJsonObject o = hostEntryArgs(c.entry);
                 o.insert(u"allowed"_s, c.allowed);
                 return o;
             })}};
}

Result<HostImportList> hostImportList(const QJsonObject& o) {
    Result<QList<HostImportCandidate>> hosts = listOf<HostImportCandidate>(
        o.value(u"hosts"_s), QCoreApplication::translate("zerg::recordjson", "the hosts to import"),
        [](const QJsonObject& h) {
            HostImportCandidate c;
            c.entry.alias = h.value(u"alias"_s).toString();
            c.entry.hostName = h.value(u"host"_s).toString();
            c.entry.port = h.value(u"port"_s).toInt(22);
            c.entry.user = h.value(u"user"_s).toString();
            c.entry.identityFiles = stringsOf(h.value(u"identity_files"_s));
            c.entry.knownHostsFile = h.value(u"known_hosts"_s).toString();
            c.entry.proxyJump = stringsOf(h.value(u"proxy_jump"_s));
            c.allowed = h.value(u"allowed"_s).toBool();
            return c;
        });
    if (!hosts)
        return hosts.error();
    HostImportList list;
    list.sshConfigFile = o.value(u"ssh_config"_s).toString();
    list.hosts = std::move(hosts).value();
    return list;
}

QJsonObject importedJson(const QStringList& aliases) {
    return {{u"imported"_s, QJsonArray::fromStringList(aliases)}};
}

Result<QStringList> importedAliases(const QJsonObject& o) {
    if (!o.value(u"imported"_s).isArray()) {
        return protocolError(QCoreApplication::translate("zerg::recordjson", "the hosts imported"));
    }
    return stringsOf(o.value(u"imported"_s));
}

}  // namespace recordjson
}  // namespace zerg
