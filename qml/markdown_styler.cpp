#include "markdown_styler.h"

#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>

namespace zerg {
namespace {

bool isCode(const QTextBlockFormat& f) {
    return f.hasProperty(QTextFormat::BlockCodeFence) ||
           f.hasProperty(QTextFormat::BlockCodeLanguage) || f.nonBreakableLines();
}

void styleTables(QTextFrame* frame, const QColor& border) {
    for (QTextFrame* child : frame->childFrames()) {
        if (auto* table = qobject_cast<QTextTable*>(child)) {
            QTextTableFormat f = table->format();
            f.setBorderCollapse(true);
            f.setBorder(1);
            f.setBorderBrush(border);
            f.setCellPadding(6);
            f.setCellSpacing(0);
            f.setTopMargin(4);
            f.setBottomMargin(0);
            table->setFormat(f);
        }
        styleTables(child, border);
    }
}

}  // namespace

MarkdownStyler::MarkdownStyler(QObject* parent) : QObject(parent) {
    connect(this, &MarkdownStyler::stylesChanged, this, &MarkdownStyler::schedule);
}

void MarkdownStyler::setDocument(QQuickTextDocument* document) {
    if (document == m_document)
        return;
    if (m_text)
        disconnect(m_text, nullptr, this, nullptr);
    m_document = document;
    m_text = document ? document->textDocument() : nullptr;
    if (m_text) {
        m_text->setUndoRedoEnabled(false);
        connect(m_text, &QTextDocument::contentsChanged, this, &MarkdownStyler::schedule);
    }
    Q_EMIT documentChanged();
    schedule();
}

void MarkdownStyler::schedule() {
    // Our own format changes also report contentsChanged: ignore those, and coalesce the rest.
    if (m_applying || m_scheduled)
        return;
    m_scheduled = true;
    QMetaObject::invokeMethod(this, &MarkdownStyler::apply, Qt::QueuedConnection);
}

void MarkdownStyler::apply() {
    m_scheduled = false;
    if (!m_text)
        return;
    m_applying = true;
    QTextCursor cursor(m_text);
    cursor.beginEditBlock();
    // Runs of code lines not yet framed: [first position, last position].
    QList<QPair<int, int>> codeRuns;
    for (QTextBlock block = m_text->begin(); block.isValid(); block = block.next()) {
        QTextBlockFormat f = block.blockFormat();
        if (isCode(f)) {
            if (QTextCursor(block).currentFrame() != m_text->rootFrame())
                continue;
            const int end = block.position() + block.length() - 1;
            if (!codeRuns.isEmpty() && block.previous().isValid() &&
                isCode(block.previous().blockFormat()) &&
                codeRuns.last().second ==
                    block.previous().position() + block.previous().length() - 1) {
                codeRuns.last().second = end;
            } else {
                codeRuns.append({block.position(), end});
            }
            continue;
        }
        if (f.headingLevel() > 0) {
            f.setTopMargin(block.previous().isValid() ? 10 : 0);
            f.setBottomMargin(6);
            QTextCursor heading(block);
            heading.select(QTextCursor::BlockUnderCursor);
            QTextCharFormat cf;
            cf.setProperty(QTextFormat::FontSizeAdjustment, f.headingLevel() <= 2 ? 1 : 0);
            heading.mergeCharFormat(cf);
        } else {
            f.setBottomMargin(block.textList() ? 3 : 8);
        }
        QTextCursor(block).setBlockFormat(f);
    }
    // Qt Quick 6.4 paints frame backgrounds but not block backgrounds: put each code block in a
    // shaded frame. Last run first, so earlier positions stay valid.
    QTextFrameFormat codeFrame;
    codeFrame.setBackground(m_codeBackground);
    codeFrame.setPadding(8);
    codeFrame.setTopMargin(2);
    codeFrame.setBottomMargin(8);
    codeFrame.setBorder(0);
    for (auto run = codeRuns.crbegin(); run != codeRuns.crend(); ++run) {
        QTextCursor c(m_text);
        c.setPosition(run->first);
        c.setPosition(run->second, QTextCursor::KeepAnchor);
        c.insertFrame(codeFrame);
    }
    // Tables and code frames are followed (and code frames preceded) by empty paragraphs; the
    // frames' own margins space them, so those paragraphs take no room.
    for (QTextBlock b = m_text->begin(); b.isValid(); b = b.next()) {
        if (isCode(b.blockFormat()))
            continue;
        if (b.length() > 1) {
            // Qt Quick ignores the code frame's bottom margin: space the text after it instead.
            QTextBlock prev = b.previous();
            if (prev.isValid() && prev.length() == 1)
                prev = prev.previous();
            if (prev.isValid() && isCode(prev.blockFormat())) {
                QTextBlockFormat f = b.blockFormat();
                f.setTopMargin(10);
                QTextCursor(b).setBlockFormat(f);
            }
            continue;
        }
        QTextBlockFormat f = b.blockFormat();
        f.setLineHeight(1, QTextBlockFormat::FixedHeight);
        f.setTopMargin(0);
        f.setBottomMargin(0);
        QTextCursor(b).setBlockFormat(f);
    }
    styleTables(m_text->rootFrame(), m_borderColor);
    cursor.endEditBlock();
    m_applying = false;
}

}  // namespace zerg
