import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// The approval card: it shows what would run where and why, Enter allows, Escape denies (with
// the message typed for the worker), "always allow" is offered only with a prefix, and nothing
// is answered while an answer is on its way.
TestCase {
    name: "ApprovalCard"
    when: windowShown
    visible: true
    width: 900
    height: 600

    Component {
        id: cardComponent
        ApprovalCard {
            width: 860
            approvalId: 42
            target: "web1"
            action: "systemctl restart nginx"
            task: "restart nginx on web1 after the config change"
            why: "`systemctl restart` changes the system"
            statedReason: "The new config only loads after a restart."
            suggestedPrefix: "systemctl restart nginx"
            expiresText: "expires at 14:05"
        }
    }

    Component {
        id: inboxPanel
        InboxPanel { width: 380; height: 560 }
    }

    Component {
        id: settingsPage
        SettingsPage { width: 860; height: 560 }
    }

    SignalSpy { id: allowedSpy; signalName: "allowed" }
    SignalSpy { id: deniedSpy; signalName: "denied" }
    SignalSpy { id: alwaysSpy; signalName: "alwaysAllowed" }

    function makeCard() {
        const c = createTemporaryObject(cardComponent, this)
        for (const spy of [allowedSpy, deniedSpy, alwaysSpy]) {
            spy.clear()
            spy.target = c
        }
        return c
    }

    function control(item, accessibleName) {
        const found = Util.findAll(item, k => k.visible && k.Accessible
                                              && k.Accessible.name === accessibleName)
        return found.length > 0 ? found[0] : null
    }

    function test_showsWhatWouldRunWhereAndWhy() {
        const c = makeCard()
        verify(Util.hasText(c, "Approval needed on web1"))
        verify(Util.hasText(c, "systemctl restart nginx"))
        verify(Util.hasText(c, "Why it may change the system: `systemctl restart` changes"))
        verify(Util.hasText(c, "The worker says: The new config only loads after a restart."))
        verify(Util.hasText(c, "Task: restart nginx on web1"))
        verify(Util.hasText(c, "expires at 14:05"))
        verify(control(c, "Always allow systemctl restart nginx on web1"))
        compare(c.Accessible.name, "Approval needed: systemctl restart nginx on web1")
    }

    function test_enterAllows() {
        const c = makeCard()
        c.forceActiveFocus()
        keyClick(Qt.Key_Return)
        compare(allowedSpy.count, 1)
        compare(allowedSpy.signalArguments[0][0], 42)
        compare(deniedSpy.count, 0)
    }

    function test_escapeDeniesWithTheTypedMessage() {
        const c = makeCard()
        const field = control(c, "Message to the worker if you deny")
        verify(field)
        field.forceActiveFocus()
        keyClick(Qt.Key_N)
        keyClick(Qt.Key_O)
        keyClick(Qt.Key_Escape)
        compare(deniedSpy.count, 1)
        compare(deniedSpy.signalArguments[0][0], 42)
        compare(deniedSpy.signalArguments[0][1], "no")
        compare(allowedSpy.count, 0)
    }

    function test_buttons() {
        const c = makeCard()
        mouseClick(control(c, "Allow once (Enter)"))
        compare(allowedSpy.count, 1)
        mouseClick(control(c, "Deny (Escape)"))
        compare(deniedSpy.count, 1)
        mouseClick(control(c, "Always allow systemctl restart nginx on web1"))
        compare(alwaysSpy.count, 1)
        compare(alwaysSpy.signalArguments[0][0], 42)
    }

    function test_noAlwaysAllowWithoutAPrefix() {
        const c = makeCard()
        c.suggestedPrefix = ""
        verify(control(c, "Always allow systemctl restart nginx on web1") === null)
        verify(control(c, "Allow once (Enter)"))
    }

    function test_nothingIsAnsweredWhileBusy() {
        const c = makeCard()
        c.busy = true
        c.forceActiveFocus()
        keyClick(Qt.Key_Return)
        keyClick(Qt.Key_Escape)
        compare(allowedSpy.count, 0)
        compare(deniedSpy.count, 0)
        verify(!control(c, "Allow once (Enter)").enabled)
    }

    // Settings lists the "always allow" rules (tst_components.cpp made one) and removes one.
    function test_settingsListsAndRemovesRules() {
        const page = createTemporaryObject(settingsPage, this)
        tryVerify(() => Util.hasText(page, "systemctl restart nginx \u2026"))
        const remove = control(page, "Remove the rule systemctl restart nginx on web1")
        verify(remove)
        remove.clicked()
        tryVerify(() => Util.hasText(page, "None yet."))
        compare(ApprovalRequests.rules.length, 0)
    }

    // The task inbox lists the requests waiting (a scheduled check's wait there too) and answers
    // them on the real broker.
    function test_inboxListsWaitingRequestsAndAnswersThem() {
        const allowId = approvalSupport.request("systemctl restart nginx", "web1")
        const denyId = approvalSupport.request("rm -rf /var/cache/app", "web2")
        verify(allowId > 0 && denyId > 0)
        const p = createTemporaryObject(inboxPanel, this)
        tryVerify(() => Util.hasText(p, "2 approvals waiting"))
        verify(Util.hasText(p, "systemctl restart nginx"))
        verify(Util.hasText(p, "On web2"))
        mouseClick(control(p, "Allow systemctl restart nginx on web1 once"))
        tryVerify(() => Util.hasText(p, "1 approval waiting"))
        compare(approvalSupport.statusOf(allowId), "allowed")
        mouseClick(control(p, "Deny rm -rf /var/cache/app on web2"))
        tryCompare(ApprovalRequests, "count", 0)
        compare(approvalSupport.statusOf(denyId), "denied")
        verify(!Util.hasText(p, "approval waiting"))
    }
}
