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

QString FileChooser::openFile(const QString& title, const QString& folder) const {
    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        return {};
    QString start = folder;
    if (start.startsWith(QLatin1String("~/")))
        start = QDir::homePath() + start.mid(1);
    if (start.isEmpty() || !QDir(start).exists())
        start = QDir::homePath();
    QFileDialog dialog(nullptr, title, start);
    dialog.setFileMode(QFileDialog::ExistingFile);
    dialog.setFilter(dialog.filter() | QDir::Hidden);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    return dialog.selectedFiles().constFirst();
}

}  // namespace zerg
