import QtQuick
import QtTest
import Zerg.App
import "util.js" as Util

// One tool call in the ticker: running (spinner and time so far), done (✓ and duration), failed
// (✗ with the error, or the exit code).
TestCase {
    name: "ToolCallLine"
    when: windowShown
    visible: true
    width: 600
    height: 100

    Component {
        id: line
        ToolCallLine { width: 560 }
    }

    function make(props) {
        return createTemporaryObject(line, this, props)
    }

    function test_running() {
        const l = make({display: "ssh_exec web1 \"df -h\"", callState: "running", durationText: "3 s…"})
        verify(Util.hasText(l, "ssh_exec web1 \"df -h\""))
        verify(Util.hasText(l, "3 s…"), Util.texts(l).join(" | "))
        verify(!Util.hasText(l, "✓"))
        verify(!Util.hasText(l, "✗"))
        compare(Util.findAll(l, k => k.running === true && k.visible).length, 1)  // the spinner
    }

    function test_done() {
        const l = make({display: "shell_exec uptime", callState: "done", durationText: "1.8 s", exitCode: 0})
        verify(Util.hasText(l, "✓"))
        verify(Util.hasText(l, "(1.8 s)"), Util.texts(l).join(" | "))
        compare(Util.findAll(l, k => k.running === true && k.visible).length, 0)
    }

    function test_failedWithError() {
        const l = make({display: "ssh_exec web2 reboot", callState: "failed", durationText: "0.4 s",
                        error: "permission denied"})
        verify(Util.hasText(l, "✗"))
        verify(Util.hasText(l, "(permission denied, 0.4 s)"), Util.texts(l).join(" | "))
    }

    function test_failedWithExitCode() {
        const l = make({display: "ssh_exec web2 false", callState: "failed", durationText: "1 min 5 s",
                        exitCode: 1})
        verify(Util.hasText(l, "(exit code 1, 1 min 5 s)"), Util.texts(l).join(" | "))
    }
}
