#pragma once

#include "core/result.h"
#include "core/settings.h"
#include "core/status.h"
#include "dashboard/hosts_source.h"

#include <QCoreApplication>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <optional>

class QNetworkAccessManager;

namespace zerg {

class Clock;
class McpServers;
class ProviderProbe;
struct ProviderKind;

// One check's result.
struct DoctorCheck {
    enum class Status {
        Ok,
        Warning,  // Zerg works, with a limit the user should know about
        Failed,   // something Zerg needs is broken: fix says what to do
        Skipped,  // not run, because a check it depends on failed (message says which)
    };

    QString id;     // stable: provider, provider_reachable, models, model:<name>, data_folder,
                    // disk_space, database, sandbox, hosts_file, host:<alias>
    QString title;  // for people: "LLM provider", "Host web1"
    Status status = Status::Ok;
    QString message;  // what was found; may span lines
    QString fix;      // what to do about a warning or failure; empty when there is nothing to do
};

// A check's status word in `zerg doctor --json` (which leaves skipped checks out).
template <>
struct StatusTable<DoctorCheck::Status> {
    static constexpr std::array<std::pair<DoctorCheck::Status, const char*>, 4> names{{
        {DoctorCheck::Status::Ok, "ok"},
        {DoctorCheck::Status::Warning, "warn"},
        {DoctorCheck::Status::Failed, "fail"},
        {DoctorCheck::Status::Skipped, "skipped"},
    }};
};

struct DoctorTimeouts {
    int httpMs = 5000;    // one request to the LLM provider
    int ollamaMs = 1500;  // looking for a local Ollama (the advice without a provider)
    // Bounds the wait for all host logins, should a result never come (the logins' own timeouts
    // are the HostsSource's).
    qint64 hostsMs = 60 * 1000;
    // How long the MCP servers of mcp.json may take to start and list their tools.
    qint64 mcpMs = 30 * 1000;
};

// `zerg doctor`'s checks, in process (the GUI's "Run checks" will run them too): is what Zerg
// needs on this computer there, and what to fix. In the order of its report:
//   provider      configured (llm::providerProblem), reachable (the registry's models request
//                 for the kind, with the API key), each configured model offered by the server
//   data folder   ZERG_DATA_DIR exists or can be created, takes a probe file; free space
//   database      opens, and its schema is not newer than this Zerg (SQLite is read without
//                 changes; PostgreSQL is opened as at start, which applies pending migrations)
//   sandbox       what shell_exec does with ZERG_SHELL_SANDBOX: bubblewrap works, the restricted
//                 mode was chosen, or it is unavailable (why, and what to install or set)
//   mcp           mcp.json readable and every entry valid; each enabled server starts and lists
//                 its tools (only when mcp.json names servers)
//   hosts         the hosts file readable; every allowed host logs in and runs `true`
// It changes nothing: no data folder is created, no migration applied to SQLite.
//
// It lives in dashboard/ (not runtime/) because its host checks are the Hosts page's: it reads
// the hosts file and tests the logins through a HostsSource (LocalHostsSource: HostChecks and its
// SSH pool, exactly the page's "Test connection"), and that interface is the dashboard's. Moving
// host checking below runtime would drag the page's types and their JSON codecs (api/) along; the
// doctor needs nothing of runtime, and the later "Run checks" button reads from here as the other
// pages do.
//
// Asynchronous: the host logins start first and run while the other checks go on; the provider's
// requests are ProviderProbe's (llm/), timed on clock. Every timeout goes through clock, so a
// ManualClock drives them in tests. The data folder and database checks are quick local reads
// (PostgreSQL: a connection as at every start) and run on the calling thread.
class Doctor : public QObject {
    Q_OBJECT
public:
    // nam, clock and hosts must outlive the doctor.
    Doctor(Settings settings, QNetworkAccessManager* nam, Clock* clock, HostsSource* hosts,
           DoctorTimeouts timeouts, QObject* parent = nullptr);
    ~Doctor() override;

    // Starts the checks (once); checked() reports each, then finished().
    void run();
    [[nodiscard]] bool isFinished() const { return m_finished; }
    // The results so far, in report order.
    [[nodiscard]] const QList<DoctorCheck>& checks() const { return m_checks; }
    [[nodiscard]] int count(DoctorCheck::Status status) const;

    // The "sandbox" check alone, for the Settings page too: ok when shell_exec runs
    // commands under bubblewrap, a warning when the user chose the restricted mode (no sandbox),
    // a failure when bubblewrap cannot run, so that every call is refused. Starts bubblewrap's
    // test sandbox the first time for a bwrap path (a few milliseconds, then cached). bwrapPath:
    // the program to probe, found on PATH unless absolute.
    [[nodiscard]] static DoctorCheck sandboxCheck(
        const Settings& settings, const QString& bwrapPath = QStringLiteral("bwrap"));

Q_SIGNALS:
    void checked(const zerg::DoctorCheck& check);
    void finished();

private:
    struct ModelUse {
        QString model;
        QStringList roles;      // supervisor, quick, worker, decider, summary
        QStringList variables;  // the ZERG_* variables (or agents' tuning) that chose it
    };
    struct HostLogin {
        HostInfo host;
        std::optional<Result<HostTestResult>> result;
    };

    void report(DoctorCheck check);
    // The steps, in report order; each calls the next when done.
    void startHostLogins();
    void checkProvider();
    void reportUnconfiguredProvider(const QString& problem, const QString& fix);
    void onModelsList();
    void checkNextModel();
    void reportModel(const ModelUse& use, bool listed);
    void checkLocal();
    void checkMcp();
    // The settings of the alert channels that answer back (phone links, replies by e-mail, SMS),
    // read as Zerg reads them at start; nothing is sent. No row for a channel not configured.
    void checkAlerts();
    void finishMcp();
    void checkHosts();
    void finishHosts();

    [[nodiscard]] QList<ModelUse> modelUses() const;
    [[nodiscard]] QString keySource() const;
    [[nodiscard]] DoctorCheck dataFolderCheck() const;
    [[nodiscard]] DoctorCheck diskSpaceCheck() const;
    [[nodiscard]] DoctorCheck databaseCheck() const;
    [[nodiscard]] DoctorCheck hostsFileCheck() const;
    [[nodiscard]] DoctorCheck hostCheck(const HostLogin& login) const;

    Settings m_settings;
    QNetworkAccessManager* m_nam;
    Clock* m_clock;
    HostsSource* m_hosts;
    DoctorTimeouts m_timeouts;
    bool m_started = false;
    bool m_finished = false;
    QList<DoctorCheck> m_checks;

    const ProviderKind* m_kind = nullptr;
    QPointer<ProviderProbe> m_probe;  // the request under way, if any
    QList<ModelUse> m_modelsToCheck;
    QStringList m_offered;  // the models list's ids
    qsizetype m_nextModel = 0;

    std::optional<Result<HostsList>> m_hostsList;
    QList<HostLogin> m_logins;
    int m_pendingLogins = 0;
    bool m_waitingForHosts = false;
    McpServers* m_mcp = nullptr;  // while the MCP check runs
    quint64 m_mcpDeadline = 0;
    quint64 m_hostsDeadline = 0;
};

}  // namespace zerg
