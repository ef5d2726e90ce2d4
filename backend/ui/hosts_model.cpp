#include "ui/hosts_model.h"

#include "tools/host_trust.h"
#include "ui/role_table.h"

#include <QDir>
#include <QUrl>

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
    if (!m_verifyAfterLoad.isEmpty()) {
        const QString alias = std::exchange(m_verifyAfterLoad, QString());
        for (int i = 0; i < m_rows.size(); ++i) {
            if (m_rows.at(i).host.alias == alias)
                verify(i);
        }
    }
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
                finish(i,
                       tr("The key matches the one recorded in %1.")
                           .arg(QDir::toNativeSeparators(check->knownHostsFile)),
                       true);
                if (std::exchange(r.testAfterKey, false))
                    testConnection(i);
                return;
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
            if (std::exchange(m_rows[i].testAfterKey, false))
                testConnection(i);
        });
}

void HostsModel::verify(int row) {
    if (row < 0 || row >= m_rows.size() || m_rows.at(row).busy)
        return;
    m_rows[row].testAfterKey = true;
    checkKey(row);
}

QVariantMap HostsModel::settingsOf(int row) const {
    if (row < 0 || row >= m_rows.size())
        return {};
    const HostEntry& e = m_rows.at(row).host.settings;
    return {
        {QStringLiteral("alias"), m_rows.at(row).host.alias},
        {QStringLiteral("host"), e.hostName.isEmpty() ? m_rows.at(row).host.hostName : e.hostName},
        {QStringLiteral("port"), m_rows.at(row).host.port},
        {QStringLiteral("user"), e.user},
        {QStringLiteral("keyFile"), e.identityFiles.value(0)},
        {QStringLiteral("knownHosts"), e.knownHostsFile},
        {QStringLiteral("proxyJump"), e.proxyJump.join(QLatin1Char(','))}};
}

bool HostsModel::saveHost(const QString& originalAlias, const QVariantMap& form) {
    if (m_saving)
        return false;
    HostEntry e;
    e.alias = form.value(QStringLiteral("alias")).toString().trimmed();
    e.hostName = form.value(QStringLiteral("host")).toString().trimmed();
    const QString port = form.value(QStringLiteral("port")).toString().trimmed();
    bool ok = true;
    e.port = port.isEmpty() ? 22 : port.toInt(&ok);
    if (!ok) {
        m_editError = tr("The port \"%1\" is not a number: give one from 1 to 65535 (SSH's usual "
                         "port is 22).")
                          .arg(port);
        m_notice.clear();
        Q_EMIT editChanged();
        return false;
    }
    e.user = form.value(QStringLiteral("user")).toString().trimmed();
    // The key picker gives a file URL; the hosts file wants a path.
    QString key = form.value(QStringLiteral("keyFile")).toString().trimmed();
    if (key.startsWith(QLatin1String("file:")))
        key = QUrl(key).toLocalFile();
    if (!key.isEmpty())
        e.identityFiles = {key};
    e.knownHostsFile = form.value(QStringLiteral("knownHosts")).toString().trimmed();
    for (const QString& hop : form.value(QStringLiteral("proxyJump"))
                                  .toString()
                                  .split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        e.proxyJump << hop.trimmed();
    }
    beginEdit();
    const QString alias = e.alias;
    auto done = [this, alias, adding = originalAlias.isEmpty()](const Result<Ok>& r) {
        editDone(r, adding ? tr("Added %1.").arg(alias) : tr("Saved %1.").arg(alias), alias);
        if (r)
            Q_EMIT hostSaved(alias);
    };
    if (originalAlias.isEmpty())
        m_source->addHost(e, this, done);
    else
        m_source->updateHost(originalAlias, e, this, done);
    return true;
}

void HostsModel::removeHost(int row) {
    if (m_saving || row < 0 || row >= m_rows.size())
        return;
    const QString alias = m_rows.at(row).host.alias;
    beginEdit();
    m_source->removeHost(alias, this, [this, alias](const Result<Ok>& r) {
        editDone(r, tr("Removed %1: workers can no longer reach it.").arg(alias), {});
    });
}

void HostsModel::beginEdit() {
    m_saving = true;
    m_editError.clear();
    m_notice.clear();
    Q_EMIT editChanged();
}

void HostsModel::editDone(const Status& done, const QString& notice, const QString& verifyAlias) {
    m_saving = false;
    m_editError = done ? QString() : done.error().message;
    m_notice = done ? notice : QString();
    Q_EMIT editChanged();
    if (done) {
        m_verifyAfterLoad = verifyAlias;
        reload();
    }
}

void HostsModel::requestEdit(int row) {
    if (row == -1)
        Q_EMIT editRequested({});
    else if (row >= 0 && row < m_rows.size())
        Q_EMIT editRequested(settingsOf(row));
}

void HostsModel::requestRemove(int row) {
    if (row >= 0 && row < m_rows.size())
        Q_EMIT removeRequested(row, m_rows.at(row).host.alias);
}

void HostsModel::clearEdit() {
    m_editError.clear();
    m_notice.clear();
    Q_EMIT editChanged();
}

void HostsModel::loadImportCandidates() {
    m_importLoading = true;
    m_importError.clear();
    Q_EMIT importChanged();
    m_source->importCandidates(this, [this](const Result<HostImportList>& list) {
        m_importLoading = false;
        m_importCandidates.clear();
        if (!list) {
            m_importError = list.error().message;
        } else {
            m_importSource = QDir::toNativeSeparators(list->sshConfigFile);
            for (const HostImportCandidate& c : list->hosts) {
                m_importCandidates.append(QVariantMap{{QStringLiteral("alias"), c.entry.alias},
                                                      {QStringLiteral("target"), c.entry.target()},
                                                      {QStringLiteral("allowed"), c.allowed}});
            }
        }
        Q_EMIT importChanged();
    });
}

void HostsModel::importHosts(const QStringList& aliases) {
    if (m_saving)
        return;
    beginEdit();
    m_source->importHosts(aliases, this, [this](const Result<QStringList>& written) {
        if (!written) {
            editDone(written.error(), {}, {});
            return;
        }
        editDone(Ok{},
                 tr("Imported %1. Check each host's key (Check key), then trust it.")
                     .arg(written->join(QStringLiteral(", "))),
                 {});
        Q_EMIT hostSaved(written->value(0));
    });
}

void HostsModel::retranslate() {
    announceAllRows(*this);
}

}  // namespace zerg
