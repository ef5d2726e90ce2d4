#include "ui/supervision_tree_model.h"

#include "core/event.h"
#include "core/event_bus.h"
#include "core/event_payloads.h"
#include "ui/role_table.h"

#include <QJsonArray>
#include <QLocale>

#include <algorithm>

namespace zerg {
namespace {

void addSupervisor(const QJsonObject& sup, const QString& name, int depth, const QString& state,
                   QList<SupervisionTreeModel::Row>* out) {
    QString detail = QStringLiteral("%1, %2 restarts in %3 s (%4 used)")
                         .arg(sup.value(QStringLiteral("strategy")).toString())
                         .arg(sup.value(QStringLiteral("intensity")).toInt())
                         .arg(sup.value(QStringLiteral("period")).toInt())
                         .arg(sup.value(QStringLiteral("restarts_in_window")).toInt());
    if (sup.contains(QStringLiteral("max_children"))) {
        detail += QStringLiteral(", at most %1 children")
                      .arg(sup.value(QStringLiteral("max_children")).toInt());
    }
    out->append({name, depth, state, QStringLiteral("supervisor"), detail});
    for (const QJsonValue& v : sup.value(QStringLiteral("children")).toArray()) {
        const QJsonObject c = v.toObject();
        const QString id = c.value(QStringLiteral("id")).toString();
        const QString childState = c.value(QStringLiteral("state")).toString();
        const QJsonObject nested = c.value(QStringLiteral("child")).toObject();
        if (!nested.isEmpty() && nested.contains(QStringLiteral("children"))) {
            addSupervisor(nested, id, depth + 1, childState, out);
            continue;
        }
        QString d = c.value(QStringLiteral("restart")).toString();
        const int restarts = c.value(QStringLiteral("restart_count")).toInt();
        if (restarts > 0)
            d += QStringLiteral(", restarted %1×").arg(restarts);
        const QString last = c.value(QStringLiteral("last_exit_reason")).toString();
        if (!last.isEmpty())
            d += QStringLiteral(", last exit: %1").arg(last);
        out->append({id, depth + 1, childState, QStringLiteral("worker"), d,
                     c.value(QStringLiteral("job_id")).toInteger()});
    }
}

// The row that shows the supervisor agent's reports.
constexpr char kSupervisorAgentRow[] = "supervisor_agent";

// The XO's health and PACE words, translated; anything else as it came.
QString xoWord(const QString& word) {
    static const char* const known[] = {
        QT_TRANSLATE_NOOP("zerg::SupervisionTreeModel", "ok"),
        QT_TRANSLATE_NOOP("zerg::SupervisionTreeModel", "degraded"),
        QT_TRANSLATE_NOOP("zerg::SupervisionTreeModel", "critical"),
        QT_TRANSLATE_NOOP("zerg::SupervisionTreeModel", "primary"),
        QT_TRANSLATE_NOOP("zerg::SupervisionTreeModel", "alternate"),
        QT_TRANSLATE_NOOP("zerg::SupervisionTreeModel", "contingent"),
        QT_TRANSLATE_NOOP("zerg::SupervisionTreeModel", "emergency"),
    };
    for (const char* k : known) {
        if (word == QLatin1String(k))
            return SupervisionTreeModel::tr(k);
    }
    return word;
}

}  // namespace

SupervisionTreeModel::SupervisionTreeModel(TreeSource* source, EventBus* bus, qint64 ownerId,
                                           Clock* clock, QObject* parent, FirstLoad firstLoad)
    : QAbstractListModel(parent),
      m_source(source),
      m_ownerId(ownerId),
      m_clock(clock),
      m_roles{
          {NameRole, "name", &Row::name},
          {Qt::DisplayRole, nullptr, &Row::name},
          {DepthRole, "depth", &Row::depth},
          {StateRole, "status", &Row::state},
          {KindRole, "kind", &Row::kind},
          {DetailRole, "detail", &Row::detail},
          {HealthRole, "health",
           [this](const Row& r) {
               return reportFor(r)
                   .value(QStringLiteral("status"))
                   .toObject()
                   .value(QStringLiteral("health"))
                   .toString();
           }},
          {ReportRole, "report", [this](const Row& r) { return reportLine(reportFor(r)); }},
      } {
    if (bus)
        connect(bus, &EventBus::published, this, &SupervisionTreeModel::onEvent);
    if (firstLoad == FirstLoad::Now)
        refresh();
}

SupervisionTreeModel::~SupervisionTreeModel() {
    // The clock may outlive the model; its callbacks are tied to `this` as context anyway.
    if (m_pollTimer)
        m_clock->cancel(m_pollTimer);
}

void SupervisionTreeModel::ensureLoaded() {
    if (!m_loaded)
        refresh();
}

QList<SupervisionTreeModel::Row> SupervisionTreeModel::flatten(const QJsonObject& supervisor) {
    QList<Row> rows;
    if (!supervisor.isEmpty()) {
        addSupervisor(supervisor, supervisor.value(QStringLiteral("id")).toString(), 0,
                      supervisor.value(QStringLiteral("state")).toString(), &rows);
    }
    return rows;
}

QString SupervisionTreeModel::reportLine(const QJsonObject& salute) {
    if (salute.isEmpty())
        return {};
    const QJsonObject status = salute.value(QStringLiteral("status")).toObject();
    const QJsonObject environment = salute.value(QStringLiteral("environment")).toObject();
    const int turn =
        salute.value(QStringLiteral("activity")).toObject().value(QStringLiteral("turn")).toInt();
    const QLocale locale;
    QStringList parts{
        tr("XO: %1").arg(xoWord(status.value(QStringLiteral("health")).toString())),
        tr("pace %1").arg(xoWord(environment.value(QStringLiteral("pace")).toString())),
        tr("turn %1").arg(locale.toString(turn))};
    // Absent when the model's context window is unknown (the XO then checks no fill).
    if (const QJsonValue fill = environment.value(QStringLiteral("context_fill")); fill.isDouble())
        parts.append(tr("context %1%").arg(locale.toString(qRound(fill.toDouble() * 100))));
    const int steerings = salute.value(QStringLiteral("xo"))
                              .toObject()
                              .value(QStringLiteral("steering_count"))
                              .toInt();
    if (steerings > 0)
        parts.append(tr("%n steering(s)", nullptr, steerings));
    return parts.join(QStringLiteral(" · "));
}

void SupervisionTreeModel::onEvent(const Event& e) {
    if (const auto report = payloads::SaluteReport::from(e)) {
        if (e.ownerId == m_ownerId)  // another owner's agents are none of this window's business
            onSaluteReport(*report);
        return;
    }
    if (const auto child = payloads::ChildEvent::from(e)) {
        // Worker children carry their job: what a worker's report is matched to its row by.
        if (e.ownerId == m_ownerId && child->jobId)
            m_jobOfChild.insert(child->childId, *child->jobId);
        if (!m_loaded)
            return;  // the first load reads the tree fresh
        refresh();
        // A supervisor announces an exit before it has handled it (a finished dynamic child is
        // removed right after child_exited): look again once it is done, one event-loop turn
        // later, so a run or worker that is gone does not stay on the page.
        if (!m_refreshQueued) {
            m_refreshQueued = true;
            QMetaObject::invokeMethod(
                this,
                [this] {
                    m_refreshQueued = false;
                    refresh();
                },
                Qt::QueuedConnection);
        }
    }
}

void SupervisionTreeModel::onSaluteReport(const payloads::SaluteReport& report) {
    QString row;
    if (report.jobId) {
        const qint64 jobId = *report.jobId;
        row = m_jobOfChild.key(jobId);
        if (row.isEmpty())
            return;  // a worker outside the tree (not supervised): no row to show it on
        m_workerReports.insert(jobId, report.salute);
    } else {
        m_supervisorReport = report.salute;
        row = QLatin1String(kSupervisorAgentRow);
    }
    if (const int i = rowOf(row); i >= 0)
        Q_EMIT dataChanged(index(i), index(i), {HealthRole, ReportRole});
}

QJsonObject SupervisionTreeModel::reportFor(const Row& row) const {
    if (row.name == QLatin1String(kSupervisorAgentRow))
        return m_supervisorReport;
    const auto job = m_jobOfChild.constFind(row.name);
    return job == m_jobOfChild.cend() ? QJsonObject() : m_workerReports.value(*job);
}

int SupervisionTreeModel::rowOf(const QString& name) const {
    if (name.isEmpty())
        return -1;
    return indexOfRow(m_rows, name, &Row::name);
}

void SupervisionTreeModel::retranslate() {
    announceAllRows(*this, {HealthRole, ReportRole});
}

void SupervisionTreeModel::refresh() {
    m_loaded = true;
    m_source->snapshot(this, m_refreshes.newestOnly([this](const Result<QJsonObject>& tree) {
        if (!tree) {
            setLoadError(tr("Could not load the supervision tree: %1").arg(tree.error().message));
            return;
        }
        setLoadError({});
        apply(flatten(tree.value()));
    }));
    armPoll();
}

void SupervisionTreeModel::armPoll() {
    if (!m_clock || !m_source->needsPolling())
        return;
    if (m_pollTimer)
        m_clock->cancel(m_pollTimer);
    m_pollTimer = m_clock->callAfter(kPollMs, this, [this] {
        m_pollTimer = 0;
        refresh();
    });
}

void SupervisionTreeModel::setLoadError(const QString& message) {
    if (assignIfDifferent(m_loadError, message))
        Q_EMIT loadErrorChanged();
}

void SupervisionTreeModel::apply(const QList<Row>& rows) {
    // The tree names its workers' jobs too: a report is matched even when the page did not see
    // the worker's child start (opened later, or over a server).
    for (const Row& r : rows) {
        if (r.jobId > 0)
            m_jobOfChild.insert(r.name, r.jobId);
    }
    // Workers that left the tree take their reports with them; the supervisor agent's stays.
    for (auto it = m_jobOfChild.begin(); it != m_jobOfChild.end();) {
        const bool gone = std::none_of(rows.cbegin(), rows.cend(),
                                       [&](const Row& r) { return r.name == it.key(); });
        if (gone) {
            m_workerReports.remove(it.value());
            it = m_jobOfChild.erase(it);
        } else {
            ++it;
        }
    }
    if (rows.size() == m_rows.size()) {
        // Same shape (the common case: a state or a count changed): update in place.
        for (int i = 0; i < rows.size(); ++i) {
            if (rows.at(i) == m_rows.at(i))
                continue;
            m_rows[i] = rows.at(i);
            Q_EMIT dataChanged(index(i), index(i));
        }
        return;
    }
    beginResetModel();  // children came or went: the tree is small, rebuild it
    m_rows = rows;
    endResetModel();
    Q_EMIT countChanged();
}

int SupervisionTreeModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant SupervisionTreeModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_rows, index, role, m_roles);
}

QHash<int, QByteArray> SupervisionTreeModel::roleNames() const {
    return m_roles.names();
}

}  // namespace zerg
