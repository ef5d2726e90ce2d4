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

QString toString(RestartType restart) {
    switch (restart) {
        case RestartType::Permanent:
            return QStringLiteral("permanent");
        case RestartType::Transient:
            return QStringLiteral("transient");
        case RestartType::Temporary:
            return QStringLiteral("temporary");
    }
    return {};
}

QString toString(ChildType type) {
    return type == ChildType::Supervisor ? QStringLiteral("supervisor") : QStringLiteral("worker");
}

QString toString(Strategy strategy) {
    switch (strategy) {
        case Strategy::OneForOne:
            return QStringLiteral("one_for_one");
        case Strategy::OneForAll:
            return QStringLiteral("one_for_all");
        case Strategy::RestForOne:
            return QStringLiteral("rest_for_one");
        case Strategy::SimpleOneForOne:
            return QStringLiteral("simple_one_for_one");
    }
    return {};
}

QString toString(AutoShutdown autoShutdown) {
    switch (autoShutdown) {
        case AutoShutdown::Never:
            return QStringLiteral("never");
        case AutoShutdown::AnySignificant:
            return QStringLiteral("any_significant");
        case AutoShutdown::AllSignificant:
            return QStringLiteral("all_significant");
    }
    return {};
}

}  // namespace zerg::supervision
