// Dashboard › Agents' model over a source that answers when the test says: the five rows and
// their roles (titles, the model shown, customized), the selected agent's properties, what a
// save sends (the numbers parsed here, "every tool" as nullopt, a list otherwise), a field that
// is not a number refused before anything is sent, the source's error and the save's notice,
// the history's descriptions of what changed, the prompt's word diff as HTML, answers to older
// requests dropped, and a model without a source. (The local source against a real store:
// tests/unit/dashboard/.)
#include "dashboard/agents_source.h"
#include "ui/agents_model.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QTest>

#include <functional>
#include <optional>

using namespace zerg;

namespace {

// Keeps every request for the test to answer.
class FakeAgentsSource final : public AgentsSource {
public:
    struct Save {
        AgentProfile tuning;
        SourceReply<AgentRow> done;
    };
    struct Reset {
        AgentRole role;
        SourceReply<AgentRow> done;
    };

    void list(QObject*, SourceReply<QList<AgentRow>> done) override { lists.append(done); }
    void save(const AgentProfile& tuning, const QString&, QObject*,
              SourceReply<AgentRow> done) override {
        saves.append({tuning, done});
    }
    void reset(AgentRole role, const QString&, QObject*, SourceReply<AgentRow> done) override {
        resets.append({role, done});
    }

    QList<SourceReply<QList<AgentRow>>> lists;
    QList<Save> saves;
    QList<Reset> resets;
};

const QString kSsh = QStringLiteral("ssh_exec");
const QString kShell = QStringLiteral("shell_exec");
const QString kRoute = QStringLiteral("route_to_supervisor");

// An agent as a source lists it before anything was changed.
AgentRow agent(AgentRole role) {
    AgentRow a;
    a.role = role;
    a.profile = AgentProfile::builtIn(role);
    a.builtInPrompt = QStringLiteral("You are the %1 agent. Check the disk.").arg(statusName(role));
    a.settingsModel = QStringLiteral("gpt-4o");
    a.settingsModelVariable = QStringLiteral("ZERG_MODEL");
    a.usesTools =
        role == AgentRole::Supervisor || role == AgentRole::Quick || role == AgentRole::Worker;
    if (role == AgentRole::Worker) {
        a.tools = {{kSsh, QStringLiteral("Runs a command on a host over SSH.")},
                   {kShell, QStringLiteral("Runs a command in a sandbox here.")}};
    } else if (role == AgentRole::Quick) {
        a.tools = {{kRoute, QStringLiteral("Hands the request to the supervisor.")}};
        a.requiredTools = {kRoute};
    }
    return a;
}

QList<AgentRow> agents() {
    QList<AgentRow> out;
    for (const auto& [role, name] : StatusTable<AgentRole>::names)
        out.append(agent(role));
    return out;
}

// A saved version of role's tuning: the built-in one as edit changes it.
AgentProfile version(AgentRole role, int number, const std::function<void(AgentProfile&)>& edit) {
    AgentProfile p = AgentProfile::builtIn(role);
    p.version = number;
    p.changedBy = QStringLiteral("ops");
    p.changedAt = QDateTime(QDate(2026, 11, 21), QTime(9, number), Qt::UTC);
    edit(p);
    return p;
}

QVariant cell(const AgentsModel& m, int row, int role) {
    return m.data(m.index(row), role);
}

int rowOf(const AgentsModel& m, AgentRole role) {
    for (int i = 0; i < m.rowCount(); ++i) {
        if (cell(m, i, AgentsModel::RoleRole).toString() == statusName(role))
            return i;
    }
    return -1;
}

QStringList changes(const AgentsModel& m) {
    QStringList out;
    for (const QVariant& entry : m.history())
        out.append(entry.toMap().value(QStringLiteral("change")).toString());
    return out;
}

}  // namespace

class TestAgentsModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void listsTheFiveAgents() {
        FakeAgentsSource source;
        AgentsModel m(&source);
        QAbstractItemModelTester tester(&m);
        QVERIFY(m.available());
        QCOMPARE(source.lists.size(), 1);
        QSignalSpy countChanged(&m, &AgentsModel::countChanged);
        QSignalSpy formChanged(&m, &AgentsModel::formChanged);

        QList<AgentRow> rows = agents();
        rows[int(AgentRole::Worker)].profile.temperature = 0.2;
        rows[int(AgentRole::Worker)].profile.version = 3;
        rows[int(AgentRole::Decider)].profile.model = QStringLiteral("small-model");
        // The built-in prompt's own text is no change.
        AgentRow& summary = rows[int(AgentRole::Summary)];
        summary.profile.systemPrompt = summary.builtInPrompt;
        source.lists.takeFirst()(rows);

        QCOMPARE(m.count(), 5);
        QCOMPARE(countChanged.count(), 1);
        QCOMPARE(formChanged.count(), 1);  // the first agent is selected and its form filled
        QStringList words;
        QStringList titles;
        for (int i = 0; i < m.rowCount(); ++i) {
            words.append(cell(m, i, AgentsModel::RoleRole).toString());
            titles.append(cell(m, i, AgentsModel::TitleRole).toString());
            QVERIFY(!cell(m, i, AgentsModel::BlurbRole).toString().isEmpty());
        }
        QCOMPARE(words, statusNames<AgentRole>());
        QCOMPARE(titles, (QStringList{"Supervisor", "Quick path", "Worker", "Decider", "Summary"}));
        QCOMPARE(m.roleNames().value(AgentsModel::ModelNameRole), QByteArray("modelName"));

        const int worker = rowOf(m, AgentRole::Worker);
        const int decider = rowOf(m, AgentRole::Decider);
        QVERIFY(cell(m, worker, AgentsModel::CustomizedRole).toBool());
        QCOMPARE(cell(m, worker, AgentsModel::VersionRole).toInt(), 3);
        QCOMPARE(cell(m, worker, AgentsModel::ModelNameRole).toString(),
                 QStringLiteral("gpt-4o (from ZERG_MODEL)"));
        QVERIFY(cell(m, worker, AgentsModel::ModelFromSettingsRole).toBool());
        QVERIFY(cell(m, decider, AgentsModel::CustomizedRole).toBool());
        QCOMPARE(cell(m, decider, AgentsModel::ModelNameRole).toString(),
                 QStringLiteral("small-model"));
        QVERIFY(!cell(m, decider, AgentsModel::ModelFromSettingsRole).toBool());
        QVERIFY(!cell(m, rowOf(m, AgentRole::Summary), AgentsModel::CustomizedRole).toBool());
        QVERIFY(!cell(m, rowOf(m, AgentRole::Supervisor), AgentsModel::CustomizedRole).toBool());

        // The selected agent: the supervisor first, with its built-in numbers.
        QCOMPARE(m.selectedRow(), 0);
        QCOMPARE(m.selectedRole(), statusName(AgentRole::Supervisor));
        QCOMPARE(m.temperature(), QVariant(0.7));
        QCOMPARE(m.temperatureText(), QStringLiteral("0.7"));
        QCOMPARE(m.maxTokensText(), QStringLiteral("2000"));
        QVERIFY(m.promptIsBuiltIn());
        QCOMPARE(m.promptText(), m.builtInPrompt());

        m.select(worker);
        QCOMPARE(formChanged.count(), 2);
        QCOMPARE(m.selectedTitle(), QStringLiteral("Worker"));
        QCOMPARE(m.temperatureText(), QStringLiteral("0.2"));
        QVERIFY(!m.maxTokens().isValid());  // not sent
        QCOMPARE(m.maxTokensText(), QString());
        QCOMPARE(m.builtInTemperatureText(), QStringLiteral("provider default"));
        QCOMPARE(m.settingsModelText(), QStringLiteral("gpt-4o (from ZERG_MODEL)"));
        QVERIFY(m.usesTools());
        const QVariantList tools = m.tools();
        QCOMPARE(tools.size(), 2);
        QCOMPARE(tools.at(0).toMap().value(QStringLiteral("name")).toString(), kSsh);
        QVERIFY(tools.at(0).toMap().value(QStringLiteral("allowed")).toBool());
        QVERIFY(!tools.at(0).toMap().value(QStringLiteral("required")).toBool());

        m.select(rowOf(m, AgentRole::Quick));
        const QVariantMap route = m.tools().at(0).toMap();
        QVERIFY(route.value(QStringLiteral("required")).toBool());
        QVERIFY(route.value(QStringLiteral("allowed")).toBool());

        m.select(decider);
        QVERIFY(!m.usesTools());
        QVERIFY(m.tools().isEmpty());

        // Read again with nothing new for the form: the user's typing stays.
        Q_EMIT source.changed();
        QCOMPARE(source.lists.size(), 1);
        source.lists.takeFirst()(rows);
        QCOMPARE(formChanged.count(), 4);
        QCOMPARE(countChanged.count(), 1);
        QCOMPARE(m.selectedRow(), decider);
    }

    void saveSendsWhatWasTyped() {
        FakeAgentsSource source;
        AgentsModel m(&source);
        source.lists.takeFirst()(agents());
        m.select(rowOf(m, AgentRole::Worker));
        const QString builtIn = m.builtInPrompt();

        // Every tool checked: "every tool" (nullopt); the built-in text: the built-in prompt.
        m.save(builtIn, QString(), QString(), QString(), {kShell, kSsh});
        QCOMPARE(source.saves.size(), 1);
        AgentProfile sent = source.saves.at(0).tuning;
        QCOMPARE(sent.role, AgentRole::Worker);
        QVERIFY(!sent.tools.has_value());
        QVERIFY(!sent.systemPrompt.has_value());
        QVERIFY(!sent.temperature.has_value());
        QVERIFY(!sent.maxTokens.has_value());
        QVERIFY(sent.model.isEmpty());
        QVERIFY(m.busy());

        // One left out: the list; the numbers parsed, the model trimmed.
        m.save(QStringLiteral("Be brief."), QStringLiteral(" small-model "),
               QStringLiteral(" 0.2 "), QStringLiteral("1500"), {kShell});
        QCOMPARE(source.saves.size(), 2);
        sent = source.saves.at(1).tuning;
        QVERIFY(sent.tools.has_value());
        QCOMPARE(*sent.tools, QStringList{kShell});
        QCOMPARE(sent.systemPrompt.value_or(QString()), QStringLiteral("Be brief."));
        QCOMPARE(sent.model, QStringLiteral("small-model"));
        QCOMPARE(sent.temperature.value_or(-1), 0.2);
        QCOMPARE(sent.maxTokens.value_or(-1), 1500);

        // An agent without tools sends none, whatever the page passed.
        m.select(rowOf(m, AgentRole::Summary));
        m.save(m.builtInPrompt(), QString(), QString(), QStringLiteral("120"), {kSsh});
        QCOMPARE(source.saves.size(), 3);
        QVERIFY(!source.saves.at(2).tuning.tools.has_value());
    }

    void aBadNumberIsRefusedHere() {
        FakeAgentsSource source;
        AgentsModel m(&source);
        source.lists.takeFirst()(agents());
        QSignalSpy messageChanged(&m, &AgentsModel::messageChanged);

        m.save(m.builtInPrompt(), QString(), QStringLiteral("warm"), QString(), {});
        QVERIFY(source.saves.isEmpty());
        QVERIFY(m.error().contains(QStringLiteral("\"warm\" is not a number")));
        QVERIFY(m.notice().isEmpty());
        QVERIFY(!m.busy());
        QCOMPARE(messageChanged.count(), 1);

        m.save(m.builtInPrompt(), QString(), QString(), QStringLiteral("12.5"), {});
        QVERIFY(source.saves.isEmpty());
        QVERIFY(m.error().contains(QStringLiteral("\"12.5\" is not a whole number")));

        m.save(m.builtInPrompt(), QString(), QStringLiteral("inf"), QString(), {});
        QVERIFY(source.saves.isEmpty());
        QVERIFY(!m.error().isEmpty());
    }

    void theSourcesAnswerIsShown() {
        FakeAgentsSource source;
        AgentsModel m(&source);
        source.lists.takeFirst()(agents());
        m.select(rowOf(m, AgentRole::Worker));
        QSignalSpy formChanged(&m, &AgentsModel::formChanged);

        const QString refusal = QStringLiteral(
            "Temperature 5 is out of range: use 0 to 2 (lower answers more predictably), or leave "
            "it empty for the provider's default.");
        m.save(m.builtInPrompt(), QString(), QStringLiteral("5"), QString(), {kSsh, kShell});
        QVERIFY(m.busy());
        source.saves.takeFirst().done(Error{QStringLiteral("invalid_argument"), refusal});
        QVERIFY(!m.busy());
        QCOMPARE(m.error(), refusal);
        QVERIFY(m.notice().isEmpty());
        QCOMPARE(formChanged.count(), 0);  // what the user typed stays to be corrected

        m.save(m.builtInPrompt(), QString(), QStringLiteral("0.2"), QString(), {kSsh, kShell});
        QVERIFY(m.error().isEmpty());  // cleared when the next one starts
        AgentRow saved = agent(AgentRole::Worker);
        saved.profile.version = 1;
        saved.profile.temperature = 0.2;
        saved.history = {saved.profile};
        source.saves.takeFirst().done(saved);
        QVERIFY(m.error().isEmpty());
        QCOMPARE(m.notice(), QStringLiteral("Saved as version 1. The next request uses it."));
        QCOMPARE(m.selectedVersion(), 1);
        QVERIFY(m.selectedCustomized());
        QCOMPARE(formChanged.count(), 1);  // the new version's fields
        QCOMPARE(cell(m, rowOf(m, AgentRole::Worker), AgentsModel::VersionRole).toInt(), 1);

        // The same tuning again: nothing saved, and said so.
        m.save(m.builtInPrompt(), QString(), QStringLiteral("0.2"), QString(), {kSsh, kShell});
        source.saves.takeFirst().done(saved);
        QVERIFY(m.notice().contains(QStringLiteral("Nothing to save")));

        // Reset: the built-in tuning as the next version.
        m.resetToBuiltIn();
        QCOMPARE(source.resets.size(), 1);
        QCOMPARE(source.resets.at(0).role, AgentRole::Worker);
        AgentRow reset = agent(AgentRole::Worker);
        reset.profile.version = 2;
        source.resets.takeFirst().done(reset);
        QCOMPARE(m.notice(),
                 QStringLiteral("Reset to the built-in tuning as version 2. The next request uses "
                                "it."));
        QVERIFY(!m.selectedCustomized());
    }

    void theHistorySaysWhatChanged() {
        FakeAgentsSource source;
        AgentsModel m(&source);
        QList<AgentRow> rows = agents();
        AgentRow& worker = rows[int(AgentRole::Worker)];
        const AgentRole role = AgentRole::Worker;
        const AgentProfile v1 = version(role, 1, [](AgentProfile& p) { p.temperature = 0.7; });
        const AgentProfile v2 = version(role, 2, [](AgentProfile& p) {
            p.systemPrompt = QStringLiteral("Be brief.");
            p.temperature = 0.2;
            p.tools = QStringList{kShell};
        });
        const AgentProfile v3 = version(role, 3, [](AgentProfile& p) {
            p.temperature = 0.2;
            p.tools = QStringList{kShell};
        });
        const AgentProfile v4 = version(role, 4, [&](AgentProfile& p) {
            p.temperature = 0.2;
            p.tools = QStringList{kShell, kSsh};  // every tool again
            p.model = QStringLiteral("small-model");
            p.maxTokens = 500;
        });
        const AgentProfile v5 = version(role, 5, [](AgentProfile& p) {
            p.temperature = 0.2;
            p.model = QStringLiteral("small-model");
            p.maxTokens = 500;
        });
        worker.history = {v5, v4, v3, v2, v1};
        worker.profile = v5;
        source.lists.takeFirst()(rows);
        m.select(rowOf(m, role));

        QCOMPARE(changes(m),
                 (QStringList{
                     QStringLiteral("no change"),
                     QStringLiteral("model the settings' model → small-model, max tokens provider "
                                    "default → 500, tools: +ssh_exec"),
                     QStringLiteral("prompt reset to built-in"),
                     QStringLiteral("prompt edited, temperature 0.7 → 0.2, tools: −ssh_exec"),
                     QStringLiteral("temperature provider default → 0.7"),
                 }));
        const QVariantMap newest = m.history().at(0).toMap();
        QCOMPARE(newest.value(QStringLiteral("version")).toInt(), 5);
        QCOMPARE(newest.value(QStringLiteral("changedBy")).toString(), QStringLiteral("ops"));
        QVERIFY(!newest.value(QStringLiteral("changedAt")).toString().isEmpty());

        // The oldest version listed is not the first: what it changed is not known here.
        worker.history = {v5, v4};
        Q_EMIT source.changed();
        source.lists.takeFirst()(rows);
        QCOMPARE(changes(m).size(), 2);
        QVERIFY(changes(m).at(1).contains(QStringLiteral("version 3")));
    }

    void thePromptsDiffIsHtml() {
        FakeAgentsSource source;
        AgentsModel m(&source);
        source.lists.takeFirst()(agents());
        m.select(rowOf(m, AgentRole::Worker));
        QCOMPARE(m.builtInPrompt(), QStringLiteral("You are the worker agent. Check the disk."));

        const QString html =
            m.promptDiffHtml(QStringLiteral("You are the worker agent. Check the <disks>.\nNow."),
                             QStringLiteral("#00ff00"), QStringLiteral("#ff0000"));
        QVERIFY(html.contains(QStringLiteral("You are the worker agent. Check the ")));
        QVERIFY(html.contains(QStringLiteral("<span style=\"background-color:#00ff00;\">")));
        QVERIFY(html.contains(QStringLiteral("&lt;disks&gt;.")));
        QVERIFY(html.contains(
            QStringLiteral("<span style=\"background-color:#ff0000;\"><s>disk.</s></span>")));
        QVERIFY(html.contains(QStringLiteral("<br/>")));
        QVERIFY(!html.contains(QStringLiteral("<disks>")));

        // Unchanged: the text, nothing marked.
        const QString same =
            m.promptDiffHtml(m.builtInPrompt(), QStringLiteral("#00ff00"), QStringLiteral("#f00"));
        QVERIFY(same.contains(m.builtInPrompt()));
        QVERIFY(!same.contains(QStringLiteral("background-color")));
    }

    void olderAnswersAreDropped() {
        FakeAgentsSource source;
        AgentsModel m(&source);
        m.reload();
        QCOMPARE(source.lists.size(), 2);
        QList<AgentRow> newer = agents();
        newer[0].profile.version = 7;
        source.lists.takeLast()(newer);
        source.lists.takeFirst()(agents());  // the older request's answer comes late
        QCOMPARE(m.selectedVersion(), 7);

        // Two saves: only the second one's answer counts.
        m.save(m.builtInPrompt(), QString(), QStringLiteral("0.1"), QString(), {});
        m.save(m.builtInPrompt(), QString(), QStringLiteral("0.3"), QString(), {});
        QCOMPARE(source.saves.size(), 2);
        source.saves.takeFirst().done(Error{QStringLiteral("db"), QStringLiteral("stale")});
        QVERIFY(m.error().isEmpty());
        QVERIFY(m.busy());
        AgentRow saved = newer[0];
        saved.profile.version = 8;
        source.saves.takeFirst().done(saved);
        QVERIFY(!m.busy());
        QCOMPARE(m.notice(), QStringLiteral("Saved as version 8. The next request uses it."));

        // Another agent selected while a save waits: its answer is not shown on that agent.
        m.save(m.builtInPrompt(), QString(), QStringLiteral("0.4"), QString(), {});
        m.select(rowOf(m, AgentRole::Decider));
        QVERIFY(!m.busy());
        source.saves.takeFirst().done(Error{QStringLiteral("db"), QStringLiteral("late")});
        QVERIFY(m.error().isEmpty());
        QVERIFY(m.notice().isEmpty());
    }

    void withoutASourceNothingCanBeTuned() {
        AgentsModel m(nullptr);
        QVERIFY(!m.available());
        m.ensureLoaded();
        m.reload();
        QCOMPARE(m.count(), 0);
        QCOMPARE(m.selectedRow(), -1);
        m.select(0);
        m.save(QStringLiteral("x"), QString(), QString(), QString(), {});
        m.resetToBuiltIn();
        QVERIFY(m.error().isEmpty());
        QVERIFY(m.history().isEmpty());
        QCOMPARE(
            m.promptDiffHtml(QStringLiteral("a"), QStringLiteral("#0f0"), QStringLiteral("#f00")),
            QStringLiteral("<div style=\"white-space: pre-wrap;\"><span "
                           "style=\"background-color:#0f0;\">a</span></div>"));
    }

    void loadsWhenShown() {
        FakeAgentsSource source;
        AgentsModel m(&source, nullptr, FirstLoad::WhenShown);
        QVERIFY(source.lists.isEmpty());
        Q_EMIT source.changed();  // not before the first load
        QVERIFY(source.lists.isEmpty());
        m.ensureLoaded();
        QCOMPARE(source.lists.size(), 1);
        m.ensureLoaded();
        QCOMPARE(source.lists.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestAgentsModel)
#include "test_agents_model.moc"
