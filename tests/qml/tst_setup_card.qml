import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// The first-run card: the reason, Ollama looked for (and not found here), a custom server with a
// bad address refused inline, then a good one saved (to a temporary configuration) with the
// offer to restart.
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
        tryVerify(() => Util.hasText(c, "No Ollama answered at http://127.0.0.1:9"), 10000)

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
}
