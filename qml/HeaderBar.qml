import QtQuick
import QtQuick.Layouts
import Zerg.Backend

// Title and the idle/working state.
Rectangle {
    id: root

    implicitHeight: 52
    color: Theme.surface

    RowLayout {
        anchors.fill: parent
        anchors.leftMargin: 20
        anchors.rightMargin: 20
        spacing: 10

        Rectangle {
            Layout.preferredWidth: 28
            Layout.preferredHeight: 28
            radius: 8
            color: Theme.accent
            Text {
                anchors.centerIn: parent
                text: "J"
                color: "white"
                font.pixelSize: 15
                font.bold: true
            }
        }
        Text {
            text: qsTr("Jarvis")
            color: Theme.text
            font.pixelSize: 16
            font.weight: Font.DemiBold
        }
        Item { Layout.fillWidth: true }
        StatusDot {
            working: Jarvis.busy
        }
        Text {
            text: Jarvis.busy ? (Jarvis.statusMessage.length > 0 ? Jarvis.statusMessage
                                                                  : qsTr("Working…"))
                              : qsTr("Idle")
            color: Theme.textMuted
            font.pixelSize: 13
        }
    }
    Rectangle {
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        height: 1
        color: Theme.border
    }
}
