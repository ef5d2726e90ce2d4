#pragma once

#include <QtQml/qqmlregistration.h>
#include <QList>
#include <QObject>
#include <QPersistentModelIndex>
#include <QPointer>
#include <QString>

#include <utility>

class QAbstractItemModel;

namespace zerg {

// Where term occurs in text, case-insensitively: (start, length) pairs in order, not
// overlapping. An empty or blank term occurs nowhere. Shared by the chat's search and the
// highlighting of its matches, so what is counted is what is marked.
[[nodiscard]] QList<std::pair<int, int>> termOccurrences(const QString& text, const QString& term);

// Ctrl+F in the chat: the occurrences of a term in the conversation the chat holds (the rows of
// a model's "text" role, oldest first), and which one is current. Follows the model: a streamed
// answer, a restored page or a new turn counts at once. The Threads page searches all runs.
class ChatSearch : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("ChatSearch is owned by Jarvis; use Jarvis.search.")
    Q_PROPERTY(QString term READ term WRITE setTerm NOTIFY termChanged FINAL)
    // All occurrences in all rows.
    Q_PROPERTY(int count READ count NOTIFY resultsChanged FINAL)
    // 1-based number of the current occurrence; 0 when there is none.
    Q_PROPERTY(int current READ current NOTIFY resultsChanged FINAL)
    // The row of the current occurrence (for the view to scroll to); -1 when there is none.
    Q_PROPERTY(int currentRow READ currentRow NOTIFY resultsChanged FINAL)

public:
    // textRole: the role of model whose string is searched.
    ChatSearch(QAbstractItemModel* model, int textRole, QObject* parent = nullptr);

    [[nodiscard]] QString term() const { return m_term; }
    void setTerm(const QString& term);
    [[nodiscard]] int count() const { return int(m_hits.size()); }
    [[nodiscard]] int current() const { return m_current + 1; }
    [[nodiscard]] int currentRow() const;

    // The next / previous occurrence, wrapping around (Enter / Shift+Enter, F3 / Shift+F3). A new
    // term starts at the newest occurrence: the conversation is read from its end.
    Q_INVOKABLE void next();
    Q_INVOKABLE void previous();
    // No term (the bar closed): nothing matches, nothing is marked.
    Q_INVOKABLE void clear() { setTerm({}); }

Q_SIGNALS:
    void termChanged();
    void resultsChanged();

private:
    struct Hit {
        int row;
        int start;
    };
    // Counts again; keeps the current occurrence where it was when it still exists.
    void recount();
    void setCurrent(int hit);  // -1: none

    QPointer<QAbstractItemModel> m_model;
    int m_textRole;
    QString m_term;
    QList<Hit> m_hits;
    int m_current = -1;  // index into m_hits
    // The current occurrence by its row and place, which survive rows coming in above it.
    QPersistentModelIndex m_currentRow;
    int m_currentStart = -1;
};

}  // namespace zerg
