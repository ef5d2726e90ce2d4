#pragma once

#include "api/remote_client.h"
#include "dashboard/inbox_source.h"
#include "dashboard/reply.h"
#include "dashboard/schedules_source.h"
#include "dashboard/threads_source.h"

#include <QJsonObject>
#include <QString>

namespace zerg::api {

// Sends op with args and answers done with decode(the reply's result), or the error; decode
// returns a T or a Result<T> (a reply in a form this app does not read).
template <typename T, typename Decode>
void askServer(RemoteClient* client, const QString& op, QJsonObject args, QObject* context,
               SourceReply<T> done, Decode decode) {
    client->request(op, std::move(args), context,
                    [done = std::move(done), decode](const Result<QJsonObject>& r) {
                        if (!r)
                            return done(r.error());
                        done(decode(r.value()));
                    });
}

// Gives the records of a server's answer this app's owner id: the server's owner ids mean nothing
// here, and the pages ask for the local owner's records.
template <typename Record>
requires requires(Record& r) {
    r.ownerId = qint64();
}
void setOwner(Record& r, qint64 owner) {
    r.ownerId = owner;
}
template <typename Record>
void setOwner(QList<Record>& records, qint64 owner);
inline void setOwner(ScheduleEntry& e, qint64 owner) {
    setOwner(e.schedule, owner);
    if (e.lastRun)
        setOwner(*e.lastRun, owner);
}
inline void setOwner(ScheduleListing& l, qint64 owner) {
    setOwner(l.schedules, owner);
}
inline void setOwner(InboxPage& p, qint64 owner) {
    setOwner(p.items, owner);
}
inline void setOwner(RunDetail& d, qint64 owner) {
    setOwner(d.run, owner);
    setOwner(d.workers, owner);
}
inline void setOwner(RunSearchHit& h, qint64 owner) {
    setOwner(h.run, owner);
}
template <typename Record>
void setOwner(QList<Record>& records, qint64 owner) {
    for (Record& r : records)
        setOwner(r, owner);
}

// A decode for askServer: decode's records, given the owner id (setOwner).
template <typename Decode>
[[nodiscard]] auto ownedBy(qint64 owner, Decode decode) {
    return [owner, decode](const QJsonObject& o) {
        auto records = decode(o);
        if (records)
            setOwner(records.value(), owner);
        return records;
    };
}

}  // namespace zerg::api
