#include "llm/chat_types.h"

#include <QJsonArray>

namespace zerg {

QJsonObject ChatMessage::toJson() const {
    QJsonObject o{{QStringLiteral("role"), statusName(role)}};
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
    const std::optional<Role> role = parseStatus<Role>(o.value(QStringLiteral("role")).toString());
    if (!role)
        return std::nullopt;
    ChatMessage m;
    m.role = *role;
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
