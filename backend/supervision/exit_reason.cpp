#include "supervision/exit_reason.h"

namespace zerg::supervision {

QString ExitReason::toString() const {
    // A crash always carries its message (even an empty one); a shutdown only a detail it has.
    if (m_kind == Kind::Crash || hasShutdownDetail())
        return statusName(m_kind) + u':' + m_detail;
    return statusName(m_kind);
}

ExitReason ExitReason::fromString(const QString& text) {
    // A bare word is normal, shutdown or killed; shutdown and crash may carry text after the
    // first colon. Everything else (a bare "crash" too) is a crash carrying the whole text.
    const qsizetype colon = text.indexOf(u':');
    const std::optional<Kind> kind =
        parseStatus<Kind>(colon < 0 ? QStringView(text) : QStringView(text).left(colon));
    if (kind && colon < 0 && *kind != Kind::Crash)
        return ExitReason(*kind, {});
    if (kind && colon >= 0 && (*kind == Kind::Shutdown || *kind == Kind::Crash))
        return ExitReason(*kind, text.mid(colon + 1));
    return crash(text);
}

}  // namespace zerg::supervision
