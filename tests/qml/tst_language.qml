import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// Settings › Language switches the running app: the Workers page's own texts (qsTr), the
// table's column headers and status labels (from the C++ models) and its numbers change to German
// at once, and back again.
TestCase {
    name: "Language"
    when: windowShown
    visible: true
    width: 1000
    height: 500

    Component {
        id: page
        WorkersPage { anchors.fill: parent }
    }

    function cleanup() {
        AppSettings.setValue("ui/language", "en")
    }

    function test_switchToGermanAndBack() {
        const p = createTemporaryObject(page, this)
        tryVerify(() => Util.hasText(p, "check disk on web1"))
        verify(Util.hasText(p, "Task"))
        verify(Util.hasText(p, "3 workers"))
        verify(Util.hasText(p, "$0.0042"))
        verify(Util.hasText(p, "1.8 s"))
        verify(Util.hasText(p, "succeeded"))

        verify(AppSettings.setValue("ui/language", "de"))
        compare(AppSettings.language, "de")
        tryVerify(() => Util.hasText(p, "Aufgabe"), 5000, Util.texts(p).join(" | "))
        verify(Util.hasText(p, "3 Worker"))
        tryVerify(() => Util.hasText(p, "0,0042 $"), 5000, Util.texts(p).join(" | "))
        verify(Util.hasText(p, "1,8 s"))
        verify(Util.hasText(p, "erfolgreich"))
        verify(!Util.hasText(p, "Task"))
        verify(!Util.hasText(p, "3 workers"))

        verify(AppSettings.setValue("ui/language", "en"))
        tryVerify(() => Util.hasText(p, "Task"))
        verify(Util.hasText(p, "3 workers"))
        tryVerify(() => Util.hasText(p, "$0.0042"))
        verify(Util.hasText(p, "succeeded"))
    }
}
