#include "agent/context_window.h"

#include <QJsonDocument>

#include <algorithm>
#include <climits>

namespace zerg {
namespace {

qint64 tokensForBytes(qint64 bytes) {
    return (bytes + kBytesPerToken - 1) / kBytesPerToken;
}

int clampToInt(qint64 v) {
    return int(std::min<qint64>(v, INT_MAX));
}

struct KnownWindow {
    const char* prefix;
    int tokens;
};

// Vendor documentation as of 2025. Checked in order, so a more specific prefix comes before a
// shorter one it starts with ("gpt-4o" before "gpt-4"). Where a vendor documents an input limit
// below the window (gpt-5: 272k in, 128k out of 400k), the input limit is used.
constexpr KnownWindow kKnownWindows[] = {
    {"gpt-4.1", 1047576},
    {"gpt-4o", 128000},
    {"chatgpt-4o", 128000},
    {"gpt-4-turbo", 128000},
    {"gpt-4-1106", 128000},
    {"gpt-4-0125", 128000},
    {"gpt-4", 8192},
    {"gpt-3.5-turbo", 16385},
    {"gpt-5-chat", 128000},
    {"gpt-5", 272000},
    {"gpt-oss", 131072},
    {"o1-mini", 128000},
    {"o1", 200000},
    {"o3", 200000},
    {"o4", 200000},
    {"claude-", 200000},
    {"llama3.1", 131072},
    {"llama3.2", 131072},
    {"llama3.3", 131072},
    {"llama-3.1", 131072},
    {"llama-3.2", 131072},
    {"llama-3.3", 131072},
    {"llama3", 8192},
    {"llama-3", 8192},
    // Qwen 2.5 and 3 reach 128k only with YaRN rope scaling, which servers leave off by default.
    {"qwen", 32768},
    {"mistral-large", 131072},
    {"mistral-medium", 131072},
    {"mistral", 32768},
    {"mixtral", 32768},
    {"deepseek-chat", 65536},
    {"deepseek-reasoner", 65536},
    {"gemma2", 8192},
};

}  // namespace

qint64 utf8Length(QStringView text) {
    qint64 bytes = 0;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t c = text[i].unicode();
        if (c < 0x80) {
            bytes += 1;
        } else if (c < 0x800) {
            bytes += 2;
        } else if (QChar::isHighSurrogate(c) && i + 1 < n &&
                   QChar::isLowSurrogate(text[i + 1].unicode())) {
            bytes += 4;
            ++i;
        } else {
            // Includes lone surrogates, which the encoder replaces with U+FFFD (3 bytes).
            bytes += 3;
        }
    }
    return bytes;
}

int estimateTokens(const ChatMessage& m) {
    qint64 tokens = kMessageOverheadTokens + tokensForBytes(utf8Length(m.content));
    for (const ToolCall& call : m.toolCalls) {
        tokens +=
            kToolCallOverheadTokens + tokensForBytes(utf8Length(call.id) + utf8Length(call.name) +
                                                     utf8Length(call.arguments));
    }
    if (m.role == ChatMessage::Role::Tool)
        tokens += tokensForBytes(utf8Length(m.toolCallId) + utf8Length(m.name));
    return clampToInt(tokens);
}

int estimateTokens(const QList<ChatMessage>& ms) {
    qint64 tokens = 0;
    for (const ChatMessage& m : ms)
        tokens += estimateTokens(m);
    return clampToInt(tokens);
}

int estimateTokens(const QList<ToolSpec>& tools) {
    qint64 tokens = 0;
    for (const ToolSpec& t : tools) {
        const QByteArray schema = QJsonDocument(t.parameters).toJson(QJsonDocument::Compact);
        tokens += kToolSpecOverheadTokens +
                  tokensForBytes(utf8Length(t.name) + utf8Length(t.description) + schema.size());
    }
    return clampToInt(tokens);
}

int compactionCut(const QList<SeqMessage>& messages, int keepBudgetTokens) {
    QList<int> sizes;
    sizes.reserve(messages.size());
    qint64 total = 0;
    for (const SeqMessage& m : messages) {
        sizes.append(estimateTokens(m.message));
        total += sizes.last();
    }
    if (total <= keepBudgetTokens)
        return 0;
    // Move the cut back one user message at a time while the tail still fits. The tail only
    // grows going back, so the first miss ends the search.
    qint64 tail = 0;
    int cut = -1;  // no user message seen yet
    for (int i = int(messages.size()) - 1; i >= 0; --i) {
        tail += sizes[i];
        if (messages[i].message.role != ChatMessage::Role::User)
            continue;
        if (cut >= 0 && tail > keepBudgetTokens)
            break;
        cut = i;  // the newest user turn is kept whatever its size
    }
    return std::max(cut, 0);
}

int contextWindowFor(const QString& model, int overrideTokens) {
    if (overrideTokens > 0)
        return overrideTokens;
    // "openai/gpt-4o" (routers), "meta-llama/Llama-3.3-70B-Instruct" (Hugging Face names).
    QString name = model.trimmed().toLower();
    if (const qsizetype slash = name.lastIndexOf(QLatin1Char('/')); slash >= 0)
        name = name.mid(slash + 1);
    for (const KnownWindow& k : kKnownWindows) {
        if (name.startsWith(QLatin1String(k.prefix)))
            return k.tokens;
    }
    return kDefaultContextWindow;
}

CompactionThresholds compactionThresholdsFor(int contextWindow, int maxPromptTokens) {
    qint64 window = std::max(contextWindow, 0);
    if (maxPromptTokens > 0)
        window = std::min<qint64>(window, maxPromptTokens);
    return {int(window * 7 / 10), int(window * 3 / 10)};
}

}  // namespace zerg
