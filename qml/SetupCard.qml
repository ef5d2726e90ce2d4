import QtQuick
import QtQuick.Layouts
import Zerg.Backend

// Shown instead of errors while no language model is configured: what to set, and how.
Rectangle {
    id: root

    implicitHeight: layout.implicitHeight + 40
    radius: Theme.radius
    color: Theme.surface
    border.color: Theme.border

    ColumnLayout {
        id: layout

        anchors.fill: parent
        anchors.margins: 20
        spacing: 10

        Text {
            Layout.fillWidth: true
            text: qsTr("Connect Jarvis to a language model")
            color: Theme.text
            font.pixelSize: 17
            font.weight: Font.DemiBold
            wrapMode: Text.Wrap
        }
        Text {
            Layout.fillWidth: true
            text: Jarvis.setupProblem
            color: Theme.textMuted
            font.pixelSize: 13
            wrapMode: Text.Wrap
        }
        Text {
            Layout.fillWidth: true
            text: qsTr("Any OpenAI-compatible endpoint works (OpenAI, Ollama, llama.cpp, vLLM). "
                       + "Set these in the environment Zerg starts from, then restart Zerg:")
            color: Theme.text
            font.pixelSize: 13
            wrapMode: Text.Wrap
        }
        Rectangle {
            Layout.fillWidth: true
            implicitHeight: snippet.implicitHeight + 20
            radius: 6
            color: Theme.codeBackground
            border.color: Theme.border

            TextEdit {
                id: snippet

                x: 12
                y: 10
                width: parent.width - 24
                readOnly: true
                selectByMouse: true
                wrapMode: TextEdit.WrapAnywhere
                font.family: Theme.monoFamily
                font.pixelSize: 12
                color: Theme.text
                text: "ZERG_LLM_BASE_URL=http://127.0.0.1:11434/v1\n"
                      + "ZERG_MODEL=llama3.1\n"
                      + "ZERG_LLM_API_KEY=…        " + qsTr("# only if the endpoint needs one") + "\n"
                      + "ZERG_WORKER_MODEL=…       " + qsTr("# optional: a cheaper model for workers")
            }
        }
    }
}
