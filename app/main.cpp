#include <QApplication>
#include <QQmlApplicationEngine>
#include <QtQml/QQmlExtensionPlugin>

Q_IMPORT_QML_PLUGIN(Zerg_BackendPlugin)
Q_IMPORT_QML_PLUGIN(Zerg_AppPlugin)

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QQmlApplicationEngine engine;
    engine.load(QUrl(QStringLiteral("qrc:/Zerg/App/Main.qml")));
    if (engine.rootObjects().isEmpty()) return 1;
    return app.exec();
}
