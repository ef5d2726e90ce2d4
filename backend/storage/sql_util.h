#pragma once

#include "core/result.h"
#include "core/status.h"
#include "storage/time_format.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QVariant>

#include <functional>
#include <optional>
#include <type_traits>

// What the repositories over the Database (Store, ScheduleStore) share: errors phrased for the
// user, prepared statements, NULL handling, transactions and owner rows.
namespace zerg::sql {

[[nodiscard]] inline Error dbError(const QString& what, const QSqlError& e) {
    return Error{QStringLiteral("db"),
                 QStringLiteral("Database error while %1: %2. Check that the database is "
                                "reachable and writable (SQLite: the data folder is writable "
                                "and the disk is not full; PostgreSQL: the server is up).")
                     .arg(what, e.text())};
}

[[nodiscard]] inline Error notFound(const QString& what) {
    return Error{QStringLiteral("not_found"), what};
}

[[nodiscard]] inline Error invalid(const QString& what) {
    return Error{QStringLiteral("invalid_argument"), what};
}

[[nodiscard]] inline QVariant idOrNull(std::optional<qint64> id) {
    return id && *id > 0 ? QVariant(*id) : QVariant();
}

[[nodiscard]] inline QVariant textOrNull(const QString& s) {
    return s.isEmpty() ? QVariant() : QVariant(s);
}

[[nodiscard]] inline QVariant timeOrNull(const QDateTime& t) {
    return t.isValid() ? QVariant(timefmt::toIso(t)) : QVariant();
}

// "column IN (1, 2, 3)" for a list of row ids, written into the statement (integers only, so
// safe); "1 = 0" for an empty list, which matches nothing.
[[nodiscard]] inline QString inIds(const QString& column, const QList<qint64>& ids) {
    if (ids.isEmpty())
        return QStringLiteral("1 = 0");
    QStringList numbers;
    for (const qint64 id : ids)
        numbers.append(QString::number(id));
    return QStringLiteral("%1 IN (%2)").arg(column, numbers.join(QStringLiteral(", ")));
}

// Qt Sql binds a null QString as SQL NULL; NOT NULL text columns get "" instead.
[[nodiscard]] inline QVariant text(const QString& s) {
    return s.isNull() ? QVariant(QStringLiteral("")) : QVariant(s);
}

[[nodiscard]] inline QDateTime timeAt(const QSqlQuery& q, int column) {
    return timefmt::fromIso(q.value(column).toString());
}

// Rolls back unless committed. Declare it before the queries of the same scope so that they
// are destroyed (and their statements reset) before the rollback, as SQLite wants.
// PostgreSQL wants the opposite order after an error: a failed statement aborts the whole
// transaction, and QPSQL's DEALLOCATE of a prepared statement, run when its QSqlQuery goes,
// fails ("current transaction is aborted") and leaves the statement allocated in the server
// session. So on PostgreSQL exec() rolls the open Transaction back at the failure itself.
class Transaction {
public:
    explicit Transaction(QSqlDatabase db) : m_db(std::move(db)) {
        if (m_db.driver() && m_db.driver()->dbmsType() == QSqlDriver::SQLite) {
            // The write lock from the start, waiting for it up to the busy timeout. A deferred
            // BEGIN would read first and then fail at once ("database is locked"), without
            // waiting, when another process wrote meanwhile (the app and `zerg ask` share the
            // file). COMMIT and ROLLBACK through QSqlDatabase end it as usual.
            QSqlQuery begin(m_db);
            m_began = begin.exec(QStringLiteral("BEGIN IMMEDIATE"));
            if (!m_began)
                m_beginError = begin.lastError();
        } else {
            m_began = m_db.transaction();
        }
        if (m_began)
            active().insert(m_db.driver(), this);
    }
    ~Transaction() {
        if (m_began)
            active().remove(m_db.driver());
        if (m_began && !m_committed && !m_rolledBack)
            m_db.rollback();
    }
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    [[nodiscard]] bool began() const { return m_began; }
    [[nodiscard]] bool commit() {
        m_committed = m_db.commit();
        return m_committed;
    }
    [[nodiscard]] QSqlError lastError() const {
        return m_beginError.isValid() ? m_beginError : m_db.lastError();
    }

    // After a failed statement on q's connection: on PostgreSQL, end its open Transaction now.
    static void statementFailed(const QSqlQuery& q) {
        const QSqlDriver* driver = q.driver();
        if (!driver || driver->dbmsType() != QSqlDriver::PostgreSQL)
            return;
        if (Transaction* tx = active().value(driver); tx && !tx->m_committed && !tx->m_rolledBack) {
            tx->m_rolledBack = true;
            tx->m_db.rollback();
        }
    }

private:
    // The open Transaction of each connection (a QSqlDriver per connection) of this thread; a
    // connection is only ever used from the thread that opened it.
    static QHash<const QSqlDriver*, Transaction*>& active() {
        static thread_local QHash<const QSqlDriver*, Transaction*> open;
        return open;
    }

    QSqlDatabase m_db;
    QSqlError m_beginError;  // why BEGIN IMMEDIATE failed (SQLite)
    bool m_began = false;
    bool m_committed = false;
    bool m_rolledBack = false;
};

// Prepared statement with positional values only: nothing from the caller is spliced into SQL.
[[nodiscard]] inline bool exec(QSqlQuery& q, const QString& sql, const QVariantList& values = {}) {
    bool ok = q.prepare(sql);
    if (ok) {
        for (const QVariant& v : values)
            q.addBindValue(v);
        ok = q.exec();
    }
    if (!ok)
        Transaction::statementFailed(q);
    return ok;
}

// On PostgreSQL, waits for the transaction-scoped advisory lock `key` (released at commit or
// rollback), so that the transactions that take it go one after another; elsewhere (SQLite: one
// writer at a time already) nothing. The keys are constants of ours, 8 ASCII letters each.
[[nodiscard]] inline bool takeTurn(QSqlQuery& q, qint64 key) {
    if (q.driver() == nullptr || q.driver()->dbmsType() != QSqlDriver::PostgreSQL)
        return true;
    return exec(q, QStringLiteral("SELECT pg_advisory_xact_lock(%1)").arg(key));
}

// Runs a SELECT (see exec) and maps every row it finds with map(const QSqlQuery&). On failure the
// error says it happened while `what`.
template <typename Map>
[[nodiscard]] auto selectAll(QSqlDatabase db, const QString& sql, const QVariantList& values,
                             const QString& what, Map map)
    -> Result<QList<std::decay_t<std::invoke_result_t<Map, const QSqlQuery&>>>> {
    QSqlQuery q(db);
    if (!exec(q, sql, values))
        return dbError(what, q.lastError());
    QList<std::decay_t<std::invoke_result_t<Map, const QSqlQuery&>>> out;
    while (q.next())
        out.append(map(q));
    return out;
}

// Runs a SELECT for one row and maps it; `missing` when there is no row.
template <typename Map>
[[nodiscard]] auto selectOne(QSqlDatabase db, const QString& sql, const QVariantList& values,
                             const QString& what, const Error& missing, Map map)
    -> Result<std::decay_t<std::invoke_result_t<Map, const QSqlQuery&>>> {
    QSqlQuery q(db);
    if (!exec(q, sql, values))
        return dbError(what, q.lastError());
    if (!q.next())
        return missing;
    return map(q);
}

// Creates the owner row if it is missing ("owner N" when no name is given).
[[nodiscard]] inline Status ensureOwnerIn(QSqlDatabase db, qint64 ownerId, const QString& name,
                                          const QDateTime& now) {
    if (ownerId <= 0) {
        return invalid(
            QStringLiteral("Owner id %1 is not valid; owner ids start at 1.").arg(ownerId));
    }
    QSqlQuery q(db);
    // ON CONFLICT ... DO NOTHING: SQLite >= 3.24 and PostgreSQL spell it the same.
    if (!exec(q,
              QStringLiteral("INSERT INTO owners (id, name, created_at) VALUES (?, ?, ?) "
                             "ON CONFLICT (id) DO NOTHING"),
              {ownerId, name.isEmpty() ? QStringLiteral("owner %1").arg(ownerId) : name,
               timefmt::toIso(now)})) {
        return dbError(QStringLiteral("creating owner %1").arg(ownerId), q.lastError());
    }
    return Ok{};
}

// How endOnce ends a row whose status moves once from an open word to a final one: a run, a
// worker job, a schedule run.
struct EndOnce {
    QString table;  // a constant of the caller, never user text
    qint64 id = 0;
    QString noun;           // "Run 5", for the messages
    QString what;           // "finishing run 5", for database errors
    Error missing;          // when there is no such row
    QStringList openWords;  // the statuses the row may still be ended from
    QString assignments;    // "status = ?, error = ?, ..."
    // The values of assignments, given the row's started_at (invalid when NULL).
    std::function<QVariantList(const QDateTime& startedAt)> values;
};

// Ends the row in one transaction. A row already ended is "invalid_state" and keeps its first
// outcome; the UPDATE tests the status again, since under PostgreSQL's READ COMMITTED another
// connection may have ended the row since the SELECT.
[[nodiscard]] inline Status endOnce(QSqlDatabase db, const EndOnce& end) {
    Transaction tx(db);
    if (!tx.began())
        return dbError(end.what, tx.lastError());
    QSqlQuery q(db);
    if (!exec(q, QStringLiteral("SELECT status, started_at FROM %1 WHERE id = ?").arg(end.table),
              {end.id})) {
        return dbError(end.what, q.lastError());
    }
    if (!q.next())
        return end.missing;
    const QString current = q.value(0).toString();
    if (!end.openWords.contains(current)) {
        return Error{QStringLiteral("invalid_state"),
                     QStringLiteral("%1 already finished with status '%2'; its outcome is kept.")
                         .arg(end.noun, current)};
    }
    const QDateTime startedAt = timeAt(q, 1);
    q.finish();
    QVariantList values = end.values(startedAt);
    values.append(end.id);
    QStringList marks;
    for (const QString& word : end.openWords) {
        values.append(word);
        marks.append(QStringLiteral("?"));
    }
    if (!exec(q,
              QStringLiteral("UPDATE %1 SET %2 WHERE id = ? AND status IN (%3)")
                  .arg(end.table, end.assignments, marks.join(QStringLiteral(", "))),
              values)) {
        return dbError(end.what, q.lastError());
    }
    if (q.numRowsAffected() != 1) {
        return Error{QStringLiteral("invalid_state"),
                     QStringLiteral("%1 finished in another session meanwhile; its outcome is "
                                    "kept.")
                         .arg(end.noun)};
    }
    q.finish();
    if (!tx.commit())
        return dbError(end.what, tx.lastError());
    return Ok{};
}

// One column's value into a record's member: integers and text as they are, a flag stored as
// 0/1, a time as its ISO text (NULL: invalid), a number that may be NULL (unset).
inline void readColumn(const QVariant& v, qint64& out) {
    out = v.toLongLong();
}
inline void readColumn(const QVariant& v, int& out) {
    out = v.toInt();
}
inline void readColumn(const QVariant& v, QString& out) {
    out = v.toString();
}
inline void readColumn(const QVariant& v, bool& out) {
    out = v.toInt() != 0;
}
inline void readColumn(const QVariant& v, QDateTime& out) {
    out = timefmt::fromIso(v.toString());
}
inline void readColumn(const QVariant& v, std::optional<double>& out) {
    out = v.isNull() ? std::nullopt : std::optional<double>(v.toDouble());
}
// A status as its stored word; a word the vocabulary does not know leaves the record's default.
template <StatusEnum E>
void readColumn(const QVariant& v, E& out) {
    if (const std::optional<E> s = parseStatus<E>(v.toString()))
        out = *s;
}
// An optional status: NULL (or a word the vocabulary does not know) is none.
template <StatusEnum E>
void readColumn(const QVariant& v, std::optional<E>& out) {
    out = v.isNull() ? std::nullopt : parseStatus<E>(v.toString());
}

// A record's columns in the order its SELECTs list them, as members: read() (or the object
// called as a function, as selectOne and selectAll do) fills a record from a row, so that a row
// reader is one list instead of one line per column.
template <typename T>
class Columns {
public:
    template <typename... M>
    explicit Columns(M T::*... members) : m_readers{readerOf(members)...} {}

    [[nodiscard]] T read(const QSqlQuery& q) const {
        T out{};
        for (int i = 0; i < int(m_readers.size()); ++i)
            m_readers.at(i)(q.value(i), out);
        return out;
    }
    [[nodiscard]] T operator()(const QSqlQuery& q) const { return read(q); }

private:
    using Reader = std::function<void(const QVariant&, T&)>;
    template <typename M>
    static Reader readerOf(M T::*member) {
        return [member](const QVariant& v, T& t) { readColumn(v, t.*member); };
    }
    QList<Reader> m_readers;
};

}  // namespace zerg::sql
