#pragma once

#include <QJsonObject>
#include <QString>

#include <functional>

class QObject;

namespace zerg {
namespace supervision {
class Supervisor;
}

// Turns a supervisor's signals into the public events, through `publish(event, childId, data)`:
// child_started, child_exited {reason}, child_restarted {restart_count} and
// supervisor_escalated {reason}. The caller's publish adds the supervisor's name, the ids it
// knows and the owner. Connections live as long as `context`.
void forwardSupervisorEvents(
    supervision::Supervisor* sup, QObject* context,
    std::function<void(const char* event, const QString& childId, QJsonObject data)> publish);

}  // namespace zerg
