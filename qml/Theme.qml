pragma Singleton
import QtQuick

// Colours, sizes and fonts of the Jarvis window, in one place so the pieces stay consistent.
QtObject {
    readonly property color window: "#f4f5f7"
    readonly property color surface: "#ffffff"
    readonly property color border: "#e1e4e8"
    readonly property color text: "#1f2328"
    readonly property color textMuted: "#656d76"
    readonly property color textFaint: "#8c959f"
    readonly property color accent: "#3d6fd9"
    readonly property color accentHover: "#2f5fc7"
    readonly property color userBubble: "#e6eeff"
    readonly property color userBubbleBorder: "#c9d8fb"
    readonly property color success: "#1a7f37"
    readonly property color danger: "#cf222e"
    readonly property color dangerBubble: "#fdeeee"
    readonly property color dangerBorder: "#f5c2c5"
    readonly property color dangerText: "#86181d"
    readonly property color working: "#bf8700"
    readonly property color idle: "#2da44e"
    readonly property color tickerBackground: "#fbfbfc"
    readonly property color codeBackground: "#e9ecf0"

    readonly property int radius: 10
    readonly property int spacing: 12
    readonly property int maxContentWidth: 820

    readonly property int fontSize: 14
    readonly property int smallFontSize: 11
    readonly property string monoFamily: "DejaVu Sans Mono"

    // "1.8 s", "12 s", "2 min 5 s": durations in the ticker.
    function formatDuration(ms: real): string {
        const seconds = ms / 1000
        if (seconds < 10)
            return qsTr("%1 s").arg(seconds.toFixed(1))
        if (seconds < 60)
            return qsTr("%1 s").arg(Math.floor(seconds))
        return qsTr("%1 min %2 s").arg(Math.floor(seconds / 60)).arg(Math.floor(seconds % 60))
    }
}
