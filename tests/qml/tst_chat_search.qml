import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// Ctrl+F in the chat (ChatSearchBar over Jarvis.search), the shortcuts sheet (F1), and the
// announcement of a finished answer for screen readers.
TestCase {
    name: "ChatSearch"
    when: windowShown
    visible: true
    width: 900
    height: 500

    Component {
        id: barComponent
        ChatSearchBar { width: 860 }
    }
    Component {
        id: sheetComponent
        ShortcutsSheet {}
    }

    // One finished turn of this window: the question, then the answer.
    function turn(question, answer) {
        verify(Jarvis.send(question))
        const run = Jarvis.currentRunId
        verify(run > 0)
        testSupport.publish("supervisor_complete", {run_id: run, result: answer,
                                                    mode: "supervisor"})
        tryVerify(() => !Jarvis.busy)
    }

    function cleanup() {
        Jarvis.search.clear()
    }

    function test_findNextPreviousAndClose() {
        turn("check disk on cube", "Disk on cube is 73% full.")
        turn("and on web1?", "The disk on web1 is fine.")
        const bar = createTemporaryObject(barComponent, this)
        bar.open()
        verify(bar.visible)
        keyClick("D")
        keyClick("i")
        keyClick("s")
        keyClick("k")
        compare(Jarvis.search.term, "Disk")
        // Case-insensitive, in questions and answers: "disk" 3 times in these turns (other
        // tests' turns may add more), starting at the newest.
        verify(Jarvis.search.count >= 3)
        compare(Jarvis.search.current, Jarvis.search.count)
        verify(Util.hasText(bar, Jarvis.search.count + " of " + Jarvis.search.count))
        const newestRow = Jarvis.search.currentRow
        compare(newestRow, Jarvis.chat.rowCount() - 1)  // "The disk on web1 is fine."
        keyClick(Qt.Key_Return)  // next: wraps to the first
        compare(Jarvis.search.current, 1)
        keyClick(Qt.Key_Return, Qt.ShiftModifier)  // previous: back to the newest
        compare(Jarvis.search.current, Jarvis.search.count)
        keyClick(Qt.Key_F3)
        compare(Jarvis.search.current, 1)

        // A new answer with the term counts at once.
        const before = Jarvis.search.count
        turn("what about nginx", "nginx logs fill the disk.")
        compare(Jarvis.search.count, before + 1)

        keyClick(Qt.Key_Escape)
        verify(!bar.visible)
        compare(Jarvis.search.term, "")
        compare(Jarvis.search.count, 0)
        compare(Jarvis.search.currentRow, -1)
    }

    function test_noMatchesIsSaid() {
        const bar = createTemporaryObject(barComponent, this)
        bar.open()
        keyClick("z")
        keyClick("q")
        keyClick("x")
        compare(Jarvis.search.count, 0)
        verify(Util.hasText(bar, "No matches"))
        const next = Util.button(bar, "↓")
        verify(next)
        verify(!next.enabled)
    }

    function test_answerIsAnnounced() {
        let announced = 0
        const count = () => { announced += 1 }
        Jarvis.announced.connect(count)
        turn("uptime of cube?", "## Uptime\n\n**cube** is up for `3 days`.\n\n```\nuptime\n```")
        Jarvis.announced.disconnect(count)
        compare(announced, 1)
        compare(Jarvis.announcement,
                "Jarvis answered: Uptime cube is up for 3 days. (a code block, shown in the chat)")
    }

    function test_shortcutsSheetListsAndCloses() {
        const sheet = createTemporaryObject(sheetComponent, this, {
            entries: [{keys: "Ctrl+F", action: "Find in the conversation"},
                      {keys: "Ctrl+Q", action: "Quit Zerg"}]
        })
        sheet.open()
        tryVerify(() => sheet.opened)
        verify(Util.hasText(sheet.contentItem, "Keyboard shortcuts"))
        verify(Util.hasText(sheet.contentItem, "Ctrl+F"))
        verify(Util.hasText(sheet.contentItem, "Quit Zerg"))
        keyClick(Qt.Key_Escape)
        tryVerify(() => !sheet.visible)
    }
}
