#include "fake_llm_server.h"

#include "api/http_request.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <memory>

namespace zerg::test {
namespace {

constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
constexpr int kDefaultChunkChars = 3;
constexpr int kArgumentFragmentChars = 5;

QByteArray compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray sseEvent(const QJsonObject& chunk) {
    return QByteArrayLiteral("data: ") + compact(chunk) + QByteArrayLiteral("\n\n");
}

QJsonObject errorBody(const QString& message) {
    return {{QStringLiteral("error"),
             QJsonObject{{QStringLiteral("message"), message},
                         {QStringLiteral("type"), QStringLiteral("fake_llm_server")}}}};
}

// The same in Anthropic's shape: {"type":"error","error":{"type":...,"message":...}}.
QJsonObject anthropicErrorBody(const QString& type, const QString& message) {
    return {{QStringLiteral("type"), QStringLiteral("error")},
            {QStringLiteral("error"),
             QJsonObject{{QStringLiteral("type"), type}, {QStringLiteral("message"), message}}}};
}

// Characters of text in an Anthropic "content" (a string or blocks) or "system" value.
qint64 anthropicChars(const QJsonValue& v) {
    if (v.isString())
        return v.toString().size();
    qint64 n = 0;
    for (const QJsonValue& b : v.toArray()) {
        const QJsonObject o = b.toObject();
        n += o.value(QStringLiteral("text")).toString().size() +
             anthropicChars(o.value(QStringLiteral("content")));
    }
    return n;
}

// Extra response headers from a scenario's "headers" object.
QByteArray extraHeaders(const QJsonObject& response) {
    QByteArray out;
    const QJsonObject h = response.value(QStringLiteral("headers")).toObject();
    for (auto it = h.begin(); it != h.end(); ++it)
        out += it.key().toUtf8() + ": " + it.value().toVariant().toString().toUtf8() + "\r\n";
    return out;
}

// Splits text into pieces of n characters without cutting a surrogate pair.
QStringList splitText(const QString& text, int n) {
    QStringList out;
    qsizetype i = 0;
    while (i < text.size()) {
        qsizetype len = qMin<qsizetype>(n, text.size() - i);
        if (i + len < text.size() && text.at(i + len - 1).isHighSurrogate())
            ++len;
        out.append(text.mid(i, len));
        i += len;
    }
    return out;
}

bool isJsonValue(const QString& piece) {
    QJsonParseError err{};
    QJsonDocument::fromJson(QByteArrayLiteral("[") + piece.toUtf8() + QByteArrayLiteral("]"), &err);
    return err.error == QJsonParseError::NoError && !piece.trimmed().isEmpty();
}

// Argument text in fragments of a few characters, each grown until it is not valid JSON by
// itself, so a client that parses fragments instead of the joined text fails.
QStringList splitArguments(const QString& text) {
    QStringList out;
    qsizetype i = 0;
    while (i < text.size()) {
        qsizetype len = qMin<qsizetype>(kArgumentFragmentChars, text.size() - i);
        while (i + len < text.size() &&
               (isJsonValue(text.mid(i, len)) || text.at(i + len - 1).isHighSurrogate())) {
            ++len;
        }
        out.append(text.mid(i, len));
        i += len;
    }
    return out;
}

qint64 estimateTokens(qsizetype chars) {
    return chars / 4 + 1;
}

// The generated OpenAI chunks of a scripted response, one SSE event each.
QList<QByteArray> generatedEvents(const QJsonObject& r, const QString& model, int serial,
                                  qint64 promptTokens) {
    const QString id = QStringLiteral("chatcmpl-fake%1").arg(serial);
    auto chunk = [&](const QJsonValue& delta, const QJsonValue& finishReason) {
        return QJsonObject{
            {QStringLiteral("id"), id},
            {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
            {QStringLiteral("created"), 1767268800},
            {QStringLiteral("model"), model},
            {QStringLiteral("system_fingerprint"), QStringLiteral("fp_fake")},
            {QStringLiteral("choices"),
             QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                    {QStringLiteral("delta"), delta},
                                    {QStringLiteral("logprobs"), QJsonValue::Null},
                                    {QStringLiteral("finish_reason"), finishReason}}}}};
    };

    const QString content = r.value(QStringLiteral("content")).toString();
    const QJsonArray calls = r.value(QStringLiteral("tool_calls")).toArray();
    const int chunkChars =
        qMax(1, r.value(QStringLiteral("chunk_chars")).toInt(kDefaultChunkChars));
    QList<QByteArray> events;
    events.append(
        sseEvent(chunk(QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                   {QStringLiteral("content"), calls.isEmpty() || !content.isEmpty()
                                                                   ? QJsonValue(QString())
                                                                   : QJsonValue(QJsonValue::Null)},
                                   {QStringLiteral("refusal"), QJsonValue::Null}},
                       QJsonValue::Null)));
    for (const QString& piece : splitText(content, chunkChars)) {
        events.append(
            sseEvent(chunk(QJsonObject{{QStringLiteral("content"), piece}}, QJsonValue::Null)));
    }
    qsizetype completionChars = content.size();
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const QJsonObject c = calls.at(i).toObject();
        const QJsonValue a = c.value(QStringLiteral("arguments"));
        const QString args = a.isObject() ? QString::fromUtf8(compact(a.toObject())) : a.toString();
        completionChars += args.size();
        const QJsonObject header{
            {QStringLiteral("index"), int(i)},
            {QStringLiteral("id"), c.value(QStringLiteral("id")).toString()},
            {QStringLiteral("type"), QStringLiteral("function")},
            {QStringLiteral("function"),
             QJsonObject{{QStringLiteral("name"), c.value(QStringLiteral("name")).toString()},
                         {QStringLiteral("arguments"), QString()}}}};
        events.append(sseEvent(chunk(
            QJsonObject{{QStringLiteral("tool_calls"), QJsonArray{header}}}, QJsonValue::Null)));
        for (const QString& piece : splitArguments(args)) {
            const QJsonObject frag{
                {QStringLiteral("index"), int(i)},
                {QStringLiteral("function"), QJsonObject{{QStringLiteral("arguments"), piece}}}};
            events.append(sseEvent(chunk(
                QJsonObject{{QStringLiteral("tool_calls"), QJsonArray{frag}}}, QJsonValue::Null)));
        }
    }
    QString reason = r.value(QStringLiteral("finish_reason")).toString();
    if (reason.isEmpty())
        reason = calls.isEmpty() ? QStringLiteral("stop") : QStringLiteral("tool_calls");
    events.append(sseEvent(chunk(QJsonObject{}, reason)));

    const QJsonObject given = r.value(QStringLiteral("usage")).toObject();
    const qint64 prompt = given.value(QStringLiteral("prompt_tokens")).toInteger(promptTokens);
    const qint64 completion =
        given.value(QStringLiteral("completion_tokens")).toInteger(estimateTokens(completionChars));
    QJsonObject usageChunk{{QStringLiteral("id"), id},
                           {QStringLiteral("object"), QStringLiteral("chat.completion.chunk")},
                           {QStringLiteral("created"), 1767268800},
                           {QStringLiteral("model"), model},
                           {QStringLiteral("system_fingerprint"), QStringLiteral("fp_fake")},
                           {QStringLiteral("choices"), QJsonArray{}},
                           {QStringLiteral("usage"),
                            QJsonObject{{QStringLiteral("prompt_tokens"), prompt},
                                        {QStringLiteral("completion_tokens"), completion},
                                        {QStringLiteral("total_tokens"), prompt + completion}}}};
    events.append(sseEvent(usageChunk));
    events.append(QByteArrayLiteral("data: [DONE]\n\n"));
    return events;
}

QByteArray anthropicEvent(const QJsonObject& payload) {
    return QByteArrayLiteral("event: ") +
           payload.value(QStringLiteral("type")).toString().toUtf8() +
           QByteArrayLiteral("\ndata: ") + compact(payload) + QByteArrayLiteral("\n\n");
}

// Anthropic's stop_reason for a scripted response: "stop_reason" as given, else "finish_reason"
// translated from OpenAI's names, else from the content.
QString anthropicStopReason(const QJsonObject& r, bool hasToolCalls) {
    const QString given = r.value(QStringLiteral("stop_reason")).toString();
    if (!given.isEmpty())
        return given;
    const QString finish = r.value(QStringLiteral("finish_reason")).toString();
    if (finish == QLatin1String("stop"))
        return QStringLiteral("end_turn");
    if (finish == QLatin1String("tool_calls"))
        return QStringLiteral("tool_use");
    if (finish == QLatin1String("length"))
        return QStringLiteral("max_tokens");
    if (!finish.isEmpty())
        return finish;
    return hasToolCalls ? QStringLiteral("tool_use") : QStringLiteral("end_turn");
}

// The generated Anthropic Messages events of a scripted response, one SSE event each: a text
// block (pinged inside), then one tool_use block per call whose input arrives as input_json_delta
// fragments that are not valid JSON alone (the first one "", as the real API sends), a ping
// between blocks, message_delta with the stop reason and usage, and message_stop.
QList<QByteArray> generatedAnthropicEvents(const QJsonObject& r, const QString& model, int serial,
                                           qint64 promptTokens) {
    const QString content = r.value(QStringLiteral("content")).toString();
    const QJsonArray calls = r.value(QStringLiteral("tool_calls")).toArray();
    const int chunkChars =
        qMax(1, r.value(QStringLiteral("chunk_chars")).toInt(kDefaultChunkChars));
    const QJsonObject given = r.value(QStringLiteral("usage")).toObject();
    const auto usageValue = [&given](const char* key, const char* openAiKey, qint64 fallback) {
        return given.value(QLatin1String(key))
            .toInteger(given.value(QLatin1String(openAiKey)).toInteger(fallback));
    };
    const QString type = QStringLiteral("type");
    const QString index = QStringLiteral("index");

    QList<QByteArray> events;
    events.append(anthropicEvent(QJsonObject{
        {type, QStringLiteral("message_start")},
        {QStringLiteral("message"),
         QJsonObject{{QStringLiteral("id"), QStringLiteral("msg_fake%1").arg(serial)},
                     {type, QStringLiteral("message")},
                     {QStringLiteral("role"), QStringLiteral("assistant")},
                     {QStringLiteral("model"), model},
                     {QStringLiteral("content"), QJsonArray{}},
                     {QStringLiteral("stop_reason"), QJsonValue::Null},
                     {QStringLiteral("stop_sequence"), QJsonValue::Null},
                     {QStringLiteral("usage"),
                      QJsonObject{{QStringLiteral("input_tokens"),
                                   usageValue("input_tokens", "prompt_tokens", promptTokens)},
                                  {QStringLiteral("cache_creation_input_tokens"),
                                   usageValue("cache_creation_input_tokens", "", 0)},
                                  {QStringLiteral("cache_read_input_tokens"),
                                   usageValue("cache_read_input_tokens", "", 0)},
                                  {QStringLiteral("output_tokens"), 1}}}}}}));

    const QJsonObject error = r.value(QStringLiteral("anthropic_error")).toObject();
    const auto errorEvent = [&] {
        return anthropicEvent(
            QJsonObject{{type, QStringLiteral("error")}, {QStringLiteral("error"), error}});
    };
    int block = 0;
    if (!content.isEmpty() || calls.isEmpty()) {
        events.append(anthropicEvent(QJsonObject{
            {type, QStringLiteral("content_block_start")},
            {index, block},
            {QStringLiteral("content_block"),
             QJsonObject{{type, QStringLiteral("text")}, {QStringLiteral("text"), QString()}}}}));
        events.append(QByteArrayLiteral("event: ping\ndata: {\"type\": \"ping\"}\n\n"));
        const QStringList pieces = splitText(content, chunkChars);
        for (qsizetype i = 0; i < pieces.size(); ++i) {
            events.append(anthropicEvent(QJsonObject{
                {type, QStringLiteral("content_block_delta")},
                {index, block},
                {QStringLiteral("delta"), QJsonObject{{type, QStringLiteral("text_delta")},
                                                      {QStringLiteral("text"), pieces[i]}}}}));
            if (!error.isEmpty() && i == pieces.size() / 2) {
                events.append(errorEvent());  // the API ends the stream after an error event
                return events;
            }
        }
        events.append(anthropicEvent(
            QJsonObject{{type, QStringLiteral("content_block_stop")}, {index, block}}));
        ++block;
    }
    if (!error.isEmpty()) {
        events.append(errorEvent());
        return events;
    }
    qsizetype completionChars = content.size();
    for (const QJsonValue& v : calls) {
        const QJsonObject c = v.toObject();
        const QJsonValue a = c.value(QStringLiteral("arguments"));
        const QString args = a.isObject() ? QString::fromUtf8(compact(a.toObject())) : a.toString();
        completionChars += args.size();
        events.append(QByteArrayLiteral("event: ping\ndata: {\"type\": \"ping\"}\n\n"));
        events.append(anthropicEvent(QJsonObject{
            {type, QStringLiteral("content_block_start")},
            {index, block},
            {QStringLiteral("content_block"),
             QJsonObject{{type, QStringLiteral("tool_use")},
                         {QStringLiteral("id"), c.value(QStringLiteral("id")).toString()},
                         {QStringLiteral("name"), c.value(QStringLiteral("name")).toString()},
                         {QStringLiteral("input"), QJsonObject{}}}}}));
        for (const QString& piece : QStringList{QString()} + splitArguments(args)) {
            events.append(anthropicEvent(QJsonObject{
                {type, QStringLiteral("content_block_delta")},
                {index, block},
                {QStringLiteral("delta"), QJsonObject{{type, QStringLiteral("input_json_delta")},
                                                      {QStringLiteral("partial_json"), piece}}}}));
        }
        events.append(anthropicEvent(
            QJsonObject{{type, QStringLiteral("content_block_stop")}, {index, block}}));
        ++block;
    }
    events.append(anthropicEvent(QJsonObject{
        {type, QStringLiteral("message_delta")},
        {QStringLiteral("delta"),
         QJsonObject{{QStringLiteral("stop_reason"), anthropicStopReason(r, !calls.isEmpty())},
                     {QStringLiteral("stop_sequence"), QJsonValue::Null}}},
        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("output_tokens"),
                                               usageValue("output_tokens", "completion_tokens",
                                                          estimateTokens(completionChars))}}}}));
    if (!r.value(QStringLiteral("omit_message_stop")).toBool())
        events.append(anthropicEvent(QJsonObject{{type, QStringLiteral("message_stop")}}));
    return events;
}

// A chunk-per-line .jsonl file as an Anthropic body: each payload's "type" is its event name.
QByteArray anthropicChunksBody(const QByteArray& lines) {
    QByteArray body;
    for (const QByteArray& line : lines.split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        const QString type =
            QJsonDocument::fromJson(line).object().value(QStringLiteral("type")).toString();
        body += QByteArrayLiteral("event: ") + type.toUtf8() + QByteArrayLiteral("\ndata: ") +
                line.trimmed() + QByteArrayLiteral("\n\n");
    }
    return body;
}

// Re-cuts the body into writes of the given sizes, cycling through the list.
QList<QByteArray> cut(const QByteArray& body, const QJsonArray& sizes) {
    QList<QByteArray> out;
    qsizetype at = 0;
    qsizetype k = 0;
    while (at < body.size()) {
        const qsizetype n = qMax(1, sizes.at(k++ % sizes.size()).toInt(1));
        out.append(body.mid(at, n));
        at += n;
    }
    return out;
}

}  // namespace

FakeLlmServer::FakeLlmServer(QObject* parent)
    : QObject(parent),
      m_server(new QTcpServer(this)),
      m_dataRoot(QStringLiteral(ZERG_TEST_DATA_DIR)) {
    connect(m_server, &QTcpServer::newConnection, this, &FakeLlmServer::onNewConnection);
}

FakeLlmServer::~FakeLlmServer() = default;

bool FakeLlmServer::start(QString* error) {
    return start(0, error);
}

bool FakeLlmServer::start(quint16 port, QString* error) {
    if (m_server->isListening())
        return true;
    if (!m_server->listen(QHostAddress::LocalHost, port)) {
        if (error) {
            *error = QStringLiteral("fake LLM server: cannot listen on 127.0.0.1:%1: %2")
                         .arg(port)
                         .arg(m_server->errorString());
        }
        return false;
    }
    return true;
}

quint16 FakeLlmServer::port() const {
    return m_server->serverPort();
}

QString FakeLlmServer::baseUrl() const {
    return QStringLiteral("http://127.0.0.1:%1/v1").arg(port());
}

QString FakeLlmServer::rootUrl() const {
    return QStringLiteral("http://127.0.0.1:%1").arg(port());
}

bool FakeLlmServer::loadScenarioFile(const QString& path, QString* error) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("fake LLM server: scenario %1: %2").arg(path, why);
        return false;
    };
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return fail(f.errorString());
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (err.error != QJsonParseError::NoError) {
        return fail(QStringLiteral("%1 at offset %2").arg(err.errorString()).arg(err.offset));
    }
    const QJsonObject scenario = doc.object();
    if (!scenario.value(QStringLiteral("responses")).isArray()) {
        return fail(QStringLiteral("expected an object with a \"responses\" array"));
    }
    const QString dir = QFileInfo(path).absolutePath();
    const QString previousDir = m_scenarioDir;
    m_scenarioDir = dir;
    for (const QJsonValue& v : scenario.value(QStringLiteral("responses")).toArray()) {
        if (!v.isObject())
            return fail(QStringLiteral("every response must be a JSON object"));
        for (const QString key : {QStringLiteral("sse_file"), QStringLiteral("chunks_file")}) {
            const QString file = v.toObject().value(key).toString();
            QString why;
            if (!file.isEmpty() && resolveFile(file, &why).isEmpty()) {
                m_scenarioDir = previousDir;
                return fail(why);
            }
        }
    }
    setScenario(scenario);
    m_scenarioDir = dir;
    return true;
}

void FakeLlmServer::setScenario(const QJsonObject& scenario) {
    m_queue.clear();
    for (const QJsonValue& v : scenario.value(QStringLiteral("responses")).toArray()) {
        m_queue.append({v.toObject(), false});
    }
    m_scenarioDir.clear();  // loadScenarioFile sets it again after calling this
}

void FakeLlmServer::setDataRoot(const QString& dir) {
    m_dataRoot = dir;
}

QList<QJsonObject> FakeLlmServer::requests() const {
    return m_requests;
}

QList<QJsonObject> FakeLlmServer::requestsForModel(const QString& model) const {
    QList<QJsonObject> out;
    for (const QJsonObject& r : m_requests) {
        if (r.value(QStringLiteral("model")).toString() == model)
            out.append(r);
    }
    return out;
}

QList<QHash<QByteArray, QByteArray>> FakeLlmServer::requestHeaders() const {
    return m_requestHeaders;
}

int FakeLlmServer::remainingResponses() const {
    int n = 0;
    for (const Entry& e : m_queue)
        n += e.used ? 0 : 1;
    return n;
}

QString FakeLlmServer::resolveFile(const QString& relative, QString* error) const {
    QStringList tried;
    if (QFileInfo(relative).isAbsolute()) {
        tried.append(relative);
    } else {
        if (!m_scenarioDir.isEmpty())
            tried.append(QDir(m_scenarioDir).filePath(relative));
        if (!m_dataRoot.isEmpty())
            tried.append(QDir(m_dataRoot).filePath(relative));
    }
    for (const QString& p : tried) {
        if (QFileInfo(p).isFile())
            return p;
    }
    if (error) {
        *error = QStringLiteral("file %1 not found (looked at: %2)")
                     .arg(relative, tried.join(QStringLiteral(", ")));
    }
    return {};
}

void FakeLlmServer::onNewConnection() {
    while (QTcpSocket* socket = m_server->nextPendingConnection()) {
        m_buffers.insert(socket, {});
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadable(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void FakeLlmServer::onReadable(QTcpSocket* socket) {
    auto it = m_buffers.find(socket);
    if (it == m_buffers.end()) {  // one request per connection; ignore anything after it
        socket->readAll();
        return;
    }
    it->append(socket->readAll());
    const QByteArray& buf = *it;
    const qsizetype headerEnd = buf.indexOf("\r\n\r\n");
    if (headerEnd < 0) {
        if (buf.size() > kMaxHeaderBytes) {
            m_buffers.erase(it);
            sendJson(socket, 400, errorBody(QStringLiteral("fake LLM server: headers too large")));
        }
        return;
    }
    const QList<QByteArray> lines = buf.left(headerEnd).split('\n');
    const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
    QHash<QByteArray, QByteArray> headers;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const qsizetype colon = lines[i].indexOf(':');
        if (colon > 0) {
            headers.insert(lines[i].left(colon).trimmed().toLower(),
                           lines[i].mid(colon + 1).trimmed());
        }
    }
    const qsizetype length = headers.value("content-length", "0").toLongLong();
    if (buf.size() < headerEnd + 4 + length)
        return;  // body not complete yet
    const QByteArray body = buf.mid(headerEnd + 4, length);
    m_buffers.erase(it);
    if (requestLine.size() < 2) {
        sendJson(socket, 400, errorBody(QStringLiteral("fake LLM server: bad request line")));
        return;
    }
    handleRequest(socket, requestLine.at(0), requestLine.at(1), headers, body);
}

void FakeLlmServer::handleRequest(QTcpSocket* socket, const QByteArray& method,
                                  const QByteArray& path,
                                  const QHash<QByteArray, QByteArray>& headers,
                                  const QByteArray& body) {
    const bool anthropic = path == "/v1/messages";
    if (method != "POST" || (path != "/v1/chat/completions" && !anthropic)) {
        sendJson(socket, 404,
                 errorBody(QStringLiteral("fake LLM server: no route for %1 %2; use POST "
                                          "/v1/chat/completions or POST /v1/messages")
                               .arg(QString::fromUtf8(method), QString::fromUtf8(path))));
        return;
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(body, &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        sendJson(socket, 400,
                 errorBody(QStringLiteral("fake LLM server: request body is not a JSON object")));
        return;
    }
    const QJsonObject request = doc.object();
    m_requests.append(request);
    m_requestHeaders.append(headers);
    const QString model = request.value(QStringLiteral("model")).toString();
    const QString requestText = QString::fromUtf8(body);
    Entry* chosen = nullptr;
    for (Entry& e : m_queue) {
        if (e.used)
            continue;
        const QJsonValue m = e.response.value(QStringLiteral("model"));
        const QString when = e.response.value(QStringLiteral("when_request_contains")).toString();
        const QString unless =
            e.response.value(QStringLiteral("unless_request_contains")).toString();
        if ((!when.isEmpty() && !requestText.contains(when)) ||
            (!unless.isEmpty() && requestText.contains(unless))) {
            continue;
        }
        if (m.isUndefined() || m.toString() == model) {
            chosen = &e;
            break;
        }
    }
    QJsonObject response;
    if (chosen) {
        chosen->used = true;
        response = chosen->response;
    }
    Q_EMIT requestReceived(request);
    if (!chosen) {
        const QString message =
            QStringLiteral("fake LLM server: scenario has no response left for model %1")
                .arg(model);
        sendJson(socket, 500,
                 anthropic ? anthropicErrorBody(QStringLiteral("api_error"), message)
                           : errorBody(message));
        return;
    }
    qint64 promptChars = 0;
    for (const QJsonValue& m : request.value(QStringLiteral("messages")).toArray()) {
        promptChars += anthropic ? anthropicChars(m.toObject().value(QStringLiteral("content")))
                                 : m.toObject().value(QStringLiteral("content")).toString().size();
    }
    if (anthropic)
        promptChars += anthropicChars(request.value(QStringLiteral("system")));
    response.insert(QStringLiteral("_prompt_tokens"), estimateTokens(promptChars));
    respond(socket, response, model, anthropic);
}

void FakeLlmServer::respond(QTcpSocket* socket, const QJsonObject& r, const QString& requestModel,
                            bool anthropic) {
    const int status = r.value(QStringLiteral("status")).toInt(200);
    if (status != 200) {
        sendJson(socket, status, r.value(QStringLiteral("body")).toObject(), extraHeaders(r));
        return;
    }
    QByteArray body;
    bool fromFile = false;
    const QString sseFile = r.value(QStringLiteral("sse_file")).toString();
    const QString chunksFile = r.value(QStringLiteral("chunks_file")).toString();
    if (!sseFile.isEmpty() || !chunksFile.isEmpty()) {
        QString why;
        const QString path = resolveFile(sseFile.isEmpty() ? chunksFile : sseFile, &why);
        QFile f(path);
        if (path.isEmpty() || !f.open(QIODevice::ReadOnly)) {
            sendJson(socket, 500,
                     errorBody(QStringLiteral("fake LLM server: ") +
                               (why.isEmpty() ? f.errorString() : why)));
            return;
        }
        body = f.readAll();
        if (sseFile.isEmpty() && anthropic) {
            body = anthropicChunksBody(body);
        } else if (sseFile.isEmpty()) {
            QByteArray events;
            for (const QByteArray& line : body.split('\n')) {
                if (line.trimmed().isEmpty())
                    continue;
                events += QByteArrayLiteral("data: ") + line + QByteArrayLiteral("\n\n");
            }
            body = events + QByteArrayLiteral("data: [DONE]\n\n");
        }
        fromFile = true;
    } else if (r.contains(QStringLiteral("raw_sse"))) {
        body = r.value(QStringLiteral("raw_sse")).toString().toUtf8();
        fromFile = true;
    }

    QList<QByteArray> pieces;
    const QJsonArray sizes = r.value(QStringLiteral("write_sizes")).toArray();
    if (fromFile) {
        pieces = sizes.isEmpty() ? QList<QByteArray>{body} : cut(body, sizes);
    } else {
        const QString model = r.value(QStringLiteral("model")).toString(requestModel);
        const qint64 promptTokens = r.value(QStringLiteral("_prompt_tokens")).toInteger();
        pieces = anthropic ? generatedAnthropicEvents(r, model, ++m_responseCounter, promptTokens)
                           : generatedEvents(r, model, ++m_responseCounter, promptTokens);
        if (!sizes.isEmpty())
            pieces = cut(pieces.join(), sizes);
    }
    sendStream(socket, std::move(pieces), r);
}

void FakeLlmServer::sendJson(QTcpSocket* socket, int status, const QJsonObject& body,
                             const QByteArray& extraHeaders) {
    const QByteArray payload = compact(body);
    QByteArray head =
        "HTTP/1.1 " + QByteArray::number(status) + ' ' + api::httpReasonPhrase(status) +
        "\r\nContent-Type: application/json\r\nContent-Length: " +
        QByteArray::number(payload.size()) + "\r\n" + extraHeaders + "Connection: close\r\n\r\n";
    socket->write(head + payload);
    socket->flush();
    socket->disconnectFromHost();
}

struct FakeLlmServer::StreamState {
    QList<QByteArray> pieces;
    qsizetype next = 0;
    qint64 budget = -1;  // body bytes still allowed before stalling; -1 = no stall
    int delayMs = 0;
};

void FakeLlmServer::sendStream(QTcpSocket* socket, QList<QByteArray> pieces,
                               const QJsonObject& response) {
    auto state = std::make_shared<StreamState>();
    state->pieces = std::move(pieces);
    state->budget = response.value(QStringLiteral("stall_after_bytes")).toInteger(-1);
    state->delayMs = qMax(0, response.value(QStringLiteral("delay_ms")).toInt(0));
    socket->write(QByteArrayLiteral("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                                    "Cache-Control: no-cache\r\n") +
                  extraHeaders(response) + QByteArrayLiteral("Connection: close\r\n\r\n"));
    socket->flush();
    QTimer::singleShot(0, socket, [this, socket, state] { writeNext(socket, state); });
}

// Writes one piece, then schedules the next on a later event-loop turn so that the client sees
// separate reads. The socket is the timer's context: nothing runs after it is gone.
void FakeLlmServer::writeNext(QTcpSocket* socket, const std::shared_ptr<StreamState>& state) {
    if (socket->state() != QAbstractSocket::ConnectedState)
        return;
    if (state->next >= state->pieces.size()) {
        socket->disconnectFromHost();
        return;
    }
    QByteArray piece = state->pieces.at(state->next++);
    if (state->budget >= 0) {
        piece.truncate(state->budget);
        state->budget -= piece.size();
    }
    if (!piece.isEmpty()) {
        socket->write(piece);
        socket->flush();
    }
    if (state->budget == 0)
        return;  // stall: keep the connection open and send nothing more
    QTimer::singleShot(state->delayMs, socket, [this, socket, state] { writeNext(socket, state); });
}

}  // namespace zerg::test
