#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace zerg::json {

[[nodiscard]] QByteArray compact(const QJsonObject& o);
[[nodiscard]] QString compactString(const QJsonObject& o);
// Parses text that should hold one JSON object; empty text is {}. Returns false on anything else.
[[nodiscard]] bool parseObject(const QByteArray& text, QJsonObject* out, QString* error = nullptr);
// Truncates text to maxChars, appending a marker that says how much was cut.
[[nodiscard]] QString capText(const QString& text, int maxChars, bool* truncated = nullptr);

}  // namespace zerg::json
