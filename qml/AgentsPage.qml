pragma ComponentBehavior: Bound

import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// Dashboard › Agents (docs/agents.md): the five agents Zerg asks a model for (the `Agents`
// singleton). The list on the left (title, model, "customized", version); the selected agent on
// the right: its system prompt (with its changes against the built-in one), model, temperature,
// max tokens and tools, Save (Ctrl+S) and Reset to built-in, and its history of versions. The
// model parses the fields, says what is wrong and what a save did; this file only shows.
Rectangle {
    id: root

    color: Theme.window

    component FieldLabel: Text {
        Layout.topMargin: 6
        color: Theme.textMuted
        font.pixelSize: Theme.smallFontSize + 1
        font.weight: Font.DemiBold
    }
    component Hint: Text {
        Layout.fillWidth: true
        color: Theme.textFaint
        font.pixelSize: Theme.smallFontSize + 1
        wrapMode: Text.Wrap
    }

    // Save with Ctrl+S while this page is shown.
    Shortcut {
        sequence: "Ctrl+S"
        enabled: root.visible && Agents.available && Agents.selectedRow >= 0 && !Agents.busy
        onActivated: form.save()
    }

    // Without a source: nothing to tune here.
    ColumnLayout {
        visible: !Agents.available
        anchors.centerIn: parent
        width: Math.min(560, parent.width - 48)
        spacing: 10

        Text {
            Layout.fillWidth: true
            text: qsTr("Agents cannot be tuned here")
            color: Theme.text
            font.pixelSize: 16
            font.weight: Font.DemiBold
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.Wrap
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }
        Text {
            Layout.fillWidth: true
            text: qsTr("This window has no access to the agents' settings. Tune them in Dashboard › Agents of the Zerg that runs them, or over its API (agent_save, docs/api.md).")
            color: Theme.textMuted
            font.pixelSize: 13
            horizontalAlignment: Text.AlignHCenter
            wrapMode: Text.Wrap
        }
    }

    ColumnLayout {
        visible: Agents.available
        anchors.fill: parent
        anchors.margins: 16
        spacing: 10

        RowLayout {
            Layout.fillWidth: true
            spacing: 12

            Text {
                Layout.fillWidth: true
                text: qsTr("Zerg asks a model on behalf of these agents. A change is saved as a new version and applies to the agent's next request.")
                color: Theme.textMuted
                font.pixelSize: Theme.smallFontSize + 1
                wrapMode: Text.Wrap
            }
            Button {
                text: qsTr("Reload")
                onClicked: Agents.reload()
                Accessible.name: qsTr("Reload the agents")
            }
        }

        // The agents could not be read.
        Rectangle {
            visible: Agents.loadError.length > 0
            Layout.fillWidth: true
            implicitHeight: loadErrorText.implicitHeight + 20
            radius: 6
            color: Theme.dangerBubble
            border.color: Theme.dangerBorder

            Text {
                id: loadErrorText

                x: 10
                y: 10
                width: parent.width - 20
                text: Agents.loadError
                color: Theme.dangerText
                font.pixelSize: Theme.smallFontSize + 1
                wrapMode: Text.Wrap
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
            }
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 12

            // ---- the agents ----
            Rectangle {
                Layout.preferredWidth: Math.min(300, Math.max(220, root.width * 0.28))
                Layout.fillHeight: true
                color: Theme.surface
                border.color: Theme.border
                radius: 6

                ListView {
                    id: list

                    anchors.fill: parent
                    anchors.margins: 1
                    clip: true
                    model: Agents
                    focus: true
                    keyNavigationEnabled: true
                    currentIndex: Agents.selectedRow
                    boundsBehavior: Flickable.StopAtBounds
                    ScrollBar.vertical: ScrollBar {}
                    Accessible.role: Accessible.List
                    Accessible.name: qsTr("Agents")
                    onCurrentIndexChanged: {
                        if (currentIndex >= 0)
                            Agents.select(currentIndex)
                    }

                    Connections {
                        target: Agents
                        function onSelectedChanged() {
                            list.currentIndex = Agents.selectedRow
                        }
                    }

                    delegate: Rectangle {
                        id: agent

                        required property int index
                        required property string title
                        required property string modelName
                        required property bool modelFromSettings
                        required property bool customized
                        required property int version

                        width: ListView.view.width
                        implicitHeight: agentColumn.implicitHeight + 20
                        color: ListView.isCurrentItem ? Theme.tickerBackground : Theme.surface
                        Accessible.role: Accessible.ListItem
                        Accessible.name: agent.customized
                                         ? qsTr("%1, model %2, customized").arg(agent.title).arg(agent.modelName)
                                         : qsTr("%1, model %2").arg(agent.title).arg(agent.modelName)

                        TapHandler {
                            onTapped: {
                                list.currentIndex = agent.index
                                list.forceActiveFocus()
                            }
                        }

                        // The current agent's mark.
                        Rectangle {
                            visible: agent.ListView.isCurrentItem
                            anchors.left: parent.left
                            anchors.top: parent.top
                            anchors.bottom: parent.bottom
                            width: 3
                            color: Theme.accent
                        }
                        Rectangle {
                            anchors.left: parent.left
                            anchors.right: parent.right
                            anchors.bottom: parent.bottom
                            height: 1
                            color: Theme.border
                        }

                        ColumnLayout {
                            id: agentColumn

                            x: 14
                            y: 10
                            width: parent.width - 28
                            spacing: 3

                            RowLayout {
                                Layout.fillWidth: true
                                spacing: 8

                                Text {
                                    Layout.fillWidth: true
                                    text: agent.title
                                    color: Theme.text
                                    font.pixelSize: Theme.fontSize
                                    font.weight: Font.DemiBold
                                    elide: Text.ElideRight
                                }
                                Rectangle {
                                    visible: agent.customized
                                    implicitWidth: badgeText.implicitWidth + 12
                                    implicitHeight: badgeText.implicitHeight + 4
                                    radius: height / 2
                                    color: "transparent"
                                    border.color: Theme.accent

                                    Text {
                                        id: badgeText

                                        anchors.centerIn: parent
                                        text: qsTr("customized")
                                        color: Theme.accent
                                        font.pixelSize: Theme.smallFontSize
                                    }
                                }
                                Text {
                                    text: agent.version > 0 ? qsTr("v%1").arg(agent.version)
                                                            : qsTr("built-in")
                                    color: Theme.textFaint
                                    font.pixelSize: Theme.smallFontSize
                                }
                            }
                            Text {
                                Layout.fillWidth: true
                                text: agent.modelName
                                color: agent.modelFromSettings ? Theme.textMuted : Theme.text
                                font.family: Theme.monoFamily
                                font.pixelSize: Theme.smallFontSize + 1
                                elide: Text.ElideMiddle
                            }
                        }
                    }
                }
            }

            // ---- the selected agent ----
            Rectangle {
                Layout.fillWidth: true
                Layout.fillHeight: true
                color: Theme.surface
                border.color: Theme.border
                radius: 6

                Text {
                    anchors.centerIn: parent
                    visible: Agents.selectedRow < 0 && Agents.loadError.length === 0
                    text: qsTr("Select an agent to tune it.")
                    color: Theme.textMuted
                    font.pixelSize: Theme.fontSize
                }

                Flickable {
                    id: detailFlick

                    visible: Agents.selectedRow >= 0
                    anchors.fill: parent
                    anchors.margins: 1
                    contentWidth: width
                    contentHeight: form.implicitHeight + 32
                    clip: true
                    boundsBehavior: Flickable.StopAtBounds
                    ScrollBar.vertical: ScrollBar {}

                    ColumnLayout {
                        id: form

                        // The tools' boxes as the user left them, by name (filled by load()).
                        property var toolChecks: ({})

                        // Fills the fields from the selected agent's tuning, replacing what was
                        // typed (another agent selected, or its tuning became a new version).
                        function load() {
                            promptEdit.text = Agents.promptText
                            modelField.text = Agents.model
                            temperatureField.text = Agents.temperatureText
                            maxTokensField.text = Agents.maxTokensText
                            const checks = {}
                            for (const tool of Agents.tools)
                                checks[tool.name] = tool.allowed
                            toolChecks = checks
                        }
                        function toolChecked(name: string, allowed: bool, required: bool): bool {
                            return required || (form.toolChecks[name] ?? allowed)
                        }
                        function setToolChecked(name: string, checked: bool) {
                            const checks = Object.assign({}, form.toolChecks)
                            checks[name] = checked
                            form.toolChecks = checks
                        }
                        function save() {
                            const allowed = []
                            for (const tool of Agents.tools) {
                                if (form.toolChecked(tool.name, tool.allowed, tool.required))
                                    allowed.push(tool.name)
                            }
                            Agents.save(promptEdit.text, modelField.text, temperatureField.text,
                                        maxTokensField.text, allowed)
                        }

                        x: 16
                        y: 16
                        width: detailFlick.width - 32
                        spacing: 6

                        Component.onCompleted: form.load()

                        Connections {
                            target: Agents
                            function onFormChanged() {
                                form.load()
                            }
                        }

                        RowLayout {
                            Layout.fillWidth: true
                            spacing: 8

                            Text {
                                text: Agents.selectedTitle
                                color: Theme.text
                                font.pixelSize: 18
                                font.weight: Font.DemiBold
                                Accessible.role: Accessible.Heading
                                Accessible.name: text
                            }
                            Text {
                                Layout.fillWidth: true
                                text: Agents.selectedVersion > 0
                                      ? (Agents.selectedCustomized
                                         ? qsTr("version %1, customized").arg(Agents.selectedVersion)
                                         : qsTr("version %1, the built-in tuning").arg(Agents.selectedVersion))
                                      : qsTr("built-in tuning, never changed")
                                color: Theme.textMuted
                                font.pixelSize: Theme.smallFontSize + 1
                                elide: Text.ElideRight
                            }
                        }
                        Text {
                            Layout.fillWidth: true
                            text: Agents.selectedBlurb
                            color: Theme.textMuted
                            font.pixelSize: 13
                            wrapMode: Text.Wrap
                        }

                        // ---- the system prompt ----
                        RowLayout {
                            Layout.fillWidth: true
                            Layout.topMargin: 6
                            spacing: 8

                            FieldLabel {
                                Layout.topMargin: 0
                                text: qsTr("System prompt")
                            }
                            Text {
                                Layout.fillWidth: true
                                text: Agents.promptIsBuiltIn ? qsTr("(saved: the built-in prompt)")
                                                             : qsTr("(saved: an edited prompt)")
                                color: Theme.textFaint
                                font.pixelSize: Theme.smallFontSize + 1
                                elide: Text.ElideRight
                            }
                        }
                        // The prompt's actions: they wrap under each other when the page is
                        // narrow (or the words long, as in German).
                        Flow {
                            Layout.fillWidth: true
                            spacing: 8

                            CheckBox {
                                id: diffToggle

                                text: qsTr("Show changes against built-in")
                                Accessible.name: qsTr("Show the prompt's changes against the built-in prompt")
                                contentItem: Text {
                                    leftPadding: diffToggle.indicator.width + diffToggle.spacing
                                    text: diffToggle.text
                                    color: Theme.text
                                    font.pixelSize: 13
                                    verticalAlignment: Text.AlignVCenter
                                }
                            }
                            Button {
                                text: qsTr("Use built-in prompt")
                                Accessible.name: qsTr("Put the built-in prompt into the editor (saved with Save)")
                                onClicked: promptEdit.text = Agents.builtInPrompt
                            }
                        }

                        // The editor, or (toggled) the changes against the built-in prompt.
                        ScrollView {
                            visible: !diffToggle.checked
                            Layout.fillWidth: true
                            Layout.preferredHeight: 280
                            // Wrapped text: as wide as the view (no horizontal scrolling).
                            contentWidth: availableWidth
                            clip: true

                            TextArea {
                                id: promptEdit

                                wrapMode: TextEdit.Wrap
                                textFormat: TextEdit.PlainText
                                selectByMouse: true
                                persistentSelection: true
                                color: Theme.text
                                selectionColor: Theme.accent
                                font.family: Theme.monoFamily
                                font.pixelSize: 13
                                Accessible.name: qsTr("System prompt of %1").arg(Agents.selectedTitle)
                                KeyNavigation.priority: KeyNavigation.BeforeItem
                                KeyNavigation.tab: modelField
                                background: Rectangle {
                                    color: Theme.surface
                                    border.color: promptEdit.activeFocus ? Theme.accent : Theme.border
                                    radius: 4
                                }
                            }
                        }
                        ScrollView {
                            visible: diffToggle.checked
                            Layout.fillWidth: true
                            Layout.preferredHeight: 280
                            // Wrapped text: as wide as the view (no horizontal scrolling).
                            contentWidth: availableWidth
                            clip: true

                            TextArea {
                                id: diffView

                                readOnly: true
                                wrapMode: TextEdit.Wrap
                                textFormat: TextEdit.RichText
                                // Made only while shown: the diff is recomputed as the prompt changes.
                                text: diffToggle.checked
                                      ? Agents.promptDiffHtml(promptEdit.text, String(Theme.diffAdded),
                                                              String(Theme.diffRemoved))
                                      : ""
                                selectByMouse: true
                                color: Theme.text
                                selectionColor: Theme.accent
                                font.family: Theme.monoFamily
                                font.pixelSize: 13
                                Accessible.name: qsTr("Changes of the prompt against the built-in prompt")
                                Accessible.description: qsTr("Added words are highlighted, removed words struck through.")
                                // Tab leaves the view (it is read-only: nothing to indent).
                                Keys.onTabPressed: diffView.nextItemInFocusChain(true).forceActiveFocus(Qt.TabFocusReason)
                                Keys.onBacktabPressed: diffView.nextItemInFocusChain(false).forceActiveFocus(Qt.BacktabFocusReason)
                                background: Rectangle {
                                    color: Theme.codeBackground
                                    radius: 4
                                }
                            }
                        }
                        Hint {
                            visible: diffToggle.checked
                            text: qsTr("Added words are highlighted, removed ones struck through. Edit the prompt with the box unchecked.")
                        }

                        // ---- model, temperature, max tokens ----
                        FieldLabel { text: qsTr("Model") }
                        TextField {
                            id: modelField

                            Layout.fillWidth: true
                            placeholderText: qsTr("Settings' model: %1").arg(Agents.settingsModelText)
                            selectByMouse: true
                            font.family: Theme.monoFamily
                            font.pixelSize: 13
                            Accessible.name: qsTr("Model of %1").arg(Agents.selectedTitle)
                            Accessible.description: placeholderText
                            onAccepted: form.save()
                        }
                        Hint {
                            text: qsTr("Empty: the model the settings give this agent (%1). A model named here wins over the setting.").arg(Agents.settingsModelText)
                        }

                        GridLayout {
                            Layout.fillWidth: true
                            columns: 2
                            columnSpacing: 16
                            rowSpacing: 4

                            FieldLabel { text: qsTr("Temperature") }
                            FieldLabel { text: qsTr("Max tokens") }
                            TextField {
                                id: temperatureField

                                Layout.fillWidth: true
                                Layout.preferredWidth: 1  // the two columns share the width
                                placeholderText: qsTr("provider default")
                                selectByMouse: true
                                inputMethodHints: Qt.ImhFormattedNumbersOnly
                                font.pixelSize: 13
                                Accessible.name: qsTr("Temperature of %1").arg(Agents.selectedTitle)
                                Accessible.description: temperatureHint.text
                                onAccepted: form.save()
                            }
                            TextField {
                                id: maxTokensField

                                Layout.fillWidth: true
                                Layout.preferredWidth: 1
                                placeholderText: qsTr("provider default")
                                selectByMouse: true
                                inputMethodHints: Qt.ImhDigitsOnly
                                font.pixelSize: 13
                                Accessible.name: qsTr("Max tokens of %1").arg(Agents.selectedTitle)
                                Accessible.description: maxTokensHint.text
                                onAccepted: form.save()
                            }
                            Hint {
                                id: temperatureHint

                                Layout.preferredWidth: 1
                                text: qsTr("0 to 2; lower answers more predictably. Built-in: %1.").arg(Agents.builtInTemperatureText)
                            }
                            Hint {
                                id: maxTokensHint

                                Layout.preferredWidth: 1
                                text: qsTr("The longest answer, in tokens. Built-in: %1.").arg(Agents.builtInMaxTokensText)
                            }
                        }
                        Hint {
                            text: qsTr("Empty fields are not sent: the provider's default applies. Reasoning models refuse a temperature and max tokens: clear both for them.")
                        }

                        // ---- tools ----
                        ColumnLayout {
                            visible: Agents.usesTools
                            Layout.fillWidth: true
                            spacing: 4

                            FieldLabel { text: qsTr("Tools") }
                            Hint {
                                text: qsTr("An unchecked tool is not offered to the agent. With every tool checked, it also gets the tools MCP servers add later.")
                            }
                            Text {
                                visible: Agents.tools.length === 0
                                Layout.fillWidth: true
                                text: qsTr("Its tools are not known here.")
                                color: Theme.textMuted
                                font.pixelSize: 13
                            }
                            Repeater {
                                model: Agents.tools

                                delegate: RowLayout {
                                    id: tool

                                    required property var modelData

                                    Layout.fillWidth: true
                                    spacing: 8

                                    // The box, with a tooltip saying why a required one cannot be
                                    // unchecked (a disabled control gets no hover of its own).
                                    Item {
                                        Layout.alignment: Qt.AlignTop
                                        implicitWidth: toolBox.implicitWidth
                                        implicitHeight: toolBox.implicitHeight
                                        ToolTip.visible: tool.modelData.required && toolHover.hovered
                                        ToolTip.delay: 400
                                        ToolTip.text: qsTr("%1 needs this tool: it cannot work without it.").arg(Agents.selectedTitle)

                                        HoverHandler { id: toolHover }

                                        CheckBox {
                                            id: toolBox

                                            enabled: !tool.modelData.required
                                            checked: form.toolChecked(tool.modelData.name,
                                                                      tool.modelData.allowed,
                                                                      tool.modelData.required)
                                            text: tool.modelData.name
                                            Accessible.name: tool.modelData.required
                                                             ? qsTr("Tool %1 (needed, always allowed)").arg(tool.modelData.name)
                                                             : qsTr("Allow the tool %1").arg(tool.modelData.name)
                                            Accessible.description: tool.modelData.description
                                            onToggled: {
                                                form.setToolChecked(tool.modelData.name, checked)
                                                checked = Qt.binding(() => form.toolChecked(
                                                    tool.modelData.name, tool.modelData.allowed,
                                                    tool.modelData.required))
                                            }
                                            contentItem: Text {
                                                leftPadding: toolBox.indicator.width + toolBox.spacing
                                                text: toolBox.text
                                                color: toolBox.enabled ? Theme.text : Theme.textMuted
                                                font.family: Theme.monoFamily
                                                font.pixelSize: 13
                                                verticalAlignment: Text.AlignVCenter
                                            }
                                        }
                                    }
                                    Text {
                                        Layout.fillWidth: true
                                        Layout.alignment: Qt.AlignVCenter
                                        text: tool.modelData.description
                                        color: Theme.textMuted
                                        font.pixelSize: Theme.smallFontSize + 1
                                        wrapMode: Text.Wrap
                                        maximumLineCount: 3
                                        elide: Text.ElideRight
                                    }
                                }
                            }
                        }

                        // ---- save, reset, what happened ----
                        RowLayout {
                            Layout.topMargin: 8
                            spacing: 8

                            Button {
                                text: qsTr("Save")
                                highlighted: true
                                enabled: !Agents.busy
                                Accessible.name: qsTr("Save the tuning of %1").arg(Agents.selectedTitle)
                                Accessible.description: qsTr("Ctrl+S")
                                onClicked: form.save()
                            }
                            Button {
                                text: qsTr("Reset to built-in")
                                enabled: !Agents.busy
                                Accessible.name: qsTr("Reset %1 to its built-in tuning").arg(Agents.selectedTitle)
                                onClicked: resetDialog.open()
                            }
                            Spinner {
                                visible: Agents.busy
                                running: Agents.busy
                            }
                        }
                        Text {
                            visible: text.length > 0
                            Layout.fillWidth: true
                            text: Agents.error.length > 0 ? Agents.error : Agents.notice
                            color: Agents.error.length > 0 ? Theme.dangerText : Theme.success
                            font.pixelSize: Theme.smallFontSize + 1
                            wrapMode: Text.Wrap
                            Accessible.role: Accessible.AlertMessage
                            Accessible.name: text
                        }

                        // ---- history ----
                        FieldLabel {
                            Layout.topMargin: 12
                            text: qsTr("History")
                        }
                        Text {
                            visible: Agents.history.length === 0
                            Layout.fillWidth: true
                            text: qsTr("Never changed: the agent uses its built-in tuning.")
                            color: Theme.textMuted
                            font.pixelSize: 13
                            wrapMode: Text.Wrap
                        }
                        Repeater {
                            model: Agents.history

                            delegate: RowLayout {
                                id: entry

                                required property var modelData

                                Layout.fillWidth: true
                                spacing: 10
                                Accessible.role: Accessible.ListItem
                                Accessible.name: qsTr("Version %1 by %2, %3: %4")
                                                     .arg(entry.modelData.version)
                                                     .arg(entry.modelData.changedBy)
                                                     .arg(entry.modelData.changedAt)
                                                     .arg(entry.modelData.change)

                                Text {
                                    Layout.preferredWidth: 40
                                    Layout.alignment: Qt.AlignTop
                                    text: qsTr("v%1").arg(entry.modelData.version)
                                    color: Theme.text
                                    font.pixelSize: Theme.smallFontSize + 1
                                    font.weight: Font.DemiBold
                                }
                                Text {
                                    Layout.preferredWidth: 130
                                    Layout.alignment: Qt.AlignTop
                                    text: entry.modelData.changedAt
                                    color: Theme.textMuted
                                    font.pixelSize: Theme.smallFontSize + 1
                                }
                                Text {
                                    Layout.preferredWidth: 140
                                    Layout.alignment: Qt.AlignTop
                                    text: entry.modelData.changedBy
                                    color: Theme.textMuted
                                    font.pixelSize: Theme.smallFontSize + 1
                                    elide: Text.ElideRight
                                }
                                Text {
                                    Layout.fillWidth: true
                                    Layout.alignment: Qt.AlignTop
                                    text: entry.modelData.change
                                    color: Theme.text
                                    font.pixelSize: Theme.smallFontSize + 1
                                    wrapMode: Text.Wrap
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // Reset to built-in, confirmed.
    Dialog {
        id: resetDialog

        anchors.centerIn: parent
        width: Math.min(460, root.width - 40)
        modal: true
        focus: true
        padding: 20
        closePolicy: Popup.CloseOnEscape
        onAccepted: Agents.resetToBuiltIn()

        background: Rectangle {
            color: Theme.surface
            radius: Theme.radius
            border.color: Theme.border
        }

        ColumnLayout {
            anchors.fill: parent
            spacing: 12
            Accessible.role: Accessible.Dialog
            Accessible.name: resetHeading.text

            Text {
                id: resetHeading

                Layout.fillWidth: true
                text: qsTr("Reset %1 to its built-in tuning?").arg(Agents.selectedTitle)
                color: Theme.text
                font.pixelSize: 16
                font.weight: Font.DemiBold
                wrapMode: Text.Wrap
                Accessible.role: Accessible.Heading
                Accessible.name: text
            }
            Text {
                Layout.fillWidth: true
                text: qsTr("The built-in prompt, model, temperature, max tokens and tools are saved as its next version; its next request uses them. Earlier versions stay in the history.")
                color: Theme.text
                font.pixelSize: 13
                wrapMode: Text.Wrap
            }
            RowLayout {
                Layout.alignment: Qt.AlignRight
                spacing: 10

                Button {
                    text: qsTr("Keep")
                    Accessible.name: qsTr("Keep the current tuning")
                    onClicked: resetDialog.reject()
                }
                Button {
                    text: qsTr("Reset")
                    highlighted: true
                    Accessible.name: qsTr("Yes, reset %1 to its built-in tuning").arg(Agents.selectedTitle)
                    onClicked: resetDialog.accept()
                }
            }
        }
    }
}
