pragma ComponentBehavior: Bound

import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// "Choose…" beside a model setting in Settings: opens the configured provider's models
// (ModelPicker), each with whether it calls tools. A model its server says cannot call tools is
// listed but cannot be chosen for a role that works with tools (AppSettings refuses it too when
// typed). Up/Down move, Enter chooses, Esc closes.
Button {
    id: root

    // ModelRole's word: supervisor, worker, quick, decider, summary.
    required property string role
    // The setting's label, for the accessible names.
    required property string label

    // The list (tests reach its content through popup.contentItem).
    readonly property alias popup: list

    signal picked(string model)

    readonly property var choices: {
        const out = []
        for (const m of ModelPicker.models) {
            if (m.configured)
                out.push(m)
        }
        return out
    }
    readonly property var configured: {
        for (const s of ModelPicker.sources) {
            if (s.source === "configured")
                return s
        }
        return null
    }

    text: qsTr("Choose…")
    font.pixelSize: 13
    Accessible.name: qsTr("Choose the %1 from the provider's models").arg(label)
    onClicked: {
        ModelPicker.load()
        list.open()
    }

    Popup {
        id: list

        y: root.height + 4
        x: root.width - width
        width: 420
        padding: 8
        focus: true
        onOpened: view.forceActiveFocus()

        background: Rectangle {
            color: Theme.surface
            border.color: Theme.border
            radius: Theme.radius
        }

        ColumnLayout {
            width: list.availableWidth
            spacing: 6

            Text {
                Layout.fillWidth: true
                visible: text.length > 0
                text: {
                    const src = root.configured
                    if (ModelPicker.loading && (!src || src.state === "asking"))
                        return qsTr("Asking the provider for its models…")
                    if (src && src.state !== "answered")
                        return src.message
                    if (ModelPicker.loaded && root.choices.length === 0)
                        return qsTr("The provider lists no models. Type the model's name instead.")
                    return ""
                }
                color: root.configured && root.configured.state !== "answered"
                       && root.configured.state !== "asking" ? Theme.dangerText : Theme.textMuted
                font.pixelSize: 12
                wrapMode: Text.Wrap
            }
            ListView {
                id: view

                Layout.fillWidth: true
                Layout.preferredHeight: Math.min(contentHeight, 320)
                visible: root.choices.length > 0
                clip: true
                model: root.choices
                keyNavigationEnabled: true
                Accessible.role: Accessible.List
                Accessible.name: qsTr("Models for %1").arg(root.label)
                Keys.onReturnPressed: view.choose(currentIndex)
                Keys.onEnterPressed: view.choose(currentIndex)
                ScrollBar.vertical: ScrollBar {}

                function choose(i: int) {
                    if (i < 0 || i >= root.choices.length)
                        return
                    const m = root.choices[i]
                    if (m.unusableFor.includes(root.role))
                        return
                    root.picked(m.id)
                    list.close()
                }

                delegate: ModelLine {
                    required property int index

                    width: view.width
                    role: root.role
                    highlighted: view.currentIndex === index
                    onClicked: view.choose(index)
                }
            }
            RowLayout {
                Layout.fillWidth: true

                Item { Layout.fillWidth: true }
                Button {
                    text: qsTr("Look again")
                    enabled: !ModelPicker.loading
                    font.pixelSize: 12
                    Accessible.name: qsTr("Ask the provider for its models again")
                    onClicked: ModelPicker.refresh()
                }
            }
        }
    }
}
