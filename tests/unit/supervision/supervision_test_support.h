#pragma once

// Scripted children and a harness for the supervision tests. Every child writes what happens to
// it into one shared log ("start A", "stop A (shutdown)", "kill A", "exit A (crash:boom)") so a
// test can assert the exact start and termination order.

#include "core/clock.h"
#include "supervision/supervisor.h"

#include <QCoreApplication>
#include <QHash>
#include <QPointer>
#include <QSet>
#include <QStringList>

#include <memory>
#include <stdexcept>

namespace zerg::supervision::testing {

class EventLog {
public:
    void add(const QString& entry) { m_entries.append(entry); }
    // Everything logged since the last take().
    QStringList take() {
        QStringList out = m_entries;
        m_entries.clear();
        return out;
    }
    [[nodiscard]] QStringList peek() const { return m_entries; }

private:
    QStringList m_entries;
};

// A child that does nothing until told: it exits with a chosen reason on command, stops at once
// or after stopDelayMs on the clock when asked, or ignores the request altogether.
class ScriptedChild : public Child {
public:
    ScriptedChild(QString name, int instance, EventLog* log, Clock* clock, qint64 stopDelayMs,
                  bool ignoresShutdown)
        : m_name(std::move(name)),
          m_instance(instance),
          m_log(log),
          m_clock(clock),
          m_stopDelayMs(stopDelayMs),
          m_ignoresShutdown(ignoresShutdown) {}

    [[nodiscard]] QString name() const { return m_name; }
    // 1 for the first start of this name, 2 for the second, ...
    [[nodiscard]] int instance() const { return m_instance; }
    [[nodiscard]] int shutdownRequests() const { return m_shutdownRequests; }

    void requestShutdown() override {
        ++m_shutdownRequests;
        if (m_ignoresShutdown || hasExited())
            return;
        if (m_stopDelayMs <= 0) {
            stopNow();
            return;
        }
        m_clock->callAfter(m_stopDelayMs, this, [this] { stopNow(); });
    }

    void kill() override {
        if (hasExited())
            return;
        m_log->add(QStringLiteral("kill ") + m_name);
        finish(ExitReason::killed());
    }

    // The child ends by itself.
    void exitWith(const ExitReason& reason) {
        if (hasExited())
            return;
        m_log->add(QStringLiteral("exit %1 (%2)").arg(m_name, reason.toString()));
        finish(reason);
    }
    void crash(const QString& message = QStringLiteral("boom")) {
        exitWith(ExitReason::crash(message));
    }

private:
    void stopNow() {
        if (hasExited())
            return;
        m_log->add(QStringLiteral("stop %1 (shutdown)").arg(m_name));
        finish(ExitReason::shutdown());
    }

    QString m_name;
    int m_instance;
    EventLog* m_log;
    Clock* m_clock;
    qint64 m_stopDelayMs;
    bool m_ignoresShutdown;
    int m_shutdownRequests = 0;
};

// How the start function of one named child behaves.
struct ChildScript {
    int attempts = 0;        // start calls so far
    int started = 0;         // successful starts so far
    QSet<int> failOn;        // attempt numbers (from 1) that return an error
    int failFrom = 0;        // every attempt from this one on fails (0: never)
    QSet<int> ignoreOn;      // attempt numbers that return ignore
    QSet<int> throwOn;       // attempt numbers that throw std::runtime_error
    QSet<int> throwOddOn;    // attempt numbers that throw something that is no std::exception
    qint64 stopDelayMs = 0;  // time needed to stop once asked
    bool ignoresShutdown = false;
    QVariant info;  // returned with started() when valid
    QPointer<ScriptedChild> current;
};

class Harness {
public:
    ManualClock clock;
    EventLog log;

    ChildScript& script(const QString& name) {
        auto& s = m_scripts[name];
        if (!s)
            s = std::make_shared<ChildScript>();
        return *s;
    }
    // The running instance of a named child (null if none).
    ScriptedChild* child(const QString& name) { return script(name).current.data(); }

    StartResult startScripted(const QString& name) {
        ChildScript& s = script(name);
        const int attempt = ++s.attempts;
        if (s.throwOn.contains(attempt))
            throw std::runtime_error("start exploded");
        if (s.throwOddOn.contains(attempt))
            throw 42;
        if (s.failOn.contains(attempt) || (s.failFrom > 0 && attempt >= s.failFrom)) {
            log.add(QStringLiteral("fail ") + name);
            return StartResult::error(QStringLiteral("cannot start ") + name);
        }
        if (s.ignoreOn.contains(attempt)) {
            log.add(QStringLiteral("ignore ") + name);
            return StartResult::ignore();
        }
        auto* c =
            new ScriptedChild(name, ++s.started, &log, &clock, s.stopDelayMs, s.ignoresShutdown);
        s.current = c;
        log.add(QStringLiteral("start ") + name);
        return StartResult::started(c, s.info);
    }

    // A worker spec whose start runs the script of `name`; for a simple_one_for_one template the
    // args (a string) name the child instead.
    ChildSpec worker(const QString& name, RestartType restart = RestartType::Permanent) {
        ChildSpec spec;
        spec.id = name;
        spec.restart = restart;
        spec.start = [this, name](const QVariant& args) {
            return startScripted(args.isValid() ? args.toString() : name);
        };
        return spec;
    }

    // A spec whose child is a supervisor built from flags and specs at every start.
    ChildSpec supervisor(const QString& name, SupervisorFlags flags, QList<ChildSpec> specs,
                         RestartType restart = RestartType::Permanent) {
        ChildSpec spec;
        spec.id = name;
        spec.type = ChildType::Supervisor;
        spec.restart = restart;
        spec.start = [this, name, flags, specs](const QVariant&) {
            auto sup = Supervisor::create(name, flags, specs, &clock);
            if (!sup)
                return StartResult::error(sup.error().message);
            log.add(QStringLiteral("start ") + name);
            watch(sup.value().get());
            m_sups[name] = sup.value().get();
            return Supervisor::startAsChild(std::move(sup).value());
        };
        return spec;
    }
    Supervisor* sub(const QString& name) { return m_sups.value(name).data(); }

    // Logs the supervisor's own exit ("exit top (shutdown)") and when it happened.
    void watch(Supervisor* sup) {
        const QString name = sup->name();
        QObject::connect(sup, &Child::exited, sup, [this, name](const ExitReason& r) {
            log.add(QStringLiteral("exit %1 (%2)").arg(name, r.toString()));
            exitAtMs[name] = clock.nowMs();
        });
    }

    // Creates, watches and starts a top supervisor named "top"; null if any step fails.
    std::unique_ptr<Supervisor> start(const SupervisorFlags& flags, const QList<ChildSpec>& specs,
                                      const QString& name = QStringLiteral("top")) {
        auto sup = Supervisor::create(name, flags, specs, &clock);
        if (!sup) {
            qWarning("create failed: %s", qPrintable(sup.error().message));
            return nullptr;
        }
        std::unique_ptr<Supervisor> s = std::move(sup).value();
        watch(s.get());
        const Status st = s->start();
        if (!st) {
            qWarning("start failed: %s", qPrintable(st.error().message));
            return nullptr;
        }
        return s;
    }

    // Runs n event-loop turns of posted calls (each turn delivers only what was posted before it).
    static void turns(int n) {
        for (int i = 0; i < n; ++i)
            QCoreApplication::sendPostedEvents(nullptr, QEvent::MetaCall);
    }

    QHash<QString, qint64> exitAtMs;

private:
    QHash<QString, std::shared_ptr<ChildScript>> m_scripts;
    QHash<QString, QPointer<Supervisor>> m_sups;
};

inline SupervisorFlags flags(Strategy strategy, int intensity = 1, int periodSecs = 5,
                             AutoShutdown autoShutdown = AutoShutdown::Never) {
    SupervisorFlags f;
    f.strategy = strategy;
    f.intensity = intensity;
    f.periodSecs = periodSecs;
    f.autoShutdown = autoShutdown;
    return f;
}

}  // namespace zerg::supervision::testing
