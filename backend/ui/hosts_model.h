#pragma once

#include "core/settings.h"
#include "tools/hosts_config.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QElapsedTimer>
#include <QHash>
#include <QList>

#include <memory>

class QQmlEngine;
class QJSEngine;

namespace zerg {

class Clock;
class HostTrust;
class SshPool;

// The dashboard's Hosts page (QML singleton `Hosts`): the SSH allowlist (Settings::hostsFile),
// whether each host's key is recorded, and three actions per host:
//   testConnection: logs in and runs `true` through an SSH pool of its own, exactly as a
//                   worker's ssh_exec would, so its errors are the ones a worker would meet;
//   checkKey:       connects without logging in and shows the key's fingerprint and whether
//                   known_hosts has it, a different one, or none;
//   trust:          records the key checkKey showed (only when it was unknown: a changed key is
//                   never overwritten from here).
// libssh blocks, so key checks run on the global thread pool; results come back to this thread.
class HostsModel : public QAbstractListModel {
    Q_OBJECT
    QML_NAMED_ELEMENT(Hosts)
    QML_SINGLETON
    Q_PROPERTY(QString hostsFile READ hostsFile CONSTANT FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    // Non-empty when the hosts file could not be read: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)

public:
    enum Roles {
        AliasRole = Qt::UserRole + 1,
        TargetRole,       // user@host:port
        KnownHostsRole,   // the known_hosts file that applies to the host
        KeyStateRole,     // "known", "unknown", "changed"; "unchecked" before a check when offline
                          // knowledge says nothing is recorded ("known" from the file otherwise)
        FingerprintRole,  // "ssh-ed25519 SHA256:…" once checked
        BusyRole,         // a test or check is running
        MessageRole,      // the last action's outcome, for the user
        MessageOkRole,    // whether that outcome was good news
        CanTrustRole,     // checkKey found an unknown key that trust() would record
    };
    Q_ENUM(Roles)

    // Reads the hosts file at once. clock: the SSH pool's idle timers (not owned).
    HostsModel(Settings settings, Clock* clock, QObject* parent = nullptr);
    ~HostsModel() override;

    static void setInstance(HostsModel* instance);
    static HostsModel* create(QQmlEngine* qmlEngine, QJSEngine* jsEngine);

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] QString hostsFile() const { return m_settings.hostsFile; }
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] QString loadError() const { return m_loadError; }

    Q_INVOKABLE void reload();
    // After the user interface's language changed: every row's texts announced again.
    void retranslate();
    Q_INVOKABLE void testConnection(int row);
    Q_INVOKABLE void checkKey(int row);
    Q_INVOKABLE void trust(int row);

Q_SIGNALS:
    void countChanged();
    void loadErrorChanged();

private:
    struct Row {
        HostEntry host;
        QString knownHosts;
        QString keyState;
        QString fingerprint;
        bool busy = false;
        QString message;
        bool messageOk = false;
        std::shared_ptr<HostTrust> pendingTrust;  // set while an unknown key awaits trust()
    };

    [[nodiscard]] int rowOf(const QString& alias) const;
    void changed(int row);
    void finish(const QString& alias, const QString& message, bool ok);

    Settings m_settings;
    Clock* m_clock;
    SshPool* m_pool = nullptr;  // created on the first test
    QList<Row> m_rows;
    QString m_loadError;
};

}  // namespace zerg
