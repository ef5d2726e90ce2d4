#include "arc_item.h"

#include <QPainter>
#include <QPen>

namespace zerg {

ArcItem::ArcItem(QQuickItem* parent) : QQuickPaintedItem(parent) {
    setAntialiasing(true);
}

void ArcItem::paint(QPainter* painter) {
    const qreal inset = m_lineWidth / 2 + 0.5;
    const QRectF box = QRectF(0, 0, width(), height()).adjusted(inset, inset, -inset, -inset);
    QPen pen(m_color, m_lineWidth);
    pen.setCapStyle(Qt::RoundCap);
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(pen);
    // QPainter's angles are in 1/16 degree, counter-clockwise from 3 o'clock.
    painter->drawArc(box, 0, -int(m_span * 16));
}

void ArcItem::setColor(const QColor& color) {
    if (color == m_color)
        return;
    m_color = color;
    update();
    Q_EMIT colorChanged();
}

void ArcItem::setLineWidth(qreal width) {
    if (qFuzzyCompare(width, m_lineWidth))
        return;
    m_lineWidth = width;
    update();
    Q_EMIT lineWidthChanged();
}

void ArcItem::setSpanDegrees(qreal degrees) {
    if (qFuzzyCompare(degrees, m_span))
        return;
    m_span = degrees;
    update();
    Q_EMIT spanChanged();
}

}  // namespace zerg
