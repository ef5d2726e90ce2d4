// zerg-bench-routing: what routing costs a request.
//
//   router       IntentRouter::route() over a mix of utterances: microseconds per decision.
//   end to end   ask() to runFinished through the real backend (SQLite store, OpenAI-compatible
//                provider over HTTP) against the loopback fake LLM server answering at once,
//                for a quick question and for a supervisor question that the model answers
//                without workers, next to the reference: the same provider's bare chat() call
//                with a two-message request, no Jarvis around it. The difference is what the
//                service adds (routing, the run record, the stored messages, the context).
//
// The three kinds alternate in one loop so that the growing thread weighs on both paths alike.
// Usage: zerg-bench-routing [N]   (default 100 of each)
#include "bench_stats.h"
#include "core/event_bus.h"
#include "fake_llm_server.h"
#include "jarvis/intent_router.h"
#include "jarvis/jarvis_service.h"
#include "llm/llm_provider.h"
#include "llm/openai_provider.h"
#include "runtime/backend.h"
#include "temp_env.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <cstdio>

using namespace zerg;
using zerg::bench::msSince;
using zerg::bench::stats;

namespace {

[[noreturn]] void die(const QString& why) {
    std::fprintf(stderr, "zerg-bench-routing: %s\n", qPrintable(why));
    std::exit(1);
}

void printRow(const char* name, const std::vector<double>& ms) {
    const auto s = stats(ms);
    std::printf("  %-34s median %7.2f ms   p95 %7.2f ms\n", name, s.median, s.p95);
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int n = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100;
    std::printf("zerg-bench-routing (%s build)\n\n", ZERG_BUILD_TYPE);

    // ---- the router alone
    const IntentRouter router({QStringLiteral("cube"), QStringLiteral("clifford")});
    const QStringList utterances{QStringLiteral("What time is it?"),
                                 QStringLiteral("Check my server health"),
                                 QStringLiteral("what did you find about the disk?"),
                                 QStringLiteral("hi, can you check disk usage on cube"),
                                 QStringLiteral("are my backups working?"),
                                 QStringLiteral("plan the migration to the new rack next month"),
                                 QStringLiteral("thanks"),
                                 QStringLiteral("Why did the backup fail last night on clifford?")};
    int quick = 0;
    QElapsedTimer t;
    const int decisions = 200000;
    t.start();
    for (int i = 0; i < decisions; ++i)
        quick +=
            router.route(utterances.at(i % utterances.size()), true).mode == Route::Mode::Quick;
    const double perDecisionUs = msSince(t) * 1000.0 / decisions;
    std::printf("router: %.2f us per decision (%d decisions, %d quick)\n\n", perDecisionUs,
                decisions, quick);

    // ---- end to end over HTTP
    test::FakeLlmServer llm;
    QString error;
    if (!llm.start(&error))
        die(error);
    QJsonArray responses;
    for (int i = 0; i < 3 * (n + 5); ++i)
        responses.append(QJsonObject{{"content", "It is noon."}});
    llm.setScenario({{"responses", responses}});
    QTemporaryDir dir;
    Settings settings = test::backendSettings(dir);
    settings.llmBaseUrl = llm.baseUrl();
    settings.model = QStringLiteral("bench-model");
    auto backend = Backend::create(settings);
    if (!backend)
        die(backend.error().message);
    JarvisService* jarvis = (*backend)->jarvis();
    QNetworkAccessManager nam;
    OpenAiProvider bare(&nam, llm.baseUrl(), {}, 30000, (*backend)->clock());

    auto askOnce = [&](const QString& task, const char* expectMode) {
        QString mode;
        auto conn =
            QObject::connect((*backend)->bus(), &EventBus::published, [&mode](const Event& e) {
                if (e.name == QLatin1String("supervisor_complete"))
                    mode = e.data.value("mode").toString();
            });
        QSignalSpy done(jarvis, &JarvisService::runFinished);
        QElapsedTimer timer;
        timer.start();
        if (!jarvis->ask(task) || !done.wait(30000))
            die(QStringLiteral("the run did not finish"));
        const double ms = msSince(timer);
        QObject::disconnect(conn);
        if (!done.first().at(1).toBool())
            die(done.first().at(2).toString());
        if (mode != QLatin1String(expectMode))
            die(QStringLiteral("expected the %1 path, got %2").arg(expectMode, mode));
        return ms;
    };
    auto bareOnce = [&] {
        ChatRequest req;
        req.model = QStringLiteral("bench-model");
        req.messages = {ChatMessage::system(QStringLiteral("You are Jarvis.")),
                        ChatMessage::user(QStringLiteral("What time is it?"))};
        QElapsedTimer timer;
        timer.start();
        ChatReply* reply = bare.chat(req);
        QEventLoop loop;
        QObject::connect(reply, &ChatReply::finished, &loop, &QEventLoop::quit);
        loop.exec();
        const double ms = msSince(timer);
        if (reply->hasError())
            die(reply->errorString());
        reply->deleteLater();
        return ms;
    };

    std::vector<double> quickMs, supervisorMs, bareMs;
    for (int i = 0; i < n + 3; ++i) {  // three warm-up rounds
        const double q = askOnce(QStringLiteral("What time is it?"), "quick");
        const double s = askOnce(QStringLiteral("Check the uptime on cube"), "supervisor");
        const double b = bareOnce();
        if (i >= 3) {
            quickMs.push_back(q);
            supervisorMs.push_back(s);
            bareMs.push_back(b);
        }
    }
    std::printf("end to end, ask() to runFinished, %d each, model answers at once over HTTP:\n", n);
    printRow("quick path", quickMs);
    printRow("supervisor path (no workers)", supervisorMs);
    printRow("reference: bare provider chat()", bareMs);
    const double added = stats(quickMs).median - stats(bareMs).median;
    std::printf("\n  quick path adds %.2f ms to a bare model call (median), %.2fx its time\n",
                added, stats(quickMs).median / stats(bareMs).median);
    std::printf("  supervisor path / quick path = %.2fx (bigger prompt: the tool schemas)\n",
                stats(supervisorMs).median / stats(quickMs).median);

    const QString section = QStringLiteral("Routing");
    const QString bareName = QStringLiteral("the same provider's bare chat() call");
    zerg::bench::report(
        {section, QStringLiteral("router decision"), perDecisionUs, QStringLiteral("us")});
    zerg::bench::report({section, QStringLiteral("ask() to answer, quick path, median"),
                         stats(quickMs).median, QStringLiteral("ms"), stats(bareMs).median,
                         bareName});
    zerg::bench::report({section, QStringLiteral("ask() to answer, supervisor path, median"),
                         stats(supervisorMs).median, QStringLiteral("ms"), stats(bareMs).median,
                         bareName});
    return 0;
}
