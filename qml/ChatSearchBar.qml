import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// Ctrl+F in the chat: a term, "3 of 12", previous and next (Shift+Enter / Enter, Shift+F3 / F3);
// Escape closes it. The matches are marked in the messages; the current one's message is
// scrolled into view (ChatView). Searches the conversation loaded in the chat; "Search all
// conversations" asks the Threads page.
Rectangle {
    id: root

    signal closed()
    signal searchAllRequested(string term)

    function open() {
        visible = true
        field.forceActiveFocus()
        field.selectAll()
        Jarvis.search.term = field.text
    }
    function close() {
        visible = false
        Jarvis.search.clear()
        root.closed()
    }

    // The term set from elsewhere (the GUI tour) shows in the field too.
    Connections {
        target: Jarvis.search

        function onTermChanged() {
            if (field.text !== Jarvis.search.term)
                field.text = Jarvis.search.term
        }
    }

    visible: false
    implicitHeight: row.implicitHeight + 12
    color: Theme.surface
    Accessible.role: Accessible.ToolBar
    Accessible.name: qsTr("Search the conversation")

    Rectangle {
        anchors.bottom: parent.bottom
        width: parent.width
        height: 1
        color: Theme.border
    }

    RowLayout {
        id: row

        anchors.fill: parent
        anchors.leftMargin: 20
        anchors.rightMargin: 20
        spacing: 8

        TextField {
            id: field

            Layout.fillWidth: true
            Layout.maximumWidth: 360
            placeholderText: qsTr("Find in the conversation")
            Accessible.name: qsTr("Find in the conversation")
            color: Theme.text
            selectByMouse: true
            onTextEdited: Jarvis.search.term = text
            Keys.onPressed: event => {
                if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter) {
                    event.accepted = true
                    if (event.modifiers & Qt.ShiftModifier)
                        Jarvis.search.previous()
                    else
                        Jarvis.search.next()
                } else if (event.key === Qt.Key_Escape) {
                    event.accepted = true
                    root.close()
                }
            }
        }
        Text {
            // What was found, or that nothing was; read out as it changes.
            text: Jarvis.search.term.trim().length === 0 ? ""
                : Jarvis.search.count === 0 ? qsTr("No matches")
                : qsTr("%1 of %2").arg(Jarvis.search.current).arg(Jarvis.search.count)
            color: Jarvis.search.count === 0 && Jarvis.search.term.trim().length > 0
                   ? Theme.danger : Theme.textMuted
            font.pixelSize: 12
            Accessible.role: Accessible.StaticText
            Accessible.name: text
        }
        Button {
            text: "↑"
            Layout.preferredWidth: 36
            enabled: Jarvis.search.count > 0
            Accessible.name: qsTr("Previous match (Shift+Enter)")
            ToolTip.visible: hovered
            ToolTip.delay: 600
            ToolTip.text: qsTr("Previous match (Shift+Enter)")
            onClicked: Jarvis.search.previous()
        }
        Button {
            text: "↓"
            Layout.preferredWidth: 36
            enabled: Jarvis.search.count > 0
            Accessible.name: qsTr("Next match (Enter)")
            ToolTip.visible: hovered
            ToolTip.delay: 600
            ToolTip.text: qsTr("Next match (Enter)")
            onClicked: Jarvis.search.next()
        }
        Button {
            text: qsTr("Search all conversations")
            Accessible.name: qsTr("Search all conversations on the Threads page")
            enabled: field.text.trim().length > 0
            onClicked: root.searchAllRequested(field.text)
        }
        Item { Layout.fillWidth: true }
        Button {
            text: "✕"
            Layout.preferredWidth: 36
            Accessible.name: qsTr("Close the search (Escape)")
            ToolTip.visible: hovered
            ToolTip.delay: 600
            ToolTip.text: qsTr("Close the search (Escape)")
            onClicked: root.close()
        }
    }

    Shortcut {
        sequence: "F3"
        enabled: root.visible
        onActivated: Jarvis.search.next()
    }
    Shortcut {
        sequence: "Shift+F3"
        enabled: root.visible
        onActivated: Jarvis.search.previous()
    }
}
