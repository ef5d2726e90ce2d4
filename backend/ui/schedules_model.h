#pragma once

#include "storage/schedule_store.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QDateTime>
#include <QList>
#include <QStringList>
#include <QTimeZone>
#include <QVariantList>
#include <QVariantMap>

class QQmlEngine;
class QJSEngine;

namespace zerg {

class Clock;
class ScheduleService;

// The dashboard's Schedules page (QML singleton `Schedules`): the owner's schedules ordered by
// name, with when each runs next (in the display time zone, the system's by default) and how its
// last run went; the selected schedule's run history; and the actions of the page. Every action
// returns "" on success or the service's message, which the page shows as it is.
//
// Kept live from ScheduleService (schedulesChanged, scheduleRunStarted, delivered) by comparing
// the stored schedules with the rows: changed rows get dataChanged, new and deleted ones are
// inserted and removed, a rename moves its row; only the first load resets the model. Next-run
// texts depend on "now", so they are recomputed once a minute on the clock.
//
// service may be null (this process does not run the schedules): the page then shows the stored
// schedules and every action says why it cannot be done here.
class SchedulesModel : public QAbstractListModel {
    Q_OBJECT
    QML_NAMED_ELEMENT(Schedules)
    QML_SINGLETON
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    Q_PROPERTY(bool paused READ paused NOTIFY pausedChanged FINAL)
    // The IANA id a new schedule gets when its zone is left empty.
    Q_PROPERTY(QString systemTimeZone READ systemTimeZone CONSTANT FINAL)
    // Non-empty when the schedules could not be read: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)
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
    };
    Q_ENUM(Roles)

    // Loads at once (one reset). service, store and clock must outlive the model.
    SchedulesModel(ScheduleService* service, ScheduleStore* store, qint64 ownerId, Clock* clock,
                   QObject* parent = nullptr);
    ~SchedulesModel() override;

    // The instance QML's `Schedules` refers to. Call before loading QML; the caller owns it.
    static void setInstance(SchedulesModel* instance);
    static SchedulesModel* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] bool paused() const { return m_paused; }
    [[nodiscard]] QString systemTimeZone() const;
    [[nodiscard]] QString loadError() const { return m_loadError; }
    [[nodiscard]] qint64 selectedId() const { return m_selectedId; }
    [[nodiscard]] QVariantMap selected() const;
    [[nodiscard]] QVariantList history() const { return m_history; }
    // The row of a schedule, -1 when there is none (for the list's current row).
    Q_INVOKABLE int indexOf(qint64 scheduleId) const;

    // Times are shown in this zone (default: the system's). Tests fix it.
    void setDisplayTimeZone(const QTimeZone& zone);

    // Selects a schedule for the detail pane (0 or an unknown id: none).
    void select(qint64 scheduleId);

    // timeZone empty: the system's.
    Q_INVOKABLE QString create(const QString& name, const QString& task, const QString& cron,
                               const QString& timeZone, bool catchUp);
    // fields: any of name, task, cron, timeZone (strings), enabled, catchUp (booleans).
    Q_INVOKABLE QString update(qint64 scheduleId, const QVariantMap& fields);
    Q_INVOKABLE QString remove(qint64 scheduleId);
    Q_INVOKABLE QString setEnabled(qint64 scheduleId, bool enabled);
    Q_INVOKABLE QString runNow(qint64 scheduleId);
    Q_INVOKABLE QString setPaused(bool paused);
    // {ok: bool, text: the description, or what is wrong with the expression}, for the form.
    Q_INVOKABLE QVariantMap describeCron(const QString& text) const;
    // The newest runs of any schedule, as in `history`.
    Q_INVOKABLE QVariantList historyFor(qint64 scheduleId) const;

    // Re-reads the schedules and announces what changed (the first call resets).
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
    [[nodiscard]] Row makeRow(const ScheduleRecord& record, const QDateTime& now) const;
    [[nodiscard]] static QVariant value(const Row& row, int role);
    [[nodiscard]] QString notHere() const;
    void setLoadError(const QString& error);
    void refreshHistory();
    void armTick();

    ScheduleService* m_service;
    ScheduleStore* m_store;
    qint64 m_ownerId;
    Clock* m_clock;
    QTimeZone m_zone;
    QList<Row> m_rows;  // by name
    bool m_loaded = false;
    bool m_paused = false;
    QString m_loadError;
    qint64 m_selectedId = 0;
    QVariantList m_history;
};

}  // namespace zerg
