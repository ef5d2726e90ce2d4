import QtQuick

// The baseline of zerg-bench-startup: a bare Qt Quick window of the size of Zerg's main window
// (qml/Main.qml) with one line of text.
Window {
    width: 960
    height: 680
    visible: true
    title: "Baseline"

    Text {
        anchors.centerIn: parent
        text: "Hello from a bare Qt Quick window"
    }
}
