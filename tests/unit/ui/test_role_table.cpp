// RoleTable (ui/role_table.h): one table gives a list model both its data() and its roleNames(),
// so a role QML asks for by name always has a value, and an index or role outside the model
// gives nothing instead of a crash.
#include "ui/role_table.h"

#include <QAbstractListModel>
#include <QTest>

using namespace zerg;

namespace {

struct Row {
    qint64 id = 0;
    QString name;
    int done = 0;
    int total = 0;
};

enum Roles { IdRole = Qt::UserRole + 1, NameRole, ProgressRole, UnnamedRole };

class Rows : public QAbstractListModel {
public:
    explicit Rows(QList<Row> rows) : m_rows(std::move(rows)) {}
    int rowCount(const QModelIndex& parent = {}) const override {
        return parent.isValid() ? 0 : int(m_rows.size());
    }
    QVariant data(const QModelIndex& index, int role) const override {
        return rowData(*this, m_rows, index, role, m_roles);
    }
    QHash<int, QByteArray> roleNames() const override { return m_roles.names(); }

    int scale = 100;

private:
    QList<Row> m_rows;
    const RoleTable<Row> m_roles{
        {IdRole, "id", &Row::id},
        {NameRole, "name", &Row::name},
        {Qt::DisplayRole, nullptr, &Row::name},
        {ProgressRole, "progress",
         [this](const Row& r) { return r.total ? r.done * scale / r.total : 0; }},
    };
};

}  // namespace

class TestRoleTable : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void namesAreTheNamedRolesOnly() {
        const Rows m({});
        const QHash<int, QByteArray> expected{
            {IdRole, "id"}, {NameRole, "name"}, {ProgressRole, "progress"}};
        QCOMPARE(m.roleNames(), expected);
    }

    void everyRoleGivesTheRowsValue() {
        Rows m({{7, "disk", 1, 4}, {9, "load", 3, 3}});
        QCOMPARE(m.data(m.index(0), IdRole), QVariant(qint64(7)));
        QCOMPARE(m.data(m.index(1), NameRole).toString(), "load");
        QCOMPARE(m.data(m.index(1), Qt::DisplayRole).toString(), "load");
        QCOMPARE(m.data(m.index(0), ProgressRole).toInt(), 25);
        // A value computed with the model's state follows that state.
        m.scale = 1000;
        QCOMPARE(m.data(m.index(0), ProgressRole).toInt(), 250);
    }

    void anUnknownRoleOrIndexGivesNothing() {
        const Rows m({{7, "disk", 0, 0}});
        QVERIFY(!m.data(m.index(0), UnnamedRole).isValid());
        QVERIFY(!m.data(m.index(0), Qt::ToolTipRole).isValid());
        QVERIFY(!m.data(m.index(1), IdRole).isValid());
        QVERIFY(!m.data(QModelIndex(), IdRole).isValid());
    }
};

QTEST_GUILESS_MAIN(TestRoleTable)
#include "test_role_table.moc"
