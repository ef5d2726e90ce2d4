import QtQuick

// A Loader that builds its item the first time `shown` is true and keeps it from then on: what
// the user has not opened costs the window nothing (zerg-bench-startup), and what they opened
// keeps its state (scroll position, selection) when it is hidden again.
Loader {
    required property bool shown

    active: false
    onShownChanged: if (shown) active = true
    Component.onCompleted: active = shown
}
