import QtQuick
import QtTest
import Zerg.App
import "util.js" as Util

// One chat message: who and when, which path answered, Markdown for Jarvis, plain text for the
// user and for errors, a quiet line for notices.
TestCase {
    name: "MessageDelegate"
    when: windowShown
    visible: true
    width: 900
    height: 400

    Component {
        id: delegate
        MessageDelegate { width: 860 }
    }

    function make(role, text, path, blocks, extra) {
        return createTemporaryObject(delegate, this, Object.assign({
            index: 0, role: role, text: text, timestamp: new Date(2026, 10, 21, 9, 30),
            streaming: false, runId: 1, path: path || "", blocks: blocks || [],
            timeLabel: "09:30", cost: "", workers: []
        }, extra || {}))
    }

    // A restored answer: its date, its cost, and each worker on a line of its own with Details.
    function test_restoredAnswerShowsCostAndWorkers() {
        const m = make("assistant", "Disk is 73% full.", "supervisor", [], {
            timeLabel: "11/20/26 10:00 AM", cost: "$0.0042",
            workers: [{workerId: "2026-11-20T10-00-01_disk", jobId: 9, task: "Disk on cube",
                       status: "success", statusLabel: "done", tone: "ok"}]
        })
        verify(Util.hasText(m, "11/20/26 10:00 AM"))
        verify(Util.hasText(m, "$0.0042"))
        verify(Util.hasText(m, "Worker: Disk on cube"))
        verify(Util.hasText(m, "done"))
        verify(Util.button(m, "Details"))
        const plain = make("assistant", "Hi.", "quick")
        verify(!Util.button(plain, "Details"))
    }

    function editors(item) {
        return Util.findAll(item, k => k.textFormat !== undefined && k.readOnly === true)
    }

    function test_assistantIsMarkdownWithItsPath() {
        const m = make("assistant", "## Disk\n\n`/` is **91%** full.", "quick")
        verify(Util.hasText(m, "Jarvis"))
        verify(Util.hasText(m, "quick"))
        const e = editors(m).filter(k => k.visible)
        compare(e.length, 1)
        compare(e[0].textFormat, TextEdit.MarkdownText)
        verify(!Util.button(m, "Copy"))
        verify(e[0].getText(0, e[0].length).indexOf("91%") >= 0)
        verify(e[0].getText(0, e[0].length).indexOf("**") < 0)  // rendered, not shown raw
    }

    // A finished answer with a code block: Markdown around it, the code in monospace, and Copy
    // puts exactly the code on the clipboard.
    function test_codeBlockWithCopy() {
        const text = "Run:\n```bash\ndf -h /var\n```\nThen compare."
        const m = make("assistant", text, "supervisor", [
            {code: false, text: "Run:", language: ""},
            {code: true, text: "df -h /var", language: "bash"},
            {code: false, text: "Then compare.", language: ""}])
        verify(Util.hasText(m, "bash"))
        const mono = Util.findAll(m, k => k.visible && k.textFormat === TextEdit.PlainText
                                          && k.font.family === Theme.monoFamily)
        compare(mono.length, 1)
        compare(mono[0].text, "df -h /var")
        const copy = Util.button(m, "Copy")
        verify(copy)
        waitForRendering(m)
        mouseClick(copy)
        tryVerify(() => Util.hasText(m, "Copied"))
        compare(Clipboard.text(), "df -h /var")
        verify(Util.hasText(m, "Then compare."))
    }

    function test_userIsPlainAndOnTheRight() {
        const m = make("user", "is **web1** ok?")
        verify(Util.hasText(m, "You"))
        verify(!Util.hasText(m, "supervisor"))
        const e = editors(m)
        compare(e[0].textFormat, TextEdit.PlainText)
        compare(e[0].getText(0, e[0].length), "is **web1** ok?")
        const bubble = e[0].parent
        verify(bubble.mapToItem(m, 0, 0).x > m.width / 2, "the user's bubble sits right")
    }

    function test_errorIsTinted() {
        const m = make("error", "The model server is unreachable.")
        verify(Util.hasText(m, "Something went wrong"))
        const e = editors(m)
        compare(e[0].color, Theme.dangerText)
    }

    function test_noticeIsOneQuietLine() {
        const m = make("notice", "Stopped: cancelled by you.")
        verify(Util.hasText(m, "Stopped: cancelled by you."))
        verify(!Util.hasText(m, "Jarvis"))
        verify(!Util.hasText(m, "You"))
    }
}
