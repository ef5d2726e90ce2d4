#pragma once

#include <QString>
#include <QStringList>

namespace zerg {

// Which path answers a request (the seed's "quick vs supervisor" intent detection).
//   quick       one model call with the thread's history and no workers: the time, small talk,
//               questions about what was already said. The quick model may still hand the
//               request over with route_to_supervisor.
//   supervisor  the full agent with workers: anything that needs commands, files, hosts or HTTP.
// Rules, not a model call: routing adds microseconds, never a round trip, and when the rules are
// not sure the request goes to the supervisor (the seed's fallback).
struct Route {
    enum class Mode { Quick, Supervisor };
    Mode mode = Mode::Supervisor;
    QString reason;  // one phrase, for logs, tests and the run record

    [[nodiscard]] QString modeName() const {
        return mode == Mode::Quick ? QStringLiteral("quick") : QStringLiteral("supervisor");
    }
};

class IntentRouter {
public:
    // hostAliases: the allowlisted hosts; naming one is a request about a machine.
    explicit IntentRouter(QStringList hostAliases = {});

    // hasHistory: the thread already holds earlier turns (references to them can be quick).
    [[nodiscard]] Route route(const QString& utterance, bool hasHistory) const;

private:
    QStringList m_hosts;  // lower case
};

}  // namespace zerg
