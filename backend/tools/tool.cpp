#include "tools/tool.h"

#include <QJsonArray>

#include "core/json_util.h"

#include <QTimer>

namespace zerg {

CallClass Tool::classify(const QJsonObject& /*args*/) const {
    CallClass c;
    c.reason = {ReasonKind::NotClassified, spec().name};
    return c;
}

QJsonObject ToolResult::forModel(int capChars) const {
    QJsonObject out = payload;
    for (auto it = out.begin(); it != out.end(); ++it) {
        if (!it.value().isString())
            continue;
        bool cut = false;
        const QString capped = json::capText(it.value().toString(), capChars, &cut);
        if (cut)
            it.value() = capped;
    }
    return out;
}

ToolResult ToolResult::failure(const QString& message, QJsonObject extra) {
    extra.insert(QStringLiteral("ok"), false);
    extra.insert(QStringLiteral("error"), message);
    return ToolResult{extra};
}

ToolResult ToolResult::success(QJsonObject payload) {
    payload.insert(QStringLiteral("ok"), true);
    return ToolResult{payload};
}

QJsonObject objectSchema(const QJsonObject& properties, const QStringList& required) {
    return {{QStringLiteral("type"), QStringLiteral("object")},
            {QStringLiteral("properties"), properties},
            {QStringLiteral("required"), QJsonArray::fromStringList(required)}};
}

QJsonObject schemaProperty(const char* type, const QString& description) {
    return {{QStringLiteral("type"), QString::fromLatin1(type)},
            {QStringLiteral("description"), description}};
}

void ToolInvocation::finish(ToolResult result) {
    if (m_finished)
        return;
    m_finished = true;
    m_result = std::move(result);
    Q_EMIT finished();
}

ImmediateInvocation::ImmediateInvocation(ToolResult result, QObject* parent)
    : ToolInvocation(parent) {
    QTimer::singleShot(0, this, [this, r = std::move(result)]() mutable { finish(std::move(r)); });
}

}  // namespace zerg
