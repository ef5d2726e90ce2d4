#pragma once

// What the approval tests end to end share (test_approvals_e2e, test_mail_replies_e2e): the
// scripted request that changes the sshd host, the settings of a backend on the loopback LLM
// server and the sshd fixture, and a look at the events.
#include "core/event.h"
#include "core/settings.h"
#include "fake_llm_server.h"
#include "llm_responses.h"
#include "sshd_fixture.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>

namespace zerg::test {

// One request: the supervisor spawns a worker, the worker runs `command` on testbox, then both
// answer. The summary model's answer comes last.
inline QJsonArray oneChange(const QString& command, const QString& tag) {
    return {toolCallResponse("supervisor-model", "call_s_" + tag, "spawn_worker",
                             {{"task", "Change testbox: " + tag}}),
            toolCallResponse("worker-model", "call_w_" + tag, "ssh_exec",
                             {{"host", "testbox"}, {"command", command}}),
            textResponse("worker-model", "worker done " + tag),
            textResponse("supervisor-model", "supervisor done " + tag),
            textResponse("summary-model", "summary " + tag)};
}

// A backend's settings in dir: the models of oneChange() on llm, the host testbox on sshd,
// approvals asked for. The database is the caller's (testDatabaseUrl).
inline Settings approvalSettings(const QString& dir, const FakeLlmServer& llm,
                                 const SshdFixture& sshd) {
    Settings s;
    s.dataDir = dir;
    s.hostsFile = sshd.writeHostsFile(QStringLiteral("testbox"), sshd.knownHostsPath());
    s.knownHostsFile = sshd.knownHostsPath();
    s.llmBaseUrl = llm.baseUrl();
    s.pricingFile = dir + QStringLiteral("/no-pricing-override.json");
    s.model = QStringLiteral("supervisor-model");
    s.workerModel = QStringLiteral("worker-model");
    s.summaryModel = QStringLiteral("summary-model");
    s.deciderModel = QStringLiteral("heuristic");
    s.checkIntervalSeconds = 1;
    s.approvalMode = QStringLiteral("ask");
    return s;
}

// The data of the last event called name; empty when there is none.
inline QJsonObject lastEvent(const QList<Event>& events, const char* name) {
    for (qsizetype i = events.size() - 1; i >= 0; --i) {
        if (events.at(i).name == QLatin1String(name))
            return events.at(i).data;
    }
    return {};
}

}  // namespace zerg::test
