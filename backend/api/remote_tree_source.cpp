#include "api/remote_tree_source.h"

#include "api/remote_ask.h"

namespace zerg::api {

using namespace Qt::StringLiterals;

void RemoteTreeSource::snapshot(QObject* context, SourceReply<QJsonObject> done) {
    askServer<QJsonObject>(m_client, u"supervision"_s, {}, context, std::move(done),
                           &recordjson::supervisionTree);
}

}  // namespace zerg::api
