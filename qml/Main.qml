import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend

// The Jarvis window: header, conversation, activity ticker while workers run, composer.
ApplicationWindow {
    id: window

    width: 960
    height: 680
    minimumWidth: 560
    minimumHeight: 420
    visible: true
    title: qsTr("Zerg — Jarvis")
    color: Theme.window

    header: HeaderBar {}

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        SetupCard {
            visible: Jarvis.setupProblem.length > 0
            Layout.alignment: Qt.AlignHCenter
            Layout.topMargin: 20
            Layout.leftMargin: 20
            Layout.rightMargin: 20
            Layout.fillWidth: true
            Layout.maximumWidth: Theme.maxContentWidth
        }

        ChatView {
            id: chat

            Layout.fillWidth: true
            Layout.fillHeight: true
        }

        ColumnLayout {
            Layout.alignment: Qt.AlignHCenter
            Layout.fillWidth: true
            Layout.maximumWidth: Theme.maxContentWidth
            Layout.leftMargin: 20
            Layout.rightMargin: 20
            Layout.bottomMargin: 16
            spacing: 10

            ActivityTicker {
                visible: Jarvis.activity.active
                Layout.fillWidth: true
            }

            Composer {
                id: composer

                Layout.fillWidth: true
                onSent: chat.scrollToEnd()
            }
        }
    }

    Component.onCompleted: composer.focusInput()
}
