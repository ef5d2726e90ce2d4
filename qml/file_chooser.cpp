#include "file_chooser.h"

#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QStandardPaths>
#include <QUrl>

namespace zerg {

QString FileChooser::saveFile(const QString& title, const QString& suggestedName,
                              const QString& filter) const {
    // A QGuiApplication (the QML tests) has no widgets to show.
    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        return {};
    QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (folder.isEmpty())
        folder = QDir::homePath();
    const QString path =
        QFileDialog::getSaveFileName(nullptr, title, QDir(folder).filePath(suggestedName), filter);
    return path.isEmpty() ? QString() : QUrl::fromLocalFile(path).toString();
}

}  // namespace zerg
