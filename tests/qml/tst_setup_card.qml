import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// The first-run card over the real ModelPicker and loopback servers (tst_components.cpp): the
// reason; the local Ollama's models marked, one without tool calling refused; LM Studio's model
// offered for the custom server; a custom server with a bad address refused inline, then a good
// one saved (to a temporary configuration) with the offer to restart.
TestCase {
    name: "SetupCard"
    when: windowShown
    visible: true
    width: 900
    height: 700

    Component {
        id: card
        SetupCard { width: 860 }
    }

    function control(item, accessibleName) {
        const found = Util.findAll(item, k => k.visible && k.Accessible
                                              && k.Accessible.name === accessibleName)
        return found.length > 0 ? found[0] : null
    }

    function test_customServer() {
        testSupport.setSetupProblem("No language model is configured.")
        const c = createTemporaryObject(card, this)
        verify(Util.hasText(c, "No language model is configured."))
        tryVerify(() => Util.hasText(c, "Ollama is running at http://127.0.0.1:"), 10000)

        const custom = control(c, "Custom OpenAI-compatible URL")
        verify(custom)
        mouseClick(custom)
        tryVerify(() => control(c, "Server URL") !== null)
        const url = control(c, "Server URL")
        const model = control(c, "Server model")
        url.text = "localhost"
        model.text = "qwen2.5:7b"
        const save = control(c, "Save this choice")
        waitForRendering(c)
        mouseClick(save)
        tryVerify(() => AppSettings.setupError.indexOf("not a web address") >= 0)
        verify(Util.hasText(c, "not a web address"))
        verify(!AppSettings.setupSaved)

        url.text = "http://127.0.0.1:8080/v1"
        mouseClick(save)
        tryVerify(() => Util.hasText(c, "Saved. Restart Zerg to connect."))
        verify(AppSettings.restartNeeded)
        compare(AppSettings.valueOf("llm/base_url"), "http://127.0.0.1:8080/v1")
        compare(AppSettings.valueOf("llm/model"), "qwen2.5:7b")
        verify(control(c, "Restart Zerg now") !== null)
    }

    function test_ollamasModelsAreMarkedAndOneWithoutToolsIsRefused() {
        const c = createTemporaryObject(card, this)
        mouseClick(control(c, "Local Ollama"))
        tryVerify(() => Util.hasText(c, "Ollama is running at http://127.0.0.1:"), 10000)
        const combo = control(c, "Ollama model")
        verify(combo)
        tryCompare(combo, "count", 2)
        combo.popup.open()
        tryVerify(() => combo.popup.opened)
        const lines = Util.findAll(combo.popup.contentItem,
                                   k => k.modelData !== undefined && k.usable !== undefined)
        compare(lines.length, 2)
        compare(lines[0].modelData.id, "qwen2.5:7b")
        verify(lines[0].enabled)
        verify(Util.hasText(lines[0], "Ollama"))
        verify(Util.hasText(lines[0], "calls tools"))
        verify(!lines[1].enabled)
        verify(Util.hasText(lines[1], "no tool calling: cannot be used here"))
        mouseClick(lines[0])
        tryVerify(() => !combo.popup.opened)
        compare(combo.editText, "qwen2.5:7b")

        // Typed in all the same, the model without tools is refused with the reason.
        combo.editText = "gemma3:4b"
        mouseClick(control(c, "Save this choice"))
        tryVerify(() => Util.hasText(c, "gemma3:4b cannot call tools"))
        verify(!AppSettings.setupSaved)
        combo.editText = "qwen2.5:7b"
        mouseClick(control(c, "Save this choice"))
        tryVerify(() => Util.hasText(c, "Saved. Restart Zerg to connect."))
        compare(AppSettings.valueOf("llm/model"), "qwen2.5:7b")
        verify(AppSettings.valueOf("llm/base_url").endsWith("/v1"))
        verify(AppSettings.valueOf("llm/base_url").indexOf("127.0.0.1:9/") < 0)
    }

    function test_aLocalServersModelFillsTheCustomServer() {
        const c = createTemporaryObject(card, this)
        mouseClick(control(c, "Custom OpenAI-compatible URL"))
        tryVerify(() => Util.hasText(c, "Running on this computer"), 10000)
        const line = control(c, "mistral-7b-instruct")
        verify(line)
        verify(Util.hasText(line, "LM Studio"))
        verify(Util.hasText(line, "calls tools"))
        mouseClick(line)
        verify(control(c, "Server URL").text.endsWith("/v1"))
        verify(control(c, "Server URL").text.indexOf("http://127.0.0.1:") === 0)
        compare(control(c, "Server model").text, "mistral-7b-instruct")
    }
}
