import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// The live supervision tree: every supervisor with its strategy and restart intensity, every
// child with its state, restart type, restarts and last exit. Updated when a child starts,
// exits or restarts.
Rectangle {
    id: root

    color: Theme.window

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 16
        spacing: 10

        RowLayout {
            Layout.fillWidth: true

            Text {
                Layout.fillWidth: true
                text: SupervisionTree.count > 0
                      ? qsTr("Services and workers as Zerg supervises them; a crashed child is restarted by its supervisor's rules.")
                      : qsTr("The supervision tree is not running in this process.")
                color: Theme.textMuted
                font.pixelSize: Theme.smallFontSize + 1
                wrapMode: Text.Wrap
            }
            Button {
                text: qsTr("Refresh")
                onClicked: SupervisionTree.refresh()
                Accessible.name: qsTr("Refresh the supervision tree")
            }
        }

        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: true
            color: Theme.surface
            border.color: Theme.border
            radius: 6

            ListView {
                id: list

                anchors.fill: parent
                anchors.margins: 1
                clip: true
                model: SupervisionTree
                boundsBehavior: Flickable.StopAtBounds
                ScrollBar.vertical: ScrollBar {}

                delegate: Item {
                    id: row

                    required property string name
                    required property int depth
                    required property string status
                    required property string kind
                    required property string detail

                    width: ListView.view.width
                    height: 34

                    Rectangle {
                        anchors.left: parent.left
                        anchors.right: parent.right
                        anchors.bottom: parent.bottom
                        height: 1
                        color: Theme.border
                        opacity: 0.6
                    }

                    RowLayout {
                        anchors.fill: parent
                        anchors.leftMargin: 14 + row.depth * 22
                        anchors.rightMargin: 14
                        spacing: 8

                        Rectangle {
                            implicitWidth: 9
                            implicitHeight: 9
                            radius: 4.5
                            color: row.status === "running" ? Theme.idle
                                 : row.status === "restarting" || row.status === "stopping" ? Theme.working
                                 : Theme.textFaint
                        }
                        Text {
                            text: row.name
                            color: Theme.text
                            font.pixelSize: Theme.fontSize - 1
                            font.weight: row.kind === "supervisor" ? Font.DemiBold : Font.Normal
                        }
                        Text {
                            text: row.status
                            color: Theme.textMuted
                            font.pixelSize: Theme.smallFontSize
                        }
                        Text {
                            Layout.fillWidth: true
                            text: row.detail
                            color: Theme.textFaint
                            font.pixelSize: Theme.smallFontSize
                            elide: Text.ElideRight
                        }
                    }
                }
            }
        }
    }
}
