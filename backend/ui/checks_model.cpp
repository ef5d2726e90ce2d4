#include "ui/checks_model.h"

#include "dashboard/hosts_source.h"

#include <QNetworkAccessManager>

namespace zerg {

ChecksModel::ChecksModel(DoctorFactory factory, QObject* parent)
    : QAbstractListModel(parent), m_factory(std::move(factory)) {}

ChecksModel::~ChecksModel() = default;

ChecksModel::DoctorFactory ChecksModel::localDoctor(const Settings& settings, Clock* clock,
                                                    HostsSource* hosts) {
    return [settings, clock, hosts](QObject* parent) -> Doctor* {
        // The doctor's requests go through a manager of its own, deleted with it.
        auto* nam = new QNetworkAccessManager;
        auto* doctor = new Doctor(settings, nam, clock, hosts, DoctorTimeouts{}, parent);
        nam->setParent(doctor);
        return doctor;
    };
}

const RoleTable<DoctorCheck>& ChecksModel::roles() {
    static const RoleTable<DoctorCheck> table{
        {CheckIdRole, "checkId", &DoctorCheck::id},
        {TitleRole, "title", &DoctorCheck::title},
        {StatusRole, "status", [](const DoctorCheck& c) { return statusName(c.status); }},
        {MessageRole, "message", &DoctorCheck::message},
        {FixRole, "fix",
         [](const DoctorCheck& c) {
             return c.status == DoctorCheck::Status::Ok ? QString() : c.fix;
         }},
        {Qt::DisplayRole, nullptr, &DoctorCheck::title},
    };
    return table;
}

int ChecksModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant ChecksModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows.size())
        return {};
    return roles().value(m_rows.at(index.row()), role);
}

QHash<int, QByteArray> ChecksModel::roleNames() const {
    return roles().names();
}

void ChecksModel::run() {
    if (m_doctor || !m_factory)
        return;
    if (!m_rows.isEmpty()) {
        beginResetModel();
        m_rows.clear();
        endResetModel();
        Q_EMIT countChanged();
    }
    m_doctor = m_factory(this);
    connect(m_doctor, &Doctor::checked, this, &ChecksModel::onChecked);
    connect(m_doctor, &Doctor::finished, this, &ChecksModel::onFinished, Qt::QueuedConnection);
    Q_EMIT runningChanged();
    m_doctor->run();
}

void ChecksModel::onChecked(const DoctorCheck& check) {
    const int row = int(m_rows.size());
    beginInsertRows({}, row, row);
    m_rows.append(check);
    endInsertRows();
    Q_EMIT countChanged();
}

void ChecksModel::onFinished() {
    if (!m_doctor)
        return;
    // Later: the doctor's host logins answer through queued calls that may still be on their way.
    m_doctor->deleteLater();
    m_doctor = nullptr;
    m_done = true;
    Q_EMIT runningChanged();
}

QString ChecksModel::summary() const {
    if (!m_done || m_doctor)
        return {};
    int failures = 0;
    int warnings = 0;
    for (const DoctorCheck& c : m_rows) {
        failures += c.status == DoctorCheck::Status::Failed ? 1 : 0;
        warnings += c.status == DoctorCheck::Status::Warning ? 1 : 0;
    }
    if (failures > 0) {
        return tr("Problems to fix: %1, warnings: %2. Fix the problems, then run the checks "
                  "again.")
            .arg(failures)
            .arg(warnings);
    }
    if (warnings > 0)
        return tr("No problems; warnings: %1.").arg(warnings);
    return tr("Everything looks fine.");
}

bool ChecksModel::summaryOk() const {
    return std::none_of(m_rows.cbegin(), m_rows.cend(), [](const DoctorCheck& c) {
        return c.status == DoctorCheck::Status::Failed;
    });
}

QString ChecksModel::unavailableReason() const {
    if (m_factory)
        return {};
    return tr(
        "This window uses a Zerg server, so the set-up to check is the server's: run "
        "`zerg doctor` on the server.");
}

void ChecksModel::retranslate() {
    Q_EMIT runningChanged();  // the summary reads again
}

}  // namespace zerg
