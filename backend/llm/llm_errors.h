#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QPair>
#include <QString>

namespace zerg::llm {

// The error classes of a model call (ChatReply::errorCode()).
namespace errors {
inline constexpr char Auth[] = "auth";                     // 401/403: key missing or wrong
inline constexpr char BadRequest[] = "bad_request";        // 400/404/422: the request is wrong
inline constexpr char ContextLength[] = "context_length";  // the conversation is too long
inline constexpr char RateLimited[] = "rate_limited";      // 429
inline constexpr char Overloaded[] = "overloaded";         // 529, 503, Anthropic overloaded_error
inline constexpr char Server[] = "server";                 // other 5xx, 408, 409
inline constexpr char Network[] = "network";               // no HTTP response / connection broke
inline constexpr char Timeout[] = "timeout";               // the stream went silent too long
inline constexpr char Truncated[] = "truncated";           // ended without [DONE]/message_stop
inline constexpr char Protocol[] = "protocol";             // malformed stream
inline constexpr char Api[] = "api";                       // an error event inside the stream
inline constexpr char Aborted[] = "aborted";               // abort() was called
}  // namespace errors

using HeaderList = QList<QPair<QByteArray, QByteArray>>;

// Classifies an HTTP error response. errorType/errorMessage come from the JSON body
// (OpenAI error.type / error.code, Anthropic error.type); both may be empty.
[[nodiscard]] QString classifyHttp(int status, const QString& errorType,
                                   const QString& errorMessage);

// Classifies an error event inside a 200 stream by its type and message.
[[nodiscard]] QString classifyStreamError(const QString& errorType, const QString& errorMessage);

// Whether the class is worth retrying (the official SDKs' rule: 408, 409, 429, 5xx, network).
[[nodiscard]] bool isTransient(const QString& code);

// The server's retry hint in ms: retry-after-ms, else retry-after (seconds or an HTTP date
// relative to now). -1 when absent or unparsable. Header names are matched case-insensitively.
[[nodiscard]] qint64 retryAfterMs(const HeaderList& headers, const QDateTime& nowUtc);

// x-should-retry: 1 "true", 0 "false", -1 absent.
[[nodiscard]] int shouldRetry(const HeaderList& headers);

// Pulls (type, message) out of {"error": {"type", "code", "message"}} or {"error": "text"} or
// {"type":"error","error":{...}} bodies; empty strings when absent.
[[nodiscard]] QPair<QString, QString> errorTypeAndMessage(const QByteArray& jsonBody);

}  // namespace zerg::llm
