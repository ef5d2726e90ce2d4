#include "api/remote_hosts_source.h"

#include "api/remote_ask.h"

namespace zerg::api {
using namespace Qt::StringLiterals;

void RemoteHostsSource::hosts(QObject* context, SourceReply<HostsList> done) {
    askServer<HostsList>(m_client, u"hosts"_s, {}, context, std::move(done),
                         &recordjson::hostsList);
}

void RemoteHostsSource::test(const QString& alias, QObject* context,
                             SourceReply<HostTestResult> done) {
    askServer<HostTestResult>(m_client, u"host_test"_s, {{u"alias"_s, alias}}, context,
                              std::move(done), &recordjson::hostTestResult);
}

void RemoteHostsSource::checkKey(const QString& alias, QObject* context,
                                 SourceReply<HostKeyCheck> done) {
    askServer<HostKeyCheck>(m_client, u"host_key"_s, {{u"alias"_s, alias}}, context,
                            std::move(done), &recordjson::hostKeyCheck);
}

void RemoteHostsSource::trust(const QString& alias, const QString& fingerprint, QObject* context,
                              SourceReply<HostKeyCheck> done) {
    askServer<HostKeyCheck>(m_client, u"host_trust"_s,
                            {{u"alias"_s, alias}, {u"fingerprint"_s, fingerprint}}, context,
                            std::move(done), &recordjson::hostKeyCheck);
}

}  // namespace zerg::api
