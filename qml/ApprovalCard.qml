import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts

// One approval request (docs/security.md): a worker wants to run something that may change a
// system and waits for the answer. Shows the host, the exact command, why it may change the
// system, what the worker said and its task. Allow once (Enter), Deny (Esc, with an optional
// message the worker reads), Always allow the offered command prefix on this host. The card only
// shows and asks: the answer goes out through the signals (Main.qml hands them to the
// ApprovalRequests model).
FocusScope {
    id: root

    property double approvalId: 0
    property string target
    property string action
    property string task
    property string why
    property string statedReason
    property string suggestedPrefix  // "" when "always allow" is not offered
    property string expiresText
    property int waitingCount: 1     // requests waiting, this one included
    property bool busy: false

    signal allowed(double approvalId)
    signal denied(double approvalId, string message)
    signal alwaysAllowed(double approvalId)

    function allow() {
        if (!busy)
            allowed(approvalId)
    }
    function deny() {
        if (!busy)
            denied(approvalId, denyMessage.text)
    }

    implicitHeight: frame.implicitHeight
    activeFocusOnTab: true

    Accessible.role: Accessible.AlertMessage
    Accessible.name: qsTr("Approval needed: %1 on %2").arg(root.action).arg(root.target)

    Keys.onReturnPressed: root.allow()
    Keys.onEnterPressed: root.allow()
    Keys.onEscapePressed: root.deny()

    Rectangle {
        id: frame

        anchors.left: parent.left
        anchors.right: parent.right
        implicitHeight: layout.implicitHeight + 28
        radius: Theme.radius
        color: Theme.surface
        border.color: root.activeFocus ? Theme.warning : Theme.border
        border.width: root.activeFocus ? 2 : 1

        ColumnLayout {
            id: layout

            anchors.fill: parent
            anchors.margins: 14
            spacing: 8

            RowLayout {
                Layout.fillWidth: true
                spacing: 8

                Rectangle {
                    implicitWidth: 10
                    implicitHeight: 10
                    radius: 5
                    color: Theme.warning
                }
                Text {
                    Layout.fillWidth: true
                    text: qsTr("Approval needed on %1").arg(root.target)
                    color: Theme.text
                    font.pixelSize: 15
                    font.weight: Font.DemiBold
                    wrapMode: Text.Wrap
                    Accessible.role: Accessible.Heading
                }
                Text {
                    text: root.waitingCount > 1
                          ? qsTr("%1 waiting · %2").arg(root.waitingCount).arg(root.expiresText)
                          : root.expiresText
                    color: Theme.textMuted
                    font.pixelSize: 12
                }
            }

            Rectangle {
                Layout.fillWidth: true
                implicitHeight: command.implicitHeight + 16
                radius: 6
                color: Theme.codeBackground

                TextEdit {
                    id: command

                    anchors.fill: parent
                    anchors.margins: 8
                    text: root.action
                    readOnly: true
                    selectByMouse: true
                    wrapMode: TextEdit.WrapAnywhere
                    color: Theme.text
                    font.family: Theme.monoFamily
                    font.pixelSize: 13
                    Accessible.name: qsTr("Command")
                }
            }

            Text {
                Layout.fillWidth: true
                visible: root.why.length > 0
                text: qsTr("Why it may change the system: %1").arg(root.why)
                color: Theme.text
                font.pixelSize: 13
                wrapMode: Text.Wrap
            }
            Text {
                Layout.fillWidth: true
                visible: root.statedReason.length > 0
                text: qsTr("The worker says: %1").arg(root.statedReason)
                color: Theme.text
                font.pixelSize: 13
                wrapMode: Text.Wrap
            }
            Text {
                Layout.fillWidth: true
                text: qsTr("Task: %1").arg(root.task)
                color: Theme.textMuted
                font.pixelSize: 12
                wrapMode: Text.Wrap
                maximumLineCount: 3
                elide: Text.ElideRight
            }

            TextField {
                id: denyMessage

                Layout.fillWidth: true
                placeholderText: qsTr("Message to the worker if you deny (optional)")
                Accessible.name: qsTr("Message to the worker if you deny")
                font.pixelSize: 13
                // In the message field Enter and Esc both deny, with the message.
                Keys.onReturnPressed: root.deny()
                Keys.onEnterPressed: root.deny()
                Keys.onEscapePressed: root.deny()
            }

            RowLayout {
                Layout.fillWidth: true
                spacing: 8

                Button {
                    id: allowButton

                    text: qsTr("Allow once")
                    enabled: !root.busy
                    highlighted: true
                    Accessible.name: qsTr("Allow once (Enter)")
                    onClicked: root.allow()
                }
                Button {
                    text: qsTr("Deny")
                    enabled: !root.busy
                    Accessible.name: qsTr("Deny (Escape)")
                    onClicked: root.deny()
                }
                Button {
                    visible: root.suggestedPrefix.length > 0
                    enabled: !root.busy
                    text: qsTr("Always allow “%1” here").arg(root.suggestedPrefix)
                    Accessible.name: qsTr("Always allow %1 on %2")
                                     .arg(root.suggestedPrefix).arg(root.target)
                    onClicked: root.alwaysAllowed(root.approvalId)
                }
                Item { Layout.fillWidth: true }
                Text {
                    text: qsTr("Enter allows · Esc denies")
                    color: Theme.textFaint
                    font.pixelSize: 11
                    visible: root.activeFocus
                }
            }
        }
    }
}
