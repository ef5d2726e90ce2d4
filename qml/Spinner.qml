import QtQuick

// A small rotating arc: "something is running" without relying on an emoji font.
Item {
    id: root

    property color color: Theme.accent
    property bool running: true

    implicitWidth: 14
    implicitHeight: 14

    Canvas {
        id: canvas
        anchors.fill: parent
        onPaint: {
            const ctx = getContext("2d")
            ctx.reset()
            ctx.lineWidth = 2
            ctx.lineCap = "round"
            ctx.strokeStyle = root.color
            ctx.beginPath()
            ctx.arc(width / 2, height / 2, Math.min(width, height) / 2 - 1.5, 0, Math.PI * 1.4)
            ctx.stroke()
        }
        RotationAnimator on rotation {
            from: 0
            to: 360
            duration: 900
            loops: Animation.Infinite
            running: root.running && root.visible
        }
    }
    onColorChanged: canvas.requestPaint()
}
