import QtQuick
import QtQuick.Layouts

// One tool call in the ticker: ✓ ssh_exec cube "df -h" (1.8 s), ✗ … (error), or a spinner
// with the time so far.
RowLayout {
    id: root

    property string display
    property string callState  // running | done | failed
    property string error
    property string durationText  // "1.8 s"; "3 s…" while running (ActivityModel)
    property string progressText  // "2 of 5 · Indexing" while a running call reports progress
    property var exitCode

    readonly property bool isRunning: callState === "running"
    readonly property bool isFailed: callState === "failed"

    spacing: 8

    Item {
        Layout.preferredWidth: 14
        Layout.preferredHeight: 16
        Spinner {
            anchors.centerIn: parent
            width: 12
            height: 12
            visible: root.isRunning
        }
        Text {
            anchors.centerIn: parent
            visible: !root.isRunning
            text: root.isFailed ? "✗" : "✓"
            color: root.isFailed ? Theme.danger : Theme.success
            font.pixelSize: 13
            font.bold: true
        }
    }
    Text {
        Layout.fillWidth: true
        Layout.minimumWidth: 80
        text: root.display
        elide: Text.ElideRight
        color: root.isRunning ? Theme.text : Theme.textMuted
        font.family: Theme.monoFamily
        font.pixelSize: 12
    }
    Text {
        Layout.maximumWidth: root.width * 0.45
        elide: Text.ElideRight
        text: {
            if (root.isRunning)
                return root.progressText.length > 0
                        ? qsTr("%1 · %2").arg(root.progressText).arg(root.durationText)
                        : root.durationText
            const took = root.durationText
            if (!root.isFailed)
                return qsTr("(%1)").arg(took)
            const why = root.error.length > 0
                    ? root.error
                    : (root.exitCode !== null && root.exitCode !== undefined
                       ? qsTr("exit code %1").arg(root.exitCode) : qsTr("failed"))
            return qsTr("(%1, %2)").arg(why).arg(took)
        }
        color: root.isFailed ? Theme.danger : Theme.textFaint
        font.pixelSize: 12
    }
}
