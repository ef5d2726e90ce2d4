import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// The dashboard's Workers table: rows from storage, unknown cost shown as unknown, the filter,
// sorting by a header click, and a new worker appearing live at the top.
TestCase {
    name: "WorkersPage"
    when: windowShown
    visible: true
    width: 1000
    height: 500

    Component {
        id: page
        WorkersPage { anchors.fill: parent }
    }

    function test_tableFilterSortAndLive() {
        const p = createTemporaryObject(page, this)
        compare(WorkersTable.count, 3)
        const table = Util.findAll(p, k => k.columnWidthProvider !== undefined)[0]
        verify(table)
        tryCompare(table, "rows", 3)
        tryVerify(() => Util.hasText(p, "check disk on web1"))
        verify(Util.hasText(p, "$0.0042"))
        verify(Util.hasText(p, "?"))  // restart nginx: price unknown
        verify(Util.hasText(p, "3 workers"))

        WorkersTable.filterText = "nginx"
        tryCompare(table, "rows", 1)
        verify(Util.hasText(p, "1 of 3 workers"))
        WorkersTable.filterText = ""
        tryCompare(table, "rows", 3)

        // Click the Duration header: longest first; again: shortest first.
        const header = Util.findAll(p, k => k.text !== undefined
                                            && String(k.text).indexOf(WorkersTable.columnTitle(4)) === 0)[0]
        const rows = WorkersTable.rows
        const firstTask = () => rows.data(rows.index(0, 1), Qt.DisplayRole)
        compare(firstTask(), "check disk on web1")  // newest first
        mouseClick(header)
        compare(WorkersTable.sortColumn, 4)
        verify(!WorkersTable.sortAscending)
        compare(firstTask(), "restart nginx")
        tryVerify(() => Util.hasText(p, "Duration  ▼"))
        mouseClick(header)
        verify(WorkersTable.sortAscending)
        compare(firstTask(), "check disk on web1")
        WorkersTable.sortBy(-1)

        testSupport.publish("worker_spawned", {run_id: 99, job_id: 42, task: "new live worker"})
        tryCompare(WorkersTable, "count", 4)
        tryVerify(() => Util.hasText(p, "new live worker"))
    }
}
