#pragma once

#include "core/settings.h"
#include "dashboard/dashboard_sources.h"
#include "ui/costs_model.h"
#include "ui/hosts_model.h"
#include "ui/inbox_model.h"
#include "ui/schedules_model.h"
#include "ui/settings_model.h"
#include "ui/supervision_tree_model.h"
#include "ui/thread_inspector_model.h"
#include "ui/worker_detail_model.h"
#include "ui/worker_table_model.h"

namespace zerg {

class ArtifactStore;
class Clock;
class EventBus;
class Store;

// Every dashboard page's model, made in one place and registered as the QML singletons the pages
// bind to (WorkersTable, WorkerDetail, ThreadInspector, SupervisionTree, Costs, Schedules, Hosts,
// AppSettings, and the Jarvis window's Inbox); unregistered when destroyed. The app and the UI
// benchmark build the same set.
class DashboardModels {
public:
    struct Deps {
        EventBus* bus = nullptr;
        Clock* clock = nullptr;
        Store* store = nullptr;
        ArtifactStore* artifacts = nullptr;
        Settings settings;
        ScheduleStore* schedules = nullptr;    // the schedules and the task inbox
        ScheduleService* scheduler = nullptr;  // null: schedules are shown but cannot run here
        // Where the pages read from (remote mode: the server). A page whose source is null reads
        // this computer's stores above, through StoreDashboardSources (the Supervision tree then
        // shows no tree: the app gives its live tree as sources.tree, a LocalTreeSource).
        DashboardSources sources;
        // When the Workers table, Threads, Costs, Supervision tree and Hosts read their data
        // first (the app: WhenShown).
        FirstLoad firstLoad = FirstLoad::Now;
    };

    // Everything in deps must outlive this. Create before QML loads.
    explicit DashboardModels(const Deps& deps);
    ~DashboardModels();
    DashboardModels(const DashboardModels&) = delete;
    DashboardModels& operator=(const DashboardModels&) = delete;

    [[nodiscard]] WorkerTableModel& workers() { return m_workers; }
    [[nodiscard]] WorkerDetailModel& workerDetail() { return m_workerDetail; }
    [[nodiscard]] SettingsModel& settings() { return m_settings; }
    [[nodiscard]] InboxModel& inbox() { return m_inbox; }
    [[nodiscard]] CostsModel& costs() { return m_costs; }
    [[nodiscard]] ThreadInspectorModel& threads() { return m_threads; }
    [[nodiscard]] SupervisionTreeModel& tree() { return m_tree; }
    [[nodiscard]] SchedulesModel& schedules() { return m_schedules; }
    [[nodiscard]] HostsModel& hosts() { return m_hosts; }

    // Reads again every page that has read already (remote mode: after a reconnection).
    void reloadLoaded();

    // After the user interface's language changed (AppLanguage::changed): every page's model
    // gives its texts again, in the new language and the new locale's numbers and dates.
    void retranslate();

private:
    // The pages' sources: deps.sources, each missing one from m_local.
    static DashboardSources sourcesOf(const Deps& deps, StoreDashboardSources& local);
    static StoreDashboardSources::Deps localDeps(const Deps& deps);

    StoreDashboardSources m_local;
    DashboardSources m_sources;
    WorkerTableModel m_workers;
    WorkerDetailModel m_workerDetail;
    ThreadInspectorModel m_threads;
    SupervisionTreeModel m_tree;
    CostsModel m_costs;
    SchedulesModel m_schedules;
    InboxModel m_inbox;
    HostsModel m_hosts;
    SettingsModel m_settings;
};

}  // namespace zerg
