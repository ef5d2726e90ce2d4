import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// Hosts › Add host / Edit: one host's settings, written to the hosts file by Hosts.saveHost
// (the rest of the file stays as written). After a save the form closes and the host's row
// checks its key and, once the key is known or trusted, tests the login.
Popup {
    id: root

    // The alias being edited; "" adds a new host.
    property string originalAlias: ""

    // Fills the form: from a row's settings (Hosts.settingsOf) or empty for a new host.
    function openWith(settings) {
        originalAlias = settings.alias || ""
        aliasField.text = settings.alias || ""
        hostField.text = settings.host || ""
        portField.text = settings.port ? String(settings.port) : "22"
        userField.text = settings.user || ""
        keyField.text = settings.keyFile || ""
        jumpField.text = settings.proxyJump || ""
        knownHosts = settings.knownHosts || ""
        Hosts.clearEdit()
        open()
        aliasField.forceActiveFocus()
    }
    function save() {
        Hosts.saveHost(originalAlias, {
            alias: aliasField.text, host: hostField.text, port: portField.text,
            user: userField.text, keyFile: keyField.text, proxyJump: jumpField.text,
            knownHosts: knownHosts
        })
    }

    property string knownHosts: ""  // kept as it was: the form does not edit it

    modal: true
    focus: true
    x: parent ? (parent.width - width) / 2 : 0
    y: parent ? Math.max(20, (parent.height - height) / 2) : 0
    width: Math.min(560, (parent ? parent.width : 560) - 40)
    padding: 24
    closePolicy: Popup.CloseOnEscape

    Connections {
        target: Hosts
        function onHostSaved() {
            if (root.opened)
                root.close()
        }
    }

    background: Rectangle {
        color: Theme.surface
        radius: Theme.radius
        border.color: Theme.border
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 10
        Accessible.role: Accessible.Dialog
        Accessible.name: heading.text

        Text {
            id: heading

            Layout.fillWidth: true
            text: root.originalAlias.length === 0 ? qsTr("Add a host")
                                                  : qsTr("Edit %1").arg(root.originalAlias)
            color: Theme.text
            font.pixelSize: 18
            font.weight: Font.DemiBold
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }

        GridLayout {
            Layout.fillWidth: true
            columns: 2
            columnSpacing: 12
            rowSpacing: 8

            Label { text: qsTr("Alias"); color: Theme.text }
            TextField {
                id: aliasField

                Layout.fillWidth: true
                placeholderText: qsTr("web1: the name Jarvis and workers use")
                Accessible.name: qsTr("Alias")
                onAccepted: root.save()
            }
            Label { text: qsTr("Address"); color: Theme.text }
            TextField {
                id: hostField

                Layout.fillWidth: true
                placeholderText: qsTr("DNS name or IP address")
                Accessible.name: qsTr("Address")
                onAccepted: root.save()
            }
            Label { text: qsTr("Port"); color: Theme.text }
            TextField {
                id: portField

                Layout.preferredWidth: 100
                inputMethodHints: Qt.ImhDigitsOnly
                Accessible.name: qsTr("Port")
                onAccepted: root.save()
            }
            Label { text: qsTr("User"); color: Theme.text }
            TextField {
                id: userField

                Layout.fillWidth: true
                placeholderText: qsTr("empty: your user name")
                Accessible.name: qsTr("User")
                onAccepted: root.save()
            }
            Label { text: qsTr("Key file"); color: Theme.text }
            RowLayout {
                Layout.fillWidth: true

                TextField {
                    id: keyField

                    Layout.fillWidth: true
                    placeholderText: qsTr("empty: ssh-agent and ~/.ssh's keys")
                    Accessible.name: qsTr("Key file")
                    onAccepted: root.save()
                }
                Button {
                    text: qsTr("Choose…")
                    Accessible.name: qsTr("Choose the key file")
                    onClicked: {
                        const path = FileChooser.openFile(qsTr("Choose the private key"), "~/.ssh")
                        if (path.length > 0)
                            keyField.text = path
                    }
                }
            }
            Label { text: qsTr("Jump hosts"); color: Theme.text }
            TextField {
                id: jumpField

                Layout.fillWidth: true
                placeholderText: qsTr("ProxyJump: aliases of this list, e.g. bastion")
                Accessible.name: qsTr("Jump hosts (ProxyJump)")
                onAccepted: root.save()
            }
        }

        Text {
            Layout.fillWidth: true
            visible: Hosts.editError.length > 0
            text: Hosts.editError
            color: Theme.dangerText
            font.pixelSize: 12
            wrapMode: Text.Wrap
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }

        RowLayout {
            Layout.alignment: Qt.AlignRight
            spacing: 10

            Spinner {
                visible: Hosts.saving
                running: Hosts.saving
            }
            Button {
                text: qsTr("Cancel")
                onClicked: root.close()
            }
            Button {
                text: qsTr("Save")
                highlighted: true
                enabled: !Hosts.saving && aliasField.text.trim().length > 0
                         && hostField.text.trim().length > 0
                Accessible.name: qsTr("Save the host and check its key")
                onClicked: root.save()
            }
        }
    }
}
