import QtQuick

// Idle (green) or working (amber, pulsing) — the header's one-glance state.
Rectangle {
    id: root

    property bool working: false

    implicitWidth: 10
    implicitHeight: 10
    radius: width / 2
    color: working ? Theme.working : Theme.idle
    onWorkingChanged: {
        if (!working)
            opacity = 1  // the pulse may have stopped half-faded
    }

    SequentialAnimation on opacity {
        running: root.working
        loops: Animation.Infinite
        NumberAnimation { from: 1; to: 0.35; duration: 700; easing.type: Easing.InOutQuad }
        NumberAnimation { from: 0.35; to: 1; duration: 700; easing.type: Easing.InOutQuad }
    }
}
