#include "ui/hosts_model.h"

#include "ui/qml_instance.h"

#include "core/off_thread.h"
#include "tools/host_trust.h"
#include "tools/ssh_pool.h"
#include "tools/ssh_session_worker.h"

#include <QDir>
#include <QJsonObject>
#include <QQmlEngine>

namespace zerg {
namespace {

QString fingerprintOf(const ServerKey& key) {
    return key.type + QLatin1Char(' ') + key.sha256;
}

}  // namespace

HostsModel::HostsModel(Settings settings, Clock* clock, QObject* parent)
    : QAbstractListModel(parent), m_settings(std::move(settings)), m_clock(clock) {
    reload();
}

HostsModel::~HostsModel() = default;

void HostsModel::setInstance(HostsModel* instance) {
    QmlInstance<HostsModel>::set(instance);
}

HostsModel* HostsModel::create(QQmlEngine*, QJSEngine*) {
    return QmlInstance<HostsModel>::get("Hosts", "HostsModel");
}

int HostsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant HostsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    const Row& r = m_rows.at(index.row());
    switch (role) {
        case Qt::DisplayRole:
        case AliasRole:
            return r.host.alias;
        case TargetRole:
            return r.host.target();
        case KnownHostsRole:
            return QDir::toNativeSeparators(r.knownHosts);
        case KeyStateRole:
            return r.keyState;
        case FingerprintRole:
            return r.fingerprint;
        case BusyRole:
            return r.busy;
        case MessageRole:
            return r.message;
        case MessageOkRole:
            return r.messageOk;
        case CanTrustRole:
            return r.pendingTrust != nullptr;
        default:
            return {};
    }
}

QHash<int, QByteArray> HostsModel::roleNames() const {
    return {{AliasRole, "alias"},
            {TargetRole, "target"},
            {KnownHostsRole, "knownHosts"},
            {KeyStateRole, "keyState"},
            {FingerprintRole, "fingerprint"},
            {BusyRole, "busy"},
            {MessageRole, "message"},
            {MessageOkRole, "messageOk"},
            {CanTrustRole, "canTrust"}};
}

void HostsModel::reload() {
    const int before = int(m_rows.size());
    QString error;
    QList<Row> rows;
    const Result<HostsConfig> loaded = HostsConfig::loadFile(m_settings.hostsFile);
    if (!loaded) {
        error = loaded.error().message;
    } else {
        for (const QString& alias : loaded->aliases()) {
            Row r;
            r.host = *loaded->find(alias);
            r.knownHosts = r.host.knownHostsOr(m_settings.knownHostsFile);
            // Offline knowledge only: whether the file has an entry, not whether it still matches.
            r.keyState = HostKeys::isRecorded(r.host, r.knownHosts) ? QStringLiteral("known")
                                                                    : QStringLiteral("unknown");
            rows.append(r);
        }
    }
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
    if (before != m_rows.size())
        Q_EMIT countChanged();
    if (error != m_loadError) {
        m_loadError = error;
        Q_EMIT loadErrorChanged();
    }
}

int HostsModel::rowOf(const QString& alias) const {
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).host.alias == alias)
            return i;
    }
    return -1;
}

void HostsModel::changed(int row) {
    const QModelIndex i = index(row);
    Q_EMIT dataChanged(i, i);
}

void HostsModel::finish(const QString& alias, const QString& message, bool ok) {
    const int row = rowOf(alias);  // the list may have been reloaded meanwhile
    if (row < 0)
        return;
    m_rows[row].busy = false;
    m_rows[row].message = message;
    m_rows[row].messageOk = ok;
    changed(row);
}

void HostsModel::testConnection(int row) {
    if (row < 0 || row >= m_rows.size() || m_rows.at(row).busy)
        return;
    Row& r = m_rows[row];
    r.busy = true;
    r.message = tr("Connecting to %1…").arg(r.host.target());
    r.messageOk = true;
    changed(row);
    if (!m_pool) {
        SshPoolOptions opts;
        opts.maxConnectionsPerHost = 1;
        opts.idleCloseMs = 5000;  // a test, not a session to keep
        m_pool = new SshPool(opts, m_clock, this);
    }
    SshTarget target;
    target.host = r.host;
    target.knownHostsFile = r.knownHosts;
    target.hostsFile = m_settings.hostsFile;
    target.connectTimeoutSecs = 10;
    SshCall call;
    call.command = QStringLiteral("true");
    call.timeoutSecs = 10;
    const QString alias = r.host.alias;
    auto started = std::make_shared<QElapsedTimer>();
    started->start();
    m_pool->submit(target, call, this, [this, alias, started](const QJsonObject& payload) {
        if (payload.value(QStringLiteral("ok")).toBool()) {
            const int i = rowOf(alias);
            if (i >= 0 && m_rows.at(i).keyState != QLatin1String("known")) {
                m_rows[i].keyState = QStringLiteral("known");  // logging in needed a known key
            }
            finish(alias,
                   tr("Connected and ran a command as %1 in %2 ms.")
                       .arg(m_rows.value(i).host.user)
                       .arg(started->elapsed()),
                   true);
        } else {
            finish(alias, payload.value(QStringLiteral("error")).toString(), false);
        }
    });
}

void HostsModel::checkKey(int row) {
    if (row < 0 || row >= m_rows.size() || m_rows.at(row).busy)
        return;
    Row& r = m_rows[row];
    r.busy = true;
    r.pendingTrust.reset();
    r.message = tr("Fetching the host key of %1…").arg(r.host.target());
    r.messageOk = true;
    changed(row);
    auto trust = std::make_shared<HostTrust>(r.host, r.knownHosts);
    const QString alias = r.host.alias;
    runOffThread(
        this, [trust] { return trust->check(); },
        [this, alias, trust](Result<HostTrust::Check> check) {
            const int i = rowOf(alias);
            if (i < 0)
                return;
            if (!check) {
                finish(alias, check.error().message, false);
                return;
            }
            Row& row = m_rows[i];
            row.fingerprint = fingerprintOf(check->key);
            switch (check->state) {
                case HostTrust::State::Known:
                    row.keyState = QStringLiteral("known");
                    finish(alias,
                           tr("The key matches the one recorded in %1.")
                               .arg(QDir::toNativeSeparators(check->knownHostsFile)),
                           true);
                    return;
                case HostTrust::State::Changed:
                    row.keyState = QStringLiteral("changed");
                    finish(alias, check->message, false);
                    return;
                case HostTrust::State::Unknown:
                    row.keyState = QStringLiteral("unknown");
                    row.pendingTrust = trust;
                    finish(alias,
                           tr("Not recorded yet. Compare the fingerprint with what the "
                              "server's administrator sees (on the server: ssh-keygen -lf "
                              "/etc/ssh/ssh_host_%1_key.pub), then trust it.")
                               .arg(HostKeys::keyscanType(check->key.type)),
                           true);
                    return;
            }
        });
}

void HostsModel::trust(int row) {
    if (row < 0 || row >= m_rows.size() || m_rows.at(row).busy || !m_rows.at(row).pendingTrust)
        return;
    Row& r = m_rows[row];
    r.busy = true;
    std::shared_ptr<HostTrust> trust = std::move(r.pendingTrust);
    changed(row);
    const QString alias = r.host.alias;
    const QString file = r.knownHosts;
    runOffThread(
        this, [trust] { return trust->record(); },
        [this, alias, file](Status recorded) {
            const int i = rowOf(alias);
            if (i < 0)
                return;
            if (!recorded) {
                finish(alias, recorded.error().message, false);
                return;
            }
            m_rows[i].keyState = QStringLiteral("known");
            finish(alias,
                   tr("Trusted: the key is recorded in %1. Workers can now reach %2.")
                       .arg(QDir::toNativeSeparators(file), alias),
                   true);
        });
}

void HostsModel::retranslate() {
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0), index(int(m_rows.size()) - 1));
}

}  // namespace zerg
