pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Dashboard › Worker detail: everything one worker left on disk. Left, its folder as a tree and
// the roundabout's checks as a timeline; right, the selected file rendered by kind (JSON/text,
// the conversation, the approval requests, a tool call with stdout and stderr apart). Bound to
// the `WorkerDetail` singleton, which reads and parses off the GUI thread; this page only
// presents.
Rectangle {
    id: root

    color: Theme.window

    readonly property bool isEmpty: WorkerDetail.workerId === "" && WorkerDetail.error === ""

    function decisionColor(decision: string): color {
        if (decision === "exit")
            return Theme.success
        if (decision === "cancel" || decision === "?")
            return Theme.danger
        if (decision === "wait")
            return Theme.textMuted
        return Theme.accent  // peek, message
    }

    // An approval request's status word (pending, allowed, denied, expired, cancelled).
    function approvalColor(status: string): color {
        if (status === "allowed")
            return Theme.success
        if (status === "denied" || status === "expired")
            return Theme.danger
        if (status === "pending")
            return Theme.warning
        return Theme.textMuted  // cancelled: withdrawn
    }

    function roleColor(role: string): color {
        if (role === "user")
            return Theme.accent
        if (role === "assistant")
            return Theme.success
        if (role === "tool")
            return Theme.working
        return Theme.textFaint
    }

    // A read-only, selectable, monospace block of text (a code block).
    component CodeBlock: Rectangle {
        id: block

        property alias text: edit.text
        property color textColor: Theme.text
        property string accessibleName

        implicitHeight: edit.implicitHeight + 16
        color: Theme.codeBackground
        radius: 4

        TextEdit {
            id: edit

            x: 8
            y: 8
            width: block.width - 16
            readOnly: true
            selectByMouse: true
            selectByKeyboard: true
            activeFocusOnTab: true
            wrapMode: TextEdit.WrapAnywhere
            textFormat: TextEdit.PlainText
            color: block.textColor
            selectionColor: Theme.accent
            font.family: Theme.monoFamily
            font.pixelSize: 12
            Accessible.name: block.accessibleName
        }
    }

    // The selected file's text (indented JSON or plain), selectable, in a scroll view.
    component FileText: ScrollView {
        id: fileText

        clip: true

        TextArea {
            // Hidden views hold no text: a 512 KiB file is laid out only where it is seen.
            text: fileText.visible ? WorkerDetail.text : ""
            readOnly: true
            selectByMouse: true
            selectByKeyboard: true
            wrapMode: TextEdit.WrapAnywhere
            textFormat: TextEdit.PlainText
            color: Theme.text
            selectionColor: Theme.accent
            font.family: Theme.monoFamily
            font.pixelSize: 12
            background: Rectangle { color: Theme.tickerBackground; radius: 4 }
            Accessible.name: qsTr("Contents of %1").arg(WorkerDetail.selectedPath)
        }
    }

    component SectionTitle: Text {
        color: Theme.textMuted
        font.pixelSize: Theme.smallFontSize
        font.weight: Font.DemiBold
        font.capitalization: Font.AllUppercase
    }

    // Nothing open yet.
    Text {
        anchors.centerIn: parent
        visible: root.isEmpty
        width: Math.min(parent.width - 40, 520)
        horizontalAlignment: Text.AlignHCenter
        wrapMode: Text.Wrap
        text: qsTr("Open a worker from the Workers tab (double-click a row or press Enter).")
        color: Theme.textMuted
        font.pixelSize: Theme.fontSize
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 16
        spacing: 10
        visible: !root.isEmpty

        // The worker: status, task, id, duration. Anchors and Rows rather than a RowLayout: Qt
        // 6.4's layouts keep stale sizes for texts that change while the page is hidden (a worker
        // opened from the Workers tab or the ticker).
        Item {
            Layout.fillWidth: true
            implicitHeight: Math.max(title.implicitHeight, actions.implicitHeight)

            Row {
                id: state

                anchors.left: parent.left
                anchors.verticalCenter: parent.verticalCenter
                spacing: 8

                StatusDot {
                    anchors.verticalCenter: parent.verticalCenter
                    visible: WorkerDetail.status !== ""
                    working: Status.isActive(WorkerDetail.status)
                    color: Theme.toneColor(Status.tone(WorkerDetail.status))
                }
                Text {
                    text: Status.labels[WorkerDetail.status] ?? WorkerDetail.status
                    color: Theme.textMuted
                    font.pixelSize: 13
                }
            }
            Text {
                id: title

                anchors.left: state.right
                anchors.leftMargin: 10
                anchors.right: actions.left
                anchors.rightMargin: 10
                anchors.verticalCenter: parent.verticalCenter
                text: WorkerDetail.task !== "" ? WorkerDetail.task : WorkerDetail.workerId
                color: Theme.text
                font.pixelSize: Theme.fontSize + 1
                font.weight: Font.DemiBold
                elide: Text.ElideRight
                Accessible.role: Accessible.Heading
                Accessible.name: qsTr("Worker task: %1").arg(text)
            }
            Row {
                id: actions

                anchors.right: parent.right
                anchors.verticalCenter: parent.verticalCenter
                spacing: 10

                Spinner {
                    anchors.verticalCenter: parent.verticalCenter
                    visible: WorkerDetail.loading || WorkerDetail.fileLoading
                    width: 14
                    height: 14
                }
                Text {
                    anchors.verticalCenter: parent.verticalCenter
                    text: WorkerDetail.durationText
                    color: Theme.textMuted
                    font.pixelSize: 13
                    font.family: Theme.monoFamily
                }
                Button {
                    text: qsTr("Reload")
                    enabled: WorkerDetail.workerId !== ""
                    onClicked: WorkerDetail.reload()
                    Accessible.name: qsTr("Reload the worker's files")
                }
                Button {
                    text: qsTr("Close")
                    onClicked: WorkerDetail.close()
                    Accessible.name: qsTr("Close this worker")
                }
            }
        }
        Text {
            Layout.fillWidth: true
            visible: WorkerDetail.workerId !== "" && WorkerDetail.task !== ""
            text: WorkerDetail.startedAt !== ""
                  ? qsTr("%1 · started %2").arg(WorkerDetail.workerId).arg(WorkerDetail.startedAt)
                  : WorkerDetail.workerId
            color: Theme.textFaint
            font.pixelSize: Theme.smallFontSize + 1
            font.family: Theme.monoFamily
            elide: Text.ElideMiddle
        }
        Text {
            Layout.fillWidth: true
            visible: WorkerDetail.summary !== ""
            text: WorkerDetail.summary
            color: Theme.textMuted
            font.pixelSize: 13
            wrapMode: Text.Wrap
        }
        Text {
            Layout.fillWidth: true
            visible: WorkerDetail.approvalSummary !== ""
            text: WorkerDetail.approvalSummary
            color: Theme.textMuted
            font.pixelSize: 13
            elide: Text.ElideRight
            Accessible.role: Accessible.StaticText
            Accessible.name: qsTr("Approval requests: %1").arg(text)
        }
        Text {
            Layout.fillWidth: true
            visible: WorkerDetail.workerError !== ""
            text: qsTr("Worker error: %1").arg(WorkerDetail.workerError)
            color: Theme.dangerText
            font.pixelSize: 13
            wrapMode: Text.Wrap
        }

        // Why the worker cannot be shown, and what to do.
        Rectangle {
            Layout.fillWidth: true
            visible: WorkerDetail.error !== ""
            implicitHeight: errorText.implicitHeight + 20
            color: Theme.dangerBubble
            border.color: Theme.dangerBorder
            radius: 6

            Text {
                id: errorText

                anchors.fill: parent
                anchors.margins: 10
                text: WorkerDetail.error
                color: Theme.dangerText
                wrapMode: Text.Wrap
                font.pixelSize: 13
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
            }
        }

        // Keeps the header and the error at the top while there is nothing else to show.
        Item {
            Layout.fillHeight: true
            visible: !WorkerDetail.hasWorker
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: WorkerDetail.hasWorker
            spacing: 12

            // Left: the folder and the roundabout timeline.
            ColumnLayout {
                // Children fill their column; the column itself keeps to its width.
                Layout.fillWidth: false
                Layout.preferredWidth: Math.min(380, root.width * 0.34)
                Layout.maximumWidth: Layout.preferredWidth
                Layout.fillHeight: true
                spacing: 8

                SectionTitle { text: qsTr("Files") }
                Rectangle {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    Layout.preferredHeight: 3
                    color: Theme.surface
                    border.color: fileList.activeFocus ? Theme.accent : Theme.border
                    radius: 6

                    ListView {
                        id: fileList

                        anchors.fill: parent
                        anchors.margins: 1
                        clip: true
                        focus: true
                        activeFocusOnTab: true
                        boundsBehavior: Flickable.StopAtBounds
                        model: WorkerDetail.files
                        highlightMoveDuration: 0
                        ScrollBar.vertical: ScrollBar {}
                        Accessible.role: Accessible.List
                        Accessible.name: qsTr("Files of the worker")

                        // Arrow keys browse: each file is shown as it becomes current. Rows
                        // inserted by a live refresh keep the current file, so nothing reloads.
                        onCurrentIndexChanged: {
                            const row = WorkerDetail.files.get(currentIndex)
                            if (row.path !== undefined && !row.isDir
                                    && row.path !== WorkerDetail.selectedPath)
                                WorkerDetail.selectFile(row.path)
                        }
                        Keys.onReturnPressed: {
                            const row = WorkerDetail.files.get(currentIndex)
                            if (row.path !== undefined && !row.isDir)
                                WorkerDetail.selectFile(row.path)
                        }

                        delegate: Rectangle {
                            id: fileRow

                            required property int index
                            required property string path
                            required property string name
                            required property int depth
                            required property bool isDir
                            required property string sizeText

                            readonly property bool selected: path === WorkerDetail.selectedPath

                            width: ListView.view.width
                            height: 28
                            color: selected ? Theme.userBubble
                                 : fileMouse.containsMouse ? Theme.tickerBackground : Theme.surface
                            Accessible.role: Accessible.ListItem
                            Accessible.name: isDir ? qsTr("Folder %1, %2").arg(name).arg(sizeText)
                                                   : qsTr("File %1, %2").arg(path).arg(sizeText)
                            Accessible.selected: selected

                            RowLayout {
                                anchors.fill: parent
                                anchors.leftMargin: 10 + fileRow.depth * 16
                                anchors.rightMargin: 10
                                spacing: 6

                                Text {
                                    text: fileRow.isDir ? "▾" : ""
                                    color: Theme.textFaint
                                    font.pixelSize: 11
                                    Layout.preferredWidth: 10
                                }
                                Text {
                                    Layout.fillWidth: true
                                    text: fileRow.isDir ? fileRow.name + "/" : fileRow.name
                                    color: fileRow.isDir ? Theme.textMuted : Theme.text
                                    font.pixelSize: 13
                                    font.family: Theme.monoFamily
                                    font.weight: fileRow.isDir ? Font.DemiBold : Font.Normal
                                    elide: Text.ElideMiddle
                                }
                                Text {
                                    text: fileRow.sizeText
                                    color: Theme.textFaint
                                    font.pixelSize: Theme.smallFontSize
                                }
                            }
                            MouseArea {
                                id: fileMouse

                                anchors.fill: parent
                                hoverEnabled: true
                                cursorShape: fileRow.isDir ? Qt.ArrowCursor : Qt.PointingHandCursor
                                onClicked: {
                                    fileList.forceActiveFocus()
                                    fileList.currentIndex = fileRow.index
                                    if (!fileRow.isDir)
                                        WorkerDetail.selectFile(fileRow.path)
                                }
                            }
                        }
                    }
                }

                SectionTitle {
                    text: WorkerDetail.timeline.count > 0
                          ? qsTr("Roundabout timeline (%n check(s))", "", WorkerDetail.timeline.count)
                          : qsTr("Roundabout timeline")
                }
                Rectangle {
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    Layout.preferredHeight: 2
                    color: Theme.surface
                    border.color: timelineList.activeFocus ? Theme.accent : Theme.border
                    radius: 6

                    Text {
                        anchors.fill: parent
                        anchors.margins: 12
                        visible: WorkerDetail.timeline.count === 0
                        text: qsTr("No roundabout checks: the supervisor did not monitor this worker, or it ended before the first check.")
                        color: Theme.textFaint
                        font.pixelSize: 12
                        wrapMode: Text.Wrap
                    }

                    ListView {
                        id: timelineList

                        anchors.fill: parent
                        anchors.margins: 1
                        clip: true
                        activeFocusOnTab: true
                        boundsBehavior: Flickable.StopAtBounds
                        model: WorkerDetail.timeline
                        ScrollBar.vertical: ScrollBar {}
                        Accessible.role: Accessible.List
                        Accessible.name: qsTr("Roundabout timeline: every check and decision")
                        Keys.onReturnPressed: {
                            const row = WorkerDetail.timeline.get(currentIndex)
                            if (row.path !== undefined)
                                WorkerDetail.selectFile(row.path)
                        }

                        delegate: Rectangle {
                            id: checkRow

                            required property int index
                            required property string path
                            required property string elapsedText
                            required property string decision
                            required property string reason
                            required property string source

                            width: ListView.view.width
                            height: 26
                            color: path === WorkerDetail.selectedPath
                                   || (timelineList.activeFocus && timelineList.currentIndex === index)
                                   ? Theme.userBubble : Theme.surface
                            Accessible.role: Accessible.ListItem
                            Accessible.name: qsTr("At %1: %2 (%3) %4").arg(elapsedText).arg(decision)
                                                                      .arg(source).arg(reason)

                            RowLayout {
                                anchors.fill: parent
                                anchors.leftMargin: 10
                                anchors.rightMargin: 10
                                spacing: 8

                                Text {
                                    Layout.preferredWidth: 64
                                    text: checkRow.elapsedText
                                    color: Theme.textMuted
                                    font.pixelSize: 12
                                    font.family: Theme.monoFamily
                                    horizontalAlignment: Text.AlignRight
                                }
                                Text {
                                    Layout.preferredWidth: 56
                                    text: checkRow.decision
                                    color: root.decisionColor(checkRow.decision)
                                    font.pixelSize: 12
                                    font.weight: Font.DemiBold
                                }
                                Text {
                                    Layout.fillWidth: true
                                    text: checkRow.reason !== "" ? checkRow.reason : checkRow.source
                                    color: checkRow.reason !== "" ? Theme.text : Theme.textFaint
                                    font.pixelSize: 12
                                    elide: Text.ElideRight
                                }
                            }
                            MouseArea {
                                anchors.fill: parent
                                cursorShape: Qt.PointingHandCursor
                                onClicked: {
                                    timelineList.currentIndex = checkRow.index
                                    WorkerDetail.selectFile(checkRow.path)
                                }
                            }
                        }
                    }
                }
            }

            // Right: the selected file.
            Rectangle {
                Layout.fillWidth: true
                Layout.fillHeight: true
                color: Theme.surface
                border.color: Theme.border
                radius: 6

                ColumnLayout {
                    anchors.fill: parent
                    anchors.margins: 12
                    spacing: 8

                    Text {
                        Layout.fillWidth: true
                        text: WorkerDetail.selectedPath !== "" ? WorkerDetail.selectedPath
                                                               : qsTr("Select a file on the left.")
                        color: WorkerDetail.selectedPath !== "" ? Theme.text : Theme.textMuted
                        font.pixelSize: 13
                        font.family: Theme.monoFamily
                        font.weight: Font.DemiBold
                        elide: Text.ElideMiddle
                    }
                    Text {
                        Layout.fillWidth: true
                        visible: WorkerDetail.note !== ""
                        text: WorkerDetail.note
                        color: Theme.working
                        font.pixelSize: 12
                        wrapMode: Text.Wrap
                    }
                    Text {
                        Layout.fillWidth: true
                        visible: WorkerDetail.fileError !== ""
                        text: WorkerDetail.fileError
                        color: Theme.dangerText
                        font.pixelSize: 13
                        wrapMode: Text.Wrap
                        Accessible.role: Accessible.AlertMessage
                        Accessible.name: text
                    }

                    Item {
                        Layout.fillWidth: true
                        Layout.fillHeight: true
                        visible: WorkerDetail.fileError === "" && WorkerDetail.selectedPath !== ""

                        // JSON and plain text.
                        FileText {
                            anchors.fill: parent
                            visible: WorkerDetail.viewKind !== "thread" && WorkerDetail.viewKind !== "toolcall"
                                     && WorkerDetail.viewKind !== "check" && WorkerDetail.viewKind !== "approvals"
                        }

                        // A roundabout check: the decision, then the whole file.
                        ColumnLayout {
                            anchors.fill: parent
                            visible: WorkerDetail.viewKind === "check"
                            spacing: 8

                            RowLayout {
                                Layout.fillWidth: true
                                spacing: 10

                                Text {
                                    text: WorkerDetail.check.elapsedText ?? ""
                                    color: Theme.textMuted
                                    font.family: Theme.monoFamily
                                    font.pixelSize: 13
                                }
                                Text {
                                    text: WorkerDetail.check.decision ?? ""
                                    color: root.decisionColor(WorkerDetail.check.decision ?? "")
                                    font.pixelSize: 13
                                    font.weight: Font.DemiBold
                                }
                                Text {
                                    text: WorkerDetail.check.source ? qsTr("by %1").arg(WorkerDetail.check.source) : ""
                                    color: Theme.textFaint
                                    font.pixelSize: 12
                                }
                                Text {
                                    Layout.fillWidth: true
                                    text: WorkerDetail.check.reason ?? ""
                                    color: Theme.text
                                    font.pixelSize: 13
                                    wrapMode: Text.Wrap
                                }
                            }
                            FileText {
                                Layout.fillWidth: true
                                Layout.fillHeight: true
                            }
                        }

                        // thread.jsonl as a conversation.
                        ListView {
                            id: conversationList

                            anchors.fill: parent
                            visible: WorkerDetail.viewKind === "thread"
                            clip: true
                            spacing: 10
                            activeFocusOnTab: true
                            boundsBehavior: Flickable.StopAtBounds
                            model: WorkerDetail.conversation
                            ScrollBar.vertical: ScrollBar {}
                            Accessible.role: Accessible.List
                            Accessible.name: qsTr("Conversation of the worker")

                            delegate: ColumnLayout {
                                id: entry

                                required property int line
                                required property string kind
                                required property string role
                                required property string text
                                required property string toolName
                                required property string toolArgs
                                required property string toolCallId
                                required property string raw

                                width: ListView.view.width - 12
                                spacing: 4

                                Text {
                                    text: entry.kind === "tool_call" ? qsTr("%1 → calls %2").arg(entry.role).arg(entry.toolName)
                                        : entry.kind === "tool_result" ? qsTr("tool result · %1").arg(entry.toolName)
                                        : entry.kind === "error" ? qsTr("unreadable line")
                                        : entry.role
                                    color: entry.kind === "error" ? Theme.danger : root.roleColor(entry.role)
                                    font.pixelSize: Theme.smallFontSize
                                    font.weight: Font.DemiBold
                                    font.capitalization: entry.kind === "message" ? Font.AllUppercase : Font.MixedCase
                                    Accessible.role: Accessible.StaticText
                                    Accessible.name: text
                                }
                                // Plain messages.
                                TextEdit {
                                    Layout.fillWidth: true
                                    visible: entry.kind === "message" && entry.text !== ""
                                    text: entry.text
                                    readOnly: true
                                    selectByMouse: true
                                    wrapMode: TextEdit.Wrap
                                    textFormat: TextEdit.PlainText
                                    color: entry.role === "system" ? Theme.textMuted : Theme.text
                                    selectionColor: Theme.accent
                                    font.pixelSize: 13
                                    Accessible.name: qsTr("%1 message").arg(entry.role)
                                }
                                // A tool call: its arguments; a note when they were not JSON.
                                CodeBlock {
                                    Layout.fillWidth: true
                                    visible: entry.kind === "tool_call"
                                    text: entry.toolArgs
                                    accessibleName: qsTr("Arguments of %1").arg(entry.toolName)
                                }
                                Text {
                                    Layout.fillWidth: true
                                    visible: entry.kind === "tool_call" && entry.text !== ""
                                    text: entry.text
                                    color: Theme.dangerText
                                    font.pixelSize: 12
                                }
                                CodeBlock {
                                    Layout.fillWidth: true
                                    visible: entry.kind === "tool_result"
                                    text: entry.text
                                    accessibleName: qsTr("Result of %1").arg(entry.toolName)
                                }
                                // A line that is not JSON: the note and the line as written.
                                Rectangle {
                                    Layout.fillWidth: true
                                    visible: entry.kind === "error"
                                    implicitHeight: errorColumn.implicitHeight + 16
                                    color: Theme.dangerBubble
                                    border.color: Theme.dangerBorder
                                    radius: 4

                                    Column {
                                        id: errorColumn

                                        x: 8
                                        y: 8
                                        width: parent.width - 16
                                        spacing: 4

                                        Text {
                                            width: parent.width
                                            text: entry.text
                                            color: Theme.dangerText
                                            font.pixelSize: 12
                                            wrapMode: Text.Wrap
                                        }
                                        TextEdit {
                                            width: parent.width
                                            text: entry.raw
                                            readOnly: true
                                            selectByMouse: true
                                            wrapMode: TextEdit.WrapAnywhere
                                            color: Theme.dangerText
                                            font.family: Theme.monoFamily
                                            font.pixelSize: 11
                                        }
                                    }
                                }
                            }
                        }

                        // approvals.jsonl: each approval request, what was asked and how it was answered.
                        Text {
                            anchors.fill: parent
                            visible: WorkerDetail.viewKind === "approvals" && !WorkerDetail.fileLoading
                                     && WorkerDetail.approvals.count === 0
                            text: qsTr("No approval request could be read from this file.")
                            color: Theme.textFaint
                            font.pixelSize: 13
                            wrapMode: Text.Wrap
                        }
                        ListView {
                            id: approvalList

                            anchors.fill: parent
                            visible: WorkerDetail.viewKind === "approvals"
                            clip: true
                            spacing: 10
                            activeFocusOnTab: true
                            boundsBehavior: Flickable.StopAtBounds
                            model: WorkerDetail.approvals
                            ScrollBar.vertical: ScrollBar {}
                            Accessible.role: Accessible.List
                            Accessible.name: qsTr("Approval requests of the worker")

                            delegate: Rectangle {
                                id: approval

                                required property real approvalId
                                required property string tool
                                required property string action
                                required property string target
                                required property string status
                                required property string statusLabel
                                required property string requestedText
                                required property string decidedText
                                required property string who
                                required property string message
                                required property string why
                                required property string statedReason
                                required property real ruleId

                                width: ListView.view.width - 12
                                implicitHeight: approvalColumn.implicitHeight + 16
                                color: Theme.tickerBackground
                                border.color: Theme.border
                                radius: 4
                                Accessible.role: Accessible.ListItem
                                Accessible.name: qsTr("Approval %1: %2 on %3, %4").arg(approvalId).arg(action)
                                                                                 .arg(target).arg(statusLabel)

                                ColumnLayout {
                                    id: approvalColumn

                                    x: 8
                                    y: 8
                                    width: parent.width - 16
                                    spacing: 4

                                    RowLayout {
                                        Layout.fillWidth: true
                                        spacing: 8

                                        Text {
                                            text: approval.statusLabel
                                            color: root.approvalColor(approval.status)
                                            font.pixelSize: Theme.smallFontSize
                                            font.weight: Font.DemiBold
                                            font.capitalization: Font.AllUppercase
                                            Accessible.role: Accessible.StaticText
                                            Accessible.name: qsTr("Status: %1").arg(text)
                                        }
                                        Text {
                                            Layout.fillWidth: true
                                            text: approval.tool !== "" ? qsTr("%1 on %2").arg(approval.tool).arg(approval.target)
                                                                       : approval.target
                                            color: Theme.textMuted
                                            font.pixelSize: 12
                                            elide: Text.ElideRight
                                            Accessible.role: Accessible.StaticText
                                            Accessible.name: qsTr("Where: %1").arg(text)
                                        }
                                        Text {
                                            text: qsTr("#%1").arg(approval.approvalId)
                                            color: Theme.textFaint
                                            font.pixelSize: Theme.smallFontSize
                                            font.family: Theme.monoFamily
                                        }
                                    }
                                    // The exact command (or request) that was to run.
                                    CodeBlock {
                                        Layout.fillWidth: true
                                        text: approval.action
                                        accessibleName: qsTr("What was to run: %1").arg(approval.action)
                                    }
                                    Text {
                                        Layout.fillWidth: true
                                        visible: approval.why !== ""
                                        text: qsTr("Why it may change the system: %1").arg(approval.why)
                                        color: Theme.textMuted
                                        font.pixelSize: 12
                                        wrapMode: Text.Wrap
                                    }
                                    Text {
                                        Layout.fillWidth: true
                                        visible: approval.statedReason !== ""
                                        text: qsTr("The worker said: %1").arg(approval.statedReason)
                                        color: Theme.textMuted
                                        font.pixelSize: 12
                                        wrapMode: Text.Wrap
                                    }
                                    Text {
                                        Layout.fillWidth: true
                                        text: approval.decidedText === ""
                                              ? qsTr("Asked %1").arg(approval.requestedText)
                                              : approval.who !== ""
                                                ? qsTr("Asked %1 · decided %2 by %3").arg(approval.requestedText)
                                                                                     .arg(approval.decidedText).arg(approval.who)
                                                : qsTr("Asked %1 · decided %2").arg(approval.requestedText)
                                                                                .arg(approval.decidedText)
                                        color: Theme.textFaint
                                        font.pixelSize: 12
                                        wrapMode: Text.Wrap
                                    }
                                    Text {
                                        Layout.fillWidth: true
                                        visible: approval.message !== ""
                                        text: approval.status === "expired" || approval.status === "cancelled"
                                              ? approval.message
                                              : qsTr("Message to the worker: %1").arg(approval.message)
                                        color: approval.status === "denied" ? Theme.dangerText : Theme.text
                                        font.pixelSize: 12
                                        wrapMode: Text.Wrap
                                    }
                                    Text {
                                        Layout.fillWidth: true
                                        visible: approval.ruleId > 0
                                        text: qsTr("Always allowed from then on (rule %1).").arg(approval.ruleId)
                                        color: Theme.success
                                        font.pixelSize: 12
                                        wrapMode: Text.Wrap
                                    }
                                }
                            }
                        }

                        // A tool call: header, then stdout and stderr apart.
                        ScrollView {
                            id: toolScroll

                            anchors.fill: parent
                            visible: WorkerDetail.viewKind === "toolcall"
                            clip: true
                            contentWidth: availableWidth

                            ColumnLayout {
                                width: toolScroll.availableWidth
                                spacing: 8

                                RowLayout {
                                    Layout.fillWidth: true
                                    spacing: 14

                                    Text {
                                        text: WorkerDetail.toolCall.tool ?? ""
                                        color: Theme.text
                                        font.pixelSize: 14
                                        font.weight: Font.DemiBold
                                        font.family: Theme.monoFamily
                                    }
                                    Text {
                                        visible: WorkerDetail.toolCall.hasExitCode ?? false
                                        text: qsTr("exit code %1").arg(WorkerDetail.toolCall.exitCode)
                                        color: WorkerDetail.toolCall.exitCode === 0 ? Theme.success : Theme.danger
                                        font.pixelSize: 13
                                        font.weight: Font.DemiBold
                                    }
                                    Text {
                                        visible: WorkerDetail.toolCall.hasDuration ?? false
                                        text: WorkerDetail.toolCall.durationText ?? ""
                                        color: Theme.textMuted
                                        font.pixelSize: 13
                                        font.family: Theme.monoFamily
                                    }
                                    Text {
                                        Layout.fillWidth: true
                                        text: WorkerDetail.toolCall.finishedAt ?? ""
                                        color: Theme.textFaint
                                        font.pixelSize: 12
                                        elide: Text.ElideRight
                                    }
                                }
                                Text {
                                    Layout.fillWidth: true
                                    visible: (WorkerDetail.toolCall.error ?? "") !== ""
                                    text: qsTr("Error: %1").arg(WorkerDetail.toolCall.error)
                                    color: Theme.dangerText
                                    font.pixelSize: 13
                                    wrapMode: Text.Wrap
                                }

                                SectionTitle { text: qsTr("Arguments") }
                                CodeBlock {
                                    Layout.fillWidth: true
                                    text: WorkerDetail.toolCall.arguments ?? ""
                                    accessibleName: qsTr("Arguments")
                                }

                                SectionTitle {
                                    visible: WorkerDetail.toolCall.hasStdout ?? false
                                    text: qsTr("stdout")
                                }
                                CodeBlock {
                                    Layout.fillWidth: true
                                    visible: WorkerDetail.toolCall.hasStdout ?? false
                                    text: (WorkerDetail.toolCall.stdout ?? "") !== "" ? WorkerDetail.toolCall.stdout
                                                                                      : qsTr("(empty)")
                                    textColor: (WorkerDetail.toolCall.stdout ?? "") !== "" ? Theme.text : Theme.textFaint
                                    accessibleName: qsTr("Standard output")
                                }

                                SectionTitle {
                                    visible: WorkerDetail.toolCall.hasStderr ?? false
                                    text: qsTr("stderr")
                                    color: Theme.danger
                                }
                                CodeBlock {
                                    Layout.fillWidth: true
                                    visible: WorkerDetail.toolCall.hasStderr ?? false
                                    text: (WorkerDetail.toolCall.stderr ?? "") !== "" ? WorkerDetail.toolCall.stderr
                                                                                      : qsTr("(empty)")
                                    color: Theme.dangerBubble
                                    border.color: Theme.dangerBorder
                                    textColor: (WorkerDetail.toolCall.stderr ?? "") !== "" ? Theme.dangerText
                                                                                           : Theme.textFaint
                                    accessibleName: qsTr("Standard error")
                                }

                                SectionTitle {
                                    visible: (WorkerDetail.toolCall.result ?? "") !== ""
                                    text: qsTr("Result")
                                }
                                CodeBlock {
                                    Layout.fillWidth: true
                                    visible: (WorkerDetail.toolCall.result ?? "") !== ""
                                    text: WorkerDetail.toolCall.result ?? ""
                                    accessibleName: qsTr("Result fields")
                                }

                                SectionTitle {
                                    visible: (WorkerDetail.toolCall.other ?? "") !== ""
                                    text: qsTr("Other text")
                                }
                                CodeBlock {
                                    Layout.fillWidth: true
                                    visible: (WorkerDetail.toolCall.other ?? "") !== ""
                                    text: WorkerDetail.toolCall.other ?? ""
                                    accessibleName: qsTr("Other text in the file")
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // Keep the tree's current row on the file being shown (e.g. the one opened first).
    Connections {
        target: WorkerDetail

        function onSelectionChanged() {
            const i = WorkerDetail.files.indexOf(WorkerDetail.selectedPath)
            if (i >= 0 && fileList.currentIndex !== i)
                fileList.currentIndex = i
        }
    }
}
