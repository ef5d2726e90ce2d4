#pragma once

#include <QtQml/qqmlregistration.h>
#include <QColor>
#include <QObject>
#include <QPointer>
#include <QQuickTextDocument>

class QTextDocument;

namespace zerg {

// Gives Markdown rendered by a TextEdit a calmer look than Qt's defaults: shaded code blocks,
// space between paragraphs, padded tables, smaller headings. Presentation only; it re-applies
// itself whenever the text changes (e.g. while an answer streams in).
class MarkdownStyler : public QObject {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(
        QQuickTextDocument* document READ document WRITE setDocument NOTIFY documentChanged FINAL)
    Q_PROPERTY(QColor codeBackground MEMBER m_codeBackground NOTIFY stylesChanged FINAL)
    Q_PROPERTY(QColor borderColor MEMBER m_borderColor NOTIFY stylesChanged FINAL)

public:
    explicit MarkdownStyler(QObject* parent = nullptr);

    [[nodiscard]] QQuickTextDocument* document() const { return m_document; }
    void setDocument(QQuickTextDocument* document);

Q_SIGNALS:
    void documentChanged();
    void stylesChanged();

private:
    void schedule();
    void apply();

    QPointer<QQuickTextDocument> m_document;
    QPointer<QTextDocument> m_text;
    QColor m_codeBackground{0xf3, 0xf4, 0xf6};
    QColor m_borderColor{0xd8, 0xdc, 0xe1};
    bool m_scheduled = false;
    bool m_applying = false;
};

}  // namespace zerg
