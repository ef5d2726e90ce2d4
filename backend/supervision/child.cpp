#include "supervision/child.h"

namespace zerg::supervision {

void Child::requestShutdown() {
    finish(ExitReason::shutdown());
}

void Child::kill() {
    finish(ExitReason::killed());
}

void Child::finish(const ExitReason& reason) {
    if (m_exited)
        return;
    m_exited = true;
    m_reason = reason;
    Q_EMIT exited(reason);
}

}  // namespace zerg::supervision
