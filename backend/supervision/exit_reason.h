#pragma once

#include "core/status.h"

#include <QMetaType>
#include <QString>

namespace zerg::supervision {

// Why a child stopped. Mirrors OTP's exit reasons: normal, shutdown, {shutdown, Detail}, killed,
// and anything else, which is a crash carrying a message.
class ExitReason {
public:
    enum class Kind { Normal, Shutdown, Killed, Crash };

    ExitReason() = default;  // normal

    [[nodiscard]] static ExitReason normal() { return {}; }
    [[nodiscard]] static ExitReason shutdown() { return ExitReason(Kind::Shutdown, {}); }
    // OTP's {shutdown, Detail}: an orderly stop that carries a note (never restarts a transient).
    [[nodiscard]] static ExitReason shutdown(const QString& detail) {
        return ExitReason(Kind::Shutdown, detail);
    }
    [[nodiscard]] static ExitReason killed() { return ExitReason(Kind::Killed, {}); }
    [[nodiscard]] static ExitReason crash(const QString& message) {
        return ExitReason(Kind::Crash, message);
    }

    [[nodiscard]] Kind kind() const { return m_kind; }
    // The shutdown detail or the crash message; empty otherwise.
    [[nodiscard]] QString detail() const { return m_detail; }

    [[nodiscard]] bool isNormal() const { return m_kind == Kind::Normal; }
    // True for shutdown and shutdown:<detail>.
    [[nodiscard]] bool isShutdown() const { return m_kind == Kind::Shutdown; }
    [[nodiscard]] bool hasShutdownDetail() const { return isShutdown() && !m_detail.isEmpty(); }
    [[nodiscard]] bool isKilled() const { return m_kind == Kind::Killed; }
    [[nodiscard]] bool isCrash() const { return m_kind == Kind::Crash; }
    // What a transient child restarts on: anything but normal and shutdown(:x). killed counts.
    [[nodiscard]] bool isAbnormal() const { return !isNormal() && !isShutdown(); }

    // "normal", "shutdown", "shutdown:<detail>", "killed", "crash:<message>".
    [[nodiscard]] QString toString() const;
    // Inverse of toString(); anything unrecognised is a crash carrying the text.
    [[nodiscard]] static ExitReason fromString(const QString& text);

    friend bool operator==(const ExitReason& a, const ExitReason& b) {
        return a.m_kind == b.m_kind && a.m_detail == b.m_detail;
    }
    friend bool operator!=(const ExitReason& a, const ExitReason& b) { return !(a == b); }

private:
    ExitReason(Kind kind, QString detail) : m_kind(kind), m_detail(std::move(detail)) {}

    Kind m_kind = Kind::Normal;
    QString m_detail;
};

}  // namespace zerg::supervision

namespace zerg {

// The word of each kind, the part of ExitReason::toString() before any colon.
template <>
struct StatusTable<supervision::ExitReason::Kind> {
    using Kind = supervision::ExitReason::Kind;
    static constexpr std::array<std::pair<Kind, const char*>, 4> names{{
        {Kind::Normal, "normal"},
        {Kind::Shutdown, "shutdown"},
        {Kind::Killed, "killed"},
        {Kind::Crash, "crash"},
    }};
};

}  // namespace zerg

Q_DECLARE_METATYPE(zerg::supervision::ExitReason)
