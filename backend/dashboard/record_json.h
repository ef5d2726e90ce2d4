#pragma once

#include "core/result.h"
#include "storage/store.h"

#include <QJsonArray>
#include <QJsonObject>

// The one JSON form of the storage records the dashboard's pages show, for the API's dashboard
// commands (the server writes it) and the remote sources (the app reads it back): docs/api.md.
// Keys are snake_case; timestamps are ISO-8601 UTC with milliseconds ("" when not set); an unknown
// cost is null, not 0. Reading is lenient about missing keys (they keep their defaults) and strict
// about the shape: a record that is not an object is an error naming what was expected.
namespace zerg::recordjson {

[[nodiscard]] QJsonObject toJson(const UsageTotals& totals);
[[nodiscard]] UsageTotals usageTotals(const QJsonObject& o);

[[nodiscard]] QJsonObject toJson(const RunRecord& run);
[[nodiscard]] RunRecord runRecord(const QJsonObject& o);

[[nodiscard]] QJsonObject toJson(const WorkerJobRecord& job);
[[nodiscard]] WorkerJobRecord workerJobRecord(const QJsonObject& o);

// "The server sent %1 in a form this app does not read; are the app and the server the same
// version?"
[[nodiscard]] Error protocolError(const QString& what);

// Each element of array through read (every element must be an object), or a "protocol" error
// that names what: "the server's runs".
template <typename T, typename Read>
[[nodiscard]] Result<QList<T>> listOf(const QJsonValue& array, const QString& what, Read read) {
    if (!array.isArray())
        return protocolError(what);
    QList<T> out;
    out.reserve(array.toArray().size());
    for (const QJsonValue& v : array.toArray()) {
        if (!v.isObject())
            return protocolError(what);
        out.append(read(v.toObject()));
    }
    return out;
}

template <typename T, typename Write>
[[nodiscard]] QJsonArray arrayOf(const QList<T>& items, Write write) {
    QJsonArray out;
    for (const T& item : items)
        out.append(write(item));
    return out;
}

}  // namespace zerg::recordjson
