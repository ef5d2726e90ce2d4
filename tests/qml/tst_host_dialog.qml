import QtQuick
import QtTest
import Zerg.App
import Zerg.Backend
import "util.js" as Util

// Hosts › Add host and Edit (HostDialog over the Hosts model and a real hosts file): a new host
// is written and listed, a bad alias is refused with the editor's message and the form stays
// open, the edit form opens with the host's settings; the import checklist says when there is no
// SSH config to import from.
TestCase {
    name: "HostDialog"
    when: windowShown
    visible: true
    width: 800
    height: 600

    Component {
        id: dialogComponent
        HostDialog {}
    }
    Component {
        id: importComponent
        ImportHostsDialog {}
    }

    function form(dialog) {
        return dialog.contentItem.children[0]
    }
    function field(dialog, name) {
        const all = Util.findAll(form(dialog), k => k.Accessible.name === name
                                                    && k.placeholderText !== undefined)
        return all.length > 0 ? all[0] : null
    }
    function type(item, text) {
        item.forceActiveFocus()
        item.selectAll()
        for (let i = 0; i < text.length; ++i)
            keyClick(text[i])
    }

    function test_addAHost() {
        const before = Hosts.count
        const dialog = createTemporaryObject(dialogComponent, this)
        dialog.openWith({})
        tryVerify(() => dialog.opened)
        verify(Util.hasText(form(dialog), "Add a host"))
        const save = Util.button(form(dialog), "Save")
        verify(save)
        verify(!save.enabled)  // alias and address first
        type(field(dialog, "Alias"), "db1")
        type(field(dialog, "Address"), "127.0.0.1")
        compare(field(dialog, "Port").text, "22")
        verify(save.enabled)
        mouseClick(save)
        tryCompare(Hosts, "count", before + 1)
        tryVerify(() => !dialog.visible)  // closed on success
        compare(Hosts.notice, "Added db1.")
        const row = Hosts.count - 1
        compare(Hosts.settingsOf(row).alias, "db1")
        compare(Hosts.settingsOf(row).host, "127.0.0.1")
    }

    function test_aBadAliasIsRefusedAndTheFormStays() {
        const before = Hosts.count
        const dialog = createTemporaryObject(dialogComponent, this)
        dialog.openWith({})
        tryVerify(() => dialog.opened)
        type(field(dialog, "Alias"), "two words")
        type(field(dialog, "Address"), "127.0.0.1")
        keyClick(Qt.Key_Return)
        tryVerify(() => Hosts.editError.length > 0)
        verify(Hosts.editError.indexOf("two words") >= 0, Hosts.editError)
        verify(dialog.visible)
        verify(Util.hasText(form(dialog), Hosts.editError))
        compare(Hosts.count, before)
    }

    function test_editOpensWithTheHostsSettings() {
        const dialog = createTemporaryObject(dialogComponent, this)
        dialog.openWith(Hosts.settingsOf(0))
        tryVerify(() => dialog.opened)
        verify(Util.hasText(form(dialog), "Edit web1"))
        compare(field(dialog, "Alias").text, "web1")
        compare(field(dialog, "Address").text, "127.0.0.1")
        compare(field(dialog, "Port").text, "9")
        type(field(dialog, "Port"), "2222")
        keyClick(Qt.Key_Return)
        tryVerify(() => !dialog.visible)
        compare(Hosts.notice, "Saved web1.")
        compare(Hosts.settingsOf(0).port, 2222)
    }

    function test_importSaysWhatItRead() {
        const dialog = createTemporaryObject(importComponent, this)
        dialog.start()
        tryVerify(() => dialog.opened)
        tryVerify(() => !Hosts.importLoading)
        // Whatever this machine's ~/.ssh/config holds: a list, or why there is none.
        verify(Hosts.importError.length > 0 || Hosts.importSource.length > 0)
        const importButton = Util.button(form(dialog), "Import")
        verify(importButton)
        verify(!importButton.enabled)  // nothing ticked yet
        keyClick(Qt.Key_Escape)
        tryVerify(() => !dialog.visible)
    }
}
