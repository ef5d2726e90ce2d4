import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// Closing the window without a tray while a scheduled check is active (WindowClose over this
// file's one schedule): the question, Esc keeps the window and asks again, "Keep running" hides
// the window and is remembered, so the next close does not ask.
TestCase {
    name: "CloseQuestion"
    when: windowShown
    visible: true
    width: 700
    height: 500

    Component {
        id: questionComponent
        CloseQuestion {}
    }
    SignalSpy {
        id: hideSpy
        target: WindowClose
        signalName: "hideRequested"
    }
    SignalSpy {
        id: quitSpy
        target: WindowClose
        signalName: "quitRequested"
    }

    function cleanup() {
        AppSettings.setValue("ui/close_window", "")  // back to the default: ask
        WindowClose.dismiss()
        hideSpy.clear()
        quitSpy.clear()
    }

    function test_askedThenEscKeepsTheWindow() {
        compare(WindowClose.closeRequested(), WindowClose.Ask)
        verify(WindowClose.asking)
        compare(WindowClose.activeSchedules, 1)
        const question = createTemporaryObject(questionComponent, this)
        tryVerify(() => question.opened)
        verify(Util.hasText(question.contentItem.children[0], "Keep Zerg running?"))
        verify(Util.hasText(question.contentItem.children[0], "1 scheduled check runs only"))
        keyClick(Qt.Key_Escape)
        tryVerify(() => !question.visible)
        verify(!WindowClose.asking)
        compare(hideSpy.count + quitSpy.count, 0)
        compare(AppSettings.valueOf("ui/close_window"), "ask")
    }

    function test_keepRunningHidesAndIsRemembered() {
        compare(WindowClose.closeRequested(), WindowClose.Ask)
        const question = createTemporaryObject(questionComponent, this)
        tryVerify(() => question.opened)
        keyClick(Qt.Key_Return)  // the default button: Keep running
        compare(hideSpy.count, 1)
        verify(!WindowClose.asking)
        compare(AppSettings.valueOf("ui/close_window"), "background")
        compare(WindowClose.closeRequested(), WindowClose.Hide)
        compare(hideSpy.count, 2)
        verify(!WindowClose.asking)
    }

    function test_quitButtonQuits() {
        compare(WindowClose.closeRequested(), WindowClose.Ask)
        const question = createTemporaryObject(questionComponent, this)
        tryVerify(() => question.opened)
        const quit = Util.button(question.contentItem.children[0], "Quit Zerg")
        verify(quit)
        mouseClick(quit)
        compare(quitSpy.count, 1)
        compare(AppSettings.valueOf("ui/close_window"), "quit")
    }
}
