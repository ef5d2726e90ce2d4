import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Where the user types. Enter sends, Shift+Enter starts a new line, Up/Down on the first/last
// line walk the input history, Escape stops the current run. Send turns into Stop while busy.
Rectangle {
    id: root

    signal sent()

    property alias text: input.text

    function submit() {
        if (Jarvis.busy || input.text.trim().length === 0)
            return
        Jarvis.send(input.text)
        input.clear()
        root.sent()
    }

    function focusInput() {
        input.forceActiveFocus()
    }

    implicitHeight: Math.min(scroll.implicitHeight, 168) + 20
    radius: Theme.radius
    color: Theme.surface
    border.color: input.activeFocus ? Theme.accent : Theme.border
    border.width: input.activeFocus ? 1.5 : 1

    RowLayout {
        anchors.fill: parent
        anchors.margins: 10
        anchors.leftMargin: 6
        spacing: 8

        ScrollView {
            id: scroll

            Layout.fillWidth: true
            Layout.fillHeight: true
            ScrollBar.horizontal.policy: ScrollBar.AlwaysOff

            TextArea {
                id: input

                readonly property bool onFirstLine:
                    cursorRectangle.y <= positionToRectangle(0).y
                readonly property bool onLastLine:
                    cursorRectangle.y >= positionToRectangle(length).y

                placeholderText: Jarvis.setupProblem.length > 0
                                 ? qsTr("Connect a language model first (see above).")
                                 : qsTr("Ask Jarvis…  (Enter to send, Shift+Enter for a new line)")
                placeholderTextColor: Theme.textFaint
                wrapMode: TextArea.Wrap
                color: Theme.text
                selectionColor: Theme.accent
                selectedTextColor: "white"
                font.pixelSize: Theme.fontSize
                background: null
                focus: true

                Keys.onPressed: event => {
                    if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter) {
                        if (event.modifiers & Qt.ShiftModifier)
                            return  // TextArea inserts the new line
                        event.accepted = true
                        root.submit()
                    } else if (event.key === Qt.Key_Escape) {
                        event.accepted = true
                        Jarvis.stop()
                    } else if (event.key === Qt.Key_Up && onFirstLine) {
                        event.accepted = true
                        input.text = Jarvis.historyPrevious(input.text)
                        input.cursorPosition = input.length
                    } else if (event.key === Qt.Key_Down && onLastLine) {
                        event.accepted = true
                        input.text = Jarvis.historyNext(input.text)
                        input.cursorPosition = input.length
                    }
                }
            }
        }

        Button {
            id: sendButton

            readonly property bool stopMode: Jarvis.busy

            Layout.alignment: Qt.AlignBottom
            Layout.preferredHeight: 34
            Layout.preferredWidth: 76
            text: stopMode ? qsTr("Stop") : qsTr("Send")
            enabled: stopMode || (input.text.trim().length > 0
                                  && Jarvis.setupProblem.length === 0)
            onClicked: stopMode ? Jarvis.stop() : root.submit()
            ToolTip.visible: hovered
            ToolTip.delay: 600
            ToolTip.text: stopMode ? qsTr("Stop the current request (Escape)")
                                   : qsTr("Send (Enter)")

            contentItem: Text {
                text: sendButton.text
                color: sendButton.stopMode ? Theme.danger
                     : sendButton.enabled ? "white" : Theme.textFaint
                font.pixelSize: 13
                font.weight: Font.DemiBold
                horizontalAlignment: Text.AlignHCenter
                verticalAlignment: Text.AlignVCenter
            }
            background: Rectangle {
                radius: 8
                color: sendButton.stopMode
                       ? (sendButton.hovered ? Theme.dangerBubble : Theme.surface)
                       : !sendButton.enabled ? Theme.window
                       : sendButton.down || sendButton.hovered ? Theme.accentHover : Theme.accent
                border.color: sendButton.stopMode ? Theme.dangerBorder : "transparent"
            }
        }
    }
}
