import QtQuick
import Zerg.App

// A small rotating arc: "something is running" without relying on an emoji font. The arc is
// painted once; only its rotation animates.
Item {
    id: root

    property color color: Theme.accent
    property bool running: true

    implicitWidth: 14
    implicitHeight: 14

    ArcItem {
        anchors.fill: parent
        color: root.color
        lineWidth: 2

        RotationAnimator on rotation {
            from: 0
            to: 360
            duration: 900
            loops: Animation.Infinite
            running: root.running && root.visible
        }
    }
}
