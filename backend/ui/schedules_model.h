#pragma once

#include "dashboard/schedules_source.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QDateTime>
#include <QList>
#include <QStringList>
#include <QTimeZone>
#include <QVariantList>
#include <QVariantMap>

namespace zerg {

class Clock;

// The dashboard's Schedules page (QML singleton `Schedules`): the owner's schedules ordered by
// name, with when each runs next (in the display time zone, the system's by default) and how its
// last run went; the selected schedule's run history; and the actions of the page.
//
// Reads and acts only through a SchedulesSource (this computer's schedules, or the server's),
// which may answer at once or later. An action reports its outcome when the source answers:
// actionFinished(action, ok, error) and actionError (the source's message, shown as it is; ""
// after a success); busy while any action waits for its answer. A read answer older than the
// newest request is dropped, so a late answer never shows stale data.
//
// Kept live from the source's changed() (and after each successful action) by comparing the
// listed schedules with the rows: changed rows get dataChanged, new and deleted ones are inserted
// and removed, a rename moves its row; only the first load resets the model. Next-run texts
// depend on "now", so the page reads again once a minute on the clock.
class SchedulesModel : public QAbstractListModel, public QmlInstance<SchedulesModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(Schedules)
    QML_SINGLETON
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    Q_PROPERTY(bool paused READ paused NOTIFY pausedChanged FINAL)
    // The IANA id a new schedule gets when its zone is left empty.
    Q_PROPERTY(QString systemTimeZone READ systemTimeZone CONSTANT FINAL)
    // Non-empty when the schedules could not be read: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)
    // The message of the last action that failed; "" after one that succeeded.
    Q_PROPERTY(QString actionError READ actionError NOTIFY actionErrorChanged FINAL)
    // An action waits for its answer.
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged FINAL)
    // The schedule the detail pane shows (0: none), its row as a map (the role names as keys;
    // empty when none) and its newest runs, newest first. Each history entry has trigger,
    // scheduledFor, started, duration, status, severity, summary and error (all text).
    // (A double for QML: qmllint in Qt 6.4 does not know qint64 properties.)
    Q_PROPERTY(
        double selectedId READ selectedIdForQml WRITE selectFromQml NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QVariantMap selected READ selected NOTIFY selectedChanged FINAL)
    Q_PROPERTY(QVariantList history READ history NOTIFY historyChanged FINAL)

public:
    static constexpr int kNextRuns = 5;
    static constexpr int kHistoryLimit = 50;
    static constexpr qint64 kRefreshMs = 60 * 1000;

    enum Roles {
        ScheduleIdRole = Qt::UserRole + 1,
        NameRole,
        TaskRole,
        CronRole,
        DescriptionRole,  // CronExpression::describe()
        TimeZoneRole,
        EnabledRole,
        CatchUpRole,
        NextRunTextRole,   // "Mon 23 Nov 06:00"; "off" when disabled, "never" when it never runs
        NextRunsRole,      // QStringList: the next kNextRuns runs, as text
        LastRunTextRole,   // when the newest run started; "" when it never ran
        LastStatusRole,    // running, success, failed, …; "" when it never ran
        LastSeverityRole,  // info, warning, critical; "" when none
        ApprovalModeTextRole,  // what its runs do with changes, one translated sentence
    };
    Q_ENUM(Roles)

    // Loads at once (one reset when the answer comes). source and clock must outlive the model.
    SchedulesModel(SchedulesSource* source, Clock* clock, QObject* parent = nullptr);
    ~SchedulesModel() override;

    // The singleton's create() for QML, which the create() action below would hide.
    using QmlInstance<SchedulesModel>::create;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] bool paused() const { return m_paused; }
    [[nodiscard]] QString systemTimeZone() const;
    [[nodiscard]] QString loadError() const { return m_loadError; }
    [[nodiscard]] QString actionError() const { return m_actionError; }
    [[nodiscard]] bool busy() const { return m_busy > 0; }
    [[nodiscard]] qint64 selectedId() const { return m_selectedId; }
    [[nodiscard]] QVariantMap selected() const;
    [[nodiscard]] QVariantList history() const { return m_history; }
    // The row of a schedule, -1 when there is none (for the list's current row).
    Q_INVOKABLE int indexOf(qint64 scheduleId) const;

    // Times are shown in this zone (default: the system's). Tests fix it.
    void setDisplayTimeZone(const QTimeZone& zone);

    // Selects a schedule for the detail pane (0 or an unknown id: none).
    void select(qint64 scheduleId);

    // The actions: each ends with actionFinished(action, …), action being the method's name
    // ("create", "update", "remove", "setEnabled", "runNow", "setPaused"), possibly before the
    // call returns. A successful create selects the new schedule.
    // timeZone empty: this computer's.
    Q_INVOKABLE void create(const QString& name, const QString& task, const QString& cron,
                            const QString& timeZone, bool catchUp);
    // fields: any of name, task, cron, timeZone (strings; an empty zone is this computer's),
    // enabled, catchUp (booleans).
    Q_INVOKABLE void update(qint64 scheduleId, const QVariantMap& fields);
    Q_INVOKABLE void remove(qint64 scheduleId);
    Q_INVOKABLE void setEnabled(qint64 scheduleId, bool enabled);
    Q_INVOKABLE void runNow(qint64 scheduleId);
    Q_INVOKABLE void setPaused(bool paused);
    // {ok: bool, text: the description, or what is wrong with the expression}, for the form.
    Q_INVOKABLE QVariantMap describeCron(const QString& text) const;

    // Reads the schedules again and announces what changed (the first answer resets); then the
    // selected schedule's history.
    Q_INVOKABLE void refresh();
    // After the user interface's language changed: refresh(), so that every text is made again.
    void retranslate() { refresh(); }

    // "Mon 23 Nov 06:00" in zone; the year is added when it is not now's. "" for an invalid time.
    [[nodiscard]] static QString formatWhen(const QDateTime& when, const QDateTime& now,
                                            const QTimeZone& zone);

Q_SIGNALS:
    void countChanged();
    void pausedChanged();
    void loadErrorChanged();
    void selectedChanged();
    void historyChanged();
    void actionErrorChanged();
    void busyChanged();
    // An action's answer came: error is "" when ok, else the message (also in actionError).
    void actionFinished(const QString& action, bool ok, const QString& error);

private:
    struct Row {
        ScheduleRecord record;
        QString description;
        QString nextRunText;
        QStringList nextRuns;
        QString lastRunText;
        QString lastStatus;
        QString lastSeverity;
    };

    [[nodiscard]] double selectedIdForQml() const { return double(m_selectedId); }
    void selectFromQml(double scheduleId) { select(qint64(scheduleId)); }
    [[nodiscard]] Row makeRow(const ScheduleEntry& entry, const QDateTime& now) const;
    // data(), roleNames() and selected(): the roles of a row, which need nothing but the row.
    [[nodiscard]] static const RoleTable<Row>& roles();
    void apply(const ScheduleListing& listing);
    void setLoadError(const QString& error);
    void refreshHistory();
    [[nodiscard]] QVariantList historyRows(const QList<ScheduleRunRecord>& runs) const;
    void armTick();
    // An action starts (busy) and, when its answer comes, finishes: a success reads the page
    // again, then actionFinished.
    void begin();
    void finish(const QString& action, const QString& error);
    template <typename T>
    [[nodiscard]] SourceReply<T> finisher(const QString& action);

    SchedulesSource* m_source;
    Clock* m_clock;
    QTimeZone m_zone;
    QList<Row> m_rows;  // by name
    bool m_loaded = false;
    bool m_paused = false;
    QString m_loadError;
    QString m_actionError;
    int m_busy = 0;  // actions waiting for their answer
    NewestRequest m_listRequests;
    NewestRequest m_historyRequests;
    qint64 m_selectedId = 0;
    // A schedule just created, to select once a listing has it (it may come after the answer).
    qint64 m_selectWhenListed = 0;
    QVariantList m_history;
};

}  // namespace zerg
