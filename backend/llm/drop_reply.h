#pragma once

#include "llm/llm_provider.h"

#include <QPointer>

namespace zerg {

// Lets go of a model call nobody waits for any more: reply becomes null, listener no longer hears
// from it, and it is aborted (which finishes it) and deleted later, since this may run inside one
// of its own signals. Nothing when reply is null.
inline void dropReply(QPointer<ChatReply>& reply, QObject* listener) {
    ChatReply* r = reply;
    if (!r)
        return;
    reply = nullptr;
    r->disconnect(listener);
    r->abort();
    r->deleteLater();
}

}  // namespace zerg
