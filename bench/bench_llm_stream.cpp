// zerg-bench-llm-stream: how fast the OpenAI stream path is, next to references measured in the
// same run on the same bytes.
//
// 1. Throughput over the recorded OpenAI-format streams (tests/fixtures/llm-streams), replicated
//    to ~50 MB and fed in realistic read sizes: SseParser alone, SseParser + OpenAiStreamDecoder,
//    and as references a plain memchr line split and QJsonDocument::fromJson over the same JSON
//    payloads alone. All rates are MB of stream bytes per second.
// 2. Per-chunk cost from socket to emitted delta: a loopback server writes one SSE chunk, waits
//    until OpenAiChatReply emits its textDelta, then writes the next; the reference is the same
//    ping-pong with a bare QTcpSocket reading the bytes.
// 3. The same ping-pong through the whole app path, from the chunk on the socket to the chat
//    list's model: a real Backend (SQLite store, JarvisService answering on the quick path)
//    whose provider talks to the ping-pong server, its supervisor_delta events on the EventBus
//    and the ChatModel the chat list shows, until that model emits dataChanged for the answer's
//    row. The model runs without its frame clock here, so every delta is signalled at once; the
//    app's model coalesces updates to one per 16 ms frame on top of this (by design: the view
//    cannot show more often than it draws).
//
// Usage: zerg-bench-llm-stream [MEGABYTES] [CHUNKS]   (defaults: 50, 2000)
#include "bench_stats.h"
#include "core/clock.h"
#include "core/event.h"
#include "core/event_bus.h"
#include "core/settings.h"
#include "jarvis/jarvis_service.h"
#include "llm/openai_provider.h"
#include "llm/openai_stream_decoder.h"
#include "llm/sse_parser.h"
#include "runtime/backend.h"
#include "temp_env.h"
#include "ui/chat_model.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>

using namespace zerg;

namespace {

constexpr int kRepeats = 3;  // best of, to keep other processes' noise out

struct Corpus {
    QList<QByteArray> streams;    // one response body each, as sent on the wire
    QByteArray all;               // the streams back to back, replicated to the target size
    QList<QByteArrayView> views;  // each replicated stream inside `all`
    QList<QByteArray> payloads;   // every JSON payload of `all` ("data: " lines minus [DONE])
};

QByteArray readFile(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
        std::exit(1);
    }
    return f.readAll();
}

// The fixtures README: each non-empty line as "data: <line>\n\n", then "data: [DONE]\n\n".
QByteArray chunksToWire(const QByteArray& jsonl) {
    QByteArray out;
    for (const QByteArray& line : jsonl.split('\n')) {
        if (!line.trimmed().isEmpty())
            out += "data: " + line + "\n\n";
    }
    return out + "data: [DONE]\n\n";
}

Corpus loadCorpus(qint64 targetBytes) {
    const QDir dir(QStringLiteral(ZERG_FIXTURES_DIR));
    Corpus c;
    for (const QString& f : QDir(dir.filePath(QStringLiteral("openai")))
                                .entryList({QStringLiteral("*.sse")}, QDir::Files, QDir::Name)) {
        c.streams.append(readFile(dir.filePath(QStringLiteral("openai/") + f)));
    }
    for (const QString& f : QDir(dir.filePath(QStringLiteral("chunks")))
                                .entryList({QStringLiteral("*.jsonl")}, QDir::Files, QDir::Name)) {
        if (f.startsWith(QLatin1String("anthropic")))
            continue;  // not the OpenAI wire format
        c.streams.append(chunksToWire(readFile(dir.filePath(QStringLiteral("chunks/") + f))));
    }
    qint64 base = 0;
    for (const QByteArray& s : c.streams)
        base += s.size();
    const qint64 copies = qMax<qint64>(1, (targetBytes + base - 1) / base);
    c.all.reserve(base * copies);
    QList<QPair<qsizetype, qsizetype>> spans;
    for (qint64 k = 0; k < copies; ++k) {
        for (const QByteArray& s : c.streams) {
            spans.append({c.all.size(), s.size()});
            c.all += s;
        }
    }
    for (const auto& [at, len] : spans)
        c.views.append(QByteArrayView(c.all).sliced(at, len));
    for (const QByteArray& line : c.all.split('\n')) {
        if (line.startsWith("data:") && line.trimmed() != "data: [DONE]")
            c.payloads.append(line.mid(line.startsWith("data: ") ? 6 : 5));
    }
    return c;
}

// Runs fn kRepeats times and returns the best rate in MB/s for `bytes` bytes per run.
double bestRate(qint64 bytes, const std::function<void()>& fn) {
    qint64 bestNs = std::numeric_limits<qint64>::max();
    for (int i = 0; i < kRepeats; ++i) {
        QElapsedTimer t;
        t.start();
        fn();
        bestNs = qMin(bestNs, t.nsecsElapsed());
    }
    return double(bytes) / 1e6 / (double(bestNs) / 1e9);
}

volatile qint64 g_sink = 0;  // keeps results observable so the work is not optimized away

double sseRate(const Corpus& c, qsizetype readSize) {
    return bestRate(c.all.size(), [&] {
        SseParser parser;
        qint64 events = 0;
        const QByteArrayView all(c.all);
        for (qsizetype at = 0; at < all.size(); at += readSize)
            events += parser.feed(all.sliced(at, qMin(readSize, all.size() - at))).size();
        (void)parser.finish();
        g_sink = g_sink + events;
    });
}

double decodeRate(const Corpus& c, qsizetype readSize) {
    return bestRate(c.all.size(), [&] {
        qint64 deltas = 0;
        for (QByteArrayView stream : c.views) {
            OpenAiStreamDecoder decoder;
            for (qsizetype at = 0; at < stream.size(); at += readSize)
                deltas +=
                    decoder.feed(stream.sliced(at, qMin(readSize, stream.size() - at))).size();
            decoder.finish();
            if (!decoder.isDone()) {
                std::fprintf(stderr, "decode failed: %s\n", qPrintable(decoder.errorString()));
                std::exit(1);
            }
        }
        g_sink = g_sink + deltas;
    });
}

double memchrLineRate(const Corpus& c) {
    return bestRate(c.all.size(), [&] {
        qint64 lines = 0;
        const char* p = c.all.constData();
        const char* const end = p + c.all.size();
        while (const char* lf = static_cast<const char*>(std::memchr(p, '\n', size_t(end - p)))) {
            ++lines;
            p = lf + 1;
        }
        g_sink = g_sink + lines;
    });
}

double fromJsonRate(const Corpus& c) {
    return bestRate(c.all.size(), [&] {
        qint64 objects = 0;
        for (const QByteArray& payload : c.payloads)
            objects += QJsonDocument::fromJson(payload).isObject() ? 1 : 0;
        g_sink = g_sink + objects;
    });
}

// ---------------------------------------------------------------------------------------------
// Per-chunk latency

QByteArray contentChunk(int i) {
    return QByteArrayLiteral(
               R"(data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1,)"
               R"("model":"bench","choices":[{"index":0,"delta":{"content":"tok)") +
           QByteArray::number(i) +
           QByteArrayLiteral(R"( "},"logprobs":null,"finish_reason":null}]})") + "\n\n";
}

struct Latency {
    double medianUs = 0;
    double p99Us = 0;
};

Latency summarize(QList<qint64> ns) {
    std::sort(ns.begin(), ns.end());
    if (ns.isEmpty())
        return {};
    return {double(ns[ns.size() / 2]) / 1000.0, double(ns[(ns.size() * 99) / 100]) / 1000.0};
}

// Serves one chat request: sends the head, then one chunk each time next() is called.
class PingPongServer : public QObject {
public:
    PingPongServer() {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            m_socket = m_server.nextPendingConnection();
            connect(m_socket, &QTcpSocket::readyRead, this, [this] {
                m_request += m_socket->readAll();
                const qsizetype end = m_request.indexOf("\r\n\r\n");
                if (m_started || end < 0)
                    return;
                const qsizetype lengthAt = m_request.toLower().indexOf("content-length:");
                const qsizetype length =
                    lengthAt < 0
                        ? 0
                        : m_request
                              .mid(lengthAt + 15, m_request.indexOf('\r', lengthAt) - lengthAt - 15)
                              .trimmed()
                              .toLongLong();
                if (m_request.size() < end + 4 + length)
                    return;
                m_started = true;
                if (m_http) {
                    m_socket->write(
                        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                        "Connection: close\r\n\r\n");
                }
                next();
            });
        });
        m_server.listen(QHostAddress::LocalHost, 0);
    }
    void setHttp(bool http) { m_http = http; }
    quint16 port() const { return m_server.serverPort(); }
    // Writes the next chunk (or the end of the stream) and notes when.
    void next() {
        if (m_sent < m_total) {
            const QByteArray chunk = contentChunk(m_sent++);
            m_sentAt = m_clock.nsecsElapsed();
            m_socket->write(chunk);
            m_socket->flush();
        } else {
            m_socket->write(
                "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}"
                "\n\ndata: [DONE]\n\n");
            m_socket->disconnectFromHost();
        }
    }
    void received() { m_samples.append(m_clock.nsecsElapsed() - m_sentAt); }
    void setTotal(int n) {
        m_total = n;
        m_clock.start();
    }
    const QList<qint64>& samples() const { return m_samples; }
    int sent() const { return m_sent; }

private:
    QTcpServer m_server;
    QTcpSocket* m_socket = nullptr;
    QByteArray m_request;
    bool m_started = false;
    bool m_http = true;
    int m_sent = 0;
    int m_total = 0;
    QElapsedTimer m_clock;
    qint64 m_sentAt = 0;
    QList<qint64> m_samples;
};

void runUntil(const std::function<bool()>& done) {
    QElapsedTimer guard;
    guard.start();
    while (!done()) {
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 100);
        if (guard.elapsed() > 120000) {
            std::fprintf(stderr, "latency run did not finish in 120 s\n");
            std::exit(1);
        }
    }
}

Latency replyLatency(int chunks) {
    PingPongServer server;
    server.setTotal(chunks);
    QNetworkAccessManager nam;
    SystemClock clock;
    OpenAiProvider provider(&nam, QStringLiteral("http://127.0.0.1:%1/v1").arg(server.port()),
                            QString(), 30000, &clock);
    ChatRequest request;
    request.model = QStringLiteral("bench");
    request.messages = {ChatMessage::user(QStringLiteral("go"))};
    ChatReply* reply = provider.chat(request);
    QObject::connect(reply, &ChatReply::textDelta, &server, [&server](const QString&) {
        server.received();
        server.next();
    });
    runUntil([&] { return reply->isFinished(); });
    if (reply->hasError() || server.samples().size() != chunks) {
        std::fprintf(stderr, "latency run failed: %s (%d samples)\n",
                     qPrintable(reply->errorString()), int(server.samples().size()));
        std::exit(1);
    }
    delete reply;
    return summarize(server.samples());
}

// The same ping-pong through Backend -> JarvisService -> EventBus -> ChatModel.
Latency modelLatency(int chunks) {
    PingPongServer server;
    server.setTotal(chunks);
    QTemporaryDir dir;
    Settings settings = test::backendSettings(dir);
    settings.llmBaseUrl = QStringLiteral("http://127.0.0.1:%1/v1").arg(server.port());
    auto backend = Backend::create(settings);
    if (!backend) {
        std::fprintf(stderr, "backend: %s\n", qPrintable(backend.error().message));
        std::exit(1);
    }
    ChatModel chat;  // no clock: every delta is signalled at once (see the header)
    QObject::connect((*backend)->bus(), &EventBus::published, &chat,
                     [&chat](const Event& e) { chat.handleEvent(e); });
    QObject::connect(&chat, &ChatModel::dataChanged, &server,
                     [&server](const QModelIndex&, const QModelIndex&, const QList<int>& roles) {
                         if (roles == QList<int>{ChatModel::TextRole}) {
                             server.received();
                             server.next();
                         }
                     });
    bool finished = false;
    QObject::connect((*backend)->jarvis(), &JarvisService::runFinished, &server,
                     [&finished] { finished = true; });
    if (!(*backend)->jarvis()->ask(QStringLiteral("What time is it?"))) {
        std::fprintf(stderr, "the question was refused\n");
        std::exit(1);
    }
    runUntil([&] { return finished; });
    if (server.samples().size() != chunks) {
        std::fprintf(stderr, "model latency run got %d of %d chunks\n",
                     int(server.samples().size()), chunks);
        std::exit(1);
    }
    return summarize(server.samples());
}

// The same ping-pong, with a bare socket reading bytes up to each event's blank line.
Latency socketLatency(int chunks) {
    PingPongServer server;
    server.setHttp(false);
    server.setTotal(chunks);
    QTcpSocket client;
    QByteArray buffer;
    int seen = 0;
    QObject::connect(&client, &QTcpSocket::readyRead, &server, [&] {
        buffer += client.readAll();
        qsizetype end;
        while ((end = buffer.indexOf("\n\n")) >= 0 && seen < chunks) {
            buffer.remove(0, end + 2);
            ++seen;
            server.received();
            server.next();
        }
    });
    client.connectToHost(QHostAddress::LocalHost, server.port());
    client.write("POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
    runUntil([&] { return seen >= chunks; });
    return summarize(server.samples());
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const qint64 megabytes = args.size() > 1 ? args.at(1).toLongLong() : 50;
    const int chunks = args.size() > 2 ? args.at(2).toInt() : 2000;

    const Corpus c = loadCorpus(megabytes * 1000 * 1000);
    const double mb = double(c.all.size()) / 1e6;
    std::printf("zerg-bench-llm-stream  (build type: %s, Qt %s)\n", ZERG_BUILD_TYPE, qVersion());
    std::printf(
        "input: %d recorded OpenAI-format streams (%lld bytes), replicated to %.1f MB, "
        "%lld JSON chunks; best of %d runs\n\n",
        int(c.streams.size()), qint64(c.all.size() / (c.views.size() / c.streams.size())), mb,
        qint64(c.payloads.size()), kRepeats);

    const double lineRate = memchrLineRate(c);
    const double jsonRate = fromJsonRate(c);
    std::printf("%-44s %14s %14s\n", "throughput (MB/s of stream bytes)", "reads 1.5 KB",
                "reads 16 KB");
    const double sseSmall = sseRate(c, 1536), sseLarge = sseRate(c, 16384);
    const double decSmall = decodeRate(c, 1536), decLarge = decodeRate(c, 16384);
    std::printf("%-44s %14.0f %14.0f\n", "SseParser", sseSmall, sseLarge);
    std::printf("%-44s %14.0f %14.0f\n", "SseParser + OpenAiStreamDecoder", decSmall, decLarge);
    std::printf("%-44s %14.0f\n", "ref: memchr line split", lineRate);
    std::printf("%-44s %14.0f\n", "ref: QJsonDocument::fromJson, payloads only", jsonRate);
    std::printf("%-44s %14.2f %14.2f\n", "ratio SseParser / memchr", sseSmall / lineRate,
                sseLarge / lineRate);
    std::printf("%-44s %14.2f %14.2f\n", "ratio decode / fromJson alone", decSmall / jsonRate,
                decLarge / jsonRate);

    const Latency socket = socketLatency(chunks);
    const Latency reply = replyLatency(chunks);
    const Latency model = modelLatency(chunks);
    std::printf("\n%-44s %14s %14s\n", "per chunk, write -> delivered (us)", "median", "p99");
    std::printf("%-44s %14.1f %14.1f\n", "OpenAiChatReply textDelta (HTTP, QNAM)", reply.medianUs,
                reply.p99Us);
    std::printf("%-44s %14.1f %14.1f\n", "ChatModel dataChanged (Backend, bus)", model.medianUs,
                model.p99Us);
    std::printf("%-44s %14.1f %14.1f\n", "ref: bare QTcpSocket readyRead", socket.medianUs,
                socket.p99Us);
    std::printf("%-44s %14.2f %14.2f\n", "ratio reply / bare socket",
                reply.medianUs / socket.medianUs, reply.p99Us / socket.p99Us);
    std::printf("%-44s %14.2f %14.2f\n", "ratio chat model / bare socket",
                model.medianUs / socket.medianUs, model.p99Us / socket.p99Us);
    std::printf("(%d chunks each, one in flight at a time, loopback)\n", chunks);

    using zerg::bench::Figure;
    using zerg::bench::report;
    const QString section = QStringLiteral("LLM streams");
    report(Figure{section, QStringLiteral("SSE + decode throughput, 1.5 KB reads"), decSmall,
                  QStringLiteral("MB/s"), jsonRate,
                  QStringLiteral("QJsonDocument::fromJson on the payloads alone"),
                  QStringLiteral("> 100 MB/s"), decSmall > 100});
    report(Figure{section, QStringLiteral("SSE + decode throughput, 16 KB reads"), decLarge,
                  QStringLiteral("MB/s"), jsonRate,
                  QStringLiteral("QJsonDocument::fromJson on the payloads alone"),
                  QStringLiteral("> 100 MB/s"), decLarge > 100});
    report(Figure{section, QStringLiteral("chunk on the socket to textDelta, median"),
                  reply.medianUs, QStringLiteral("us"), socket.medianUs,
                  QStringLiteral("bare QTcpSocket readyRead")});
    report(Figure{section, QStringLiteral("chunk on the socket to textDelta, p99"), reply.p99Us,
                  QStringLiteral("us"), socket.p99Us, QStringLiteral("bare QTcpSocket readyRead")});
    report(Figure{section,
                  QStringLiteral("chunk on the socket to the chat model, median"),
                  model.medianUs,
                  QStringLiteral("us"),
                  socket.medianUs,
                  QStringLiteral("bare QTcpSocket readyRead"),
                  {},
                  {},
                  QStringLiteral("plus at most one 16 ms frame of coalescing in the app")});
    report(Figure{section, QStringLiteral("chunk on the socket to the chat model, p99"),
                  model.p99Us, QStringLiteral("us"), socket.p99Us,
                  QStringLiteral("bare QTcpSocket readyRead")});
    return 0;
}
