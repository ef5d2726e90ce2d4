#pragma once

#include "core/settings.h"
#include "dashboard/doctor.h"
#include "ui/qml_instance.h"
#include "ui/role_table.h"

#include <QtQml/qqmlregistration.h>
#include <QAbstractListModel>
#include <QList>

#include <functional>
#include <memory>

class QNetworkAccessManager;

namespace zerg {

class Clock;
class HostsSource;

// Settings › Checks (QML singleton `Checks`): `zerg doctor`'s checks run from the window, one row
// per result as it comes (title, status word, what was found, what to do), with a summary at the
// end. The Doctor is the command's own (dashboard/doctor.h), so the window and `zerg doctor`
// cannot disagree. Skipped checks are listed too: the row says which failed check they wait on.
//
// The checks are about this computer's set-up (its provider, data folder, database, sandbox, MCP
// servers and hosts). In remote mode the window's set-up is the server's, so the model is made
// unavailable and says to run `zerg doctor` on the server.
class ChecksModel : public QAbstractListModel, public QmlInstance<ChecksModel> {
    Q_OBJECT
    QML_NAMED_ELEMENT(Checks)
    QML_SINGLETON
    Q_PROPERTY(int count READ count NOTIFY countChanged FINAL)
    Q_PROPERTY(bool running READ running NOTIFY runningChanged FINAL)
    // Finished at least once since the window opened.
    Q_PROPERTY(bool done READ done NOTIFY runningChanged FINAL)
    // "Everything looks fine." / "Problems to fix: 2, warnings: 1." after a run; "" before.
    Q_PROPERTY(QString summary READ summary NOTIFY runningChanged FINAL)
    Q_PROPERTY(bool summaryOk READ summaryOk NOTIFY runningChanged FINAL)
    Q_PROPERTY(bool available READ available CONSTANT FINAL)
    // Why not available (remote mode), for the page.
    Q_PROPERTY(QString unavailableReason READ unavailableReason CONSTANT FINAL)

public:
    enum Roles {
        CheckIdRole = Qt::UserRole + 1,  // the doctor's stable id: provider, host:web1, …
        TitleRole,
        StatusRole,  // ok | warn | fail | skipped (DoctorCheck::Status's words)
        MessageRole,
        FixRole,  // what to do; "" for a passed check
    };
    Q_ENUM(Roles)

    // Makes the doctor for one run (its parent: the model); null: not available (remote mode).
    using DoctorFactory = std::function<Doctor*(QObject* parent)>;

    explicit ChecksModel(DoctorFactory factory, QObject* parent = nullptr);
    // This computer's doctor, as `zerg doctor` runs it: settings as loaded at start, hosts
    // through the Hosts page's source (its test logins), requests on a network access manager
    // of the model's own. clock and hosts must outlive the model.
    [[nodiscard]] static DoctorFactory localDoctor(const Settings& settings, Clock* clock,
                                                   HostsSource* hosts);
    ~ChecksModel() override;

    [[nodiscard]] int rowCount(const QModelIndex& parent = {}) const override;
    [[nodiscard]] QVariant data(const QModelIndex& index, int role) const override;
    [[nodiscard]] QHash<int, QByteArray> roleNames() const override;

    [[nodiscard]] int count() const { return int(m_rows.size()); }
    [[nodiscard]] bool running() const { return m_doctor != nullptr; }
    [[nodiscard]] bool done() const { return m_done; }
    [[nodiscard]] QString summary() const;
    [[nodiscard]] bool summaryOk() const;
    [[nodiscard]] bool available() const { return bool(m_factory); }
    [[nodiscard]] QString unavailableReason() const;
    [[nodiscard]] const QList<DoctorCheck>& checks() const { return m_rows; }

    // Runs every check again (the rows of the last run go); ignored while running.
    Q_INVOKABLE void run();
    // After the user interface's language changed: the summary again (rows stay as found).
    void retranslate();

Q_SIGNALS:
    void countChanged();
    void runningChanged();

private:
    void onChecked(const DoctorCheck& check);
    void onFinished();

    [[nodiscard]] static const RoleTable<DoctorCheck>& roles();

    DoctorFactory m_factory;
    Doctor* m_doctor = nullptr;  // the run under way
    QList<DoctorCheck> m_rows;
    bool m_done = false;
};

}  // namespace zerg
