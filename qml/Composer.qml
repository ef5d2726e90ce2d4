import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Where the user types. Enter sends, Shift+Enter starts a new line, Up/Down on the first/last
// line walk the input history, Escape stops the current run. Send turns into Stop while busy.
// The microphone button (or Ctrl+Space) held is push-to-talk; what was said lands in the box
// to edit, or is sent at once when Settings say so. While the microphone is open a red line
// says so and where the audio goes.
Rectangle {
    id: root

    signal sent()

    property alias text: input.text

    function submit() {
        if (Jarvis.busy || input.text.trim().length === 0)
            return
        SpokenAnswers.noteQuestion(input.text)
        Jarvis.send(input.text)
        input.clear()
        root.sent()
    }

    function focusInput() {
        input.forceActiveFocus()
    }

    // What was heard: into the box (after what is typed), or sent.
    function takeSpeech(text, send) {
        const typed = input.text.trim()
        input.text = typed.length > 0 ? typed + " " + text : text
        input.cursorPosition = input.length
        input.forceActiveFocus()
        if (send)
            root.submit()
    }

    implicitHeight: Math.min(scroll.implicitHeight, 168) + 20
                    + (voiceLine.visible ? voiceLine.implicitHeight + 4 : 0)
                    + (partialWords.visible ? partialWords.implicitHeight + 2 : 0)
    radius: Theme.radius
    color: Theme.surface
    border.color: input.activeFocus ? Theme.accent : Theme.border
    border.width: input.activeFocus ? 1.5 : 1

    Connections {
        target: VoiceInput
        function onHeard(text, send) { root.takeSpeech(text, send) }
    }

    // The words heard so far, live while the user speaks (the local engine recognizes as it
    // hears); what was said lands in the box when the utterance ends.
    Label {
        id: partialWords

        objectName: "voicePartial"
        visible: VoiceInput.partial.length > 0 && voiceLine.visible
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.bottom: voiceLine.top
        anchors.leftMargin: 12
        anchors.rightMargin: 12
        anchors.bottomMargin: 2
        text: "\u201C" + VoiceInput.partial + "\u2026\u201D"
        color: Theme.text
        font.italic: true
        font.pixelSize: Theme.fontSize
        elide: Text.ElideLeft
        Accessible.role: Accessible.StaticText
        Accessible.name: qsTr("Heard so far: %1").arg(VoiceInput.partial)
    }

    // The privacy line: the microphone is open (red), the words are on their way, or what went
    // wrong.
    RowLayout {
        id: voiceLine

        readonly property bool listening: VoiceInput.open
        readonly property bool transcribing: VoiceInput.state === "transcribing" && !listening
        readonly property bool speaking: SpokenAnswers.speaking && !listening && !transcribing
        readonly property string problem: VoiceInput.problem.length > 0 ? VoiceInput.problem
                                                                        : SpokenAnswers.problem

        visible: listening || transcribing || speaking || problem.length > 0
        anchors.left: parent.left
        anchors.right: parent.right
        anchors.bottom: parent.bottom
        anchors.leftMargin: 10
        anchors.rightMargin: 10
        anchors.bottomMargin: 6
        spacing: 6

        Rectangle {
            visible: voiceLine.listening
            width: 8
            height: 8
            radius: 4
            color: Theme.danger
        }
        Label {
            objectName: "voiceStatus"
            Layout.fillWidth: true
            text: voiceLine.listening && VoiceInput.state === "connecting"
                  ? qsTr("Connecting to %1…").arg(VoiceInput.where)
                  : voiceLine.listening && VoiceInput.state === "reconnecting"
                  ? qsTr("Connection lost, connecting again to %1…").arg(VoiceInput.where)
                  : voiceLine.listening && VoiceInput.state === "speaking"
                  ? qsTr("Jarvis is speaking, %1. Escape or the microphone stops it.").arg(VoiceInput.where)
                  : voiceLine.listening
                  ? (VoiceInput.handsFree
                     ? qsTr("Listening hands-free, %1. Press the microphone again to stop.")
                     : qsTr("Listening, %1. Let go to finish.")).arg(VoiceInput.where)
                  : voiceLine.transcribing ? qsTr("Understanding what you said…")
                  : voiceLine.speaking ? qsTr("Jarvis is speaking. Escape or the microphone stops it.")
                  : voiceLine.problem
            color: voiceLine.listening ? Theme.danger
                 : voiceLine.transcribing || voiceLine.speaking ? Theme.textFaint : Theme.danger
            font.pixelSize: 12
            wrapMode: Text.Wrap
            Accessible.role: Accessible.StaticText
            Accessible.name: text
        }
        ToolButton {
            objectName: "voiceDismiss"
            visible: !voiceLine.listening && !voiceLine.transcribing
            text: voiceLine.speaking ? qsTr("Stop speaking") : "\u2715"
            font.pixelSize: 11
            Accessible.name: voiceLine.speaking ? qsTr("Stop speaking") : qsTr("Dismiss")
            onClicked: {
                if (!SpokenAnswers.stop()) {
                    VoiceInput.dismissProblem()
                    SpokenAnswers.dismissProblem()
                }
            }
        }
    }

    RowLayout {
        anchors.fill: parent
        anchors.margins: 10
        anchors.leftMargin: 6
        anchors.bottomMargin: 10 + (voiceLine.visible ? voiceLine.implicitHeight + 4 : 0)
                              + (partialWords.visible ? partialWords.implicitHeight + 2 : 0)
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

                // Ctrl+Space held: push-to-talk (the modifier may be let go first).
                Keys.onReleased: event => {
                    if (event.key === Qt.Key_Space && micButton.heldByKey && !event.isAutoRepeat) {
                        event.accepted = true
                        micButton.heldByKey = false
                        VoiceInput.release()
                    }
                }
                Keys.onPressed: event => {
                    if (event.key === Qt.Key_Space && (event.modifiers & Qt.ControlModifier)) {
                        event.accepted = true
                        if (!event.isAutoRepeat && !micButton.heldByKey) {
                            micButton.heldByKey = true
                            VoiceInput.press()
                        }
                    } else if (event.key === Qt.Key_Return || event.key === Qt.Key_Enter) {
                        if (event.modifiers & Qt.ShiftModifier)
                            return  // TextArea inserts the new line
                        event.accepted = true
                        root.submit()
                    } else if (event.key === Qt.Key_Escape) {
                        event.accepted = true
                        // speech first (spoken answers, a Realtime answer), then the request
                        if (!SpokenAnswers.stop() && !VoiceInput.interrupt())
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

        // The microphone: held, push-to-talk; with hands-free in Settings, a switch. A bar at
        // its foot shows the input level while it is open.
        Button {
            id: micButton

            property bool heldByKey: false
            readonly property bool live: VoiceInput.open
            // How the button works: held (push-to-talk), or pressed to start and to stop.
            readonly property string howTo: VoiceInput.toggles
                ? qsTr("Press to start listening, again to stop (Ctrl+Space)")
                : qsTr("Hold to talk (Ctrl+Space)")
            readonly property color face: live ? Theme.dangerBubble
                                         : hovered ? Theme.window : Theme.surface

            objectName: "micButton"
            Layout.alignment: Qt.AlignBottom
            Layout.preferredHeight: 34
            Layout.preferredWidth: 34
            focusPolicy: Qt.NoFocus
            Accessible.name: live ? qsTr("Microphone on") : qsTr("Microphone")
            Accessible.description: howTo
            onPressed: VoiceInput.press()
            onReleased: VoiceInput.release()
            onCanceled: VoiceInput.release()
            ToolTip.visible: hovered && !pressed
            ToolTip.delay: 600
            ToolTip.text: live ? qsTr("Listening, %1").arg(VoiceInput.where) : howTo

            contentItem: Item {
                // A microphone drawn from rectangles: cradle, capsule over it, stem and foot.
                readonly property color ink: micButton.live ? Theme.danger : Theme.textFaint
                Rectangle {
                    anchors.horizontalCenter: parent.horizontalCenter
                    y: 10
                    width: 14
                    height: 10
                    radius: 7
                    color: "transparent"
                    border.color: parent.ink
                    border.width: 1.5
                    Rectangle {  // hides the cradle's upper half
                        width: parent.width
                        height: 5
                        color: micButton.face
                    }
                }
                Rectangle {
                    anchors.horizontalCenter: parent.horizontalCenter
                    y: 5
                    width: 8
                    height: 12
                    radius: 4
                    color: parent.ink
                }
                Rectangle {
                    anchors.horizontalCenter: parent.horizontalCenter
                    y: 20
                    width: 1.5
                    height: 4
                    color: parent.ink
                }
                Rectangle {
                    anchors.horizontalCenter: parent.horizontalCenter
                    y: 24
                    width: 8
                    height: 1.5
                    color: parent.ink
                }
            }
            background: Rectangle {
                radius: 8
                color: micButton.face
                border.color: micButton.live ? Theme.dangerBorder : Theme.border

                Rectangle {
                    objectName: "levelMeter"
                    visible: micButton.live
                    anchors.left: parent.left
                    anchors.bottom: parent.bottom
                    anchors.margins: 3
                    height: 3
                    radius: 1.5
                    width: (parent.width - 6) * VoiceInput.level
                    color: Theme.danger
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
