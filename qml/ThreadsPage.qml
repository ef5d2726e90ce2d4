pragma ComponentBehavior: Bound

import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// Dashboard › Threads: the runs of the owner's long-lived supervisor thread (left, newest
// first) and the selected run (right): its header, the workers it spawned and its transcript.
// Above the runs, a search of all of them by the words of their questions and answers (typing
// searches after a short pause, Enter at once, Escape clears); while it is on, its results take
// the list's place. Bound to the `ThreadInspector` singleton; everything here is presentation.
Item {
    id: root

    // A worker of the selected run was activated (click, Enter or Space): the dashboard may
    // show its detail page.
    signal workerOpened(string workerId)

    readonly property bool hasSelection: ThreadInspector.hasSelection
    readonly property string uiFamily: uiMetrics.font.family
    readonly property var run: ThreadInspector.selectedRun
    // The search's results are shown instead of the runs.
    readonly property bool searchMode: ThreadInspector.searchQuery.length > 0

    // Puts the cursor in the search field (Ctrl+F on the dashboard, say).
    function focusSearch() {
        searchField.forceActiveFocus()
        searchField.selectAll()
    }

    // Asks where to save, then exports there (runId 0: the whole conversation).
    function exportTo(runId: real, format: string) {
        const file = FileChooser.saveFile(
                    runId > 0 ? qsTr("Export run %1").arg(runId) : qsTr("Export the conversation"),
                    ThreadInspector.exportFileName(runId, format),
                    format === "json" ? qsTr("JSON (*.json)") : qsTr("Markdown (*.md)"))
        if (file.length > 0)
            ThreadInspector.exportRuns(runId, format, file)
    }

    function searchNow() {
        searchDelay.stop()
        ThreadInspector.search(searchField.text)
    }

    // Back to the runs, the selected one current if it is listed.
    function clearSearch() {
        searchDelay.stop()
        searchField.text = ""
        ThreadInspector.clearSearch()
        runList.currentIndex = ThreadInspector.selectedRow()
    }

    // Selects the run under the list's current row (keys, clicks; a run inserted above keeps
    // the same run current, so selecting it again changes nothing).
    function syncSelection() {
        if (runList.currentIndex >= 0)
            ThreadInspector.selectRow(runList.currentIndex)
    }

    function joinParts(parts: list<string>): string {
        let out = ""
        for (let i = 0; i < parts.length; ++i) {
            if (parts[i].length > 0)
                out += (out.length > 0 ? "  ·  " : "") + parts[i]
        }
        return out
    }

    function describe(kind: string, title: string, text: string, args: string): string {
        if (kind === "user")
            return qsTr("You: %1").arg(text)
        if (kind === "tool_call")
            return qsTr("Tool call %1: %2").arg(title).arg(args)
        if (kind === "tool_result")
            return qsTr("Result of %1: %2").arg(title).arg(text)
        return text
    }

    // The application's default font family, for text that is not monospace.
    FontMetrics {
        id: uiMetrics
    }

    component Chip: Rectangle {
        id: chip

        property string label
        property color textColor: Theme.textMuted
        property bool mono: false

        implicitWidth: chipText.implicitWidth + 14
        implicitHeight: chipText.implicitHeight + 6
        radius: height / 2
        color: Theme.tickerBackground
        border.color: Theme.border
        visible: label.length > 0

        Text {
            id: chipText

            anchors.centerIn: parent
            text: chip.label
            color: chip.textColor
            font.pixelSize: Theme.smallFontSize + 1
            font.family: chip.mono ? Theme.monoFamily : chipMetrics.font.family
        }
        FontMetrics {
            id: chipMetrics
        }
    }

    RowLayout {
        anchors.fill: parent
        anchors.margins: 16
        spacing: 12

        // ---- Left: the runs -----------------------------------------------------------------
        ColumnLayout {
            Layout.preferredWidth: 380
            Layout.maximumWidth: 380
            Layout.fillHeight: true
            spacing: 8

            RowLayout {
                Layout.fillWidth: true

                Text {
                    Layout.fillWidth: true
                    text: !root.searchMode ? qsTr("%n run(s)", "", ThreadInspector.runs.count)
                          : ThreadInspector.searching ? qsTr("Searching…")
                          : qsTr("%n run(s) found", "", ThreadInspector.searchResults.count)
                    color: Theme.textMuted
                    font.pixelSize: 13
                    Accessible.role: Accessible.StaticText
                    Accessible.name: text
                }
                Button {
                    id: exportButton

                    text: qsTr("Export…")
                    enabled: !ThreadInspector.exporting
                    Accessible.name: qsTr("Export the selected run or the whole conversation")
                    onClicked: exportMenu.open()

                    Menu {
                        id: exportMenu

                        y: exportButton.height

                        MenuItem {
                            text: qsTr("This run as Markdown…")
                            enabled: root.hasSelection
                            onTriggered: root.exportTo(ThreadInspector.selectedRunId, "md")
                        }
                        MenuItem {
                            text: qsTr("This run as JSON…")
                            enabled: root.hasSelection
                            onTriggered: root.exportTo(ThreadInspector.selectedRunId, "json")
                        }
                        MenuItem {
                            text: qsTr("The whole conversation as Markdown…")
                            onTriggered: root.exportTo(0, "md")
                        }
                        MenuItem {
                            text: qsTr("The whole conversation as JSON…")
                            onTriggered: root.exportTo(0, "json")
                        }
                    }
                }
                Button {
                    text: qsTr("Reload")
                    onClicked: ThreadInspector.reload()
                    Accessible.name: qsTr("Reload the runs")
                }
            }

            // What the last export did: where it went, or why it could not.
            Text {
                visible: text.length > 0
                Layout.fillWidth: true
                text: ThreadInspector.exporting ? qsTr("Exporting…") : ThreadInspector.exportMessage
                color: ThreadInspector.exportFailed ? Theme.danger : Theme.textMuted
                wrapMode: Text.Wrap
                font.pixelSize: 12
                Accessible.role: Accessible.StaticText
                Accessible.name: text
            }

            TextField {
                id: searchField

                Layout.fillWidth: true
                placeholderText: qsTr("Search all conversations")
                Accessible.name: qsTr("Search all conversations")
                Accessible.description: qsTr("Finds runs by the words of their questions and "
                                             + "answers. Enter searches at once, Escape clears "
                                             + "the search, Down goes to the results.")
                color: Theme.text
                selectByMouse: true
                // Typing searches once it pauses; each search replaces the one before.
                onTextEdited: searchDelay.restart()
                Keys.onPressed: event => {
                    if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter) {
                        event.accepted = true
                        root.searchNow()
                    } else if (event.key === Qt.Key_Escape
                               && (text.length > 0 || root.searchMode)) {
                        event.accepted = true
                        root.clearSearch()
                    } else if (event.key === Qt.Key_Down && root.searchMode
                               && searchList.count > 0) {
                        event.accepted = true
                        if (searchList.currentIndex < 0)
                            searchList.currentIndex = 0
                        searchList.forceActiveFocus()
                    }
                }
                Component.onCompleted: text = ThreadInspector.searchQuery

                Timer {
                    id: searchDelay

                    interval: 250
                    onTriggered: root.searchNow()
                }

                // A search started elsewhere (ThreadInspector.search() from the chat's "Search
                // all conversations") shows its words here; words being typed stay.
                Connections {
                    target: ThreadInspector
                    function onSearchChanged() {
                        if (!searchDelay.running
                                && searchField.text.trim() !== ThreadInspector.searchQuery)
                            searchField.text = ThreadInspector.searchQuery
                    }
                }
            }

            Text {
                visible: ThreadInspector.loadError.length > 0
                Layout.fillWidth: true
                text: ThreadInspector.loadError
                color: Theme.dangerText
                wrapMode: Text.Wrap
                font.pixelSize: 13
            }
            Text {
                visible: root.searchMode && ThreadInspector.searchError.length > 0
                Layout.fillWidth: true
                text: ThreadInspector.searchError
                color: Theme.dangerText
                wrapMode: Text.Wrap
                font.pixelSize: 13
                Accessible.role: Accessible.StaticText
                Accessible.name: text
            }

            Rectangle {
                Layout.fillWidth: true
                Layout.fillHeight: true
                color: Theme.surface
                border.color: runList.activeFocus || searchList.activeFocus ? Theme.accent
                                                                            : Theme.border
                radius: 6

                ListView {
                    id: runList

                    anchors.fill: parent
                    anchors.margins: 1
                    visible: !root.searchMode
                    clip: true
                    focus: true
                    activeFocusOnTab: true
                    keyNavigationEnabled: true
                    boundsBehavior: Flickable.StopAtBounds
                    highlightMoveDuration: 0
                    model: ThreadInspector.runs
                    delegate: Rectangle {
                        id: runRow

                        required property int index
                        required property real runId
                        required property string task
                        required property string modeLabel
                        required property string status
                        required property string startedAt
                        required property string duration
                        required property string cost
                        required property int workerCount

                        readonly property bool current: ListView.isCurrentItem

                        width: ListView.view.width
                        height: runColumn.implicitHeight + 16
                        color: current ? Theme.userBubble : mouse.containsMouse ? Theme.tickerBackground
                                                                                : Theme.surface

                        Accessible.role: Accessible.ListItem
                        Accessible.name: qsTr("%1, %2, %3").arg(task).arg(modeLabel)
                                                             .arg(Status.labels[status] ?? status)
                        Accessible.selected: current

                        Rectangle {
                            anchors.left: parent.left
                            anchors.right: parent.right
                            anchors.bottom: parent.bottom
                            height: 1
                            color: Theme.border
                            opacity: 0.6
                        }

                        ColumnLayout {
                            id: runColumn

                            anchors.left: parent.left
                            anchors.right: parent.right
                            anchors.verticalCenter: parent.verticalCenter
                            anchors.leftMargin: 12
                            anchors.rightMargin: 12
                            spacing: 3

                            RowLayout {
                                Layout.fillWidth: true
                                spacing: 8

                                StatusDot {
                                    working: Status.isActive(runRow.status)
                                    color: Theme.toneColor(Status.tone(runRow.status))
                                }
                                Text {
                                    Layout.fillWidth: true
                                    text: runRow.task
                                    elide: Text.ElideRight
                                    color: Theme.text
                                    font.pixelSize: Theme.fontSize - 1
                                    font.weight: runRow.current ? Font.DemiBold : Font.Normal
                                }
                                Text {
                                    text: runRow.cost
                                    color: runRow.cost.startsWith("$") ? Theme.textMuted : Theme.textFaint
                                    font.pixelSize: Theme.smallFontSize
                                    font.family: Theme.monoFamily
                                }
                            }
                            Text {
                                Layout.fillWidth: true
                                Layout.leftMargin: 18
                                elide: Text.ElideRight
                                text: root.joinParts([runRow.modeLabel, runRow.startedAt, runRow.duration,
                                                     runRow.workerCount === 0 ? ""
                                                     : qsTr("%n worker(s)", "", runRow.workerCount)])
                                color: Theme.textFaint
                                font.pixelSize: Theme.smallFontSize
                            }
                        }

                        MouseArea {
                            id: mouse

                            anchors.fill: parent
                            hoverEnabled: true
                            onClicked: {
                                runList.currentIndex = runRow.index
                                runList.forceActiveFocus()
                            }
                        }
                    }
                    ScrollBar.vertical: ScrollBar {}

                    Accessible.role: Accessible.List
                    Accessible.name: qsTr("Runs of the supervisor thread")

                    // Up/Down (the view's key navigation) and clicks move currentIndex.
                    onCurrentIndexChanged: root.syncSelection()
                    Component.onCompleted: {
                        if (!root.hasSelection)
                            root.syncSelection()
                    }

                    // A reload rebuilds the rows: keep the selected run current.
                    Connections {
                        target: ThreadInspector.runs
                        function onModelReset() {
                            const row = ThreadInspector.selectedRow()
                            if (row >= 0)
                                runList.currentIndex = row
                        }
                    }
                }

                Text {
                    anchors.centerIn: parent
                    visible: !root.searchMode && ThreadInspector.runs.count === 0
                    width: parent.width - 40
                    horizontalAlignment: Text.AlignHCenter
                    wrapMode: Text.Wrap
                    text: qsTr("No runs yet: ask Jarvis something.")
                    color: Theme.textMuted
                    font.pixelSize: Theme.fontSize
                }

                // The search's results, best match first: the run, the words around the match
                // (matches in bold) and where they were found. Clicking one, or Enter or Space
                // on it, selects its run; Up and Down move through them; Escape clears the search.
                ListView {
                    id: searchList

                    anchors.fill: parent
                    anchors.margins: 1
                    visible: root.searchMode
                    clip: true
                    activeFocusOnTab: true
                    keyNavigationEnabled: true
                    boundsBehavior: Flickable.StopAtBounds
                    highlightMoveDuration: 0
                    currentIndex: -1
                    model: ThreadInspector.searchResults
                    ScrollBar.vertical: ScrollBar {}

                    Accessible.role: Accessible.List
                    Accessible.name: qsTr("Runs that match the search")

                    Keys.onPressed: event => {
                        if ((event.key === Qt.Key_Return || event.key === Qt.Key_Enter
                             || event.key === Qt.Key_Space) && currentIndex >= 0) {
                            event.accepted = true
                            ThreadInspector.selectSearchResult(currentIndex)
                        } else if (event.key === Qt.Key_Escape) {
                            event.accepted = true
                            root.clearSearch()
                            runList.forceActiveFocus()
                        }
                    }

                    // New results: none is current until the user picks one.
                    Connections {
                        target: ThreadInspector.searchResults
                        function onModelReset() {
                            searchList.currentIndex = -1
                        }
                    }

                    delegate: Rectangle {
                        id: hitRow

                        required property int index
                        required property real runId
                        required property string task
                        required property string status
                        required property string startedAt
                        required property string matchedIn
                        required property string snippet
                        required property string snippetText

                        readonly property bool current: ListView.isCurrentItem
                        readonly property bool selected: runId === ThreadInspector.selectedRunId
                        readonly property string foundIn: matchedIn === "user"
                                                          ? qsTr("found in the question")
                                                          : qsTr("found in an answer")

                        width: ListView.view.width
                        height: hitColumn.implicitHeight + 16
                        color: selected ? Theme.userBubble
                                        : current || hitMouse.containsMouse ? Theme.tickerBackground
                                                                            : Theme.surface

                        Accessible.role: Accessible.ListItem
                        Accessible.name: qsTr("%1, %2: %3").arg(task).arg(foundIn).arg(snippetText)
                        Accessible.selected: selected

                        Rectangle {
                            anchors.left: parent.left
                            anchors.right: parent.right
                            anchors.bottom: parent.bottom
                            height: 1
                            color: Theme.border
                            opacity: 0.6
                        }

                        ColumnLayout {
                            id: hitColumn

                            anchors.left: parent.left
                            anchors.right: parent.right
                            anchors.verticalCenter: parent.verticalCenter
                            anchors.leftMargin: 12
                            anchors.rightMargin: 12
                            spacing: 3

                            RowLayout {
                                Layout.fillWidth: true
                                spacing: 8

                                StatusDot {
                                    working: Status.isActive(hitRow.status)
                                    color: Theme.toneColor(Status.tone(hitRow.status))
                                }
                                Text {
                                    Layout.fillWidth: true
                                    text: hitRow.task
                                    textFormat: Text.PlainText
                                    elide: Text.ElideRight
                                    color: Theme.text
                                    font.pixelSize: Theme.fontSize - 1
                                    font.weight: hitRow.selected ? Font.DemiBold : Font.Normal
                                }
                            }
                            // The snippet: escaped text with the matches in <b> (the model's).
                            Text {
                                Layout.fillWidth: true
                                Layout.leftMargin: 18
                                text: hitRow.snippet
                                textFormat: Text.StyledText
                                wrapMode: Text.Wrap
                                maximumLineCount: 2
                                elide: Text.ElideRight
                                color: Theme.textMuted
                                font.pixelSize: Theme.smallFontSize + 1
                            }
                            Text {
                                Layout.fillWidth: true
                                Layout.leftMargin: 18
                                elide: Text.ElideRight
                                text: root.joinParts([hitRow.foundIn, hitRow.startedAt])
                                color: Theme.textFaint
                                font.pixelSize: Theme.smallFontSize
                            }
                        }

                        MouseArea {
                            id: hitMouse

                            anchors.fill: parent
                            hoverEnabled: true
                            onClicked: {
                                searchList.currentIndex = hitRow.index
                                searchList.forceActiveFocus()
                                ThreadInspector.selectSearchResult(hitRow.index)
                            }
                        }
                    }
                }

                Text {
                    anchors.centerIn: parent
                    visible: root.searchMode && !ThreadInspector.searching
                             && ThreadInspector.searchResults.count === 0
                             && ThreadInspector.searchError.length === 0
                    width: parent.width - 40
                    horizontalAlignment: Text.AlignHCenter
                    wrapMode: Text.Wrap
                    text: qsTr("No runs match “%1”").arg(ThreadInspector.searchQuery)
                    textFormat: Text.PlainText
                    color: Theme.textMuted
                    font.pixelSize: Theme.fontSize
                    Accessible.role: Accessible.StaticText
                    Accessible.name: text
                }
            }
        }

        // ---- Right: the selected run --------------------------------------------------------
        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: true
            color: Theme.surface
            border.color: Theme.border
            radius: 6

            Text {
                anchors.centerIn: parent
                visible: !root.hasSelection
                width: parent.width - 40
                horizontalAlignment: Text.AlignHCenter
                wrapMode: Text.Wrap
                text: ThreadInspector.runs.count === 0
                      ? qsTr("Each request you make appears here with its messages and workers.")
                      : qsTr("Select a run to see its messages and workers.")
                color: Theme.textMuted
                font.pixelSize: Theme.fontSize
            }

            ColumnLayout {
                anchors.fill: parent
                anchors.margins: 14
                visible: root.hasSelection
                spacing: 10

                // The thread's compacted memory: older turns the supervisor now sees as a summary.
                Rectangle {
                    id: memoryNote

                    property bool expanded: false

                    visible: ThreadInspector.memorySummary.length > 0
                    Layout.fillWidth: true
                    implicitHeight: memoryText.implicitHeight + 14
                    radius: 6
                    color: Theme.tickerBackground
                    border.color: Theme.border

                    Text {
                        id: memoryText

                        anchors.fill: parent
                        anchors.margins: 7
                        text: qsTr("Older turns are summarized: %1").arg(ThreadInspector.memorySummary)
                        wrapMode: Text.Wrap
                        maximumLineCount: memoryNote.expanded ? 1000 : 2
                        elide: Text.ElideRight
                        color: Theme.textMuted
                        font.pixelSize: Theme.smallFontSize + 1
                        font.italic: true
                    }
                    MouseArea {
                        anchors.fill: parent
                        cursorShape: Qt.PointingHandCursor
                        onClicked: memoryNote.expanded = !memoryNote.expanded
                    }
                    Accessible.role: Accessible.StaticText
                    Accessible.name: memoryText.text
                }

                // Header: the request and its figures.
                Text {
                    Layout.fillWidth: true
                    text: root.run.task ?? ""
                    wrapMode: Text.Wrap
                    maximumLineCount: 3
                    elide: Text.ElideRight
                    color: Theme.text
                    font.pixelSize: Theme.fontSize + 2
                    font.weight: Font.DemiBold
                }
                Flow {
                    Layout.fillWidth: true
                    spacing: 6

                    Chip { label: root.run.modeLabel ?? "" }
                    Chip {
                        label: Status.labels[root.run.status] ?? root.run.status ?? ""
                        textColor: Theme.toneColor(Status.tone(root.run.status ?? ""))
                    }
                    Chip { label: root.run.startedAt ?? "" }
                    Chip { label: root.run.duration ?? "" }
                    Chip {
                        label: qsTr("%1 tokens").arg(root.run.tokensText ?? "0")
                        mono: true
                    }
                    Chip {
                        label: qsTr("cost %1").arg(root.run.cost ?? "")
                        mono: true
                        textColor: root.run.costKnown ? Theme.textMuted : Theme.textFaint
                    }
                }
                Text {
                    visible: (root.run.error ?? "").length > 0
                    Layout.fillWidth: true
                    text: root.run.error ?? ""
                    wrapMode: Text.Wrap
                    maximumLineCount: 4
                    elide: Text.ElideRight
                    color: Theme.dangerText
                    font.pixelSize: 13
                }

                // The workers the run spawned.
                Text {
                    visible: ThreadInspector.workers.count > 0
                    text: qsTr("Workers (%1)").arg(ThreadInspector.workers.count)
                    color: Theme.textMuted
                    font.pixelSize: 12
                    font.weight: Font.DemiBold
                }
                ListView {
                    id: workerList

                    visible: ThreadInspector.workers.count > 0
                    Layout.fillWidth: true
                    Layout.preferredHeight: Math.min(contentHeight, 4 * 30)
                    clip: true
                    interactive: contentHeight > height
                    boundsBehavior: Flickable.StopAtBounds
                    model: ThreadInspector.workers
                    ScrollBar.vertical: ScrollBar {}

                    delegate: ItemDelegate {
                        id: workerRow

                        required property string workerId
                        required property string task
                        required property string status
                        required property string duration

                        width: ListView.view.width
                        height: 30
                        enabled: workerId.length > 0
                        padding: 0
                        leftPadding: 8
                        rightPadding: 8
                        onClicked: root.workerOpened(workerId)
                        Accessible.name: qsTr("Worker %1, %2").arg(task)
                                                              .arg(Status.labels[status] ?? status)
                        Accessible.description: workerId.length > 0
                                                ? qsTr("Open the worker's details") : ""

                        contentItem: RowLayout {
                            spacing: 8

                            StatusDot {
                                working: Status.isActive(workerRow.status)
                                color: Theme.toneColor(Status.tone(workerRow.status))
                            }
                            Text {
                                Layout.fillWidth: true
                                text: workerRow.task
                                elide: Text.ElideRight
                                color: Theme.text
                                font.pixelSize: 13
                            }
                            Text {
                                text: workerRow.duration
                                color: Theme.textMuted
                                font.pixelSize: Theme.smallFontSize + 1
                            }
                            Text {
                                Layout.maximumWidth: 260
                                text: workerRow.workerId.length > 0 ? workerRow.workerId
                                                                    : Status.labels[workerRow.status]
                                                                      ?? workerRow.status
                                elide: Text.ElideMiddle
                                color: workerRow.workerId.length > 0 ? Theme.accent : Theme.textFaint
                                font.pixelSize: Theme.smallFontSize + 1
                                font.family: Theme.monoFamily
                            }
                        }
                        background: Rectangle {
                            color: workerRow.hovered || workerRow.visualFocus ? Theme.tickerBackground
                                                                              : Theme.surface
                        }
                    }
                }

                Rectangle {
                    Layout.fillWidth: true
                    Layout.preferredHeight: 1
                    color: Theme.border
                }

                // The transcript.
                ListView {
                    id: transcript

                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    clip: true
                    spacing: 8
                    activeFocusOnTab: true
                    boundsBehavior: Flickable.StopAtBounds
                    model: ThreadInspector.messages
                    ScrollBar.vertical: ScrollBar {}
                    Accessible.role: Accessible.List
                    Accessible.name: qsTr("Messages of the selected run")

                    delegate: Item {
                        id: msg

                        required property string kind
                        required property string title
                        required property string text
                        required property string arguments
                        required property string time
                        required property bool truncated
                        required property bool summarized

                        property bool expanded: false
                        readonly property real collapsedHeight: 8 * codeMetrics.lineSpacing
                        readonly property bool isTool: kind === "tool_call" || kind === "tool_result"
                        readonly property real bubbleWidth: Math.min(width - 40, 720)

                        width: ListView.view.width - 12
                        implicitHeight: body.implicitHeight
                        opacity: summarized ? 0.65 : 1

                        Accessible.role: Accessible.ListItem
                        Accessible.name: root.describe(kind, title, text, arguments)

                        ColumnLayout {
                            id: body

                            width: parent.width
                            spacing: 2

                            // Who, which tool, when.
                            RowLayout {
                                Layout.alignment: msg.kind === "user" ? Qt.AlignRight : Qt.AlignLeft
                                spacing: 6

                                Text {
                                    text: msg.kind === "user" ? qsTr("You")
                                        : msg.kind === "assistant" ? qsTr("Supervisor")
                                        : msg.kind === "tool_call" ? qsTr("▸ calls %1").arg(msg.title)
                                        : msg.kind === "tool_result" ? qsTr("↳ result of %1").arg(msg.title || qsTr("a tool"))
                                        : msg.title.length > 0 ? msg.title : qsTr("System")
                                    color: Theme.textMuted
                                    font.pixelSize: 12
                                    font.weight: Font.DemiBold
                                    font.family: msg.isTool ? Theme.monoFamily : root.uiFamily
                                }
                                Text {
                                    text: msg.time
                                    color: Theme.textFaint
                                    font.pixelSize: Theme.smallFontSize
                                }
                                Text {
                                    visible: msg.summarized
                                    text: qsTr("summarized")
                                    color: Theme.textFaint
                                    font.pixelSize: Theme.smallFontSize
                                    font.italic: true
                                }
                            }

                            // User: a tinted bubble on the right.
                            Rectangle {
                                visible: msg.kind === "user"
                                Layout.alignment: Qt.AlignRight
                                implicitWidth: Math.min(userText.implicitWidth + 24, msg.bubbleWidth)
                                implicitHeight: userText.implicitHeight + 16
                                radius: Theme.radius
                                color: Theme.userBubble
                                border.color: Theme.userBubbleBorder

                                Text {
                                    id: userText

                                    anchors.fill: parent
                                    anchors.margins: 8
                                    anchors.leftMargin: 12
                                    anchors.rightMargin: 12
                                    text: msg.text
                                    wrapMode: Text.Wrap
                                    textFormat: Text.PlainText
                                    color: Theme.text
                                    font.pixelSize: Theme.fontSize
                                }
                            }

                            // Assistant and system: readable text.
                            TextEdit {
                                visible: msg.kind === "assistant" || msg.kind === "system"
                                Layout.fillWidth: true
                                Layout.maximumWidth: msg.bubbleWidth
                                text: msg.text
                                readOnly: true
                                selectByMouse: true
                                wrapMode: TextEdit.Wrap
                                textFormat: msg.kind === "assistant" ? TextEdit.MarkdownText
                                                                     : TextEdit.PlainText
                                color: msg.kind === "system" ? Theme.textMuted : Theme.text
                                font.pixelSize: Theme.fontSize
                                font.italic: msg.kind === "system"
                            }

                            // Tool calls and results: compact monospace blocks; long results
                            // are collapsed to a few lines.
                            Rectangle {
                                visible: msg.isTool
                                Layout.fillWidth: true
                                Layout.maximumWidth: msg.bubbleWidth
                                implicitHeight: code.height + 12
                                radius: 4
                                color: Theme.codeBackground

                                TextEdit {
                                    id: code

                                    x: 6
                                    y: 6
                                    width: parent.width - 12
                                    text: msg.kind === "tool_call" ? msg.arguments : msg.text
                                    readOnly: true
                                    selectByMouse: true
                                    wrapMode: TextEdit.WrapAnywhere
                                    textFormat: TextEdit.PlainText
                                    color: Theme.text
                                    font.pixelSize: Theme.smallFontSize + 1
                                    font.family: Theme.monoFamily
                                    clip: true
                                    // Collapsed: eight whole lines.
                                    height: msg.expanded || !collapseButton.needed
                                            ? implicitHeight
                                            : Math.min(implicitHeight, msg.collapsedHeight)
                                }
                                FontMetrics {
                                    id: codeMetrics

                                    font: code.font
                                }
                            }
                            Button {
                                id: collapseButton

                                readonly property bool needed: msg.isTool
                                                               && code.implicitHeight > msg.collapsedHeight + 1

                                visible: needed
                                flat: true
                                text: msg.expanded ? qsTr("Collapse") : qsTr("Show all")
                                font.pixelSize: Theme.smallFontSize + 1
                                onClicked: msg.expanded = !msg.expanded
                                Accessible.name: msg.expanded ? qsTr("Collapse this output")
                                                              : qsTr("Show all of this output")
                            }
                        }
                    }
                }
            }
        }
    }
}
