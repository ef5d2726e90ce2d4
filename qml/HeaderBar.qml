import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// Title, the idle/working state and the switch between the chat and the dashboard.
Rectangle {
    id: root

    property string page: "jarvis"

    signal pageToggled()
    signal inboxToggled()

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
            text: root.page === "jarvis" ? qsTr("Jarvis") : qsTr("Dashboard")
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
        // Remote mode: which server, or that it cannot be reached (the banner says more).
        Text {
            visible: ServerConnection.remote
            Layout.leftMargin: 6
            text: ServerConnection.summary
            color: ServerConnection.connected ? Theme.textMuted : Theme.danger
            font.pixelSize: 13
        }
        Button {
            id: inboxButton

            Layout.leftMargin: 10
            implicitHeight: 32
            text: Inbox.unreadCount > 0 ? qsTr("Inbox (%1)").arg(Inbox.unreadCount)
                                        : qsTr("Inbox")
            font.pixelSize: 13
            font.weight: Inbox.unreadCount > 0 ? Font.DemiBold : Font.Normal
            onClicked: root.inboxToggled()
            Accessible.name: Inbox.unreadCount > 0
                             ? qsTr("Task inbox, %1 unread").arg(Inbox.unreadCount)
                             : qsTr("Task inbox")
            ToolTip.visible: hovered
            ToolTip.delay: 600
            ToolTip.text: qsTr("Results of scheduled checks (Ctrl+I)")
        }
        Button {
            implicitHeight: 32
            text: root.page === "jarvis" ? qsTr("Dashboard") : qsTr("Jarvis")
            font.pixelSize: 13
            onClicked: root.pageToggled()
            ToolTip.visible: hovered
            ToolTip.delay: 600
            ToolTip.text: qsTr("Ctrl+D")
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
