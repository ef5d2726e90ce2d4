#pragma once

// Scripted answers of the loopback LLM server (FakeLlmServer's scenario "responses").

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

namespace zerg::test {

// The model `model` calls one tool.
inline QJsonObject toolCallResponse(const QString& model, const QString& id, const QString& name,
                                    const QJsonObject& args) {
    return {{QStringLiteral("model"), model},
            {QStringLiteral("tool_calls"),
             QJsonArray{QJsonObject{{QStringLiteral("id"), id},
                                    {QStringLiteral("name"), name},
                                    {QStringLiteral("arguments"), args}}}}};
}

// The model `model` answers with text.
inline QJsonObject textResponse(const QString& model, const QString& text) {
    return {{QStringLiteral("model"), model}, {QStringLiteral("content"), text}};
}

}  // namespace zerg::test
