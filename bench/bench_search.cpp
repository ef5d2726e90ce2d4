// zerg-bench-search: the Threads page's search of all conversations (Store::searchRuns over
// migration 9's FTS5 index) on a SQLite store of 100,000 messages in 10,000 runs, well past a
// busy year of asking Jarvis. Each run is a question, four supervisor tool calls with their
// results (worker summaries with df, systemctl and journalctl output, JSON as stored) and an
// answer; the text is generated from ops vocabulary (hosts, services, metrics, errors) by a
// fixed-seed PRNG, so every run of the benchmark searches the same data. One run in ten belongs
// to a second owner, which the search must leave out.
//
// For each query (a rare host name, a common word, two words, the prefix of a word being typed,
// a word that is nowhere) searchRuns(owner, query, 50) is timed N times after one warm-up, next
// to the reference measured in the same run on the same file: what the search would be without
// an index, a LIKE '%word%' scan over messages.body (every word of the query, the owner's runs,
// newest first, 50 at most). The hit counts differ by design (LIKE matches inside words, JSON
// keys and tool output; the index holds the words of questions and answers) and are printed for
// the reader, not compared. Times are medians (and p95) in ms.
//
// Usage: zerg-bench-search [N] [R]   (defaults: 50 searches, 10 LIKE scans per query)
#include "bench_stats.h"
#include "storage/database.h"
#include "storage/store.h"
#include "storage/time_format.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

using namespace zerg;
using zerg::bench::msSince;
using zerg::bench::stats;
using zerg::bench::Stats;

namespace {

constexpr qint64 kOwner = 1;
constexpr qint64 kOtherOwner = 2;
constexpr int kRuns = 10000;
constexpr int kMessagesPerRun = 10;  // question, 4 × (tool call, result), answer
constexpr int kHits = 50;            // the page's limit
// One run in a thousand mentions the legacy host (and only in its question or answer).
constexpr int kRareEvery = 1000;
const QString kRareHost = QStringLiteral("zq-legacy-17");

[[noreturn]] void die(const QString& why) {
    std::fprintf(stderr, "zerg-bench-search: %s\n", qPrintable(why));
    std::exit(1);
}

// ---- the conversation ------------------------------------------------------------------------

const QStringList kHosts{"web-01",  "web-02",   "web-03",     "web-04",     "db-1",
                         "db-2",    "cube",     "backup-nas", "k8s-node-3", "k8s-node-7",
                         "mail",    "vpn-gw",   "ci-runner",  "grafana",    "ldap",
                         "cache-1", "edge-fra", "edge-ams",   "build-box",  "media-store",
                         "pi-hole", "monitor",  "proxy-2",    "git"};
const QStringList kServices{"nginx",   "postgresql", "redis",      "docker",     "sshd",
                            "cron",    "haproxy",    "grafana",    "prometheus", "postfix",
                            "openvpn", "fail2ban",   "containerd", "kubelet",    "rsyslog"};
const QStringList kMetrics{"disk usage", "load average", "memory use", "inode usage",
                           "swap use",   "open files",   "CPU steal",  "I/O wait"};
const QStringList kQuestions{
    "check %m on %h",
    "why is %s slow on %h since this morning?",
    "restart %s on %h and tell me whether it comes back",
    "how much %m does %s cause on %h",
    "show me the last errors of %s on %h",
    "is the certificate of %h expiring soon?",
    "compare %m of %h with last week",
    "did the nightly backup on %h finish?",
    "upgrade %s on %h if it is safe",
    "what changed in the %s config on %h yesterday?",
};
const QStringList kAnswers{
    "%S on %h is active (running) since Monday; %m is at %n%, well below the alert level.",
    "I restarted %s on %h. It came back after 4 s and answers health checks again.",
    "%m on %h is %n%: the /var partition grew by 3 GB since the last check, mostly old logs "
    "of %s. Rotating them would free about 2 GB.",
    "The last errors of %s on %h are timeouts to the upstream at 10.0.%n.4; they stopped at "
    "06:12 after the network blip.",
    "The backup on %h finished at 03:41 with 128 files changed; the archive is 4.2 GB and its "
    "checksum matches.",
    "%S on %h uses %n% of the memory; that is normal for its cache size. No action needed.",
    "I could not log in to %h: the SSH connection timed out. Is the host up?",
    "The certificate of %h expires in %n days (Let's Encrypt, renewed by certbot's timer).",
};
const QStringList kJournal{
    "Started Session %n of user deploy.",
    "Accepted publickey for deploy from 10.0.%n.4 port 51234 ssh2",
    "EXT4-fs (sda3): mounted filesystem with ordered data mode. Opts: (null)",
    "(root) CMD (/usr/local/bin/backup.sh >/dev/null 2>&1)",
    "level=info msg=\"container %n health check passed\"",
    "Failed to start apt-daily.service: Unit is masked.",
    "upstream timed out (110: Connection timed out) while reading response header",
};

class Text {
public:
    explicit Text(quint32 seed) : m_rng(seed) {}
    int below(int n) { return int(m_rng() % quint32(n)); }
    const QString& pick(const QStringList& list) { return list.at(below(int(list.size()))); }

    // A template with %h (host), %s and %S (service), %m (metric), %n (a number) filled in.
    QString fill(QString t, const QString& host, const QString& service) {
        QString capital = service;
        capital[0] = capital[0].toUpper();
        t.replace(QStringLiteral("%h"), host);
        t.replace(QStringLiteral("%S"), capital);
        t.replace(QStringLiteral("%s"), service);
        t.replace(QStringLiteral("%m"), pick(kMetrics));
        while (t.contains(QStringLiteral("%n")))
            t.replace(t.indexOf(QStringLiteral("%n")), 2, QString::number(below(97) + 2));
        return t;
    }

    // A worker's summary as the supervisor's tool result carries it: JSON text with command
    // output, about 1 KB.
    QString toolResult(const QString& host, const QString& service, int step) {
        QString out = QStringLiteral("$ df -h\nFilesystem Size Used Avail Use% Mounted on\n");
        for (int m = 0; m < 3; ++m) {
            out += QStringLiteral("/dev/sda%1 %2G %3G %4G %5% %6\n")
                       .arg(m + 1)
                       .arg(20 + m * 30)
                       .arg(below(20))
                       .arg(below(40))
                       .arg(below(97))
                       .arg(m == 0 ? QStringLiteral("/") : QStringLiteral("/var"));
        }
        out += QStringLiteral(
                   "$ systemctl status %1\n● %1.service - %1\n   Active: active "
                   "(running) since Mon 2026-11-23 06:0%2:11 UTC\n")
                   .arg(service)
                   .arg(below(10));
        out += QStringLiteral("$ journalctl -u %1 -n 6 --no-pager\n").arg(service);
        for (int l = 0; l < 6; ++l) {
            out += QStringLiteral("Nov 24 0%1:%2:%3 %4 %5[%6]: %7\n")
                       .arg(below(10))
                       .arg(below(50) + 10)
                       .arg(below(50) + 10)
                       .arg(host, service)
                       .arg(1000 + below(9000))
                       .arg(fill(pick(kJournal), host, service));
        }
        const QJsonObject result{
            {"status", "complete"},
            {"worker_id",
             QStringLiteral("2026-11-24T06-%1-%2_check-%3").arg(step).arg(below(60)).arg(host)},
            {"summary", QStringLiteral("%1 on %2 checked").arg(service, host)},
            {"result", out}};
        return QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
    }

private:
    std::mt19937 m_rng;
};

QString compact(const QJsonObject& o) {
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

// 10,000 runs of 10 messages, one minute apart, in one transaction through prepared
// statements (Store::appendMessage would take a transaction per message; the insert is not what
// is measured). The index is filled by migration 9's trigger as the rows go in.
void fillStore(Database& db, Store& store, const QDateTime& base) {
    for (const qint64 owner : {kOwner, kOtherOwner}) {
        if (Status s = store.ensureOwner(owner, QStringLiteral("bench"), base); !s)
            die(s.error().message);
    }
    const qint64 threads[] = {
        store.findOrCreateSupervisorThread(kOwner, QStringLiteral("Jarvis"), base)->id,
        store.findOrCreateSupervisorThread(kOtherOwner, QStringLiteral("Jarvis"), base)->id};
    QSqlDatabase conn = db.connection();
    if (!conn.transaction())
        die(conn.lastError().text());
    QSqlQuery run(conn);
    QSqlQuery message(conn);
    if (!run.prepare(QStringLiteral("INSERT INTO runs (owner_id, thread_id, task, status, result, "
                                    "started_at, finished_at, duration_ms) VALUES (?, ?, ?, "
                                    "'success', ?, ?, ?, 42000) RETURNING id")) ||
        !message.prepare(QStringLiteral("INSERT INTO messages (thread_id, run_id, seq, body, "
                                        "created_at) VALUES (?, ?, ?, ?, ?)"))) {
        die(conn.lastError().text());
    }
    Text text(20261124);
    qint64 seq[2] = {0, 0};
    for (int r = 0; r < kRuns; ++r) {
        const int who = r % 10 == 9 ? 1 : 0;
        const QDateTime started = base.addSecs(qint64(r) * 60);
        const QString host = r % kRareEvery == 500 ? kRareHost : text.pick(kHosts);
        const QString service = text.pick(kServices);
        const QString question = text.fill(text.pick(kQuestions), host, service);
        const QString answer = text.fill(text.pick(kAnswers), host, service);
        run.addBindValue(who == 0 ? kOwner : kOtherOwner);
        run.addBindValue(threads[who]);
        run.addBindValue(question);
        run.addBindValue(answer);
        run.addBindValue(timefmt::toIso(started));
        run.addBindValue(timefmt::toIso(started.addSecs(42)));
        if (!run.exec() || !run.next())
            die(run.lastError().text());
        const qint64 runId = run.value(0).toLongLong();
        run.finish();

        QList<QJsonObject> bodies{{{"role", "user"}, {"content", question}}};
        for (int step = 0; step < 4; ++step) {
            const QString id = QStringLiteral("call_%1_%2").arg(r).arg(step);
            const QString task =
                QStringLiteral("check %1 of %2 on %3").arg(text.pick(kMetrics), service, host);
            bodies.append(QJsonObject{
                {"role", "assistant"},
                {"content", QJsonValue()},
                {"tool_calls",
                 QJsonArray{QJsonObject{
                     {"id", id},
                     {"type", "function"},
                     {"function", QJsonObject{{"name", "spawn_worker"},
                                              {"arguments", compact({{"task", task}})}}}}}}});
            bodies.append(QJsonObject{{"role", "tool"},
                                      {"tool_call_id", id},
                                      {"name", "spawn_worker"},
                                      {"content", text.toolResult(host, service, step)}});
        }
        bodies.append(QJsonObject{{"role", "assistant"}, {"content", answer}});
        for (int i = 0; i < bodies.size(); ++i) {
            message.addBindValue(threads[who]);
            message.addBindValue(runId);
            message.addBindValue(++seq[who]);
            message.addBindValue(compact(bodies.at(i)));
            message.addBindValue(timefmt::toIso(started.addSecs(i)));
            if (!message.exec())
                die(message.lastError().text());
        }
    }
    if (!conn.commit())
        die(conn.lastError().text());
}

// ---- the searches ----------------------------------------------------------------------------

struct Query {
    QString label;     // for the table
    QString text;      // what the user typed
    QStringList like;  // the words the LIKE reference looks for (all of them)
};

struct Timed {
    Stats ms;
    qsizetype hits = 0;
};

Timed timeSearch(Store& store, const QString& query, int n) {
    std::vector<double> ms;
    qsizetype hits = 0;
    for (int i = 0; i < n + 1; ++i) {  // one warm-up
        QElapsedTimer t;
        t.start();
        const auto found = store.searchRuns(kOwner, query, kHits);
        const double elapsed = msSince(t);
        if (!found)
            die(found.error().message);
        hits = found->size();
        if (i > 0)
            ms.push_back(elapsed);
    }
    return {stats(ms), hits};
}

// The search without an index: the owner's runs with a message whose body holds every word.
Timed timeLike(Database& db, const QStringList& words, int runs) {
    QString sql = QStringLiteral(
        "SELECT m.run_id FROM messages m JOIN runs r ON r.id = m.run_id WHERE r.owner_id = ?");
    for (qsizetype i = 0; i < words.size(); ++i)
        sql += QStringLiteral(" AND m.body LIKE ?");
    sql += QStringLiteral(" GROUP BY m.run_id ORDER BY MAX(r.started_at) DESC LIMIT ?");
    std::vector<double> ms;
    qsizetype hits = 0;
    QSqlQuery q(db.connection());
    if (!q.prepare(sql))
        die(q.lastError().text());
    for (int i = 0; i < runs + 1; ++i) {
        QElapsedTimer t;
        t.start();
        q.addBindValue(kOwner);
        for (const QString& w : words)
            q.addBindValue(QLatin1Char('%') + w + QLatin1Char('%'));
        q.addBindValue(kHits);
        if (!q.exec())
            die(q.lastError().text());
        qsizetype n = 0;
        while (q.next())
            ++n;
        const double elapsed = msSince(t);
        hits = n;
        if (i > 0)
            ms.push_back(elapsed);
    }
    return {stats(ms), hits};
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int n = args.size() > 1 ? args.at(1).toInt() : 50;
    const int likeRuns = args.size() > 2 ? args.at(2).toInt() : 10;
    if (n < 1 || likeRuns < 1)
        die(QStringLiteral("usage: zerg-bench-search [N >= 1] [R >= 1]"));

    QTemporaryDir tmp;
    if (!tmp.isValid())
        die(QStringLiteral("no temp folder: %1").arg(tmp.errorString()));
    const QDateTime base(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
#ifdef ZERG_BUILD_TYPE
    std::printf("zerg-bench-search (%s build), data in %s\n", ZERG_BUILD_TYPE,
                qPrintable(tmp.path()));
#endif

    const QString path = tmp.filePath(QStringLiteral("zerg.db"));
    auto db = Database::open(path, base);
    if (!db)
        die(db.error().message);
    Store store(db.value().get());
    QElapsedTimer setup;
    setup.start();
    fillStore(*db.value(), store, base);
    const double fillMs = msSince(setup);
    qint64 indexed = 0;
    {
        QSqlQuery q(db.value()->connection());
        if (q.exec(QStringLiteral("SELECT COUNT(*) FROM messages_fts")) && q.next())
            indexed = q.value(0).toLongLong();
        (void)q.exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    }
    std::printf(
        "\ninserted %d runs, %d messages (%lld indexed: questions and answers) in %.0f ms; "
        "database %.1f MiB\n",
        kRuns, kRuns * kMessagesPerRun, static_cast<long long>(indexed), fillMs,
        double(QFileInfo(path).size()) / 1024.0 / 1024.0);

    const QList<Query> queries{
        {QStringLiteral("rare host"), kRareHost, {kRareHost}},
        {QStringLiteral("common word"), QStringLiteral("disk"), {QStringLiteral("disk")}},
        {QStringLiteral("two words"),
         QStringLiteral("restart nginx"),
         {QStringLiteral("restart"), QStringLiteral("nginx")}},
        {QStringLiteral("prefix while typing"), QStringLiteral("postg"), {QStringLiteral("postg")}},
        {QStringLiteral("no match"),
         QStringLiteral("kubernetesx"),
         {QStringLiteral("kubernetesx")}},
    };

    std::printf(
        "\nsearchRuns(owner, query, %d) vs LIKE '%%word%%' over messages.body; %d searches "
        "and %d scans after a warm-up\n",
        kHits, n, likeRuns);
    std::printf("  %-20s %-16s %10s %10s %6s %10s %6s %8s\n", "", "query", "median", "p95", "runs",
                "LIKE", "runs", "ratio");
    struct Row {
        Query query;
        Timed ours;
        Timed like;
    };
    QList<Row> rows;
    for (const Query& query : queries) {
        const Timed ours = timeSearch(store, query.text, n);
        const Timed like = timeLike(*db.value(), query.like, likeRuns);
        rows.append({query, ours, like});
        std::printf("  %-20s %-16s %7.2f ms %7.2f ms %6lld %7.1f ms %6lld %7.3fx\n",
                    qPrintable(query.label),
                    qPrintable(QLatin1Char('"') + query.text + QLatin1Char('"')), ours.ms.median,
                    ours.ms.p95, static_cast<long long>(ours.hits), like.ms.median,
                    static_cast<long long>(like.hits), ours.ms.median / like.ms.median);
    }
    std::printf(
        "\n(runs: how many of at most %d each found; LIKE also matches inside words, "
        "JSON keys and tool output, which the index leaves out)\n",
        kHits);

    using zerg::bench::Figure;
    const QLocale english(QLocale::English);  // 100,000
    for (const Row& row : rows) {
        Figure f;
        f.section = QStringLiteral("Search");
        f.figure =
            QStringLiteral("searchRuns over %1 messages, %2 (\"%3\"), median")
                .arg(english.toString(kRuns * kMessagesPerRun), row.query.label, row.query.text);
        f.ours = row.ours.ms.median;
        f.unit = QStringLiteral("ms");
        f.reference = row.like.ms.median;
        f.referenceName = QStringLiteral("LIKE '%…%' over messages.body");
        f.target = QStringLiteral("< 1×");
        f.met = row.ours.ms.median < row.like.ms.median;
        zerg::bench::report(f);
    }
    return 0;
}
