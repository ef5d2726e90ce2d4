#pragma once

#include "llm/chat_types.h"

#include <QList>
#include <QString>
#include <QStringView>

namespace zerg {

// Token estimates without a tokenizer (Debian ships none for these models). The rule, described
// with its error in docs/memory.md: ceil(UTF-8 bytes / 4) for every text the provider sends
// (content, tool-call ids, names and arguments), plus a fixed overhead per message and per tool
// call for the role and delimiters. Bytes rather than characters, so CJK (3 bytes) and emoji
// (4 bytes) count about one token per character instead of a quarter.
inline constexpr int kBytesPerToken = 4;
inline constexpr int kMessageOverheadTokens = 4;
inline constexpr int kToolCallOverheadTokens = 8;
inline constexpr int kToolSpecOverheadTokens = 8;

// The length of text encoded as UTF-8, counted without converting it.
[[nodiscard]] qint64 utf8Length(QStringView text);

[[nodiscard]] int estimateTokens(const ChatMessage& m);
[[nodiscard]] int estimateTokens(const QList<ChatMessage>& ms);
// The tool schemas sent with a request (name, description, JSON Schema of the arguments).
[[nodiscard]] int estimateTokens(const QList<ToolSpec>& tools);

// A stored message and its sequence number in the thread.
struct SeqMessage {
    qint64 seq = 0;
    ChatMessage message;
};

// Where to cut a thread so that the kept tail fits keepBudgetTokens: the index of the first
// message to KEEP (0 = keep all). The cut is only placed before a user message, so an assistant
// message with tool calls always stays with its tool results, and the newest user turn (the last
// user message and everything after it) is always kept, even when it alone exceeds the budget.
// Returns 0 when everything fits, and when there is no user message to cut before.
[[nodiscard]] int compactionCut(const QList<SeqMessage>& messages, int keepBudgetTokens);

// The context window of a model in tokens: overrideTokens when > 0, else a built-in table of
// well-known names (vendor documentation as of 2025; the input limit where it is smaller than
// the window), else 32768 for unknown names (most local models).
inline constexpr int kDefaultContextWindow = 32768;
[[nodiscard]] int contextWindowFor(const QString& model, int overrideTokens = 0);

// When to compact and how much history to keep, derived from a context window.
//  - triggerTokens: compact once the estimated prompt (system prompt + memory + history + tool
//    schemas) exceeds this. 70% of the window leaves room for the answer and for the estimate
//    under-counting dense JSON or code.
//  - keepTokens: the recent history kept verbatim after compaction (30% of the window), so that
//    many turns fit before the next compaction.
// maxPromptTokens caps the window used (0 = no cap): a 1M-token window would otherwise mean
// resending hundreds of thousands of tokens on every turn.
struct CompactionThresholds {
    int triggerTokens = 0;
    int keepTokens = 0;
};
inline constexpr int kDefaultMaxPromptTokens = 128000;
[[nodiscard]] CompactionThresholds compactionThresholdsFor(
    int contextWindow, int maxPromptTokens = kDefaultMaxPromptTokens);

}  // namespace zerg
