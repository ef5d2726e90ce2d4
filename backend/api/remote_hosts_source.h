#pragma once

#include "dashboard/hosts_source.h"

namespace zerg::api {

class RemoteClient;

// The Hosts page over the server's `hosts`, `host_test`, `host_key` and `host_trust`: the
// server's hosts file and known_hosts, the hosts its workers reach. client must outlive this.
class RemoteHostsSource final : public HostsSource {
public:
    explicit RemoteHostsSource(RemoteClient* client) : m_client(client) {}

    void hosts(QObject* context, SourceReply<HostsList> done) override;
    void test(const QString& alias, QObject* context, SourceReply<HostTestResult> done) override;
    void checkKey(const QString& alias, QObject* context, SourceReply<HostKeyCheck> done) override;
    void trust(const QString& alias, const QString& fingerprint, QObject* context,
               SourceReply<HostKeyCheck> done) override;

private:
    RemoteClient* m_client;
};

}  // namespace zerg::api
