#include "api/http_request.h"

namespace zerg::api {

using namespace Qt::StringLiterals;

namespace {

HttpHeadRead refused(int status, const QString& message) {
    HttpHeadRead r;
    r.state = HttpHeadRead::State::Refused;
    r.status = status;
    r.message = message;
    return r;
}

}  // namespace

HttpHeadRead takeHttpHead(QByteArray* buffer, qint64 maxHeadBytes, qint64 maxBodyBytes,
                          HttpRequest* out, bool postWithoutLength) {
    const qsizetype end = buffer->indexOf("\r\n\r\n");
    if (end < 0 || end + 4 > maxHeadBytes) {
        if (end >= 0 || buffer->size() > maxHeadBytes)
            return refused(431,
                           u"The request's headers are larger than %1 bytes."_s.arg(maxHeadBytes));
        return {};
    }
    const QList<QByteArray> lines = buffer->left(end).split('\n');
    buffer->remove(0, end + 4);
    *out = {};
    const QList<QByteArray> start = lines.value(0).trimmed().split(' ');
    if (start.size() != 3 || !start[2].startsWith("HTTP/1.")) {
        const bool otherVersion = start.size() == 3 && start[2].startsWith("HTTP/");
        return refused(otherVersion ? 505 : 400, otherVersion
                                                     ? u"Use HTTP/1.1."_s
                                                     : u"That is not an HTTP/1.1 request line."_s);
    }
    out->method = start[0];
    const qsizetype query = start[1].indexOf('?');
    out->path = query < 0 ? start[1] : start[1].left(query);
    out->http10 = start[2] == "HTTP/1.0";
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0)
            return refused(400, u"A request header is malformed."_s);
        const QByteArray name = line.left(colon).trimmed().toLower();
        const QByteArray value = line.mid(colon + 1).trimmed();
        QByteArray& slot = out->headers[name];
        slot = slot.isEmpty() ? value : slot + ", " + value;
    }
    if (!out->header("transfer-encoding").isEmpty()) {
        return refused(
            501, u"Chunked request bodies are not supported; send the body with Content-Length."_s);
    }
    const QByteArray length = out->header("content-length");
    bool ok = true;
    HttpHeadRead r;
    r.bodyLength = length.isEmpty() ? 0 : length.toLongLong(&ok);
    if (!ok || r.bodyLength < 0)
        return refused(400, u"Content-Length is not a number."_s);
    if (r.bodyLength > maxBodyBytes)
        return refused(413, u"The message is larger than %1 bytes."_s.arg(maxBodyBytes));
    if (out->method == "POST" && length.isEmpty() && !postWithoutLength)
        return refused(411, u"A POST needs a Content-Length."_s);
    r.state = HttpHeadRead::State::Ready;
    return r;
}

QByteArray httpReasonPhrase(int status) {
    switch (status) {
        case 200:
            return "OK";
        case 202:
            return "Accepted";
        case 204:
            return "No Content";
        case 400:
            return "Bad Request";
        case 401:
            return "Unauthorized";
        case 403:
            return "Forbidden";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 406:
            return "Not Acceptable";
        case 408:
            return "Request Timeout";
        case 409:
            return "Conflict";
        case 410:
            return "Gone";
        case 411:
            return "Length Required";
        case 413:
            return "Content Too Large";
        case 415:
            return "Unsupported Media Type";
        case 429:
            return "Too Many Requests";
        case 431:
            return "Request Header Fields Too Large";
        case 500:
            return "Internal Server Error";
        case 501:
            return "Not Implemented";
        case 502:
            return "Bad Gateway";
        case 503:
            return "Service Unavailable";
        case 505:
            return "HTTP Version Not Supported";
        case 529:
            return "Overloaded";  // Anthropic's, not IANA's
        default:
            return "Error";
    }
}

QByteArray httpHead(int status, const HttpHeaders& headers) {
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + httpReasonPhrase(status) +
                      "\r\nServer: zerg\r\n";
    for (const auto& [name, value] : headers)
        head += name + ": " + value + "\r\n";
    return head;
}

}  // namespace zerg::api
