#pragma once

#include <QtQml/qqmlregistration.h>
#include <QColor>
#include <QObject>
#include <QPointer>
#include <QQuickTextDocument>
#include <QString>

namespace zerg {

class CodeHighlighter;

// Colours the code of a chat code block (a plain-text TextEdit) by its fence's language: shell,
// JSON, YAML, INI-like and diff (ui/code_highlighter.h); any other language stays plain. The
// colours come from Theme, so light and dark both read well.
class CodeHighlighting : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(
        QQuickTextDocument* document READ document WRITE setDocument NOTIFY documentChanged FINAL)
    // The fence's info string ("bash", "yaml", …).
    Q_PROPERTY(QString language READ language WRITE setLanguage NOTIFY languageChanged FINAL)
    Q_PROPERTY(QColor keywordColor MEMBER m_keyword NOTIFY colorsChanged FINAL)
    Q_PROPERTY(QColor stringColor MEMBER m_string NOTIFY colorsChanged FINAL)
    Q_PROPERTY(QColor numberColor MEMBER m_number NOTIFY colorsChanged FINAL)
    Q_PROPERTY(QColor commentColor MEMBER m_comment NOTIFY colorsChanged FINAL)
    Q_PROPERTY(QColor keyColor MEMBER m_key NOTIFY colorsChanged FINAL)
    Q_PROPERTY(QColor addedColor MEMBER m_added NOTIFY colorsChanged FINAL)
    Q_PROPERTY(QColor removedColor MEMBER m_removed NOTIFY colorsChanged FINAL)
    Q_PROPERTY(QColor metaColor MEMBER m_meta NOTIFY colorsChanged FINAL)
    // The chat's Ctrl+F term: its occurrences get matchColor as background. With no language
    // (a Markdown text) only these are marked.
    Q_PROPERTY(
        QString searchTerm READ searchTerm WRITE setSearchTerm NOTIFY searchTermChanged FINAL)
    Q_PROPERTY(QColor matchColor MEMBER m_match NOTIFY colorsChanged FINAL)

public:
    explicit CodeHighlighting(QObject* parent = nullptr);
    ~CodeHighlighting() override;

    [[nodiscard]] QQuickTextDocument* document() const { return m_document; }
    void setDocument(QQuickTextDocument* document);
    [[nodiscard]] QString language() const { return m_language; }
    void setLanguage(const QString& language);
    [[nodiscard]] QString searchTerm() const { return m_searchTerm; }
    void setSearchTerm(const QString& term);

Q_SIGNALS:
    void documentChanged();
    void languageChanged();
    void searchTermChanged();
    void colorsChanged();

private:
    void schedule();
    void apply();

    QPointer<QQuickTextDocument> m_document;
    QPointer<CodeHighlighter> m_highlighter;
    QString m_language;
    QColor m_keyword;
    QColor m_string;
    QColor m_number;
    QColor m_comment;
    QColor m_key;
    QColor m_added;
    QColor m_removed;
    QColor m_meta;
    QColor m_match;
    QString m_searchTerm;
    bool m_scheduled = false;
};

}  // namespace zerg
