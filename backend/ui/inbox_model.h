#pragma once

#include "dashboard/inbox_source.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QList>
#include <QTimeZone>

namespace zerg {

class Clock;

// The task inbox in the Jarvis window (QML singleton `Inbox`): the results of scheduled runs,
// newest first, with the unread count. open() shows an item and marks it read; reply() asks for
// the conversation to continue about an item: it does not talk to the supervisor itself but
// emits replyRequested with a message that carries the item as context, for the chat to send.
// A result the source delivers appears at the top at once (a row insert).
//
// Reads and marks read only through an InboxSource (this computer's inbox, or the server's),
// which may answer at once or later: marking read reports its outcome with actionFinished (and
// error when it failed), busy while an answer is awaited; an answer to an older reload is
// dropped.
class InboxModel : public QAbstractListModel, public QmlInstance<InboxModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(Inbox)
    QML_SINGLETON
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    Q_PROPERTY(int unreadCount READ unreadCount NOTIFY unreadCountChanged FINAL)
    // Non-empty when the inbox could not be read or changed: what happened and what to do.
    Q_PROPERTY(QString error READ error NOTIFY errorChanged FINAL)
    // Marking read waits for its answer.
    Q_PROPERTY(bool busy READ busy NOTIFY busyChanged FINAL)
    // The item open() showed (currentId 0: none; a double for QML, whose qmllint in Qt 6.4 does
    // not know qint64 properties).
    Q_PROPERTY(double currentId READ currentIdForQml NOTIFY currentChanged FINAL)
    Q_PROPERTY(QString currentTitle READ currentTitle NOTIFY currentChanged FINAL)
    Q_PROPERTY(QString currentBody READ currentBody NOTIFY currentChanged FINAL)
    Q_PROPERTY(QString currentSeverity READ currentSeverity NOTIFY currentChanged FINAL)
    Q_PROPERTY(QString currentCreatedText READ currentCreatedText NOTIFY currentChanged FINAL)

public:
    static constexpr int kLimit = 200;         // items loaded
    static constexpr int kExcerptChars = 160;  // the list's preview of a body
    static constexpr int kQuotedChars = 1500;  // how much of a body a reply quotes

    enum Roles {
        ItemIdRole = Qt::UserRole + 1,
        TitleRole,
        SeverityRole,  // info, warning, critical
        CreatedTextRole,
        ReadRole,
        ExcerptRole,  // the body's start as plain text (excerptOf)
        BodyRole,     // Markdown
    };
    Q_ENUM(Roles)

    // Loads at once. source and clock must outlive the model; only ownerId's deliveries count.
    InboxModel(InboxSource* source, qint64 ownerId, Clock* clock, QObject* parent = nullptr);
    ~InboxModel() override;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] int count() const { return int(m_items.size()); }
    [[nodiscard]] int unreadCount() const { return m_unread; }
    [[nodiscard]] QString error() const { return m_error; }
    [[nodiscard]] bool busy() const { return m_busy > 0; }
    [[nodiscard]] qint64 currentId() const { return m_current.id; }
    [[nodiscard]] QString currentTitle() const { return m_current.title; }
    [[nodiscard]] QString currentBody() const { return m_current.body; }
    [[nodiscard]] QString currentSeverity() const { return m_current.severity; }
    [[nodiscard]] QString currentCreatedText() const;
    [[nodiscard]] const InboxItem& at(int row) const { return m_items.at(row); }
    [[nodiscard]] int indexOf(qint64 itemId) const;
    // The id of the item in a row (0 when there is none), for keyboard navigation.
    Q_INVOKABLE qint64 idAt(int row) const;

    // Times are shown in this zone (default: the system's). Tests fix it.
    void setDisplayTimeZone(const QTimeZone& zone);

    // Shows the item (current*) and, when it is unread, marks it read through the source
    // (actionFinished("open", …) when that is answered). Returns "" or why it cannot be shown.
    Q_INVOKABLE QString open(qint64 itemId);
    // Back to the list.
    Q_INVOKABLE void close();
    // Ends with actionFinished("markAllRead", …).
    Q_INVOKABLE void markAllRead();
    // Emits replyRequested(replyText(item, text)); text must not be blank. Returns "" or what is
    // wrong, for the panel to show.
    Q_INVOKABLE QString reply(qint64 itemId, const QString& text);
    // Re-reads the inbox (one reset when the answer comes).
    Q_INVOKABLE void reload();
    // After the user interface's language changed: the rows' and the open item's texts again.
    void retranslate();

    // The message that continues the conversation about item: names the check and when it ran,
    // quotes its result (trimmed to about kQuotedChars characters), then the user's words.
    [[nodiscard]] static QString replyText(const InboxItem& item, const QString& userText,
                                           const QTimeZone& zone = QTimeZone::systemTimeZone());
    // The body as one line of plain text (no '#', '*', '`' or '>' marks, no "Severity:" line),
    // cut at kExcerptChars.
    [[nodiscard]] static QString excerptOf(const QString& markdown);

Q_SIGNALS:
    void countChanged();
    void unreadCountChanged();
    void errorChanged();
    void currentChanged();
    void busyChanged();
    // Marking read ("open", "markAllRead") was answered: error is "" when ok, else the message
    // (also in error).
    void actionFinished(const QString& action, bool ok, const QString& error);
    // The chat should send text as the user's next message.
    void replyRequested(const QString& text);

private:
    [[nodiscard]] double currentIdForQml() const { return double(m_current.id); }
    void onDelivered(const InboxItem& item);
    void setError(const QString& error);
    void setUnread(int unread);
    void begin();
    void finish(const QString& action, const QString& error);
    // The row of itemId and the open item (if it is that one) are read now.
    void markShownRead(qint64 itemId, const QDateTime& readAt);

    InboxSource* m_source;
    qint64 m_ownerId;
    Clock* m_clock;
    QTimeZone m_zone;
    QList<InboxItem> m_items;  // newest first
    int m_unread = 0;
    QString m_error;
    int m_busy = 0;  // mark-read requests waiting for their answer
    NewestRequest m_reloads;
    InboxItem m_current;
    const RoleTable<InboxItem> m_roles;
};

}  // namespace zerg
