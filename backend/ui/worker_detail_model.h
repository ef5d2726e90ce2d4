#pragma once

#include "core/result.h"
#include "dashboard/worker_files_source.h"
#include "ui/artifact_views.h"
#include "ui/qml_instance.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QJsonObject>
#include <QSet>
#include <QVariantMap>

namespace zerg {

class EventBus;
struct Event;

// A list of rows (role name -> value) for the Worker detail page. setRows() updates it in place
// by a key role: rows that stay are changed with dataChanged, new ones inserted, gone ones
// removed, so a live refresh never resets the view.
class DetailRowsModel : public QAbstractListModel {
    Q_OBJECT
    QML_ANONYMOUS
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    // roles: the role names, in Qt::UserRole + 1 order; keyRole: one of them, unique per row.
    DetailRowsModel(QList<QByteArray> roles, QByteArray keyRole, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }

    // One row as QML sees it (an empty map outside the range).
    Q_INVOKABLE QVariantMap get(int row) const;
    // The row whose key role equals key, or -1.
    Q_INVOKABLE int indexOf(const QString& key) const;

    void setRows(QList<QVariantMap> rows);

Q_SIGNALS:
    void countChanged();

private:
    [[nodiscard]] QString keyOf(const QVariantMap& row) const;
    [[nodiscard]] qsizetype findKey(const QString& key, qsizetype from) const;

    QList<QByteArray> m_roles;
    QString m_keyRole;
    QList<QVariantMap> m_rows;
};

// The dashboard's Worker detail page (QML singleton `WorkerDetail`): one worker's folder
// (storage/artifact_store.h) as a file tree, the selected file rendered by kind
// (ui/artifact_views.h), the roundabout's checks as a timeline, and the approval requests of
// approvals.jsonl (the audit, docs/security.md) as a list with a summary in the header. Only the
// owner's workers open: another owner's is "not found", like a missing one.
//
// Everything is read through a WorkerFilesSource (this computer's stores, or a `zerg serve`),
// whose answers may come at once or later; a selected file's bytes are then parsed on the thread
// pool. Every request carries a generation, and only the newest open() / openJob() /
// selectFile() is applied, so a slow answer never overwrites a newer choice.
// worker_tool_completed/_failed, worker_status_update, worker_complete and
// worker_summary_ready, approval_requested and approval_resolved of the open worker refresh the
// tree, status and timeline (at most one refresh in flight and one pending), and re-read the
// selected file and the approval summary if their file grew.
class WorkerDetailModel : public QObject, public QmlInstance<WorkerDetailModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(WorkerDetail)
    QML_SINGLETON
    Q_PROPERTY(QString workerId READ workerId NOTIFY workerChanged FINAL)
    Q_PROPERTY(qint64 jobId READ jobId NOTIFY workerChanged FINAL)
    Q_PROPERTY(QString task READ task NOTIFY workerChanged FINAL)
    Q_PROPERTY(QString status READ status NOTIFY workerChanged FINAL)
    Q_PROPERTY(QString summary READ summary NOTIFY workerChanged FINAL)
    Q_PROPERTY(QString workerError READ workerError NOTIFY workerChanged FINAL)
    Q_PROPERTY(QString startedAt READ startedAt NOTIFY workerChanged FINAL)
    Q_PROPERTY(QString durationText READ durationText NOTIFY workerChanged FINAL)
    // "2 approvals: 1 allowed, 1 denied" when the folder has approvals.jsonl (read when the
    // worker opens and when the file grows); empty otherwise.
    Q_PROPERTY(QString approvalSummary READ approvalSummary NOTIFY workerChanged FINAL)
    // True once a worker's folder was read (false while none is open or after an error).
    Q_PROPERTY(bool hasWorker READ hasWorker NOTIFY workerChanged FINAL)
    Q_PROPERTY(bool loading READ loading NOTIFY loadingChanged FINAL)
    // Why the worker cannot be shown and what to do; empty when all is well.
    Q_PROPERTY(QString error READ error NOTIFY errorChanged FINAL)
    // Rows: path, name, depth, isDir, sizeText, size.
    Q_PROPERTY(zerg::DetailRowsModel* files READ files CONSTANT FINAL)
    Q_PROPERTY(QString selectedPath READ selectedPath NOTIFY selectionChanged FINAL)
    // "json", "thread", "approvals", "toolcall", "check", "text"; empty when nothing is selected.
    Q_PROPERTY(QString viewKind READ viewKind NOTIFY selectionChanged FINAL)
    // The file as text: indented JSON for json/check, the raw text otherwise.
    Q_PROPERTY(QString text READ text NOTIFY selectionChanged FINAL)
    // Notes about the shown text: not valid JSON, cut at 512 KiB. Empty when none.
    Q_PROPERTY(QString note READ note NOTIFY selectionChanged FINAL)
    Q_PROPERTY(bool truncated READ truncated NOTIFY selectionChanged FINAL)
    // Why the selected file cannot be shown; empty when it can.
    Q_PROPERTY(QString fileError READ fileError NOTIFY selectionChanged FINAL)
    Q_PROPERTY(bool fileLoading READ fileLoading NOTIFY selectionChanged FINAL)
    // thread.jsonl as entries. Rows: key, line, kind (message, tool_call, tool_result, error),
    // role, text, toolName, toolArgs, toolCallId, raw.
    Q_PROPERTY(zerg::DetailRowsModel* conversation READ conversation CONSTANT FINAL)
    // approvals.jsonl as one row per request, in the order asked. Rows: approvalId, tool,
    // action, target, status (pending, allowed, denied, expired, cancelled), statusLabel,
    // requestedText, decidedText, who, message, why, statedReason, ruleId. A line that could not
    // be read is left out and counted in note.
    Q_PROPERTY(zerg::DetailRowsModel* approvals READ approvals CONSTANT FINAL)
    // A tool call file: tool, callId, finishedAt, arguments, result, error, hasExitCode,
    // exitCode, hasDuration, durationMs, durationText, hasStdout, stdout, hasStderr, stderr, other.
    Q_PROPERTY(QVariant toolCall READ toolCallValue NOTIFY selectionChanged FINAL)
    // A selected check file's timeline row (see timeline).
    Q_PROPERTY(QVariant check READ checkValue NOTIFY selectionChanged FINAL)
    // Every roundabout check of the open worker, by elapsed time. Rows: path, elapsedSeconds,
    // elapsedText, check, decision, reason, source, raw, status.
    Q_PROPERTY(zerg::DetailRowsModel* timeline READ timeline CONSTANT FINAL)

public:
    // source and bus (may be null) must outlive the model; the owner's events refresh it.
    WorkerDetailModel(WorkerFilesSource* source, qint64 ownerId, EventBus* bus,
                      QObject* parent = nullptr);

    // Opens the owner's worker: reads its folder, then selects thread.jsonl (or result.txt, or
    // metadata.json) unless the page already chose a file of that worker.
    Q_INVOKABLE void open(const QString& workerId);
    // The same for a job of the Workers table (its worker id comes from the source).
    Q_INVOKABLE void openJob(qint64 jobId);
    // Shows one file of the open worker (a path from `files`; folders are ignored).
    Q_INVOKABLE void selectFile(const QString& path);
    // Reads the open worker's folder and the selected file again (or looks up again the job
    // the page waits for).
    Q_INVOKABLE void reload();
    // After the user interface's language changed: reload(), so that every text is made again.
    void retranslate() { reload(); }
    // Back to the empty page.
    Q_INVOKABLE void close();

    [[nodiscard]] QString workerId() const { return m_workerId; }
    [[nodiscard]] qint64 jobId() const { return m_jobId; }
    [[nodiscard]] QString task() const { return m_task; }
    [[nodiscard]] QString status() const { return m_status; }
    [[nodiscard]] QString summary() const { return m_summary; }
    [[nodiscard]] QString workerError() const { return m_workerError; }
    [[nodiscard]] QString startedAt() const { return m_startedAt; }
    [[nodiscard]] QString durationText() const { return m_durationText; }
    [[nodiscard]] QString approvalSummary() const { return m_approvalSummary; }
    [[nodiscard]] bool hasWorker() const { return m_hasWorker; }
    [[nodiscard]] bool loading() const { return m_loading; }
    [[nodiscard]] QString error() const { return m_error; }
    [[nodiscard]] DetailRowsModel* files() const { return m_files; }
    [[nodiscard]] QString selectedPath() const { return m_selectedPath; }
    [[nodiscard]] QString viewKind() const { return m_viewKind; }
    [[nodiscard]] QString text() const { return m_text; }
    [[nodiscard]] QString note() const { return m_note; }
    [[nodiscard]] bool truncated() const { return m_truncated; }
    [[nodiscard]] QString fileError() const { return m_fileError; }
    [[nodiscard]] bool fileLoading() const { return m_fileLoading; }
    [[nodiscard]] DetailRowsModel* conversation() const { return m_conversation; }
    [[nodiscard]] DetailRowsModel* approvals() const { return m_approvals; }
    [[nodiscard]] QVariantMap toolCall() const { return m_toolCall; }
    [[nodiscard]] QVariantMap check() const { return m_check; }
    // The maps as plain QVariants: QML reads their keys as a JS object, unchecked by qmllint.
    [[nodiscard]] QVariant toolCallValue() const { return m_toolCall; }
    [[nodiscard]] QVariant checkValue() const { return m_check; }
    [[nodiscard]] DetailRowsModel* timeline() const { return m_timeline; }

    // A selected file as the page shows it, made from its bytes on the thread pool.
    struct FileView {
        QString path;
        QString kind;
        qint64 size = 0;
        bool truncated = false;
        QString text;
        QString note;
        QString error;
        QList<artifact_views::ThreadEntry> thread;
        QList<artifact_views::ApprovalRow> approvals;
        artifact_views::ToolCallView toolCall;
        artifact_views::CheckRow check;
    };

Q_SIGNALS:
    void workerChanged();
    void loadingChanged();
    void errorChanged();
    void selectionChanged();

private:
    void onEvent(const Event& e);
    void onJob(const Result<WorkerJobRecord>& job, qint64 jobId);
    void startFolderRead(bool firstRead);
    void onFolderRead(quint64 generation, const QString& workerId, const Result<WorkerFolder>& r,
                      bool firstRead);
    void startFileRead(const QString& path, bool keepShown);
    void onFileRead(const FileView& view);
    void startApprovalsRead(qint64 size);
    void requestRefresh();
    void setLoading(bool loading);
    void setError(const QString& error);
    void clearWorker();
    void clearSelection();
    [[nodiscard]] QString notFoundMessage(const QString& workerId, const Error& e) const;
    [[nodiscard]] QString chooseDefaultFile() const;

    WorkerFilesSource* m_source;
    qint64 m_ownerId;
    EventBus* m_bus;

    DetailRowsModel* m_files;
    DetailRowsModel* m_conversation;
    DetailRowsModel* m_approvals;
    DetailRowsModel* m_timeline;

    quint64 m_jobGeneration = 0;  // job lookups: openJob's, and open's of the worker's job
    quint64 m_folderGeneration = 0;
    quint64 m_fileGeneration = 0;
    quint64 m_approvalsGeneration = 0;  // reads of approvals.jsonl for the summary
    int m_foldersInFlight = 0;
    bool m_refreshPending = false;

    QString m_workerId;
    qint64 m_jobId = 0;
    QString m_task;
    QString m_status;
    QString m_summary;
    QString m_workerError;
    QString m_startedAt;
    QString m_durationText;
    QString m_approvalSummary;
    qint64 m_approvalsSize = -1;  // approvals.jsonl's size when the summary was asked; -1: none
    bool m_jobListed = false;     // the source knows the open worker's job (its folder may be gone)
    bool m_hasWorker = false;
    bool m_loading = false;
    QString m_error;
    QHash<QString, qint64> m_fileSizes;
    QList<artifact_views::CheckRow> m_checks;
    QSet<QString> m_knownChecks;

    QString m_selectedPath;
    qint64 m_selectedSize = -1;
    QString m_viewKind;
    QString m_text;
    QString m_note;
    bool m_truncated = false;
    QString m_fileError;
    bool m_fileLoading = false;
    QVariantMap m_toolCall;
    QVariantMap m_check;
};

}  // namespace zerg
