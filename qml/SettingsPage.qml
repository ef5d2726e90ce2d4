import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Dashboard › Settings: every setting the app can change, in sections, bound to the
// `AppSettings` singleton. Each row saves on its own (Enter or leaving a text field, a switch or
// a choice at once); the model validates, says what is wrong on the row, and greys out what a
// ZERG_* environment variable decides. Secrets are write-only: the page says where they are.
Item {
    id: root

    // Keeps the control that has keyboard focus in view while tabbing through the page.
    function ensureVisible(item: Item) {
        const top = item.mapToItem(flick.contentItem, 0, 0).y - 24
        const bottom = top + item.height + 48
        if (top < flick.contentY)
            flick.contentY = Math.max(0, top)
        else if (bottom > flick.contentY + flick.height)
            flick.contentY = Math.min(Math.max(0, flick.contentHeight - flick.height),
                                      bottom - flick.height)
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        Rectangle {
            visible: AppSettings.restartNeeded
            Layout.fillWidth: true
            implicitHeight: banner.implicitHeight + 16
            color: Theme.userBubble
            border.color: Theme.userBubbleBorder

            RowLayout {
                id: banner

                anchors.fill: parent
                anchors.leftMargin: 16
                anchors.rightMargin: 16
                spacing: 12

                Text {
                    Layout.fillWidth: true
                    text: qsTr("Some changes apply after a restart.")
                    color: Theme.text
                    font.pixelSize: 13
                    wrapMode: Text.Wrap
                }
                Button {
                    text: qsTr("Restart now")
                    Accessible.name: qsTr("Restart Zerg now")
                    onClicked: AppSettings.requestRestart()
                }
            }
        }

        Flickable {
            id: flick

            Layout.fillWidth: true
            Layout.fillHeight: true
            contentWidth: width
            contentHeight: fields.implicitHeight + 40
            clip: true
            boundsBehavior: Flickable.StopAtBounds
            ScrollBar.vertical: ScrollBar {}

            ColumnLayout {
                id: fields

                x: Math.max(16, (flick.width - width) / 2)
                y: 8
                width: Math.min(flick.width - 32, Theme.maxContentWidth)
                spacing: 6

                // `zerg doctor` from the window: first, where a user with a problem looks.
                ChecksSection {
                    Layout.fillWidth: true
                    Layout.bottomMargin: 12
                    onFocusEntered: item => root.ensureVisible(item)
                }

                Repeater {
                    model: AppSettings
                    onItemAdded: (index, item) => item.focusEntered.connect(root.ensureVisible)

                    delegate: SettingRow {}
                }

                // Zerg starts in the background when the user logs in (a login entry).
                Text {
                    Layout.topMargin: 18
                    Layout.fillWidth: true
                    text: qsTr("Start when I log in")
                    color: Theme.text
                    font.pixelSize: 15
                    font.weight: Font.DemiBold
                    Accessible.role: Accessible.Heading
                }
                RowLayout {
                    Layout.fillWidth: true
                    spacing: 10

                    Text {
                        Layout.fillWidth: true
                        text: qsTr("Zerg starts in the background without its window, so that scheduled checks run. The login entry is %1.").arg(AppSettings.autostartPath)
                        color: Theme.textMuted
                        font.pixelSize: 12
                        wrapMode: Text.Wrap
                    }
                    Switch {
                        id: autostartSwitch

                        checked: AppSettings.autostart
                        Accessible.name: qsTr("Start Zerg when I log in")
                        onToggled: {
                            AppSettings.setAutostart(checked)
                            checked = Qt.binding(() => AppSettings.autostart)
                        }
                        onActiveFocusChanged: if (activeFocus) root.ensureVisible(autostartSwitch)
                    }
                }
                Text {
                    Layout.fillWidth: true
                    visible: AppSettings.autostartError.length > 0
                    text: AppSettings.autostartError
                    color: Theme.dangerText
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                }

                // What runs shell_exec's commands (zerg doctor's sandbox check).
                Text {
                    Layout.topMargin: 18
                    Layout.fillWidth: true
                    text: qsTr("Local shell sandbox")
                    color: Theme.text
                    font.pixelSize: 15
                    font.weight: Font.DemiBold
                    Accessible.role: Accessible.Heading
                }
                Text {
                    Layout.fillWidth: true
                    text: AppSettings.sandboxState
                    color: AppSettings.sandboxOk ? Theme.textMuted : Theme.dangerText
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                    Accessible.name: qsTr("Local shell sandbox: %1").arg(AppSettings.sandboxState)
                }

                // The "always allow" rules made from approval answers: listed and removable.
                Text {
                    Layout.topMargin: 18
                    Layout.fillWidth: true
                    text: qsTr("Always allowed commands")
                    color: Theme.text
                    font.pixelSize: 15
                    font.weight: Font.DemiBold
                    Accessible.role: Accessible.Heading
                }
                Text {
                    Layout.fillWidth: true
                    text: ApprovalRequests.rules.length === 0
                          ? qsTr("None yet. Answer an approval request with \u201cAlways allow\u201d to add one.")
                          : qsTr("These commands run without asking on their host, in the ask mode.")
                    color: Theme.textMuted
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                }
                Repeater {
                    model: ApprovalRequests.rules

                    delegate: RowLayout {
                        id: ruleRow

                        required property var modelData

                        Layout.fillWidth: true
                        spacing: 10

                        Text {
                            Layout.preferredWidth: 140
                            text: ruleRow.modelData.host
                            color: Theme.text
                            font.pixelSize: 13
                            elide: Text.ElideRight
                        }
                        Text {
                            Layout.fillWidth: true
                            text: ruleRow.modelData.prefix + " \u2026"
                            color: Theme.text
                            font.family: Theme.monoFamily
                            font.pixelSize: 13
                            elide: Text.ElideRight
                        }
                        Button {
                            text: qsTr("Remove")
                            Accessible.name: qsTr("Remove the rule %1 on %2")
                                             .arg(ruleRow.modelData.prefix).arg(ruleRow.modelData.host)
                            enabled: !ApprovalRequests.busy
                            onClicked: ApprovalRequests.removeRule(ruleRow.modelData.ruleId)
                        }
                    }
                }

                // The MCP servers whose tools the workers use (mcp.json), in a file of its own.
                McpServersSection {
                    Layout.fillWidth: true
                    onFocusEntered: item => root.ensureVisible(item)
                }
            }
        }
    }

    // One setting: label, the control its kind needs (only that one is visible), help, the
    // environment note and the row's error.
    component SettingRow: ColumnLayout {
        id: row

        required property string key
        required property string sectionTitle
        required property bool sectionStart
        required property string label
        required property string help
        required property string control
        required property var value
        required property string defaultValue
        required property var choices
        required property var choiceLabels
        required property real minimum
        required property real maximum
        required property string envNote
        required property bool editable
        required property string error
        required property string secretName
        required property bool secretStored
        required property string modelRole

        // A control of this row took the keyboard focus (the page scrolls it into view).
        signal focusEntered(Item item)

        spacing: 4

        // Section header above the first row of a section.
        Text {
            visible: row.sectionStart
            Layout.fillWidth: true
            Layout.topMargin: 18
            text: row.sectionTitle
            color: Theme.text
            font.pixelSize: 16
            font.weight: Font.DemiBold
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }
        Rectangle {
            visible: row.sectionStart
            Layout.fillWidth: true
            Layout.bottomMargin: 6
            implicitHeight: 1
            color: Theme.border
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.topMargin: 4
            spacing: 16

            Text {
                Layout.preferredWidth: 220
                Layout.alignment: Qt.AlignTop
                Layout.topMargin: 8
                text: row.label
                color: row.editable ? Theme.text : Theme.textMuted
                font.pixelSize: 13
                wrapMode: Text.Wrap
            }

            ColumnLayout {
                Layout.fillWidth: true
                spacing: 4

                RowLayout {
                    visible: row.control === "text"
                    Layout.fillWidth: true
                    spacing: 8

                    TextField {
                        id: textInput

                        Layout.fillWidth: true
                        text: row.value === undefined ? "" : String(row.value)
                        placeholderText: row.defaultValue.length > 0
                                         ? qsTr("Default: %1").arg(row.defaultValue) : ""
                        enabled: row.editable
                        selectByMouse: true
                        font.pixelSize: 13
                        Accessible.name: row.label
                        Accessible.description: row.help
                        onEditingFinished: AppSettings.setValue(row.key, text)
                        onActiveFocusChanged: if (activeFocus) row.focusEntered(this)
                    }
                    // A model setting: pick from the provider's models.
                    ModelChoice {
                        visible: row.modelRole.length > 0
                        enabled: row.editable
                        role: row.modelRole
                        label: row.label
                        onPicked: model => {
                            if (AppSettings.setValue(row.key, model))
                                textInput.text = model
                        }
                        onActiveFocusChanged: if (activeFocus) row.focusEntered(this)
                    }
                }
                SpinBox {
                    visible: row.control === "spin"
                    from: visible ? row.minimum : 0
                    to: visible ? row.maximum : 0
                    value: visible ? row.value : 0
                    editable: true
                    enabled: row.editable
                    font.pixelSize: 13
                    Accessible.name: row.label
                    Accessible.description: row.help
                    onValueModified: AppSettings.setValue(row.key, value)
                    onActiveFocusChanged: if (activeFocus) row.focusEntered(this)
                }
                Switch {
                    visible: row.control === "switch"
                    checked: row.value === true
                    enabled: row.editable
                    text: checked ? qsTr("On") : qsTr("Off")
                    font.pixelSize: 13
                    Accessible.name: row.label
                    Accessible.description: row.help
                    onToggled: AppSettings.setValue(row.key, checked)
                    onActiveFocusChanged: if (activeFocus) row.focusEntered(this)
                }
                ComboBox {
                    visible: row.control === "combo"
                    implicitWidth: 220
                    model: row.choiceLabels
                    currentIndex: row.choices.indexOf(row.value)
                    enabled: row.editable
                    font.pixelSize: 13
                    Accessible.name: row.label
                    Accessible.description: row.help
                    onActivated: index => AppSettings.setValue(row.key, row.choices[index])
                    onActiveFocusChanged: if (activeFocus) row.focusEntered(this)
                }
                RowLayout {
                    visible: row.control === "secret"
                    Layout.fillWidth: true
                    spacing: 8

                    TextField {
                        id: secretInput

                        Layout.fillWidth: true
                        echoMode: TextInput.Password
                        placeholderText: !row.editable ? ""
                                         : row.secretStored ? qsTr("Enter a new value to replace it")
                                         : qsTr("Enter a value to store it")
                        enabled: row.editable
                        font.pixelSize: 13
                        Accessible.name: row.label
                        Accessible.description: row.value === undefined ? "" : String(row.value)
                        onAccepted: saveSecret.clicked()
                        onActiveFocusChanged: if (activeFocus) row.focusEntered(this)
                    }
                    Button {
                        id: saveSecret

                        text: row.key === "secret/api_key" ? qsTr("Save key") : qsTr("Save")
                        enabled: row.editable && secretInput.text.length > 0
                        Accessible.name: qsTr("Save %1").arg(row.label)
                        onClicked: {
                            if (AppSettings.setSecret(row.secretName, secretInput.text))
                                secretInput.clear()
                        }
                    }
                    Button {
                        visible: row.secretStored && row.editable
                        text: qsTr("Remove")
                        Accessible.name: qsTr("Remove %1").arg(row.label)
                        onClicked: AppSettings.setSecret(row.secretName, "")
                    }
                }
                Text {
                    visible: row.control === "secret"
                    Layout.fillWidth: true
                    text: row.value === undefined ? "" : String(row.value)
                    color: row.secretStored ? Theme.success : Theme.textMuted
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                }
                TextField {
                    visible: row.control === "readonly"
                    Layout.fillWidth: true
                    text: row.value === undefined ? "" : String(row.value)
                    readOnly: true
                    selectByMouse: true
                    font.family: Theme.monoFamily
                    font.pixelSize: 12
                    color: Theme.textMuted
                    Accessible.name: row.label
                    Accessible.description: row.help
                    onActiveFocusChanged: if (activeFocus) row.focusEntered(this)
                }
                Text {
                    visible: row.help.length > 0
                    Layout.fillWidth: true
                    text: row.help
                    color: Theme.textMuted
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                }
                Text {
                    visible: row.envNote.length > 0
                    Layout.fillWidth: true
                    text: row.envNote
                    color: Theme.working
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                }
                Text {
                    visible: row.error.length > 0
                    Layout.fillWidth: true
                    text: row.error
                    color: Theme.dangerText
                    font.pixelSize: 12
                    wrapMode: Text.Wrap
                    Accessible.role: Accessible.AlertMessage
                    Accessible.name: text
                }
            }
        }
    }
}
