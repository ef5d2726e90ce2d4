// Walks an item tree: every descendant (visual children) for which test(item) is true.
.pragma library

function findAll(item, test) {
    let found = []
    if (!item)
        return found
    const kids = item.children || []
    for (let i = 0; i < kids.length; ++i) {
        if (test(kids[i]))
            found.push(kids[i])
        found = found.concat(findAll(kids[i], test))
    }
    return found
}

// The visible texts under item (Text and TextEdit), in tree order.
function texts(item) {
    return findAll(item, k => k.visible && typeof k.text === "string" && k.font !== undefined
                              && k.horizontalAlignment !== undefined)
        .map(k => k.text)
}

function hasText(item, wanted) {
    return texts(item).some(t => t.indexOf(wanted) >= 0)
}

// The first visible button whose text is label.
function button(item, label) {
    const all = findAll(item, k => k.visible && k.text === label && k.clicked !== undefined)
    return all.length > 0 ? all[0] : null
}
