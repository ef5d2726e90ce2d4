#pragma once

#include <QAbstractItemModel>
#include <QByteArray>
#include <QHash>
#include <QList>
#include <QVariant>

#include <functional>
#include <initializer_list>
#include <type_traits>

namespace zerg {

// A list model's roles spelled once: for each role its number, its name in QML and how a row
// gives its value. data() and roleNames() both read the one table, so a role cannot be named in
// one and forgotten in the other.
//
//   const RoleTable<Worker> m_roles{
//       {JobIdRole, "jobId", &Worker::jobId},
//       {TaskRole, "task", &Worker::task},
//       {Qt::DisplayRole, nullptr, &Worker::task},  // a second role for a value, not in QML
//       {ElapsedTextRole, "elapsedText", [this](const Worker& w) { return elapsedText(w); }},
//   };
//
// A table whose values need the model's state (its clock, its locale) is a member that captures
// this; one that reads only the row is a function-local static.
template <typename Row>
class RoleTable {
public:
    struct Role {
        // A member of the row (or of a base of it), given to QML as it is.
        template <typename M, typename C>
        requires std::is_base_of_v<C, Row> Role(int r, const char* n, M C::*member)
            : role(r),
              name(n),
              value([member](const Row& row) { return QVariant::fromValue(row.*member); }) {}
        // A value computed from the row.
        template <typename F>
        requires std::is_invocable_v<const F&, const Row&> Role(int r, const char* n, F f)
            : role(r),
              name(n),
              value([f = std::move(f)](const Row& row) { return QVariant(f(row)); }) {}

        int role;
        const char* name;  // nullptr: a role QML does not ask for by name (Qt::DisplayRole)
        std::function<QVariant(const Row&)> value;
    };

    RoleTable(std::initializer_list<Role> roles) : m_roles(roles) {}

    // The row's value for role; an invalid QVariant for a role the table does not have.
    [[nodiscard]] QVariant value(const Row& row, int role) const {
        for (const Role& r : m_roles) {
            if (r.role == role)
                return r.value(row);
        }
        return {};
    }

    // For roleNames(): the roles that have a name.
    [[nodiscard]] QHash<int, QByteArray> names() const {
        QHash<int, QByteArray> out;
        for (const Role& r : m_roles) {
            if (r.name)
                out.insert(r.role, r.name);
        }
        return out;
    }

private:
    QList<Role> m_roles;
};

// data() of a flat list model over rows: the row's value for role, or an invalid QVariant for an
// index that is not one of model's rows.
template <typename Row>
[[nodiscard]] QVariant rowData(const QAbstractItemModel& model, const QList<Row>& rows,
                               const QModelIndex& index, int role, const RoleTable<Row>& roles) {
    using Check = QAbstractItemModel::CheckIndexOption;
    if (!model.checkIndex(index, Check::IndexIsValid | Check::ParentIsInvalid))
        return {};
    return roles.value(rows.at(index.row()), role);
}

}  // namespace zerg
