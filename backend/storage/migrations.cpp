#include "storage/migrations.h"

#include "storage/sql_util.h"
#include "storage/time_format.h"

#include <QSet>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

namespace zerg::migrations {
namespace {

// Migration 9 (SQLite): the searchable text of the message whose body is the column `body`
// (body, new.body): the content of a user or assistant message (a string, or the text parts of a
// content array joined by newlines) without U+E000 and U+E001; NULL for every other message and
// for a body that is not JSON (json_valid first: json_extract would fail the INSERT). Once
// released, never change it: write a new migration.
QString sqliteMessageText(const QString& body) {
    return QStringLiteral(
               "CASE WHEN json_valid(%1) THEN CASE WHEN json_extract(%1, '$.role') IN ('user', "
               "'assistant') THEN replace(replace(CASE json_type(%1, '$.content') WHEN 'text' "
               "THEN json_extract(%1, '$.content') WHEN 'array' THEN (SELECT "
               "group_concat(json_extract(%1, part.fullkey || '.text'), char(10)) FROM "
               "json_each(%1, '$.content') AS part WHERE json_extract(%1, part.fullkey || "
               "'.type') = 'text') END, char(57344), ''), char(57345), '') END END")
        .arg(body);
}

// The trigger statement that indexes the message new.* (nothing when it has no searchable text).
QString sqliteIndexNewMessage() {
    return QStringLiteral(
               "INSERT INTO messages_fts (rowid, text) SELECT new.id, t FROM (SELECT %1 AS t) "
               "WHERE t IS NOT NULL")
        .arg(sqliteMessageText(QStringLiteral("new.body")));
}

// The SQL is written to run on SQLite and PostgreSQL alike: CHECK constraints instead of enums,
// partial indexes (both engines have them), BIGINT for counters and references, TEXT for times
// (ISO-8601 UTC, see time_format.h) and JSON bodies. The one thing with no common spelling is
// an auto-assigned primary key, hence the {{ID_PK}} placeholder (see forDriver()).
QList<Migration> buildAll() {
    QList<Migration> list;

    list.append(Migration{
        1,
        QStringLiteral("owners, supervisor threads, messages, runs, worker jobs"),
        {
            QStringLiteral("CREATE TABLE owners ("
                           " id {{ID_PK}},"
                           " name TEXT NOT NULL,"
                           " created_at TEXT NOT NULL)"),

            QStringLiteral("CREATE TABLE threads ("
                           " id {{ID_PK}},"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " type TEXT NOT NULL DEFAULT 'supervisor',"
                           " title TEXT NOT NULL DEFAULT '',"
                           " created_at TEXT NOT NULL,"
                           " updated_at TEXT NOT NULL)"),
            // One supervisor thread per owner ("one brain"); other thread types may repeat.
            QStringLiteral("CREATE UNIQUE INDEX ux_threads_owner_supervisor ON threads (owner_id)"
                           " WHERE type = 'supervisor'"),
            QStringLiteral("CREATE INDEX ix_threads_owner ON threads (owner_id, created_at)"),

            QStringLiteral("CREATE TABLE runs ("
                           " id {{ID_PK}},"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " thread_id BIGINT NOT NULL REFERENCES threads(id),"
                           " task TEXT NOT NULL,"
                           " status TEXT NOT NULL CHECK (status IN ('running', 'success',"
                           " 'failed', 'cancelled', 'timeout')),"
                           " result TEXT,"
                           " error TEXT,"
                           " started_at TEXT NOT NULL,"
                           " finished_at TEXT,"
                           " duration_ms BIGINT,"
                           " prompt_tokens BIGINT NOT NULL DEFAULT 0,"
                           " completion_tokens BIGINT NOT NULL DEFAULT 0)"),
            QStringLiteral("CREATE INDEX ix_runs_owner_started ON runs (owner_id, started_at)"),
            QStringLiteral("CREATE INDEX ix_runs_thread ON runs (thread_id)"),

            // body is one chat message as opaque JSON text (JSONB would be the PostgreSQL
            // upgrade; storage never looks inside).
            QStringLiteral("CREATE TABLE messages ("
                           " id {{ID_PK}},"
                           " thread_id BIGINT NOT NULL REFERENCES threads(id),"
                           " run_id BIGINT REFERENCES runs(id),"
                           " seq BIGINT NOT NULL,"
                           " body TEXT NOT NULL,"
                           " created_at TEXT NOT NULL,"
                           " UNIQUE (thread_id, seq))"),
            QStringLiteral("CREATE INDEX ix_messages_run ON messages (run_id)"),

            QStringLiteral("CREATE TABLE worker_jobs ("
                           " id {{ID_PK}},"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " run_id BIGINT REFERENCES runs(id),"
                           " task TEXT NOT NULL,"
                           " model TEXT NOT NULL DEFAULT '',"
                           " status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'success',"
                           " 'failed', 'cancelled', 'timeout')),"
                           " worker_id TEXT,"
                           " error TEXT,"
                           " created_at TEXT NOT NULL,"
                           " started_at TEXT,"
                           " finished_at TEXT,"
                           " duration_ms BIGINT)"),
            QStringLiteral(
                "CREATE INDEX ix_jobs_owner_created ON worker_jobs (owner_id, created_at)"),
            QStringLiteral(
                "CREATE INDEX ix_jobs_owner_worker ON worker_jobs (owner_id, worker_id)"),
            QStringLiteral("CREATE INDEX ix_jobs_run ON worker_jobs (run_id)"),
        }});

    // One row per model call, for usage and cost. cost_usd NULL means the price is unknown
    // (a model missing from the pricing table), which is not the same as free (local models: 0).
    // status is 'ok' or the call's error code (llm/llm_errors.h), so no CHECK constraint.
    // DOUBLE PRECISION rather than REAL: PostgreSQL's REAL is 4 bytes, too coarse for sums of
    // fractions of a cent; SQLite reads either as its 8-byte REAL.
    list.append(Migration{
        2,
        QStringLiteral("usage and cost of every model call"),
        {
            QStringLiteral("CREATE TABLE llm_calls ("
                           " id {{ID_PK}},"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " run_id BIGINT REFERENCES runs(id),"
                           " job_id BIGINT REFERENCES worker_jobs(id),"
                           " role TEXT NOT NULL DEFAULT '',"
                           " agent TEXT NOT NULL DEFAULT '',"
                           " provider TEXT NOT NULL DEFAULT '',"
                           " model TEXT NOT NULL DEFAULT '',"
                           " prompt_tokens BIGINT NOT NULL DEFAULT 0,"
                           " completion_tokens BIGINT NOT NULL DEFAULT 0,"
                           " cached_tokens BIGINT NOT NULL DEFAULT 0,"
                           " cache_write_tokens BIGINT NOT NULL DEFAULT 0,"
                           " reasoning_tokens BIGINT NOT NULL DEFAULT 0,"
                           " cost_usd DOUBLE PRECISION,"
                           " duration_ms BIGINT NOT NULL DEFAULT 0,"
                           " status TEXT NOT NULL,"
                           " created_at TEXT NOT NULL)"),
            QStringLiteral(
                "CREATE INDEX ix_llm_calls_owner_created ON llm_calls (owner_id, created_at)"),
            QStringLiteral("CREATE INDEX ix_llm_calls_run ON llm_calls (run_id)"),
        }});

    // A run's mode: 'quick' (answered directly), 'supervisor' (the agent loop) or 'background'
    // (scheduled). Runs from before this migration were all supervisor runs, which the DEFAULT
    // fills in. Both engines accept a CHECK on ADD COLUMN (SQLite does not test existing rows
    // against it, but they all get the default).
    // agent_state: core facts the supervisor records per owner ("cube is the backup server"),
    // one value per key. thread_memory: compacted summaries of a thread's older messages; the
    // newest row (highest id) applies and covers messages up to seq up_to_seq.
    list.append(Migration{
        3,
        QStringLiteral("run mode, agent_state facts, thread memory"),
        {
            QStringLiteral("ALTER TABLE runs ADD COLUMN mode TEXT NOT NULL DEFAULT 'supervisor'"
                           " CHECK (mode IN ('quick', 'supervisor', 'background'))"),

            QStringLiteral("CREATE TABLE agent_state ("
                           " id {{ID_PK}},"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " key TEXT NOT NULL,"
                           " value TEXT NOT NULL,"
                           " created_at TEXT,"
                           " updated_at TEXT,"
                           " UNIQUE (owner_id, key))"),

            QStringLiteral("CREATE TABLE thread_memory ("
                           " id {{ID_PK}},"
                           " thread_id BIGINT NOT NULL REFERENCES threads(id),"
                           " up_to_seq BIGINT NOT NULL,"
                           " summary TEXT NOT NULL,"
                           " created_at TEXT NOT NULL)"),
            QStringLiteral("CREATE INDEX ix_thread_memory_thread ON thread_memory (thread_id, id)"),
        }});

    // Schedules (cron text in an IANA time zone; parsing is schedule/'s business, storage keeps
    // text), the history of their runs, the task inbox background runs deliver to, and the
    // owner's "pause all" switch. Flags are INTEGER 0/1 with a CHECK: the one boolean spelling
    // both engines store and compare alike. next_run_at is a cache the scheduler writes; the
    // partial index serves its "what is due" query. schedule_runs.scheduled_for is the cron
    // instant (NULL for a manual run). Deleting a schedule deletes its runs and detaches its
    // inbox items in the repository (ScheduleStore::deleteSchedule), so no ON DELETE clauses.
    list.append(Migration{
        4,
        QStringLiteral("schedules, schedule runs, task inbox"),
        {
            QStringLiteral("CREATE TABLE schedules ("
                           " id {{ID_PK}},"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " name TEXT NOT NULL,"
                           " task TEXT NOT NULL,"
                           " cron TEXT NOT NULL,"
                           " time_zone TEXT NOT NULL,"
                           " enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),"
                           " catch_up INTEGER NOT NULL DEFAULT 0 CHECK (catch_up IN (0, 1)),"
                           " created_at TEXT NOT NULL,"
                           " updated_at TEXT NOT NULL,"
                           " last_run_at TEXT,"
                           " next_run_at TEXT,"
                           " UNIQUE (owner_id, name))"),
            QStringLiteral("CREATE INDEX ix_schedules_due ON schedules (next_run_at)"
                           " WHERE enabled = 1"),

            QStringLiteral("CREATE TABLE schedule_runs ("
                           " id {{ID_PK}},"
                           " schedule_id BIGINT NOT NULL REFERENCES schedules(id),"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " run_id BIGINT REFERENCES runs(id),"
                           " trigger TEXT NOT NULL CHECK (trigger IN ('cron', 'manual',"
                           " 'catch_up')),"
                           " scheduled_for TEXT,"
                           " started_at TEXT NOT NULL,"
                           " finished_at TEXT,"
                           " status TEXT NOT NULL CHECK (status IN ('running', 'success',"
                           " 'failed', 'cancelled', 'timeout', 'skipped')),"
                           " severity TEXT CHECK (severity IN ('info', 'warning', 'critical')),"
                           " summary TEXT,"
                           " error TEXT)"),
            QStringLiteral(
                "CREATE INDEX ix_schedule_runs_schedule ON schedule_runs (schedule_id, id)"),
            QStringLiteral("CREATE INDEX ix_schedule_runs_run ON schedule_runs (run_id)"),

            // body is Markdown.
            QStringLiteral("CREATE TABLE inbox_items ("
                           " id {{ID_PK}},"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " run_id BIGINT REFERENCES runs(id),"
                           " schedule_id BIGINT REFERENCES schedules(id),"
                           " title TEXT NOT NULL,"
                           " body TEXT NOT NULL,"
                           " severity TEXT NOT NULL CHECK (severity IN ('info', 'warning',"
                           " 'critical')),"
                           " created_at TEXT NOT NULL,"
                           " read_at TEXT)"),
            QStringLiteral(
                "CREATE INDEX ix_inbox_owner_read ON inbox_items (owner_id, read_at, id)"),
            QStringLiteral("CREATE INDEX ix_inbox_schedule ON inbox_items (schedule_id)"),

            QStringLiteral("CREATE TABLE schedule_state ("
                           " owner_id BIGINT PRIMARY KEY REFERENCES owners(id),"
                           " paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),"
                           " updated_at TEXT NOT NULL)"),
        }});

    // Server mode (docs/api.md): devices registered for an owner, and the session tokens they
    // exchanged their secret for. Only SHA-256 hashes (hex) of secrets and tokens are stored.
    list.append(
        Migration{5,
                  QStringLiteral("API devices and session tokens"),
                  {
                      QStringLiteral("CREATE TABLE api_devices ("
                                     " id {{ID_PK}},"
                                     " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                                     " name TEXT NOT NULL,"
                                     " secret_hash TEXT NOT NULL UNIQUE,"
                                     " created_at TEXT NOT NULL,"
                                     " last_used_at TEXT,"
                                     " revoked_at TEXT)"),
                      QStringLiteral("CREATE TABLE api_tokens ("
                                     " id {{ID_PK}},"
                                     " device_id BIGINT NOT NULL REFERENCES api_devices(id),"
                                     " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                                     " token_hash TEXT NOT NULL UNIQUE,"
                                     " created_at TEXT NOT NULL,"
                                     " expires_at TEXT NOT NULL,"
                                     " revoked_at TEXT)"),
                      QStringLiteral("CREATE INDEX ix_api_tokens_device ON api_tokens (device_id)"),
                  }});

    // How a run ended beyond its status: the error code of its failure (NULL when none), how many
    // attempts the supervisor agent made (restarts after a failure + 1; every older run made one,
    // which the DEFAULT fills in), and 'apology' when Jarvis still answered directly after the
    // failure (NULL otherwise; the status stays 'failed'). One ALTER per column: SQLite adds one
    // column per statement. NULL passes the fallback's CHECK on both engines (a CHECK fails only
    // on false), and SQLite accepts NOT NULL on ADD COLUMN because of the DEFAULT.
    list.append(Migration{
        6,
        QStringLiteral("run error code, attempts and fallback"),
        {
            QStringLiteral("ALTER TABLE runs ADD COLUMN error_code TEXT"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN attempts INTEGER NOT NULL DEFAULT 1"
                           " CHECK (attempts >= 1)"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN fallback TEXT"
                           " CHECK (fallback IN ('apology'))"),
        }});

    // Approval requests (issue 22): a worker's call that the approval mode holds until a person
    // answers, kept after the answer as the audit record. arguments and classification are JSON
    // objects as text, suggested_prefix a JSON array of words ('[]': no "always allow" offered).
    // job_id and run_id have no REFERENCES, so that a request is recorded whether or not the
    // job's or run's row exists (ApprovalStore does not look); NULL is none. The answer columns
    // stay NULL while the request is pending. approval_rules are the "always allow" rules; a
    // removed rule keeps its row (removed_at set) so that the requests it answered still name
    // it. The two tables refer to each other (approvals.rule_id, approval_rules.approval_id)
    // without REFERENCES, as each CREATE would need the other table first; ApprovalStore checks
    // that the id is one of the owner's.
    list.append(Migration{
        7,
        QStringLiteral("approval requests and always-allow rules"),
        {
            QStringLiteral("CREATE TABLE approvals ("
                           " id {{ID_PK}},"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " job_id BIGINT,"
                           " run_id BIGINT,"
                           " worker_id TEXT NOT NULL,"
                           " call_id TEXT NOT NULL DEFAULT '',"
                           " tool TEXT NOT NULL,"
                           " target TEXT NOT NULL,"
                           " action TEXT NOT NULL,"
                           " arguments TEXT NOT NULL DEFAULT '{}',"
                           " classification TEXT NOT NULL DEFAULT '{}',"
                           " task TEXT NOT NULL DEFAULT '',"
                           " stated_reason TEXT NOT NULL DEFAULT '',"
                           " mode TEXT NOT NULL DEFAULT '',"
                           " suggested_prefix TEXT NOT NULL DEFAULT '[]',"
                           " status TEXT NOT NULL CHECK (status IN ('pending', 'allowed',"
                           " 'denied', 'expired', 'cancelled')),"
                           " requested_at TEXT NOT NULL,"
                           " expires_at TEXT NOT NULL,"
                           " decided_at TEXT,"
                           " decided_by TEXT,"
                           " device TEXT,"
                           " message TEXT,"
                           " rule_id BIGINT)"),
            QStringLiteral(
                "CREATE INDEX ix_approvals_owner_status ON approvals (owner_id, status, id)"),
            QStringLiteral("CREATE INDEX ix_approvals_job ON approvals (job_id)"),

            QStringLiteral("CREATE TABLE approval_rules ("
                           " id {{ID_PK}},"
                           " owner_id BIGINT NOT NULL REFERENCES owners(id),"
                           " host TEXT NOT NULL,"
                           " prefix TEXT NOT NULL,"
                           " approval_id BIGINT,"
                           " created_by TEXT NOT NULL DEFAULT '',"
                           " created_at TEXT NOT NULL,"
                           " removed_at TEXT)"),
            QStringLiteral(
                "CREATE INDEX ix_approval_rules_owner ON approval_rules (owner_id, removed_at)"),
        }});

    // A schedule's own approval mode (issue 22): 'ask' or 'read_only' for its runs; NULL is the
    // schedule mode of Settings.
    list.append(Migration{
        8,
        QStringLiteral("a schedule's approval mode"),
        {
            QStringLiteral("ALTER TABLE schedules ADD COLUMN approval_mode TEXT"
                           " CHECK (approval_mode IN ('autonomous', 'ask', 'read_only'))"),
        }});

    // Full-text search of the conversation (the Threads page's search, Store::searchRuns): the
    // text of user and assistant messages, content as a string or the text parts of a content
    // array. Tool results are left out: they are machine JSON whose keys ("status", "worker_id",
    // "summary") would match nearly every run, they are most of the bytes (file reads, command
    // output), and a snippet from one would show text the chat never showed.
    //
    // SQLite: an FTS5 table with rowid = messages.id, kept by triggers and filled here from the
    // rows already there. It keeps its own copy of the text (user and assistant text only, a
    // small part of the file) rather than reading it from messages (external content): FTS5
    // reads an external content table with statements that may not use table-valued functions,
    // which the content array needs (json_each), and removing an external-content row means
    // giving back exactly the text indexed, where this table removes a row by its id.
    // unicode61 folds case and removes diacritics (remove_diacritics 2: "munchen" finds
    // "München") and splits at everything that is not a letter or digit, so a host name
    // "web-01.example.com" is four words and "web-01" finds it as a phrase; prefix indexes of 2
    // and 3 characters serve the prefix query of the word still being typed. U+E000 and U+E001,
    // which mark matches in a snippet, are removed from the indexed text so that a snippet's
    // markers are always ours.
    //
    // PostgreSQL: a GIN expression index over zerg_message_search_vector(body): the same text
    // with punctuation turned into spaces (words split as on SQLite; beside [[:punct:]], which
    // is ASCII only in a database of the C locale, the common Unicode punctuation, spaces,
    // symbols and emoji are named), through the 'simple' configuration (lower case, no
    // stemming, no stop words: host names and commands stay as written). The function returns
    // NULL instead of failing on a body that is not JSON or that jsonb refuses (\u0000), so
    // such a message is never found rather than never saved.
    list.append(Migration{
        .version = 9,
        .description = QStringLiteral("full-text search of messages"),
        .statements = {},
        .sqliteStatements =
            {
                QStringLiteral("CREATE VIRTUAL TABLE messages_fts USING fts5(text, "
                               "tokenize='unicode61 remove_diacritics 2', prefix='2 3')"),
                QStringLiteral("CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN"
                               " %1; END")
                    .arg(sqliteIndexNewMessage()),
                QStringLiteral("CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN"
                               " DELETE FROM messages_fts WHERE rowid = old.id; END"),
                // Messages are appended, never edited; should one change, its text follows.
                QStringLiteral("CREATE TRIGGER messages_fts_update AFTER UPDATE OF id, body ON "
                               "messages BEGIN DELETE FROM messages_fts WHERE rowid = old.id; "
                               "%1; END")
                    .arg(sqliteIndexNewMessage()),
                // The messages from before this migration.
                QStringLiteral("INSERT INTO messages_fts (rowid, text) SELECT id, text FROM "
                               "(SELECT id, %1 AS text FROM messages) WHERE text IS NOT NULL")
                    .arg(sqliteMessageText(QStringLiteral("body"))),
            },
        .postgresStatements = {
            QStringLiteral(
                "CREATE FUNCTION zerg_message_search_vector(body TEXT) RETURNS tsvector"
                " LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$\n"
                "DECLARE\n"
                "    message jsonb;\n"
                "    content text;\n"
                "BEGIN\n"
                "    message := body::jsonb;\n"
                "    IF jsonb_typeof(message) <> 'object'\n"
                "            OR COALESCE(message->>'role', '') NOT IN ('user', 'assistant') "
                "THEN\n"
                "        RETURN NULL;\n"
                "    END IF;\n"
                "    IF jsonb_typeof(message->'content') = 'string' THEN\n"
                "        content := message->>'content';\n"
                "    ELSIF jsonb_typeof(message->'content') = 'array' THEN\n"
                "        SELECT string_agg(part->>'text', E'\\n' ORDER BY n) INTO content\n"
                "            FROM jsonb_array_elements(message->'content') WITH ORDINALITY"
                " AS p(part, n)\n"
                "            WHERE part->>'type' = 'text';\n"
                "    END IF;\n"
                "    IF content IS NULL THEN\n"
                "        RETURN NULL;\n"
                "    END IF;\n"
                "    RETURN to_tsvector('simple', regexp_replace(content, '[[:punct:]"
                "\\u00a0\\u00a1\\u00a7\\u00ab\\u00b6\\u00b7\\u00bb\\u00bf\\u2000-\\u206f"
                "\\u2190-\\u2bff\\u2e00-\\u2e7f\\u3000-\\u3003\\u3008-\\u3011\\u3014-"
                "\\u301f\\ufe10-\\ufe19\\ufe30-\\ufe4f\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-"
                "\\uff40\\uff5b-\\uff65\\U0001f000-\\U0001faff]+', ' ', 'g'));\n"
                "EXCEPTION WHEN OTHERS THEN\n"
                "    RETURN NULL;\n"
                "END\n"
                "$fn$"),
            QStringLiteral("CREATE INDEX ix_messages_search ON messages USING GIN "
                           "(zerg_message_search_vector(body))"),
        }});

    // A run's workers (the chat's history, run details, exports): by run and owner in creation
    // order. With only ix_jobs_run, SQLite preferred ix_jobs_owner_created, whose order matches
    // the ORDER BY, and read every job of the owner for each run: 33 ms for the 20 runs the chat
    // shows at start with 10,000 workers (zerg-bench-startup).
    list.append(Migration{
        .version = 10,
        .description = QStringLiteral("a run's workers by run"),
        .statements =
            {
                QStringLiteral("CREATE INDEX ix_jobs_run_owner_created ON worker_jobs "
                               "(run_id, owner_id, created_at, id)"),
                QStringLiteral("DROP INDEX ix_jobs_run"),
            },
    });

    // Several processes on one database (docs/server.md): each registers as an instance and
    // renews a lease on it; the runs and worker jobs it starts name it as their holder. Work is
    // declared interrupted only when its holder's lease has run out (or it stopped), never
    // because another process started. No foreign key: instance rows are pruned long after the
    // work they held is finished. NULL holder: work from before this migration.
    list.append(Migration{
        .version = 11,
        .description = QStringLiteral("instances and the holders of runs and jobs"),
        .statements =
            {
                QStringLiteral("CREATE TABLE instances ("
                               " id {{ID_PK}},"
                               " name TEXT NOT NULL,"
                               " host TEXT NOT NULL,"
                               " pid BIGINT NOT NULL,"
                               " version TEXT NOT NULL,"
                               " started_at TEXT NOT NULL,"
                               " heartbeat_at TEXT NOT NULL,"
                               " lease_until TEXT NOT NULL,"
                               " state TEXT NOT NULL CHECK (state IN ('running', 'stopped',"
                               " 'lost')),"
                               " stopped_at TEXT)"),
                QStringLiteral("CREATE INDEX ix_instances_state ON instances (state, lease_until)"),
                QStringLiteral("ALTER TABLE runs ADD COLUMN instance_id BIGINT"),
                QStringLiteral("ALTER TABLE worker_jobs ADD COLUMN instance_id BIGINT"),
                QStringLiteral("CREATE INDEX ix_runs_unfinished ON runs (instance_id) WHERE "
                               "status = 'running'"),
                QStringLiteral("CREATE INDEX ix_jobs_unfinished ON worker_jobs (instance_id) "
                               "WHERE status IN ('queued', 'running')"),
            },
    });

    // Each occurrence of a schedule runs once, whichever of the processes sharing the database
    // sees it due first (docs/server.md): the first to insert its row claims it. No foreign key:
    // deleting a schedule deletes its claims itself.
    list.append(Migration{
        .version = 12,
        .description = QStringLiteral("claimed schedule occurrences"),
        .statements =
            {
                QStringLiteral("CREATE TABLE schedule_claims ("
                               " schedule_id BIGINT NOT NULL,"
                               " scheduled_for TEXT NOT NULL,"
                               " instance_id BIGINT,"
                               " claimed_at TEXT NOT NULL,"
                               " PRIMARY KEY (schedule_id, scheduled_for))"),
            },
    });

    // The events of every process sharing the database, for a client connected to one instance
    // that follows a run another executes (docs/server.md, "Events across instances"). The
    // journal is the source of truth: NOTIFY only wakes the readers, who read what is new here.
    // Kept an hour (api/event_relay.h).
    list.append(Migration{
        .version = 13,
        .description = QStringLiteral("event journal"),
        .statements =
            {
                QStringLiteral("CREATE TABLE events ("
                               " id {{ID_PK}},"
                               " instance_id BIGINT,"
                               " owner_id BIGINT NOT NULL,"
                               " name TEXT NOT NULL,"
                               " at TEXT NOT NULL,"
                               " data TEXT NOT NULL)"),
                QStringLiteral("CREATE INDEX ix_events_at ON events (at)"),
            },
    });

    // Whether a run (or a worker job) may have changed a system: the first call that may have
    // is recorded before it starts (who did what: "ssh_exec web1: systemctl restart nginx").
    // The work of an instance that died is taken over only while this is NULL, so that no call
    // that may change a system runs twice (docs/server.md, "Taking over").
    list.append(Migration{
        .version = 14,
        .description = QStringLiteral("the first change of runs and jobs"),
        .statements =
            {
                QStringLiteral("ALTER TABLE runs ADD COLUMN first_change TEXT"),
                QStringLiteral("ALTER TABLE worker_jobs ADD COLUMN first_change TEXT"),
            },
    });

    // One-time links that answer an approval request from a phone, or open an alert (issue 27,
    // storage/action_links.h): only the token's hash is kept; used_at set once.
    list.append(Migration{
        .version = 15,
        .description = QStringLiteral("action links"),
        .statements =
            {
                QStringLiteral("CREATE TABLE action_links ("
                               " id {{ID_PK}},"
                               " token_hash TEXT NOT NULL UNIQUE,"
                               " owner_id BIGINT NOT NULL,"
                               " approval_id BIGINT,"
                               " inbox_item_id BIGINT,"
                               " action TEXT NOT NULL CHECK (action IN ('allow', 'deny', 'view')),"
                               " created_at TEXT NOT NULL,"
                               " expires_at TEXT NOT NULL,"
                               " used_at TEXT,"
                               " used_by TEXT,"
                               " CHECK ((approval_id IS NULL) <> (inbox_item_id IS NULL)),"
                               " UNIQUE (approval_id, action),"
                               " UNIQUE (inbox_item_id, action))"),
            },
    });

    // The e-mails a person may answer, and the replies read from the mailbox (issue 27,
    // storage/mail_threads.h): a reply is handled once over every process (its Message-ID).
    list.append(Migration{
        .version = 16,
        .description = QStringLiteral("mail threads"),
        .statements =
            {
                QStringLiteral("CREATE TABLE mail_threads ("
                               " id {{ID_PK}},"
                               " message_id TEXT NOT NULL UNIQUE,"
                               " owner_id BIGINT NOT NULL,"
                               " kind TEXT NOT NULL CHECK (kind IN ('approval', 'alert', "
                               "'answer')),"
                               " approval_id BIGINT UNIQUE,"
                               " inbox_item_id BIGINT,"
                               " run_id BIGINT,"
                               " subject TEXT NOT NULL,"
                               " sent_at TEXT NOT NULL)"),
                QStringLiteral("CREATE TABLE mail_replies ("
                               " id {{ID_PK}},"
                               " message_id TEXT NOT NULL UNIQUE,"
                               " owner_id BIGINT,"
                               " sender TEXT NOT NULL,"
                               " outcome TEXT NOT NULL,"
                               " detail TEXT,"
                               " run_id BIGINT,"
                               " received_at TEXT NOT NULL)"),
            },
    });

    // Dashboard › Agents (storage/agent_profiles.h): every saved version of an agent's prompt,
    // model and parameters; the newest per role applies.
    list.append(Migration{
        .version = 17,
        .description = QStringLiteral("agent profiles"),
        .statements =
            {
                QStringLiteral("CREATE TABLE agent_profiles ("
                               " id {{ID_PK}},"
                               " role TEXT NOT NULL CHECK (role IN ('supervisor', 'quick', "
                               "'worker', 'decider', 'summary')),"
                               " version INTEGER NOT NULL,"
                               " system_prompt TEXT,"
                               " model TEXT,"
                               " temperature DOUBLE PRECISION,"
                               " max_tokens INTEGER,"
                               " tools TEXT,"
                               " changed_by TEXT NOT NULL,"
                               " changed_at TEXT NOT NULL,"
                               " UNIQUE (role, version))"),
            },
    });

    // SMS both ways (issue 27, storage/sms_threads.h): the SMS Zerg sent, so that a reply is about
    // the latest; the replies the gateway's webhook delivered, each handled once over every
    // process (its gateway id) and answered once (answered_at).
    list.append(Migration{
        .version = 18,
        .description = QStringLiteral("sms threads"),
        .statements =
            {
                QStringLiteral("CREATE TABLE sms_sent ("
                               " id {{ID_PK}},"
                               " owner_id BIGINT NOT NULL,"
                               " kind TEXT NOT NULL CHECK (kind IN ('alert', 'answer')),"
                               " inbox_item_id BIGINT,"
                               " run_id BIGINT,"
                               " number TEXT NOT NULL,"
                               " sent_at TEXT NOT NULL)"),
                QStringLiteral("CREATE INDEX ix_sms_sent_number ON sms_sent (number, id)"),
                QStringLiteral("CREATE TABLE sms_replies ("
                               " id {{ID_PK}},"
                               " message_id TEXT NOT NULL UNIQUE,"
                               " owner_id BIGINT,"
                               " sender TEXT NOT NULL,"
                               " outcome TEXT NOT NULL,"
                               " detail TEXT,"
                               " run_id BIGINT,"
                               " replied_to TEXT,"
                               " received_at TEXT NOT NULL,"
                               " answered_at TEXT)"),
                QStringLiteral("CREATE INDEX ix_sms_replies_run ON sms_replies (run_id)"),
                // One shape for the replies of every channel (storage/reply_log.h).
                QStringLiteral("ALTER TABLE mail_replies ADD COLUMN replied_to TEXT"),
                QStringLiteral("ALTER TABLE mail_replies ADD COLUMN answered_at TEXT"),
                QStringLiteral("CREATE INDEX ix_mail_replies_run ON mail_replies (run_id)"),
            },
    });

    return list;
}

bool isPostgres(const QSqlDatabase& db) {
    return db.driverName() == QLatin1String("QPSQL");
}

Error sqlError(const QSqlDatabase& db, const QString& what, const QSqlError& e) {
    const QString hint =
        isPostgres(db) ? QStringLiteral(
                             "Check that the PostgreSQL user may create tables in this database "
                             "and that no other program changed its schema.")
                       : QStringLiteral(
                             "If the file is damaged, move it aside or set ZERG_DATA_DIR to "
                             "another folder.");
    return Error{QStringLiteral("db"),
                 QStringLiteral("Database error while %1: %2. %3").arg(what, e.text(), hint)};
}

// Two servers starting on one PostgreSQL database at once would both see a migration missing
// and both apply it. A transaction-scoped advisory lock (released at commit or rollback) makes
// them take turns; each migration transaction checks again, under the lock, that its version is
// still missing. The key is any constant of our own: "zergmigr" in ASCII.
constexpr qint64 kMigrationLockKey = 0x7A6572676D696772;

bool lockMigrations(QSqlQuery& q) {
    return sql::takeTurn(q, kMigrationLockKey);
}

const QString kCreateSchemaMigrations = QStringLiteral(
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    " version INTEGER PRIMARY KEY,"
    " applied_at TEXT NOT NULL)");

Result<QSet<int>> appliedVersions(const QSqlDatabase& db) {
    QSqlQuery q(db);
    if (!q.exec(kCreateSchemaMigrations)) {
        return sqlError(db, QStringLiteral("creating the schema_migrations table"), q.lastError());
    }
    if (!q.exec(QStringLiteral("SELECT version FROM schema_migrations"))) {
        return sqlError(db, QStringLiteral("reading schema_migrations"), q.lastError());
    }
    QSet<int> versions;
    while (q.next())
        versions.insert(q.value(0).toInt());
    return versions;
}

// PostgreSQL: creates schema_migrations under the migration lock, so that two first starts do
// not race on CREATE TABLE IF NOT EXISTS (which is not atomic there).
Status createSchemaMigrationsLocked(QSqlDatabase db) {
    const QString what = QStringLiteral("creating the schema_migrations table");
    if (!db.transaction())
        return sqlError(db, what, db.lastError());
    {
        QSqlQuery q(db);
        if (!lockMigrations(q) || !q.exec(kCreateSchemaMigrations)) {
            const QSqlError e = q.lastError();
            q.finish();
            db.rollback();
            return sqlError(db, what, e);
        }
    }
    if (!db.commit()) {
        const QSqlError e = db.lastError();
        db.rollback();
        return sqlError(db, what, e);
    }
    return Ok{};
}

Status applyOne(QSqlDatabase db, const Migration& m, const QDateTime& now) {
    const QString what =
        QStringLiteral("applying migration %1 (%2)").arg(m.version).arg(m.description);
    if (!db.transaction())
        return sqlError(db, what, db.lastError());
    auto fail = [&](QSqlQuery& q, const QSqlError& e) {
        q.finish();
        db.rollback();
        return sqlError(db, what, e);
    };
    {
        QSqlQuery q(db);
        if (!lockMigrations(q))
            return fail(q, q.lastError());
        // Another process may have applied it while this one waited for the lock.
        if (!q.prepare(QStringLiteral("SELECT 1 FROM schema_migrations WHERE version = ?")))
            return fail(q, q.lastError());
        q.addBindValue(m.version);
        if (!q.exec())
            return fail(q, q.lastError());
        const bool done = q.next();
        q.finish();
        if (!done) {
            for (const QString& statement : statementsFor(m, db.driverName())) {
                if (!q.exec(statement))
                    return fail(q, q.lastError());
            }
            if (!q.prepare(QStringLiteral(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)"))) {
                return fail(q, q.lastError());
            }
            q.addBindValue(m.version);
            q.addBindValue(timefmt::toIso(now));
            if (!q.exec())
                return fail(q, q.lastError());
            q.finish();
        }
    }
    if (!db.commit()) {
        const QSqlError e = db.lastError();
        db.rollback();
        return sqlError(db, what, e);
    }
    return Ok{};
}

// The highest of the applied versions; 0 when none is.
int highestOf(const QSet<int>& applied) {
    return applied.isEmpty() ? 0 : *std::ranges::max_element(applied);
}

}  // namespace

const QList<Migration>& all() {
    static const QList<Migration> list = buildAll();
    return list;
}

int latestVersion() {
    return all().isEmpty() ? 0 : all().last().version;
}

QString forDriver(const QString& sql, const QString& driverName) {
    QString out = sql;
    // SQLite: INTEGER PRIMARY KEY (exactly this spelling) aliases the rowid and is assigned
    // automatically. PostgreSQL: an identity column that still accepts explicit ids (owners).
    const QString idPk = driverName == QLatin1String("QPSQL")
                             ? QStringLiteral("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
                             : QStringLiteral("INTEGER PRIMARY KEY");
    out.replace(QStringLiteral("{{ID_PK}}"), idPk);
    return out;
}

QStringList statementsFor(const Migration& m, const QString& driverName) {
    QStringList out;
    const QStringList& own =
        driverName == QLatin1String("QPSQL") ? m.postgresStatements : m.sqliteStatements;
    out.reserve(m.statements.size() + own.size());
    for (const QStringList* list : {&m.statements, &own}) {
        for (const QString& statement : *list)
            out.append(forDriver(statement, driverName));
    }
    return out;
}

Result<int> currentVersion(const QSqlDatabase& db) {
    const Result<QSet<int>> applied = appliedVersions(db);
    if (!applied)
        return applied.error();
    return highestOf(*applied);
}

Status apply(const QSqlDatabase& db, const QDateTime& now) {
    if (isPostgres(db)) {
        if (Status s = createSchemaMigrationsLocked(db); !s)
            return s;
    }
    const Result<QSet<int>> applied = appliedVersions(db);
    if (!applied)
        return applied.error();
    if (const int highest = highestOf(*applied); highest > latestVersion()) {
        return Error{QStringLiteral("schema_too_new"),
                     QStringLiteral("database was created by a newer Zerg (schema %1 > %2); "
                                    "upgrade Zerg or use another %3")
                         .arg(highest)
                         .arg(latestVersion())
                         .arg(isPostgres(db) ? QStringLiteral("database in ZERG_DATABASE_URL")
                                             : QStringLiteral("ZERG_DATA_DIR"))};
    }
    for (const Migration& m : all()) {
        if (applied->contains(m.version))
            continue;
        if (Status s = applyOne(db, m, now); !s)
            return s;
    }
    return Ok{};
}

}  // namespace zerg::migrations
