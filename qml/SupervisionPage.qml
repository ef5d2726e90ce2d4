import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// The live supervision tree: every supervisor with its strategy and restart intensity, every
// child with its state, restart type, restarts and last exit. Updated when a child starts,
// exits or restarts. Under the supervisor agent (and a worker the XO watches) a second line
// gives the XO's latest SALUTE report, with a dot for its health.
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
                text: SupervisionTree.loadError.length > 0 ? SupervisionTree.loadError
                      : SupervisionTree.count > 0
                      ? qsTr("Services and workers as Zerg supervises them; a crashed child is restarted by its supervisor's rules.")
                      : qsTr("The supervision tree is not running in this process.")
                color: SupervisionTree.loadError.length > 0 ? Theme.dangerText : Theme.textMuted
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
                    required property string health
                    required property string report

                    width: ListView.view.width
                    // One line, or two with the XO's report under it.
                    height: row.report.length > 0 ? 50 : 34

                    Rectangle {
                        anchors.left: parent.left
                        anchors.right: parent.right
                        anchors.bottom: parent.bottom
                        height: 1
                        color: Theme.border
                        opacity: 0.6
                    }

                    RowLayout {
                        id: mainLine

                        anchors.left: parent.left
                        anchors.right: parent.right
                        anchors.top: parent.top
                        anchors.leftMargin: 14 + row.depth * 22
                        anchors.rightMargin: 14
                        height: 34
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

                    // The XO's latest report: under the name, past the state dot.
                    RowLayout {
                        visible: row.report.length > 0
                        anchors.left: mainLine.left
                        anchors.right: mainLine.right
                        anchors.top: mainLine.bottom
                        anchors.leftMargin: 17
                        anchors.topMargin: -6
                        height: 16
                        spacing: 6

                        Rectangle {
                            implicitWidth: 7
                            implicitHeight: 7
                            radius: 3.5
                            color: row.health === "critical" ? Theme.danger
                                 : row.health === "degraded" ? Theme.working
                                 : Theme.success
                            Accessible.ignored: true  // the line says the health in words
                        }
                        Text {
                            Layout.fillWidth: true
                            text: row.report
                            color: row.health === "critical" ? Theme.dangerText : Theme.textMuted
                            font.pixelSize: Theme.smallFontSize
                            elide: Text.ElideRight
                            Accessible.role: Accessible.StaticText
                            Accessible.name: qsTr("XO report of %1: %2").arg(row.name).arg(row.report)
                        }
                    }
                }
            }
        }
    }
}
