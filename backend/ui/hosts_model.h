#pragma once

#include "dashboard/hosts_source.h"
#include "ui/model_util.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QHash>
#include <QList>
#include <QVariantList>
#include <QVariantMap>

namespace zerg {

// The dashboard's Hosts page (QML singleton `Hosts`): the SSH allowlist (the hosts file), whether
// each host's key is recorded, and three actions per host, all through a HostsSource (this
// computer's files, or the server's: the hosts its workers reach):
//   testConnection: logs in and runs `true` exactly as a worker's ssh_exec would, so its errors
//                   are the ones a worker would meet;
//   checkKey:       connects without logging in and shows the key's fingerprint and whether
//                   known_hosts has it, a different one, or none;
//   trust:          records the key checkKey showed (only when it was unknown, and only if the
//                   host still offers that very key: a changed key is never overwritten from here).
// Answers come when they come: a list older than the newest reload, or an action's answer after
// the list was reloaded, is dropped.
class HostsModel : public QAbstractListModel, public QmlInstance<HostsModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(Hosts)
    QML_SINGLETON
    Q_PROPERTY(QString hostsFile READ hostsFile NOTIFY hostsFileChanged FINAL)
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    // Non-empty when the hosts file could not be read: what happened and what to do.
    Q_PROPERTY(QString loadError READ loadError NOTIFY loadErrorChanged FINAL)
    // The add / edit form and the import checklist (HostsSource's edits):
    //   saving      a save, removal or import is under way
    //   editError   its error ("" after success): what happened and what to do
    //   notice      the last edit's good news ("Added web1.")
    Q_PROPERTY(bool saving READ saving NOTIFY editChanged FINAL)
    Q_PROPERTY(QString editError READ editError NOTIFY editChanged FINAL)
    Q_PROPERTY(QString notice READ notice NOTIFY editChanged FINAL)
    // [{alias, target, allowed}] of the user's ~/.ssh/config (the server's in remote mode), read
    // by loadImportCandidates(); importSource: that file; importLoading while it is read.
    Q_PROPERTY(QVariantList importCandidates READ importCandidates NOTIFY importChanged FINAL)
    Q_PROPERTY(QString importSource READ importSource NOTIFY importChanged FINAL)
    Q_PROPERTY(QString importError READ importError NOTIFY importChanged FINAL)
    Q_PROPERTY(bool importLoading READ importLoading NOTIFY importChanged FINAL)

public:
    enum Roles {
        AliasRole = Qt::UserRole + 1,
        TargetRole,       // user@host:port
        KnownHostsRole,   // the known_hosts file that applies to the host
        KeyStateRole,     // HostKeyState's word: "known", "unknown", "changed" (from the file
                          // until checkKey connects; "changed" only after a check)
        FingerprintRole,  // "ssh-ed25519 SHA256:…" once checked
        BusyRole,         // a test or check is running
        MessageRole,      // the last action's outcome, for the user
        MessageOkRole,    // whether that outcome was good news
        CanTrustRole,     // checkKey found an unknown key that trust() would record
    };
    Q_ENUM(Roles)

    // Reads the list at once, or first in ensureLoaded() (FirstLoad). source must outlive this.
    explicit HostsModel(HostsSource* source, QObject* parent = nullptr,
                        FirstLoad firstLoad = FirstLoad::Now);
    ~HostsModel() override;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] QString hostsFile() const { return m_hostsFile; }
    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] QString loadError() const { return m_loadError; }
    [[nodiscard]] bool loaded() const { return m_loaded; }

    // Loads now unless it already has (create() calls it for QML).
    void ensureLoaded();
    Q_INVOKABLE void reload();
    // After the user interface's language changed: every row's texts announced again.
    void retranslate();
    Q_INVOKABLE void testConnection(int row);
    Q_INVOKABLE void checkKey(int row);
    Q_INVOKABLE void trust(int row);
    // Check the key, then (when known, or once trusted from the row) test the login: the one
    // flow after a host is added. Unknown keys wait for trust(), which then tests too.
    Q_INVOKABLE void verify(int row);

    // The row's settings for the edit form: {alias, host, port, user, keyFile, knownHosts,
    // proxyJump ("outer,inner")}; empty for a bad row.
    Q_INVOKABLE QVariantMap settingsOf(int row) const;
    // Adds (originalAlias empty) or changes a host from the form's fields (as settingsOf gives
    // them); on success the list reloads and the host is verified. Returns false at once for a
    // port that is not a number; the rest is checked by the source (editError).
    Q_INVOKABLE bool saveHost(const QString& originalAlias, const QVariantMap& form);
    Q_INVOKABLE void removeHost(int row);
    Q_INVOKABLE void loadImportCandidates();
    Q_INVOKABLE void importHosts(const QStringList& aliases);
    // A row's Edit and Remove buttons: the page opens its form or asks (editRequested,
    // removeRequested), since a list delegate cannot reach the page's dialogs. requestEdit(-1):
    // the empty form, to add a host.
    Q_INVOKABLE void requestEdit(int row);
    Q_INVOKABLE void requestRemove(int row);
    // Clears editError and notice (the form opens fresh).
    Q_INVOKABLE void clearEdit();

    [[nodiscard]] bool saving() const { return m_saving; }
    [[nodiscard]] QString editError() const { return m_editError; }
    [[nodiscard]] QString notice() const { return m_notice; }
    [[nodiscard]] QVariantList importCandidates() const { return m_importCandidates; }
    [[nodiscard]] QString importSource() const { return m_importSource; }
    [[nodiscard]] QString importError() const { return m_importError; }
    [[nodiscard]] bool importLoading() const { return m_importLoading; }

Q_SIGNALS:
    void hostsFileChanged();
    void countChanged();
    void loadErrorChanged();
    void editChanged();
    void importChanged();
    // A save succeeded (the form closes).
    void hostSaved(const QString& alias);
    void editRequested(const QVariantMap& settings);
    void removeRequested(int row, const QString& alias);

private:
    struct Row : RowAction {
        HostInfo host;
        HostKeyState keyState = HostKeyState::Unknown;
        QString fingerprint;         // as shown: "type SHA256:…"
        QString pendingFingerprint;  // "SHA256:…" of an unknown key that awaits trust()
        bool testAfterKey = false;   // verify(): a known or trusted key goes on to a test login
    };

    // data() and roleNames(): the roles of a row, which need nothing but the row.
    [[nodiscard]] static const RoleTable<Row>& roles();

    void apply(const HostsList& list);
    // Marks the row busy with message; returns the action's id for its answer.
    quint64 start(int row, const QString& message);
    // The row waiting for this action's answer, or -1 (the list was reloaded meanwhile).
    [[nodiscard]] int rowOf(const QString& alias, quint64 action) const;
    void changed(int row);
    void finish(int row, const QString& message, bool ok);
    void setLoadError(const QString& message);
    // An edit starts: saving, and the last outcome cleared.
    void beginEdit();
    // An edit's answer: the error, or the notice and a reload that verifies alias (if any).
    void editDone(const Status& done, const QString& notice, const QString& verifyAlias);

    HostsSource* m_source;
    QList<Row> m_rows;
    QString m_hostsFile;
    QString m_loadError;
    NewestRequest m_reloads;
    quint64 m_nextAction = 0;
    bool m_loaded = false;
    bool m_saving = false;
    QString m_editError;
    QString m_notice;
    QString m_verifyAfterLoad;  // the alias to verify once the reloaded list has it
    QVariantList m_importCandidates;
    QString m_importSource;
    QString m_importError;
    bool m_importLoading = false;
};

}  // namespace zerg
