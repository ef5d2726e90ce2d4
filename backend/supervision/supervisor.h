#pragma once

#include "core/clock.h"
#include "core/result.h"
#include "supervision/child.h"
#include "supervision/child_spec.h"
#include "supervision/exit_reason.h"
#include "supervision/restart_intensity.h"

#include <QJsonObject>
#include <QList>
#include <QPointer>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace zerg::supervision {

// Error codes of the supervisor API (OTP's names where OTP has one).
namespace errors {
inline constexpr char DuplicateChildName[] = "duplicate_child_name";
inline constexpr char BadCombination[] = "bad_combination";
inline constexpr char BadStartSpec[] = "bad_start_spec";
inline constexpr char InvalidIntensity[] = "invalid_intensity";
inline constexpr char InvalidPeriod[] = "invalid_period";
inline constexpr char InvalidChildSpec[] = "invalid_child_spec";
inline constexpr char InvalidMaxChildren[] = "invalid_max_children";
inline constexpr char FailedToStartChild[] = "failed_to_start_child";
inline constexpr char StartError[] = "start_error";  // OTP's {error, Reason} from a start
inline constexpr char AlreadyStarted[] = "already_started";
inline constexpr char AlreadyPresent[] = "already_present";
inline constexpr char NotFound[] = "not_found";
inline constexpr char Running[] = "running";
inline constexpr char Restarting[] = "restarting";
inline constexpr char MaxChildren[] = "max_children";
inline constexpr char SimpleOneForOne[] = "simple_one_for_one";  // by-id call on a dynamic sup
inline constexpr char NotDynamic[] = "not_dynamic";  // startDynamicChild on a static supervisor
inline constexpr char NotRunning[] = "not_running";  // supervisor not started, stopping or gone
inline constexpr char Busy[] = "busy";  // a one_for_all / rest_for_one restart is under way
}  // namespace errors

// What which_children reports for one child. Stopping (beyond OTP) is a child that was asked to
// stop and has not exited yet; OTP never shows it because its supervisor blocks meanwhile.
enum class ChildState { Running, Restarting, Undefined, Stopping };

struct ChildInfo {
    QString id;
    ChildState state = ChildState::Undefined;
    ChildType type = ChildType::Worker;
    QPointer<Child> child;  // null unless running or stopping
};

struct ChildCounts {
    int specs = 0;
    int active = 0;
    int supervisors = 0;  // includes dead specs
    int workers = 0;      // includes dead specs
    friend bool operator==(const ChildCounts&, const ChildCounts&) = default;
};

// Answer of a start: child is null when the start function returned ignore.
struct StartedChild {
    QString id;
    Child* child = nullptr;
    QVariant info;
};

// An OTP supervisor on the Qt event loop. It is itself a Child, so trees nest and a supervisor
// that gives up is seen by its parent as a child exiting with shutdown.
//
// Time (shutdown timeouts, backoff, the intensity window) comes from the injected Clock. Retries of
// a child that failed to restart are posted to the event loop, one per turn, so API calls and stop
// requests are served in between.
class Supervisor final : public Child {
    Q_OBJECT
public:
    // Validates flags and specs (errors: invalid_intensity, invalid_period, invalid_max_children,
    // bad_start_spec, duplicate_child_name, bad_combination, invalid_child_spec). clock must
    // outlive the supervisor. Nothing starts until start().
    [[nodiscard]] static Result<std::unique_ptr<Supervisor>> create(const QString& name,
                                                                    const SupervisorFlags& flags,
                                                                    const QList<ChildSpec>& specs,
                                                                    Clock* clock);
    // For a start function of a child spec of type supervisor: starts sup and hands it over, or
    // returns the error (the failed supervisor then deletes itself once its cleanup is done).
    [[nodiscard]] static StartResult startAsChild(std::unique_ptr<Supervisor> sup);

    ~Supervisor() override;

    // Starts the static children in list order. If one fails, those already started are stopped
    // in reverse order and the error is failed_to_start_child (message names the child).
    [[nodiscard]] Status start();

    // Static supervisors. Errors: already_started, already_present, bad_combination,
    // invalid_child_spec, start_error. An ignore result answers ok with a null child.
    [[nodiscard]] Result<StartedChild> startChild(const ChildSpec& spec);
    // simple_one_for_one: starts a child from the template with args. Errors: max_children,
    // start_error. The answer's id names this child in terminateChild() and whichChildren().
    [[nodiscard]] Result<StartedChild> startDynamicChild(const QVariant& args = {});
    // Asks the child to stop by its shutdown spec; answers at once, the child becomes undefined
    // when it has exited. ok also when already stopped. Static: not_found for an unknown id.
    // Dynamic: the template id is an error (simple_one_for_one), an unknown child id is ok.
    Status terminateChild(const QString& id);
    Status terminateChild(Child* child);
    // Only for an undefined child. Errors: running, restarting, not_found, start_error.
    [[nodiscard]] Result<StartedChild> restartChild(const QString& id);
    // Only for an undefined child. Errors: running, restarting, not_found.
    Status deleteChild(const QString& id);
    // Newest first.
    [[nodiscard]] QList<ChildInfo> whichChildren() const;
    [[nodiscard]] ChildCounts countChildren() const;

    // Graceful stop: children stop in reverse start order (dynamic ones in parallel under one
    // timer), then the supervisor exits with shutdown. Same as requestShutdown().
    void stop() { requestShutdown(); }
    void requestShutdown() override;
    // Kills every child at once and exits with killed.
    void kill() override;

    // Dashboard view: {id, strategy, intensity, period, auto_shutdown, state, restarts_in_window,
    // children: [{id, state, type, restart, significant, restart_count, last_exit_reason,
    // started_at_ms, child}]} with children in start order and child the nested snapshot of a
    // child supervisor.
    [[nodiscard]] QJsonObject snapshot() const;

    // Source of U[0,1) for the backoff's random factor (default: QRandomGenerator).
    void setRandomSource(std::function<double()> random);

    [[nodiscard]] QString name() const { return m_name; }
    [[nodiscard]] SupervisorFlags flags() const { return m_flags; }
    [[nodiscard]] bool isRunning() const;
    // Restarts counted in the intensity window right now.
    [[nodiscard]] int restartsInWindow() const;

Q_SIGNALS:
    // Every successful start of a child (initial, API and restart).
    void childStarted(const QString& id);
    // Every exit of a child, whatever the cause (crash, stop request, kill).
    void childExited(const QString& id, const zerg::supervision::ExitReason& reason);
    // A start made by the supervisor's restart logic succeeded (after childStarted).
    void childRestarted(const QString& id, int restartCount);
    // Restart intensity exceeded by childId's exit; the supervisor now stops its children and
    // exits with shutdown (escalation to its parent).
    void gaveUp(const QString& childId, const zerg::supervision::ExitReason& reason);

private:
    enum class Phase { NotStarted, Running, GroupRestart, Stopping, Exited, StartFailed };
    friend struct StatusTable<Phase>;  // the words of snapshot()'s "state"
    enum class StartOutcome { Started, Ignored, Failed };
    using Done = std::function<void()>;

    struct Record {
        quint64 serial = 0;
        QString id;
        ChildSpec spec;
        QVariant args;  // dynamic children
        ChildState state = ChildState::Undefined;
        QPointer<Child> child;
        quint64 generation = 0;  // bumped at each successful start; tells stale exits apart
        int restartCount = 0;
        std::optional<ExitReason> lastExit;
        qint64 startedAtMs = -1;
        int backoffStreak = 0;
        Clock::TimerId restartTimer = 0;  // pending backoff delay
        quint64 retryToken = 0;           // invalidates posted retries and backoff timers
        Clock::TimerId killTimer = 0;     // shutdown timeout
        std::vector<Done> stopWaiters;
        bool removeWhenStopped = false;
    };

    Supervisor(const QString& name, const SupervisorFlags& flags, const QList<ChildSpec>& specs,
               Clock* clock);

    [[nodiscard]] bool isDynamic() const { return m_flags.strategy == Strategy::SimpleOneForOne; }
    Record* find(const QString& id) const;
    Record* findBySerial(quint64 serial) const;
    Record* findByChild(const Child* child) const;
    int indexOf(const Record* r) const;
    Record* addRecord(const QString& id, const ChildSpec& spec, const QVariant& args);
    void removeRecord(Record* r);
    QList<quint64> serials(int fromIndex = 0) const;

    StartOutcome startRecord(Record* r, QString* error, QVariant* info);
    void onChildExited(quint64 serial, quint64 generation, const ExitReason& reason);
    void finishStop(Record* r);
    void handleExit(Record* r, const ExitReason& reason);
    void decideRestart(Record* r);
    void performRestart(Record* r);
    void restartOne(Record* r);
    void restartGroup(Record* r, int fromIndex);
    void finishGroupRestart(const QList<quint64>& group, quint64 token);
    void postRetry(Record* r);
    void retryRestart(quint64 serial, quint64 token);
    void cancelPendingRestart(Record* r);
    void defer(Done fn);
    void drainDeferred();
    void giveUp(Record* r, const ExitReason& reason);
    void checkAutoShutdown();

    void beginStop(Record* r, Done waiter, bool armKillTimer);
    void terminateRecord(Record* r, Done done);
    void killRecord(Record* r);
    void terminateSequence(QList<quint64> order, quint64 token, Done done);
    void terminateAllParallel(quint64 token, Done done);
    void shutdownSelf();
    void cleanupFinished();
    Status terminateRecordByApi(Record* r);

    [[nodiscard]] std::optional<Error> validateSpec(const ChildSpec& spec) const;
    [[nodiscard]] Error error(const char* code, const QString& message) const;
    [[nodiscard]] std::optional<Error> notAcceptingCalls() const;

    QString m_name;
    SupervisorFlags m_flags;
    QList<ChildSpec> m_initialSpecs;
    Clock* m_clock;
    RestartIntensity m_intensity;
    std::function<double()> m_random;
    Phase m_phase = Phase::NotStarted;
    std::vector<std::unique_ptr<Record>> m_records;  // start order
    quint64 m_nextSerial = 1;
    quint64 m_nextDynamicId = 1;
    quint64 m_opToken = 0;        // bumped when a multi-step operation is superseded
    std::deque<Done> m_deferred;  // exits and retries that arrived during a group restart
    Clock::TimerId m_parallelKillTimer = 0;
    bool m_cleanupPending = false;
    bool m_deleteWhenIdle = false;
};

}  // namespace zerg::supervision

namespace zerg {

// A child's state in the snapshot's children.
template <>
struct StatusTable<supervision::ChildState> {
    static constexpr std::array<std::pair<supervision::ChildState, const char*>, 4> names{{
        {supervision::ChildState::Running, "running"},
        {supervision::ChildState::Restarting, "restarting"},
        {supervision::ChildState::Undefined, "undefined"},
        {supervision::ChildState::Stopping, "stopping"},
    }};
};

// The supervisor's own state in its snapshot.
template <>
struct StatusTable<supervision::Supervisor::Phase> {
    using Phase = supervision::Supervisor::Phase;
    static constexpr std::array<std::pair<Phase, const char*>, 6> names{{
        {Phase::NotStarted, "not_started"},
        {Phase::Running, "running"},
        {Phase::GroupRestart, "restarting"},
        {Phase::Stopping, "stopping"},
        {Phase::Exited, "exited"},
        {Phase::StartFailed, "failed"},
    }};
};

}  // namespace zerg
