#pragma once

#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QDateTime>
#include <QList>
#include <QSet>

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
        PathRole,  // which path answered: "quick" or "supervisor"
        // A finished answer cut at its fenced code blocks: [{code, text, language}] (see
        // markdown_blocks.h); empty while it streams and for other roles.
        BlocksRole,
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

    // Applies one event of a run this model shows; events of other kinds are ignored.
    void handleEvent(const Event& event);

Q_SIGNALS:
    void countChanged();

private:
    struct Row {
        QString role;
        QString text;
        QDateTime timestamp;
        bool streaming = false;
        qint64 runId = 0;
        QString path;
    };

    // data() and roleNames(): the roles of a row, which need nothing but the row.
    [[nodiscard]] static const RoleTable<Row>& roles();
    void append(Row row);
    // The row of the run's answer, created if the start event was missed.
    int answerRow(qint64 runId, const QDateTime& at);
    [[nodiscard]] int findAnswerRow(qint64 runId) const;
    void endStreaming(qint64 runId);
    // Shows the text streamed since the last frame.
    void flushStreamed();

    Clock* m_clock;
    QList<Row> m_rows;
    QSet<qint64> m_streamedRuns;  // runs whose answer grew since the last frame
    bool m_flushArmed = false;
};

}  // namespace zerg
