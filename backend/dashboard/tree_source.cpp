#include "dashboard/tree_source.h"

#include "dashboard/record_json.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace zerg {

using namespace Qt::StringLiterals;

void LocalTreeSource::snapshot(QObject* context, SourceReply<QJsonObject> done) {
    Q_UNUSED(context);
    done(treeForOwner(m_snapshot ? m_snapshot() : QJsonObject(), m_ownerId));
}

QJsonObject treeForOwner(const QJsonObject& supervisor, qint64 ownerId) {
    QJsonObject out = supervisor;
    if (!supervisor.contains(u"children"_s))
        return out;
    QJsonArray kept;
    for (const QJsonValue& v : supervisor.value(u"children"_s).toArray()) {
        QJsonObject c = v.toObject();
        if (c.contains(u"owner_id"_s)) {
            // An item of one owner: a child whose owner is unknown (0) belongs to nobody.
            if (c.value(u"owner_id"_s).toInteger() != ownerId)
                continue;
            c.remove(u"owner_id"_s);
        }
        if (const QJsonValue nested = c.value(u"child"_s); nested.isObject())
            c.insert(u"child"_s, treeForOwner(nested.toObject(), ownerId));
        kept.append(c);
    }
    out.insert(u"children"_s, kept);
    return out;
}

namespace recordjson {

QJsonObject supervisionJson(const QJsonObject& tree) {
    return {{u"tree"_s, tree}};
}

Result<QJsonObject> supervisionTree(const QJsonObject& o) {
    const QJsonValue tree = o.value(u"tree"_s);
    if (!tree.isObject()) {
        return protocolError(
            QCoreApplication::translate("zerg::recordjson", "the supervision tree"));
    }
    return tree.toObject();
}

}  // namespace recordjson
}  // namespace zerg
