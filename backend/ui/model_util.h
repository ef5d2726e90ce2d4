#pragma once

#include <QAbstractItemModel>
#include <QList>
#include <QString>

#include <algorithm>
#include <type_traits>
#include <utility>

namespace zerg {

// Sets a property's field to value; true when that changed it, for the setter to emit the
// property's NOTIFY signal: `if (assignIfDifferent(m_error, error)) Q_EMIT errorChanged();`.
template <typename T>
[[nodiscard]] bool assignIfDifferent(T& field, const std::type_identity_t<T>& value) {
    if (field == value)
        return false;
    field = value;
    return true;
}

// The first of rows whose field (a member such as &Worker::jobId, or a function of the row)
// equals value; -1 when there is none.
template <typename Row, typename Value, typename Field>
[[nodiscard]] int indexOfRow(const QList<Row>& rows, const Value& value, Field field) {
    const auto it = std::ranges::find(rows, value, field);
    return it == rows.cend() ? -1 : int(it - rows.cbegin());
}

// Announces every cell of a flat list (or table) model changed, in roles (all roles when empty):
// after the user interface's language or the display time zone changed, say. Nothing when the
// model has no rows.
inline void announceAllRows(QAbstractItemModel& model, const QList<int>& roles = {}) {
    const int rows = model.rowCount();
    if (rows > 0)
        Q_EMIT model.dataChanged(model.index(0, 0), model.index(rows - 1, model.columnCount() - 1),
                                 roles);
}

// What a row that runs one action at a time shows of it (Hosts, MCP servers): rows derive from
// it. An answer names its action's id, so that one that comes after a reload (the row is new, or
// waits for another action) is dropped.
struct RowAction {
    bool busy = false;
    QString message;  // the last action's outcome, for the user
    bool messageOk = false;
    quint64 action = 0;  // the action whose answer the row waits for; 0: none

    // Busy as action id, showing text as good news when it is not empty.
    void beginAction(quint64 id, const QString& text) {
        busy = true;
        action = id;
        if (!text.isEmpty()) {
            message = text;
            messageOk = true;
        }
    }
    void finishAction(const QString& text, bool ok) {
        busy = false;
        action = 0;
        message = text;
        messageOk = ok;
    }
};

// One kind of request whose answers may come late and in any order (a page's reload, say): only
// the answer to the newest request is applied, an answer to an older one is dropped, so a slow
// answer never overwrites a newer one.
class NewestRequest {
public:
    // The reply to a new request: calls reply with the answer unless a newer request was made
    // (or dropAnswers() called) meanwhile.
    template <typename Reply>
    [[nodiscard]] auto newestOnly(Reply reply) {
        return [this, request = ++m_newest, reply = std::move(reply)](const auto&... answer) {
            if (request == m_newest)
                reply(answer...);
        };
    }
    // No answer to the requests made so far is wanted any more.
    void dropAnswers() { ++m_newest; }

private:
    quint64 m_newest = 0;
};

}  // namespace zerg
