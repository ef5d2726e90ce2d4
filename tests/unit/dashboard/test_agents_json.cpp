// Dashboard › Agents' JSON form (recordjson in dashboard/agents_source.h, docs/api.md): a tuning
// with every field set and one with none (nulls, not defaults) come back as they were, an empty
// tool list stays a list (no tool) rather than null (all tools), an agent and the list of agents
// come back whole with their history, and a role word this version does not know is refused
// with an error naming it, wherever it is.
#include "dashboard/agents_source.h"
#include "why.h"

#include <QJsonArray>
#include <QTest>

using namespace zerg;
using zerg::test::why;

namespace {

const QDateTime kChanged(QDate(2026, 3, 1), QTime(12, 30, 15, 250), Qt::UTC);

// A worker's tuning with every field set.
AgentProfile fullProfile() {
    AgentProfile p;
    p.role = AgentRole::Worker;
    p.version = 3;
    p.systemPrompt = QStringLiteral("Be brief.\nTools: {tools}");
    p.model = QStringLiteral("small-model");
    p.temperature = 0.25;
    p.maxTokens = 512;
    p.tools = QStringList{QStringLiteral("ssh_exec"), QStringLiteral("http_request")};
    p.changedBy = QStringLiteral("Ada (api:2)");
    p.changedAt = kChanged;
    return p;
}

void compareProfiles(const AgentProfile& back, const AgentProfile& p) {
    QCOMPARE(back.role, p.role);
    QCOMPARE(back.version, p.version);
    QCOMPARE(back.systemPrompt, p.systemPrompt);
    QCOMPARE(back.model, p.model);
    QCOMPARE(back.temperature, p.temperature);
    QCOMPARE(back.maxTokens, p.maxTokens);
    QCOMPARE(back.tools, p.tools);
    QCOMPARE(back.changedBy, p.changedBy);
    QCOMPARE(back.changedAt, p.changedAt);
    QVERIFY(back.sameTuning(p));
}

// The quick path's agent: tools, a required one, two saved versions.
AgentRow quickRow() {
    AgentRow r;
    r.role = AgentRole::Quick;
    r.profile = fullProfile();
    r.profile.role = AgentRole::Quick;
    r.profile.tools = QStringList{QStringLiteral("route_to_supervisor")};
    r.builtInPrompt = QStringLiteral("You are the quick path.");
    r.settingsModel = QStringLiteral("fast-model");
    r.settingsModelVariable = QStringLiteral("ZERG_QUICK_MODEL");
    r.usesTools = true;
    r.tools = {{QStringLiteral("route_to_supervisor"), QStringLiteral("Hand the request over.")},
               {QStringLiteral("remember"), QStringLiteral("Keep a fact.")}};
    r.requiredTools = {QStringLiteral("route_to_supervisor")};
    AgentProfile older = AgentProfile::builtIn(AgentRole::Quick);
    older.version = 2;
    older.changedBy = QStringLiteral("Ada");
    older.changedAt = kChanged.addSecs(-60);
    r.history = {r.profile, older};
    return r;
}

void compareRows(const AgentRow& back, const AgentRow& r) {
    QCOMPARE(back.role, r.role);
    compareProfiles(back.profile, r.profile);
    QCOMPARE(back.builtInPrompt, r.builtInPrompt);
    QCOMPARE(back.settingsModel, r.settingsModel);
    QCOMPARE(back.settingsModelVariable, r.settingsModelVariable);
    QCOMPARE(back.usesTools, r.usesTools);
    QCOMPARE(back.tools.size(), r.tools.size());
    for (qsizetype i = 0; i < r.tools.size(); ++i) {
        QCOMPARE(back.tools.at(i).name, r.tools.at(i).name);
        QCOMPARE(back.tools.at(i).description, r.tools.at(i).description);
    }
    QCOMPARE(back.requiredTools, r.requiredTools);
    QCOMPARE(back.history.size(), r.history.size());
    for (qsizetype i = 0; i < r.history.size(); ++i)
        compareProfiles(back.history.at(i), r.history.at(i));
}

}  // namespace

class TestAgentsJson : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aFullTuningComesBack() {
        const AgentProfile p = fullProfile();
        const QJsonObject o = recordjson::toJson(p);
        QCOMPARE(o.value("role").toString(), statusName(AgentRole::Worker));
        QCOMPARE(o.value("version").toInt(), 3);
        QCOMPARE(o.value("system_prompt").toString(), *p.systemPrompt);
        QCOMPARE(o.value("model").toString(), p.model);
        QCOMPARE(o.value("temperature").toDouble(), 0.25);
        QCOMPARE(o.value("max_tokens").toInt(), 512);
        QCOMPARE(o.value("tools").toArray(),
                 QJsonArray({QStringLiteral("ssh_exec"), QStringLiteral("http_request")}));
        QCOMPARE(o.value("changed_by").toString(), p.changedBy);
        QCOMPARE(o.value("changed_at").toString(), QStringLiteral("2026-03-01T12:30:15.250Z"));
        QCOMPARE(o.size(), 9);

        const Result<AgentProfile> back = recordjson::agentProfile(o);
        QVERIFY2(back, why(back));
        compareProfiles(back.value(), p);
    }

    void anUnsetTuningIsNullsAndComesBackUnset() {
        AgentProfile p;
        p.role = AgentRole::Decider;
        const QJsonObject o = recordjson::toJson(p);
        for (const char* key : {"system_prompt", "temperature", "max_tokens", "tools"})
            QVERIFY2(o.value(QLatin1String(key)).isNull(), key);
        QCOMPARE(o.value("model").toString(), QString());
        QCOMPARE(o.value("changed_at").toString(), QString());

        const Result<AgentProfile> back = recordjson::agentProfile(o);
        QVERIFY2(back, why(back));
        QVERIFY(!back->systemPrompt);
        QVERIFY(!back->temperature);
        QVERIFY(!back->maxTokens);
        QVERIFY(!back->tools);
        QVERIFY(!back->changedAt.isValid());
        compareProfiles(back.value(), p);

        // Keys left out read as unset too.
        const Result<AgentProfile> bare =
            recordjson::agentProfile({{"role", statusName(AgentRole::Summary)}});
        QVERIFY2(bare, why(bare));
        QCOMPARE(bare->role, AgentRole::Summary);
        QVERIFY(!bare->systemPrompt && !bare->temperature && !bare->maxTokens && !bare->tools);
    }

    void noToolIsNotAllTools() {
        AgentProfile p = fullProfile();
        p.tools = QStringList();
        const QJsonObject o = recordjson::toJson(p);
        QVERIFY(o.value("tools").isArray());
        const Result<AgentProfile> back = recordjson::agentProfile(o);
        QVERIFY2(back, why(back));
        QVERIFY(back->tools.has_value());
        QVERIFY(back->tools->isEmpty());
        QVERIFY(!back->allows(QStringLiteral("ssh_exec")));
    }

    void anAgentComesBackWhole() {
        const AgentRow r = quickRow();
        const QJsonObject o = recordjson::toJson(r);
        for (const char* key :
             {"role", "profile", "built_in_prompt", "settings_model", "settings_model_variable",
              "uses_tools", "tools", "required_tools", "history"}) {
            QVERIFY2(o.contains(QLatin1String(key)), key);
        }
        QCOMPARE(o.value("tools").toArray().at(1).toObject(),
                 QJsonObject({{"name", "remember"}, {"description", "Keep a fact."}}));
        QCOMPARE(o.value("history").toArray().size(), 2);

        const Result<AgentRow> back = recordjson::agentRow(o);
        QVERIFY2(back, why(back));
        compareRows(back.value(), r);
    }

    void theListComesBackInOrder() {
        AgentRow summary;
        summary.role = AgentRole::Summary;
        summary.profile = AgentProfile::builtIn(AgentRole::Summary);
        summary.builtInPrompt = QStringLiteral("Summarise.");
        const QList<AgentRow> rows{quickRow(), summary};

        const QJsonObject o = recordjson::agentsJson(rows);
        QCOMPARE(o.value("agents").toArray().size(), 2);
        const Result<QList<AgentRow>> back = recordjson::agentsList(o);
        QVERIFY2(back, why(back));
        QCOMPARE(back->size(), 2);
        compareRows(back->at(0), rows.at(0));
        compareRows(back->at(1), rows.at(1));
        QVERIFY(back->at(1).history.isEmpty());
        QVERIFY(!back->at(1).usesTools);

        const Result<QList<AgentRow>> none = recordjson::agentsList({});
        QVERIFY(!none);
        QCOMPARE(none.error().code, QStringLiteral("protocol"));
    }

    void anUnknownRoleIsRefused() {
        QJsonObject profile = recordjson::toJson(fullProfile());
        profile.insert("role", "boss");
        const Result<AgentProfile> p = recordjson::agentProfile(profile);
        QVERIFY(!p);
        QCOMPARE(p.error().code, QStringLiteral("invalid_argument"));
        QVERIFY2(p.error().message.contains(QStringLiteral("'boss'")),
                 qPrintable(p.error().message));
        QVERIFY2(p.error().message.contains(statusName(AgentRole::Summary)),
                 qPrintable(p.error().message));

        // No role is no agent either: a tuning is never taken for the supervisor's.
        profile.remove("role");
        QVERIFY(!recordjson::agentProfile(profile));

        // In an agent, its tuning or its history, and so in the list.
        const QJsonObject row = recordjson::toJson(quickRow());
        QJsonObject badRole = row;
        badRole.insert("role", "boss");
        QVERIFY(!recordjson::agentRow(badRole));
        QJsonObject badProfile = row;
        QJsonObject inner = badProfile.value("profile").toObject();
        inner.insert("role", "boss");
        badProfile.insert("profile", inner);
        QVERIFY(!recordjson::agentRow(badProfile));
        QJsonObject badHistory = row;
        QJsonArray history = badHistory.value("history").toArray();
        history.append(QJsonObject{{"role", "boss"}});
        badHistory.insert("history", history);
        const Result<AgentRow> r = recordjson::agentRow(badHistory);
        QVERIFY(!r);
        QVERIFY(r.error().message.contains(QStringLiteral("'boss'")));
        const Result<QList<AgentRow>> list =
            recordjson::agentsList({{"agents", QJsonArray{row, badHistory}}});
        QVERIFY(!list);
        QCOMPARE(list.error().code, QStringLiteral("invalid_argument"));
    }
};

QTEST_GUILESS_MAIN(TestAgentsJson)
#include "test_agents_json.moc"
