import QtQuick
import QtTest
import Zerg.App
import "util.js" as Util

// The dashboard builds a page the first time its tab is shown and keeps it: the window opens
// without nine pages (zerg-bench-startup measures what that saves), and a page opened once
// keeps its state across tab switches.
TestCase {
    name: "Dashboard"
    when: windowShown
    visible: true
    width: 960
    height: 640

    Component {
        id: dashboard

        Dashboard {
            anchors.fill: parent
        }
    }

    function pages(d) {
        return Util.findAll(d, k => k.sourceComponent !== undefined && k.status !== undefined)
    }

    function test_pagesAreBuiltWhenFirstShown() {
        const d = createTemporaryObject(dashboard, this)
        const loaders = pages(d)
        compare(loaders.length, 9)
        verify(loaders[0].item !== null)  // Workers, the first tab
        for (let i = 1; i < loaders.length; ++i)
            compare(loaders[i].item, null, "page " + i + " was built before it was shown")
        tryVerify(() => Util.hasText(d, "restart nginx"))  // the Workers table's rows

        d.currentTab = 5  // Schedules
        verify(loaders[5].item !== null)
        const workersPage = loaders[0].item
        d.currentTab = 0
        compare(loaders[0].item, workersPage)  // kept, not built again
        verify(loaders[5].item !== null)
        for (const i of [1, 2, 3, 4, 6, 7, 8])
            compare(loaders[i].item, null)
    }
}
