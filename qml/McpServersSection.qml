import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Settings › MCP servers (docs/mcp.md, "Settings"): each server of mcp.json with its state, tool
// count, last error and log; restart, disable or enable, edit or remove it, a policy per tool,
// and a form to add one. Everything goes through the `McpServers` model, which turns the form's
// fields into mcp.json's entry and checks it; this file only shows. A Zerg server's servers
// (remote mode) are shown read-only: restart and the log only.
ColumnLayout {
    id: section

    // A control of this section took the keyboard focus (the page scrolls it into view).
    signal focusEntered(Item item)

    spacing: 6

    // A Zerg server's list is read again every two seconds while it is shown.
    Binding {
        target: McpServers
        property: "watching"
        value: section.visible
    }

    RowLayout {
        Layout.topMargin: 18
        Layout.fillWidth: true
        spacing: 8

        Text {
            Layout.fillWidth: true
            text: qsTr("MCP servers")
            color: Theme.text
            font.pixelSize: 15
            font.weight: Font.DemiBold
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }
        Button {
            text: qsTr("Reload")
            Accessible.name: qsTr("Reload the MCP servers")
            onClicked: McpServers.reload()
            onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
        }
        Button {
            visible: McpServers.editable
            text: qsTr("Add server")
            Accessible.name: qsTr("Add an MCP server")
            onClicked: McpServers.beginAdd()
            onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
        }
    }
    Text {
        Layout.fillWidth: true
        text: McpServers.editable
              ? qsTr("Workers use the tools of these Model Context Protocol servers. They are kept in %1; what you change here is written there and applies at once.").arg(McpServers.configFile)
              : qsTr("The MCP servers of the Zerg server, from %1 on the server. Only the server's administrator changes them, by editing that file on the server (the server applies it at once). From here you can restart a server and read its log.").arg(McpServers.configFile)
        color: Theme.textMuted
        font.pixelSize: 12
        wrapMode: Text.Wrap
    }

    // What is wrong with mcp.json as a whole; a bad server entry shows on its row.
    Repeater {
        model: McpServers.problems

        delegate: Text {
            id: problemLine

            required property string modelData

            Layout.fillWidth: true
            text: problemLine.modelData
            color: Theme.dangerText
            font.pixelSize: 12
            wrapMode: Text.Wrap
            Accessible.role: Accessible.AlertMessage
            Accessible.name: problemLine.modelData
        }
    }
    Text {
        visible: McpServers.loadError.length > 0
        Layout.fillWidth: true
        text: McpServers.loadError
        color: Theme.dangerText
        font.pixelSize: 12
        wrapMode: Text.Wrap
        Accessible.role: Accessible.AlertMessage
        Accessible.name: text
    }
    Text {
        visible: McpServers.count === 0 && McpServers.loadError.length === 0
        Layout.fillWidth: true
        text: McpServers.editable
              ? qsTr("No MCP servers yet. Add one with \u201cAdd server\u201d, or write it into %1 in the format Claude Desktop uses: {\"mcpServers\": {\"NAME\": {\"command\": \"\u2026\", \"args\": [\u2026]}}}. docs/mcp.md explains every key.").arg(McpServers.configFile)
              : qsTr("The Zerg server has no MCP servers. Its administrator adds them to %1 on the server; docs/mcp.md explains the file.").arg(McpServers.configFile)
        color: Theme.textMuted
        font.pixelSize: 12
        wrapMode: Text.Wrap
    }

    // ---- the add / edit form ----
    Rectangle {
        visible: McpServers.formOpen
        Layout.fillWidth: true
        implicitHeight: form.implicitHeight + 24
        color: Theme.surface
        border.color: Theme.border
        radius: 6

        ColumnLayout {
            id: form

            // The fields to show when the form opens (for a server, or empty for a new one).
            readonly property var fields: McpServers.form

            // Shows the fields as the model gives them, replacing what was typed.
            function load() {
                nameField.text = form.fields.name
                httpChoice.checked = form.fields.kind === "http"
                stdioChoice.checked = !httpChoice.checked
                commandField.text = form.fields.command
                argsField.text = form.fields.args
                envField.text = form.fields.env
                cwdField.text = form.fields.cwd
                urlField.text = form.fields.url
                headersField.text = form.fields.headers
                timeoutBox.value = form.fields.timeoutSeconds
            }

            function save() {
                McpServers.save(nameField.text, httpChoice.checked ? "http" : "stdio",
                                commandField.text, argsField.text, envField.text, cwdField.text,
                                urlField.text, headersField.text, timeoutBox.value)
            }

            x: 12
            y: 12
            width: parent.width - 24
            spacing: 4

            Component.onCompleted: form.load()

            Connections {
                target: McpServers

                function onFormChanged() {
                    form.load()
                    nameField.forceActiveFocus()
                }
            }

            Text {
                Layout.fillWidth: true
                text: McpServers.formOriginalName.length > 0
                      ? qsTr("Edit the MCP server %1").arg(McpServers.formOriginalName)
                      : qsTr("Add an MCP server")
                color: Theme.text
                font.pixelSize: 14
                font.weight: Font.DemiBold
                Accessible.role: Accessible.Heading
                Accessible.name: text
            }

            FieldLabel { text: qsTr("Name (letters, digits, - and _; part of its tools' names)") }
            TextField {
                id: nameField

                Layout.fillWidth: true
                placeholderText: "grafana"
                selectByMouse: true
                font.pixelSize: 13
                Accessible.name: qsTr("Name of the MCP server")
                onAccepted: form.save()
                onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
            }

            FieldLabel { text: qsTr("How Zerg reaches it") }
            Flow {
                Layout.fillWidth: true
                spacing: 4

                RadioButton {
                    id: stdioChoice

                    text: qsTr("A program Zerg starts (stdio)")
                    checked: true
                    font.pixelSize: 13
                    Accessible.name: text
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                RadioButton {
                    id: httpChoice

                    text: qsTr("A URL (Streamable HTTP)")
                    font.pixelSize: 13
                    Accessible.name: text
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
            }

            // A program: command, arguments, environment, working folder.
            ColumnLayout {
                visible: stdioChoice.checked
                Layout.fillWidth: true
                spacing: 4

                FieldLabel { text: qsTr("Command") }
                TextField {
                    id: commandField

                    Layout.fillWidth: true
                    placeholderText: "npx"
                    selectByMouse: true
                    font.family: Theme.monoFamily
                    font.pixelSize: 13
                    Accessible.name: qsTr("Command that starts the server")
                    onAccepted: form.save()
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                FieldLabel { text: qsTr("Arguments, one per line") }
                TextArea {
                    id: argsField

                    Layout.fillWidth: true
                    Layout.preferredHeight: Math.max(56, implicitHeight)
                    wrapMode: TextEdit.NoWrap
                    selectByMouse: true
                    font.family: Theme.monoFamily
                    font.pixelSize: 13
                    placeholderText: "-y\n@modelcontextprotocol/server-filesystem\n/srv/reports"
                    Accessible.name: qsTr("Arguments of the command, one per line")
                    KeyNavigation.tab: envField
                    KeyNavigation.priority: KeyNavigation.BeforeItem
                    background: Rectangle {
                        color: Theme.surface
                        border.color: argsField.activeFocus ? Theme.accent : Theme.border
                        radius: 4
                    }
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                FieldLabel { text: qsTr("Environment, NAME=value per line") }
                TextArea {
                    id: envField

                    Layout.fillWidth: true
                    Layout.preferredHeight: Math.max(56, implicitHeight)
                    wrapMode: TextEdit.NoWrap
                    selectByMouse: true
                    font.family: Theme.monoFamily
                    font.pixelSize: 13
                    placeholderText: "GRAFANA_URL=https://grafana.lan\nGRAFANA_API_KEY=${secret:grafana_key}"
                    Accessible.name: qsTr("Environment variables, NAME=value per line")
                    KeyNavigation.tab: cwdField
                    KeyNavigation.priority: KeyNavigation.BeforeItem
                    background: Rectangle {
                        color: Theme.surface
                        border.color: envField.activeFocus ? Theme.accent : Theme.border
                        radius: 4
                    }
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                FieldLabel { text: qsTr("Working folder (optional)") }
                TextField {
                    id: cwdField

                    Layout.fillWidth: true
                    selectByMouse: true
                    font.family: Theme.monoFamily
                    font.pixelSize: 13
                    Accessible.name: qsTr("Working folder of the server")
                    onAccepted: form.save()
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
            }

            // A URL: the endpoint and its headers.
            ColumnLayout {
                visible: httpChoice.checked
                Layout.fillWidth: true
                spacing: 4

                FieldLabel { text: qsTr("URL") }
                TextField {
                    id: urlField

                    Layout.fillWidth: true
                    placeholderText: "https://mcp.example.org/mcp"
                    selectByMouse: true
                    font.family: Theme.monoFamily
                    font.pixelSize: 13
                    Accessible.name: qsTr("URL of the server's Streamable HTTP endpoint")
                    onAccepted: form.save()
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                FieldLabel { text: qsTr("Headers, \u201cName: value\u201d per line") }
                TextArea {
                    id: headersField

                    Layout.fillWidth: true
                    Layout.preferredHeight: Math.max(56, implicitHeight)
                    wrapMode: TextEdit.NoWrap
                    selectByMouse: true
                    font.family: Theme.monoFamily
                    font.pixelSize: 13
                    placeholderText: "Authorization: Bearer ${secret:web_token}"
                    Accessible.name: qsTr("Request headers, Name: value per line")
                    KeyNavigation.tab: timeoutBox
                    KeyNavigation.priority: KeyNavigation.BeforeItem
                    background: Rectangle {
                        color: Theme.surface
                        border.color: headersField.activeFocus ? Theme.accent : Theme.border
                        radius: 4
                    }
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
            }
            Text {
                Layout.fillWidth: true
                text: qsTr("Keep secrets out of mcp.json: write ${secret:NAME} and store the value with `zerg mcp secret set NAME`.")
                color: Theme.textFaint
                font.pixelSize: 12
                wrapMode: Text.Wrap
            }

            FieldLabel { text: qsTr("Time a call may take without an answer, in seconds") }
            SpinBox {
                id: timeoutBox

                from: 1
                to: 3600
                value: 60
                editable: true
                font.pixelSize: 13
                Accessible.name: qsTr("Call timeout in seconds")
                onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
            }

            Text {
                visible: McpServers.formError.length > 0
                Layout.fillWidth: true
                text: McpServers.formError
                color: Theme.dangerText
                font.pixelSize: 12
                wrapMode: Text.Wrap
                Accessible.role: Accessible.AlertMessage
                Accessible.name: text
            }
            RowLayout {
                Layout.topMargin: 4
                spacing: 8

                Button {
                    text: qsTr("Save")
                    enabled: !McpServers.formBusy
                    Accessible.name: qsTr("Save the MCP server")
                    onClicked: form.save()
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                Button {
                    text: qsTr("Cancel")
                    Accessible.name: qsTr("Cancel editing the MCP server")
                    onClicked: McpServers.cancelForm()
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                Spinner {
                    visible: McpServers.formBusy
                    running: McpServers.formBusy
                }
            }
        }
    }

    // ---- the servers ----
    Repeater {
        model: McpServers

        delegate: ColumnLayout {
            id: server

            required property int index
            required property string name
            required property string transportLabel
            required property string target
            required property string stateLabel
            required property string stateTone
            required property bool disabled
            required property string problem
            required property int toolCount
            required property string lastError
            required property string lastStderr
            required property string logFile
            required property var tools
            required property bool busy
            required property string message
            required property bool messageOk

            // What the row shows below itself: its tools, its log, the question before removing.
            property bool toolsOpen: false
            property bool logOpen: false
            property bool confirmingRemove: false
            // The log fetched for this server, if that is what the model holds now.
            readonly property bool logFetched: McpServers.logServer === server.name
                                               && server.logFile.length > 0

            Layout.fillWidth: true
            Layout.topMargin: 4
            spacing: 4

            Rectangle {
                Layout.fillWidth: true
                implicitHeight: 1
                color: Theme.border
            }

            RowLayout {
                Layout.fillWidth: true
                spacing: 10

                Rectangle {
                    implicitWidth: 10
                    implicitHeight: 10
                    radius: 5
                    color: Theme.toneColor(server.stateTone)
                }
                Text {
                    text: server.name
                    color: Theme.text
                    font.pixelSize: Theme.fontSize
                    font.weight: Font.DemiBold
                }
                Text {
                    text: server.stateLabel
                    color: Theme.toneColor(server.stateTone)
                    font.pixelSize: 12
                }
                Text {
                    visible: server.problem.length === 0
                    text: qsTr("%n tool(s)", "", server.toolCount)
                    color: Theme.textMuted
                    font.pixelSize: 12
                }
                Item {
                    Layout.fillWidth: true
                }
                Spinner {
                    visible: server.busy
                    running: server.busy
                }
            }
            Text {
                Layout.fillWidth: true
                text: qsTr("%1: %2").arg(server.transportLabel).arg(server.target)
                color: Theme.textMuted
                font.family: Theme.monoFamily
                font.pixelSize: 12
                elide: Text.ElideMiddle
            }
            Text {
                visible: server.problem.length > 0
                Layout.fillWidth: true
                text: server.problem
                color: Theme.dangerText
                font.pixelSize: 12
                wrapMode: Text.Wrap
            }
            Text {
                visible: server.lastError.length > 0 && server.problem.length === 0
                Layout.fillWidth: true
                text: qsTr("Last error: %1").arg(server.lastError)
                color: Theme.dangerText
                font.pixelSize: 12
                wrapMode: Text.Wrap
            }
            Text {
                visible: server.message.length > 0
                Layout.fillWidth: true
                text: server.message
                color: server.messageOk ? Theme.textMuted : Theme.dangerText
                font.pixelSize: 12
                wrapMode: Text.Wrap
            }

            Flow {
                Layout.fillWidth: true
                spacing: 8

                Button {
                    visible: server.toolCount > 0
                    text: server.toolsOpen ? qsTr("Hide tools") : qsTr("Tools")
                    Accessible.name: server.toolsOpen ? qsTr("Hide the tools of %1").arg(server.name)
                                                      : qsTr("Show the tools of %1").arg(server.name)
                    onClicked: server.toolsOpen = !server.toolsOpen
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                Button {
                    visible: server.logFile.length > 0 || server.lastStderr.length > 0
                    text: server.logOpen ? qsTr("Hide log") : qsTr("Log")
                    Accessible.name: server.logOpen ? qsTr("Hide the log of %1").arg(server.name)
                                                    : qsTr("Show the log of %1").arg(server.name)
                    onClicked: {
                        server.logOpen = !server.logOpen
                        if (server.logOpen && server.logFile.length > 0)
                            McpServers.showLog(server.index)
                    }
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                Button {
                    text: qsTr("Restart")
                    enabled: !server.busy && !server.disabled && server.problem.length === 0
                    Accessible.name: qsTr("Restart the MCP server %1").arg(server.name)
                    onClicked: McpServers.restart(server.index)
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                Button {
                    visible: McpServers.editable
                    text: server.disabled ? qsTr("Enable") : qsTr("Disable")
                    enabled: !server.busy
                    Accessible.name: server.disabled ? qsTr("Enable the MCP server %1").arg(server.name)
                                                     : qsTr("Disable the MCP server %1").arg(server.name)
                    onClicked: McpServers.setDisabled(server.index, !server.disabled)
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                Button {
                    visible: McpServers.editable
                    text: qsTr("Edit")
                    enabled: !server.busy
                    Accessible.name: qsTr("Edit the MCP server %1").arg(server.name)
                    onClicked: McpServers.beginEdit(server.index)
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                Button {
                    visible: McpServers.editable
                    text: qsTr("Remove")
                    enabled: !server.busy
                    Accessible.name: qsTr("Remove the MCP server %1").arg(server.name)
                    onClicked: server.confirmingRemove = true
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
            }

            // Removing asks first.
            RowLayout {
                visible: server.confirmingRemove
                Layout.fillWidth: true
                spacing: 8

                Text {
                    Layout.fillWidth: true
                    text: qsTr("Remove %1 from mcp.json? Zerg stops it, and workers lose its tools.").arg(server.name)
                    color: Theme.text
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                }
                Button {
                    text: qsTr("Remove")
                    Accessible.name: qsTr("Yes, remove %1").arg(server.name)
                    onClicked: {
                        server.confirmingRemove = false
                        McpServers.remove(server.index)
                    }
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
                Button {
                    text: qsTr("Keep it")
                    Accessible.name: qsTr("Keep %1").arg(server.name)
                    onClicked: server.confirmingRemove = false
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
            }

            // Its tools, each with what it does by its annotations and the user's policy.
            ColumnLayout {
                visible: server.toolsOpen
                Layout.fillWidth: true
                Layout.leftMargin: 20
                spacing: 6

                Repeater {
                    // By number, so that a tool's row stays (and keeps the keyboard focus) when
                    // the list is read again; each row reads its tool from its server row.
                    model: server.toolsOpen ? server.toolCount : 0
                    // A delegate cannot name the row it sits in: the Repeater tells it.
                    onItemAdded: (index, item) => item.owner = server

                    delegate: RowLayout {
                        id: tool

                        required property int index
                        // The server row (set by the Repeater) and this tool of it.
                        property var owner: null
                        readonly property var info: tool.owner
                                                    ? tool.owner.tools[tool.index] ?? ({}) : ({})

                        Layout.fillWidth: true
                        spacing: 10

                        ColumnLayout {
                            Layout.fillWidth: true
                            spacing: 0

                            Text {
                                Layout.fillWidth: true
                                text: tool.info.name ?? ""
                                color: Theme.text
                                font.family: Theme.monoFamily
                                font.pixelSize: 12
                                elide: Text.ElideRight
                            }
                            Text {
                                visible: text.length > 0
                                Layout.fillWidth: true
                                text: tool.info.description ?? ""
                                color: Theme.textMuted
                                font.pixelSize: 11
                                wrapMode: Text.Wrap
                                maximumLineCount: 2
                                elide: Text.ElideRight
                            }
                        }
                        Text {
                            text: tool.info.classification ?? ""
                            color: tool.info.destructive ? Theme.danger
                                   : tool.info.readOnly ? Theme.success : Theme.working
                            font.pixelSize: 12
                        }
                        ComboBox {
                            visible: McpServers.editable
                            implicitWidth: 210
                            model: McpServers.policyLabels
                            currentIndex: McpServers.policyWords.indexOf(tool.info.policy ?? "")
                            enabled: tool.owner !== null && !tool.owner.busy
                            font.pixelSize: 12
                            Accessible.name: qsTr("Policy for the tool %1").arg(tool.info.name ?? "")
                            onActivated: index => McpServers.setToolPolicy(
                                             tool.owner.index, tool.info.name,
                                             McpServers.policyWords[index])
                            onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                        }
                        Text {
                            visible: !McpServers.editable
                            text: McpServers.policyLabels[McpServers.policyWords.indexOf(tool.info.policy ?? "")] ?? ""
                            color: Theme.textMuted
                            font.pixelSize: 12
                        }
                    }
                }
            }

            // Its log (the end of its stderr log file), or its last stderr lines.
            ScrollView {
                visible: server.logOpen
                Layout.fillWidth: true
                Layout.preferredHeight: 200
                clip: true

                TextArea {
                    id: logView

                    text: server.logFetched ? McpServers.logText : server.lastStderr
                    readOnly: true
                    selectByMouse: true
                    selectByKeyboard: true
                    wrapMode: TextEdit.WrapAnywhere
                    textFormat: TextEdit.PlainText
                    color: server.logFetched && !McpServers.logOk ? Theme.dangerText : Theme.text
                    selectionColor: Theme.accent
                    font.family: Theme.monoFamily
                    font.pixelSize: 12
                    background: Rectangle {
                        color: Theme.codeBackground
                        radius: 4
                    }
                    Accessible.name: qsTr("Log of the MCP server %1").arg(server.name)
                    // Tab leaves the log (it is read-only: nothing to indent).
                    Keys.onTabPressed: logView.nextItemInFocusChain(true).forceActiveFocus(Qt.TabFocusReason)
                    Keys.onBacktabPressed: logView.nextItemInFocusChain(false).forceActiveFocus(Qt.BacktabFocusReason)
                    onActiveFocusChanged: if (activeFocus) section.focusEntered(this)
                }
            }
        }
    }

    component FieldLabel: Text {
        Layout.topMargin: 4
        color: Theme.textMuted
        font.pixelSize: 12
        font.weight: Font.DemiBold
    }
}
