#include "ui/inbox_model.h"

#include "core/clock.h"
#include "schedule/schedule_service.h"
#include "ui/role_table.h"
#include "ui/schedules_model.h"

#include <QLocale>
#include <QRegularExpression>

namespace zerg {
namespace {

// Cuts text to at most max characters, at a blank when one is near the end, marked with "…".
QString cut(const QString& text, int max) {
    if (text.size() <= max)
        return text;
    QString head = text.left(max - 1);
    const qsizetype blank = head.lastIndexOf(QRegularExpression(QStringLiteral("\\s")));
    if (blank > max * 3 / 4)
        head.truncate(blank);
    return head.trimmed() + QChar(0x2026);
}

}  // namespace

InboxModel::InboxModel(InboxSource* source, qint64 ownerId, Clock* clock, QObject* parent)
    : QAbstractListModel(parent),
      m_source(source),
      m_ownerId(ownerId),
      m_clock(clock),
      m_zone(QTimeZone::systemTimeZone()),
      m_roles{
          {ItemIdRole, "itemId", &InboxItem::id},
          {TitleRole, "title", &InboxItem::title},
          {Qt::DisplayRole, nullptr, &InboxItem::title},
          {SeverityRole, "severity", &InboxItem::severity},
          {CreatedTextRole, "createdText",
           [this](const InboxItem& item) {
               return SchedulesModel::formatWhen(item.createdAt, m_clock->utcNow(), m_zone);
           }},
          {ReadRole, "read", [](const InboxItem& item) { return item.isRead(); }},
          {ExcerptRole, "excerpt", [](const InboxItem& item) { return excerptOf(item.body); }},
          {BodyRole, "body", &InboxItem::body},
      } {
    connect(m_source, &InboxSource::delivered, this, &InboxModel::onDelivered);
    reload();
}

InboxModel::~InboxModel() = default;

int InboxModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_items.size());
}

QVariant InboxModel::data(const QModelIndex& index, int role) const {
    return rowData(*this, m_items, index, role, m_roles);
}

QHash<int, QByteArray> InboxModel::roleNames() const {
    return m_roles.names();
}

QString InboxModel::currentCreatedText() const {
    return SchedulesModel::formatWhen(m_current.createdAt, m_clock->utcNow(), m_zone);
}

int InboxModel::indexOf(qint64 itemId) const {
    return indexOfRow(m_items, itemId, &InboxItem::id);
}

qint64 InboxModel::idAt(int row) const {
    return row >= 0 && row < m_items.size() ? m_items.at(row).id : 0;
}

void InboxModel::setDisplayTimeZone(const QTimeZone& zone) {
    m_zone = zone;
    announceAllRows(*this, {CreatedTextRole});
    Q_EMIT currentChanged();
}

void InboxModel::retranslate() {
    announceAllRows(*this);
    Q_EMIT currentChanged();
}

void InboxModel::setError(const QString& error) {
    if (assignIfDifferent(m_error, error))
        Q_EMIT errorChanged();
}

void InboxModel::setUnread(int unread) {
    if (assignIfDifferent(m_unread, unread))
        Q_EMIT unreadCountChanged();
}

void InboxModel::reload() {
    m_source->list(kLimit, this, m_reloads.newestOnly([this](const Result<InboxPage>& page) {
        if (!page) {
            setError(tr("Could not read the task inbox: %1. Check that the data folder is "
                        "readable (or the server reachable), then reopen the inbox.")
                         .arg(page.error().message));
            return;
        }
        setError({});
        const int before = int(m_items.size());
        beginResetModel();
        m_items = page->items;
        endResetModel();
        if (m_items.size() != before)
            Q_EMIT countChanged();
        // Every unread item counts, also those older than the kLimit loaded.
        setUnread(page->unreadCount);
    }));
}

void InboxModel::onDelivered(const InboxItem& item) {
    if (item.ownerId != m_ownerId || indexOf(item.id) >= 0)
        return;
    beginInsertRows({}, 0, 0);
    m_items.prepend(item);
    endInsertRows();
    Q_EMIT countChanged();
    setUnread(m_unread + (item.isRead() ? 0 : 1));
}

void InboxModel::begin() {
    if (m_busy++ == 0)
        Q_EMIT busyChanged();
}

void InboxModel::finish(const QString& action, const QString& error) {
    if (!error.isEmpty())
        setError(error);
    if (--m_busy == 0)
        Q_EMIT busyChanged();
    Q_EMIT actionFinished(action, error.isEmpty(), error);
}

void InboxModel::markShownRead(qint64 itemId, const QDateTime& readAt) {
    // No currentChanged: nothing shown of the open item changes, and the panel would scroll it
    // back to its top.
    if (m_current.id == itemId && !m_current.isRead())
        m_current.readAt = readAt;
    const int i = indexOf(itemId);
    if (i < 0 || m_items.at(i).isRead())
        return;  // already counted (or gone)
    m_items[i].readAt = readAt;
    Q_EMIT dataChanged(index(i), index(i), {ReadRole});
    setUnread(qMax(0, m_unread - 1));
}

QString InboxModel::open(qint64 itemId) {
    const int i = indexOf(itemId);
    if (i < 0) {
        return tr("That result is no longer in the inbox. Close it and pick another one.");
    }
    m_current = m_items.at(i);
    Q_EMIT currentChanged();
    if (m_current.isRead())
        return {};
    begin();
    m_source->markRead(itemId, this, [this, itemId](const Result<InboxItem>& read) {
        if (!read) {
            return finish(QStringLiteral("open"),
                          tr("Could not mark the result as read: %1. Check that the data folder "
                             "is writable (or the server reachable).")
                              .arg(read.error().message));
        }
        markShownRead(itemId, read->readAt.isValid() ? read->readAt : m_clock->utcNow());
        finish(QStringLiteral("open"), {});
    });
    return {};
}

void InboxModel::close() {
    if (m_current.id == 0)
        return;
    m_current = InboxItem{};
    Q_EMIT currentChanged();
}

void InboxModel::markAllRead() {
    begin();
    m_source->markAllRead(this, [this](const Result<int>& marked) {
        if (!marked) {
            return finish(QStringLiteral("markAllRead"),
                          tr("Could not mark the results as read: %1. Check that the data "
                             "folder is writable (or the server reachable).")
                              .arg(marked.error().message));
        }
        // The source's own read time is not sent back; the rows only show read or not.
        const QDateTime now = m_clock->utcNow();
        int first = -1;
        int last = -1;
        for (int i = 0; i < m_items.size(); ++i) {
            if (m_items.at(i).isRead())
                continue;
            m_items[i].readAt = now;
            first = first < 0 ? i : first;
            last = i;
        }
        if (last >= 0)
            Q_EMIT dataChanged(index(first), index(last), {ReadRole});
        if (m_current.id != 0 && !m_current.isRead())
            m_current.readAt = now;  // as in markShownRead: nothing shown changes
        setUnread(0);
        finish(QStringLiteral("markAllRead"), {});
    });
}

QString InboxModel::reply(qint64 itemId, const QString& text) {
    if (text.trimmed().isEmpty())
        return tr("Write what you want to know or have done about this result, then send.");
    const int i = indexOf(itemId);
    if (i < 0)
        return tr("That result is no longer in the inbox, so there is nothing to reply to.");
    Q_EMIT replyRequested(replyText(m_items.at(i), text, m_zone));
    return {};
}

QString InboxModel::replyText(const InboxItem& item, const QString& userText,
                              const QTimeZone& zone) {
    const QString title = item.title.trimmed().isEmpty() ? tr("Scheduled check") : item.title;
    const QString when =
        QLocale().toString(item.createdAt.toTimeZone(zone),
                           tr("ddd d MMM yyyy HH:mm", "when a result came in; a QDateTime format"));
    QStringList quoted;
    const QString body = cut(item.body.trimmed(), kQuotedChars);
    for (const QString& line : body.split(QLatin1Char('\n')))
        quoted.append(line.trimmed().isEmpty() ? QStringLiteral(">") : QStringLiteral("> ") + line);
    return tr("About the scheduled check \"%1\" (%2), which found:\n%3\n\n%4")
        .arg(title, when, quoted.join(QLatin1Char('\n')), userText.trimmed());
}

QString InboxModel::excerptOf(const QString& markdown) {
    QStringList words;
    for (QString line : markdown.split(QLatin1Char('\n'))) {
        line = line.trimmed();
        while (line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char('>')))
            line.remove(0, 1);
        line.remove(QLatin1Char('*'));
        line.remove(QLatin1Char('`'));
        line = line.simplified();
        // The severity is shown next to the title already.
        if (!line.isEmpty() && !severityIn(line).has_value())
            words.append(line);
    }
    return cut(words.join(QLatin1Char(' ')), kExcerptChars);
}

}  // namespace zerg
