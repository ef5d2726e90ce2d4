import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend

// The theme follows Appearance: light and dark palettes, switched at runtime without a restart.
// Statuses get their colour from their tone (Status.tone), one colour per tone.
TestCase {
    name: "Theme"

    function lightness(c) {
        return (Math.max(c.r, c.g, c.b) + Math.min(c.r, c.g, c.b)) / 2
    }

    function test_switchesAtRuntime() {
        Appearance.mode = "light"
        verify(!Theme.dark)
        verify(lightness(Theme.window) > 0.8)
        verify(lightness(Theme.text) < 0.3)
        Appearance.mode = "dark"
        verify(Theme.dark)
        verify(lightness(Theme.window) < 0.2)
        verify(lightness(Theme.text) > 0.7)
        Appearance.mode = "nonsense"  // taken as "system"
        compare(Appearance.mode, "system")
        Appearance.mode = "light"
        verify(!Theme.dark)
    }

    function test_oneColourPerTone() {
        const tones = ["active", "warning", "success", "danger", "muted"]
        for (const mode of ["light", "dark"]) {
            Appearance.mode = mode
            const colours = tones.map(t => Theme.toneColor(t).toString())
            compare(new Set(colours).size, tones.length, mode + ": " + colours.join(" "))
            verify(Qt.colorEqual(Theme.toneColor("active"), Theme.working))
            verify(Qt.colorEqual(Theme.toneColor("nonsense"), Theme.textFaint))
            // Queued waits rather than works: muted, and its dot does not pulse.
            verify(Qt.colorEqual(Theme.toneColor(Status.tone("queued")), Theme.textFaint))
        }
        verify(!Status.isActive("queued"))
        verify(Status.isActive("awaiting_approval"))
        compare(Status.labels["timeout"], "timed out")
        Appearance.mode = "light"
    }
}
