#include "supervision/child_spec.h"

#include <algorithm>
#include <cmath>

namespace zerg::supervision {

QString Shutdown::toString() const {
    switch (kind) {
        case Kind::BrutalKill:
            return QStringLiteral("brutal_kill");
        case Kind::Timeout:
            return QString::number(timeoutMs);
        case Kind::Infinity:
            return QStringLiteral("infinity");
    }
    return {};
}

qint64 Backoff::delayMs(int n, double u) const {
    // Double until the cap instead of computing 2^n, which would overflow for long streaks.
    double base = double(minMs);
    for (int i = 0; i < n && base < double(maxMs); ++i)
        base *= 2.0;
    base = std::min(base, double(maxMs));
    return qint64(std::llround(base * (1.0 + u * randomFactor)));
}

StartResult StartResult::started(Child* child, QVariant info) {
    StartResult r;
    r.m_kind = Kind::Started;
    r.m_child = child;
    r.m_info = std::move(info);
    return r;
}

StartResult StartResult::ignore() {
    return StartResult();
}

StartResult StartResult::error(QString reason) {
    StartResult r;
    r.m_kind = Kind::Error;
    r.m_reason = std::move(reason);
    return r;
}

Shutdown ChildSpec::effectiveShutdown() const {
    if (shutdown)
        return *shutdown;
    return type == ChildType::Supervisor ? Shutdown::infinity() : Shutdown::timeout(5000);
}

}  // namespace zerg::supervision
