import QtQuick
import QtQuick.Controls.Basic
import Zerg.Backend

// The conversation. Follows new text while the user is at the bottom; stays put once they
// scroll up to read, and follows again when they scroll back down or send a question.
ListView {
    id: root

    property bool followTail: true
    // Scrolled to the end once: until then the view sits at the top only because it was just
    // filled, not because the user scrolled up (which would load the earlier turns at start).
    property bool settled: false

    function scrollToEnd() {
        followTail = true
        settle.restart()
    }

    clip: true
    model: Jarvis.chat
    Accessible.role: Accessible.List
    Accessible.name: qsTr("Conversation with Jarvis")
    spacing: 2
    topMargin: 16
    bottomMargin: 16
    boundsBehavior: Flickable.StopAtBounds
    reuseItems: false

    delegate: MessageDelegate {
        width: ListView.view.width
    }

    ScrollBar.vertical: ScrollBar {
        policy: ScrollBar.AsNeeded
    }

    onMovementEnded: followTail = atYEnd
    // Scrolled to the top: the turns before the oldest one shown.
    onAtYBeginningChanged: {
        if (!atYBeginning || atYEnd || !settled)
            return
        followTail = false
        if (Jarvis.hasOlder)
            Jarvis.loadOlder()
    }

    // Ctrl+F: the current match's message comes into view.
    Connections {
        target: Jarvis.search

        function onResultsChanged() {
            if (Jarvis.search.currentRow < 0)
                return
            root.followTail = false
            root.positionViewAtIndex(Jarvis.search.currentRow, ListView.Contain)
        }
    }

    // Earlier turns went in above: the row that was at the top stays there.
    Connections {
        target: Jarvis

        function onOlderLoaded(rows: int) {
            if (!root.followTail)
                root.positionViewAtIndex(rows, ListView.Beginning)
        }
    }

    header: Item {
        width: ListView.view ? ListView.view.width : 0
        height: Jarvis.hasOlder || Jarvis.loadingHistory ? 40 : 0
        visible: height > 0

        Button {
            anchors.centerIn: parent
            visible: Jarvis.hasOlder && !Jarvis.loadingHistory
            text: qsTr("Show earlier conversation")
            Accessible.name: qsTr("Show earlier conversation")
            onClicked: Jarvis.loadOlder()
        }
        Text {
            anchors.centerIn: parent
            visible: Jarvis.loadingHistory
            text: qsTr("Loading the earlier conversation…")
            color: Theme.textMuted
            font.pixelSize: 12
        }
    }
    onContentHeightChanged: {
        if (followTail)
            settle.restart()
    }
    onCountChanged: {
        if (followTail)
            settle.restart()
    }
    onHeightChanged: {
        if (followTail)
            settle.restart()
    }

    // Scrolls once the delegates have their new heights (after this round of changes).
    Timer {
        id: settle
        interval: 0
        onTriggered: {
            root.positionViewAtEnd()
            root.settled = true
        }
    }

    // Empty state.
    Column {
        anchors.centerIn: parent
        visible: root.count === 0 && Jarvis.setupProblem.length === 0
        spacing: 8
        width: Math.min(parent.width - 40, 420)

        Text {
            width: parent.width
            horizontalAlignment: Text.AlignHCenter
            text: qsTr("How can I help?")
            color: Theme.text
            font.pixelSize: 20
            font.weight: Font.DemiBold
        }
        Text {
            width: parent.width
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.Wrap
            text: qsTr("Ask about your servers — for example “check disk usage on cube”. "
                       + "Jarvis answers directly or sends a worker to investigate.")
            color: Theme.textMuted
            font.pixelSize: 13
        }
    }
}
