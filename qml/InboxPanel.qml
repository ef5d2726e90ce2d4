pragma ComponentBehavior: Bound

import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.App
import Zerg.Backend

// The task inbox in the Jarvis window (the `Inbox` singleton): results of scheduled checks,
// newest first, coloured by severity, unread ones marked. Opening one shows its full result as
// Markdown and marks it read; a reply continues the conversation with that result in context
// (Inbox.reply; the chat sends it) and then asks to close the panel. A focus scope: give it
// focus (forceActiveFocus) when it opens and the list takes the keys.
FocusScope {
    id: root

    // The panel wants to be closed: the close button, Escape on the list, or a reply was sent.
    signal closeRequested()

    property string replyError: ""

    function severityColor(severity: string): color {
        return severity === "critical" ? Theme.danger
             : severity === "warning" ? Theme.working : Theme.textMuted
    }
    function severityName(severity: string): string {
        return severity === "critical" ? qsTr("Critical")
             : severity === "warning" ? qsTr("Warning") : qsTr("Info")
    }
    function sendReply() {
        replyError = Inbox.reply(Inbox.currentId, replyField.text)
        if (replyError.length > 0)
            return
        replyField.text = ""
        Inbox.close()
        root.closeRequested()
    }

    implicitWidth: 380
    Accessible.role: Accessible.Pane
    Accessible.name: qsTr("Task inbox")

    Rectangle {
        anchors.fill: parent
        color: Theme.surface
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        // Title, Mark all read, Close.
        RowLayout {
            Layout.fillWidth: true
            Layout.margins: 12
            spacing: 8

            Text {
                text: qsTr("Inbox")
                color: Theme.text
                font.pixelSize: 16
                font.weight: Font.DemiBold
            }
            Text {
                Layout.fillWidth: true
                text: Inbox.unreadCount > 0 ? qsTr("%n unread", "", Inbox.unreadCount) : ""
                color: Theme.textMuted
                font.pixelSize: Theme.smallFontSize + 1
            }
            Button {
                text: qsTr("Mark all read")
                enabled: Inbox.unreadCount > 0 && !Inbox.busy
                flat: true
                font.pixelSize: 12
                onClicked: Inbox.markAllRead()
                Accessible.name: qsTr("Mark all results read")
            }
            Button {
                text: qsTr("Close")
                flat: true
                font.pixelSize: 12
                onClicked: root.closeRequested()
                Accessible.name: qsTr("Close the inbox")
            }
        }
        Rectangle {
            Layout.fillWidth: true
            Layout.preferredHeight: 1
            color: Theme.border
        }

        Rectangle {
            visible: Inbox.error.length > 0
            Layout.fillWidth: true
            Layout.margins: 8
            implicitHeight: inboxError.implicitHeight + 16
            radius: 6
            color: Theme.dangerBubble
            border.color: Theme.dangerBorder

            Text {
                id: inboxError

                x: 8
                y: 8
                width: parent.width - 16
                text: Inbox.error
                color: Theme.dangerText
                font.pixelSize: Theme.smallFontSize + 1
                wrapMode: Text.Wrap
            }
        }

        // ---- approval requests waiting (scheduled checks in the ask mode wait here too) ----
        ColumnLayout {
            visible: Inbox.currentId === 0 && ApprovalRequests.count > 0
            Layout.fillWidth: true
            Layout.margins: 8
            spacing: 6

            Text {
                Layout.fillWidth: true
                text: qsTr("%n approval(s) waiting", "", ApprovalRequests.count)
                color: Theme.text
                font.pixelSize: 13
                font.weight: Font.DemiBold
                Accessible.role: Accessible.Heading
            }
            Repeater {
                model: ApprovalRequests

                delegate: Rectangle {
                    id: request

                    required property double approvalId
                    required property string target
                    required property string action
                    required property string why

                    Layout.fillWidth: true
                    implicitHeight: requestLayout.implicitHeight + 16
                    radius: 6
                    color: Theme.tickerBackground
                    border.color: Theme.warning
                    Accessible.role: Accessible.AlertMessage
                    Accessible.name: qsTr("Approval needed: %1 on %2").arg(request.action)
                                                                      .arg(request.target)

                    ColumnLayout {
                        id: requestLayout

                        x: 8
                        y: 8
                        width: parent.width - 16
                        spacing: 4

                        Text {
                            Layout.fillWidth: true
                            text: qsTr("On %1").arg(request.target)
                            color: Theme.textMuted
                            font.pixelSize: Theme.smallFontSize + 1
                        }
                        Text {
                            Layout.fillWidth: true
                            text: request.action
                            color: Theme.text
                            font.family: Theme.monoFamily
                            font.pixelSize: 12
                            wrapMode: Text.WrapAnywhere
                        }
                        Text {
                            Layout.fillWidth: true
                            visible: request.why.length > 0
                            text: request.why
                            color: Theme.textMuted
                            font.pixelSize: Theme.smallFontSize + 1
                            wrapMode: Text.Wrap
                        }
                        RowLayout {
                            spacing: 6

                            Button {
                                text: qsTr("Allow once")
                                enabled: !ApprovalRequests.busy
                                font.pixelSize: 12
                                Accessible.name: qsTr("Allow %1 on %2 once").arg(request.action)
                                                                            .arg(request.target)
                                onClicked: ApprovalRequests.allow(request.approvalId)
                            }
                            Button {
                                text: qsTr("Deny")
                                enabled: !ApprovalRequests.busy
                                font.pixelSize: 12
                                Accessible.name: qsTr("Deny %1 on %2").arg(request.action)
                                                                       .arg(request.target)
                                onClicked: ApprovalRequests.deny(request.approvalId, "")
                            }
                        }
                    }
                }
            }
        }

        // ---- the list ----
        Item {
            visible: Inbox.currentId === 0
            Layout.fillWidth: true
            Layout.fillHeight: true

            Text {
                anchors.centerIn: parent
                width: parent.width - 48
                visible: Inbox.count === 0
                text: qsTr("No results yet. Scheduled checks put what they find here; set one up on the dashboard's Schedules page or ask Jarvis.")
                color: Theme.textMuted
                font.pixelSize: 13
                wrapMode: Text.Wrap
                horizontalAlignment: Text.AlignHCenter
            }

            ListView {
                id: list

                anchors.fill: parent
                clip: true
                model: Inbox
                focus: Inbox.currentId === 0
                keyNavigationEnabled: true
                boundsBehavior: Flickable.StopAtBounds
                ScrollBar.vertical: ScrollBar {}
                Accessible.role: Accessible.List
                Accessible.name: qsTr("Results of scheduled checks")
                Keys.onReturnPressed: Inbox.open(Inbox.idAt(currentIndex))
                Keys.onSpacePressed: Inbox.open(Inbox.idAt(currentIndex))
                Keys.onEscapePressed: root.closeRequested()

                delegate: Rectangle {
                    id: item

                    required property int index
                    required property real itemId
                    required property string title
                    required property string severity
                    required property string createdText
                    required property bool read
                    required property string excerpt

                    width: ListView.view.width
                    implicitHeight: content.implicitHeight + 20
                    color: ListView.isCurrentItem && list.activeFocus ? Theme.tickerBackground
                         : hover.hovered ? Theme.tickerBackground : Theme.surface
                    Accessible.role: Accessible.ListItem
                    Accessible.name: (item.read ? "" : qsTr("Unread. "))
                                     + qsTr("%1, %2, %3: %4").arg(root.severityName(item.severity))
                                                             .arg(item.title).arg(item.createdText)
                                                             .arg(item.excerpt)

                    HoverHandler { id: hover; cursorShape: Qt.PointingHandCursor }
                    TapHandler {
                        onTapped: {
                            list.currentIndex = item.index
                            Inbox.open(item.itemId)
                        }
                    }

                    // Severity bar.
                    Rectangle {
                        anchors.left: parent.left
                        anchors.top: parent.top
                        anchors.bottom: parent.bottom
                        anchors.topMargin: 8
                        anchors.bottomMargin: 8
                        width: 3
                        radius: 1.5
                        color: root.severityColor(item.severity)
                    }
                    Rectangle {
                        anchors.left: parent.left
                        anchors.right: parent.right
                        anchors.bottom: parent.bottom
                        height: 1
                        color: Theme.border
                    }

                    ColumnLayout {
                        id: content

                        x: 14
                        y: 10
                        width: parent.width - 28
                        spacing: 3

                        RowLayout {
                            Layout.fillWidth: true
                            spacing: 6

                            // Unread marker.
                            Rectangle {
                                visible: !item.read
                                implicitWidth: 8
                                implicitHeight: 8
                                radius: 4
                                color: Theme.accent
                            }
                            Text {
                                Layout.fillWidth: true
                                text: item.title
                                color: Theme.text
                                font.pixelSize: Theme.fontSize - 1
                                font.weight: item.read ? Font.Normal : Font.DemiBold
                                elide: Text.ElideRight
                            }
                            Text {
                                text: root.severityName(item.severity)
                                color: root.severityColor(item.severity)
                                font.pixelSize: Theme.smallFontSize
                                font.weight: Font.DemiBold
                            }
                            Text {
                                text: item.createdText
                                color: Theme.textFaint
                                font.pixelSize: Theme.smallFontSize
                            }
                        }
                        Text {
                            Layout.fillWidth: true
                            text: item.excerpt
                            color: Theme.textMuted
                            font.pixelSize: Theme.smallFontSize + 1
                            wrapMode: Text.Wrap
                            maximumLineCount: 2
                            elide: Text.ElideRight
                        }
                    }
                }
            }
        }

        // ---- one item ----
        ColumnLayout {
            visible: Inbox.currentId !== 0
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.margins: 12
            spacing: 8

            Keys.onEscapePressed: Inbox.close()

            RowLayout {
                Layout.fillWidth: true
                spacing: 8

                Button {
                    text: qsTr("‹ Inbox")
                    flat: true
                    font.pixelSize: 12
                    onClicked: Inbox.close()
                    Accessible.name: qsTr("Back to the inbox")
                }
                Rectangle {
                    implicitWidth: 10
                    implicitHeight: 10
                    radius: 5
                    color: root.severityColor(Inbox.currentSeverity)
                }
                Text {
                    Layout.fillWidth: true
                    text: Inbox.currentTitle
                    color: Theme.text
                    font.pixelSize: Theme.fontSize
                    font.weight: Font.DemiBold
                    elide: Text.ElideRight
                }
                Text {
                    text: qsTr("%1 · %2").arg(root.severityName(Inbox.currentSeverity))
                                         .arg(Inbox.currentCreatedText)
                    color: Theme.textFaint
                    font.pixelSize: Theme.smallFontSize
                }
            }

            Flickable {
                id: bodyFlick

                Layout.fillWidth: true
                Layout.fillHeight: true
                contentWidth: width
                contentHeight: body.implicitHeight
                clip: true
                boundsBehavior: Flickable.StopAtBounds
                ScrollBar.vertical: ScrollBar {}

                TextEdit {
                    id: body

                    width: bodyFlick.width
                    text: Inbox.currentBody
                    textFormat: TextEdit.MarkdownText
                    readOnly: true
                    selectByMouse: true
                    wrapMode: TextEdit.Wrap
                    color: Theme.text
                    selectionColor: Theme.accent
                    selectedTextColor: "white"
                    font.pixelSize: Theme.fontSize
                    activeFocusOnTab: true
                    Accessible.role: Accessible.StaticText
                    Accessible.name: Inbox.currentTitle
                    Accessible.description: Inbox.currentBody
                    onLinkActivated: link => Qt.openUrlExternally(link)

                    MarkdownStyler {
                        document: body.textDocument
                        codeBackground: Theme.codeBackground
                        borderColor: Theme.border
                    }
                    HoverHandler {
                        enabled: body.hoveredLink.length > 0
                        cursorShape: Qt.PointingHandCursor
                    }
                }
            }

            Rectangle {
                Layout.fillWidth: true
                Layout.preferredHeight: 1
                color: Theme.border
            }

            Text {
                Layout.fillWidth: true
                visible: root.replyError.length > 0
                text: root.replyError
                color: Theme.dangerText
                font.pixelSize: Theme.smallFontSize + 1
                wrapMode: Text.Wrap
            }
            RowLayout {
                Layout.fillWidth: true
                spacing: 8

                TextField {
                    id: replyField

                    Layout.fillWidth: true
                    placeholderText: qsTr("Ask Jarvis about this result…")
                    font.pixelSize: 13
                    Accessible.name: qsTr("Reply about this result")
                    onAccepted: root.sendReply()
                    onTextChanged: root.replyError = ""
                }
                Button {
                    text: qsTr("Send")
                    enabled: replyField.text.trim().length > 0
                    onClicked: root.sendReply()
                    Accessible.name: qsTr("Send the reply to Jarvis")
                }
            }
        }
    }

    // A newly opened item starts at its top, with the reply field empty.
    Connections {
        target: Inbox
        function onCurrentChanged() {
            bodyFlick.contentY = 0
            root.replyError = ""
            if (Inbox.currentId === 0)
                list.forceActiveFocus()
        }
    }
}
