#include "storage/store.h"

#include "core/json_util.h"
#include "core/status.h"
#include "storage/database.h"
#include "storage/sql_util.h"
#include "storage/time_format.h"

#include <QJsonArray>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <utility>

namespace zerg {
namespace {

using namespace sql;

const QString kSupervisor = QStringLiteral("supervisor");

const QString kRunColumns = QStringLiteral(
    "id, owner_id, thread_id, task, status, result, error, started_at, finished_at, duration_ms, "
    "prompt_tokens, completion_tokens, mode, error_code, attempts, fallback");
const QString kJobColumns = QStringLiteral(
    "id, owner_id, run_id, task, model, status, worker_id, error, created_at, started_at, "
    "finished_at, duration_ms");
const QString kLlmCallColumns = QStringLiteral(
    "id, owner_id, run_id, job_id, role, agent, provider, model, prompt_tokens, "
    "completion_tokens, cached_tokens, cache_write_tokens, reasoning_tokens, cost_usd, "
    "duration_ms, status, created_at");
// COUNT and SUM over llm_calls in the order usageFrom() reads them. SUM(cost_usd) skips NULLs;
// the unknown count says whether that sum is the whole story. PostgreSQL's SUM of a BIGINT is a
// NUMERIC, which QPSQL hands over as a double (or a string under QSql::HighPrecision): the CASTs
// keep every count an exact 64-bit integer on both engines.
const QString kUsageSums = QStringLiteral(
    "SELECT COUNT(*), CAST(COALESCE(SUM(prompt_tokens), 0) AS BIGINT), "
    "CAST(COALESCE(SUM(completion_tokens), 0) AS BIGINT), "
    "CAST(COALESCE(SUM(cached_tokens), 0) AS BIGINT), "
    "CAST(COALESCE(SUM(cache_write_tokens), 0) AS BIGINT), "
    "CAST(COALESCE(SUM(reasoning_tokens), 0) AS BIGINT), COALESCE(SUM(cost_usd), 0), "
    "CAST(COALESCE(SUM(CASE WHEN cost_usd IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT) "
    "FROM llm_calls ");

// The columns of kRunColumns, kJobColumns and kLlmCallColumns, in order.
const sql::Columns<RunRecord> runFrom(&RunRecord::id, &RunRecord::ownerId, &RunRecord::threadId,
                                      &RunRecord::task, &RunRecord::status, &RunRecord::result,
                                      &RunRecord::error, &RunRecord::startedAt,
                                      &RunRecord::finishedAt, &RunRecord::durationMs,
                                      &RunRecord::promptTokens, &RunRecord::completionTokens,
                                      &RunRecord::mode, &RunRecord::errorCode, &RunRecord::attempts,
                                      &RunRecord::fallback);

const sql::Columns<WorkerJobRecord> jobFrom(
    &WorkerJobRecord::id, &WorkerJobRecord::ownerId, &WorkerJobRecord::runId,
    &WorkerJobRecord::task, &WorkerJobRecord::model, &WorkerJobRecord::status,
    &WorkerJobRecord::workerId, &WorkerJobRecord::error, &WorkerJobRecord::createdAt,
    &WorkerJobRecord::startedAt, &WorkerJobRecord::finishedAt, &WorkerJobRecord::durationMs);

const sql::Columns<LlmCallRecord> llmCallFrom(
    &LlmCallRecord::id, &LlmCallRecord::ownerId, &LlmCallRecord::runId, &LlmCallRecord::jobId,
    &LlmCallRecord::role, &LlmCallRecord::agent, &LlmCallRecord::provider, &LlmCallRecord::model,
    &LlmCallRecord::promptTokens, &LlmCallRecord::completionTokens, &LlmCallRecord::cachedTokens,
    &LlmCallRecord::cacheWriteTokens, &LlmCallRecord::reasoningTokens, &LlmCallRecord::costUsd,
    &LlmCallRecord::durationMs, &LlmCallRecord::status, &LlmCallRecord::createdAt);

// The kUsageSums columns, starting at column `first` of the row.
UsageTotals usageFrom(const QSqlQuery& q, int first = 0) {
    UsageTotals t;
    t.calls = q.value(first).toLongLong();
    t.promptTokens = q.value(first + 1).toLongLong();
    t.completionTokens = q.value(first + 2).toLongLong();
    t.cachedTokens = q.value(first + 3).toLongLong();
    t.cacheWriteTokens = q.value(first + 4).toLongLong();
    t.reasoningTokens = q.value(first + 5).toLongLong();
    t.unknownCostCalls = q.value(first + 7).toLongLong();
    t.knownCostUsd = q.value(first + 6).toDouble();
    if (t.unknownCostCalls == 0)
        t.costUsd = t.knownCostUsd;
    return t;
}

// A stored message body back as an object; "corrupt" when the text is not a JSON object.
Result<QJsonObject> messageBody(const QSqlQuery& q, int seqColumn, int bodyColumn,
                                qint64 threadId) {
    QJsonObject o;
    QString parseError;
    if (!json::parseObject(q.value(bodyColumn).toString().toUtf8(), &o, &parseError)) {
        return Error{QStringLiteral("corrupt"),
                     QStringLiteral("Message %1 of thread %2 is not a JSON object (%3). The "
                                    "database was edited or damaged; restore it from a "
                                    "backup or start a new data folder.")
                         .arg(q.value(seqColumn).toLongLong())
                         .arg(threadId)
                         .arg(parseError)};
    }
    return o;
}

Error invalidMode(const QString& mode) {
    return invalid(
        QStringLiteral("Unknown run mode '%1'; use quick, supervisor or background.").arg(mode));
}

qint64 durationBetween(const QDateTime& from, const QDateTime& to) {
    return from.isValid() && to.isValid() ? qMax<qint64>(0, from.msecsTo(to)) : 0;
}

// Reads "seq, body, created_at, run_id" rows.
Result<QList<StoredMessage>> storedMessagesFrom(QSqlQuery& q, qint64 threadId,
                                                const QString& what) {
    QList<StoredMessage> out;
    while (q.next()) {
        Result<QJsonObject> body = messageBody(q, 0, 1, threadId);
        if (!body)
            return body.error();
        out.append(StoredMessage{q.value(0).toLongLong(), std::move(body).value(),
                                 timefmt::fromIso(q.value(2).toString()), q.value(3).toLongLong()});
    }
    if (q.lastError().isValid())
        return dbError(what, q.lastError());
    return out;
}

// ---- full-text search (searchRuns; the index is migration 9's) ----

// The words a snippet holds at most: FTS5's snippet() and markedSnippet() alike.
constexpr int kSnippetWords = 20;
const QString kEllipsis = QStringLiteral("…");

// The run columns of kRunColumns, each qualified with the table alias `r`, for joins.
QString runColumnsOfR() {
    return QStringLiteral("r.") +
           QString(kRunColumns).replace(QStringLiteral(", "), QStringLiteral(", r."));
}

// What the search index keeps of text as words: letters, digits and combining marks (FTS5's
// unicode61 tokenizer; the PostgreSQL index splits the text at punctuation, symbols and
// spaces before its parser reads it).
bool isWordChar(char32_t c) {
    return QChar::isLetterOrNumber(c) || QChar::isMark(c);
}

// The words of text, as [begin, end) offsets into it.
QList<std::pair<qsizetype, qsizetype>> wordSpans(QStringView text) {
    QList<std::pair<qsizetype, qsizetype>> spans;
    qsizetype begin = -1;
    for (qsizetype i = 0; i < text.size();) {
        char32_t c = text[i].unicode();
        qsizetype width = 1;
        if (text[i].isHighSurrogate() && i + 1 < text.size() && text[i + 1].isLowSurrogate()) {
            c = QChar::surrogateToUcs4(text[i], text[i + 1]);
            width = 2;
        }
        if (isWordChar(c)) {
            if (begin < 0)
                begin = i;
        } else if (begin >= 0) {
            spans.append({begin, i});
            begin = -1;
        }
        i += width;
    }
    if (begin >= 0)
        spans.append({begin, text.size()});
    return spans;
}

// A query as the index reads it: its phrases (what stood between spaces, in order), each the
// words in it. The last word of the last phrase is matched as the start of a word. Every word is
// letters, digits and marks only, so a word can never be search syntax.
struct SearchTerms {
    QList<QStringList> phrases;
};

Result<SearchTerms> searchTerms(const QString& query) {
    if (query.trimmed().isEmpty())
        return invalid(QStringLiteral("Type a word to search for; an empty search finds nothing."));
    if (query.size() > Store::kMaxSearchChars) {
        return invalid(QStringLiteral("A search may be at most %1 characters long, not %2; "
                                      "search for fewer words.")
                           .arg(Store::kMaxSearchChars)
                           .arg(query.size()));
    }
    SearchTerms terms;
    qsizetype words = 0;
    for (const QString& chunk : query.simplified().split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        QStringList phrase;
        for (const auto& [begin, end] : wordSpans(chunk))
            phrase.append(chunk.mid(begin, end - begin));
        words += phrase.size();
        if (!phrase.isEmpty())
            terms.phrases.append(phrase);
    }
    if (words > Store::kMaxSearchWords) {
        return invalid(QStringLiteral("A search may have at most %1 words, not %2; search for "
                                      "fewer words.")
                           .arg(Store::kMaxSearchWords)
                           .arg(words));
    }
    return terms;
}

// FTS5: each phrase quoted ("web 01"), the last one a prefix ("web 01"*); FTS5 ANDs them.
QString fts5Query(const SearchTerms& terms) {
    QStringList parts;
    for (const QStringList& phrase : terms.phrases)
        parts.append(QLatin1Char('"') + phrase.join(QLatin1Char(' ')) + QLatin1Char('"'));
    parts.last() += QLatin1Char('*');
    return parts.join(QLatin1Char(' '));
}

// PostgreSQL, for to_tsquery('simple', …): each word quoted, a phrase's words joined by <->
// (next to each other), the phrases by &, the last word with :* (a prefix). The 'simple'
// configuration lower-cases the words as it did the text.
QString tsQuery(const SearchTerms& terms) {
    QStringList parts;
    for (const QStringList& phrase : terms.phrases) {
        QStringList words;
        for (QString word : phrase) {
            word.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
            word.replace(QLatin1Char('\''), QStringLiteral("''"));
            words.append(QLatin1Char('\'') + word + QLatin1Char('\''));
        }
        parts.append(QLatin1Char('(') + words.join(QStringLiteral(" <-> ")) + QLatin1Char(')'));
    }
    parts.last().insert(parts.last().size() - 1, QStringLiteral(":*"));
    return parts.join(QStringLiteral(" & "));
}

// A word as compared for highlighting: case folded, accents removed.
QString foldedWord(const QString& word) {
    const QString decomposed = word.normalized(QString::NormalizationForm_KD);
    QString out;
    out.reserve(decomposed.size());
    for (const QChar c : decomposed) {
        if (!c.isMark())
            out.append(c);
    }
    return out.toCaseFolded();
}

// The snippet of a PostgreSQL hit, made here: ts_headline would read the text with the parser's
// own idea of a word (a host name whole), so that a match inside "web-01.example.com" would not
// be marked. Up to kSnippetWords words from shortly before the first match, each query word
// between the markers, "…" where text was left out.
QString markedSnippet(QString text, const SearchTerms& terms) {
    text.remove(QChar(kSearchMatchStart));
    text.remove(QChar(kSearchMatchEnd));
    const QList<std::pair<qsizetype, qsizetype>> spans = wordSpans(text);
    if (spans.isEmpty())
        return {};
    QSet<QString> whole;
    for (const QStringList& phrase : terms.phrases) {
        for (const QString& word : phrase)
            whole.insert(foldedWord(word));
    }
    const QString prefix = foldedWord(terms.phrases.last().last());
    QList<bool> matches;
    matches.reserve(spans.size());
    qsizetype first = -1;
    for (const auto& [begin, end] : spans) {
        const QString word = foldedWord(text.mid(begin, end - begin));
        matches.append(whole.contains(word) || word.startsWith(prefix));
        if (matches.last() && first < 0)
            first = matches.size() - 1;
    }
    const qsizetype count = spans.size();
    const qsizetype from =
        std::max<qsizetype>(0, std::min<qsizetype>(first - 3, count - kSnippetWords));
    const qsizetype to = std::min<qsizetype>(count, from + kSnippetWords);
    // As FTS5's snippet(): the text before the first word and after the last one when the
    // snippet starts or ends the message, "…" where it does not.
    QString out = from > 0 ? kEllipsis : QString();
    qsizetype at = from > 0 ? spans.at(from).first : 0;
    for (qsizetype i = from; i < to; ++i) {
        const auto [begin, end] = spans.at(i);
        out += QStringView(text).mid(at, begin - at);
        if (matches.at(i))
            out += QChar(kSearchMatchStart);
        out += QStringView(text).mid(begin, end - begin);
        if (matches.at(i))
            out += QChar(kSearchMatchEnd);
        at = end;
    }
    if (to < count)
        out += kEllipsis;
    else
        out += QStringView(text).mid(at);
    return out;
}

// The text of a message's content: a string, or the text parts of a content array.
QString contentText(const QJsonValue& content) {
    if (content.isString())
        return content.toString();
    QStringList parts;
    for (const QJsonValue& part : content.toArray()) {
        const QJsonObject o = part.toObject();
        if (o.value(QStringLiteral("type")).toString() == QLatin1String("text"))
            parts.append(o.value(QStringLiteral("text")).toString());
    }
    return parts.join(QLatin1Char('\n'));
}

}  // namespace

QVariant Store::holder() const {
    return m_db->instanceId() > 0 ? QVariant(m_db->instanceId()) : QVariant();
}

Store::Store(Database* db) : m_db(db) {
    Q_ASSERT(db);
}

bool Store::isRunMode(const QString& mode) {
    return mode == QLatin1String("quick") || mode == QLatin1String("supervisor") ||
           mode == QLatin1String("background");
}

Status Store::ensureOwner(qint64 ownerId, const QString& name, const QDateTime& now) {
    return ensureOwnerIn(m_db->connection(), ownerId, name, now);
}

Result<ThreadRecord> Store::findOrCreateSupervisorThread(qint64 ownerId, const QString& title,
                                                         const QDateTime& now) {
    const QString what = QStringLiteral("finding the supervisor thread of owner %1").arg(ownerId);
    const QString select = QStringLiteral(
        "SELECT id, owner_id, type, title, created_at FROM threads WHERE owner_id = ? AND type = "
        "?");
    auto threadFrom = [](const QSqlQuery& q) {
        return ThreadRecord{q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
                            q.value(3).toString(), timeAt(q, 4)};
    };
    QSqlDatabase db = m_db->connection();
    {
        // The common case, every run after the first: a read, no write transaction.
        QSqlQuery q(db);
        if (!exec(q, select, {ownerId, kSupervisor}))
            return dbError(what, q.lastError());
        if (q.next())
            return threadFrom(q);
    }
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, ownerId, QString(), now); !s)
        return s.error();

    QSqlQuery q(db);
    // The partial unique index makes a concurrent second insert a no-op instead of a duplicate.
    if (!exec(q,
              QStringLiteral("INSERT INTO threads (owner_id, type, title, created_at, updated_at) "
                             "VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"),
              {ownerId, kSupervisor, text(title), timefmt::toIso(now), timefmt::toIso(now)})) {
        return dbError(what, q.lastError());
    }
    if (!exec(q, select, {ownerId, kSupervisor}))
        return dbError(what, q.lastError());
    if (!q.next())
        return dbError(what, q.lastError());
    const ThreadRecord t = threadFrom(q);
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return t;
}

Result<qint64> Store::appendMessage(qint64 threadId, std::optional<qint64> runId,
                                    const QJsonObject& body, const QDateTime& now) {
    const QString what = QStringLiteral("saving a message in thread %1").arg(threadId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    QSqlQuery q(db);
    // The write to the thread row comes first: it locks the row on PostgreSQL (and takes the
    // write lock on SQLite), so concurrent appends to one thread queue here instead of both
    // reading the same MAX(seq) and one failing on UNIQUE (thread_id, seq).
    if (!exec(q, QStringLiteral("UPDATE threads SET updated_at = ? WHERE id = ?"),
              {timefmt::toIso(now), threadId})) {
        return dbError(what, q.lastError());
    }
    if (q.numRowsAffected() != 1)
        return notFound(QStringLiteral("No conversation thread %1.").arg(threadId));
    if (!exec(q,
              QStringLiteral("SELECT COALESCE(MAX(seq), 0) + 1 FROM messages WHERE thread_id = ?"),
              {threadId}) ||
        !q.next()) {
        return dbError(what, q.lastError());
    }
    const qint64 seq = q.value(0).toLongLong();
    if (!exec(q,
              QStringLiteral("INSERT INTO messages (thread_id, run_id, seq, body, created_at) "
                             "VALUES (?, ?, ?, ?, ?)"),
              {threadId, idOrNull(runId), seq, QString::fromUtf8(json::compact(body)),
               timefmt::toIso(now)})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return seq;
}

Result<QList<QJsonObject>> Store::loadMessages(qint64 threadId) {
    const QString what = QStringLiteral("loading the messages of thread %1").arg(threadId);
    QSqlQuery q(m_db->connection());
    if (!exec(q, QStringLiteral("SELECT seq, body FROM messages WHERE thread_id = ? ORDER BY seq"),
              {threadId})) {
        return dbError(what, q.lastError());
    }
    QList<QJsonObject> out;
    while (q.next()) {
        Result<QJsonObject> body = messageBody(q, 0, 1, threadId);
        if (!body)
            return body.error();
        out.append(std::move(body).value());
    }
    if (q.lastError().isValid())
        return dbError(what, q.lastError());
    return out;
}

Result<QList<StoredMessage>> Store::loadMessagesAfter(qint64 threadId, qint64 afterSeq) {
    const QString what =
        QStringLiteral("loading the messages of thread %1 after %2").arg(threadId).arg(afterSeq);
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT seq, body, created_at, run_id FROM messages "
                             "WHERE thread_id = ? AND seq > ? ORDER BY seq"),
              {threadId, afterSeq})) {
        return dbError(what, q.lastError());
    }
    return storedMessagesFrom(q, threadId, what);
}

Result<QList<StoredMessage>> Store::loadMessagesForRun(qint64 threadId, qint64 runId) {
    const QString what =
        QStringLiteral("loading the messages of run %1 of thread %2").arg(runId).arg(threadId);
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT seq, body, created_at, run_id FROM messages "
                             "WHERE thread_id = ? AND run_id = ? ORDER BY seq"),
              {threadId, runId})) {
        return dbError(what, q.lastError());
    }
    return storedMessagesFrom(q, threadId, what);
}

Status Store::saveMemory(qint64 threadId, qint64 upToSeq, const QString& summary,
                         const QDateTime& now) {
    if (upToSeq < 0) {
        return invalid(QStringLiteral("A memory summary of thread %1 cannot cover up to message "
                                      "%2; sequence numbers start at 1.")
                           .arg(threadId)
                           .arg(upToSeq));
    }
    const QString what = QStringLiteral("saving the memory of thread %1").arg(threadId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    QSqlQuery q(db);
    if (!exec(q, QStringLiteral("SELECT id FROM threads WHERE id = ?"), {threadId}))
        return dbError(what, q.lastError());
    if (!q.next())
        return notFound(QStringLiteral("No conversation thread %1.").arg(threadId));
    if (!exec(q,
              QStringLiteral("INSERT INTO thread_memory (thread_id, up_to_seq, summary, "
                             "created_at) VALUES (?, ?, ?, ?)"),
              {threadId, upToSeq, text(summary), timefmt::toIso(now)})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return Ok{};
}

Result<std::optional<ThreadMemory>> Store::latestMemory(qint64 threadId) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT id, thread_id, up_to_seq, summary, created_at FROM "
                             "thread_memory WHERE thread_id = ? ORDER BY id DESC LIMIT 1"),
              {threadId})) {
        return dbError(QStringLiteral("reading the memory of thread %1").arg(threadId),
                       q.lastError());
    }
    if (!q.next())
        return std::optional<ThreadMemory>();
    return std::optional<ThreadMemory>(
        ThreadMemory{q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                     q.value(3).toString(), timeAt(q, 4)});
}

Result<qint64> Store::createRun(qint64 ownerId, qint64 threadId, const QString& task,
                                const QDateTime& now, const QString& mode) {
    if (!isRunMode(mode))
        return invalidMode(mode);
    const QString what = QStringLiteral("creating a run for owner %1").arg(ownerId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, ownerId, QString(), now); !s)
        return s.error();
    QSqlQuery q(db);
    if (!exec(q, QStringLiteral("SELECT id FROM threads WHERE id = ? AND owner_id = ?"),
              {threadId, ownerId})) {
        return dbError(what, q.lastError());
    }
    if (!q.next()) {
        return notFound(
            QStringLiteral("No conversation thread %1 for owner %2.").arg(threadId).arg(ownerId));
    }
    // RETURNING: SQLite >= 3.35 and PostgreSQL; lastInsertId() does not work on PostgreSQL.
    if (!exec(q,
              QStringLiteral("INSERT INTO runs (owner_id, thread_id, task, status, started_at, "
                             "mode, instance_id) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id"),
              {ownerId, threadId, text(task), statusName(RunStatus::Running), timefmt::toIso(now),
               mode, holder()}) ||
        !q.next()) {
        return dbError(what, q.lastError());
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return id;
}

Status Store::finishRun(qint64 runId, RunStatus status, const QString& result, const QString& error,
                        const QDateTime& now, qint64 promptTokens, qint64 completionTokens,
                        const RunOutcome& outcome) {
    if (!isTerminal(status)) {
        return invalid(QStringLiteral("Cannot finish run %1 with status '%2'; use success, "
                                      "failed, cancelled or timeout.")
                           .arg(runId)
                           .arg(statusName(status)));
    }
    if (outcome.attempts < 1)
        return invalid(
            QStringLiteral("A run makes at least one attempt, not %1.").arg(outcome.attempts));
    if (!outcome.fallback.isEmpty() &&
        (!parseStatus<RunFallback>(outcome.fallback) || status != RunStatus::Failed)) {
        return invalid(QStringLiteral("Cannot finish run %1 as '%2' with the fallback '%3'; a "
                                      "fallback (%4) belongs to a failed run.")
                           .arg(runId)
                           .arg(statusName(status), outcome.fallback,
                                statusNames<RunFallback>().join(QStringLiteral(", "))));
    }
    return endOnce(
        m_db->connection(),
        {QStringLiteral("runs"),
         runId,
         QStringLiteral("Run %1").arg(runId),
         QStringLiteral("finishing run %1").arg(runId),
         notFound(QStringLiteral("No run %1.").arg(runId)),
         {statusName(RunStatus::Running)},
         QStringLiteral("status = ?, result = ?, error = ?, finished_at = ?, duration_ms = ?, "
                        "prompt_tokens = ?, completion_tokens = ?, error_code = ?, attempts = ?, "
                        "fallback = ?"),
         [&](const QDateTime& startedAt) -> QVariantList {
             return {statusName(status),
                     textOrNull(result),
                     textOrNull(error),
                     timefmt::toIso(now),
                     durationBetween(startedAt, now),
                     promptTokens,
                     completionTokens,
                     textOrNull(outcome.errorCode),
                     outcome.attempts,
                     textOrNull(outcome.fallback)};
         }});
}

Status Store::setRunAttempts(qint64 runId, int attempts) {
    if (attempts < 1)
        return invalid(QStringLiteral("A run makes at least one attempt, not %1.").arg(attempts));
    QSqlQuery q(m_db->connection());
    // Only while it runs: the attempts of a finished run are its record.
    if (!exec(q, QStringLiteral("UPDATE runs SET attempts = ? WHERE id = ? AND status = ?"),
              {attempts, runId, statusName(RunStatus::Running)})) {
        return dbError(QStringLiteral("counting the attempts of run %1").arg(runId), q.lastError());
    }
    if (q.numRowsAffected() != 1)
        return notFound(QStringLiteral("No running run %1.").arg(runId));
    return Ok{};
}

Status Store::recordChange(qint64 runId, qint64 jobId, const QString& what) {
    const QString doing = QStringLiteral("recording a change of run %1").arg(runId);
    QSqlDatabase db = m_db->connection();
    sql::Transaction tx(db);
    if (!tx.began())
        return dbError(doing, tx.lastError());
    QSqlQuery q(db);
    for (const auto& [table, id] : {std::pair{QStringLiteral("runs"), runId},
                                    std::pair{QStringLiteral("worker_jobs"), jobId}}) {
        if (id <= 0)
            continue;
        if (!exec(q,
                  QStringLiteral("UPDATE %1 SET first_change = ? WHERE id = ? AND first_change "
                                 "IS NULL")
                      .arg(table),
                  {what, id})) {
            return dbError(doing, q.lastError());
        }
    }
    if (!tx.commit())
        return dbError(doing, tx.lastError());
    return Ok{};
}

Result<QString> Store::firstChange(qint64 runId) {
    QSqlQuery q(m_db->connection());
    if (!exec(q, QStringLiteral("SELECT first_change FROM runs WHERE id = ?"), {runId}))
        return dbError(QStringLiteral("reading the changes of run %1").arg(runId), q.lastError());
    if (!q.next())
        return notFound(QStringLiteral("No run %1.").arg(runId));
    return q.value(0).toString();
}

Status Store::setRunMode(qint64 runId, const QString& mode) {
    if (!isRunMode(mode))
        return invalidMode(mode);
    QSqlQuery q(m_db->connection());
    if (!exec(q, QStringLiteral("UPDATE runs SET mode = ? WHERE id = ?"), {mode, runId}))
        return dbError(QStringLiteral("changing the mode of run %1").arg(runId), q.lastError());
    if (q.numRowsAffected() != 1)
        return notFound(QStringLiteral("No run %1.").arg(runId));
    return Ok{};
}

Result<RunRecord> Store::run(qint64 runId) {
    return selectOne(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM runs WHERE id = ?").arg(kRunColumns), {runId},
                     QStringLiteral("reading run %1").arg(runId),
                     notFound(QStringLiteral("No run %1.").arg(runId)), runFrom);
}

Result<QList<RunRecord>> Store::listRuns(qint64 ownerId, int limit,
                                         std::optional<qint64> beforeRunId) {
    if (limit <= 0)
        return invalid(QStringLiteral("The run list limit must be at least 1."));
    const QString what = QStringLiteral("listing the runs of owner %1").arg(ownerId);
    if (beforeRunId) {
        return selectAll(m_db->connection(),
                         QStringLiteral("SELECT %1 FROM runs WHERE owner_id = ? AND id < ? "
                                        "ORDER BY id DESC LIMIT ?")
                             .arg(kRunColumns),
                         {ownerId, *beforeRunId, limit}, what, runFrom);
    }
    return selectAll(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM runs WHERE owner_id = ? "
                                    "ORDER BY started_at DESC, id DESC LIMIT ?")
                         .arg(kRunColumns),
                     {ownerId, limit}, what, runFrom);
}

Result<QList<RunSearchHit>> Store::searchRuns(qint64 ownerId, const QString& query, int limit) {
    if (limit <= 0)
        return invalid(QStringLiteral("The search's limit must be at least 1."));
    const Result<SearchTerms> terms = searchTerms(query);
    if (!terms)
        return terms.error();
    if (terms->phrases.isEmpty())
        return QList<RunSearchHit>();  // punctuation only: no word to look for
    const QString what = QStringLiteral("searching the runs of owner %1").arg(ownerId);
    const bool postgres = m_db->isPostgres();

    // Every matching message of the owner's runs with its relevance (higher is better; FTS5's
    // bm25() is lower-is-better, hence the minus), then each run's best message, best runs
    // first, the newest among equals.
    QString hits;
    QVariantList values;
    if (postgres) {
        const QString q = tsQuery(*terms);
        hits = QStringLiteral(
            "SELECT m.id AS message_id, m.run_id, m.seq, "
            "ts_rank(zerg_message_search_vector(m.body), to_tsquery('simple', ?), 1) AS score "
            "FROM messages m JOIN runs r ON r.id = m.run_id "
            "WHERE zerg_message_search_vector(m.body) @@ to_tsquery('simple', ?) "
            "AND r.owner_id = ?");
        values = {q, q, ownerId, limit};
    } else {
        hits = QStringLiteral(
            "SELECT m.id AS message_id, m.run_id, m.seq, -bm25(messages_fts) AS score "
            "FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid "
            "JOIN runs r ON r.id = m.run_id WHERE messages_fts MATCH ? AND r.owner_id = ?");
        values = {fts5Query(*terms), ownerId, limit};
    }
    const QString sql =
        QStringLiteral(
            "WITH hits AS (%1), ranked AS (SELECT message_id, run_id, seq, score, ROW_NUMBER() "
            "OVER (PARTITION BY run_id ORDER BY score DESC, seq) AS n FROM hits) "
            "SELECT %2, ranked.message_id, ranked.seq FROM ranked JOIN runs r ON r.id = "
            "ranked.run_id WHERE ranked.n = 1 "
            "ORDER BY ranked.score DESC, r.started_at DESC, r.id DESC LIMIT ?")
            .arg(hits, runColumnsOfR());
    const int messageIdColumn = int(kRunColumns.count(QLatin1Char(','))) + 1;
    QSqlQuery q(m_db->connection());
    if (!exec(q, sql, values))
        return dbError(what, q.lastError());
    QList<RunSearchHit> out;
    QList<qint64> messageIds;
    while (q.next()) {
        RunSearchHit hit;
        hit.run = runFrom(q);
        hit.messageSeq = q.value(messageIdColumn + 1).toLongLong();
        messageIds.append(q.value(messageIdColumn).toLongLong());
        out.append(std::move(hit));
    }
    if (q.lastError().isValid())
        return dbError(what, q.lastError());
    q.finish();

    // The snippets, of the hits only.
    for (qsizetype i = 0; i < out.size(); ++i) {
        RunSearchHit& hit = out[i];
        const qint64 messageId = messageIds.at(i);
        if (postgres) {
            if (!exec(q, QStringLiteral("SELECT body FROM messages WHERE id = ?"), {messageId}))
                return dbError(what, q.lastError());
            if (!q.next())
                continue;  // deleted meanwhile
            QJsonObject body;
            (void)json::parseObject(q.value(0).toString().toUtf8(), &body);
            hit.role = body.value(QStringLiteral("role")).toString();
            hit.snippet = markedSnippet(contentText(body.value(QStringLiteral("content"))), *terms);
        } else {
            if (!exec(q,
                      QStringLiteral("SELECT snippet(messages_fts, 0, ?, ?, ?, ?), (SELECT "
                                     "json_extract(body, '$.role') FROM messages WHERE id = ?) "
                                     "FROM messages_fts WHERE messages_fts MATCH ? AND rowid = ?"),
                      {QString(QChar(kSearchMatchStart)), QString(QChar(kSearchMatchEnd)),
                       kEllipsis, kSnippetWords, messageId, values.first(), messageId})) {
                return dbError(what, q.lastError());
            }
            if (!q.next())
                continue;
            hit.snippet = q.value(0).toString();
            hit.role = q.value(1).toString();
        }
        q.finish();
    }
    return out;
}

Result<std::optional<qint64>> Store::lastSummarisedRun(qint64 threadId) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT MAX(run_id) FROM messages WHERE thread_id = ? AND run_id IS "
                             "NOT NULL AND seq <= (SELECT up_to_seq FROM thread_memory WHERE "
                             "thread_id = ? ORDER BY id DESC LIMIT 1)"),
              {threadId, threadId})) {
        return dbError(QStringLiteral("reading what thread %1's summary covers").arg(threadId),
                       q.lastError());
    }
    if (!q.next() || q.value(0).isNull())
        return std::optional<qint64>();
    return std::optional<qint64>(q.value(0).toLongLong());
}

Result<qint64> Store::createJob(qint64 ownerId, std::optional<qint64> runId, const QString& task,
                                const QString& model, const QDateTime& now) {
    const QString what = QStringLiteral("creating a worker job for owner %1").arg(ownerId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, ownerId, QString(), now); !s)
        return s.error();
    QSqlQuery q(db);
    const QVariant run = idOrNull(runId);
    if (!run.isNull()) {
        if (!exec(q, QStringLiteral("SELECT id FROM runs WHERE id = ? AND owner_id = ?"),
                  {run, ownerId})) {
            return dbError(what, q.lastError());
        }
        if (!q.next()) {
            return notFound(QStringLiteral("No run %1 for owner %2.").arg(*runId).arg(ownerId));
        }
    }
    if (!exec(q,
              QStringLiteral("INSERT INTO worker_jobs (owner_id, run_id, task, model, status, "
                             "created_at, instance_id) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id"),
              {ownerId, run, text(task), text(model), statusName(JobStatus::Queued),
               timefmt::toIso(now), holder()}) ||
        !q.next()) {
        return dbError(what, q.lastError());
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return id;
}

Status Store::markJobStarted(qint64 jobId, const QString& workerId, const QDateTime& now) {
    if (workerId.isEmpty()) {
        return invalid(QStringLiteral("Job %1 cannot start without a worker id.").arg(jobId));
    }
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("UPDATE worker_jobs SET status = ?, worker_id = ?, "
                             "started_at = ? WHERE id = ? AND status IN (?, ?)"),
              {statusName(JobStatus::Running), workerId, timefmt::toIso(now), jobId,
               statusName(JobStatus::Queued), statusName(JobStatus::Running)})) {
        return dbError(QStringLiteral("starting job %1").arg(jobId), q.lastError());
    }
    if (q.numRowsAffected() == 1)
        return Ok{};
    const Result<WorkerJobRecord> existing = job(jobId);
    if (!existing)
        return existing.error();
    return Error{QStringLiteral("invalid_state"),
                 QStringLiteral("Job %1 already finished with status '%2'; it cannot start again.")
                     .arg(jobId)
                     .arg(statusName(existing->status))};
}

Status Store::finishJob(qint64 jobId, JobStatus status, const QString& error,
                        const QDateTime& now) {
    if (!isTerminal(status)) {
        return invalid(QStringLiteral("Cannot finish job %1 with status '%2'; use success, "
                                      "failed, cancelled or timeout.")
                           .arg(jobId)
                           .arg(statusName(status)));
    }
    return endOnce(
        m_db->connection(),
        {QStringLiteral("worker_jobs"),
         jobId,
         QStringLiteral("Job %1").arg(jobId),
         QStringLiteral("finishing job %1").arg(jobId),
         notFound(QStringLiteral("No worker job %1.").arg(jobId)),
         {statusName(JobStatus::Queued), statusName(JobStatus::Running)},
         QStringLiteral("status = ?, error = ?, finished_at = ?, duration_ms = ?"),
         [&](const QDateTime& startedAt) -> QVariantList {
             // A job cancelled while queued never ran: no duration.
             return {statusName(status), textOrNull(error), timefmt::toIso(now),
                     startedAt.isValid() ? QVariant(durationBetween(startedAt, now)) : QVariant()};
         }});
}

Result<WorkerJobRecord> Store::job(qint64 jobId) {
    return selectOne(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM worker_jobs WHERE id = ?").arg(kJobColumns),
                     {jobId}, QStringLiteral("reading job %1").arg(jobId),
                     notFound(QStringLiteral("No worker job %1.").arg(jobId)), jobFrom);
}

Result<QList<WorkerJobRecord>> Store::listJobs(qint64 ownerId, int limit,
                                               std::optional<JobStatus> statusFilter) {
    if (limit <= 0)
        return invalid(QStringLiteral("The worker list limit must be at least 1."));
    QString sql = QStringLiteral("SELECT %1 FROM worker_jobs WHERE owner_id = ?").arg(kJobColumns);
    QVariantList values{ownerId};
    if (statusFilter) {
        sql += QStringLiteral(" AND status = ?");
        values.append(statusName(*statusFilter));
    }
    sql += QStringLiteral(" ORDER BY created_at DESC, id DESC LIMIT ?");
    values.append(limit);
    return selectAll(m_db->connection(), sql, values,
                     QStringLiteral("listing the worker jobs of owner %1").arg(ownerId), jobFrom);
}

Result<qint64> Store::recordLlmCall(const LlmCallRecord& call) {
    if (call.status.isEmpty()) {
        return invalid(
            QStringLiteral("A model call record needs a status ('ok' or an error "
                           "code)."));
    }
    const QString what = QStringLiteral("recording a model call of owner %1").arg(call.ownerId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, call.ownerId, QString(), call.createdAt); !s)
        return s.error();
    QSqlQuery q(db);
    if (!exec(q,
              QStringLiteral("INSERT INTO llm_calls (owner_id, run_id, job_id, role, agent, "
                             "provider, model, prompt_tokens, completion_tokens, cached_tokens, "
                             "cache_write_tokens, reasoning_tokens, cost_usd, duration_ms, status, "
                             "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                             "RETURNING id"),
              {call.ownerId, idOrNull(call.runId), idOrNull(call.jobId), text(call.role),
               text(call.agent), text(call.provider), text(call.model), call.promptTokens,
               call.completionTokens, call.cachedTokens, call.cacheWriteTokens,
               call.reasoningTokens, call.costUsd ? QVariant(*call.costUsd) : QVariant(),
               qMax<qint64>(0, call.durationMs), call.status, timefmt::toIso(call.createdAt)}) ||
        !q.next()) {
        return dbError(what, q.lastError());
    }
    const qint64 id = q.value(0).toLongLong();
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return id;
}

Result<UsageTotals> Store::usageForRun(qint64 runId) {
    QSqlQuery q(m_db->connection());
    if (!exec(q, kUsageSums + QStringLiteral("WHERE run_id = ?"), {runId}) || !q.next()) {
        return dbError(QStringLiteral("adding up the usage of run %1").arg(runId), q.lastError());
    }
    return usageFrom(q);
}

Result<UsageTotals> Store::usageForOwner(qint64 ownerId, const QDateTime& since) {
    QSqlQuery q(m_db->connection());
    // Fixed-width ISO text sorts in time order (time_format.h); "" is before every time.
    if (!exec(q, kUsageSums + QStringLiteral("WHERE owner_id = ? AND created_at >= ?"),
              {ownerId, text(timefmt::toIso(since))}) ||
        !q.next()) {
        return dbError(QStringLiteral("adding up the usage of owner %1").arg(ownerId),
                       q.lastError());
    }
    return usageFrom(q);
}

Result<QHash<qint64, UsageTotals>> Store::usageByJob(qint64 ownerId, qint64 fromJobId) {
    QSqlQuery q(m_db->connection());
    // kUsageSums with the job id in front: "SELECT job_id, COUNT(*), ... GROUP BY job_id".
    const QString sql = QStringLiteral("SELECT job_id, ") + kUsageSums.mid(7) +
                        QStringLiteral("WHERE owner_id = ? AND job_id >= ? GROUP BY job_id");
    if (!exec(q, sql, {ownerId, qMax<qint64>(1, fromJobId)})) {
        return dbError(
            QStringLiteral("adding up the usage of the workers of owner %1").arg(ownerId),
            q.lastError());
    }
    QHash<qint64, UsageTotals> out;
    while (q.next())
        out.insert(q.value(0).toLongLong(), usageFrom(q, 1));
    return out;
}

Result<QList<UsageBucket>> Store::usageByHour(qint64 ownerId, const QDateTime& since) {
    // created_at is ISO 8601 in UTC ("2026-11-21T10:05:00.123Z"): its first 13 characters name
    // the hour.
    const QString sql = QStringLiteral("SELECT SUBSTR(created_at, 1, 13) AS hour, model, role, ") +
                        kUsageSums.mid(7) +
                        QStringLiteral(
                            "WHERE owner_id = ? AND created_at >= ? "
                            "GROUP BY hour, model, role ORDER BY hour, model, role");
    QSqlQuery q(m_db->connection());
    // "" (not NULL: a null QString binds as NULL, and "created_at >= NULL" matches nothing) is
    // before every time, so an invalid `since` means "all of it", as in usageForOwner.
    if (!exec(q, sql, {ownerId, text(timefmt::toIso(since))})) {
        return dbError(QStringLiteral("adding up the usage of owner %1 by hour").arg(ownerId),
                       q.lastError());
    }
    QList<UsageBucket> out;
    while (q.next()) {
        UsageBucket b;
        b.hour =
            QDateTime::fromString(q.value(0).toString() + QStringLiteral(":00:00Z"), Qt::ISODate);
        b.model = q.value(1).toString();
        b.role = q.value(2).toString();
        b.totals = usageFrom(q, 3);
        out.append(b);
    }
    return out;
}

Result<QList<LlmCallRecord>> Store::listLlmCalls(qint64 ownerId, int limit,
                                                 std::optional<qint64> runId) {
    if (limit <= 0)
        return invalid(QStringLiteral("The model call list limit must be at least 1."));
    QString sql =
        QStringLiteral("SELECT %1 FROM llm_calls WHERE owner_id = ?").arg(kLlmCallColumns);
    QVariantList values{ownerId};
    if (runId) {
        sql += QStringLiteral(" AND run_id = ?");
        values.append(*runId);
    }
    sql += QStringLiteral(" ORDER BY created_at DESC, id DESC LIMIT ?");
    values.append(limit);
    return selectAll(m_db->connection(), sql, values,
                     QStringLiteral("listing the model calls of owner %1").arg(ownerId),
                     llmCallFrom);
}

Result<WorkerJobRecord> Store::findJobByWorkerId(qint64 ownerId, const QString& workerId) {
    return selectOne(
        m_db->connection(),
        QStringLiteral("SELECT %1 FROM worker_jobs WHERE owner_id = ? AND worker_id = ? "
                       "ORDER BY id DESC LIMIT 1")
            .arg(kJobColumns),
        {ownerId, workerId}, QStringLiteral("finding the job of worker %1").arg(workerId),
        notFound(QStringLiteral("No worker job for worker '%1'.").arg(workerId)), jobFrom);
}

Result<QList<WorkerJobRecord>> Store::listJobsForRun(qint64 ownerId, qint64 runId) {
    return selectAll(m_db->connection(),
                     QStringLiteral("SELECT %1 FROM worker_jobs WHERE owner_id = ? AND run_id = ? "
                                    "ORDER BY created_at, id")
                         .arg(kJobColumns),
                     {ownerId, runId},
                     QStringLiteral("listing the worker jobs of run %1").arg(runId), jobFrom);
}

Result<QList<WorkerJobRecord>> Store::listJobsSince(qint64 ownerId, const QDateTime& since,
                                                    int limit) {
    if (limit <= 0)
        return invalid(QStringLiteral("The worker list limit must be at least 1."));
    // Fixed-width ISO text sorts in time order (time_format.h); "" is before every time.
    return selectAll(
        m_db->connection(),
        QStringLiteral("SELECT %1 FROM worker_jobs WHERE owner_id = ? AND created_at >= ? "
                       "ORDER BY created_at DESC, id DESC LIMIT ?")
            .arg(kJobColumns),
        {ownerId, text(timefmt::toIso(since)), limit},
        QStringLiteral("listing the recent worker jobs of owner %1").arg(ownerId), jobFrom);
}

Status Store::setFact(qint64 ownerId, const QString& key, const QString& value,
                      const QDateTime& now) {
    if (key.trimmed().isEmpty())
        return invalid(
            QStringLiteral("A fact needs a key, e.g. \"cube\" for \"cube is the "
                           "backup server\"."));
    const QString what = QStringLiteral("saving the fact '%1' of owner %2").arg(key).arg(ownerId);
    QSqlDatabase db = m_db->connection();
    Transaction tx(db);
    if (!tx.began())
        return dbError(what, tx.lastError());
    if (Status s = ensureOwnerIn(db, ownerId, QString(), now); !s)
        return s;
    QSqlQuery q(db);
    // ON CONFLICT ... DO UPDATE with excluded: SQLite >= 3.24 and PostgreSQL spell it the same.
    if (!exec(q,
              QStringLiteral("INSERT INTO agent_state (owner_id, key, value, created_at, "
                             "updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (owner_id, key) "
                             "DO UPDATE SET value = excluded.value, updated_at = "
                             "excluded.updated_at"),
              {ownerId, key, text(value), timefmt::toIso(now), timefmt::toIso(now)})) {
        return dbError(what, q.lastError());
    }
    q.finish();
    if (!tx.commit())
        return dbError(what, tx.lastError());
    return Ok{};
}

Result<bool> Store::deleteFact(qint64 ownerId, const QString& key) {
    QSqlQuery q(m_db->connection());
    if (!exec(q, QStringLiteral("DELETE FROM agent_state WHERE owner_id = ? AND key = ?"),
              {ownerId, key})) {
        return dbError(QStringLiteral("deleting the fact '%1' of owner %2").arg(key).arg(ownerId),
                       q.lastError());
    }
    return q.numRowsAffected() > 0;
}

Result<QList<FactRecord>> Store::listFacts(qint64 ownerId) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("SELECT key, value, created_at, updated_at FROM agent_state WHERE "
                             "owner_id = ? ORDER BY updated_at DESC, id DESC"),
              {ownerId})) {
        return dbError(QStringLiteral("listing the facts of owner %1").arg(ownerId), q.lastError());
    }
    QList<FactRecord> out;
    while (q.next()) {
        out.append(
            FactRecord{q.value(0).toString(), q.value(1).toString(), timeAt(q, 2), timeAt(q, 3)});
    }
    return out;
}

Result<qint64> Store::insertJobFromArtifacts(const WorkerJobRecord& job) {
    QSqlQuery q(m_db->connection());
    if (!exec(q,
              QStringLiteral("INSERT INTO worker_jobs (owner_id, run_id, task, model, status, "
                             "worker_id, error, created_at, started_at, finished_at, "
                             "duration_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
              {job.ownerId, idOrNull(job.runId), text(job.task), text(job.model),
               statusName(job.status), textOrNull(job.workerId), textOrNull(job.error),
               timefmt::toIso(job.createdAt), textOrNull(timefmt::toIso(job.startedAt)),
               textOrNull(timefmt::toIso(job.finishedAt)),
               job.finishedAt.isValid() ? QVariant(job.durationMs) : QVariant()}) ||
        !q.next()) {
        return dbError(QStringLiteral("indexing worker %1").arg(job.workerId), q.lastError());
    }
    return q.value(0).toLongLong();
}

Status Store::updateJobFromArtifacts(const WorkerJobRecord& job) {
    QSqlQuery q(m_db->connection());
    if (!exec(
            q,
            QStringLiteral("UPDATE worker_jobs SET status = ?, error = ?, started_at = ?, "
                           "finished_at = ?, duration_ms = ? WHERE id = ?"),
            {statusName(job.status), textOrNull(job.error),
             textOrNull(timefmt::toIso(job.startedAt)), textOrNull(timefmt::toIso(job.finishedAt)),
             job.finishedAt.isValid() ? QVariant(job.durationMs) : QVariant(), job.id})) {
        return dbError(QStringLiteral("re-indexing job %1").arg(job.id), q.lastError());
    }
    if (q.numRowsAffected() != 1)
        return notFound(QStringLiteral("No worker job %1.").arg(job.id));
    return Ok{};
}

}  // namespace zerg
