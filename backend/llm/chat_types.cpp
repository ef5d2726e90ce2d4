#include "llm/chat_types.h"

#include <QJsonArray>

namespace zerg {

QString ChatMessage::roleName(Role r) {
    switch (r) {
        case Role::System:
            return QStringLiteral("system");
        case Role::User:
            return QStringLiteral("user");
        case Role::Assistant:
            return QStringLiteral("assistant");
        case Role::Tool:
            return QStringLiteral("tool");
    }
    return QStringLiteral("user");
}

QJsonObject ChatMessage::toJson() const {
    QJsonObject o{{QStringLiteral("role"), roleName(role)}};
    if (role == Role::Assistant && !toolCalls.isEmpty()) {
        o.insert(QStringLiteral("content"), content.isEmpty() ? QJsonValue() : QJsonValue(content));
        QJsonArray calls;
        for (const ToolCall& c : toolCalls) {
            calls.append(QJsonObject{{QStringLiteral("id"), c.id},
                                     {QStringLiteral("type"), QStringLiteral("function")},
                                     {QStringLiteral("function"),
                                      QJsonObject{{QStringLiteral("name"), c.name},
                                                  {QStringLiteral("arguments"), c.arguments}}}});
        }
        o.insert(QStringLiteral("tool_calls"), calls);
    } else {
        o.insert(QStringLiteral("content"), content);
    }
    if (role == Role::Tool) {
        o.insert(QStringLiteral("tool_call_id"), toolCallId);
        if (!name.isEmpty())
            o.insert(QStringLiteral("name"), name);
    }
    return o;
}

std::optional<ChatMessage> ChatMessage::fromJson(const QJsonObject& o) {
    const QString role = o.value(QStringLiteral("role")).toString();
    ChatMessage m;
    if (role == QLatin1String("system"))
        m.role = Role::System;
    else if (role == QLatin1String("user"))
        m.role = Role::User;
    else if (role == QLatin1String("assistant"))
        m.role = Role::Assistant;
    else if (role == QLatin1String("tool"))
        m.role = Role::Tool;
    else
        return std::nullopt;
    m.content = o.value(QStringLiteral("content")).toString();
    m.toolCallId = o.value(QStringLiteral("tool_call_id")).toString();
    m.name = o.value(QStringLiteral("name")).toString();
    for (const QJsonValue& v : o.value(QStringLiteral("tool_calls")).toArray()) {
        const QJsonObject c = v.toObject();
        const QJsonObject f = c.value(QStringLiteral("function")).toObject();
        m.toolCalls.append({c.value(QStringLiteral("id")).toString(),
                            f.value(QStringLiteral("name")).toString(),
                            f.value(QStringLiteral("arguments")).toString()});
    }
    return m;
}

}  // namespace zerg
