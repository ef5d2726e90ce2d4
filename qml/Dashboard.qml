import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// The power-user dashboard: one tab per page.
Rectangle {
    id: root

    color: Theme.window

    property alias currentTab: tabs.currentIndex

    // Ctrl+F on the dashboard: the cursor in the Threads page's search (once that page is shown).
    function focusThreadSearch() {
        const page = threadsLoader.item as ThreadsPage
        if (page)
            page.focusSearch()
    }

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        TabBar {
            id: tabs

            Layout.fillWidth: true
            leftPadding: 12
            background: Rectangle { color: Theme.surface }

            Repeater {
                model: [qsTr("Workers"), qsTr("Worker detail"), qsTr("Threads"),
                        qsTr("Supervision tree"), qsTr("Costs"), qsTr("Schedules"),
                        qsTr("Hosts"), qsTr("Settings"), qsTr("Agents")]

                TabButton {
                    id: tab

                    required property string modelData

                    text: modelData
                    width: implicitWidth
                    font.pixelSize: 13
                    contentItem: Text {
                        text: tab.text
                        font: tab.font
                        color: tab.checked ? Theme.text : Theme.textMuted
                        horizontalAlignment: Text.AlignHCenter
                        verticalAlignment: Text.AlignVCenter
                    }
                    background: Rectangle {
                        color: tab.hovered && !tab.checked ? Theme.tickerBackground : Theme.surface
                        Rectangle {
                            anchors.left: parent.left
                            anchors.right: parent.right
                            anchors.bottom: parent.bottom
                            height: 2
                            visible: tab.checked
                            color: Theme.accent
                        }
                    }
                }
            }
        }
        Rectangle {
            Layout.fillWidth: true
            Layout.preferredHeight: 1
            color: Theme.border
        }
        // Remote mode: which pages show the server's data and which cannot yet.
        Rectangle {
            visible: ServerConnection.dashboardNotice.length > 0
            Layout.fillWidth: true
            implicitHeight: noticeText.implicitHeight + 16
            color: Theme.tickerBackground

            Text {
                id: noticeText

                anchors.left: parent.left
                anchors.right: parent.right
                anchors.verticalCenter: parent.verticalCenter
                anchors.leftMargin: 16
                anchors.rightMargin: 16
                text: ServerConnection.dashboardNotice
                color: Theme.textMuted
                wrapMode: Text.Wrap
                font.pixelSize: 12
            }
        }

        StackLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            currentIndex: tabs.currentIndex

            // Each page is built the first time its tab is shown, then kept.
            LazyLoader {
                shown: tabs.currentIndex === 0
                // The window's tab, which this dashboard follows (a component's object does not
                // see this file's ids).
                sourceComponent: WorkersPage {
                    onWorkerOpened: ApplicationWindow.window.dashboardTab = 1
                }
            }
            LazyLoader {
                shown: tabs.currentIndex === 1
                sourceComponent: WorkerDetailPage {}
            }
            LazyLoader {
                id: threadsLoader

                shown: tabs.currentIndex === 2
                sourceComponent: ThreadsPage {
                    onWorkerOpened: workerId => {
                        WorkerDetail.open(workerId)
                        ApplicationWindow.window.dashboardTab = 1
                    }
                }
            }
            LazyLoader {
                shown: tabs.currentIndex === 3
                sourceComponent: SupervisionPage {}
            }
            LazyLoader {
                shown: tabs.currentIndex === 4
                sourceComponent: CostsPage {}
            }
            LazyLoader {
                shown: tabs.currentIndex === 5
                sourceComponent: SchedulesPage {}
            }
            LazyLoader {
                shown: tabs.currentIndex === 6
                sourceComponent: HostsPage {}
            }
            LazyLoader {
                shown: tabs.currentIndex === 7
                sourceComponent: SettingsPage {}
            }
            LazyLoader {
                shown: tabs.currentIndex === 8
                sourceComponent: AgentsPage {}
            }
        }
    }
}
