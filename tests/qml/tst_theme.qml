import QtQuick
import QtTest
import Zerg.App

// The theme follows Appearance: light and dark palettes, switched at runtime without a restart.
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
}
