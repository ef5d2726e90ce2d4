#include "llm/anthropic_stream_decoder.h"

#include "llm/llm_errors.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <optional>

namespace zerg {
namespace {

constexpr qsizetype kDetailChars = 200;

QString clip(const QString& text) {
    const QString t = text.simplified();
    return t.size() <= kDetailChars ? t : t.left(kDetailChars) + QStringLiteral("...");
}

// A JSON object payload, or nullopt with a description of what is wrong.
std::optional<QJsonObject> parseObject(const QString& data, QString* why) {
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(data.toUtf8(), &err);
    if (err.error != QJsonParseError::NoError) {
        *why = QStringLiteral("%1 at offset %2").arg(err.errorString()).arg(err.offset);
        return std::nullopt;
    }
    if (!doc.isObject()) {
        *why = QStringLiteral("not a JSON object");
        return std::nullopt;
    }
    return doc.object();
}

}  // namespace

QString AnthropicStreamDecoder::mapStopReason(const QString& stopReason) {
    if (stopReason == QLatin1String("end_turn") || stopReason == QLatin1String("stop_sequence"))
        return QStringLiteral("stop");
    if (stopReason == QLatin1String("tool_use"))
        return QStringLiteral("tool_calls");
    if (stopReason == QLatin1String("max_tokens"))
        return QStringLiteral("length");
    return stopReason;  // "refusal", "pause_turn", and reasons added later, as sent
}

Usage AnthropicStreamDecoder::usage() const {
    Usage u;
    u.promptTokens = m_inputTokens + m_cacheReadTokens + m_cacheWriteTokens;
    u.cachedTokens = m_cacheReadTokens;
    u.cacheWriteTokens = m_cacheWriteTokens;
    u.completionTokens = m_outputTokens;
    return u;
}

AnthropicStreamDecoder::Update AnthropicStreamDecoder::feed(const SseEvent& event) {
    if (m_state != State::Streaming)
        return {};
    if (event.data.trimmed().isEmpty()) {
        if (event.event == QLatin1String("error"))
            onError({}, {});
        return {};  // other events without a payload carry nothing
    }
    QString why;
    const std::optional<QJsonObject> o = parseObject(event.data, &why);
    if (!o) {
        if (event.event == QLatin1String("error")) {
            onError({}, event.data);  // a plain-text error is still the server's error
        } else {
            fail(QString::fromLatin1(llm::errors::Protocol),
                 QStringLiteral("a \"%1\" event whose data is %2: %3")
                     .arg(event.event, why, clip(event.data)));
        }
        return {};
    }
    ++m_events;
    QString type = o->value(QStringLiteral("type")).toString();
    if (type.isEmpty() || event.event == QLatin1String("error"))
        type = event.event;
    return handle(type, *o);
}

AnthropicStreamDecoder::Update AnthropicStreamDecoder::handle(const QString& type,
                                                              const QJsonObject& o) {
    if (type == QLatin1String("content_block_delta"))
        return onBlockDelta(o);
    if (type == QLatin1String("content_block_start"))
        return onBlockStart(o);
    if (type == QLatin1String("content_block_stop")) {
        onBlockStop(o);
    } else if (type == QLatin1String("message_start")) {
        readUsage(o.value(QStringLiteral("message"))
                      .toObject()
                      .value(QStringLiteral("usage"))
                      .toObject());
    } else if (type == QLatin1String("message_delta")) {
        const QJsonValue reason =
            o.value(QStringLiteral("delta")).toObject().value(QStringLiteral("stop_reason"));
        if (reason.isString())
            m_stopReason = reason.toString();
        readUsage(o.value(QStringLiteral("usage")).toObject());
    } else if (type == QLatin1String("message_stop")) {
        complete();
    } else if (type == QLatin1String("error")) {
        onError(o, {});
    }
    // "ping" and unknown types: nothing to do.
    return {};
}

AnthropicStreamDecoder::Update AnthropicStreamDecoder::onBlockStart(const QJsonObject& o) {
    const qint64 index = o.value(QStringLiteral("index")).toInteger(-1);
    const QJsonObject cb = o.value(QStringLiteral("content_block")).toObject();
    const QString kind = cb.value(QStringLiteral("type")).toString();
    Block block;
    Update update;
    if (kind == QLatin1String("text")) {
        block.kind = Block::Kind::Text;
        update.text = cb.value(QStringLiteral("text")).toString();  // normally ""
        m_message.content.append(update.text);
    } else if (kind == QLatin1String("tool_use")) {
        block.kind = Block::Kind::ToolUse;
        block.toolPosition = int(m_message.toolCalls.size());
        m_message.toolCalls.append(ToolCall{cb.value(QStringLiteral("id")).toString(),
                                            cb.value(QStringLiteral("name")).toString(),
                                            QString()});
        // Streams send "input": {} and the real input as deltas; keep a non-empty start input
        // for servers that send it whole here instead.
        const QJsonObject input = cb.value(QStringLiteral("input")).toObject();
        if (!input.isEmpty()) {
            m_startInput.insert(
                block.toolPosition,
                QString::fromUtf8(QJsonDocument(input).toJson(QJsonDocument::Compact)));
        }
        update.toolPosition = block.toolPosition;
    }
    m_blocks.insert(index, block);
    return update;
}

AnthropicStreamDecoder::Update AnthropicStreamDecoder::onBlockDelta(const QJsonObject& o) {
    const qint64 index = o.value(QStringLiteral("index")).toInteger(-1);
    const auto it = m_blocks.constFind(index);
    if (it == m_blocks.constEnd()) {
        fail(QString::fromLatin1(llm::errors::Protocol),
             QStringLiteral("content_block_delta for block %1, which never started").arg(index));
        return {};
    }
    const QJsonObject delta = o.value(QStringLiteral("delta")).toObject();
    const QString kind = delta.value(QStringLiteral("type")).toString();
    Update update;
    if (it->kind == Block::Kind::Text && kind == QLatin1String("text_delta")) {
        update.text = delta.value(QStringLiteral("text")).toString();
        m_message.content.append(update.text);
    } else if (it->kind == Block::Kind::ToolUse && kind == QLatin1String("input_json_delta")) {
        const QString part = delta.value(QStringLiteral("partial_json")).toString();
        if (!part.isEmpty()) {
            m_message.toolCalls[it->toolPosition].arguments.append(part);
            update.toolPosition = it->toolPosition;
        }
    }
    // citations_delta, thinking_delta, signature_delta...: not answer text.
    return update;
}

void AnthropicStreamDecoder::onBlockStop(const QJsonObject& o) {
    const qint64 index = o.value(QStringLiteral("index")).toInteger(-1);
    if (!m_blocks.contains(index)) {
        fail(QString::fromLatin1(llm::errors::Protocol),
             QStringLiteral("content_block_stop for block %1, which never started").arg(index));
    }
}

void AnthropicStreamDecoder::onError(const QJsonObject& o, const QString& rawData) {
    // {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}; some proxies
    // flatten it to {"type":"api_error","message":"..."}.
    const QJsonObject e = o.value(QStringLiteral("error")).toObject();
    QString type = e.value(QStringLiteral("type")).toString();
    QString message = e.value(QStringLiteral("message")).toString();
    if (e.isEmpty()) {
        const QString top = o.value(QStringLiteral("type")).toString();
        if (top != QLatin1String("error"))
            type = top;
        message = o.value(QStringLiteral("message")).toString();
    }
    if (message.isEmpty())
        message = o.isEmpty() ? rawData.trimmed() : QString();
    m_errorEvent = true;
    m_errorType = type;
    QString detail =
        type.isEmpty() ? clip(message) : QStringLiteral("%1: %2").arg(type, clip(message));
    if (detail.isEmpty())
        detail = QStringLiteral("an error event without details");
    fail(llm::classifyStreamError(type, message), detail);
}

void AnthropicStreamDecoder::readUsage(const QJsonObject& usage) {
    const auto take = [&usage](const char* key, qint64* into) {
        const QJsonValue v = usage.value(QLatin1String(key));
        if (v.isDouble())
            *into = v.toInteger(*into);
    };
    take("input_tokens", &m_inputTokens);
    take("cache_read_input_tokens", &m_cacheReadTokens);
    take("cache_creation_input_tokens", &m_cacheWriteTokens);
    take("output_tokens", &m_outputTokens);
}

void AnthropicStreamDecoder::complete() {
    for (qsizetype i = 0; i < m_message.toolCalls.size(); ++i) {
        ToolCall& call = m_message.toolCalls[i];
        if (call.arguments.trimmed().isEmpty())
            call.arguments = m_startInput.value(int(i), QStringLiteral("{}"));
    }
    m_state = State::Done;
}

void AnthropicStreamDecoder::fail(const QString& code, const QString& detail) {
    m_state = State::Failed;
    m_errorCode = code;
    m_errorDetail = detail;
}

void AnthropicStreamDecoder::endOfStream(const std::optional<SseEvent>& cutOff) {
    if (m_state != State::Streaming)
        return;
    if (cutOff && (cutOff->event == QLatin1String("message_stop") ||
                   cutOff->event == QLatin1String("message"))) {
        QString why;
        const std::optional<QJsonObject> o = parseObject(cutOff->data, &why);
        if (o && o->value(QStringLiteral("type")).toString() == QLatin1String("message_stop")) {
            feed(*cutOff);
            return;
        }
    }
    if (m_events == 0) {
        fail(QString::fromLatin1(llm::errors::Protocol),
             QStringLiteral("the response contained no Anthropic stream events"));
        return;
    }
    fail(QString::fromLatin1(llm::errors::Truncated),
         QStringLiteral("the stream ended before message_stop"));
}

}  // namespace zerg
