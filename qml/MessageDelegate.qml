pragma ComponentBehavior: Bound

import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.App
import Zerg.Backend

// One chat message: the user's questions right-aligned in a tinted bubble, Jarvis's answers on
// the left as Markdown, errors tinted red, notices as a quiet centred line.
Item {
    id: root

    required property int index
    required property string role
    required property string text
    required property date timestamp
    required property bool streaming
    required property real runId
    required property string path
    required property var blocks  // a finished answer cut at its code blocks (ChatModel)
    required property string timeLabel  // the time today, the date and time before
    required property string cost  // what the run cost ("" unknown)
    required property var workers  // a restored answer's workers: [{workerId, task, statusLabel, tone}]

    readonly property bool isUser: role === "user"
    readonly property bool isError: role === "error"
    readonly property bool isNotice: role === "notice"
    readonly property real contentWidth: Math.min(width - 40, Theme.maxContentWidth)

    implicitHeight: column.implicitHeight + 14
    Accessible.role: Accessible.ListItem
    Accessible.name: (root.isUser ? qsTr("You: %1") : root.isError ? qsTr("Error: %1")
                      : root.isNotice ? "%1" : qsTr("Jarvis: %1")).arg(root.text)

    // The message of the chat search's current match: a bar in the margin.
    Rectangle {
        visible: root.index === Jarvis.search.currentRow
        x: column.x - 12
        y: 4
        width: 3
        height: root.height - 8
        radius: 1.5
        color: Theme.accent
    }

    ColumnLayout {
        id: column

        x: (root.width - root.contentWidth) / 2
        y: 7
        width: root.contentWidth
        spacing: 4

        // Notices: "Stopped: …"
        Text {
            visible: root.isNotice
            Layout.alignment: Qt.AlignHCenter
            Layout.maximumWidth: root.contentWidth
            text: root.text
            color: Theme.textMuted
            font.pixelSize: 12
            font.italic: true
            wrapMode: Text.Wrap
            horizontalAlignment: Text.AlignHCenter
        }

        // Who and when.
        RowLayout {
            visible: !root.isNotice
            Layout.alignment: root.isUser ? Qt.AlignRight : Qt.AlignLeft
            spacing: 6

            Text {
                text: root.isUser ? qsTr("You") : root.isError ? qsTr("Something went wrong")
                                                               : qsTr("Jarvis")
                color: root.isError ? Theme.dangerText : Theme.textMuted
                font.pixelSize: 12
                font.weight: Font.DemiBold
            }
            // Which path answered: a quick answer or the supervisor with its workers.
            Rectangle {
                visible: root.role === "assistant" && root.path.length > 0
                implicitWidth: pathLabel.implicitWidth + 10
                implicitHeight: pathLabel.implicitHeight + 2
                radius: height / 2
                color: "transparent"
                border.color: Theme.border
                border.width: 1

                Text {
                    id: pathLabel

                    anchors.centerIn: parent
                    text: root.path === "quick" ? qsTr("quick")
                                                : root.path === "realtime" ? qsTr("voice")
                                                                           : qsTr("supervisor")
                    color: Theme.textFaint
                    font.pixelSize: Theme.smallFontSize
                }
            }
            Text {
                text: root.timeLabel
                color: Theme.textFaint
                font.pixelSize: Theme.smallFontSize
            }
            Text {
                visible: root.cost.length > 0 && root.role === "assistant"
                text: root.cost
                color: Theme.textFaint
                font.pixelSize: Theme.smallFontSize
                Accessible.name: qsTr("Cost of this answer: %1").arg(root.cost)
            }
        }

        // The message itself.
        Rectangle {
            id: bubble

            readonly property real padding: root.isUser || root.isError ? 12 : 0
            readonly property real maxWidth: root.isUser ? root.contentWidth * 0.78
                                                         : root.contentWidth

            visible: !root.isNotice && (root.text.length > 0 || !root.streaming)
            Layout.alignment: root.isUser ? Qt.AlignRight : Qt.AlignLeft
            Layout.preferredWidth: root.isUser
                                   ? Math.min(maxWidth, measure.advanceWidth + 2 * padding + 2)
                                   : maxWidth
            implicitHeight: (root.blocks.length > 0 ? blockColumn.implicitHeight
                                                    : body.implicitHeight) + 2 * padding
            radius: Theme.radius
            color: root.isUser ? Theme.userBubble : root.isError ? Theme.dangerBubble
                                                                 : "transparent"
            border.width: root.isUser || root.isError ? 1 : 0
            border.color: root.isUser ? Theme.userBubbleBorder : Theme.dangerBorder

            // The widest line of a user's (plain) message, to size its bubble.
            TextMetrics {
                id: measure
                font: body.font
                text: {
                    const lines = root.text.split("\n")
                    let widest = ""
                    for (const line of lines) {
                        if (line.length > widest.length)
                            widest = line
                    }
                    return widest
                }
            }

            TextEdit {
                id: body

                visible: root.blocks.length === 0
                x: bubble.padding
                y: bubble.padding
                width: bubble.width - 2 * bubble.padding
                text: visible ? root.text : ""
                // Jarvis's answers are Markdown; the user's words and errors are shown as typed.
                textFormat: root.role === "assistant" ? TextEdit.MarkdownText : TextEdit.PlainText
                readOnly: true
                selectByMouse: true
                wrapMode: TextEdit.Wrap
                color: root.isError ? Theme.dangerText : Theme.text
                selectionColor: Theme.accent
                selectedTextColor: "white"
                font.pixelSize: Theme.fontSize
                onLinkActivated: link => Qt.openUrlExternally(link)

                MarkdownStyler {
                    document: root.role === "assistant" ? body.textDocument : null
                    codeBackground: Theme.codeBackground
                    borderColor: Theme.border
                }
                // Ctrl+F: the term's matches marked (only while searching).
                CodeHighlighting {
                    document: Jarvis.search.term.length > 0 && body.visible ? body.textDocument
                                                                             : null
                    searchTerm: Jarvis.search.term
                    matchColor: Theme.searchMatch
                }

                HoverHandler {
                    enabled: body.hoveredLink.length > 0
                    cursorShape: Qt.PointingHandCursor
                }
            }

            // A finished answer: Markdown between code blocks, each code block with Copy.
            Column {
                id: blockColumn

                visible: root.blocks.length > 0
                width: bubble.width
                spacing: 8

                Repeater {
                    model: root.blocks

                    delegate: Item {
                        id: part

                        required property var modelData
                        readonly property bool isCode: modelData.code

                        width: blockColumn.width
                        implicitHeight: isCode ? codeBlock.implicitHeight : markdown.implicitHeight

                        TextEdit {
                            id: markdown

                            visible: !part.isCode
                            width: parent.width
                            text: part.isCode ? "" : part.modelData.text
                            textFormat: TextEdit.MarkdownText
                            readOnly: true
                            selectByMouse: true
                            wrapMode: TextEdit.Wrap
                            color: Theme.text
                            selectionColor: Theme.accent
                            selectedTextColor: "white"
                            font.pixelSize: Theme.fontSize
                            onLinkActivated: link => Qt.openUrlExternally(link)

                            MarkdownStyler {
                                document: part.isCode ? null : markdown.textDocument
                                codeBackground: Theme.codeBackground
                                borderColor: Theme.border
                            }
                            CodeHighlighting {
                                document: Jarvis.search.term.length > 0 && !part.isCode
                                          ? markdown.textDocument : null
                                searchTerm: Jarvis.search.term
                                matchColor: Theme.searchMatch
                            }
                            HoverHandler {
                                enabled: markdown.hoveredLink.length > 0
                                cursorShape: Qt.PointingHandCursor
                            }
                        }

                        // A code block: its language, the code in monospace, and Copy.
                        Rectangle {
                            id: codeBlock

                            visible: part.isCode
                            width: parent.width
                            implicitHeight: codeText.implicitHeight + 40
                            radius: 6
                            color: Theme.codeBackground
                            border.color: Theme.border

                            Text {
                                x: 12
                                y: 7
                                text: part.isCode ? part.modelData.language : ""
                                color: Theme.textFaint
                                font.pixelSize: Theme.smallFontSize
                            }
                            Button {
                                id: copyButton

                                property bool copied: false

                                anchors.right: parent.right
                                anchors.top: parent.top
                                anchors.margins: 3
                                flat: true
                                padding: 2
                                leftPadding: 8
                                rightPadding: 8
                                font.pixelSize: Theme.smallFontSize
                                text: copied ? qsTr("Copied") : qsTr("Copy")
                                Accessible.name: qsTr("Copy this code")
                                onClicked: {
                                    Clipboard.copy(codeText.text)
                                    copied = true
                                    copiedTimer.restart()
                                }
                                contentItem: Text {
                                    text: copyButton.text
                                    font: copyButton.font
                                    color: Theme.accent
                                }
                                background: Rectangle {
                                    radius: 4
                                    color: copyButton.hovered ? Theme.surface : "transparent"
                                }
                                Timer {
                                    id: copiedTimer
                                    interval: 1500
                                    onTriggered: copyButton.copied = false
                                }
                            }
                            TextEdit {
                                id: codeText

                                x: 12
                                y: 28
                                width: parent.width - 24
                                text: part.isCode ? part.modelData.text : ""
                                textFormat: TextEdit.PlainText
                                readOnly: true
                                selectByMouse: true
                                wrapMode: TextEdit.WrapAnywhere
                                color: Theme.text
                                selectionColor: Theme.accent
                                selectedTextColor: "white"
                                font.family: Theme.monoFamily
                                font.pixelSize: Theme.fontSize - 1

                                CodeHighlighting {
                                    document: part.isCode ? codeText.textDocument : null
                                    language: part.isCode ? part.modelData.language : ""
                                    keywordColor: Theme.codeKeyword
                                    stringColor: Theme.codeString
                                    numberColor: Theme.codeNumber
                                    commentColor: Theme.codeComment
                                    keyColor: Theme.codeKey
                                    addedColor: Theme.codeAdded
                                    removedColor: Theme.codeRemoved
                                    metaColor: Theme.codeMeta
                                    searchTerm: Jarvis.search.term
                                    matchColor: Theme.searchMatch
                                }
                            }
                        }
                    }
                }
            }
        }

        // A restored answer's workers, collapsed to one line each; Details opens the worker.
        Repeater {
            model: root.role === "assistant" ? root.workers : []

            delegate: RowLayout {
                id: workerLine

                required property var modelData

                Layout.fillWidth: true
                spacing: 8

                Rectangle {
                    implicitWidth: 8
                    implicitHeight: 8
                    radius: 4
                    color: Theme.toneColor(workerLine.modelData.tone)
                }
                Text {
                    Layout.fillWidth: true
                    text: qsTr("Worker: %1").arg(workerLine.modelData.task)
                    color: Theme.textMuted
                    font.pixelSize: 12
                    elide: Text.ElideRight
                }
                Text {
                    text: workerLine.modelData.statusLabel
                    color: Theme.toneColor(workerLine.modelData.tone)
                    font.pixelSize: 12
                }
                Button {
                    id: workerDetails

                    visible: workerLine.modelData.workerId.length > 0
                    text: qsTr("Details")
                    flat: true
                    padding: 2
                    leftPadding: 8
                    rightPadding: 8
                    font.pixelSize: 12
                    Accessible.name: qsTr("Show the worker %1 in the dashboard")
                                     .arg(workerLine.modelData.task)
                    onClicked: {
                        WorkerDetail.open(workerLine.modelData.workerId)
                        ApplicationWindow.window.dashboardTab = 1
                        ApplicationWindow.window.page = "dashboard"
                    }
                    contentItem: Text {
                        text: workerDetails.text
                        font: workerDetails.font
                        color: Theme.accent
                    }
                    background: Rectangle {
                        radius: 4
                        color: workerDetails.hovered ? Theme.tickerBackground : "transparent"
                    }
                }
            }
        }

        // Streaming: what Jarvis is doing while the answer arrives.
        RowLayout {
            visible: root.streaming
            spacing: 8
            Spinner {
                Layout.preferredWidth: 14
                Layout.preferredHeight: 14
            }
            Text {
                text: root.text.length > 0 ? qsTr("Writing…")
                                           : (Jarvis.statusMessage.length > 0
                                              ? Jarvis.statusMessage : qsTr("Thinking…"))
                color: Theme.textMuted
                font.pixelSize: 12
            }
        }
    }
}
