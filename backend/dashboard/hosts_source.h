#pragma once

#include "core/settings.h"
#include "core/status.h"
#include "dashboard/reply.h"
#include "tools/hosts_config.h"
#include "tools/hosts_file_editor.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class QObject;

namespace zerg {

class Clock;
class SshPool;

// One allowed host as the Hosts page lists it.
struct HostInfo {
    QString alias;
    QString hostName;
    int port = 22;
    QString user;
    QString knownHostsFile;  // the known_hosts file that applies to the host
    // Offline knowledge only (whether the file has an entry for the host): Known or Unknown,
    // never Changed, which takes a connection to find out (checkKey).
    HostKeyState keyState = HostKeyState::Unknown;
    // The host's settings as the hosts file resolves them, for the edit form: updateHost takes
    // them back (knownHostsFile empty when the default known_hosts applies). A local source gives
    // every field HostEntry has; over the API, those the JSON form below names.
    HostEntry settings;

    // "user@host:port", as the page shows it.
    [[nodiscard]] QString target() const {
        return QStringLiteral("%1@%2:%3").arg(user, hostName).arg(port);
    }
};

// The hosts file and its hosts. A file that cannot be read is not an error of the request: the
// page shows which file and why (loadError), and the list is empty.
struct HostsList {
    QString hostsFile;
    QList<HostInfo> hosts;
    std::optional<Error> loadError;  // codes: hosts_file_missing, hosts_file_invalid
};

// One test login (the command `true`, through an SSH pool, exactly as a worker's ssh_exec).
struct HostTestResult {
    bool ok = false;
    qint64 elapsedMs = 0;  // from the start of the attempt to its result
    // When not ok: what went wrong and what to do, as a worker would be told; the ssh_exec
    // error code (host_key_unknown, host_key_changed, auth_failed, connect_failed, …); and for a
    // refused key, the fingerprint of the key the host offered.
    QString error;
    QString errorCode;
    QString fingerprint;
};

// The key a host offers now (a connection without logging in) against its known_hosts file.
struct HostKeyCheck {
    QString keyType;      // "ssh-ed25519"
    QString fingerprint;  // "SHA256:…", as ssh-keygen -l prints it
    HostKeyState state = HostKeyState::Unknown;
    QString knownHostsFile;  // the file checked (and written by trust)
    QString message;         // for Changed: the security warning and what to do
};

// The concrete aliases of an OpenSSH client config that could be imported into the hosts file.
struct HostImportList {
    QString sshConfigFile;  // the file read: ~/.ssh/config of the computer the source reads
    QList<HostImportCandidate> hosts;  // in the file's order; allowed: in the hosts file already
};

// Where the Hosts page reads from and acts through: LocalHostsSource here (this computer's hosts
// file and known_hosts), RemoteHostsSource (api/) over the server's `hosts`, `host_test`,
// `host_key`, `host_trust`, `host_add`, `host_update`, `host_remove`, `host_import_candidates` and
// `host_import` (the server's files: the hosts its workers reach). An alias that is not in the
// hosts file is not_found (host_not_found for the edits), with a message that names the file; a
// hosts file that cannot be read is that file's error.
class HostsSource {
public:
    virtual ~HostsSource() = default;
    virtual void hosts(QObject* context, SourceReply<HostsList> done) = 0;
    // Logs in and runs `true`. A failed login is a result (ok false), not an error.
    virtual void test(const QString& alias, QObject* context, SourceReply<HostTestResult> done) = 0;
    // Errors: connect_failed, ssh_error, host_key_error (unreadable known_hosts).
    virtual void checkKey(const QString& alias, QObject* context,
                          SourceReply<HostKeyCheck> done) = 0;
    // Records the key the host offers now in its known_hosts file, only if its fingerprint is
    // exactly `fingerprint` (what the user saw in checkKey and accepted); answers the check after
    // recording (Known). Errors: host_key_changed (the host offers another key now, or
    // known_hosts records a different one: nothing is written), and those of checkKey.
    virtual void trust(const QString& alias, const QString& fingerprint, QObject* context,
                       SourceReply<HostKeyCheck> done) = 0;

    // Edits of the hosts file through HostsFileEditor (tools/hosts_file_editor.h: the rest of the
    // file stays as written; nothing is written when the file would not give the host what was
    // entered, or when another program changed the file meanwhile). Its error codes: host_invalid,
    // host_exists, host_not_found, host_shared_block (a block the user must edit by hand),
    // host_shadowed, hosts_file_changed, hosts_file_invalid, hosts_file_unwritable. A host's key
    // stays in known_hosts. A source that cannot edit (a test's) answers forbidden.
    virtual void addHost(const HostEntry& entry, QObject* context, SourceReply<Ok> done);
    // The host alias gets entry's settings as a whole (entry.alias other than alias renames it).
    virtual void updateHost(const QString& alias, const HostEntry& entry, QObject* context,
                            SourceReply<Ok> done);
    virtual void removeHost(const QString& alias, QObject* context, SourceReply<Ok> done);
    // The aliases of ~/.ssh/config of the user the source acts as (in remote mode the server's,
    // not this computer's), each resolved and marked when the hosts file allows it already.
    // Errors: import_source_missing (no such file), hosts_file_invalid (either file).
    virtual void importCandidates(QObject* context, SourceReply<HostImportList> done);
    // Copies those aliases from that file into the hosts file (HostsConfig::importAliases: all of
    // them or none); answers the aliases written. Errors: its import_* codes, invalid_argument
    // (no alias).
    virtual void importHosts(const QStringList& aliases, QObject* context,
                             SourceReply<QStringList> done);
};

// Host checking, once for the page, `zerg hosts` and `zerg doctor`. The blocking parts are for
// the command line and worker threads, never the GUI thread.
class HostChecks {
    Q_DECLARE_TR_FUNCTIONS(HostChecks)
public:
    // The hosts file's hosts with their offline key state (HostKeys::isRecorded).
    [[nodiscard]] static HostsList list(const QString& hostsFile, const QString& defaultKnownHosts);
    // The alias's entry, or the hosts file's error, or not_found naming the file.
    [[nodiscard]] static Result<HostEntry> find(const QString& hostsFile, const QString& alias);
    // Blocking (libssh's connect timeout).
    [[nodiscard]] static Result<HostKeyCheck> checkKey(const HostEntry& host,
                                                       const QString& knownHostsFile);
    // Blocking: connects again and records the key only when it has exactly that fingerprint.
    [[nodiscard]] static Result<HostKeyCheck> trust(const HostEntry& host,
                                                    const QString& knownHostsFile,
                                                    const QString& fingerprint);
};

// Over Settings::hostsFile and Settings::knownHostsFile (read at every request, so edits to the
// file show on the next reload). Key checks run on the global thread pool; test logins on an
// SSH pool of its own (made on first use), on clock's timers.
class LocalHostsSource final : public HostsSource {
public:
    struct Timeouts {
        int connectSecs = 10;
        int commandSecs = 10;
        qint64 idleCloseMs = 5000;  // a test, not a session to keep
    };

    // clock: the SSH pool's idle timers; null: a system clock of the pool's own. Must outlive this.
    LocalHostsSource(Settings settings, Clock* clock);
    LocalHostsSource(Settings settings, Clock* clock, Timeouts timeouts);
    ~LocalHostsSource() override;
    LocalHostsSource(const LocalHostsSource&) = delete;
    LocalHostsSource& operator=(const LocalHostsSource&) = delete;

    void hosts(QObject* context, SourceReply<HostsList> done) override;
    void test(const QString& alias, QObject* context, SourceReply<HostTestResult> done) override;
    void checkKey(const QString& alias, QObject* context, SourceReply<HostKeyCheck> done) override;
    void trust(const QString& alias, const QString& fingerprint, QObject* context,
               SourceReply<HostKeyCheck> done) override;
    // The edits answer at once (a small file, read and written on this thread).
    void addHost(const HostEntry& entry, QObject* context, SourceReply<Ok> done) override;
    void updateHost(const QString& alias, const HostEntry& entry, QObject* context,
                    SourceReply<Ok> done) override;
    void removeHost(const QString& alias, QObject* context, SourceReply<Ok> done) override;
    void importCandidates(QObject* context, SourceReply<HostImportList> done) override;
    void importHosts(const QStringList& aliases, QObject* context,
                     SourceReply<QStringList> done) override;

    // The OpenSSH config imports read: ~/.ssh/config of the user running this process.
    [[nodiscard]] static QString sshConfigFile();

private:
    Settings m_settings;
    Clock* m_clock;
    Timeouts m_timeouts;
    std::unique_ptr<SshPool> m_pool;
};

namespace recordjson {
// {hosts_file, load_error: null | {code, message}, hosts: [{alias, host, port, user,
// known_hosts, key_state, identity_files: [path], own_known_hosts}]}: own_known_hosts says
// whether known_hosts is the host's own UserKnownHostsFile (settings.knownHostsFile).
[[nodiscard]] QJsonObject toJson(const HostsList& list);
[[nodiscard]] Result<HostsList> hostsList(const QJsonObject& o);
// {ok, elapsed_ms, error, error_code, fingerprint}
[[nodiscard]] QJsonObject toJson(const HostTestResult& result);
[[nodiscard]] Result<HostTestResult> hostTestResult(const QJsonObject& o);
// {key_type, fingerprint, key_state, known_hosts, message}
[[nodiscard]] QJsonObject toJson(const HostKeyCheck& check);
[[nodiscard]] Result<HostKeyCheck> hostKeyCheck(const QJsonObject& o);
// The arguments of `host_add` (and `host_update`'s, with the alias to change): {alias, host, port,
// user, identity_files: [path], known_hosts}.
[[nodiscard]] QJsonObject hostEntryArgs(const HostEntry& entry);
// {ssh_config, hosts: [{alias, host, port, user, identity_files: [path], known_hosts, allowed}]}
[[nodiscard]] QJsonObject toJson(const HostImportList& list);
[[nodiscard]] Result<HostImportList> hostImportList(const QJsonObject& o);
// {imported: [alias]}
[[nodiscard]] QJsonObject importedJson(const QStringList& aliases);
[[nodiscard]] Result<QStringList> importedAliases(const QJsonObject& o);
}  // namespace recordjson

}  // namespace zerg
