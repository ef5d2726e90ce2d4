pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Dashboard › Workers: every worker of this owner (newest 500), live, sortable and filterable.
// Bound to the `WorkersTable` singleton; its `rows` is the sorted, filtered view.
Item {
    id: root

    // A row was opened (double-click or Enter) in the Worker detail page: the dashboard switches
    // to that tab.
    signal workerOpened()

    function openRow(row: int) {
        if (row < 0)
            return
        const rows = WorkersTable.rows
        WorkerDetail.openJob(rows.data(rows.index(row, 0), WorkersTable.JobIdRole))
        root.workerOpened()
    }

    // Fixed widths for the narrow columns; the task column takes the rest.
    readonly property var fixedWidths: [120, 0, 160, 70, 100, 90]

    function columnWidth(column: int): real {
        if (column !== 1)
            return fixedWidths[column]
        let rest = table.width
        for (let i = 0; i < fixedWidths.length; ++i)
            rest -= fixedWidths[i]
        return Math.max(200, rest)
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 16
        spacing: 10

        RowLayout {
            Layout.fillWidth: true
            spacing: 10

            TextField {
                id: filter

                Layout.preferredWidth: 320
                placeholderText: qsTr("Filter by task, host or worker id")
                text: WorkersTable.filterText
                onTextEdited: WorkersTable.filterText = text
                font.pixelSize: 13
            }
            Text {
                text: WorkersTable.filterText.length > 0
                      ? qsTr("%1 of %n worker(s)", "", WorkersTable.count)
                            .arg(WorkersTable.visibleCount)
                      : qsTr("%n worker(s)", "", WorkersTable.count)
                color: Theme.textMuted
                font.pixelSize: 13
            }
            Item { Layout.fillWidth: true }
            Button {
                visible: WorkersTable.sortColumn >= 0
                text: qsTr("Newest first")
                onClicked: WorkersTable.sortBy(-1)
            }
            Button {
                text: qsTr("Reload")
                onClicked: WorkersTable.reload()
            }
        }

        Text {
            visible: WorkersTable.loadError.length > 0
            Layout.fillWidth: true
            text: WorkersTable.loadError
            color: Theme.dangerText
            wrapMode: Text.Wrap
            font.pixelSize: 13
        }

        Rectangle {
            Layout.fillWidth: true
            Layout.fillHeight: true
            color: Theme.surface
            border.color: Theme.border
            radius: 6
            clip: true

            // The header: click a column to sort by it, again to reverse.
            Row {
                id: header

                x: 1 - table.contentX
                y: 1
                height: 34

                Repeater {
                    model: 6

                    Rectangle {
                        id: headerCell

                        required property int index

                        width: root.columnWidth(index)
                        height: header.height
                        color: mouse.containsMouse ? Theme.tickerBackground : Theme.surface

                        Text {
                            anchors.fill: parent
                            anchors.leftMargin: 12
                            anchors.rightMargin: 8
                            verticalAlignment: Text.AlignVCenter
                            horizontalAlignment: headerCell.index >= 3 ? Text.AlignRight
                                                                       : Text.AlignLeft
                            elide: Text.ElideRight
                            text: WorkersTable.columnTitles[headerCell.index]
                                  + (WorkersTable.sortColumn !== headerCell.index ? ""
                                     : WorkersTable.sortAscending ? "  ▲" : "  ▼")
                            color: Theme.textMuted
                            font.pixelSize: 12
                            font.weight: Font.DemiBold
                        }
                        MouseArea {
                            id: mouse

                            anchors.fill: parent
                            hoverEnabled: true
                            cursorShape: Qt.PointingHandCursor
                            onClicked: WorkersTable.sortBy(headerCell.index)
                        }
                    }
                }
            }
            Rectangle {
                anchors.left: parent.left
                anchors.right: parent.right
                y: header.y + header.height
                height: 1
                color: Theme.border
            }

            TableView {
                id: table

                anchors.fill: parent
                anchors.topMargin: header.height + 2
                anchors.leftMargin: 1
                anchors.rightMargin: 1
                anchors.bottomMargin: 1
                clip: true
                boundsBehavior: Flickable.StopAtBounds
                model: WorkersTable.rows
                columnWidthProvider: column => root.columnWidth(column)
                onWidthChanged: forceLayout()
                ScrollBar.vertical: ScrollBar {}
                // Arrow keys move the current row; Enter opens it.
                selectionModel: ItemSelectionModel { model: table.model }
                activeFocusOnTab: true
                Accessible.role: Accessible.Table
                Accessible.name: qsTr("Workers; press Enter to open the current one")
                Keys.onReturnPressed: root.openRow(table.currentRow)
                Keys.onEnterPressed: root.openRow(table.currentRow)

                delegate: Rectangle {
                    id: cell

                    required property int row
                    required property int column
                    required property string display
                    required property string status

                    implicitHeight: 32
                    color: table.activeFocus && row === table.currentRow ? Theme.userBubble
                         : row % 2 === 0 ? Theme.surface : Theme.tickerBackground

                    TapHandler {
                        onDoubleTapped: root.openRow(cell.row)
                    }

                    Row {
                        anchors.fill: parent
                        anchors.leftMargin: 12
                        anchors.rightMargin: 8
                        spacing: 8

                        StatusDot {
                            visible: cell.column === 0
                            anchors.verticalCenter: parent.verticalCenter
                            working: Status.isActive(cell.status)
                            color: Theme.toneColor(Status.tone(cell.status))
                        }
                        Text {
                            width: parent.width - (cell.column === 0 ? 18 : 0)
                            height: parent.height
                            verticalAlignment: Text.AlignVCenter
                            horizontalAlignment: cell.column >= 3 ? Text.AlignRight : Text.AlignLeft
                            elide: Text.ElideRight
                            text: cell.display
                            color: cell.column === 5 && cell.display === "?" ? Theme.textFaint
                                                                             : Theme.text
                            font.pixelSize: 13
                            // qmllint disable type
                            font.family: cell.column >= 3 ? Theme.monoFamily : Qt.application.font.family
                            // qmllint enable type
                        }
                    }
                }
            }

            Text {
                anchors.centerIn: parent
                visible: WorkersTable.visibleCount === 0
                width: parent.width - 40
                horizontalAlignment: Text.AlignHCenter
                wrapMode: Text.Wrap
                text: WorkersTable.count === 0
                      ? qsTr("No workers yet — ask Jarvis something that needs a server.")
                      : qsTr("No workers match “%1”.").arg(WorkersTable.filterText)
                color: Theme.textMuted
                font.pixelSize: Theme.fontSize
            }
        }
    }
}
