import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// The roundabout made visible (seed: worker-supervision-roundabout.md, "UI Integration"): each
// worker of the current run with its tool calls as they happen. Cleared when the run ends.
Rectangle {
    id: root

    readonly property int maxListHeight: 180

    implicitHeight: layout.implicitHeight + 20
    radius: Theme.radius
    color: Theme.tickerBackground
    border.color: Theme.border

    ColumnLayout {
        id: layout

        anchors.fill: parent
        anchors.margins: 10
        anchors.leftMargin: 14
        anchors.rightMargin: 14
        spacing: 6

        RowLayout {
            spacing: 8
            Spinner {
                Layout.preferredWidth: 14
                Layout.preferredHeight: 14
                visible: Jarvis.activity.running
            }
            Text {
                text: Jarvis.activity.running ? qsTr("Investigating…")
                                              : qsTr("Putting the answer together…")
                color: Theme.text
                font.pixelSize: 13
                font.weight: Font.DemiBold
            }
        }

        Flickable {
            id: flick

            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(workersColumn.implicitHeight, root.maxListHeight)
            contentHeight: workersColumn.implicitHeight
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            // Keep the newest call in view.
            onContentHeightChanged: contentY = Math.max(0, contentHeight - height)

            ScrollBar.vertical: ScrollBar {
                policy: flick.contentHeight > flick.height ? ScrollBar.AlwaysOn
                                                           : ScrollBar.AlwaysOff
            }

            Column {
                id: workersColumn

                width: flick.width - 12
                spacing: 8

                Repeater {
                    model: Jarvis.workers

                    delegate: WorkerActivity {
                        anchors.left: parent?.left
                        anchors.right: parent?.right
                    }
                }
            }
        }
    }
}
