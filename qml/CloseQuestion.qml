import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// Asked once, when the window is closed without a system tray while scheduled checks are active
// (WindowClose): keep Zerg running in the background, or quit. The answer becomes the setting
// Settings › Desktop › Closing the window; Esc keeps the window open and asks again next time.
Popup {
    id: root

    modal: true
    focus: true
    x: parent ? (parent.width - width) / 2 : 0
    y: parent ? (parent.height - height) / 2 : 0
    width: Math.min(480, (parent ? parent.width : 480) - 40)
    padding: 24
    closePolicy: Popup.CloseOnEscape
    onClosed: {
        if (WindowClose.asking)
            WindowClose.dismiss()
    }

    background: Rectangle {
        color: Theme.surface
        radius: Theme.radius
        border.color: Theme.border
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 14
        Accessible.role: Accessible.Dialog
        Accessible.name: heading.text

        Text {
            id: heading

            Layout.fillWidth: true
            text: qsTr("Keep Zerg running?")
            color: Theme.text
            font.pixelSize: 18
            font.weight: Font.DemiBold
            wrapMode: Text.Wrap
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }
        Text {
            Layout.fillWidth: true
            text: qsTr("%n scheduled check(s) run only while Zerg runs. Keep Zerg running in the background without its window? Start Zerg again to see the window.", "", WindowClose.activeSchedules)
            color: Theme.text
            font.pixelSize: 13
            wrapMode: Text.Wrap
        }
        Text {
            Layout.fillWidth: true
            text: qsTr("Your answer is remembered. Change it in Settings › Desktop.")
            color: Theme.textMuted
            font.pixelSize: 12
            wrapMode: Text.Wrap
        }
        RowLayout {
            Layout.alignment: Qt.AlignRight
            spacing: 10

            Button {
                text: qsTr("Quit Zerg")
                Accessible.name: qsTr("Quit Zerg; scheduled checks stop")
                onClicked: WindowClose.answer(false)
            }
            Button {
                id: keepButton

                text: qsTr("Keep running")
                highlighted: true
                Accessible.name: qsTr("Keep Zerg running in the background")
                onClicked: WindowClose.answer(true)
                Keys.onReturnPressed: WindowClose.answer(true)
                Keys.onEnterPressed: WindowClose.answer(true)
            }
        }
    }

    Component.onCompleted: {
        open()
        keepButton.forceActiveFocus()
    }
}
