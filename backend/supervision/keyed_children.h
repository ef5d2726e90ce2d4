#pragma once

#include "core/result.h"
#include "supervision/supervisor.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>

#include <functional>
#include <memory>

namespace zerg {
class Clock;
}

namespace zerg::supervision {

// A simple_one_for_one supervisor whose dynamic children each stand for one item of their owner
// (a worker's job in WorkerPool, a supervisor agent's run in SupervisorRuns), known by the item's
// key. It remembers which child is which key, hands the supervisor's events on with that key,
// and when the supervisor gives up it says so (the owner ends the items whose children are gone)
// and puts a fresh supervisor with the same spec in its place one event-loop turn later, as a
// permanent parent would restart it.
class KeyedChildren final : public QObject {
    Q_OBJECT
public:
    // Every child_started, child_exited, child_restarted and supervisor_escalated, with the key
    // of the child (0 when it has none).
    using Publish = std::function<void(const char* event, const QString& childId, qint64 key,
                                       QJsonObject data)>;

    // flags.strategy is set to simple_one_for_one; the template's start gets the key (qint64)
    // as its argument.
    KeyedChildren(QString name, SupervisorFlags flags, ChildSpec templ, Clock* clock,
                  Publish publish, QObject* parent = nullptr);
    ~KeyedChildren() override;

    // Starts the child of `key` (Supervisor::startDynamicChild). A start that is ignored leaves
    // nothing to hold. Errors: the supervisor's (e.g. max_children), not_running while the
    // supervisor that gave up is being replaced.
    [[nodiscard]] Result<StartedChild> start(qint64 key);
    // Stops the child of `key` if it is still there (a pending restart is cancelled) and
    // forgets it. Inside that very child's start function the child is only forgotten: its
    // attempt has exited already, which ends it all the same.
    void stop(qint64 key);
    [[nodiscard]] qint64 keyOf(const QString& childId) const;
    // True between giving up and the fresh supervisor's start.
    [[nodiscard]] bool isReplacing() const { return m_replacing; }
    [[nodiscard]] Supervisor* supervisor() const { return m_sup.get(); }
    // The supervisor's live tree (Supervisor::snapshot) for the dashboard.
    [[nodiscard]] QJsonObject snapshot() const;
    // snapshot() with each child's key under keyName (when it has one) and its owner under
    // "owner_id" (ownerOf(key); 0 when unknown), so that the dashboard shows each owner only its
    // own items (dashboard/tree_source.h, treeForOwner).
    [[nodiscard]] QJsonObject snapshot(const QString& keyName,
                                       const std::function<qint64(qint64 key)>& ownerOf) const;
    // The running children (for an owner that detaches them before it goes away).
    [[nodiscard]] QList<Child*> children() const;
    // For tests: the backoff's random draw.
    void setRandomSource(std::function<double()> random);

Q_SIGNALS:
    // The supervisor exceeded its restart intensity: its children are gone.
    void gaveUp();
    // The fresh supervisor runs (a turn after gaveUp).
    void replaced();

private:
    void startSupervisor();

    QString m_name;
    SupervisorFlags m_flags;
    ChildSpec m_template;
    Clock* m_clock;
    Publish m_publish;
    std::unique_ptr<Supervisor> m_sup;
    std::function<double()> m_random;
    QHash<qint64, QString> m_childOf;  // key -> dynamic child id
    qint64 m_starting = 0;             // the key being started by start() right now
    qint64 m_inStart = 0;              // the key whose child's start function is running
    bool m_replacing = false;
};

}  // namespace zerg::supervision
