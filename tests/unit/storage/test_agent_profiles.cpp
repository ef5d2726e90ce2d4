// AgentProfileStore (issue 27, migration 17): the versions of the agents' tuning. Nothing saved
// is the built-in tuning; each save is the role's next version with every field as given (unset
// fields stay unset); the history is newest first. On a real SQLite file and, as
// test_agent_profiles_postgres (ZERG_TEST_DB=postgres), on a real PostgreSQL server.
#include "postgres_fixture.h"
#include "storage/agent_profiles.h"
#include "storage/database.h"
#include "why.h"

#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::why;

namespace {

const QDateTime kT0(QDate(2026, 3, 1), QTime(9, 0), Qt::UTC);

}  // namespace

class TestAgentProfiles : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    int m_n = 0;

    std::unique_ptr<Database> fresh() {
        auto db =
            test::openTestDatabase(m_tmp.filePath(QStringLiteral("a%1.sqlite").arg(++m_n)), kT0);
        if (!db)
            qFatal("%s", qPrintable(db.error().message));
        return std::move(db).value();
    }

private Q_SLOTS:
    void nothingSavedIsTheBuiltInTuning() {
        const auto db = fresh();
        AgentProfileStore store(db.get());
        const Result<AgentProfile> supervisor = store.current(AgentRole::Supervisor);
        QVERIFY2(supervisor, why(supervisor));
        QCOMPARE(supervisor->version, 0);
        QCOMPARE(supervisor->temperature, std::optional<double>(0.7));
        QCOMPARE(supervisor->maxTokens, std::optional<int>(2000));
        QVERIFY(!supervisor->systemPrompt);
        QVERIFY(!supervisor->tools);
        QVERIFY(supervisor->model.isEmpty());
        const Result<AgentProfile> worker = store.current(AgentRole::Worker);
        QVERIFY(!worker->temperature);
        QVERIFY(!worker->maxTokens);
        QCOMPARE(store.current(AgentRole::Summary)->maxTokens, std::optional<int>(120));
        QVERIFY(store.history(AgentRole::Worker, 10)->isEmpty());
    }

    void savesAreVersionsPerRole() {
        const auto db = fresh();
        AgentProfileStore store(db.get());
        AgentProfile p = AgentProfile::builtIn(AgentRole::Worker);
        p.systemPrompt = QStringLiteral("Be brief. Tools: {tools}");
        p.model = QStringLiteral("small-model");
        p.temperature = 0.25;
        p.maxTokens = 900;
        p.tools = QStringList{QStringLiteral("ssh_exec"), QStringLiteral("request_help")};
        p.changedBy = QStringLiteral("alice");
        const Result<AgentProfile> first = store.save(p, kT0);
        QVERIFY2(first, why(first));
        QCOMPARE(first->version, 1);

        AgentProfile again = AgentProfile::builtIn(AgentRole::Worker);
        again.tools = QStringList{};  // no tools at all is a choice too, not "all"
        again.changedBy = QStringLiteral("bob (api:3)");
        QCOMPARE(store.save(again, kT0.addSecs(60))->version, 2);
        // Another role counts its own versions.
        QCOMPARE(store.save(AgentProfile::builtIn(AgentRole::Decider), kT0)->version, 1);

        const Result<AgentProfile> now = store.current(AgentRole::Worker);
        QVERIFY2(now, why(now));
        QCOMPARE(now->version, 2);
        QVERIFY(!now->systemPrompt);
        QVERIFY(now->model.isEmpty());
        QVERIFY(!now->temperature);
        QCOMPARE(now->tools, std::optional<QStringList>(QStringList{}));
        QCOMPARE(now->changedBy, QStringLiteral("bob (api:3)"));
        QCOMPARE(now->changedAt, kT0.addSecs(60));

        const Result<QList<AgentProfile>> history = store.history(AgentRole::Worker, 10);
        QVERIFY2(history, why(history));
        QCOMPARE(history->size(), 2);
        const AgentProfile& old = history->at(1);
        QCOMPARE(old.version, 1);
        QCOMPARE(old.systemPrompt,
                 std::optional<QString>(QStringLiteral("Be brief. Tools: {tools}")));
        QCOMPARE(old.model, QStringLiteral("small-model"));
        QCOMPARE(old.temperature, std::optional<double>(0.25));
        QCOMPARE(old.maxTokens, std::optional<int>(900));
        QCOMPARE(old.tools, std::optional<QStringList>(QStringList{
                                QStringLiteral("ssh_exec"), QStringLiteral("request_help")}));
        QVERIFY(old.sameTuning(p));
        QVERIFY(!old.sameTuning(now.value()));
        QCOMPARE(store.history(AgentRole::Worker, 1)->size(), 1);
    }

    // Two stores on one database (two processes) saving one after the other never share a
    // version.
    void twoWritersGetDistinctVersions() {
        const auto db = fresh();
        AgentProfileStore a(db.get());
        AgentProfileStore b(db.get());
        AgentProfile p = AgentProfile::builtIn(AgentRole::Supervisor);
        p.changedBy = QStringLiteral("a");
        QCOMPARE(a.save(p, kT0)->version, 1);
        p.temperature = 0.1;
        QCOMPARE(b.save(p, kT0)->version, 2);
        QCOMPARE(a.current(AgentRole::Supervisor)->temperature, std::optional<double>(0.1));
    }
};

QTEST_GUILESS_MAIN(TestAgentProfiles)
#include "test_agent_profiles.moc"
