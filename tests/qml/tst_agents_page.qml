import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// Dashboard › Agents over the real model and local source (tst_components.cpp: an
// AgentProfileStore on the test file's database; the worker has ssh_exec and shell_exec, the
// quick path route_to_supervisor, which it needs, and remember): the five agents listed, a bad
// number refused before anything is saved, a save with a tool taken away shown in the history,
// the prompt's changes against the built-in one, a required tool that cannot be unchecked, and a
// reset only after confirming it.
TestCase {
    name: "AgentsPage"
    when: windowShown
    visible: true
    width: 1100
    height: 900

    Component {
        id: pageComponent

        AgentsPage {
            anchors.fill: parent
        }
    }

    function control(item, accessibleName) {
        const found = Util.findAll(item, k => k.visible && k.Accessible
                                              && k.Accessible.name === accessibleName)
        return found.length > 0 ? found[0] : null
    }

    // The window's root item: what a dialog (in the overlay) is found under.
    function windowRoot(item) {
        let top = item
        while (top.parent)
            top = top.parent
        return top
    }

    // Selects the agent whose title is title (its row in the list).
    function selectAgent(title) {
        for (let i = 0; i < Agents.count; ++i) {
            Agents.select(i)
            if (Agents.selectedTitle === title)
                return
        }
        fail("no agent " + title)
    }

    function test_listsTheAgentsAndSavesTheWorker() {
        const p = createTemporaryObject(pageComponent, this)
        tryCompare(Agents, "count", 5)
        for (const title of ["Supervisor", "Quick path", "Worker", "Decider", "Summary"])
            verify(Util.hasText(p, title), title)
        verify(Util.hasText(p, "test-model (from ZERG_MODEL)"))

        selectAgent("Worker")
        tryVerify(() => control(p, "System prompt of Worker") !== null)
        compare(control(p, "System prompt of Worker").text, Agents.builtInPrompt)
        verify(Util.hasText(p, "Never changed"))
        compare(control(p, "Model of Worker").placeholderText,
                "Settings' model: worker-model (from ZERG_WORKER_MODEL)")

        // Not a number: said here, nothing saved.
        control(p, "Temperature of Worker").text = "warm"
        control(p, "Save the tuning of Worker").clicked()
        tryVerify(() => Util.hasText(p, "The temperature \"warm\" is not a number"))
        compare(Agents.selectedVersion, 0)

        // 0.2 and without ssh_exec: version 1, shown in the list and the history.
        control(p, "Temperature of Worker").text = "0.2"
        const ssh = control(p, "Allow the tool ssh_exec")
        verify(ssh.checked)
        ssh.checked = false
        ssh.toggled()
        control(p, "Save the tuning of Worker").clicked()
        tryVerify(() => Util.hasText(p, "Saved as version 1. The next request uses it."))
        compare(Agents.selectedVersion, 1)
        verify(Agents.selectedCustomized)
        verify(Util.hasText(p, "customized"))
        verify(Util.hasText(p, "temperature provider default → 0.2, tools: −ssh_exec"))
        verify(!control(p, "Allow the tool ssh_exec").checked)
        compare(control(p, "Temperature of Worker").text, "0.2")

        // The prompt's changes against the built-in one.
        control(p, "System prompt of Worker").text = Agents.builtInPrompt + " Answer in German."
        control(p, "Show the prompt's changes against the built-in prompt").checked = true
        const diff = control(p, "Changes of the prompt against the built-in prompt")
        verify(diff)
        verify(diff.text.indexOf("German") >= 0)
        control(p, "Show the prompt's changes against the built-in prompt").checked = false
        verify(control(p, "System prompt of Worker"))
    }

    function test_aRequiredToolStaysAndResetAsksFirst() {
        const p = createTemporaryObject(pageComponent, this)
        tryCompare(Agents, "count", 5)
        selectAgent("Quick path")
        tryVerify(() => control(p, "Model of Quick path") !== null)
        const route = control(p, "Tool route_to_supervisor (needed, always allowed)")
        verify(route)
        verify(route.checked)
        verify(!route.enabled)

        control(p, "Model of Quick path").text = "small-model"
        control(p, "Save the tuning of Quick path").clicked()
        tryVerify(() => Util.hasText(p, "Saved as version 1"))
        verify(Util.hasText(p, "model the settings' model → small-model"))

        control(p, "Reset Quick path to its built-in tuning").clicked()
        const root = windowRoot(p)
        tryVerify(() => control(root, "Yes, reset Quick path to its built-in tuning") !== null)
        compare(Agents.selectedVersion, 1)  // not yet
        control(root, "Yes, reset Quick path to its built-in tuning").clicked()
        tryVerify(() => Util.hasText(p, "Reset to the built-in tuning as version 2"))
        verify(!Agents.selectedCustomized)
        compare(control(p, "Model of Quick path").text, "")
        verify(Util.hasText(p, "model small-model → the settings' model"))
    }
}
