pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Dashboard › Costs: the owner's model calls per local day as a bar chart (cost or tokens), then
// per model and per agent. Bound to the `Costs` singleton, which computes every figure, bar
// height and share; this file only lays them out. Unknown prices are shown as unknown.
Rectangle {
    id: root

    color: Theme.window

    readonly property bool showCost: Costs.metric === "cost"

    // A small page button; `current` paints it as the chosen option of a switch.
    component PageButton: Button {
        id: sw

        property bool current: false

        font.pixelSize: 12
        implicitHeight: 30
        leftPadding: 12
        rightPadding: 12
        contentItem: Text {
            text: sw.text
            font: sw.font
            color: sw.current ? Theme.surface : Theme.text
            horizontalAlignment: Text.AlignHCenter
            verticalAlignment: Text.AlignVCenter
        }
        background: Rectangle {
            radius: 4
            color: sw.current ? Theme.accent : sw.hovered ? Theme.tickerBackground : Theme.surface
            border.color: sw.visualFocus ? Theme.accentHover : Theme.border
            border.width: sw.visualFocus ? 2 : 1
        }
    }

    // One option of a switch (metric, range): announced as a radio button.
    component SwitchButton: PageButton {
        Accessible.role: Accessible.RadioButton
        Accessible.checkable: true
        Accessible.checked: current
    }

    // The by-model or by-agent table: one row per name with its share as a bar.
    component BreakdownTable: Rectangle {
        id: table

        property alias model: rows.model
        property string title
        property string nameTitle

        readonly property int numberWidth: 96
        readonly property int costWidth: 170
        readonly property int shareWidth: 150

        implicitHeight: body.implicitHeight + 2
        color: Theme.surface
        border.color: Theme.border
        radius: 6

        Accessible.role: Accessible.Table
        Accessible.name: title

        ColumnLayout {
            id: body

            x: 1
            y: 1
            width: parent.width - 2
            spacing: 0

            Text {
                Layout.fillWidth: true
                Layout.margins: 12
                Layout.bottomMargin: 6
                text: table.title
                color: Theme.text
                font.pixelSize: 13
                font.weight: Font.DemiBold
            }

            // Header.
            RowLayout {
                Layout.fillWidth: true
                Layout.leftMargin: 12
                Layout.rightMargin: 12
                Layout.preferredHeight: 26
                spacing: 8

                Text {
                    Layout.fillWidth: true
                    text: table.nameTitle
                    color: Theme.textMuted
                    font.pixelSize: 12
                    font.weight: Font.DemiBold
                    elide: Text.ElideRight
                }
                Repeater {
                    model: [qsTr("Calls"), qsTr("Prompt"), qsTr("Completion")]

                    Text {
                        required property string modelData

                        Layout.preferredWidth: table.numberWidth
                        horizontalAlignment: Text.AlignRight
                        text: modelData
                        color: Theme.textMuted
                        font.pixelSize: 12
                        font.weight: Font.DemiBold
                    }
                }
                Text {
                    Layout.preferredWidth: table.costWidth
                    horizontalAlignment: Text.AlignRight
                    text: qsTr("Cost")
                    color: Theme.textMuted
                    font.pixelSize: 12
                    font.weight: Font.DemiBold
                }
                Text {
                    Layout.preferredWidth: table.shareWidth
                    horizontalAlignment: Text.AlignRight
                    text: root.showCost ? qsTr("Share of cost") : qsTr("Share of tokens")
                    color: Theme.textMuted
                    font.pixelSize: 12
                    font.weight: Font.DemiBold
                }
            }
            Rectangle {
                Layout.fillWidth: true
                Layout.preferredHeight: 1
                color: Theme.border
            }

            Repeater {
                id: rows

                delegate: Rectangle {
                    id: row

                    required property int index
                    required property string name
                    required property string callsText
                    required property string promptTokensText
                    required property string completionTokensText
                    required property string costText
                    required property bool costKnown
                    required property real share
                    required property string shareText

                    Layout.fillWidth: true
                    Layout.preferredHeight: 32
                    color: index % 2 === 0 ? Theme.surface : Theme.tickerBackground

                    Accessible.role: Accessible.Row
                    Accessible.name: qsTr("%1: %2 calls, %3 prompt and %4 completion tokens, cost %5, %6")
                                     .arg(name).arg(callsText).arg(promptTokensText)
                                     .arg(completionTokensText).arg(costText).arg(shareText)

                    RowLayout {
                        anchors.fill: parent
                        anchors.leftMargin: 12
                        anchors.rightMargin: 12
                        spacing: 8

                        Text {
                            Layout.fillWidth: true
                            text: row.name
                            color: Theme.text
                            font.pixelSize: 13
                            elide: Text.ElideRight
                        }
                        Repeater {
                            model: [row.callsText, row.promptTokensText, row.completionTokensText]

                            Text {
                                required property string modelData

                                Layout.preferredWidth: table.numberWidth
                                horizontalAlignment: Text.AlignRight
                                text: modelData
                                color: Theme.text
                                font.pixelSize: 13
                                font.family: Theme.monoFamily
                            }
                        }
                        Text {
                            Layout.preferredWidth: table.costWidth
                            horizontalAlignment: Text.AlignRight
                            text: row.costText
                            color: row.costKnown ? Theme.text : Theme.working
                            font.pixelSize: 13
                            font.family: Theme.monoFamily
                            elide: Text.ElideLeft
                        }
                        Item {
                            Layout.preferredWidth: table.shareWidth
                            Layout.fillHeight: true

                            Rectangle {
                                id: track

                                anchors.left: parent.left
                                anchors.verticalCenter: parent.verticalCenter
                                width: parent.width - 44
                                height: 8
                                radius: 4
                                color: Theme.codeBackground

                                Rectangle {
                                    width: row.share * track.width
                                    height: parent.height
                                    radius: 4
                                    color: Theme.accent
                                }
                            }
                            Text {
                                anchors.right: parent.right
                                anchors.verticalCenter: parent.verticalCenter
                                text: row.shareText
                                color: Theme.textMuted
                                font.pixelSize: 12
                                font.family: Theme.monoFamily
                            }
                        }
                    }
                }
            }

            Text {
                visible: rows.count === 0
                Layout.fillWidth: true
                Layout.margins: 12
                text: qsTr("Nothing in this range.")
                color: Theme.textFaint
                font.pixelSize: 13
            }
            Item {
                Layout.preferredHeight: 6
            }
        }
    }

    ScrollView {
        id: scroll

        anchors.fill: parent
        contentWidth: availableWidth
        clip: true

        ColumnLayout {
            x: 16
            width: scroll.availableWidth - 32
            spacing: 12

            Item {
                Layout.preferredHeight: 4
            }

            // Switches: what the bars measure, and how many days.
            RowLayout {
                Layout.fillWidth: true
                spacing: 6

                Text {
                    Layout.fillWidth: true
                    text: qsTr("Tokens and cost of every model call, by day, model and agent.")
                    color: Theme.textMuted
                    font.pixelSize: Theme.smallFontSize + 1
                    elide: Text.ElideRight
                }
                SwitchButton {
                    text: qsTr("Cost")
                    current: root.showCost
                    onClicked: Costs.metric = "cost"
                    Accessible.name: qsTr("Chart the cost per day")
                }
                SwitchButton {
                    text: qsTr("Tokens")
                    current: !root.showCost
                    onClicked: Costs.metric = "tokens"
                    Accessible.name: qsTr("Chart the tokens per day")
                }
                Item {
                    Layout.preferredWidth: 14
                }
                Repeater {
                    model: Costs.rangeChoices

                    SwitchButton {
                        required property int modelData

                        text: qsTr("%n day(s)", "", modelData)
                        current: Costs.rangeDays === modelData
                        onClicked: Costs.rangeDays = modelData
                        Accessible.name: qsTr("Show the last %n day(s)", "", modelData)
                    }
                }
                Item {
                    Layout.preferredWidth: 14
                }
                PageButton {
                    text: qsTr("Refresh")
                    onClicked: Costs.refresh()
                    Accessible.name: qsTr("Refresh the costs")
                }
            }

            Text {
                visible: Costs.loadError.length > 0
                Layout.fillWidth: true
                text: Costs.loadError
                color: Theme.dangerText
                wrapMode: Text.Wrap
                font.pixelSize: 13
            }

            // Totals of the window, and what they leave out.
            Text {
                Layout.fillWidth: true
                visible: Costs.hasData
                text: Costs.totalsText
                color: Theme.text
                font.pixelSize: Theme.fontSize
                wrapMode: Text.Wrap
            }
            Text {
                Layout.fillWidth: true
                visible: Costs.unknownNote.length > 0
                text: Costs.unknownNote
                color: Theme.working
                font.pixelSize: 13
                wrapMode: Text.Wrap
            }

            // The chart: one bar per day; hover or focus a bar for its figures.
            Rectangle {
                id: chart

                Layout.fillWidth: true
                Layout.preferredHeight: 280
                color: Theme.surface
                border.color: chartKeys.activeFocus ? Theme.accent : Theme.border
                radius: 6

                Text {
                    id: axisMax

                    anchors.left: parent.left
                    anchors.leftMargin: 12
                    y: plot.y - height / 2
                    width: plot.x - 20
                    horizontalAlignment: Text.AlignRight
                    visible: Costs.hasData
                    text: Costs.axisMaxText
                    color: Theme.textMuted
                    font.pixelSize: Theme.smallFontSize
                    elide: Text.ElideRight
                }
                Text {
                    anchors.left: parent.left
                    anchors.leftMargin: 12
                    y: plot.y + plot.height - height / 2
                    width: plot.x - 20
                    horizontalAlignment: Text.AlignRight
                    visible: Costs.hasData
                    text: root.showCost ? "$0" : "0"
                    color: Theme.textMuted
                    font.pixelSize: Theme.smallFontSize
                }

                Item {
                    id: plot

                    x: 96
                    y: 20
                    width: parent.width - x - 16
                    height: parent.height - y - 34

                    readonly property real slot: width / Math.max(1, bars.count)

                    Rectangle {
                        width: parent.width
                        height: 1
                        color: Theme.border
                        visible: Costs.hasData
                    }
                    Rectangle {
                        y: parent.height
                        width: parent.width
                        height: 1
                        color: Theme.border
                    }

                    FocusScope {
                        id: chartKeys

                        anchors.fill: parent
                        activeFocusOnTab: Costs.hasData
                        property int current: -1

                        Accessible.role: Accessible.Chart
                        Accessible.name: root.showCost ? qsTr("Cost per day") : qsTr("Tokens per day")
                        Accessible.description: qsTr("Use the left and right arrow keys to read each day.")

                        onActiveFocusChanged: {
                            if (activeFocus && current < 0)
                                current = bars.count - 1
                        }
                        Keys.onLeftPressed: current = Math.max(0, current - 1)
                        Keys.onRightPressed: current = Math.min(bars.count - 1, current + 1)
                        Keys.onPressed: event => {
                            if (event.key === Qt.Key_Home) {
                                current = 0
                                event.accepted = true
                            } else if (event.key === Qt.Key_End) {
                                current = bars.count - 1
                                event.accepted = true
                            }
                        }

                        Repeater {
                            id: bars

                            model: Costs.days

                            delegate: Item {
                                id: day

                                required property int index
                                required property string label
                                required property bool showLabel
                                required property int calls
                                required property bool costKnown
                                required property real barFraction
                                required property string toolTip

                                readonly property bool highlighted: hover.containsMouse
                                    || (chartKeys.activeFocus && chartKeys.current === index)

                                x: index * plot.slot
                                width: plot.slot
                                height: plot.height
                                visible: Costs.hasData

                                Accessible.role: Accessible.StaticText
                                Accessible.name: toolTip

                                Rectangle {
                                    anchors.horizontalCenter: parent.horizontalCenter
                                    anchors.bottom: parent.bottom
                                    width: Math.max(1, Math.min(28, plot.slot * 0.7))
                                    // A day with calls keeps a sliver, so it is not read as none.
                                    height: Math.max(day.calls > 0 ? 2 : 0, day.barFraction * plot.height)
                                    radius: Math.min(3, width / 2)
                                    color: day.highlighted ? Theme.accentHover : Theme.accent
                                    opacity: day.highlighted ? 1 : 0.85
                                }
                                // Part of this day's cost is not known: mark the bar.
                                Text {
                                    anchors.horizontalCenter: parent.horizontalCenter
                                    y: parent.height - day.barFraction * plot.height - height - 2
                                    visible: root.showCost && !day.costKnown
                                    text: "?"
                                    color: Theme.working
                                    font.pixelSize: Theme.smallFontSize
                                    font.weight: Font.Bold
                                }
                                Text {
                                    anchors.horizontalCenter: parent.horizontalCenter
                                    y: parent.height + 6
                                    visible: day.showLabel
                                    text: day.label
                                    color: Theme.textMuted
                                    font.pixelSize: Theme.smallFontSize
                                }
                                MouseArea {
                                    id: hover

                                    anchors.fill: parent
                                    hoverEnabled: true
                                }

                                ToolTip.visible: highlighted
                                ToolTip.delay: hover.containsMouse ? 150 : 0
                                ToolTip.text: toolTip
                            }
                        }
                    }
                }

                Text {
                    anchors.centerIn: parent
                    visible: !Costs.hasData
                    width: parent.width - 40
                    horizontalAlignment: Text.AlignHCenter
                    wrapMode: Text.Wrap
                    text: Costs.emptyText
                    color: Theme.textMuted
                    font.pixelSize: Theme.fontSize
                }
            }

            // The window per model and per agent.
            GridLayout {
                Layout.fillWidth: true
                visible: Costs.hasData
                columns: width > 1300 ? 2 : 1
                columnSpacing: 12
                rowSpacing: 12

                BreakdownTable {
                    Layout.fillWidth: true
                    Layout.alignment: Qt.AlignTop
                    title: qsTr("By model")
                    nameTitle: qsTr("Model")
                    model: Costs.byModel
                }
                BreakdownTable {
                    Layout.fillWidth: true
                    Layout.alignment: Qt.AlignTop
                    title: qsTr("By agent")
                    nameTitle: qsTr("Agent")
                    model: Costs.byAgent
                }
            }

            Item {
                Layout.preferredHeight: 8
            }
        }
    }
}
