// zerg-bench-supervision: what a Supervisor costs, next to a real OTP supervisor running the same
// workloads (bench/otp_reference.erl, run by this program through escript when it is on PATH).
//
//   restarts   a one_for_one supervisor (intensity 1,000,000 per 1 s: it never gives up) with one
//              permanent worker that crashes as soon as it is started: its start posts an event
//              to the event loop, and the event ends the child with a crash. Restarts per second
//              over DURATION_MS of wall time on the real event loop (SystemClock), and the restart
//              latency: from the crash (just before finish()) to the start function of the next
//              child, which the supervisor calls.
//   dynamic    a simple_one_for_one supervisor without max_children: CHILDREN startDynamicChild()
//              calls, then stop(); every child finishes at once on requestShutdown(). Time to
//              start all, and time from stop() to the supervisor's exited(). One warm-up round,
//              then ROUNDS rounds; medians. Also shown: stop until the exited children have been
//              deleted (their deleteLater()s run), which OTP's figure includes by nature (a
//              process is gone when its supervisor sees it exit).
//
// The target is "within 2x of OTP" on every figure: ratio = Zerg time / OTP time, or OTP
// rate / Zerg rate, so above 2 is a miss. Both sides run one restart-window bookkeeping per restart
// (OTP's, in whole seconds; see restart_intensity.h), whose cost grows with the restarts inside
// the window, so the restart rate is the rate under that bookkeeping.
//
// Usage: zerg-bench-supervision [DURATION_MS] [CHILDREN] [ROUNDS]   (defaults: 2000 10000 5)
#include "bench_stats.h"
#include "core/clock.h"
#include "supervision/supervisor.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QHash>
#include <QLocale>
#include <QProcess>
#include <QStandardPaths>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

using namespace zerg;
using namespace zerg::supervision;
using zerg::bench::median;
using zerg::bench::stats;

namespace {

[[noreturn]] void die(const QString& why) {
    std::fprintf(stderr, "zerg-bench-supervision: %s\n", qPrintable(why));
    std::exit(1);
}

// ---- restarts ---------------------------------------------------------------------------------

struct RestartRun {
    QElapsedTimer timer;  // all times in ns since the run began
    qint64 deadlineNs = 0;
    qint64 lastCrashNs = -1;
    qint64 firstStartNs = 0;
    qint64 lastStartNs = 0;
    std::vector<double> latenciesUs;
    Supervisor* sup = nullptr;
};

// Crashes one event-loop turn after its start, like a process that dies on its first message.
class Crasher final : public Child {
public:
    explicit Crasher(RestartRun* run) : m_run(run) {
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_run->lastCrashNs = m_run->timer.nsecsElapsed();
                finish(ExitReason::crash(QStringLiteral("bench crash")));
            },
            Qt::QueuedConnection);
    }

private:
    RestartRun* m_run;
};

// Runs until asked to stop; the default requestShutdown() finishes at once.
class Idle final : public Child {
public:
    Idle() { ++s_alive; }
    ~Idle() override { --s_alive; }
    static inline int s_alive = 0;
};

struct RestartFigures {
    qint64 restarts = 0;
    double spanMs = 0;
    double perSec = 0;
    double p50Us = 0;
    double p99Us = 0;
    int signalled = 0;  // childRestarted signals, must equal restarts
};

RestartFigures runRestarts(int durationMs) {
    SystemClock clock;
    RestartRun run;
    run.deadlineNs = qint64(durationMs) * 1'000'000;
    run.latenciesUs.reserve(size_t(durationMs) * 1000);

    ChildSpec spec;
    spec.id = QStringLiteral("crasher");
    spec.restart = RestartType::Permanent;
    spec.start = [&run](const QVariant&) {
        const qint64 now = run.timer.nsecsElapsed();
        if (run.lastCrashNs < 0) {
            run.firstStartNs = now;
        } else {
            run.latenciesUs.push_back(double(now - run.lastCrashNs) / 1e3);
            run.lastStartNs = now;
        }
        if (now < run.deadlineNs)
            return StartResult::started(new Crasher(&run));
        Supervisor* sup = run.sup;
        QMetaObject::invokeMethod(
            sup, [sup] { sup->stop(); }, Qt::QueuedConnection);
        return StartResult::started(new Idle);
    };
    SupervisorFlags flags;
    flags.strategy = Strategy::OneForOne;
    flags.intensity = 1'000'000;
    flags.periodSecs = 1;
    auto created = Supervisor::create(QStringLiteral("bench-restarts"), flags, {spec}, &clock);
    if (!created)
        die(created.error().message);
    std::unique_ptr<Supervisor> sup = std::move(created.value());
    run.sup = sup.get();

    RestartFigures f;
    QObject::connect(sup.get(), &Supervisor::childRestarted, [&f] { ++f.signalled; });
    QObject::connect(sup.get(), &Supervisor::gaveUp,
                     [] { die(QStringLiteral("the supervisor gave up; raise its intensity")); });
    QEventLoop loop;
    QObject::connect(sup.get(), &Child::exited, &loop, &QEventLoop::quit);
    run.timer.start();
    if (Status s = sup->start(); !s)
        die(s.error().message);
    loop.exec();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);

    f.restarts = qint64(run.latenciesUs.size());
    f.spanMs = double(run.lastStartNs - run.firstStartNs) / 1e6;
    f.perSec = f.spanMs > 0 ? double(f.restarts) / (f.spanMs / 1e3) : 0;
    const auto s = stats(run.latenciesUs);
    f.p50Us = s.median;
    f.p99Us = s.p99;
    return f;
}

// ---- dynamic children -------------------------------------------------------------------------

struct DynamicRound {
    double startMs = 0;
    double stopMs = 0;         // stop() to exited()
    double stopDeletedMs = 0;  // stop() to the children deleted
};

DynamicRound runDynamic(int children) {
    SystemClock clock;
    ChildSpec tmpl;
    tmpl.id = QStringLiteral("idle");
    tmpl.start = [](const QVariant&) { return StartResult::started(new Idle); };
    SupervisorFlags flags;
    flags.strategy = Strategy::SimpleOneForOne;
    auto created = Supervisor::create(QStringLiteral("bench-dynamic"), flags, {tmpl}, &clock);
    if (!created)
        die(created.error().message);
    std::unique_ptr<Supervisor> sup = std::move(created.value());
    if (Status s = sup->start(); !s)
        die(s.error().message);
    bool exited = false;
    qint64 exitedNs = 0;
    QElapsedTimer timer;
    QObject::connect(sup.get(), &Child::exited, [&] {
        exited = true;
        exitedNs = timer.nsecsElapsed();
    });

    DynamicRound r;
    timer.start();
    for (int i = 0; i < children; ++i) {
        auto started = sup->startDynamicChild();
        if (!started)
            die(started.error().message);
    }
    const qint64 startedNs = timer.nsecsElapsed();
    r.startMs = double(startedNs) / 1e6;
    if (Idle::s_alive != children)
        die(QStringLiteral("%1 children alive after %2 starts").arg(Idle::s_alive).arg(children));

    sup->stop();
    if (!exited) {
        QEventLoop loop;
        QObject::connect(sup.get(), &Child::exited, &loop, &QEventLoop::quit);
        loop.exec();
    }
    r.stopMs = double(exitedNs - startedNs) / 1e6;
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    r.stopDeletedMs = double(timer.nsecsElapsed() - startedNs) / 1e6;
    if (Idle::s_alive != 0)
        die(QStringLiteral("%1 children still alive after the stop").arg(Idle::s_alive));
    return r;
}

// ---- the OTP reference ------------------------------------------------------------------------

// The "key value" lines printed by otp_reference.erl, or why there are none.
struct Otp {
    QHash<QString, QString> values;
    QString unavailable;

    [[nodiscard]] double number(const char* key) const {
        bool ok = false;
        const double v = values.value(QString::fromLatin1(key)).toDouble(&ok);
        if (!ok)
            die(QStringLiteral("otp_reference.erl printed no number for %1").arg(key));
        return v;
    }
};

Otp runOtp(int durationMs, int children, int rounds) {
    Otp otp;
    const QString escript = QStandardPaths::findExecutable(QStringLiteral("escript"));
    if (escript.isEmpty()) {
        otp.unavailable = QStringLiteral("escript not installed");
        return otp;
    }
    QProcess p;
    p.start(escript,
            {QStringLiteral(ZERG_BENCH_DIR "/otp_reference.erl"), QString::number(durationMs),
             QString::number(children), QString::number(rounds)});
    if (!p.waitForStarted(-1))
        die(QStringLiteral("escript did not start: %1").arg(p.errorString()));
    if (!p.waitForFinished(10 * 60 * 1000))
        die(QStringLiteral("otp_reference.erl did not finish within 10 minutes"));
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        die(QStringLiteral("otp_reference.erl failed (exit code %1): %2")
                .arg(p.exitCode())
                .arg(QString::fromLocal8Bit(p.readAllStandardError())));
    const QStringList lines = QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'));
    for (const QString& line : lines) {
        const qsizetype space = line.indexOf(QLatin1Char(' '));
        if (space > 0)
            otp.values.insert(line.left(space), line.mid(space + 1).trimmed());
    }
    return otp;
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int durationMs = args.size() > 1 ? args.at(1).toInt() : 2000;
    const int children = args.size() > 2 ? args.at(2).toInt() : 10000;
    const int rounds = args.size() > 3 ? args.at(3).toInt() : 5;
    if (durationMs < 100 || children < 1 || rounds < 1)
        die(QStringLiteral(
            "usage: zerg-bench-supervision [DURATION_MS >= 100] [CHILDREN >= 1] [ROUNDS >= 1]"));
    std::printf("zerg-bench-supervision (%s build)\n\n", ZERG_BUILD_TYPE);

    const RestartFigures restarts = runRestarts(durationMs);
    if (restarts.signalled != restarts.restarts)
        die(QStringLiteral("%1 restarts seen by the start function, %2 childRestarted signals")
                .arg(restarts.restarts)
                .arg(restarts.signalled));

    runDynamic(children);  // warm-up
    std::vector<double> starts, stops, stopsDeleted;
    for (int i = 0; i < rounds; ++i) {
        const DynamicRound r = runDynamic(children);
        starts.push_back(r.startMs);
        stops.push_back(r.stopMs);
        stopsDeleted.push_back(r.stopDeletedMs);
    }

    const Otp otp = runOtp(durationMs, children, rounds);

    std::printf("restarts: one_for_one, 1 permanent child crashing at once, %d ms of wall time\n",
                durationMs);
    std::printf("  Zerg: %lld restarts in %.0f ms\n", static_cast<long long>(restarts.restarts),
                restarts.spanMs);
    if (otp.unavailable.isEmpty()) {
        std::printf("  OTP %s (%s schedulers): %s restarts in %.0f ms\n",
                    qPrintable(otp.values.value(QStringLiteral("otp_release"))),
                    qPrintable(otp.values.value(QStringLiteral("schedulers"))),
                    qPrintable(otp.values.value(QStringLiteral("restarts"))),
                    otp.number("restarts_span_ms"));
    }
    std::printf("dynamic: simple_one_for_one, %d children, %d rounds after a warm-up, medians\n\n",
                children, rounds);

    struct Row {
        QString figure;
        double zerg;
        std::optional<double> otp;
        bool rate;  // higher is better
        const char* unit;
    };
    const QString many = QLocale(QLocale::English).toString(children);  // 10,000
    std::vector<Row> rows = {
        {QStringLiteral("restarts per second"), restarts.perSec, std::nullopt, true, "/s"},
        {QStringLiteral("restart latency p50"), restarts.p50Us, std::nullopt, false, "us"},
        {QStringLiteral("restart latency p99"), restarts.p99Us, std::nullopt, false, "us"},
        {QStringLiteral("start %1 dynamic children").arg(many), median(starts), std::nullopt, false,
         "ms"},
        {QStringLiteral("stop %1 dynamic children").arg(many), median(stops), std::nullopt, false,
         "ms"},
    };
    if (otp.unavailable.isEmpty()) {
        rows[0].otp = otp.number("restarts_per_sec");
        rows[1].otp = otp.number("restart_p50_us");
        rows[2].otp = otp.number("restart_p99_us");
        rows[3].otp = otp.number("dynamic_start_ms");
        rows[4].otp = otp.number("dynamic_stop_ms");
    }

    std::printf("  %-24s %14s %14s %8s   %s\n", "figure", "Zerg", "OTP", "ratio",
                "target: within 2x of OTP");
    int missed = 0;
    for (const Row& row : rows) {
        const QString zerg = QStringLiteral("%1 %2").arg(row.zerg, 0, 'f', 2).arg(row.unit);
        if (!row.otp) {
            std::printf("  %-24s %14s %14s\n", qPrintable(row.figure), qPrintable(zerg), "-");
            continue;
        }
        const double ratio = row.rate ? *row.otp / row.zerg : row.zerg / *row.otp;
        const bool met = ratio <= 2.0;
        missed += met ? 0 : 1;
        std::printf("  %-24s %14s %14s %7.2fx   %s\n", qPrintable(row.figure), qPrintable(zerg),
                    qPrintable(QStringLiteral("%1 %2").arg(*row.otp, 0, 'f', 2).arg(row.unit)),
                    ratio, met ? "met" : "NOT met");
    }
    const double deleted = median(stopsDeleted);
    rows.push_back(
        {QStringLiteral("stop %1 dynamic children, deleted too").arg(many), deleted,
         otp.unavailable.isEmpty() ? std::optional(otp.number("dynamic_stop_ms")) : std::nullopt,
         false, "ms"});
    for (const Row& row : rows) {
        // The table's ratio is ours / reference, so "within 2x" of a rate is >= 0.5x.
        zerg::bench::Figure f{QStringLiteral("Supervision"), row.figure, row.zerg,
                              QString::fromLatin1(row.unit)};
        if (row.otp) {
            f.reference = *row.otp;
            f.referenceName = QStringLiteral("Erlang/OTP %1 supervisor")
                                  .arg(otp.values.value(QStringLiteral("otp_release")));
            f.target = row.rate ? QStringLiteral("≥ 0.5× (within 2×)") : QStringLiteral("≤ 2×");
            f.met = row.rate ? row.zerg * 2.0 >= *row.otp : row.zerg <= 2.0 * *row.otp;
        } else {
            f.note = otp.unavailable;
        }
        zerg::bench::report(f);
    }
    std::printf("\n");
    if (!otp.unavailable.isEmpty()) {
        std::printf("OTP: %s\n", qPrintable(otp.unavailable));
    } else {
        std::printf(
            "ratio = Zerg time / OTP time, or OTP rate / Zerg rate: %d of %zu targets met.\n",
            int(rows.size()) - missed, rows.size());
    }
    std::printf("stop until the %d exited children are deleted too: %.1f ms", children, deleted);
    if (otp.unavailable.isEmpty())
        std::printf(" (%.2fx OTP, whose stop includes that by nature)",
                    deleted / otp.number("dynamic_stop_ms"));
    std::printf("\n");
    return 0;
}
