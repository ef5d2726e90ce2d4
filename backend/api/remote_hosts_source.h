#pragma once

#include "dashboard/hosts_source.h"

namespace zerg::api {

class RemoteClient;

// The Hosts page over the server's `hosts`, `host_test`, `host_key`, `host_trust` and the edits
// `host_add`, `host_update`, `host_remove`, `host_import_candidates`, `host_import`: the server's
// hosts file and known_hosts, the hosts its workers reach. importCandidates lists the server's
// ~/.ssh/config (of the user `zerg serve` runs as), and importHosts copies from it: this
// computer's own ~/.ssh/config plays no part in remote mode. client must outlive this.
class RemoteHostsSource final : public HostsSource {
public:
    explicit RemoteHostsSource(RemoteClient* client) : m_client(client) {}

    void hosts(QObject* context, SourceReply<HostsList> done) override;
    void test(const QString& alias, QObject* context, SourceReply<HostTestResult> done) override;
    void checkKey(const QString& alias, QObject* context, SourceReply<HostKeyCheck> done) override;
    void trust(const QString& alias, const QString& fingerprint, QObject* context,
               SourceReply<HostKeyCheck> done) override;
    void addHost(const HostEntry& entry, QObject* context, SourceReply<Ok> done) override;
    void updateHost(const QString& alias, const HostEntry& entry, QObject* context,
                    SourceReply<Ok> done) override;
    void removeHost(const QString& alias, QObject* context, SourceReply<Ok> done) override;
    void importCandidates(QObject* context, SourceReply<HostImportList> done) override;
    void importHosts(const QStringList& aliases, QObject* context,
                     SourceReply<QStringList> done) override;

private:
    RemoteClient* m_client;
};

}  // namespace zerg::api
