#include "core/json_util.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace zerg::json {

QByteArray compact(const QJsonObject& o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString compactString(const QJsonObject& o) {
    return QString::fromUtf8(compact(o));
}

bool parseObject(const QByteArray& text, QJsonObject* out, QString* error) {
    if (text.trimmed().isEmpty()) {
        *out = {};
        return true;
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(text, &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error) {
            *error = err.error != QJsonParseError::NoError
                         ? err.errorString() + QStringLiteral(" at offset ") +
                               QString::number(err.offset)
                         : QStringLiteral("expected a JSON object");
        }
        return false;
    }
    *out = doc.object();
    return true;
}

QString capText(const QString& text, int maxChars, bool* truncated) {
    if (truncated)
        *truncated = text.size() > maxChars;
    if (text.size() <= maxChars)
        return text;
    const qsizetype cut = text.size() - maxChars;
    return text.left(maxChars) + QStringLiteral(
                                     "\n[... %1 more characters cut; full output in the "
                                     "worker's tool_calls/ file]")
                                     .arg(cut);
}

}  // namespace zerg::json
