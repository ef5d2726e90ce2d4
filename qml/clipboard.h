#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QString>

namespace zerg {

// The system clipboard for QML (singleton `Clipboard`): the chat's Copy buttons.
class Clipboard : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    explicit Clipboard(QObject* parent = nullptr) : QObject(parent) {}

    Q_INVOKABLE void copy(const QString& text) const;
    Q_INVOKABLE QString text() const;
};

}  // namespace zerg
