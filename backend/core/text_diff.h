#pragma once

#include <QList>
#include <QString>

namespace zerg {

// One piece of a word diff: text as it is in `from` (Removed), in `to` (Added) or both (Same).
struct DiffPiece {
    enum class Kind { Same, Added, Removed };
    Kind kind = Kind::Same;
    QString text;
};

// The word diff of two texts: pieces in order that, joined, give `from` (Same + Removed) and `to`
// (Same + Added). Words are split at whitespace, and a word's following whitespace belongs to it;
// consecutive pieces of the same kind are merged.
[[nodiscard]] QList<DiffPiece> wordDiff(const QString& from, const QString& to);

}  // namespace zerg
