#include "api/remote_hosts_source.h"

#include "api/remote_ask.h"

#include <QJsonArray>

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

void RemoteHostsSource::addHost(const HostEntry& entry, QObject* context, SourceReply<Ok> done) {
    askServer<Ok>(m_client, u"host_add"_s, recordjson::hostEntryArgs(entry), context,
                  std::move(done), [](const QJsonObject&) { return Ok{}; });
}

void RemoteHostsSource::updateHost(const QString& alias, const HostEntry& entry, QObject* context,
                                   SourceReply<Ok> done) {
    QJsonObject args = recordjson::hostEntryArgs(entry);
    args.insert(u"new_alias"_s, entry.alias);
    args.insert(u"alias"_s, alias);
    askServer<Ok>(m_client, u"host_update"_s, std::move(args), context, std::move(done),
                  [](const QJsonObject&) { return Ok{}; });
}

void RemoteHostsSource::removeHost(const QString& alias, QObject* context, SourceReply<Ok> done) {
    askServer<Ok>(m_client, u"host_remove"_s, {{u"alias"_s, alias}}, context, std::move(done),
                  [](const QJsonObject&) { return Ok{}; });
}

void RemoteHostsSource::importCandidates(QObject* context, SourceReply<HostImportList> done) {
    askServer<HostImportList>(m_client, u"host_import_candidates"_s, {}, context, std::move(done),
                              &recordjson::hostImportList);
}

void RemoteHostsSource::importHosts(const QStringList& aliases, QObject* context,
                                    SourceReply<QStringList> done) {
    askServer<QStringList>(m_client, u"host_import"_s,
                           {{u"aliases"_s, QJsonArray::fromStringList(aliases)}}, context,
                           std::move(done), &recordjson::importedAliases);
}

}  // namespace zerg::api
