import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// One worker in the ticker: "Worker: <task>", its state and elapsed time, Details (the worker in
// the dashboard), Cancel while it runs, and its tool calls.
Column {
    id: root

    required property real jobId
    required property string task
    required property string status
    required property string elapsedText
    required property string error
    required property string workerId

    // Not ended yet (queued too): it can still be cancelled.
    readonly property bool isLive: !Status.isTerminal(status)

    spacing: 3

    RowLayout {
        width: root.width
        spacing: 8

        Text {
            Layout.fillWidth: true
            text: qsTr("Worker: %1").arg(root.task)
            elide: Text.ElideRight
            color: Theme.text
            font.pixelSize: 13
        }
        Text {
            // The time only once it means work: a queued or cancelled worker's (muted) is none.
            readonly property string tone: Status.tone(root.status)
            readonly property string label: Status.labels[root.status] ?? root.status

            text: tone === "muted" ? label : qsTr("%1 · %2").arg(label).arg(root.elapsedText)
            color: Theme.toneColor(tone)
            font.pixelSize: 12
        }
        Button {
            id: detailsButton
            visible: root.workerId.length > 0
            text: qsTr("Details")
            flat: true
            padding: 4
            leftPadding: 10
            rightPadding: 10
            font.pixelSize: 12
            Accessible.name: qsTr("Show this worker in the dashboard")
            // The dashboard's Worker detail page, on this worker.
            onClicked: {
                WorkerDetail.open(root.workerId)
                ApplicationWindow.window.dashboardTab = 1
                ApplicationWindow.window.page = "dashboard"
            }
            contentItem: Text {
                text: detailsButton.text
                font: detailsButton.font
                color: Theme.accent
                horizontalAlignment: Text.AlignHCenter
                verticalAlignment: Text.AlignVCenter
            }
            background: Rectangle {
                radius: 6
                color: detailsButton.hovered ? Theme.tickerBackground : "transparent"
            }
        }
        Button {
            id: cancelButton
            visible: root.isLive
            text: qsTr("Cancel")
            flat: true
            padding: 4
            leftPadding: 10
            rightPadding: 10
            font.pixelSize: 12
            onClicked: Jarvis.cancelWorker(root.jobId)
            ToolTip.visible: hovered
            ToolTip.delay: 600
            ToolTip.text: qsTr("Stop this worker; Jarvis answers with what it found so far.")
            contentItem: Text {
                text: cancelButton.text
                font: cancelButton.font
                color: Theme.danger
                horizontalAlignment: Text.AlignHCenter
                verticalAlignment: Text.AlignVCenter
            }
            background: Rectangle {
                radius: 6
                color: cancelButton.hovered ? Theme.dangerBubble : "transparent"
                border.color: Theme.dangerBorder
            }
        }
    }

    // This worker's calls, through a live view of the activity model that holds only them (so
    // a new call creates one delegate, not one per ticker row). The role "state" would clash
    // with Item.state, so roles are read through the model object here.
    // The worker's newest calls (JobCalls keeps the ticker short), after a count of older ones.
    readonly property JobCalls calls: Jarvis.activity.callsFor(root.jobId)

    Text {
        visible: root.calls && root.calls.hidden > 0
        leftPadding: 12
        text: root.calls ? qsTr("… %n earlier call(s)", "", root.calls.hidden) : ""
        color: Theme.textFaint
        font.pixelSize: Theme.smallFontSize + 1
    }
    Repeater {
        model: root.calls
        delegate: ToolCallLine {
            required property var model
            anchors.left: parent?.left
            anchors.right: parent?.right
            anchors.leftMargin: 12
            display: model.display
            callState: model.state
            error: model.error
            durationText: model.durationText
            progressText: model.progressText
            exitCode: model.exitCode
        }
    }
}
