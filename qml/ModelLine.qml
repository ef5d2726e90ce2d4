import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// One model of ModelPicker.models in a list: its name, where it runs, and whether it calls tools.
// A model that cannot be used for `role` (its server says it has no tool calling, and the role
// works with tools) is shown greyed out with the reason and cannot be chosen.
ItemDelegate {
    id: line

    // An entry of ModelPicker.models.
    required property var modelData
    // ModelRole's word: supervisor, worker, quick, decider, summary.
    property string role: "supervisor"
    readonly property bool usable: !modelData.unusableFor.includes(role)

    enabled: usable
    padding: 6
    Accessible.name: modelData.id
    Accessible.description: usable ? modelData.toolNote
                                   : qsTr("%1: cannot be used here").arg(modelData.toolNote)

    contentItem: ColumnLayout {
        spacing: 1

        Text {
            Layout.fillWidth: true
            text: line.modelData.id
            color: line.usable ? Theme.text : Theme.textMuted
            font.pixelSize: 13
            elide: Text.ElideRight
        }
        Text {
            Layout.fillWidth: true
            text: {
                const where = line.modelData.configured ? "" : line.modelData.sourceName + " \u00b7 "
                const mark = line.modelData.toolCalling === "yes" ? "\u2713 "
                           : line.modelData.toolCalling === "no" ? "\u2717 " : "? "
                return where + mark + (line.usable ? line.modelData.toolNote
                                                   : qsTr("%1: cannot be used here")
                                                         .arg(line.modelData.toolNote))
            }
            color: line.modelData.toolCalling === "no" ? Theme.dangerText : Theme.textMuted
            font.pixelSize: 11
            elide: Text.ElideRight
        }
    }
    background: Rectangle {
        color: line.highlighted || line.visualFocus ? Theme.userBubble
                                                    : line.hovered ? Theme.tickerBackground
                                                                   : "transparent"
        radius: 4
    }
}
