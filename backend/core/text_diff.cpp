#include "core/text_diff.h"

// dtl, the Diff Template Library (Debian's libdtl-dev): a maintained, header-only implementation
// of Wu, Manber and Myers' O(NP) diff, fast when two texts differ little (an edited prompt
// against its default), and nothing to link or ship.
#include <dtl/dtl.hpp>

#include <vector>

namespace zerg {
namespace {

// The text's words, each with the whitespace after it (whitespace before the first word is a
// token of its own). Joined, they give the text back.
std::vector<QString> words(const QString& text) {
    std::vector<QString> out;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n;) {
        const qsizetype start = i;
        while (i < n && !text.at(i).isSpace())
            ++i;
        while (i < n && text.at(i).isSpace())
            ++i;
        out.push_back(text.sliced(start, i - start));
    }
    return out;
}

}  // namespace

QList<DiffPiece> wordDiff(const QString& from, const QString& to) {
    using Kind = DiffPiece::Kind;
    QList<DiffPiece> pieces;
    if (from == to) {
        if (!from.isEmpty())
            pieces.append(DiffPiece{Kind::Same, from});
        return pieces;
    }
    if (from.isEmpty() || to.isEmpty()) {
        pieces.append(from.isEmpty() ? DiffPiece{Kind::Added, to} : DiffPiece{Kind::Removed, from});
        return pieces;
    }

    dtl::Diff<QString, std::vector<QString>> diff(words(from), words(to));
    // Past dtl's limit of 2,000,000 path points (texts that differ almost everywhere), the rest
    // is reported as removed and added instead of searching on: a 20000-word text stays fast.
    // Texts that differ in a few places never come near it and get the shortest diff.
    diff.onUnserious();
    diff.compose();

    // dtl may interleave the removed and added words of one change; within a change the removed
    // words come first here, so that each change is at most one Removed and one Added piece.
    QString same;
    QString removed;
    QString added;
    const auto flush = [&pieces](QString& text, Kind kind) {
        if (!text.isEmpty()) {
            pieces.append(DiffPiece{kind, text});
            text.clear();
        }
    };
    const auto script = diff.getSes().getSequence();
    for (const auto& [word, info] : script) {
        switch (info.type) {
            case dtl::SES_COMMON:
                flush(removed, Kind::Removed);
                flush(added, Kind::Added);
                same += word;
                break;
            case dtl::SES_DELETE:
                flush(same, Kind::Same);
                removed += word;
                break;
            case dtl::SES_ADD:
                flush(same, Kind::Same);
                added += word;
                break;
            default:
                break;
        }
    }
    flush(same, Kind::Same);
    flush(removed, Kind::Removed);
    flush(added, Kind::Added);
    return pieces;
}

}  // namespace zerg
