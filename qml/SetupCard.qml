import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Shown instead of errors while no language model is configured: pick one of four ways to
// connect, save (the `AppSettings` model validates and stores it, keys in the secret store), and
// restart. The backend is built once at start, so a saved choice connects after the restart.
Rectangle {
    id: root

    // 0 local Ollama, 1 OpenAI, 2 Anthropic, 3 a custom OpenAI-compatible URL.
    property int choice: 0

    function save() {
        let saved = false
        if (choice === 0)
            saved = AppSettings.useOllama("", ollamaModel.editText)
        else if (choice === 1)
            saved = AppSettings.useOpenAi(openAiKey.text, openAiModel.text)
        else if (choice === 2)
            saved = AppSettings.useAnthropic(anthropicKey.text, anthropicModel.text)
        else
            saved = AppSettings.useCustom(customUrl.text, customKey.text, customModel.text)
        if (saved) {
            openAiKey.clear()
            anthropicKey.clear()
            customKey.clear()
        }
    }

    implicitHeight: layout.implicitHeight + 40
    radius: Theme.radius
    color: Theme.surface
    border.color: Theme.border

    onVisibleChanged: if (visible && !AppSettings.ollamaChecked) AppSettings.detectOllama()
    Component.onCompleted: if (visible) AppSettings.detectOllama()

    component CardText: Text {
        color: Theme.text
        font.pixelSize: 13
        wrapMode: Text.Wrap
    }
    component CardNote: Text {
        color: Theme.textMuted
        font.pixelSize: 12
        wrapMode: Text.Wrap
    }

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
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }
        Text {
            Layout.fillWidth: true
            text: Jarvis.setupProblem
            color: Theme.textMuted
            font.pixelSize: 13
            wrapMode: Text.Wrap
        }

        Flow {
            Layout.fillWidth: true
            spacing: 4

            RadioButton {
                text: qsTr("Local Ollama")
                checked: root.choice === 0
                font.pixelSize: 13
                Accessible.name: text
                onClicked: root.choice = 0
            }
            RadioButton {
                text: qsTr("OpenAI")
                checked: root.choice === 1
                font.pixelSize: 13
                Accessible.name: text
                onClicked: root.choice = 1
            }
            RadioButton {
                text: qsTr("Anthropic")
                checked: root.choice === 2
                font.pixelSize: 13
                Accessible.name: text
                onClicked: root.choice = 2
            }
            RadioButton {
                text: qsTr("Custom OpenAI-compatible URL")
                checked: root.choice === 3
                font.pixelSize: 13
                Accessible.name: text
                onClicked: root.choice = 3
            }
        }

        // Local Ollama: what the probe found.
        ColumnLayout {
            visible: root.choice === 0
            Layout.fillWidth: true
            spacing: 8

            CardText {
                Layout.fillWidth: true
                text: AppSettings.ollamaDetecting
                      ? qsTr("Looking for Ollama at %1…").arg(AppSettings.ollamaUrl)
                      : !AppSettings.ollamaChecked ? ""
                      : !AppSettings.ollamaFound
                        ? qsTr("No Ollama answered at %1. Install it from https://ollama.com, start "
                               + "it (ollama serve), pull a model (ollama pull qwen2.5:7b), then "
                               + "look again.").arg(AppSettings.ollamaUrl)
                      : AppSettings.ollamaModels.length === 0
                        ? qsTr("Ollama is running at %1 but has no models yet. Pull one in a "
                               + "terminal (ollama pull qwen2.5:7b), then look again.")
                              .arg(AppSettings.ollamaUrl)
                        : qsTr("Ollama is running at %1.").arg(AppSettings.ollamaUrl)
            }
            RowLayout {
                Layout.fillWidth: true
                spacing: 8

                CardText {
                    visible: ollamaModel.visible
                    text: qsTr("Model")
                }
                ComboBox {
                    id: ollamaModel

                    Layout.preferredWidth: 260
                    visible: AppSettings.ollamaFound && AppSettings.ollamaModels.length > 0
                    model: AppSettings.ollamaModels
                    editable: true
                    font.pixelSize: 13
                    Accessible.name: qsTr("Ollama model")
                }
                Button {
                    text: qsTr("Look again")
                    enabled: !AppSettings.ollamaDetecting
                    Accessible.name: qsTr("Look for Ollama again")
                    onClicked: AppSettings.detectOllama()
                }
            }
        }

        // OpenAI.
        GridLayout {
            visible: root.choice === 1
            Layout.fillWidth: true
            columns: 2
            columnSpacing: 10
            rowSpacing: 8

            CardText { text: qsTr("API key") }
            TextField {
                id: openAiKey

                Layout.fillWidth: true
                echoMode: TextInput.Password
                placeholderText: qsTr("sk-… (platform.openai.com › API keys)")
                font.pixelSize: 13
                Accessible.name: qsTr("OpenAI API key")
                onAccepted: root.save()
            }
            CardText { text: qsTr("Model") }
            TextField {
                id: openAiModel

                Layout.fillWidth: true
                text: AppSettings.openAiDefaultModel
                font.pixelSize: 13
                Accessible.name: qsTr("OpenAI model")
                onAccepted: root.save()
            }
        }

        // Anthropic.
        GridLayout {
            visible: root.choice === 2
            Layout.fillWidth: true
            columns: 2
            columnSpacing: 10
            rowSpacing: 8

            CardText { text: qsTr("API key") }
            TextField {
                id: anthropicKey

                Layout.fillWidth: true
                echoMode: TextInput.Password
                placeholderText: qsTr("sk-ant-… (console.anthropic.com › API keys)")
                font.pixelSize: 13
                Accessible.name: qsTr("Anthropic API key")
                onAccepted: root.save()
            }
            CardText { text: qsTr("Model") }
            TextField {
                id: anthropicModel

                Layout.fillWidth: true
                text: AppSettings.anthropicDefaultModel
                font.pixelSize: 13
                Accessible.name: qsTr("Anthropic model")
                onAccepted: root.save()
            }
        }

        // Any OpenAI-compatible server: llama.cpp, vLLM, LM Studio, OpenRouter, …
        GridLayout {
            visible: root.choice === 3
            Layout.fillWidth: true
            columns: 2
            columnSpacing: 10
            rowSpacing: 8

            CardText { text: qsTr("URL") }
            TextField {
                id: customUrl

                Layout.fillWidth: true
                placeholderText: "http://127.0.0.1:8080/v1"
                font.pixelSize: 13
                Accessible.name: qsTr("Server URL")
                onAccepted: root.save()
            }
            CardText { text: qsTr("API key") }
            TextField {
                id: customKey

                Layout.fillWidth: true
                echoMode: TextInput.Password
                placeholderText: qsTr("Optional: only if the server needs one")
                font.pixelSize: 13
                Accessible.name: qsTr("Server API key")
                onAccepted: root.save()
            }
            CardText { text: qsTr("Model") }
            TextField {
                id: customModel

                Layout.fillWidth: true
                placeholderText: qsTr("The model name the server expects")
                font.pixelSize: 13
                Accessible.name: qsTr("Server model")
                onAccepted: root.save()
            }
        }

        RowLayout {
            Layout.fillWidth: true
            spacing: 10

            Button {
                text: qsTr("Save")
                Accessible.name: qsTr("Save this choice")
                onClicked: root.save()
            }
            CardText {
                Layout.fillWidth: true
                visible: AppSettings.setupError.length > 0
                text: AppSettings.setupError
                color: Theme.dangerText
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
            }
            CardText {
                Layout.fillWidth: true
                visible: AppSettings.setupSaved && AppSettings.setupError.length === 0
                text: qsTr("Saved. Restart Zerg to connect.")
                color: Theme.success
            }
            Button {
                visible: AppSettings.setupSaved && AppSettings.restartNeeded
                text: qsTr("Restart now")
                Accessible.name: qsTr("Restart Zerg now")
                onClicked: AppSettings.requestRestart()
            }
        }

        CardNote {
            Layout.fillWidth: true
            text: qsTr("Environment variables work too (ZERG_LLM_BASE_URL, ZERG_MODEL, "
                       + "ZERG_LLM_API_KEY; see the README) and win over what you save here. "
                       + "Keys are kept in %1.").arg(AppSettings.secretLocation)
        }
    }
}
