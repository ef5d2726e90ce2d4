#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QLatin1String>
#include <QString>
#include <QStringView>

namespace zerg {

// Credentials out of what Zerg shows and keeps. A model that calls http_request with an
// Authorization header puts the key into the call's arguments; those arguments go to
// tool_calls/NNN_<tool>.txt, to the worker_tool_started event (and so to the API stream, the
// event log and `zerg ask --json`) and to approval requests. They pass through
// redactedArguments() first; the tool itself still gets the arguments as the model wrote them.

// What stands in for a secret value: the same text http_request writes in its request echo.
inline constexpr QLatin1String kRedactedValue("[redacted]");

// Whether an HTTP header (or a URL query key) of this name, in any case, carries credentials:
// Authorization, Proxy-Authorization, Cookie, Set-Cookie, and every name that contains "auth",
// "token", "secret", "password", "passwd", "passphrase", "session", "credential", "signature",
// "cookie", "api-key", "apikey" or "api_key", ends in "-key", "_key" or ".key", or is "key", "sig",
// "pwd" or "pass". Leaning towards "secret": hiding a harmless value costs a look at the real
// request, showing a key costs the key.
[[nodiscard]] bool isSecretHeaderName(QStringView name);

// {"Name": "value", ...} with the value of every credential header replaced by kRedactedValue.
// Names and the other values stay as they are.
[[nodiscard]] QJsonObject redactHeaders(const QJsonObject& headers);
// The same for every shape a model may give headers in: an object as above; an array of
// "Name: value" strings, of ["Name", "value"] pairs, of {"name": ..., "value": ...} objects or of
// objects as above; or one string of "Name: value" lines. Anything else is returned unchanged.
[[nodiscard]] QJsonValue redactHeaders(const QJsonValue& headers);

// The URL with the password of its user info and the values of its credential query and
// fragment items (api_key=, access_token=, sig=, ...) replaced by kRedactedValue. Everything
// else is kept byte for byte; text that is not a URL comes back unchanged.
[[nodiscard]] QString redactedUrl(const QString& url);

// A tool call's arguments as they may be written down and shown: at any depth, every member
// named "headers" goes through redactHeaders(), and every string member named "url" or ending in
// "_url" through redactedUrl(). Everything else (commands, bodies, hosts) is unchanged: an
// approval shows the exact command that will run.
[[nodiscard]] QJsonObject redactedArguments(const QJsonObject& args);

}  // namespace zerg
