import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// The SSH allowlist: each host workers may reach, whether its key is recorded, and buttons to
// test the connection, fetch the key's fingerprint and trust it; hosts are added, edited,
// removed and imported from ~/.ssh/config here (HostDialog, ImportHostsDialog).
Rectangle {
    id: root

    color: Theme.window

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 16
        spacing: 10

        Text {
            Layout.fillWidth: true
            text: ServerConnection.remote
                  ? qsTr("The server's workers may only reach the hosts in %1 on the server (OpenSSH config format). Hosts added or imported here go into that file, from the server's own ~/.ssh/config.").arg(Hosts.hostsFile)
                  : qsTr("Workers may only reach the hosts in %1 (OpenSSH config format). Add a host, import hosts from ~/.ssh/config, or edit the file and reload.").arg(Hosts.hostsFile)
            color: Theme.textMuted
            font.pixelSize: Theme.smallFontSize + 1
            wrapMode: Text.Wrap
        }
        RowLayout {
            Layout.fillWidth: true
            spacing: 8

            Button {
                text: qsTr("Add host…")
                highlighted: true
                onClicked: hostDialog.openWith({})
                Accessible.name: qsTr("Add a host")
            }
            Button {
                text: qsTr("Import…")
                onClicked: importDialog.start()
                Accessible.name: qsTr("Import hosts from your SSH config")
            }
            Item {
                Layout.fillWidth: true
            }
            Button {
                text: qsTr("Reload")
                onClicked: Hosts.reload()
                Accessible.name: qsTr("Reload the hosts file")
            }
        }

        // The last edit's outcome (the form shows its own errors while open).
        Text {
            Layout.fillWidth: true
            visible: text.length > 0 && !hostDialog.visible && !importDialog.visible
            text: Hosts.editError.length > 0 ? Hosts.editError : Hosts.notice
            color: Hosts.editError.length > 0 ? Theme.dangerText : Theme.textMuted
            font.pixelSize: Theme.smallFontSize + 1
            wrapMode: Text.Wrap
            Accessible.role: Accessible.AlertMessage
            Accessible.name: text
        }

        Rectangle {
            visible: Hosts.loadError.length > 0
            Layout.fillWidth: true
            implicitHeight: errorText.implicitHeight + 20
            radius: 6
            color: Theme.dangerBubble
            border.color: Theme.dangerBorder

            Text {
                id: errorText

                x: 10
                y: 10
                width: parent.width - 20
                text: Hosts.loadError
                color: Theme.dangerText
                font.pixelSize: Theme.smallFontSize + 1
                wrapMode: Text.Wrap
            }
        }

        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: true
            color: Theme.surface
            border.color: Theme.border
            radius: 6

            Text {
                anchors.centerIn: parent
                visible: Hosts.count === 0 && Hosts.loadError.length === 0
                text: qsTr("No hosts are allowed yet.")
                color: Theme.textMuted
                font.pixelSize: Theme.fontSize
            }

            ListView {
                id: list

                anchors.fill: parent
                anchors.margins: 1
                clip: true
                model: Hosts
                focus: true
                keyNavigationEnabled: true
                boundsBehavior: Flickable.StopAtBounds
                ScrollBar.vertical: ScrollBar {}
                Accessible.role: Accessible.List
                Accessible.name: qsTr("Allowed hosts")

                delegate: Rectangle {
                    id: host

                    required property int index
                    required property string alias
                    required property string target
                    required property string knownHosts
                    required property string keyState
                    required property string fingerprint
                    required property bool busy
                    required property string message
                    required property bool messageOk
                    required property bool canTrust

                    width: ListView.view.width
                    implicitHeight: content.implicitHeight + 20
                    color: ListView.isCurrentItem ? Theme.tickerBackground : Theme.surface

                    Rectangle {
                        anchors.left: parent.left
                        anchors.right: parent.right
                        anchors.bottom: parent.bottom
                        height: 1
                        color: Theme.border
                    }

                    ColumnLayout {
                        id: content

                        x: 14
                        y: 10
                        width: parent.width - 28
                        spacing: 6

                        RowLayout {
                            Layout.fillWidth: true
                            spacing: 10

                            Rectangle {
                                implicitWidth: 10
                                implicitHeight: 10
                                radius: 5
                                color: host.keyState === "known" ? Theme.success
                                       : host.keyState === "changed" ? Theme.danger : Theme.working
                            }
                            Text {
                                text: host.alias
                                color: Theme.text
                                font.pixelSize: Theme.fontSize
                                font.weight: Font.DemiBold
                            }
                            Text {
                                text: host.target
                                color: Theme.textMuted
                                font.family: Theme.monoFamily
                                font.pixelSize: Theme.smallFontSize + 1
                            }
                            Text {
                                Layout.fillWidth: true
                                text: host.keyState === "known" ? qsTr("host key recorded")
                                      : host.keyState === "changed" ? qsTr("HOST KEY CHANGED")
                                      : qsTr("host key not recorded")
                                color: host.keyState === "changed" ? Theme.danger : Theme.textMuted
                                font.pixelSize: Theme.smallFontSize + 1
                                elide: Text.ElideRight
                            }
                            Spinner {
                                visible: host.busy
                                running: host.busy
                            }
                            Button {
                                text: qsTr("Test connection")
                                enabled: !host.busy
                                onClicked: Hosts.testConnection(host.index)
                                Accessible.name: qsTr("Test the connection to %1").arg(host.alias)
                            }
                            Button {
                                text: qsTr("Check key")
                                enabled: !host.busy
                                onClicked: Hosts.checkKey(host.index)
                                Accessible.name: qsTr("Fetch the host key of %1").arg(host.alias)
                            }
                            Button {
                                visible: host.canTrust
                                text: qsTr("Trust this key")
                                enabled: !host.busy
                                onClicked: Hosts.trust(host.index)
                                Accessible.name: qsTr("Trust the host key of %1").arg(host.alias)
                            }
                            Button {
                                text: qsTr("Edit…")
                                enabled: !host.busy && !Hosts.saving
                                onClicked: Hosts.requestEdit(host.index)
                                Accessible.name: qsTr("Edit %1").arg(host.alias)
                            }
                            Button {
                                text: qsTr("Remove")
                                enabled: !host.busy && !Hosts.saving
                                onClicked: Hosts.requestRemove(host.index)
                                Accessible.name: qsTr("Remove %1 from the allowed hosts").arg(host.alias)
                            }
                        }
                        Text {
                            visible: host.fingerprint.length > 0
                            Layout.fillWidth: true
                            text: host.fingerprint
                            color: Theme.text
                            font.family: Theme.monoFamily
                            font.pixelSize: Theme.smallFontSize + 1
                            wrapMode: Text.WrapAnywhere
                        }
                        Text {
                            visible: host.message.length > 0
                            Layout.fillWidth: true
                            text: host.message
                            color: host.messageOk ? Theme.textMuted : Theme.dangerText
                            font.pixelSize: Theme.smallFontSize + 1
                            wrapMode: Text.Wrap
                        }
                        Text {
                            Layout.fillWidth: true
                            text: qsTr("known_hosts: %1").arg(host.knownHosts)
                            color: Theme.textFaint
                            font.pixelSize: Theme.smallFontSize
                            elide: Text.ElideMiddle
                        }
                    }
                }
            }
        }
    }

    HostDialog {
        id: hostDialog
    }
    Connections {
        target: Hosts
        function onEditRequested(settings) {
            hostDialog.openWith(settings)
        }
        function onRemoveRequested(row, alias) {
            removeConfirm.ask(row, alias)
        }
    }
    ImportHostsDialog {
        id: importDialog
    }

    // Removing asks first: workers lose the host at once.
    Popup {
        id: removeConfirm

        property int row: -1
        property string alias: ""

        function ask(row, alias) {
            removeConfirm.row = row
            removeConfirm.alias = alias
            open()
        }

        modal: true
        focus: true
        x: (root.width - width) / 2
        y: (root.height - height) / 2
        width: Math.min(440, root.width - 40)
        padding: 20
        closePolicy: Popup.CloseOnEscape
        background: Rectangle {
            color: Theme.surface
            radius: Theme.radius
            border.color: Theme.border
        }

        ColumnLayout {
            anchors.fill: parent
            spacing: 12
            Accessible.role: Accessible.Dialog
            Accessible.name: removeQuestion.text

            Text {
                id: removeQuestion

                Layout.fillWidth: true
                text: qsTr("Remove %1? Workers can no longer reach it. Its host key stays in known_hosts.").arg(removeConfirm.alias)
                color: Theme.text
                font.pixelSize: Theme.fontSize
                wrapMode: Text.Wrap
            }
            RowLayout {
                Layout.alignment: Qt.AlignRight
                spacing: 10

                Button {
                    text: qsTr("Cancel")
                    onClicked: removeConfirm.close()
                }
                Button {
                    text: qsTr("Remove")
                    Accessible.name: qsTr("Remove %1").arg(removeConfirm.alias)
                    onClicked: {
                        Hosts.removeHost(removeConfirm.row)
                        removeConfirm.close()
                    }
                }
            }
        }
    }
}
