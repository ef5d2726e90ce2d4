#pragma once

#include <QtQml/qqmlregistration.h>
#include <QColor>
#include <QQuickPaintedItem>

namespace zerg {

// An open circle (the spinner's arc), painted once with QPainter. A Canvas does the same through
// a JavaScript context per item, which costs milliseconds to create: the ticker makes one for
// every running tool call, 50 workers at a time.
class ArcItem : public QQuickPaintedItem {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QColor color READ color WRITE setColor NOTIFY colorChanged FINAL)
    Q_PROPERTY(qreal lineWidth READ lineWidth WRITE setLineWidth NOTIFY lineWidthChanged FINAL)
    Q_PROPERTY(qreal spanDegrees READ spanDegrees WRITE setSpanDegrees NOTIFY spanChanged FINAL)

public:
    explicit ArcItem(QQuickItem* parent = nullptr);

    void paint(QPainter* painter) override;

    [[nodiscard]] QColor color() const { return m_color; }
    void setColor(const QColor& color);
    [[nodiscard]] qreal lineWidth() const { return m_lineWidth; }
    void setLineWidth(qreal width);
    [[nodiscard]] qreal spanDegrees() const { return m_span; }
    void setSpanDegrees(qreal degrees);

Q_SIGNALS:
    void colorChanged();
    void lineWidthChanged();
    void spanChanged();

private:
    QColor m_color{Qt::black};
    qreal m_lineWidth = 2;
    qreal m_span = 252;  // 1.4 π
};

}  // namespace zerg
