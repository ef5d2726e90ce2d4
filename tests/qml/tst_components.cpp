// Qt Quick Tests of the app's QML components (tests/qml/tst_*.qml) over the real backend models,
// with the backend itself replaced by fakes: a ConversationBackend that starts runs the way
// JarvisService does (supervisor_started published from inside ask()), and a DashboardSource
// with fixed rows. `testSupport` lets the QML tests publish events and read what the UI asked.
#include "core/clock.h"
#include "core/event_bus.h"
#include "ui/conversation_backend.h"
#include "ui/dashboard_source.h"
#include "ui/jarvis_controller.h"
#include "ui/worker_table_model.h"

#include <QtQml/qqmlextensionplugin.h>
#include <QJsonObject>
#include <QQmlContext>
#include <QQmlEngine>
#include <QtQuickTest>

#include <memory>

Q_IMPORT_QML_PLUGIN(Zerg_BackendPlugin)
Q_IMPORT_QML_PLUGIN(Zerg_AppPlugin)

using namespace zerg;

namespace {

constexpr qint64 kOwner = 1;

class FakeConversation final : public ConversationBackend {
public:
    explicit FakeConversation(EventBus* bus) : m_bus(bus) {}
    Result<qint64> ask(const QString& text) override {
        asked.append(text);
        const qint64 runId = ++m_lastRun;
        m_bus->publish(QStringLiteral("supervisor_started"), kOwner,
                       {{QStringLiteral("run_id"), runId},
                        {QStringLiteral("task"), text},
                        {QStringLiteral("mode"), QStringLiteral("supervisor")}});
        return runId;
    }
    void cancelRun(qint64 runId) override { cancelledRuns.append(runId); }
    void cancelWorker(qint64 jobId) override { cancelledWorkers.append(jobId); }
    QString setupProblem() const override { return problem; }

    QStringList asked;
    QList<qint64> cancelledRuns;
    QList<qint64> cancelledWorkers;
    QString problem;

private:
    EventBus* m_bus;
    qint64 m_lastRun = 0;
};

class FakeDashboard final : public DashboardSource {
public:
    Result<QList<WorkerRow>> recentWorkers(int limit) const override { return rows.mid(0, limit); }
    QList<WorkerRow> rows;
};

}  // namespace

// What the QML tests drive and inspect, as the context property `testSupport`.
class TestSupport : public QObject {
    Q_OBJECT
public:
    TestSupport(EventBus* bus, FakeConversation* conversation, JarvisController* controller,
                QObject* parent)
        : QObject(parent), m_bus(bus), m_conversation(conversation), m_controller(controller) {}

    // Publishes an event for the local owner; data is a JS object.
    Q_INVOKABLE void publish(const QString& name, const QVariantMap& data) {
        m_bus->publish(name, kOwner, QJsonObject::fromVariantMap(data));
    }
    Q_INVOKABLE QStringList asked() const { return m_conversation->asked; }
    Q_INVOKABLE QVariantList cancelledWorkers() const {
        QVariantList out;
        for (qint64 id : m_conversation->cancelledWorkers)
            out.append(id);
        return out;
    }
    Q_INVOKABLE int cancelledRuns() const { return int(m_conversation->cancelledRuns.size()); }
    Q_INVOKABLE void setSetupProblem(const QString& problem) {
        m_conversation->problem = problem;
        m_controller->refreshSetup();
    }

private:
    EventBus* m_bus;
    FakeConversation* m_conversation;
    JarvisController* m_controller;
};

class Setup : public QObject {
    Q_OBJECT
public Q_SLOTS:
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/"));  // the static modules' qmldir files
        m_conversation = std::make_unique<FakeConversation>(&m_bus);
        m_controller = std::make_unique<JarvisController>(&m_bus, m_conversation.get(), &m_clock);
        JarvisController::setInstance(m_controller.get());
        m_dashboard.rows = {row(3, QStringLiteral("check disk on web1"), QStringLiteral("success"),
                                QStringLiteral("web1"), 2, 1800, 0.0042),
                            row(2, QStringLiteral("restart nginx"), QStringLiteral("failed"),
                                QStringLiteral("web2"), 1, 65000, std::nullopt),
                            row(1, QStringLiteral("uptime everywhere"), QStringLiteral("success"),
                                QStringLiteral("web1, web2"), 4, 12000, 0.01)};
        m_table = std::make_unique<WorkerTableModel>(&m_bus, &m_dashboard, kOwner);
        WorkerTableModel::setInstance(m_table.get());
        engine->rootContext()->setContextProperty(
            QStringLiteral("testSupport"),
            new TestSupport(&m_bus, m_conversation.get(), m_controller.get(), engine));
    }
    void cleanupTestCase() {
        JarvisController::setInstance(nullptr);
        WorkerTableModel::setInstance(nullptr);
    }

private:
    static WorkerRow row(qint64 job, const QString& task, const QString& status,
                         const QString& hosts, int tools, qint64 durationMs,
                         std::optional<double> cost) {
        WorkerRow w;
        w.jobId = job;
        w.workerId = QStringLiteral("w%1").arg(job);
        w.task = task;
        w.status = status;
        w.hosts = hosts;
        w.toolCalls = tools;
        w.durationMs = durationMs;
        w.startedAt = QDateTime(QDate(2026, 11, 21), QTime(9, 0), Qt::UTC).addSecs(job * 60);
        w.costUsd = cost;
        return w;
    }

    ManualClock m_clock{QDateTime(QDate(2026, 11, 21), QTime(10, 0), Qt::UTC)};
    EventBus m_bus{&m_clock};
    std::unique_ptr<FakeConversation> m_conversation;
    std::unique_ptr<JarvisController> m_controller;
    FakeDashboard m_dashboard;
    std::unique_ptr<WorkerTableModel> m_table;
};

QUICK_TEST_MAIN_WITH_SETUP(zerg_components, Setup)

#include "tst_components.moc"
