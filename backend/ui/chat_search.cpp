#include "chat_search.h"

#include <QAbstractItemModel>

namespace zerg {

QList<std::pair<int, int>> termOccurrences(const QString& text, const QString& term) {
    QList<std::pair<int, int>> found;
    if (term.trimmed().isEmpty())
        return found;
    qsizetype at = 0;
    while ((at = text.indexOf(term, at, Qt::CaseInsensitive)) >= 0) {
        found.append({int(at), int(term.size())});
        at += term.size();
    }
    return found;
}

ChatSearch::ChatSearch(QAbstractItemModel* model, int textRole, QObject* parent)
    : QObject(parent), m_model(model), m_textRole(textRole) {
    const auto changed = [this] {
        if (!m_term.trimmed().isEmpty() || !m_hits.isEmpty())
            recount();
    };
    connect(model, &QAbstractItemModel::rowsInserted, this, changed);
    connect(model, &QAbstractItemModel::rowsRemoved, this, changed);
    connect(model, &QAbstractItemModel::modelReset, this, changed);
    connect(model, &QAbstractItemModel::dataChanged, this,
            [this, changed](const QModelIndex&, const QModelIndex&, const QList<int>& roles) {
                if (roles.isEmpty() || roles.contains(m_textRole))
                    changed();
            });
}

int ChatSearch::currentRow() const {
    return m_current >= 0 ? m_hits.at(m_current).row : -1;
}

void ChatSearch::setTerm(const QString& term) {
    if (term == m_term)
        return;
    m_term = term;
    m_currentRow = QPersistentModelIndex();  // a new term starts at the newest occurrence
    Q_EMIT termChanged();
    recount();
}

void ChatSearch::recount() {
    const QPersistentModelIndex wasRow = m_currentRow;
    const int wasStart = m_currentStart;
    m_hits.clear();
    m_current = -1;
    if (m_model) {
        for (int row = 0; row < m_model->rowCount(); ++row) {
            const QModelIndex index = m_model->index(row, 0);
            const QString text = index.data(m_textRole).toString();
            for (const auto& [start, length] : termOccurrences(text, m_term)) {
                Q_UNUSED(length)
                // The same occurrence stays current, also when rows came in above it.
                if (wasRow.isValid() && wasRow == index && start == wasStart)
                    m_current = int(m_hits.size());
                m_hits.append({row, start});
            }
        }
    }
    setCurrent(m_current >= 0 ? m_current : int(m_hits.size()) - 1);
}

void ChatSearch::setCurrent(int hit) {
    m_current = hit;
    m_currentRow = hit >= 0 && m_model
                       ? QPersistentModelIndex(m_model->index(m_hits.at(hit).row, 0))
                       : QPersistentModelIndex();
    m_currentStart = hit >= 0 ? m_hits.at(hit).start : -1;
    Q_EMIT resultsChanged();
}

void ChatSearch::next() {
    if (m_hits.isEmpty())
        return;
    setCurrent((m_current + 1) % int(m_hits.size()));
}

void ChatSearch::previous() {
    if (m_hits.isEmpty())
        return;
    setCurrent((m_current - 1 + int(m_hits.size())) % int(m_hits.size()));
}

}  // namespace zerg
