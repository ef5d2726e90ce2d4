import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// The ticker during a real-shaped run: workers appear with their task, each tool call shows its
// command and state, several workers show together, and Cancel really asks to cancel that worker.
TestCase {
    name: "ActivityTicker"
    when: windowShown
    visible: true
    width: 800
    height: 400

    Component {
        id: ticker
        ActivityTicker { width: 760 }
    }

    function test_workersAndCalls() {
        verify(Jarvis.send("check the disks"))
        const run = Jarvis.currentRunId
        verify(run > 0)
        const t = createTemporaryObject(ticker, this)
        verify(Util.hasText(t, "Investigating…") || Util.hasText(t, "Putting the answer together…"))

        testSupport.publish("worker_spawned", {run_id: run, job_id: 5, task: "check disk on web1"})
        // Queued: no time yet, but it can already be cancelled.
        tryVerify(() => Util.hasText(t, "queued"))
        verify(Util.button(t, "Cancel") !== null)
        testSupport.publish("worker_started", {run_id: run, job_id: 5, worker_id: "w5",
                                               task: "check disk on web1"})
        testSupport.publish("worker_tool_started", {run_id: run, job_id: 5, worker_id: "w5",
                                                    call_id: "c1", seq: 1, tool: "ssh_exec",
                                                    display: "ssh_exec web1 \"df -h\""})
        tryVerify(() => Util.hasText(t, "Worker: check disk on web1"))
        tryVerify(() => Util.hasText(t, "ssh_exec web1 \"df -h\""))
        verify(Util.hasText(t, "Investigating…"))
        verify(!Util.hasText(t, "✓"))

        testSupport.publish("worker_tool_completed", {run_id: run, job_id: 5, worker_id: "w5",
                                                      call_id: "c1", seq: 1, tool: "ssh_exec",
                                                      duration_ms: 1800, exit_code: 0})
        tryVerify(() => Util.hasText(t, "✓"))
        verify(Util.hasText(t, "(1.8 s)"))

        // A second worker at the same time, with a failing call.
        testSupport.publish("worker_spawned", {run_id: run, job_id: 6, task: "restart nginx on web2"})
        testSupport.publish("worker_started", {run_id: run, job_id: 6, worker_id: "w6",
                                               task: "restart nginx on web2"})
        testSupport.publish("worker_tool_started", {run_id: run, job_id: 6, worker_id: "w6",
                                                    call_id: "c2", seq: 1, tool: "ssh_exec",
                                                    display: "ssh_exec web2 \"systemctl restart nginx\""})
        testSupport.publish("worker_tool_failed", {run_id: run, job_id: 6, worker_id: "w6",
                                                   call_id: "c2", seq: 1, tool: "ssh_exec",
                                                   duration_ms: 300, error: "permission denied"})
        tryVerify(() => Util.hasText(t, "Worker: restart nginx on web2"))
        tryVerify(() => Util.hasText(t, "✗"))
        verify(Util.hasText(t, "Worker: check disk on web1"))  // both together

        // Cancel on the second worker's row.
        const cancels = Util.findAll(t, k => k.visible && k.text === "Cancel" && k.clicked !== undefined)
        compare(cancels.length, 2)
        tryVerify(() => cancels[1].mapToItem(t, 0, 0).y > cancels[0].mapToItem(t, 0, 0).y)
        mouseClick(cancels[1])
        tryVerify(() => testSupport.cancelledWorkers().indexOf(6) >= 0)
        compare(testSupport.cancelledWorkers().indexOf(5), -1)

        testSupport.publish("worker_complete", {run_id: run, job_id: 5, worker_id: "w5",
                                                status: "success", duration_ms: 2000})
        tryVerify(() => Util.hasText(t, "succeeded · "))
        testSupport.publish("supervisor_complete", {run_id: run, result: "ok", mode: "supervisor"})
        tryCompare(Jarvis, "busy", false)
    }

    // A worker that makes many calls shows its newest 8 and counts the rest.
    function test_manyCallsStayShort() {
        verify(Jarvis.send("look at every log"))
        const run = Jarvis.currentRunId
        const t = createTemporaryObject(ticker, this)
        testSupport.publish("worker_spawned", {run_id: run, job_id: 21, task: "read the logs"})
        testSupport.publish("worker_started", {run_id: run, job_id: 21, worker_id: "w21",
                                               task: "read the logs"})
        for (let i = 1; i <= 11; ++i) {
            testSupport.publish("worker_tool_started", {run_id: run, job_id: 21, worker_id: "w21",
                                                        call_id: "k" + i, seq: i, tool: "shell_exec",
                                                        display: "shell_exec tail log" + i})
            testSupport.publish("worker_tool_completed", {run_id: run, job_id: 21, worker_id: "w21",
                                                          call_id: "k" + i, seq: i, tool: "shell_exec",
                                                          duration_ms: 10, exit_code: 0})
        }
        tryVerify(() => Util.hasText(t, "… 3 earlier calls"))
        const lines = Util.texts(t).filter(x => x.indexOf("shell_exec tail log") === 0)
        compare(lines.length, 8)
        compare(lines[0], "shell_exec tail log4")
        compare(lines[7], "shell_exec tail log11")
        testSupport.publish("supervisor_complete", {run_id: run, result: "ok", mode: "supervisor"})
        tryCompare(Jarvis, "busy", false)
    }

    // A run with many workers: the newest one is in view, and only the workers near the view
    // have rows (a Repeater would build all 40 with their buttons and calls, which cost the
    // window a frame at 1,000 events/s; see bench/bench_ui_events.cpp).
    function test_manyWorkersOnlyRowsInView() {
        verify(Jarvis.send("check all the hosts"))
        const run = Jarvis.currentRunId
        const t = createTemporaryObject(ticker, this)
        const workers = 40
        for (let j = 1; j <= workers; ++j) {
            testSupport.publish("worker_spawned", {run_id: run, job_id: 100 + j,
                                                   task: "check host-" + j})
            testSupport.publish("worker_started", {run_id: run, job_id: 100 + j,
                                                   worker_id: "m" + j, task: "check host-" + j})
            testSupport.publish("worker_tool_started", {run_id: run, job_id: 100 + j,
                                                        worker_id: "m" + j, call_id: "m" + j,
                                                        seq: 1, tool: "ssh_exec",
                                                        display: "ssh_exec host-" + j + " uptime"})
        }
        tryVerify(() => Util.hasText(t, "Worker: check host-" + workers))
        compare(Jarvis.workers.rowCount(), workers)
        const rows = Util.texts(t).filter(x => x.indexOf("Worker: check host-") === 0)
        verify(rows.length > 0)
        verify(rows.length < workers / 2, "rows built: " + rows.length)
        verify(t.height <= t.maxListHeight + 80, "ticker height: " + t.height)
        testSupport.publish("supervisor_complete", {run_id: run, result: "ok", mode: "supervisor"})
        tryCompare(Jarvis, "busy", false)
    }
}
