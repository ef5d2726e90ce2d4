#pragma once

#include <QString>

namespace zerg {

// What Jarvis says of a Markdown answer: plain sentences a speech synthesizer reads well.
// Formatting goes (emphasis, headings, bullets, quotes, HTML tags), inline code and link texts
// stay as words, a bare web address becomes "a link"; code blocks and tables are not read out:
// the first of each is replaced by one sentence in the current language ("I put the command in
// the chat.", "I put a table in the chat."). Paragraphs, headings and list items end as sentences.
[[nodiscard]] QString speakableText(const QString& markdown);

}  // namespace zerg
