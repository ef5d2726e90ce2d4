#pragma once

#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QString>

#include <memory>

class QTcpServer;
class QTcpSocket;

namespace zerg::test {

// A real HTTP/1.1 server on 127.0.0.1 that speaks the OpenAI chat-completions streaming protocol
// (POST /v1/chat/completions) and the Anthropic Messages streaming protocol (POST /v1/messages)
// from a scenario: a queue of scripted responses shared by both routes. Each request takes the
// first unused response whose "model" equals the request's model, or that has no "model". The
// route decides the wire format of generated streams; files are replayed as they are.
// Every response is sent with "Connection: close".
//
// Response fields (all optional):
//   "model"             only requests for this model may take the response
//   "when_request_contains" / "unless_request_contains"
//                       only requests whose raw body does / does not contain this text (e.g. a
//                       context block the client must or must not have sent)
//   "content"           text, streamed in pieces of "chunk_chars" characters (default 3)
//   "tool_calls"        [{"id", "name", "arguments": object or raw string}], indices 0, 1, ...;
//                       arguments are streamed in fragments of which none is valid JSON alone
//   "finish_reason"     overrides "stop" / "tool_calls"
//   "usage"             {"prompt_tokens", "completion_tokens"} for the final usage-only chunk
//   "sse_file"          replay this file verbatim (relative to the scenario file's folder, then
//                       to the data root)
//   "chunks_file"       a chunk-per-line .jsonl file, sent as "data: <line>\n\n" per non-empty
//                       line plus "data: [DONE]\n\n"
//   "raw_sse"           replay this string verbatim (UTF-8)
//   "write_sizes"       [n, ...] bytes per write, cycling (default: generated streams one chunk
//                       per write, files all at once)
//   "delay_ms"          pause between writes (default 0: the next event-loop turn)
//   "stall_after_bytes" stop writing after this many body bytes and keep the connection open
//   "status", "body"    answer with this HTTP status and JSON body instead of a stream
//   "headers"           {"name": "value", ...} extra response headers (e.g. "retry-after")
// No response left: HTTP 500 {"error": {"message": "fake LLM server: scenario has no response
// left for model X"}} (Anthropic route: {"type":"error","error":{"type":"api_error",...}}).
//
// Anthropic route (POST /v1/messages): generated streams are `event: <type>\ndata: {json}\n\n`
// events: message_start (usage.input_tokens), a text block with a ping inside it, a ping before
// each tool_use block, input_json_delta fragments ("" first, then pieces that are not valid JSON
// alone), message_delta (stop_reason, usage.output_tokens), message_stop. "chunks_file" lines
// are sent with their "type" as the event name and no [DONE]. Extra fields:
//   "stop_reason"       Anthropic stop_reason; else "finish_reason" is translated (stop ->
//                       end_turn, tool_calls -> tool_use, length -> max_tokens)
//   "usage"             also takes "input_tokens", "output_tokens", "cache_read_input_tokens",
//                       "cache_creation_input_tokens"
//   "anthropic_error"   {"type", "message"}: an `event: error` halfway through the text (or
//                       before the tool blocks), after which the stream ends
//   "omit_message_stop" true: end the stream without message_stop
class FakeLlmServer : public QObject {
    Q_OBJECT
public:
    explicit FakeLlmServer(QObject* parent = nullptr);
    ~FakeLlmServer() override;

    bool start(QString* error = nullptr);      // listen on 127.0.0.1, free port
    bool start(quint16 port, QString* error);  // a given port (0: any free port)
    quint16 port() const;
    QString baseUrl() const;  // "http://127.0.0.1:PORT/v1"
    QString rootUrl() const;  // "http://127.0.0.1:PORT" (the Anthropic SDK's base URL)
    bool loadScenarioFile(const QString& path, QString* error = nullptr);
    void setScenario(const QJsonObject& scenario);  // replaces the queue
    // Folder that relative "sse_file" / "chunks_file" paths resolve against when they are not
    // found next to the scenario file. Defaults to the repository's tests/fixtures.
    void setDataRoot(const QString& dir);
    QList<QJsonObject> requests() const;  // request bodies received, in order
    QList<QJsonObject> requestsForModel(const QString& model) const;
    // Request headers, in the order of requests(); names are lower-case.
    QList<QHash<QByteArray, QByteArray>> requestHeaders() const;
    int remainingResponses() const;

Q_SIGNALS:
    void requestReceived(const QJsonObject& body);

private:
    struct Entry {
        QJsonObject response;
        bool used = false;
    };

    void onNewConnection();
    void onReadable(QTcpSocket* socket);
    void handleRequest(QTcpSocket* socket, const QByteArray& method, const QByteArray& path,
                       const QHash<QByteArray, QByteArray>& headers, const QByteArray& body);
    void respond(QTcpSocket* socket, const QJsonObject& response, const QString& requestModel,
                 bool anthropic = false);
    void sendJson(QTcpSocket* socket, int status, const QJsonObject& body,
                  const QByteArray& extraHeaders = {});
    struct StreamState;
    void sendStream(QTcpSocket* socket, QList<QByteArray> pieces, const QJsonObject& response);
    void writeNext(QTcpSocket* socket, const std::shared_ptr<StreamState>& state);
    QString resolveFile(const QString& relative, QString* error) const;

    QTcpServer* m_server;
    QList<Entry> m_queue;
    QString m_scenarioDir;
    QString m_dataRoot;
    QList<QJsonObject> m_requests;
    QList<QHash<QByteArray, QByteArray>> m_requestHeaders;
    QHash<QTcpSocket*, QByteArray> m_buffers;
    int m_responseCounter = 0;
};

}  // namespace zerg::test
