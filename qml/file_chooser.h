#pragma once

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QString>

namespace zerg {

// The desktop's file dialog for QML (singleton `FileChooser`): where an export is saved, which
// key file a host uses. Qt 6.4's
// QtQuick.Dialogs is a separate Debian package; QFileDialog (QtWidgets, which the tray already
// needs) uses the platform's dialog (the XDG portal's on GNOME and KDE) where there is one.
class FileChooser : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_SINGLETON

public:
    explicit FileChooser(QObject* parent = nullptr) : QObject(parent) {}

    // Asks where to save, starting in the user's Documents folder with suggestedName; filter:
    // "Markdown (*.md)". The file's URL as text ("file:///…"); empty when the user cancelled (or
    // without a QApplication).
    Q_INVOKABLE QString saveFile(const QString& title, const QString& suggestedName,
                                 const QString& filter) const;
    // Asks for an existing file, starting in folder (empty: the home folder; "~/" expanded),
    // showing hidden files (~/.ssh). Its path; empty when cancelled (or without a QApplication).
    Q_INVOKABLE QString openFile(const QString& title, const QString& folder) const;
};

}  // namespace zerg
