// Issue 22, "No remote loads when showing a message": Markdown images in what the window shows
// (answers, inbox items, threads) are not fetched. A real HTTP server on loopback counts the
// requests: with the app's network factory (qml/local_only_network.h) it gets none; without it,
// the same QML fetches the images, which shows that the test would see a load.
#include "http_stub.h"
#include "local_only_network.h"

#include <QGuiApplication>
#include <QQmlComponent>
#include <QQmlEngine>
#include <QQuickItem>
#include <QQuickWindow>
#include <QTest>

#include <memory>

using namespace zerg;
using zerg::test::HttpStub;

class TestNoRemoteLoads : public QObject {
    Q_OBJECT

    // A window with a Markdown message (an image, an HTML <img>) and an Image item, all pointing
    // at the stub. Returns the number of requests the stub received within the wait.
    static int loadsOf(QQmlEngine& engine, HttpStub& stub, int waitMs) {
        const QString base = stub.baseUrl();
        const QByteArray qml =
            QStringLiteral(
                "import QtQuick\n"
                "Item {\n"
                "  width: 400; height: 300\n"
                "  TextEdit { width: 400; textFormat: TextEdit.MarkdownText;\n"
                "    text: 'Look: ![pixel](%1/pixel.png) and <img src=\"%1/b.png\">' }\n"
                "  Image { y: 150; source: '%1/c.png' }\n"
                "}\n")
                .arg(base)
                .toUtf8();
        QQmlComponent component(&engine);
        component.setData(qml, QUrl(QStringLiteral("qrc:/test/NoRemoteLoads.qml")));
        if (component.isError()) {
            qWarning("%s", qPrintable(component.errorString()));
            return -1;
        }
        QQuickWindow window;
        window.resize(400, 300);
        std::unique_ptr<QObject> root(component.create());
        auto* item = qobject_cast<QQuickItem*>(root.get());
        if (!item)
            return -1;
        item->setParentItem(window.contentItem());
        window.show();
        QTest::qWait(waitMs);
        return int(stub.requests().size());
    }

private Q_SLOTS:
    void theAppsFactoryLoadsNothingFromTheNetwork() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("GET", "/pixel.png", 200, "x", "image/png");
        LocalOnlyNetworkFactory factory;
        QQmlEngine engine;
        engine.setNetworkAccessManagerFactory(&factory);
        QCOMPARE(loadsOf(engine, stub, 1500), 0);
        QVERIFY(factory.refused() >= 2);  // the Markdown image and the Image item at least
    }

    // The control: the same QML on an engine without the factory does reach the stub.
    void withoutItTheSameQmlWouldFetch() {
        HttpStub stub;
        QVERIFY(stub.start());
        stub.route("GET", "/pixel.png", 200, "x", "image/png");
        QQmlEngine engine;
        QVERIFY(loadsOf(engine, stub, 1500) >= 1);
    }

    void localSchemesStillLoad() {
        QVERIFY(
            LocalOnlyNetworkAccessManager::isLocal(QUrl(QStringLiteral("qrc:/Zerg/App/x.png"))));
        QVERIFY(LocalOnlyNetworkAccessManager::isLocal(QUrl(QStringLiteral("file:///tmp/x.png"))));
        QVERIFY(LocalOnlyNetworkAccessManager::isLocal(
            QUrl(QStringLiteral("data:image/png;base64,AA=="))));
        QVERIFY(!LocalOnlyNetworkAccessManager::isLocal(
            QUrl(QStringLiteral("https://example.com/x.png"))));
        QVERIFY(!LocalOnlyNetworkAccessManager::isLocal(QUrl(QStringLiteral("ftp://10.0.0.1/x"))));
    }
};

QTEST_MAIN(TestNoRemoteLoads)
#include "test_no_remote_loads.moc"
