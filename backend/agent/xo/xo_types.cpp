#include "agent/xo/xo_types.h"

namespace zerg::xo {

QString paceName(Pace p) {
    switch (p) {
        case Pace::Primary:
            return QStringLiteral("primary");
        case Pace::Alternate:
            return QStringLiteral("alternate");
        case Pace::Contingent:
            return QStringLiteral("contingent");
        case Pace::Emergency:
            return QStringLiteral("emergency");
    }
    return QStringLiteral("primary");
}

}  // namespace zerg::xo
