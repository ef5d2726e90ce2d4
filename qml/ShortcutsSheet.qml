import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.App

// Every keyboard shortcut of the window, in one sheet (F1 or Ctrl+?). The keys are shown in the
// platform's words ("Strg" in German) by Shortcut.nativeText of the window's own shortcuts,
// passed in as `entries`: [{keys, action}].
Popup {
    id: root

    property var entries: []

    modal: true
    focus: true
    x: parent ? (parent.width - width) / 2 : 0
    y: parent ? (parent.height - height) / 2 : 0
    width: Math.min(520, (parent ? parent.width : 520) - 40)
    height: Math.min(contentColumn.implicitHeight + 48, (parent ? parent.height : 600) - 40)
    padding: 24
    closePolicy: Popup.CloseOnEscape | Popup.CloseOnPressOutside

    background: Rectangle {
        color: Theme.surface
        radius: Theme.radius
        border.color: Theme.border
    }

    ScrollView {
        anchors.fill: parent
        clip: true
        Accessible.role: Accessible.Dialog
        Accessible.name: qsTr("Keyboard shortcuts")
        contentWidth: availableWidth

        ColumnLayout {
            id: contentColumn

            width: parent.width
            spacing: 10

            RowLayout {
                Layout.fillWidth: true

                Text {
                    Layout.fillWidth: true
                    text: qsTr("Keyboard shortcuts")
                    color: Theme.text
                    font.pixelSize: 18
                    font.weight: Font.DemiBold
                    Accessible.role: Accessible.Heading
                    Accessible.name: text
                }
                Button {
                    text: qsTr("Close")
                    Accessible.name: qsTr("Close the keyboard shortcuts")
                    onClicked: root.close()
                }
            }

            Repeater {
                model: root.entries

                delegate: RowLayout {
                    id: entry

                    required property var modelData

                    Layout.fillWidth: true
                    spacing: 16
                    Accessible.role: Accessible.StaticText
                    Accessible.name: entry.modelData.action + ": " + entry.modelData.keys

                    Rectangle {
                        Layout.preferredWidth: 170
                        Layout.preferredHeight: keysText.implicitHeight + 8
                        radius: 6
                        color: Theme.codeBackground
                        border.color: Theme.border

                        Text {
                            id: keysText

                            anchors.centerIn: parent
                            width: parent.width - 12
                            horizontalAlignment: Text.AlignHCenter
                            elide: Text.ElideRight
                            text: entry.modelData.keys
                            color: Theme.text
                            font.family: Theme.monoFamily
                            font.pixelSize: 12
                        }
                    }
                    Text {
                        Layout.fillWidth: true
                        text: entry.modelData.action
                        color: Theme.text
                        wrapMode: Text.Wrap
                        font.pixelSize: 13
                    }
                }
            }
        }
    }
}
