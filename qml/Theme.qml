pragma Singleton
import QtQuick
import Zerg.App

// Colours, sizes and fonts of the Jarvis window, in one place so the pieces stay consistent.
QtObject {
    // Follows the system unless Settings say light or dark (see Appearance).
    readonly property bool dark: Appearance.dark

    readonly property color window: dark ? "#16191d" : "#f4f5f7"
    readonly property color surface: dark ? "#1e2227" : "#ffffff"
    readonly property color border: dark ? "#30363d" : "#e1e4e8"
    readonly property color text: dark ? "#e6edf3" : "#1f2328"
    readonly property color textMuted: dark ? "#9da7b3" : "#656d76"
    readonly property color textFaint: dark ? "#7d8590" : "#8c959f"
    readonly property color accent: dark ? "#4f8cf0" : "#3d6fd9"
    readonly property color accentHover: dark ? "#6a9ef3" : "#2f5fc7"
    readonly property color userBubble: dark ? "#1d2b45" : "#e6eeff"
    readonly property color userBubbleBorder: dark ? "#2c4370" : "#c9d8fb"
    readonly property color success: dark ? "#3fb950" : "#1a7f37"
    readonly property color danger: dark ? "#f85149" : "#cf222e"
    readonly property color dangerBubble: dark ? "#3a1d1f" : "#fdeeee"
    readonly property color dangerBorder: dark ? "#6e2b2e" : "#f5c2c5"
    readonly property color dangerText: dark ? "#ffa198" : "#86181d"
    readonly property color working: dark ? "#d29922" : "#bf8700"
    readonly property color idle: dark ? "#3fb950" : "#2da44e"
    // Waiting for the user (a worker's approval, a check's warning): orange, apart from working.
    readonly property color warning: dark ? "#db6d28" : "#bc4c00"
    readonly property color tickerBackground: dark ? "#1a1e23" : "#fbfbfc"
    readonly property color codeBackground: dark ? "#2a3038" : "#e9ecf0"
    // Syntax colours of code blocks (CodeHighlighting), each at least 4.5:1 on codeBackground.
    readonly property color codeKeyword: dark ? "#ff7b72" : "#c01f2b"
    readonly property color codeString: dark ? "#a5d6ff" : "#0a3069"
    readonly property color codeNumber: dark ? "#79c0ff" : "#0550ae"
    readonly property color codeComment: dark ? "#9ea7b3" : "#57606a"
    readonly property color codeKey: dark ? "#ffa657" : "#953800"
    readonly property color codeAdded: dark ? "#7ee787" : "#116329"
    readonly property color codeRemoved: dark ? "#ffa198" : "#82071e"
    readonly property color codeMeta: dark ? "#d2a8ff" : "#6639ba"
    // The background of the chat search's matches (Ctrl+F): text stays readable on it.
    readonly property color searchMatch: dark ? "#6b5900" : "#ffe066"
    // The backgrounds of added and removed words in a diff (Dashboard › Agents' prompt against
    // its built-in one): text stays readable on both.
    readonly property color diffAdded: dark ? "#1f5130" : "#b4f0c2"
    readonly property color diffRemoved: dark ? "#6e2b2e" : "#ffcfcc"

    readonly property int radius: 10
    readonly property int spacing: 12
    readonly property int maxContentWidth: 820

    readonly property int fontSize: 14
    readonly property int smallFontSize: 11
    readonly property string monoFamily: "DejaVu Sans Mono"

    // The colour of a status's tone (Status.tone(), decided once per status in
    // backend/ui/status_labels.cpp): the one place a status gets its colour.
    function toneColor(tone: string): color {
        switch (tone) {
        case "active": return working
        case "warning": return warning
        case "success": return success
        case "danger": return danger
        }
        return textFaint  // muted: queued, cancelled, skipped, unknown
    }
}
