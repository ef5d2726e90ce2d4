pragma ComponentBehavior: Bound

import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Shown instead of errors while no language model is configured: pick a way to connect (a local
// Ollama, each provider of the registry at its hosted service, or a custom OpenAI-compatible
// URL), save (the `AppSettings` model validates and stores it, keys in the secret store), and
// restart. The backend is built once at start, so a saved choice connects after the restart.
Rectangle {
    id: root

    // "ollama", "custom", or the id of one of AppSettings.providers (the provider registry, whose
    // ids are openai, anthropic, …: never these two words).
    property string choice: "ollama"
    // The chosen entry of AppSettings.providers, or null for Ollama and a custom URL.
    readonly property var provider: {
        for (const p of AppSettings.providers) {
            if (p.id === root.choice)
                return p
        }
        return null
    }

    // Each provider starts from its own default model, and a key typed for another is dropped.
    onChoiceChanged: {
        providerKey.clear()
        providerModel.text = provider ? provider.defaultModel : ""
    }

    function save() {
        let saved = false
        if (choice === "ollama")
            saved = AppSettings.useOllama(root.ollama ? root.ollama.url : "", ollamaModel.editText)
        else if (provider)
            saved = AppSettings.useProvider(provider.id, providerKey.text, providerModel.text)
        else
            saved = AppSettings.useCustom(customUrl.text, customKey.text, customModel.text)
        if (saved) {
            providerKey.clear()
            customKey.clear()
        }
    }

    implicitHeight: layout.implicitHeight + 40
    radius: Theme.radius
    color: Theme.surface
    border.color: Theme.border

    // What runs on this machine: asked when the card is first shown.
    onVisibleChanged: if (visible) ModelPicker.load()
    Component.onCompleted: if (visible) ModelPicker.load()

    // ModelPicker's Ollama source ({url, state, message}) and its models.
    readonly property var ollama: sourceOf("ollama")
    readonly property var ollamaModels: modelsOf(["ollama"])
    // The models of LM Studio and llama-server, when they run here: one click fills the custom
    // server's URL and model.
    readonly property var localModels: modelsOf(["lm_studio", "llama_server"])

    function modelsOf(sources: var): var {
        const out = []
        for (const m of ModelPicker.models) {
            if (sources.includes(m.source))
                out.push(m)
        }
        return out
    }
    function sourceOf(name: string): var {
        for (const s of ModelPicker.sources) {
            if (s.source === name)
                return s
        }
        return null
    }

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
                checked: root.choice === "ollama"
                font.pixelSize: 13
                Accessible.name: text
                onClicked: root.choice = "ollama"
            }
            Repeater {
                model: AppSettings.providers

                RadioButton {
                    required property var modelData

                    text: modelData.label
                    checked: root.choice === modelData.id
                    font.pixelSize: 13
                    Accessible.name: text
                    onClicked: root.choice = modelData.id
                }
            }
            RadioButton {
                text: qsTr("Custom OpenAI-compatible URL")
                checked: root.choice === "custom"
                font.pixelSize: 13
                Accessible.name: text
                onClicked: root.choice = "custom"
            }
        }

        // Local Ollama: what the model picker found there, each model with whether it calls
        // tools (one that cannot is listed but cannot be chosen: it would be the supervisor's).
        ColumnLayout {
            visible: root.choice === "ollama"
            Layout.fillWidth: true
            spacing: 8

            CardText {
                Layout.fillWidth: true
                text: {
                    const src = root.ollama
                    const url = src ? src.url : ""
                    if (!src || src.state === "asking")
                        return ModelPicker.loading ? qsTr("Looking for Ollama at %1…").arg(url) : ""
                    if (src.state === "absent")
                        return qsTr("No Ollama answered at %1. Install it from https://ollama.com, "
                                    + "start it (ollama serve), pull a model (ollama pull "
                                    + "qwen2.5:7b), then look again.").arg(url)
                    if (src.state !== "answered")
                        return src.message
                    if (root.ollamaModels.length === 0)
                        return qsTr("Ollama is running at %1 but has no models yet. Pull one in a "
                                    + "terminal (ollama pull qwen2.5:7b), then look again.").arg(url)
                    return qsTr("Ollama is running at %1.").arg(url)
                }
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

                    Layout.preferredWidth: 320
                    visible: root.ollamaModels.length > 0
                    model: root.ollamaModels
                    textRole: "id"
                    editable: true
                    font.pixelSize: 13
                    Accessible.name: qsTr("Ollama model")
                    Accessible.description: currentIndex >= 0
                                            ? root.ollamaModels[currentIndex].toolNote : ""

                    delegate: ModelLine {
                        required property int index

                        width: ollamaModel.width
                        role: "supervisor"
                        highlighted: ollamaModel.highlightedIndex === index
                    }
                }
                Button {
                    text: qsTr("Look again")
                    enabled: !ModelPicker.loading
                    Accessible.name: qsTr("Look for Ollama again")
                    onClicked: ModelPicker.refresh()
                }
            }
        }

        // A provider of the registry at its hosted service: its key and model.
        GridLayout {
            visible: root.provider !== null
            Layout.fillWidth: true
            columns: 2
            columnSpacing: 10
            rowSpacing: 8

            CardText { text: qsTr("API key") }
            TextField {
                id: providerKey

                Layout.fillWidth: true
                echoMode: TextInput.Password
                placeholderText: root.provider ? root.provider.keyPlaceholder : ""
                font.pixelSize: 13
                Accessible.name: qsTr("%1 API key").arg(root.provider ? root.provider.label : "")
                onAccepted: root.save()
            }
            CardText { text: qsTr("Model") }
            TextField {
                id: providerModel

                Layout.fillWidth: true
                font.pixelSize: 13
                Accessible.name: qsTr("%1 model").arg(root.provider ? root.provider.label : "")
                onAccepted: root.save()
            }
        }

        // LM Studio or llama-server running here: pick one of their models for the custom URL.
        ColumnLayout {
            visible: root.choice === "custom" && root.localModels.length > 0
            Layout.fillWidth: true
            spacing: 2

            CardText {
                Layout.fillWidth: true
                text: qsTr("Running on this computer (choose one to fill in the server below):")
            }
            Repeater {
                model: root.localModels

                ModelLine {
                    Layout.fillWidth: true
                    role: "supervisor"
                    onClicked: {
                        customUrl.text = modelData.baseUrl
                        customModel.text = modelData.id
                        customModel.forceActiveFocus()
                    }
                }
            }
        }

        // Any OpenAI-compatible server: llama.cpp, vLLM, LM Studio, OpenRouter, …
        GridLayout {
            visible: root.choice === "custom"
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
