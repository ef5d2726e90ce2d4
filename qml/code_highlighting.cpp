#include "code_highlighting.h"

#include "ui/code_highlighter.h"

#include <QTextDocument>

namespace zerg {

CodeHighlighting::CodeHighlighting(QObject* parent) : QObject(parent) {
    const CodePalette defaults;
    m_keyword = defaults.keyword;
    m_string = defaults.string;
    m_number = defaults.number;
    m_comment = defaults.comment;
    m_key = defaults.key;
    m_added = defaults.added;
    m_removed = defaults.removed;
    m_meta = defaults.meta;
    m_match = defaults.match;
    connect(this, &CodeHighlighting::colorsChanged, this, &CodeHighlighting::schedule);
}

CodeHighlighting::~CodeHighlighting() {
    delete m_highlighter;  // the document may outlive us: it keeps no colours of ours
}

void CodeHighlighting::setDocument(QQuickTextDocument* document) {
    if (document == m_document)
        return;
    delete m_highlighter;
    m_document = document;
    QTextDocument* text = document ? document->textDocument() : nullptr;
    if (text)
        text->setUndoRedoEnabled(false);  // a read-only block: no undo of the recolouring edits
    // Owned by the text document (its parent), so it goes with it.
    m_highlighter = text ? new CodeHighlighter(text) : nullptr;
    Q_EMIT documentChanged();
    schedule();
}

void CodeHighlighting::setLanguage(const QString& language) {
    if (language == m_language)
        return;
    m_language = language;
    Q_EMIT languageChanged();
    schedule();
}

void CodeHighlighting::schedule() {
    // QML sets the properties one by one: colour the block once, after the last.
    if (m_scheduled)
        return;
    m_scheduled = true;
    QMetaObject::invokeMethod(this, &CodeHighlighting::apply, Qt::QueuedConnection);
}

void CodeHighlighting::apply() {
    m_scheduled = false;
    if (!m_highlighter)
        return;
    CodePalette palette;
    palette.keyword = m_keyword;
    palette.string = m_string;
    palette.number = m_number;
    palette.comment = m_comment;
    palette.key = m_key;
    palette.added = m_added;
    palette.removed = m_removed;
    palette.meta = m_meta;
    palette.match = m_match;
    // The palette first: with the language still None it colours nothing, so a new block is
    // coloured once.
    m_highlighter->setPalette(palette);
    m_highlighter->setLanguage(codeLanguageFromFence(m_language));
    m_highlighter->setSearchTerm(m_searchTerm);
}

void CodeHighlighting::setSearchTerm(const QString& term) {
    if (term == m_searchTerm)
        return;
    m_searchTerm = term;
    Q_EMIT searchTermChanged();
    schedule();
}

}  // namespace zerg
