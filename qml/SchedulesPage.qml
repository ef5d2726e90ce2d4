pragma ComponentBehavior: Bound

import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// Dashboard › Schedules: the owner's scheduled checks (the `Schedules` singleton). A list on the
// left (name, when, next run, on/off, how the last run went), the selected schedule on the right
// (task, cron, next runs, history, Run now / Edit / Delete), a form for new and edited
// schedules, and "Pause all schedules" at the top. Actions are answered when the source answers
// (at once here, later from a server): the form closes when its save succeeds and shows the
// error otherwise; the other actions' errors are shown above the list.
Rectangle {
    id: root

    color: Theme.window

    // "": the detail pane; "new" or "edit": the form.
    property string formMode: ""
    // The last action's error (but the form's own), shown above the list.
    property string actionError: ""
    property bool confirmingDelete: false

    // The colour of a run's outcome: its status's tone, raised by what the check found (a
    // critical finding red, a warning orange) unless the run is still going or failed anyway.
    function outcomeColor(status: string, severity: string): color {
        return Theme.toneColor(Status.outcomeTone(status, severity))
    }

    function openForm(mode: string) {
        formMode = mode
        confirmingDelete = false
        form.load()
        nameField.forceActiveFocus()
    }

    Connections {
        target: Schedules
        function onActionFinished(action: string, ok: bool, error: string) {
            if (form.saving && (action === "create" || action === "update")) {
                form.saving = false
                form.error = error
                if (ok)
                    root.formMode = ""
                return
            }
            root.actionError = error
        }
    }

    component FieldLabel: Text {
        color: Theme.textMuted
        font.pixelSize: Theme.smallFontSize + 1
        font.weight: Font.DemiBold
    }
    component FieldValue: Text {
        Layout.fillWidth: true
        color: Theme.text
        font.pixelSize: Theme.fontSize
        wrapMode: Text.Wrap
    }
    component ErrorText: Text {
        Layout.fillWidth: true
        visible: text.length > 0
        color: Theme.dangerText
        font.pixelSize: Theme.smallFontSize + 1
        wrapMode: Text.Wrap
    }

    ColumnLayout {
        anchors.fill: parent
        anchors.margins: 16
        spacing: 10

        // Pause all and New schedule.
        RowLayout {
            Layout.fillWidth: true
            spacing: 12

            Text {
                Layout.fillWidth: true
                text: qsTr("Scheduled checks run a task through Jarvis at set times; their results land in the inbox of the Jarvis window.")
                color: Theme.textMuted
                font.pixelSize: Theme.smallFontSize + 1
                wrapMode: Text.Wrap
            }
            Switch {
                id: pauseSwitch

                text: qsTr("Pause all schedules")
                checked: Schedules.paused
                onToggled: {
                    Schedules.setPaused(checked)
                    checked = Qt.binding(() => Schedules.paused)
                }
                Accessible.name: qsTr("Pause all schedules")
                contentItem: Text {
                    leftPadding: pauseSwitch.indicator.width + pauseSwitch.spacing
                    text: pauseSwitch.text
                    color: Theme.text
                    font.pixelSize: 13
                    verticalAlignment: Text.AlignVCenter
                }
            }
            Button {
                text: qsTr("New schedule")
                onClicked: root.openForm("new")
                Accessible.name: qsTr("Create a new schedule")
            }
        }

        // Paused banner.
        Rectangle {
            visible: Schedules.paused
            Layout.fillWidth: true
            implicitHeight: pausedText.implicitHeight + 16
            radius: 6
            color: Theme.tickerBackground
            border.color: Theme.working

            Text {
                id: pausedText

                x: 12
                y: 8
                width: parent.width - 24
                text: qsTr("All schedules are paused: nothing runs until you resume. Their settings are kept, and runs missed while paused are skipped.")
                color: Theme.text
                font.pixelSize: 13
                wrapMode: Text.Wrap
            }
        }

        // Errors: loading, or the last action.
        Rectangle {
            readonly property string message: Schedules.loadError.length > 0 ? Schedules.loadError
                                                                             : root.actionError
            visible: message.length > 0
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
                text: parent.message
                color: Theme.dangerText
                font.pixelSize: Theme.smallFontSize + 1
                wrapMode: Text.Wrap
            }
        }

        RowLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 12

            // The list (the whole width while it is empty).
            Rectangle {
                Layout.preferredWidth: Math.max(320, root.width * 0.42)
                Layout.fillWidth: !detailPane.visible
                Layout.fillHeight: true
                color: Theme.surface
                border.color: Theme.border
                radius: 6

                // Empty state.
                ColumnLayout {
                    visible: Schedules.count === 0 && Schedules.loadError.length === 0
                    anchors.centerIn: parent
                    width: parent.width - 48
                    spacing: 10

                    Text {
                        Layout.fillWidth: true
                        text: qsTr("No schedules yet")
                        color: Theme.text
                        font.pixelSize: 16
                        font.weight: Font.DemiBold
                        horizontalAlignment: Text.AlignHCenter
                    }
                    Text {
                        Layout.fillWidth: true
                        text: qsTr("A schedule runs a task for you at set times, such as checking disk space every morning, and puts the result in your inbox with a severity.")
                        color: Theme.textMuted
                        font.pixelSize: 13
                        wrapMode: Text.Wrap
                        horizontalAlignment: Text.AlignHCenter
                    }
                    Text {
                        Layout.fillWidth: true
                        text: qsTr("Create one here, or just ask Jarvis: “check my disks every morning at 6”.")
                        color: Theme.textMuted
                        font.pixelSize: 13
                        wrapMode: Text.Wrap
                        horizontalAlignment: Text.AlignHCenter
                    }
                    Button {
                        Layout.alignment: Qt.AlignHCenter
                        text: qsTr("New schedule")
                        onClicked: root.openForm("new")
                        Accessible.name: qsTr("Create a new schedule")
                    }
                }

                ListView {
                    id: list

                    anchors.fill: parent
                    anchors.margins: 1
                    clip: true
                    model: Schedules
                    focus: true
                    keyNavigationEnabled: true
                    currentIndex: -1
                    boundsBehavior: Flickable.StopAtBounds
                    ScrollBar.vertical: ScrollBar {}
                    Accessible.role: Accessible.List
                    Accessible.name: qsTr("Schedules")

                    Connections {
                        target: Schedules
                        function onSelectedChanged() {
                            list.currentIndex = Schedules.indexOf(Schedules.selectedId)
                        }
                    }

                    delegate: Rectangle {
                        id: schedule

                        required property int index
                        required property real scheduleId
                        required property string name
                        required property string description
                        required property string nextRunText
                        required property bool enabled
                        required property string lastStatus
                        required property string lastSeverity
                        required property string lastRunText

                        width: ListView.view.width
                        implicitHeight: row.implicitHeight + 20
                        color: ListView.isCurrentItem ? Theme.tickerBackground : Theme.surface
                        ListView.onIsCurrentItemChanged: {
                            if (ListView.isCurrentItem && Schedules.selectedId !== scheduleId) {
                                Schedules.selectedId = scheduleId
                                root.formMode = ""
                                root.confirmingDelete = false
                            }
                        }
                        Accessible.role: Accessible.ListItem
                        Accessible.name: qsTr("%1, %2, next run %3").arg(name).arg(description)
                                                                  .arg(nextRunText)

                        TapHandler {
                            onTapped: {
                                list.currentIndex = schedule.index
                                list.forceActiveFocus()
                            }
                        }

                        Rectangle {
                            anchors.left: parent.left
                            anchors.right: parent.right
                            anchors.bottom: parent.bottom
                            height: 1
                            color: Theme.border
                        }

                        RowLayout {
                            id: row

                            x: 14
                            y: 10
                            width: parent.width - 28
                            spacing: 10

                            Rectangle {
                                implicitWidth: 10
                                implicitHeight: 10
                                radius: 5
                                color: root.outcomeColor(schedule.lastStatus, schedule.lastSeverity)
                                ToolTip.visible: dotHover.hovered
                                ToolTip.text: schedule.lastStatus.length > 0
                                              ? qsTr("Last run %1: %2 %3").arg(schedule.lastRunText)
                                                    .arg(Status.labels[schedule.lastStatus]
                                                         ?? schedule.lastStatus)
                                                    .arg(schedule.lastSeverity)
                                              : qsTr("Not run yet")
                                HoverHandler { id: dotHover }
                            }
                            ColumnLayout {
                                Layout.fillWidth: true
                                spacing: 2

                                Text {
                                    Layout.fillWidth: true
                                    text: schedule.name
                                    color: schedule.enabled ? Theme.text : Theme.textMuted
                                    font.pixelSize: Theme.fontSize
                                    font.weight: Font.DemiBold
                                    elide: Text.ElideRight
                                }
                                Text {
                                    Layout.fillWidth: true
                                    text: schedule.description
                                    color: Theme.textMuted
                                    font.pixelSize: Theme.smallFontSize + 1
                                    elide: Text.ElideRight
                                }
                            }
                            ColumnLayout {
                                spacing: 2

                                Text {
                                    Layout.alignment: Qt.AlignRight
                                    text: qsTr("next")
                                    color: Theme.textFaint
                                    font.pixelSize: Theme.smallFontSize
                                }
                                Text {
                                    Layout.alignment: Qt.AlignRight
                                    text: schedule.nextRunText
                                    color: schedule.enabled && !Schedules.paused ? Theme.text
                                                                                 : Theme.textMuted
                                    font.pixelSize: Theme.smallFontSize + 1
                                }
                            }
                            Switch {
                                checked: schedule.enabled
                                onToggled: {
                                    Schedules.setEnabled(schedule.scheduleId, checked)
                                    checked = Qt.binding(() => schedule.enabled)
                                }
                                Accessible.name: schedule.enabled
                                                 ? qsTr("Turn off %1").arg(schedule.name)
                                                 : qsTr("Turn on %1").arg(schedule.name)
                            }
                        }
                    }
                }
            }

            // The selected schedule, or the form.
            Rectangle {
                id: detailPane

                visible: Schedules.count > 0 || root.formMode !== ""
                Layout.fillWidth: true
                Layout.fillHeight: true
                color: Theme.surface
                border.color: Theme.border
                radius: 6

                Text {
                    anchors.centerIn: parent
                    visible: root.formMode === "" && Schedules.selectedId === 0
                             && Schedules.count > 0
                    text: qsTr("Select a schedule to see its runs.")
                    color: Theme.textMuted
                    font.pixelSize: Theme.fontSize
                }

                // ---- detail ----
                Flickable {
                    id: detailFlick

                    visible: root.formMode === "" && Schedules.selectedId !== 0
                    anchors.fill: parent
                    anchors.margins: 1
                    contentWidth: width
                    contentHeight: detail.implicitHeight + 32
                    clip: true
                    boundsBehavior: Flickable.StopAtBounds
                    ScrollBar.vertical: ScrollBar {}

                    ColumnLayout {
                        id: detail

                        readonly property var s: Schedules.selected

                        x: 16
                        y: 16
                        width: detailFlick.width - 32
                        spacing: 8

                        RowLayout {
                            Layout.fillWidth: true
                            spacing: 8

                            Text {
                                Layout.fillWidth: true
                                text: detail.s.name ?? ""
                                color: Theme.text
                                font.pixelSize: 18
                                font.weight: Font.DemiBold
                                elide: Text.ElideRight
                            }
                            Button {
                                text: qsTr("Run now")
                                onClicked: Schedules.runNow(Schedules.selectedId)
                                Accessible.name: qsTr("Run %1 now").arg(detail.s.name ?? "")
                            }
                            Button {
                                text: qsTr("Edit")
                                onClicked: root.openForm("edit")
                                Accessible.name: qsTr("Edit %1").arg(detail.s.name ?? "")
                            }
                            Button {
                                text: qsTr("Delete")
                                onClicked: root.confirmingDelete = true
                                Accessible.name: qsTr("Delete %1").arg(detail.s.name ?? "")
                            }
                        }

                        // Delete, confirmed.
                        Rectangle {
                            visible: root.confirmingDelete
                            Layout.fillWidth: true
                            implicitHeight: confirmRow.implicitHeight + 16
                            radius: 6
                            color: Theme.dangerBubble
                            border.color: Theme.dangerBorder

                            RowLayout {
                                id: confirmRow

                                x: 10
                                y: 8
                                width: parent.width - 20
                                spacing: 8

                                Text {
                                    Layout.fillWidth: true
                                    text: qsTr("Delete “%1” and its run history? Results already in the inbox stay.")
                                              .arg(detail.s.name ?? "")
                                    color: Theme.dangerText
                                    font.pixelSize: 13
                                    wrapMode: Text.Wrap
                                }
                                Button {
                                    text: qsTr("Delete schedule")
                                    Accessible.name: qsTr("Yes, delete %1").arg(detail.s.name ?? "")
                                    onClicked: {
                                        root.confirmingDelete = false
                                        Schedules.remove(Schedules.selectedId)
                                    }
                                }
                                Button {
                                    text: qsTr("Keep")
                                    Accessible.name: qsTr("Keep the schedule")
                                    onClicked: root.confirmingDelete = false
                                }
                            }
                        }

                        FieldLabel { text: qsTr("Task") }
                        FieldValue { text: detail.s.task ?? "" }

                        FieldLabel { text: qsTr("When") }
                        FieldValue {
                            text: qsTr("%1  (%2)").arg(detail.s.description ?? "")
                                                  .arg(detail.s.cron ?? "")
                        }
                        FieldValue {
                            text: qsTr("Time zone: %1").arg(detail.s.timeZone ?? "")
                                  + (detail.s.catchUp ? qsTr(" · catches up missed runs at start")
                                                      : "")
                            color: Theme.textMuted
                            font.pixelSize: 13
                        }
                        FieldValue {
                            text: detail.s.approvalModeText ?? ""
                            color: Theme.textMuted
                            font.pixelSize: 13
                        }

                        FieldLabel { text: qsTr("Next runs") }
                        FieldValue {
                            text: !(detail.s.enabled ?? true)
                                  ? qsTr("Off: turn the schedule on to run it.")
                                  : (detail.s.nextRuns ?? []).length === 0
                                    ? qsTr("Never: this expression matches no date.")
                                    : (detail.s.nextRuns ?? []).join("\n")
                                      + (Schedules.paused ? "\n" + qsTr("(paused)") : "")
                        }

                        FieldLabel { text: qsTr("History") }
                        Text {
                            visible: Schedules.history.length === 0
                            text: qsTr("No runs yet. Run now to try it.")
                            color: Theme.textMuted
                            font.pixelSize: 13
                        }
                        // Header.
                        RowLayout {
                            visible: Schedules.history.length > 0
                            Layout.fillWidth: true
                            spacing: 10
                            Repeater {
                                model: [qsTr("Started"), qsTr("Trigger"), qsTr("Status"),
                                        qsTr("Duration"), qsTr("Result")]
                                Text {
                                    required property int index
                                    required property string modelData
                                    Layout.preferredWidth: index === 4 ? -1 : index === 0 ? 130 : 90
                                    Layout.fillWidth: index === 4
                                    text: modelData
                                    color: Theme.textFaint
                                    font.pixelSize: Theme.smallFontSize
                                    font.weight: Font.DemiBold
                                }
                            }
                        }
                        Repeater {
                            model: Schedules.history

                            RowLayout {
                                id: run

                                required property var modelData

                                Layout.fillWidth: true
                                spacing: 10

                                Text {
                                    Layout.preferredWidth: 130
                                    Layout.alignment: Qt.AlignTop
                                    text: run.modelData.started
                                    color: Theme.text
                                    font.pixelSize: Theme.smallFontSize + 1
                                    ToolTip.visible: startedHover.hovered
                                                     && run.modelData.scheduledFor.length > 0
                                    ToolTip.text: qsTr("Scheduled for %1").arg(run.modelData.scheduledFor)
                                    HoverHandler { id: startedHover }
                                }
                                Text {
                                    Layout.preferredWidth: 90
                                    Layout.alignment: Qt.AlignTop
                                    text: run.modelData.trigger
                                    color: Theme.textMuted
                                    font.pixelSize: Theme.smallFontSize + 1
                                }
                                RowLayout {
                                    Layout.preferredWidth: 90
                                    Layout.maximumWidth: 90
                                    Layout.fillWidth: false
                                    Layout.alignment: Qt.AlignTop
                                    spacing: 5
                                    Rectangle {
                                        implicitWidth: 8
                                        implicitHeight: 8
                                        radius: 4
                                        color: root.outcomeColor(run.modelData.status,
                                                                 run.modelData.severity)
                                    }
                                    Text {
                                        readonly property string label:
                                            Status.labels[run.modelData.status] ?? run.modelData.status

                                        Layout.fillWidth: true
                                        text: run.modelData.severity.length > 0
                                              ? qsTr("%1, %2").arg(label).arg(run.modelData.severity)
                                              : label
                                        color: Theme.text
                                        font.pixelSize: Theme.smallFontSize + 1
                                        elide: Text.ElideRight
                                    }
                                }
                                Text {
                                    Layout.preferredWidth: 90
                                    Layout.alignment: Qt.AlignTop
                                    text: run.modelData.duration
                                    color: Theme.textMuted
                                    font.pixelSize: Theme.smallFontSize + 1
                                }
                                Text {
                                    Layout.fillWidth: true
                                    Layout.alignment: Qt.AlignTop
                                    text: run.modelData.error.length > 0 ? run.modelData.error
                                                                         : run.modelData.summary
                                    color: run.modelData.error.length > 0 ? Theme.dangerText
                                                                          : Theme.text
                                    font.pixelSize: Theme.smallFontSize + 1
                                    wrapMode: Text.Wrap
                                    maximumLineCount: 3
                                    elide: Text.ElideRight
                                }
                            }
                        }
                    }
                }

                // ---- new / edit form ----
                Flickable {
                    id: formFlick

                    visible: root.formMode !== ""
                    anchors.fill: parent
                    anchors.margins: 1
                    contentWidth: width
                    contentHeight: form.implicitHeight + 32
                    clip: true
                    boundsBehavior: Flickable.StopAtBounds
                    ScrollBar.vertical: ScrollBar {}

                    ColumnLayout {
                        id: form

                        readonly property var cronCheck: Schedules.describeCron(cronField.text)
                        readonly property var s: Schedules.selected
                        property string error: ""
                        // A save waits for its answer (Schedules.onActionFinished above).
                        property bool saving: false

                        // Fills the fields: empty for a new schedule, the selected one's to edit.
                        function load() {
                            const editing = root.formMode === "edit"
                            nameField.text = editing ? form.s.name : ""
                            taskField.text = editing ? form.s.task : ""
                            cronField.text = editing ? form.s.cron : "0 6 * * *"
                            zoneField.text = editing ? form.s.timeZone : Schedules.systemTimeZone
                            catchUpBox.checked = editing ? form.s.catchUp : false
                            error = ""
                            saving = false
                        }
                        function save() {
                            error = ""
                            saving = true
                            if (root.formMode === "new") {
                                Schedules.create(nameField.text, taskField.text, cronField.text,
                                                 zoneField.text, catchUpBox.checked)
                            } else {
                                Schedules.update(Schedules.selectedId, {
                                    name: nameField.text, task: taskField.text,
                                    cron: cronField.text, timeZone: zoneField.text,
                                    catchUp: catchUpBox.checked
                                })
                            }
                        }

                        x: 16
                        y: 16
                        width: formFlick.width - 32
                        spacing: 6

                        Text {
                            text: root.formMode === "new" ? qsTr("New schedule")
                                                          : qsTr("Edit schedule")
                            color: Theme.text
                            font.pixelSize: 18
                            font.weight: Font.DemiBold
                        }

                        FieldLabel { text: qsTr("Name") }
                        TextField {
                            id: nameField

                            Layout.fillWidth: true
                            placeholderText: qsTr("morning disk check")
                            Accessible.name: qsTr("Name of the schedule")
                            KeyNavigation.tab: taskField
                        }

                        FieldLabel { text: qsTr("Task for Jarvis") }
                        TextArea {
                            id: taskField

                            Layout.fillWidth: true
                            Layout.preferredHeight: Math.max(70, implicitHeight)
                            wrapMode: TextEdit.Wrap
                            placeholderText: qsTr("Check disk space on all servers and warn above 90%.")
                            Accessible.name: qsTr("Task Jarvis runs each time")
                            KeyNavigation.tab: cronField
                            KeyNavigation.priority: KeyNavigation.BeforeItem
                            background: Rectangle {
                                color: Theme.surface
                                border.color: taskField.activeFocus ? Theme.accent : Theme.border
                                radius: 4
                            }
                        }

                        FieldLabel { text: qsTr("When (cron: minute hour day month weekday)") }
                        TextField {
                            id: cronField

                            Layout.fillWidth: true
                            font.family: Theme.monoFamily
                            Accessible.name: qsTr("Cron expression")
                            Accessible.description: form.cronCheck.text
                            KeyNavigation.tab: zoneField
                        }
                        Text {
                            Layout.fillWidth: true
                            text: form.cronCheck.text
                            color: form.cronCheck.ok ? Theme.success : Theme.dangerText
                            font.pixelSize: Theme.smallFontSize + 1
                            wrapMode: Text.Wrap
                        }

                        FieldLabel { text: qsTr("Time zone") }
                        TextField {
                            id: zoneField

                            Layout.fillWidth: true
                            placeholderText: Schedules.systemTimeZone
                            Accessible.name: qsTr("Time zone, for example Europe/Berlin")
                            KeyNavigation.tab: catchUpBox
                        }

                        CheckBox {
                            id: catchUpBox

                            text: qsTr("Run once at start when a run was missed while Zerg was not running")
                            Accessible.name: text
                            KeyNavigation.tab: saveButton
                            contentItem: Text {
                                leftPadding: catchUpBox.indicator.width + catchUpBox.spacing
                                text: catchUpBox.text
                                color: Theme.text
                                font.pixelSize: 13
                                wrapMode: Text.Wrap
                                verticalAlignment: Text.AlignVCenter
                            }
                        }

                        ErrorText { text: form.error }
                        Text {
                            visible: form.saving
                            text: qsTr("Saving…")
                            color: Theme.textMuted
                            font.pixelSize: Theme.smallFontSize + 1
                        }

                        RowLayout {
                            spacing: 8
                            Button {
                                id: saveButton

                                text: root.formMode === "new" ? qsTr("Create") : qsTr("Save")
                                enabled: form.cronCheck.ok && !form.saving
                                onClicked: form.save()
                                Accessible.name: root.formMode === "new"
                                                 ? qsTr("Create the schedule")
                                                 : qsTr("Save the schedule")
                                KeyNavigation.tab: cancelButton
                            }
                            Button {
                                id: cancelButton

                                text: qsTr("Cancel")
                                onClicked: root.formMode = ""
                                Accessible.name: qsTr("Cancel without saving")
                                KeyNavigation.tab: nameField
                            }
                        }
                    }
                }
            }
        }
    }
}
