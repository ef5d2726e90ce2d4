import QtQuick
import QtQuick.Controls

ApplicationWindow {
    width: 900
    height: 640
    visible: true
    title: qsTr("Zerg — Jarvis")
}
