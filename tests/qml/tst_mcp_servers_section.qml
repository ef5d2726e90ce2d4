import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// Settings › MCP servers over the real model and local source (tst_components.cpp: an mcp.json
// in the test's folder with one disabled server "fs"; the servers are not started): the row with
// its state and buttons, adding a server through the form (a wrong line is said first; then it is
// written to mcp.json and listed at once), and removing one only after confirming.
TestCase {
    name: "McpServersSection"
    when: windowShown
    visible: true
    width: 900
    height: 760

    Component {
        id: sectionComponent

        McpServersSection {
            width: 860
        }
    }

    function control(item, accessibleName) {
        const found = Util.findAll(item, k => k.visible && k.Accessible
                                              && k.Accessible.name === accessibleName)
        return found.length > 0 ? found[0] : null
    }

    function test_listsTheServerAndAddsOne() {
        const s = createTemporaryObject(sectionComponent, this)
        tryVerify(() => Util.hasText(s, "fs-server"))
        verify(Util.hasText(s, "MCP servers"))
        verify(Util.hasText(s, "disabled"))
        verify(control(s, "Enable the MCP server fs"))
        verify(control(s, "Restart the MCP server fs"))
        verify(!control(s, "Restart the MCP server fs").enabled)  // disabled: nothing to restart
        verify(!control(s, "Name of the MCP server"))  // the form is closed

        control(s, "Add an MCP server").clicked()
        tryVerify(() => control(s, "Name of the MCP server") !== null)
        control(s, "Name of the MCP server").text = "git"
        control(s, "Command that starts the server").text = "git-mcp"
        control(s, "Arguments of the command, one per line").text = "--repo\n/srv/repo"
        control(s, "Environment variables, NAME=value per line").text = "not a pair"
        control(s, "Save the MCP server").clicked()
        tryVerify(() => Util.hasText(s, "Line 1 of the environment is not NAME=value"))
        verify(McpServers.formOpen)
        compare(McpServers.count, 1)

        control(s, "Environment variables, NAME=value per line").text = "GIT_AUTHOR=ops"
        control(s, "Save the MCP server").clicked()
        tryVerify(() => !McpServers.formOpen)
        tryCompare(McpServers, "count", 2)
        tryVerify(() => Util.hasText(s, "git-mcp --repo /srv/repo"))
        verify(control(s, "Disable the MCP server git"))
    }

    function test_removingAsksFirst() {
        const s = createTemporaryObject(sectionComponent, this)
        McpServers.beginAdd()
        McpServers.save("gone", "stdio", "gone-server", "", "", "", "", "", 60)
        tryVerify(() => Util.hasText(s, "gone-server"))
        control(s, "Remove the MCP server gone").clicked()
        verify(Util.hasText(s, "Remove gone from mcp.json?"))
        verify(Util.hasText(s, "gone-server"))  // not yet
        control(s, "Yes, remove gone").clicked()
        tryVerify(() => !Util.hasText(s, "gone-server"))
        verify(Util.hasText(s, "fs-server"))
    }
}
