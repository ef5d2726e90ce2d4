#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <utility>

namespace zerg::api {

// One HTTP/1.1 request as the endpoints of `zerg serve` that speak plain HTTP (/mcp, /actions)
// read it.
struct HttpRequest {
    QByteArray method;
    QByteArray path;  // without the query
    bool http10 = false;
    QHash<QByteArray, QByteArray> headers;  // lower-case names; repeated ones joined by ", "
    QByteArray body;

    [[nodiscard]] QByteArray header(const QByteArray& lowerName) const {
        return headers.value(lowerName);
    }
};

using HttpHeaders = QList<std::pair<QByteArray, QByteArray>>;

// What reading a request's head from the front of a buffer came to.
struct HttpHeadRead {
    enum class State { Incomplete, Ready, Refused };
    State state = State::Incomplete;
    int status = 0;         // Refused: the status to answer (400, 411, 413, 431, 501, 505)
    QString message;        // Refused: why, for the client (then close the connection)
    qint64 bodyLength = 0;  // Ready: the body's bytes, still to come after the head
};

// Takes the request line and headers off the front of buffer into out (Ready), or says that
// more must arrive (Incomplete) or why the request is refused. Bodies only with Content-Length
// (no chunked encoding), at most maxBodyBytes; a POST must give one (411) unless
// postWithoutLength (then it has no body, as RFC 9112 reads it).
[[nodiscard]] HttpHeadRead takeHttpHead(QByteArray* buffer, qint64 maxHeadBytes,
                                        qint64 maxBodyBytes, HttpRequest* out,
                                        bool postWithoutLength = false);

// "OK", "Not Found", ...
[[nodiscard]] QByteArray httpReasonPhrase(int status);

// "HTTP/1.1 <status> <reason>\r\nServer: zerg\r\n" and the headers, without the blank line.
[[nodiscard]] QByteArray httpHead(int status, const HttpHeaders& headers);

}  // namespace zerg::api
