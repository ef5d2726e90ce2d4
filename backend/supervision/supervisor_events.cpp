#include "supervision/supervisor_events.h"

#include "core/event.h"
#include "supervision/supervisor.h"

namespace zerg {

using supervision::ExitReason;
using supervision::Supervisor;

void forwardSupervisorEvents(
    Supervisor* sup, QObject* context,
    std::function<void(const char* event, const QString& childId, QJsonObject data)> publish) {
    QObject::connect(sup, &Supervisor::childStarted, context,
                     [publish](const QString& id) { publish(events::ChildStarted, id, {}); });
    QObject::connect(
        sup, &Supervisor::childExited, context, [publish](const QString& id, const ExitReason& r) {
            publish(events::ChildExited, id, {{QStringLiteral("reason"), r.toString()}});
        });
    QObject::connect(
        sup, &Supervisor::childRestarted, context, [publish](const QString& id, int n) {
            publish(events::ChildRestarted, id, {{QStringLiteral("restart_count"), n}});
        });
    QObject::connect(
        sup, &Supervisor::gaveUp, context, [publish](const QString& id, const ExitReason& r) {
            publish(events::SupervisorEscalated, id, {{QStringLiteral("reason"), r.toString()}});
        });
}

}  // namespace zerg
