#pragma once

#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QList>

namespace zerg {

// The workers of the current run, one row each, for the ticker's "Worker: <task>" headers and
// their Cancel buttons. Fed by ActivityModel, which owns it; elapsed time follows the Clock.
class WorkerListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("WorkerListModel is owned by Jarvis; use Jarvis.workers.")
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        JobIdRole = Qt::UserRole + 1,
        WorkerIdRole,
        TaskRole,
        StatusRole,  // queued | running | success | failed | timeout | cancelled
        ElapsedSecondsRole,
        ElapsedTextRole,  // the elapsed whole seconds as a duration ("12 s", "2 min 5 s")
        ErrorRole,
        RunIdRole,
    };
    Q_ENUM(Roles)

    struct Worker {
        qint64 runId = 0;
        qint64 jobId = 0;
        QString workerId;
        QString task;
        QString status;
        QString error;
        // While running, elapsed = now - anchorMs; status updates re-anchor it. When ended, the
        // final duration.
        qint64 anchorMs = 0;
        qint64 finalMs = -1;
    };

    explicit WorkerListModel(QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }

    [[nodiscard]] int indexOfJob(qint64 jobId) const;
    [[nodiscard]] const Worker& at(int row) const { return m_rows.at(row); }
    [[nodiscard]] bool anyRunning() const;

    // Adds the job if unknown; returns its row.
    int ensure(qint64 runId, qint64 jobId, qint64 nowMs);
    // Changes a row and reports exactly the roles given.
    void update(int row, const Worker& value, const QList<int>& roles);
    // Moves elapsed time of running workers to nowMs and reports it.
    void tick(qint64 nowMs);
    // Moves the time used for elapsed without reporting (the caller reports what it changes).
    void setNowMs(qint64 nowMs) { m_nowMs = qMax(m_nowMs, nowMs); }
    void removeRun(qint64 runId);
    void clear();
    // After the user interface's language changed: every row's texts announced again.
    void retranslate();

Q_SIGNALS:
    void countChanged();

private:
    // The final duration once ended, else the time so far.
    [[nodiscard]] qint64 elapsedMs(const Worker& w) const {
        return w.finalMs >= 0 ? w.finalMs : qMax<qint64>(0, m_nowMs - w.anchorMs);
    }

    QList<Worker> m_rows;
    qint64 m_nowMs = 0;
    const RoleTable<Worker> m_roles;
};

}  // namespace zerg
