#pragma once

#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QDateTime>
#include <QList>
#include <QSet>
#include <QVariantList>

class QJsonArray;

namespace zerg {

class Clock;
struct Event;

// The Jarvis conversation as the chat list shows it: one row per message. A view over the
// supervisor_* and error events of the runs the JarvisController started; it holds no logic
// beyond turning those events into rows. Streaming appends to one row, never rebuilds it.
class ChatModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("ChatModel is owned by Jarvis; use Jarvis.chat.")
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)

public:
    enum Roles {
        RoleRole = Qt::UserRole + 1,  // "user" | "assistant" | "error" | "notice"
        TextRole,                     // Markdown
        TimestampRole,                // QDateTime (UTC)
        StreamingRole,                // bool: the answer is still arriving
        RunIdRole,
        PathRole,  // which path answered: "quick", "supervisor" or "realtime" (voice to voice)
        // A finished answer cut at its fenced code blocks: [{code, text, language}] (see
        // markdown_blocks.h); empty while it streams and for other roles.
        BlocksRole,
        // A past turn restored from the store (loaded at start or when scrolling up).
        RestoredRole,
        // What the run's model calls cost, formatted ("$0.0042"); "" when unknown or not a run's
        // answer.
        CostRole,
        // The workers of a restored answer: [{workerId, jobId, task, status, statusLabel,
        // tone}], oldest first.
        WorkersRole,
        // When, as the row shows it: the time for today, the date and time before.
        TimeLabelRole,
    };
    Q_ENUM(Roles)

    // Streamed text reaches views at most once per frame (kFrameMs on clock): the Markdown of a
    // long answer is laid out again on every update, so per-token updates would cost O(n²).
    // Without a clock, every delta is shown at once.
    static constexpr qint64 kFrameMs = 16;
    explicit ChatModel(Clock* clock = nullptr, QObject* parent = nullptr);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;
    [[nodiscard]] int count() const { return int(m_rows.size()); }

    void appendUser(const QString& text, const QDateTime& at);
    // A message that is not part of a run's answer (e.g. "Stopped.", or a refused request).
    void appendError(const QString& text, const QDateTime& at, qint64 runId = 0);
    void appendNotice(const QString& text, const QDateTime& at, qint64 runId = 0);
    // An answer that came without a run: what a Realtime voice model said (path "realtime").
    void appendAnswer(const QString& text, const QDateTime& at, const QString& path);

    // Applies one event of a run this model shows; events of other kinds are ignored.
    void handleEvent(const Event& event);

    // Puts earlier turns above the rows shown: runs as the store keeps them (runDetails JSON,
    // oldest first; storage/run_details.h conversationPage). Each becomes the question and its
    // answer (or error, or "stopped"), with its path, cost and workers. A run already shown is
    // left out. After the run summarisedThroughRunId (0: none), a notice says that the
    // conversation before it is summarised. Returns how many rows were put in.
    int prependRuns(const QJsonArray& runs, qint64 summarisedThroughRunId);
    // The oldest run shown, or 0.
    [[nodiscard]] qint64 oldestRunId() const;

Q_SIGNALS:
    void countChanged();

private:
    struct Row {
        Row(QString role_, QString text_, QDateTime timestamp_, bool streaming_, qint64 runId_,
            QString path_)
            : role(std::move(role_)),
              text(std::move(text_)),
              timestamp(std::move(timestamp_)),
              streaming(streaming_),
              runId(runId_),
              path(std::move(path_)) {}
        QString role;
        QString text;
        QDateTime timestamp;
        bool streaming = false;
        qint64 runId = 0;
        QString path;
        bool restored = false;
        QString cost;
        QVariantList workers;
    };

    // "14:05" today (by the clock, else the system's), "27.11.26 14:05" before.
    [[nodiscard]] QString timeLabel(const QDateTime& at) const;
    void append(Row row);
    // The row of the run's answer, created if the start event was missed.
    int answerRow(qint64 runId, const QDateTime& at);
    [[nodiscard]] int findAnswerRow(qint64 runId) const;
    void endStreaming(qint64 runId);
    // Shows the text streamed since the last frame.
    void flushStreamed();

    Clock* m_clock;
    // data() and roleNames(); the time label needs the clock.
    const RoleTable<Row> m_roles;
    QList<Row> m_rows;
    QSet<qint64> m_streamedRuns;  // runs whose answer grew since the last frame
    bool m_flushArmed = false;
};

}  // namespace zerg
