import QtQuick
import QtQuick.Controls.Basic
import QtQuick.Layouts
import Zerg.Backend
import Zerg.App

// The Jarvis window: header, conversation, activity ticker while workers run, composer. The
// header's Dashboard button (Ctrl+D) switches to the power-user dashboard and back.
ApplicationWindow {
    id: window

    property string page: "jarvis"  // or "dashboard"; app/gui.cpp sets it for --page
    property int dashboardTab: 0     // the dashboard's first tab (--page supervision: 3)
    property bool inboxOpen: false   // the task inbox drawer (app/tour.cpp opens it for its shot)
    onInboxOpenChanged: inboxOpen ? inboxDrawer.open() : inboxDrawer.close()

    function togglePage() {
        page = page === "jarvis" ? "dashboard" : "jarvis"
        if (page === "jarvis")
            composer.focusInput()
    }

    width: 960
    height: 680
    minimumWidth: 560
    minimumHeight: 420
    visible: true
    title: page === "jarvis" ? qsTr("Zerg — Jarvis") : qsTr("Zerg — Dashboard")
    color: Theme.window
    // Controls of the Basic style take their colours from the palette: keep them on the theme.
    palette.window: Theme.window
    palette.base: Theme.surface
    palette.alternateBase: Theme.tickerBackground
    palette.text: Theme.text
    palette.windowText: Theme.text
    palette.buttonText: Theme.text
    palette.button: Theme.codeBackground
    palette.mid: Theme.border
    palette.dark: Theme.textMuted
    palette.highlight: Theme.accent
    palette.highlightedText: "#ffffff"
    palette.placeholderText: Theme.textFaint
    palette.toolTipBase: Theme.surface
    palette.toolTipText: Theme.text

    header: HeaderBar {
        page: window.page
        onPageToggled: window.togglePage()
        onInboxToggled: window.inboxOpen = !inboxDrawer.visible
    }

    // The dashboard's tabs that shortcuts open (app/tour.cpp's pages() lists them all).
    readonly property int threadsTab: 2
    readonly property int settingsTab: 7

    function showChat() {
        page = "jarvis"
        composer.focusInput()
    }
    function showTab(tab) {
        dashboardTab = tab
        page = "dashboard"
    }
    function showShortcuts() {
        shortcutsSheet.active = true
        const sheet = shortcutsSheet.item as ShortcutsSheet
        sheet.open()
    }
    // Closes the search bar and the shortcuts sheet (the GUI tour, between its pictures).
    function closePopups() {
        const sheet = shortcutsSheet.item as ShortcutsSheet
        if (sheet)
            sheet.close()
        if (searchBar.visible)
            searchBar.close()
    }
    function find() {
        if (page === "jarvis") {
            searchBar.open()
            return
        }
        showTab(threadsTab)
        const dashboard = dashboardLoader.item as Dashboard
        if (dashboard)
            dashboard.focusThreadSearch()
    }

    // The window's keys; the shortcuts sheet (F1) lists them with their native names.
    Shortcut {
        id: dashboardKey
        sequence: "Ctrl+D"
        onActivated: window.togglePage()
    }
    Shortcut {
        id: inboxKey
        sequence: "Ctrl+I"
        onActivated: window.inboxOpen = !inboxDrawer.visible
    }
    Shortcut {
        id: quitKey
        sequence: "Ctrl+Q"
        context: Qt.ApplicationShortcut
        onActivated: Qt.quit()
    }
    Shortcut {
        id: newKey
        sequence: "Ctrl+N"
        onActivated: window.showChat()
    }
    Shortcut {
        id: settingsKey
        sequence: "Ctrl+,"
        onActivated: window.showTab(window.settingsTab)
    }
    Shortcut {
        id: findKey
        sequence: "Ctrl+F"
        onActivated: window.find()
    }
    Shortcut {
        id: helpKey
        sequence: "F1"
        onActivated: window.showShortcuts()
    }
    Shortcut {
        id: helpKey2
        sequence: "Ctrl+?"
        onActivated: window.showShortcuts()
    }

    // What is built later (the dashboard, the inbox, the shortcuts sheet, the setup card, the
    // ticker, the close question) is named by its file, not by its type: a type named here would
    // be loaded with everything it uses before the first frame, although nothing of it is built.

    // The close button without a tray, while scheduled checks are active (WindowClose): built
    // only while the question is asked.
    Loader {
        anchors.fill: parent
        active: WindowClose.asking
        source: "CloseQuestion.qml"
    }

    // F1: built the first time it is asked for.
    Loader {
        id: shortcutsSheet

        anchors.fill: parent
        active: false
        source: "ShortcutsSheet.qml"
        // A binding: the texts follow a change of language.
        onLoaded: (item as ShortcutsSheet).entries = Qt.binding(() => window.shortcutEntries())
    }
    function shortcutEntries(): var {
        return [
            { keys: newKey.nativeText, action: qsTr("Ask Jarvis: show the chat and put the cursor in the question") },
            { keys: qsTr("Enter"), action: qsTr("Send the question") },
            { keys: qsTr("Shift+Enter"), action: qsTr("New line in the question") },
            { keys: qsTr("Up / Down"), action: qsTr("Earlier and later questions (on the first or last line)") },
            { keys: qsTr("Escape"), action: qsTr("Stop speaking, else stop the current request") },
            { keys: qsTr("Ctrl+Space (hold)"), action: qsTr("Talk: what you say goes into the question (hands-free: listening on and off)") },
            { keys: findKey.nativeText, action: qsTr("Find in the conversation (on the dashboard: search all conversations)") },
            { keys: qsTr("Enter / Shift+Enter"), action: qsTr("Next and previous match (while searching)") },
            { keys: "F3 / Shift+F3", action: qsTr("Next and previous match (while searching)") },
            { keys: dashboardKey.nativeText, action: qsTr("Switch between the chat and the dashboard") },
            { keys: settingsKey.nativeText, action: qsTr("Settings") },
            { keys: inboxKey.nativeText, action: qsTr("Open or close the task inbox") },
            { keys: helpKey.nativeText + " / " + helpKey2.nativeText, action: qsTr("This list of shortcuts") },
            { keys: quitKey.nativeText, action: qsTr("Quit Zerg (also from the tray)") }
        ]
    }

    // Says a finished answer to a screen reader: an alert that shows itself anew with each one.
    Item {
        id: announcer

        visible: false
        Accessible.role: Accessible.AlertMessage
        Accessible.name: Jarvis.announcement

        Connections {
            target: Jarvis

            function onAnnounced() {
                announcer.visible = false
                announcer.visible = true
            }
        }
    }

    // The task inbox slides in from the right, over either page.
    Drawer {
        id: inboxDrawer

        edge: Qt.RightEdge
        width: Math.min(440, window.width * 0.9)
        height: window.height
        background: Rectangle {
            color: Theme.surface
            Rectangle {
                width: 1
                height: parent.height
                color: Theme.border
            }
        }
        // inboxOpen follows the drawer however it opens or closes (a click outside, Escape).
        onOpened: {
            window.inboxOpen = true
            inbox.forceActiveFocus()  // the Loader is a focus scope: its item gets it
        }
        onClosed: {
            window.inboxOpen = false
            if (window.page === "jarvis")
                composer.focusInput()
        }

        // Built the first time the drawer opens (not for the first frame), then kept.
        LazyLoader {
            id: inbox

            anchors.fill: parent
            shown: inboxDrawer.visible
            source: "InboxPanel.qml"
            onLoaded: {
                const panel = item as InboxPanel
                panel.focus = true
                panel.closeRequested.connect(() => window.inboxOpen = false)
            }
        }
    }

    // Built the first time it is shown and kept from then on: the window opens on the chat, and
    // its first frame should not wait for the dashboard.
    LazyLoader {
        id: dashboardLoader

        anchors.fill: parent
        shown: window.page === "dashboard"
        visible: shown
        source: "Dashboard.qml"
        // A tab the user picked becomes the window's, so that opening a tab from elsewhere (the
        // ticker's Details) always switches.
        onLoaded: {
            const dashboard = item as Dashboard
            dashboard.currentTabChanged.connect(() => window.dashboardTab = dashboard.currentTab)
        }
    }
    Binding {
        target: dashboardLoader.item
        when: dashboardLoader.status === Loader.Ready
        property: "currentTab"
        value: window.dashboardTab
    }

    ColumnLayout {
        anchors.fill: parent
        visible: window.page === "jarvis"
        spacing: 0

        // Remote mode while the server cannot be reached: why, and when the next try is.
        Rectangle {
            visible: ServerConnection.remote && !ServerConnection.connected
            Layout.fillWidth: true
            implicitHeight: connectionText.implicitHeight + 16
            color: Theme.dangerBubble

            Text {
                id: connectionText

                anchors.left: parent.left
                anchors.right: parent.right
                anchors.verticalCenter: parent.verticalCenter
                anchors.leftMargin: 20
                anchors.rightMargin: 20
                text: ServerConnection.statusText
                color: Theme.dangerText
                wrapMode: Text.Wrap
                font.pixelSize: 13
            }
        }

        // Only built while a provider is missing: a configured app never pays for it.
        Loader {
            active: Jarvis.setupProblem.length > 0
            visible: active
            Layout.alignment: Qt.AlignHCenter
            Layout.topMargin: 20
            Layout.leftMargin: 20
            Layout.rightMargin: 20
            Layout.fillWidth: true
            Layout.maximumWidth: Theme.maxContentWidth
            source: "SetupCard.qml"
        }

        ChatSearchBar {
            id: searchBar

            Layout.fillWidth: true
            onClosed: composer.focusInput()
            onSearchAllRequested: term => {
                searchBar.close()
                ThreadInspector.search(term)
                window.showTab(window.threadsTab)
            }
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

            // Built while workers of the current run are shown, gone with them.
            Loader {
                active: Jarvis.activity.active
                visible: active
                Layout.fillWidth: true
                source: "ActivityTicker.qml"
            }

            // The oldest approval request a worker waits on (the others queue behind it). It
            // takes the keyboard only when nothing is being typed, so Enter never allows by
            // accident.
            Repeater {
                id: approvalCards

                // The card on top takes the keyboard unless something is being typed.
                function focusFirst() {
                    const first = itemAt(0)
                    if (!first)
                        composer.focusInput()
                    else if (composer.text.length === 0)
                        first.forceActiveFocus()
                }

                model: ApprovalRequests
                onCountChanged: focusFirst()

                delegate: ApprovalCard {
                    required property int index
                    required property var model

                    visible: index === 0
                    Layout.fillWidth: true
                    approvalId: model.approvalId
                    target: model.target
                    action: model.action
                    task: model.task
                    why: model.why
                    statedReason: model.statedReason
                    suggestedPrefix: model.suggestedPrefix
                    expiresText: model.expiresText
                    waitingCount: ApprovalRequests.count
                    busy: ApprovalRequests.busy
                    onAllowed: request => ApprovalRequests.allow(request)
                    onDenied: (request, message) => ApprovalRequests.deny(request, message)
                    onAlwaysAllowed: request => ApprovalRequests.alwaysAllow(request)
                }
            }

            Text {
                Layout.fillWidth: true
                visible: ApprovalRequests.error.length > 0
                text: ApprovalRequests.error
                color: Theme.dangerText
                wrapMode: Text.Wrap
                font.pixelSize: 12
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
