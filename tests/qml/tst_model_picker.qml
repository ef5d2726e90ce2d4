import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// Settings › a model row's "Choose…" list over the real ModelPicker and loopback servers
// (tst_components.cpp: an Ollama that is the configured provider, with qwen2.5:7b that calls
// tools and gemma3:4b that does not): each model marked, the one without tools greyed out and
// refused for the supervisor and the workers, allowed for the summaries; mouse and keyboard.
TestCase {
    name: "ModelPicker"
    when: windowShown
    visible: true
    width: 900
    height: 1400

    Component {
        id: settingsPage
        SettingsPage { width: 880; height: 1380 }
    }

    function control(item, accessibleName) {
        const found = Util.findAll(item, k => k.visible && k.Accessible
                                              && k.Accessible.name === accessibleName)
        return found.length > 0 ? found[0] : null
    }

    // The ModelLine rows of an open list, in order.
    function lines(choice) {
        return Util.findAll(choice.popup.contentItem,
                            k => k.modelData !== undefined && k.usable !== undefined)
    }

    function openList(page, label) {
        const choice = control(page, "Choose the " + label + " from the provider's models")
        verify(choice, label)
        mouseClick(choice)
        tryVerify(() => choice.popup.opened)
        tryVerify(() => ModelPicker.loaded && lines(choice).length === 2, 10000)
        return choice
    }

    function init() {
        for (const key of ["llm/model", "llm/worker_model", "llm/quick_model", "llm/summary_model"])
            AppSettings.setValue(key, "")
    }

    function test_eachModelIsMarkedAndOneWithoutToolsCannotBeTheSupervisor() {
        const page = createTemporaryObject(settingsPage, this)
        const choice = openList(page, "Supervisor model")
        const [qwen, gemma] = lines(choice)
        compare(qwen.modelData.id, "qwen2.5:7b")
        verify(qwen.enabled)
        verify(Util.hasText(qwen, "calls tools"))
        compare(gemma.modelData.id, "gemma3:4b")
        verify(!gemma.enabled)
        verify(Util.hasText(gemma, "no tool calling: cannot be used here"))
        compare(gemma.Accessible.description, "no tool calling: cannot be used here")

        mouseClick(gemma)
        verify(choice.popup.opened)
        compare(AppSettings.valueOf("llm/model"), "")
        mouseClick(qwen)
        tryVerify(() => !choice.popup.opened)
        compare(AppSettings.valueOf("llm/model"), "qwen2.5:7b")
        verify(control(page, "Supervisor model").text === "qwen2.5:7b")
        compare(AppSettings.errorOf("llm/model"), "")
    }

    function test_enterRefusesAModelWithoutToolsAndTakesOneWithTools() {
        const page = createTemporaryObject(settingsPage, this)
        const choice = openList(page, "Worker model")
        keyClick(Qt.Key_Down)  // the second line: gemma3:4b
        keyClick(Qt.Key_Return)
        verify(choice.popup.opened)
        compare(AppSettings.valueOf("llm/worker_model"), "")
        keyClick(Qt.Key_Up)
        keyClick(Qt.Key_Return)
        tryVerify(() => !choice.popup.opened)
        compare(AppSettings.valueOf("llm/worker_model"), "qwen2.5:7b")
    }

    function test_theSummariesMayUseAModelWithoutTools() {
        const page = createTemporaryObject(settingsPage, this)
        const choice = openList(page, "Summary model")
        const gemma = lines(choice)[1]
        verify(gemma.enabled)
        verify(Util.hasText(gemma, "no tool calling"))
        mouseClick(gemma)
        tryVerify(() => !choice.popup.opened)
        compare(AppSettings.valueOf("llm/summary_model"), "gemma3:4b")
    }

    function test_typingAModelWithoutToolsIsRefusedOnTheRow() {
        const page = createTemporaryObject(settingsPage, this)
        ModelPicker.load()
        tryVerify(() => ModelPicker.loaded, 10000)
        const field = control(page, "Supervisor model")
        field.forceActiveFocus()
        field.text = "gemma3:4b"
        keyClick(Qt.Key_Tab)
        tryVerify(() => Util.hasText(page, "gemma3:4b cannot call tools"))
        compare(AppSettings.valueOf("llm/model"), "")
    }

    function test_escapeClosesTheList() {
        const page = createTemporaryObject(settingsPage, this)
        const choice = openList(page, "Quick model")
        keyClick(Qt.Key_Escape)
        tryVerify(() => !choice.popup.opened)
        compare(AppSettings.valueOf("llm/quick_model"), "")
    }
}
