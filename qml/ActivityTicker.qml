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

        // A ListView, not a Repeater in a Flickable: with many workers only the rows in view
        // (and a screen's worth around them) exist, so events for the others cost no
        // bindings, layout or delegates, and the JavaScript heap stays small.
        ListView {
            id: list

            Layout.fillWidth: true
            Layout.preferredHeight: Math.min(contentHeight, root.maxListHeight)
            clip: true
            spacing: 8
            boundsBehavior: Flickable.StopAtBounds
            cacheBuffer: root.maxListHeight
            model: Jarvis.workers
            // Keep the newest call in view, unless the user is scrolling.
            onContentHeightChanged: if (!moving) positionViewAtEnd()

            ScrollBar.vertical: ScrollBar {
                policy: list.contentHeight > list.height ? ScrollBar.AlwaysOn
                                                         : ScrollBar.AlwaysOff
            }

            delegate: WorkerActivity {
                width: ListView.view.width - 12
            }
        }
    }
}
