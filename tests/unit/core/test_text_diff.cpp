// core/text_diff: the word diff of an edited prompt against its default. Joined, the pieces give
// both texts back exactly (whitespace included); a few edits in a long text give few pieces.
#include "core/text_diff.h"

#include <QDebug>
#include <QTest>

#include <random>

using namespace zerg;
using namespace Qt::StringLiterals;

namespace {

using Kind = DiffPiece::Kind;

// The pieces as "=same", "-removed", "+added": readable when a comparison fails.
QStringList described(const QList<DiffPiece>& pieces) {
    QStringList out;
    for (const DiffPiece& p : pieces) {
        const QChar mark = p.kind == Kind::Same ? u'=' : p.kind == Kind::Removed ? u'-' : u'+';
        out.append(mark + p.text);
    }
    return out;
}

// The Same pieces with those of `kind`, in order: `from` for Removed, `to` for Added.
QString joined(const QList<DiffPiece>& pieces, Kind kind) {
    QString out;
    for (const DiffPiece& p : pieces) {
        if (p.kind == Kind::Same || p.kind == kind)
            out += p.text;
    }
    return out;
}

// wordDiff(from, to), checked for what holds of every diff: both texts come back, no piece is
// empty, no two neighbours are of the same kind.
QList<DiffPiece> checkedDiff(const QString& from, const QString& to) {
    const QList<DiffPiece> pieces = wordDiff(from, to);
    [&] {
        QCOMPARE(joined(pieces, Kind::Removed), from);
        QCOMPARE(joined(pieces, Kind::Added), to);
        for (qsizetype i = 0; i < pieces.size(); ++i) {
            QVERIFY2(!pieces.at(i).text.isEmpty(), qPrintable(described(pieces).join(u'|')));
            if (i > 0) {
                QVERIFY2(pieces.at(i).kind != pieces.at(i - 1).kind,
                         qPrintable(described(pieces).join(u'|')));
            }
        }
    }();
    return pieces;
}

// A text of `count` words from a small vocabulary (so that words repeat, as in prose), with
// varied whitespace between them and sometimes before the first and after the last.
QString randomText(std::mt19937& rng, int count) {
    static const QStringList vocabulary{u"you"_s,     u"are"_s,    u"a"_s,     u"helpful"_s,
                                        u"agent."_s,  u"Be"_s,     u"brief"_s, u"and"_s,
                                        u"polite;"_s, u"answer"_s, u"in"_s,    u"German"_s};
    static const QStringList spaces{u" "_s, u" "_s, u" "_s, u"  "_s, u"\n"_s, u"\n\n"_s, u"\t"_s};
    QString text;
    if (rng() % 5 == 0)
        text += spaces.at(rng() % spaces.size());
    for (int i = 0; i < count; ++i) {
        text += vocabulary.at(rng() % vocabulary.size());
        if (i + 1 < count || rng() % 3 == 0)
            text += spaces.at(rng() % spaces.size());
    }
    return text;
}

// `text` with a few words (or the whitespace after them) removed, replaced or added.
QString edited(std::mt19937& rng, const QString& text) {
    QStringList words = text.split(u' ');
    const int edits = 1 + int(rng() % 4);
    for (int e = 0; e < edits; ++e) {
        const qsizetype at = words.isEmpty() ? 0 : qsizetype(rng() % words.size());
        switch (rng() % 4) {
            case 0:
                if (!words.isEmpty())
                    words.removeAt(at);
                break;
            case 1:
                if (!words.isEmpty())
                    words[at] = u"changed"_s;
                break;
            case 2:
                words.insert(at, u"new\nline"_s);
                break;
            default:
                words.insert(at, QString());  // one more space
                break;
        }
    }
    return words.join(u' ');
}

}  // namespace

class TestTextDiff : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void identicalTexts() {
        const QString text = u"You are a helpful assistant.\n\nBe brief.\n"_s;
        QCOMPARE(described(checkedDiff(text, text)), QStringList{u'=' + text});
        QVERIFY(wordDiff(QString(), QString()).isEmpty());
    }

    void wordChangedInTheMiddle() {
        QCOMPARE(described(checkedDiff(u"the quick brown fox"_s, u"the quick red fox"_s)),
                 (QStringList{u"=the quick "_s, u"-brown "_s, u"+red "_s, u"=fox"_s}));
    }

    void insertionAtStart() {
        QCOMPARE(described(checkedDiff(u"quick brown fox"_s, u"the quick brown fox"_s)),
                 (QStringList{u"+the "_s, u"=quick brown fox"_s}));
    }

    void insertionAtEnd() {
        QCOMPARE(described(checkedDiff(u"Be brief.\n"_s, u"Be brief.\nAnswer in German.\n"_s)),
                 (QStringList{u"=Be brief.\n"_s, u"+Answer in German.\n"_s}));
        // The last word had no whitespace after it and now has: it is a changed word.
        QCOMPARE(described(checkedDiff(u"the quick fox"_s, u"the quick fox jumps"_s)),
                 (QStringList{u"=the quick "_s, u"-fox"_s, u"+fox jumps"_s}));
    }

    void deletion() {
        QCOMPARE(described(checkedDiff(u"Be brief and polite."_s, u"Be polite."_s)),
                 (QStringList{u"=Be "_s, u"-brief and "_s, u"=polite."_s}));
        QCOMPARE(described(checkedDiff(u"Be brief. Really."_s, u"Be brief. "_s)),
                 (QStringList{u"=Be brief. "_s, u"-Really."_s}));
    }

    void whitespaceIsKept() {
        // Whitespace after a word is part of it: changed whitespace is a changed word.
        QCOMPARE(described(checkedDiff(u"one  two"_s, u"one two"_s)),
                 (QStringList{u"-one  "_s, u"+one "_s, u"=two"_s}));
        QCOMPARE(described(checkedDiff(u"one two\n"_s, u"one\ntwo\n"_s)),
                 (QStringList{u"-one "_s, u"+one\n"_s, u"=two\n"_s}));
        // Whitespace before the first word is a piece of its own.
        QCOMPARE(described(checkedDiff(u"  indented\ttext"_s, u"  indented\tmore text"_s)),
                 (QStringList{u"=  indented\t"_s, u"+more "_s, u"=text"_s}));
        QCOMPARE(described(checkedDiff(u"\n\nx"_s, u"x"_s)), (QStringList{u"-\n\n"_s, u"=x"_s}));
        checkedDiff(u" \t\n"_s, u"\n"_s);
        checkedDiff(u"a\r\nb\r\n"_s, u"a\nb\r\n"_s);
        checkedDiff(u"non\u00a0breaking space and\u2003em space"_s, u"non breaking space"_s);
    }

    void emptyTexts() {
        QCOMPARE(described(checkedDiff(QString(), u"hello world\n"_s)),
                 QStringList{u"+hello world\n"_s});
        QCOMPARE(described(checkedDiff(u"hello world\n"_s, QString())),
                 QStringList{u"-hello world\n"_s});
        QCOMPARE(described(checkedDiff(u""_s, u"  "_s)), QStringList{u"+  "_s});
        QCOMPARE(described(checkedDiff(u"  "_s, u"x"_s)), (QStringList{u"-  "_s, u"+x"_s}));
    }

    void generatedTexts() {
        std::mt19937 rng(20240527);
        for (int round = 0; round < 300; ++round) {
            const QString from = randomText(rng, int(rng() % 40));
            const QString to =
                rng() % 4 == 0 ? randomText(rng, int(rng() % 40)) : edited(rng, from);
            checkedDiff(from, to);
            checkedDiff(to, from);
            if (QTest::currentTestFailed()) {
                qWarning().noquote() << "from:" << from << "\nto:" << to;
                return;
            }
        }
    }

    void longTextWithFewEdits() {
        QStringList words;
        for (int i = 0; i < 20000; ++i)
            words.append(u"w%1"_s.arg(i) + (i % 12 == 11 ? u'\n' : u' '));
        const QString from = words.join(QString());
        words[100] = u"changed "_s;
        words.removeAt(5000);
        words.insert(10000, u"inserted "_s);
        words[15000] = u"also\n"_s;
        words.prepend(u"First "_s);
        const QString to = words.join(QString());

        const QList<DiffPiece> pieces = checkedDiff(from, to);
        QStringList removed;
        QStringList added;
        for (const DiffPiece& p : pieces) {
            if (p.kind == Kind::Removed)
                removed.append(p.text);
            else if (p.kind == Kind::Added)
                added.append(p.text);
        }
        QCOMPARE(removed, (QStringList{u"w100 "_s, u"w5000 "_s, u"w15000 "_s}));
        QCOMPARE(added, (QStringList{u"First "_s, u"changed "_s, u"inserted "_s, u"also\n"_s}));
        QCOMPARE(pieces.size(), 12);
    }

    void longTextsWithNothingInCommon() {
        // Far past the search's limit: the rest is one removed and one added piece.
        QString from;
        QString to;
        for (int i = 0; i < 20000; ++i) {
            from += u"a%1 "_s.arg(i);
            to += u"b%1 "_s.arg(i);
        }
        const QList<DiffPiece> pieces = checkedDiff(from, to);
        QCOMPARE(described(pieces), (QStringList{u'-' + from, u'+' + to}));
    }
};

QTEST_GUILESS_MAIN(TestTextDiff)
#include "test_text_diff.moc"
