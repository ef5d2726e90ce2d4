import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// Hosts › Import: the hosts of ~/.ssh/config as a checklist (those already allowed ticked and
// greyed out); Import copies the ticked ones into the hosts file with their settings resolved.
Popup {
    id: root

    property var chosen: ({})  // alias -> true

    function start() {
        chosen = {}
        Hosts.clearEdit()
        Hosts.loadImportCandidates()
        open()
    }
    function chosenAliases() {
        return Object.keys(chosen).filter(a => chosen[a])
    }

    modal: true
    focus: true
    x: parent ? (parent.width - width) / 2 : 0
    y: parent ? Math.max(20, (parent.height - height) / 2) : 0
    width: Math.min(560, (parent ? parent.width : 560) - 40)
    height: Math.min(implicitHeight, (parent ? parent.height : 600) - 40)
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
            text: qsTr("Import hosts from your SSH config")
            color: Theme.text
            font.pixelSize: 18
            font.weight: Font.DemiBold
            wrapMode: Text.Wrap
            Accessible.role: Accessible.Heading
            Accessible.name: text
        }
        Text {
            Layout.fillWidth: true
            text: Hosts.importLoading ? qsTr("Reading…")
                  : Hosts.importError.length > 0 ? Hosts.importError
                  : Hosts.importCandidates.length === 0
                    ? qsTr("%1 names no hosts.").arg(Hosts.importSource)
                    : qsTr("From %1. Tick the hosts workers may reach.").arg(Hosts.importSource)
            color: Hosts.importError.length > 0 ? Theme.dangerText : Theme.textMuted
            font.pixelSize: 12
            wrapMode: Text.Wrap
        }

        ScrollView {
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.preferredHeight: Math.min(candidates.implicitHeight, 320)
            clip: true

            ColumnLayout {
                id: candidates

                width: parent.width
                spacing: 2

                Repeater {
                    model: Hosts.importCandidates

                    delegate: CheckBox {
                        id: candidate

                        required property var modelData

                        Layout.fillWidth: true
                        text: candidate.modelData.alias + "  \u2014  " + candidate.modelData.target
                              + (candidate.modelData.allowed ? "  " + qsTr("(allowed already)") : "")
                        enabled: !candidate.modelData.allowed
                        checked: candidate.modelData.allowed
                        Accessible.name: candidate.text
                        onToggled: {
                            const next = Object.assign({}, root.chosen)
                            next[candidate.modelData.alias] = checked
                            root.chosen = next
                        }
                    }
                }
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
                visible: Hosts.saving || Hosts.importLoading
                running: visible
            }
            Button {
                text: qsTr("Cancel")
                onClicked: root.close()
            }
            Button {
                text: qsTr("Import")
                highlighted: true
                enabled: !Hosts.saving && root.chosenAliases().length > 0
                Accessible.name: qsTr("Import the ticked hosts")
                onClicked: Hosts.importHosts(root.chosenAliases())
            }
        }
    }
}
