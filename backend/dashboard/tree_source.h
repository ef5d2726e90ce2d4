#pragma once

#include "dashboard/reply.h"

#include <QJsonObject>

#include <functional>

class QObject;

namespace zerg {

// Where the Supervision tree page reads from: LocalTreeSource here (the live tree of this
// process), RemoteTreeSource (api/) over the server's `supervision`. The tree is a supervisor
// object as supervision::Supervisor::snapshot gives it, nested as Backend::supervisionSnapshot
// nests it; {} when there is none.
class TreeSource {
public:
    virtual ~TreeSource() = default;
    virtual void snapshot(QObject* context, SourceReply<QJsonObject> done) = 0;
    // Whether the tree can change without this side hearing of it, so that a page must ask again
    // now and then: a remote tree (the services' events, owner 0, are not sent to clients).
    [[nodiscard]] virtual bool needsPolling() const { return false; }
};

// Over a snapshot function (Backend::supervisionSnapshot; empty: no tree), as ownerId may see
// it (treeForOwner), answering at once.
class LocalTreeSource final : public TreeSource {
public:
    LocalTreeSource(std::function<QJsonObject()> snapshot, qint64 ownerId)
        : m_snapshot(std::move(snapshot)), m_ownerId(ownerId) {}
    void snapshot(QObject* context, SourceReply<QJsonObject> done) override;

private:
    std::function<QJsonObject()> m_snapshot;
    qint64 m_ownerId;
};

// The tree as one owner may see it: every service, and of the children that belong to an owner
// (those with an "owner_id": the supervisor agent's runs, the workers) only ownerId's. The
// "owner_id" keys are dropped: owner ids are not shown or sent.
[[nodiscard]] QJsonObject treeForOwner(const QJsonObject& supervisor, qint64 ownerId);

namespace recordjson {
// {tree: the snapshot}
[[nodiscard]] QJsonObject supervisionJson(const QJsonObject& tree);
[[nodiscard]] Result<QJsonObject> supervisionTree(const QJsonObject& o);
}  // namespace recordjson

}  // namespace zerg
