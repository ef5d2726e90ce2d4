#pragma once

#include "core/status.h"

#include <QString>
#include <QVariant>

#include <functional>
#include <optional>

namespace zerg::supervision {

class Child;

// When a child that stopped is started again (OTP restart types).
enum class RestartType {
    Permanent,  // always, even after normal
    Transient,  // only after an abnormal exit (not normal, shutdown, shutdown:x)
    Temporary,  // never; the spec is removed when the child stops
};

enum class ChildType { Worker, Supervisor };

enum class Strategy { OneForOne, OneForAll, RestForOne, SimpleOneForOne };

enum class AutoShutdown { Never, AnySignificant, AllSignificant };

// How a child is stopped: killed at once, asked to stop and killed after a timeout, or asked and
// waited for as long as it takes.
struct Shutdown {
    enum class Kind { BrutalKill, Timeout, Infinity };
    Kind kind = Kind::Timeout;
    qint64 timeoutMs = 5000;

    [[nodiscard]] static Shutdown brutalKill() { return {Kind::BrutalKill, 0}; }
    [[nodiscard]] static Shutdown timeout(qint64 ms) { return {Kind::Timeout, ms}; }
    [[nodiscard]] static Shutdown infinity() { return {Kind::Infinity, 0}; }
    [[nodiscard]] QString toString() const;  // "brutal_kill", "5000", "infinity"
    friend bool operator==(const Shutdown&, const Shutdown&) = default;
};

// Exponential backoff before a restart (beyond OTP; Akka's formula):
//   delay(n) = min(maxMs, minMs * 2^n) * (1 + u * randomFactor),  u in [0, 1)
// n counts consecutive restarts; it goes back to 0 once the child has run for resetAfterMs.
struct Backoff {
    qint64 minMs = 1000;
    qint64 maxMs = 30000;
    double randomFactor = 0.0;
    qint64 resetAfterMs = 60000;

    [[nodiscard]] qint64 delayMs(int n, double u) const;
};

// What a start function returns (OTP's {ok, Pid} / {ok, Pid, Info} / ignore / {error, Reason}).
class StartResult {
public:
    enum class Kind { Started, Ignore, Error };

    // The supervisor takes ownership of child.
    [[nodiscard]] static StartResult started(Child* child, QVariant info = {});
    [[nodiscard]] static StartResult ignore();
    [[nodiscard]] static StartResult error(QString reason);

    [[nodiscard]] Kind kind() const { return m_kind; }
    [[nodiscard]] Child* child() const { return m_child; }
    [[nodiscard]] QVariant info() const { return m_info; }
    [[nodiscard]] QString errorReason() const { return m_reason; }

private:
    Kind m_kind = Kind::Ignore;
    Child* m_child = nullptr;
    QVariant m_info;
    QString m_reason;
};

// One child of a supervisor. The start function receives the arguments of startDynamicChild()
// for the template of a simple_one_for_one supervisor, and an invalid QVariant otherwise. A start
// function that throws counts as an error result.
struct ChildSpec {
    using StartFunction = std::function<StartResult(const QVariant& args)>;

    QString id;
    StartFunction start;
    RestartType restart = RestartType::Permanent;
    bool significant = false;
    std::optional<Shutdown> shutdown;  // unset: worker 5000 ms, supervisor infinity
    ChildType type = ChildType::Worker;
    std::optional<Backoff> backoff;  // unset: restart at once, as OTP does

    [[nodiscard]] Shutdown effectiveShutdown() const;
};

struct SupervisorFlags {
    Strategy strategy = Strategy::OneForOne;
    int intensity = 1;   // restarts allowed inside the window (>= 0)
    int periodSecs = 5;  // window length in whole seconds (> 0)
    AutoShutdown autoShutdown = AutoShutdown::Never;
    std::optional<int> maxChildren;  // simple_one_for_one only; unset = no limit
};

}  // namespace zerg::supervision

namespace zerg {

// The words of Supervisor::snapshot(): OTP's own names.
template <>
struct StatusTable<supervision::RestartType> {
    static constexpr std::array<std::pair<supervision::RestartType, const char*>, 3> names{{
        {supervision::RestartType::Permanent, "permanent"},
        {supervision::RestartType::Transient, "transient"},
        {supervision::RestartType::Temporary, "temporary"},
    }};
};

template <>
struct StatusTable<supervision::ChildType> {
    static constexpr std::array<std::pair<supervision::ChildType, const char*>, 2> names{{
        {supervision::ChildType::Worker, "worker"},
        {supervision::ChildType::Supervisor, "supervisor"},
    }};
};

template <>
struct StatusTable<supervision::Strategy> {
    static constexpr std::array<std::pair<supervision::Strategy, const char*>, 4> names{{
        {supervision::Strategy::OneForOne, "one_for_one"},
        {supervision::Strategy::OneForAll, "one_for_all"},
        {supervision::Strategy::RestForOne, "rest_for_one"},
        {supervision::Strategy::SimpleOneForOne, "simple_one_for_one"},
    }};
};

template <>
struct StatusTable<supervision::AutoShutdown> {
    static constexpr std::array<std::pair<supervision::AutoShutdown, const char*>, 3> names{{
        {supervision::AutoShutdown::Never, "never"},
        {supervision::AutoShutdown::AnySignificant, "any_significant"},
        {supervision::AutoShutdown::AllSignificant, "all_significant"},
    }};
};

}  // namespace zerg
