#include "ui/hosts_model.h"

#include "tools/host_trust.h"
#include "ui/role_table.h"

#include <QDir>

#include <utility>

namespace zerg {

HostsModel::HostsModel(HostsSource* source, QObject* parent, FirstLoad firstLoad)
    : QAbstractListModel(parent), m_source(source) {
    if (firstLoad == FirstLoad::Now)
        reload();
}

HostsModel::~HostsModel() = default;

void HostsModel::ensureLoaded() {
    if (!m_loaded)
        reload();
}

int HostsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant HostsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    return roles().value(m_rows.at(index.row()), role);
}

QHash<int, QByteArray> HostsModel::roleNames() const {
    return roles().names();
}

const RoleTable<HostsModel::Row>& HostsModel::roles() {
    static const RoleTable<Row> table{
        {AliasRole, "alias", [](const Row& r) { return r.host.alias; }},
        {Qt::DisplayRole, nullptr, [](const Row& r) { return r.host.alias; }},
        {TargetRole, "target", [](const Row& r) { return r.host.target(); }},
        {KnownHostsRole, "knownHosts",
         [](const Row& r) { return QDir::toNativeSeparators(r.host.knownHostsFile); }},
        {KeyStateRole, "keyState", [](const Row& r) { return statusName(r.keyState); }},
        {FingerprintRole, "fingerprint", &Row::fingerprint},
        {BusyRole, "busy", &Row::busy},
        {MessageRole, "message", &Row::message},
        {MessageOkRole, "messageOk", &Row::messageOk},
        {CanTrustRole, "canTrust", [](const Row& r) { return !r.pendingFingerprint.isEmpty(); }},
    };
    return table;
}

void HostsModel::reload() {
    m_loaded = true;
    m_source->hosts(this, m_reloads.newestOnly([this](const Result<HostsList>& list) {
        if (!list) {
            setLoadError(tr("Could not load the hosts: %1").arg(list.error().message));
            return;
        }
        apply(list.value());
    }));
}

void HostsModel::apply(const HostsList& list) {
    const int before = int(m_rows.size());
    QList<Row> rows;
    rows.reserve(list.hosts.size());
    for (const HostInfo& h : list.hosts) {
        Row r;
        r.host = h;
        r.keyState = h.keyState;
        rows.append(r);
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    if (before != m_rows.size())
        Q_EMIT countChanged();
    if (assignIfDifferent(m_hostsFile, list.hostsFile))
        Q_EMIT hostsFileChanged();
    setLoadError(list.loadError ? list.loadError->message : QString());
}

void HostsModel::setLoadError(const QString& message) {
    if (assignIfDifferent(m_loadError, message))
        Q_EMIT loadErrorChanged();
}

quint64 HostsModel::start(int row, const QString& message) {
    m_rows[row].beginAction(++m_nextAction, message);
    changed(row);
    return m_nextAction;
}

int HostsModel::rowOf(const QString& alias, quint64 action) const {
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).host.alias == alias)
            return m_rows.at(i).action == action ? i : -1;
    }
    return -1;
}

void HostsModel::changed(int row) {
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i);
}

void HostsModel::finish(int row, const QString& message, bool ok) {
    m_rows[row].finishAction(message, ok);
    changed(row);
}

void HostsModel::testConnection(int row) {
    if (row < 0 || row >= m_rows.size() || m_rows.at(row).busy)
        return;
    const HostInfo host = m_rows.at(row).host;
    const quint64 action = start(row, tr("Connecting to %1…").arg(host.target()));
    m_source->test(host.alias, this, [this, host, action](const Result<HostTestResult>& r) {
        const int i = rowOf(host.alias, action);
        if (i < 0)
            return;
        if (!r)
            return finish(i, r.error().message, false);
        if (!r->ok)
            return finish(i, r->error, false);
        m_rows[i].keyState = HostKeyState::Known;  // logging in needed a known key
        finish(i,
               tr("Connected and ran a command as %1 in %2 ms.").arg(host.user).arg(r->elapsedMs),
               true);
    });
}

void HostsModel::checkKey(int row) {
    if (row < 0 || row >= m_rows.size() || m_rows.at(row).busy)
        return;
    m_rows[row].pendingFingerprint.clear();
    const HostInfo host = m_rows.at(row).host;
    const quint64 action = start(row, tr("Fetching the host key of %1…").arg(host.target()));
    m_source->checkKey(host.alias, this, [this, host, action](const Result<HostKeyCheck>& check) {
        const int i = rowOf(host.alias, action);
        if (i < 0)
            return;
        if (!check)
            return finish(i, check.error().message, false);
        Row& r = m_rows[i];
        r.fingerprint = check->keyType + QLatin1Char(' ') + check->fingerprint;
        r.keyState = check->state;
        switch (check->state) {
            case HostKeyState::Known:
                return finish(i,
                              tr("The key matches the one recorded in %1.")
                                  .arg(QDir::toNativeSeparators(check->knownHostsFile)),
                              true);
            case HostKeyState::Changed:
                return finish(i, check->message, false);
            case HostKeyState::Unknown:
                r.pendingFingerprint = check->fingerprint;
                return finish(i,
                              tr("Not recorded yet. Compare the fingerprint with what the "
                                 "server's administrator sees (on the server: ssh-keygen -lf "
                                 "/etc/ssh/ssh_host_%1_key.pub), then trust it.")
                                  .arg(HostKeys::keyscanType(check->keyType)),
                              true);
        }
    });
}

void HostsModel::trust(int row) {
    if (row < 0 || row >= m_rows.size() || m_rows.at(row).busy ||
        m_rows.at(row).pendingFingerprint.isEmpty())
        return;
    const HostInfo host = m_rows.at(row).host;
    // Only the key the user saw: the source refuses it if the host offers another one now.
    const QString fingerprint = std::exchange(m_rows[row].pendingFingerprint, QString());
    const quint64 action = start(row, {});
    m_source->trust(
        host.alias, fingerprint, this, [this, host, action](const Result<HostKeyCheck>& recorded) {
            const int i = rowOf(host.alias, action);
            if (i < 0)
                return;
            if (!recorded)
                return finish(i, recorded.error().message, false);
            m_rows[i].keyState = HostKeyState::Known;
            finish(i,
                   tr("Trusted: the key is recorded in %1. Workers can now reach %2.")
                       .arg(QDir::toNativeSeparators(recorded->knownHostsFile), host.alias),
                   true);
        });
}

void HostsModel::retranslate() {
    announceAllRows(*this);
}

}  // namespace zerg
