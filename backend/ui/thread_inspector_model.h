#pragma once

#include "dashboard/threads_source.h"
#include "storage/store.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QHash>
#include <QList>
#include <QUrl>
#include <QVariantMap>

namespace zerg {

class EventBus;
struct Event;
namespace payloads {
struct SupervisorStarted;
}  // namespace payloads

// One run in the Threads page's list, with the figures that take extra queries (tokens and cost
// from llm_calls, the number of workers) loaded lazily when a view first asks for them: the list
// holds up to 200 runs but a view shows a screenful.
struct ThreadRunView {
    // A run whose details (usage, workers) are not loaded yet.
    [[nodiscard]] static ThreadRunView of(const RunRecord& r) {
        ThreadRunView v;
        v.run = r;
        return v;
    }
    // A run with its details.
    [[nodiscard]] static ThreadRunView of(const RunDetail& d) {
        ThreadRunView v = of(d.run);
        v.detailsLoaded = true;
        v.usage = d.usage;
        v.workerCount = int(d.workers.size());
        return v;
    }

    RunRecord run;
    bool detailsLoaded = false;
    bool detailsFailed = false;
    UsageTotals usage;
    int workerCount = 0;
    // The request whose answer this row waits for (0: none); an answer to an older one is stale.
    quint64 ticket = 0;
    bool refreshing = false;  // that request re-reads the whole run (refresh()), not only details
};

// The runs of the owner's supervisor thread, newest first. Owned by ThreadInspectorModel.
class ThreadRunListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("ThreadRunListModel is owned by ThreadInspector; use ThreadInspector.runs.")
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        RunIdRole = Qt::UserRole + 1,
        TaskRole,
        ModeRole,       // quick | supervisor | background
        ModeLabelRole,  // the mode for people ("Quick")
        StatusRole,     // running | success | failed | cancelled | timeout
        StartedAtRole,  // local time, text
        DurationRole,   // text; "" while running
        TokensRole,     // prompt + completion tokens of every call of the run (qint64)
        TokensTextRole,
        CostRole,  // "$0.0123"; "unknown" when any call's price is unknown; "—" without calls
        WorkerCountRole,
        ErrorRole,
    };
    Q_ENUM(Roles)

    // Rows per request for details: about a screenful, asked for when the first of them is shown.
    static constexpr int kDetailsBatch = 25;

    // source must outlive the model.
    explicit ThreadRunListModel(ThreadsSource* source, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }

    // The row of the run; -1 when it is not in the list.
    Q_INVOKABLE int indexOfRun(qint64 runId) const;
    // The row, its lazy details asked for (a local source has answered when this returns).
    [[nodiscard]] const ThreadRunView& at(int row) const;
    // The run's row as it is, without asking for details; nullptr when it is not listed.
    [[nodiscard]] const ThreadRunView* find(qint64 runId) const;

    void reset(const QList<RunRecord>& runs);
    // Inserts at the top; drops the oldest row beyond limit.
    void prepend(const ThreadRunView& run, int limit);
    // Reads the run's record and details again and reports the row changed (on failure: as
    // invalidateDetails). Nothing when the run is not listed.
    void refresh(qint64 runId);
    // Forgets the lazy details (new model calls or workers) and reports them changed.
    void invalidateDetails(int row);

Q_SIGNALS:
    void countChanged();

private:
    void ensureDetails(int row) const;
    // Asks for the details of the rows from row on (up to kDetailsBatch) that lack them.
    void requestDetails(int row);
    void applyTotals(quint64 ticket, const QList<qint64>& asked,
                     const Result<QList<RunTotals>>& totals);

    ThreadsSource* m_source;
    mutable QList<ThreadRunView> m_rows;
    quint64 m_lastTicket = 0;
    // A details request made from data() is under way: a source answering at once must not
    // report rows changed from inside data().
    bool m_inData = false;
};

// One entry of a run's transcript. An assistant message that calls tools becomes its text (if
// any) followed by one tool_call entry per call.
struct ThreadMessageRow {
    qint64 seq = 0;
    QString kind;       // user | assistant | tool_call | tool_result | system
    QString title;      // the tool's name for tool_call / tool_result; the role for odd ones
    QString text;       // capped (see ThreadInspectorModel::kMaxTextChars)
    QString arguments;  // tool_call: the arguments as indented JSON (capped)
    QString callId;     // tool_call / tool_result: pairs a result with its call
    QString time;       // local time, text
    bool truncated = false;
    bool summarized = false;  // folded into the thread's memory summary
};

// The transcript of the selected run, in order. Owned by ThreadInspectorModel.
class ThreadMessageListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE(
        "ThreadMessageListModel is owned by ThreadInspector; use ThreadInspector.messages.")
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        SeqRole = Qt::UserRole + 1,
        KindRole,
        TitleRole,
        TextRole,
        ArgumentsRole,
        CallIdRole,
        TimeRole,
        TruncatedRole,
        SummarizedRole,
    };
    Q_ENUM(Roles)

    explicit ThreadMessageListModel(QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] const ThreadMessageRow& at(int row) const { return m_rows.at(row); }

    void reset(QList<ThreadMessageRow> rows);
    void append(const QList<ThreadMessageRow>& rows);

Q_SIGNALS:
    void countChanged();

private:
    QList<ThreadMessageRow> m_rows;
};

// The worker jobs the selected run spawned, oldest first. Owned by ThreadInspectorModel.
class ThreadWorkerListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE(
        "ThreadWorkerListModel is owned by ThreadInspector; use ThreadInspector.workers.")
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        JobIdRole = Qt::UserRole + 1,
        WorkerIdRole,  // "" while queued
        TaskRole,
        StatusRole,  // queued | running | success | failed | cancelled | timeout
        DurationRole,
        ErrorRole,
    };
    Q_ENUM(Roles)

    explicit ThreadWorkerListModel(QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] const WorkerJobRecord& at(int row) const { return m_rows.at(row); }
    [[nodiscard]] int indexOfJob(qint64 jobId) const;

    void reset(QList<WorkerJobRecord> rows);
    void append(const WorkerJobRecord& job);
    void update(int row, const WorkerJobRecord& job);

Q_SIGNALS:
    void countChanged();

private:
    QList<WorkerJobRecord> m_rows;
};

// The runs a search of the conversation found (ThreadsSource::search), best match first. Owned by
// ThreadInspectorModel.
class ThreadSearchListModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE(
        "ThreadSearchListModel is owned by ThreadInspector; use ThreadInspector.searchResults.")
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        RunIdRole = Qt::UserRole + 1,
        TaskRole,
        ModeLabelRole,
        StatusRole,       // running | success | failed | cancelled | timeout
        StartedAtRole,    // local time, text
        MatchedInRole,    // the role of the message that matched: user (the question) | assistant
        SnippetRole,      // StyledText: the words around the match, each match in <b>…</b>
        SnippetTextRole,  // the same as plain text, for screen readers
    };
    Q_ENUM(Roles)

    explicit ThreadSearchListModel(QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] const RunSearchHit& at(int row) const { return m_rows.at(row); }

    void reset(QList<RunSearchHit> rows);

    // A hit's snippet (matches between kSearchMatchStart and kSearchMatchEnd) as StyledText for
    // a Text item: everything else escaped, each match in <b>…</b>, line breaks as spaces.
    [[nodiscard]] static QString styledSnippet(const QString& snippet);
    // The snippet without its markers, line breaks as spaces.
    [[nodiscard]] static QString plainSnippet(const QString& snippet);

Q_SIGNALS:
    void countChanged();

private:
    QList<RunSearchHit> m_rows;
};

// The dashboard's Threads page (QML singleton `ThreadInspector`): the runs of the owner's
// long-lived supervisor thread (newest 200), the selected run's transcript and the workers it
// spawned, and the thread's memory summary. Reads through a ThreadsSource (the local Store, on
// the GUI thread with indexed queries; or the server's thread commands): the runs at start and
// on reload(), a run's messages and workers only when it is selected. Answers may come later
// than asked and in any order: each kind of request (the run list, the selected run, its
// messages, the memory, the search) has a generation, and an answer to an older request is
// dropped. Kept live from supervisor_* and worker_* events of this owner, with row inserts and
// dataChanged; a transcript grows by appending the messages it has not shown yet. search() looks
// through all of the owner's runs (not only the 200 listed) by the words of their questions and
// answers; the page shows its results instead of the run list until clearSearch(), and selecting
// a result selects its run as the list does.
class ThreadInspectorModel : public QObject, public QmlInstance<ThreadInspectorModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(ThreadInspector)
    QML_SINGLETON
    Q_PROPERTY(zerg::ThreadRunListModel* runs READ runs CONSTANT FINAL)
    Q_PROPERTY(zerg::ThreadMessageListModel* messages READ messages CONSTANT FINAL)
    Q_PROPERTY(zerg::ThreadWorkerListModel* workers READ workers CONSTANT FINAL)
    // A double for QML (qmllint knows no qlonglong; run ids stay far below 2^53).
    Q_PROPERTY(double selectedRunId READ selectedRunIdForQml NOTIFY selectedRunIdChanged FINAL)
    Q_PROPERTY(bool hasSelection READ hasSelection NOTIFY selectedRunIdChanged FINAL)
    // The selected run's header: runId, task, mode, modeLabel, status, startedAt, duration,
    // tokens, tokensText, cost, costKnown, error. Empty when nothing is selected.
    Q_PROPERTY(QVariantMap selectedRun READ selectedRun NOTIFY selectedRunChanged FINAL)
    // The newest compacted summary of the thread's older turns; "" when never compacted.
    Q_PROPERTY(QString memorySummary READ memorySummary NOTIFY memorySummaryChanged FINAL)
    // Non-empty when the last load failed: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)
    // The runs the search for searchQuery found.
    Q_PROPERTY(zerg::ThreadSearchListModel* searchResults READ searchResults CONSTANT FINAL)
    // What the search shown (or on its way) is for, trimmed; "" when the page shows the run list.
    Q_PROPERTY(QString searchQuery READ searchQuery NOTIFY searchChanged FINAL)
    // A search is on its way (its results are not shown yet).
    Q_PROPERTY(bool searching READ searching NOTIFY searchChanged FINAL)
    // Non-empty when the last search failed: what happened.
    Q_PROPERTY(QString searchError READ searchError NOTIFY searchChanged FINAL)
    // Export: true while an export is on its way; what the last one did ("Saved …" or why not).
    Q_PROPERTY(bool exporting READ exporting NOTIFY exportChanged FINAL)
    Q_PROPERTY(QString exportMessage READ exportMessage NOTIFY exportChanged FINAL)
    Q_PROPERTY(bool exportFailed READ exportFailed NOTIFY exportChanged FINAL)

public:
    static constexpr int kRunLimit = 200;
    static constexpr int kMaxTextChars = 4000;
    static constexpr int kSearchLimit = 50;  // the most runs a search shows

    // source and bus must outlive the model; only ownerId's events count (the source reads only
    // that owner's runs). Loads at once, or first in ensureLoaded() (FirstLoad).
    ThreadInspectorModel(ThreadsSource* source, qint64 ownerId, EventBus* bus,
                         QObject* parent = nullptr, FirstLoad firstLoad = FirstLoad::Now);
    // Loads now unless it already has (create() calls it for QML).
    void ensureLoaded();
    [[nodiscard]] bool loaded() const { return m_loaded; }
    ~ThreadInspectorModel() override;

    [[nodiscard]] ThreadRunListModel* runs() const { return m_runs; }
    [[nodiscard]] ThreadMessageListModel* messages() const { return m_messages; }
    [[nodiscard]] ThreadWorkerListModel* workers() const { return m_workers; }
    [[nodiscard]] qint64 selectedRunId() const { return m_selected.run.id; }
    [[nodiscard]] double selectedRunIdForQml() const { return double(selectedRunId()); }
    [[nodiscard]] bool hasSelection() const { return m_selected.run.id > 0; }
    [[nodiscard]] QVariantMap selectedRun() const;
    // The selected run's row in `runs`; -1 when nothing is selected or it is not listed.
    Q_INVOKABLE int selectedRow() const;
    [[nodiscard]] QString memorySummary() const { return m_memorySummary; }
    [[nodiscard]] QString loadError() const { return m_loadError; }
    [[nodiscard]] ThreadSearchListModel* searchResults() const { return m_searchResults; }
    [[nodiscard]] QString searchQuery() const { return m_searchQuery; }
    [[nodiscard]] bool searching() const { return m_searching; }
    [[nodiscard]] QString searchError() const { return m_searchError; }
    [[nodiscard]] bool exporting() const { return m_exporting; }
    [[nodiscard]] QString exportMessage() const { return m_exportMessage; }
    [[nodiscard]] bool exportFailed() const { return m_exportFailed; }

    // Replaces the runs with the newest ones (one reset; on failure keeps the old rows) and
    // reloads the selected run.
    Q_INVOKABLE void reload();
    // Shows the run's transcript and workers; <= 0 clears the selection. Another owner's run
    // is "not found". Until the source answers, the run is selected with what its list row
    // knows and empty transcript and workers.
    Q_INVOKABLE void selectRun(qint64 runId);
    // Selects the run shown in that row of `runs` (the list's current row); out of range: none.
    Q_INVOKABLE void selectRow(int row);
    // Searches all of the owner's runs for the words of query (the last one also as the start
    // of a word) and shows the best kSearchLimit in searchResults; a newer search replaces an
    // older one's answer. A blank query is clearSearch().
    Q_INVOKABLE void search(const QString& query);
    // Back to the run list: forgets the search, its results and any answer still on its way.
    Q_INVOKABLE void clearSearch();
    // Selects the run of that row of searchResults (out of range: nothing changes).
    Q_INVOKABLE void selectSearchResult(int row);
    // Writes the run runId (0: the whole conversation) as format ("md" or "json") to file (a
    // local file URL), replacing it whole (storage/run_export.h; in remote mode the server
    // makes the document). One export at a time: another while one is on its way is refused.
    Q_INVOKABLE void exportRuns(double runId, const QString& format, const QUrl& file);
    // The file name to suggest for that export: "zerg-run-12.md", "zerg-conversation.json".
    Q_INVOKABLE static QString exportFileName(double runId, const QString& format);
    // After the user interface's language changed: reload(), so that every text is made again.
    void retranslate() { reload(); }

    // "$0.0123", "$1.25"; "unknown" for nullopt (never "$0"); "—" when the run made no calls.
    [[nodiscard]] static QString formatCost(const UsageTotals& usage);
    // Caps text at kMaxTextChars, adding "… (N more characters)"; sets *truncated.
    [[nodiscard]] static QString capText(const QString& text, bool* truncated = nullptr);
    // The transcript entries of one stored message. callNames maps tool_call ids to tool names
    // (filled from assistant messages, read for tool results).
    [[nodiscard]] static QList<ThreadMessageRow> toRows(const StoredMessage& message,
                                                        qint64 memoryUpToSeq,
                                                        QHash<QString, QString>& callNames);

Q_SIGNALS:
    void selectedRunIdChanged();
    void selectedRunChanged();
    void memorySummaryChanged();
    void loadErrorChanged();
    void exportChanged();
    void searchChanged();

private:
    void onEvent(const Event& event);
    void onRunStarted(const payloads::SupervisorStarted& started, const QDateTime& at);
    void applyRuns(const Result<QList<RunRecord>>& runs);
    // A run's record, tokens, cost or messages may have changed.
    void onRunChanged(qint64 runId);
    // Asks for the selected run; the answer shows it (while m_selectedPending) or refreshes its
    // header.
    void requestSelected();
    void showSelected(const Result<RunDetail>& detail);
    void refreshHeader(const Result<RunDetail>& detail);
    // Appends the selected run's messages not shown yet; replace: shows them from the start.
    void loadNewMessages(bool replace);
    void loadMemory();
    void applyMemory(const std::optional<ThreadMemory>& memory);
    void setLoadError(const QString& message);
    void applySearch(const Result<QList<RunSearchHit>>& hits);

    ThreadsSource* m_source;
    qint64 m_ownerId;
    EventBus* m_bus;
    ThreadRunListModel* m_runs;
    ThreadMessageListModel* m_messages;
    ThreadWorkerListModel* m_workers;
    ThreadSearchListModel* m_searchResults;
    ThreadRunView m_selected;  // run.id 0: none
    // m_selected.run.id is asked for and not shown yet (its workers and transcript are empty).
    bool m_selectedPending = false;
    qint64 m_idBeforeSelect = 0;  // selectedRunId() before the pending selection, as announced
    // The newest request of each kind; an answer to an older one is dropped.
    NewestRequest m_listRequests;
    NewestRequest m_selectedRequests;
    NewestRequest m_memoryRequests;
    NewestRequest m_searchRequests;
    // Counts transcripts (a new run, or the same one from the start): an answer for an older
    // transcript is dropped, while the appends within one all apply.
    quint64 m_messagesGen = 0;
    bool m_messagesShown = false;  // the transcript of m_messagesGen has had its first answer
    qint64 m_lastSeq = 0;          // the newest message of the selected run shown so far
    QHash<QString, QString> m_callNames;
    qint64 m_threadId = 0;  // the owner's supervisor thread, from its runs
    qint64 m_memoryUpToSeq = 0;
    QString m_memorySummary;
    QString m_loadError;
    QString m_searchQuery;
    bool m_searching = false;
    QString m_searchError;
    bool m_exporting = false;
    bool m_exportFailed = false;
    QString m_exportMessage;
    bool m_loaded = false;  // reload() has run
};

}  // namespace zerg
