import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// Settings › Checks: `zerg doctor` from the window (the `Checks` singleton). "Run checks" lists
// each result as it comes, with what to do about a warning or a failure, and a summary at the
// end. In remote mode it says to run the doctor on the server.
ColumnLayout {
    id: root

    signal focusEntered(Item item)

    spacing: 6

    Text {
        Layout.fillWidth: true
        text: qsTr("Checks")
        color: Theme.text
        font.pixelSize: 15
        font.weight: Font.DemiBold
        Accessible.role: Accessible.Heading
    }
    RowLayout {
        Layout.fillWidth: true
        spacing: 10

        Text {
            Layout.fillWidth: true
            text: Checks.available
                  ? qsTr("What Zerg needs on this computer: the provider and its models, the data folder, the database, the sandbox, MCP servers and every host, as `zerg doctor` checks them.")
                  : Checks.unavailableReason
            color: Theme.textMuted
            font.pixelSize: 12
            wrapMode: Text.Wrap
        }
        Spinner {
            visible: Checks.running
            running: Checks.running
        }
        Button {
            id: runButton

            visible: Checks.available
            enabled: !Checks.running
            text: Checks.running ? qsTr("Checking…") : qsTr("Run checks")
            Accessible.name: qsTr("Run the checks")
            onClicked: Checks.run()
            onActiveFocusChanged: if (activeFocus) root.focusEntered(runButton)
        }
    }
    Text {
        Layout.fillWidth: true
        visible: text.length > 0
        text: Checks.summary
        color: Checks.summaryOk ? Theme.text : Theme.dangerText
        font.pixelSize: 13
        font.weight: Font.DemiBold
        wrapMode: Text.Wrap
        Accessible.role: Accessible.AlertMessage
        Accessible.name: text
    }
    Repeater {
        model: Checks

        delegate: RowLayout {
            id: check

            required property string title
            required property string status
            required property string message
            required property string fix

            Layout.fillWidth: true
            spacing: 8
            Accessible.role: Accessible.ListItem
            Accessible.name: qsTr("%1: %2").arg(check.title).arg(check.message)

            Text {
                Layout.alignment: Qt.AlignTop
                Layout.preferredWidth: 16
                text: check.status === "ok" ? "\u2713" : check.status === "warn" ? "!"
                      : check.status === "fail" ? "\u2717" : "\u2013"
                color: check.status === "ok" ? Theme.success : check.status === "warn"
                      ? Theme.warning : check.status === "fail" ? Theme.danger : Theme.textFaint
                font.pixelSize: 14
                font.weight: Font.Bold
                horizontalAlignment: Text.AlignHCenter
                Accessible.ignored: true
            }
            ColumnLayout {
                Layout.fillWidth: true
                spacing: 2

                Text {
                    Layout.fillWidth: true
                    text: check.title
                    color: Theme.text
                    font.pixelSize: 13
                    font.weight: Font.DemiBold
                    wrapMode: Text.Wrap
                }
                Text {
                    Layout.fillWidth: true
                    text: check.message
                    color: check.status === "skipped" ? Theme.textFaint : Theme.textMuted
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                    textFormat: Text.PlainText
                }
                Text {
                    Layout.fillWidth: true
                    visible: check.fix.length > 0
                    text: qsTr("Fix: %1").arg(check.fix)
                    color: check.status === "fail" ? Theme.dangerText : Theme.text
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                    textFormat: Text.PlainText
                }
            }
        }
    }
}
