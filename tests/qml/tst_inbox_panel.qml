import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// The task inbox panel over the real InboxModel (tst_components.cpp: a temporary database with
// an unread critical result "disks" and a read one "certificates"): the list, opening a result,
// replying with it in context, Mark all read, a result arriving live, and Escape. Then the
// Schedules page over the real SchedulesModel: the list, the detail pane, and the form's live
// cron check and its error, Run now, Delete's confirmation, Pause all.
Item {
    width: 900
    height: 600

    Component {
        id: panel
        InboxPanel { anchors.fill: parent }
    }
    Component {
        id: page
        SchedulesPage { anchors.fill: parent }
    }

    TestCase {
        name: "InboxPanel"
        when: windowShown

        SignalSpy {
            id: closeSpy
            signalName: "closeRequested"
        }

        function test_1_listOpenReply() {
            const p = createTemporaryObject(panel, parent)
            waitForRendering(p)
            closeSpy.target = p
            closeSpy.clear()
            compare(Inbox.count, 2)
            compare(Inbox.unreadCount, 1)
            tryVerify(() => Util.hasText(p, "disks"))
            tryVerify(() => Util.hasText(p, "certificates"))
            verify(Util.hasText(p, "1 unread"))
            verify(Util.hasText(p, "Disk space web1: /var is 97% full."))  // the excerpt
            verify(Util.hasText(p, "Critical"))

            // Keyboard: the newest is current; Return opens it.
            const list = Util.findAll(p, k => k.keyNavigationEnabled !== undefined)[0]
            list.forceActiveFocus()
            compare(list.currentIndex, 0)
            keyClick(Qt.Key_Return)
            tryCompare(Inbox, "currentTitle", "disks")
            compare(Inbox.unreadCount, 0)
            tryVerify(() => !Util.hasText(p, "1 unread"))
            const body = Util.findAll(p, k => k.textDocument !== undefined && k.readOnly
                                              && k.visible)[0]
            verify(body)
            verify(body.getText(0, body.length).indexOf("97% full") >= 0)

            // Send stays off until something is typed; a reply goes to the chat with context.
            const send = Util.button(p, "Send")
            verify(send)
            verify(!send.enabled)
            const field = Util.findAll(p, k => k.placeholderText !== undefined && k.visible)[0]
            field.forceActiveFocus()
            keyClick(Qt.Key_W)
            keyClick(Qt.Key_H)
            keyClick(Qt.Key_Y)
            verify(send.enabled)
            mouseClick(send)
            const replies = scheduleSupport.replies()
            compare(replies.length, 1)
            verify(replies[0].indexOf("About the scheduled check \"disks\"") === 0)
            verify(replies[0].indexOf("> **web1**: `/var` is 97% full.") > 0)
            verify(replies[0].endsWith("\n\nwhy"))
            compare(closeSpy.count, 1)
            compare(Inbox.currentId, 0)  // back to the list for next time
        }

        function test_2_liveMarkAllReadEscape() {
            const p = createTemporaryObject(panel, parent)
            waitForRendering(p)
            closeSpy.target = p
            closeSpy.clear()
            const count = Inbox.count
            const unread = Inbox.unreadCount
            verify(scheduleSupport.deliver("web disks",
                                           "## Load\n\nweb2 load is 12.\n\nSeverity: warning"))
            tryCompare(Inbox, "count", count + 1)
            compare(Inbox.unreadCount, unread + 1)
            tryVerify(() => Util.hasText(p, "web disks"))
            tryVerify(() => Util.hasText(p, "Warning"))
            verify(Util.hasText(p, qsTr("%n unread", "", unread + 1)))

            const markAll = Util.button(p, "Mark all read")
            verify(markAll.enabled)
            mouseClick(markAll)
            compare(Inbox.unreadCount, 0)
            verify(!markAll.enabled)

            // A click opens; "‹ Inbox" goes back; Escape on the list asks to close.
            mouseClick(Util.findAll(p, k => k.text === "certificates" && k.visible)[0])
            tryCompare(Inbox, "currentTitle", "certificates")
            mouseClick(Util.button(p, "‹ Inbox"))
            compare(Inbox.currentId, 0)
            const list = Util.findAll(p, k => k.keyNavigationEnabled !== undefined)[0]
            list.forceActiveFocus()
            keyClick(Qt.Key_Escape)
            compare(closeSpy.count, 1)
        }
    }

    TestCase {
        name: "SchedulesPage"
        when: windowShown

        function test_listDetailAndForm() {
            const p = createTemporaryObject(page, parent)
            waitForRendering(p)
            compare(Schedules.count, 1)
            tryVerify(() => Util.hasText(p, "web disks"))
            verify(Util.hasText(p, "every day at 06:00"))
            verify(Util.hasText(p, "Sun 22 Nov 06:00"))  // tst_components: Sat 21 Nov, Berlin

            // Selecting shows the detail pane with the next runs and the history.
            mouseClick(Util.findAll(p, k => k.text === "web disks" && k.visible)[0])
            tryVerify(() => Schedules.selectedId !== 0)
            tryVerify(() => Util.hasText(p, "Check disk space on web1 and web2."))
            verify(Util.hasText(p, "Mon 23 Nov 06:00"))  // the next runs
            verify(Util.hasText(p, "Europe/Berlin"))
            const runs = Schedules.history.length
            verify(Util.hasText(p, "No runs yet") === (runs === 0))
            mouseClick(Util.button(p, "Run now"))
            tryVerify(() => Schedules.history.length === runs + 1)
            compare(Schedules.history[0].status, "running")
            tryVerify(() => Util.hasText(p, "running"))
            verify(Util.hasText(p, "run now"))  // the trigger
            verify(!Util.hasText(p, "No runs yet"))

            // Delete asks first; Keep keeps it.
            mouseClick(Util.button(p, "Delete"))
            tryVerify(() => Util.hasText(p, "and its run history?"))
            mouseClick(Util.button(p, "Keep"))
            compare(Schedules.count, 1)

            // Edit fills the form with the schedule; Save changes it.
            mouseClick(Util.button(p, "Edit"))
            tryVerify(() => Util.hasText(p, "Edit schedule"))
            let fields = Util.findAll(p, k => k.placeholderText !== undefined && k.visible)
            compare(fields[0].text, "web disks")
            compare(fields[2].text, "0 6 * * *")
            compare(fields[3].text, "Europe/Berlin")
            fields[2].text = "0 7 * * *"
            mouseClick(Util.button(p, "Save"))
            tryVerify(() => !Util.hasText(p, "Edit schedule"))
            tryVerify(() => Util.hasText(p, "every day at 07:00"))
            compare(Schedules.selected.cron, "0 7 * * *")

            // The form checks the cron expression as it is typed and shows the model's error.
            mouseClick(Util.button(p, "New schedule"))
            tryVerify(() => Util.hasText(p, "Task for Jarvis"))
            fields = Util.findAll(p, k => k.placeholderText !== undefined && k.visible)
            compare(fields.length, 4)  // name, task, cron, zone
            const cron = fields[2]
            verify(Util.hasText(p, "every day at 06:00"))
            cron.text = "0 25 * * *"
            tryVerify(() => Util.hasText(p, "The hour field"))
            const create = Util.button(p, "Create")
            verify(!create.enabled)
            cron.text = "*/15 * * * *"
            tryVerify(() => Util.hasText(p, "every 15 minutes"))
            verify(create.enabled)
            fields[0].text = "web disks"  // taken
            fields[1].text = "uptime"
            mouseClick(create)
            tryVerify(() => Util.hasText(p, "A schedule named 'web disks' already exists."))
            compare(Schedules.count, 1)
            fields[0].text = "uptime"
            mouseClick(create)
            tryCompare(Schedules, "count", 2)
            tryVerify(() => !Util.hasText(p, "Task for Jarvis"))  // back to the detail pane
            tryVerify(() => Util.hasText(p, "every 15 minutes"))

            // Pause all: the banner.
            verify(!Util.hasText(p, "All schedules are paused"))
            Schedules.setPaused(true)
            compare(Schedules.actionError, "")
            tryVerify(() => Util.hasText(p, "All schedules are paused"))
            Schedules.setPaused(false)
            compare(Schedules.actionError, "")
            Schedules.remove(Schedules.selectedId)
            compare(Schedules.actionError, "")
            tryCompare(Schedules, "count", 1)
            verify(!Schedules.busy)
        }
    }
}
