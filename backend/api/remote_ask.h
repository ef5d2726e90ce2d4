#pragma once

#include "api/remote_client.h"
#include "dashboard/reply.h"

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

}  // namespace zerg::api
