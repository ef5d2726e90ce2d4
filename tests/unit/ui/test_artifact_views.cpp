// The Worker detail page's parsers: the bytes of a worker's files (in the formats the worker
// writes them, backend/workers/worker.cpp) turned into what the page shows.
#include "ui/app_language.h"
#include "ui/artifact_views.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QTest>

using namespace zerg::artifact_views;
using zerg::ApprovalStatus;

namespace {

// JSON written with single quotes for readability: j("{'a':1}") is {"a":1}.
QByteArray j(const char* text) {
    return QByteArray(text).replace('\'', '"');
}

// A tool call file exactly as Worker::onToolFinished writes it.
QByteArray toolCallFile(const QByteArray& stdoutText, const QByteArray& stderrText,
                        bool withStdout = true, bool withStderr = true) {
    QByteArray out =
        "tool: ssh_exec\n"
        "call_id: call_7\n"
        "finished_at: 2024-12-03T14:32:05.120Z\n"
        "duration_ms: 1834\n"
        "arguments: {\"command\":\"df -h\",\"host\":\"cube\"}\n"
        "result: {\"exit_code\":2,\"ok\":true}\n";
    if (withStdout) {
        out += "\n--- stdout ---\n" + stdoutText;
        if (!stdoutText.endsWith('\n'))
            out += '\n';
    }
    if (withStderr) {
        out += "\n--- stderr ---\n" + stderrText;
        if (!stderrText.isEmpty() && !stderrText.endsWith('\n'))
            out += '\n';
    }
    return out;
}

QByteArray check(int number, qint64 elapsed, const QString& action, const QString& argument,
                 const QString& source, const QString& raw = {}) {
    QJsonObject decision{{QStringLiteral("action"), action},
                         {QStringLiteral("source"), source},
                         {QStringLiteral("duration_ms"), 12}};
    if (!argument.isEmpty())
        decision.insert(QStringLiteral("argument"), argument);
    if (!raw.isEmpty())
        decision.insert(QStringLiteral("raw"), raw);
    return QJsonDocument(QJsonObject{{QStringLiteral("check"), number},
                                     {QStringLiteral("elapsed_seconds"), elapsed},
                                     {QStringLiteral("status"), QStringLiteral("running")},
                                     {QStringLiteral("decider"), QStringLiteral("llm")},
                                     {QStringLiteral("decision"), decision}})
        .toJson();
}

// One line of approvals.jsonl as Approvals::approvalJson writes it: the whole record, with the
// answer's fields (status, decided_at, decided_by, device, message, rule_id) from `answer`.
QByteArray approvalLine(qint64 id, const QString& action, const QJsonObject& answer = {}) {
    QJsonObject o{
        {QStringLiteral("approval_id"), id},
        {QStringLiteral("job_id"), 4},
        {QStringLiteral("run_id"), 2},
        {QStringLiteral("worker_id"), QStringLiteral("2026-01-01T12-00-00_fix")},
        {QStringLiteral("call_id"), QStringLiteral("call_%1").arg(id)},
        {QStringLiteral("tool"), QStringLiteral("ssh_exec")},
        {QStringLiteral("target"), QStringLiteral("web1")},
        {QStringLiteral("action"), action},
        {QStringLiteral("classification"),
         QJsonObject{{QStringLiteral("effect"), QStringLiteral("changes")},
                     {QStringLiteral("reason"), QStringLiteral("command")},
                     {QStringLiteral("subject"), action},
                     {QStringLiteral("why"), QStringLiteral("changes a service")}}},
        {QStringLiteral("task"), QStringLiteral("fix nginx on web1")},
        {QStringLiteral("stated_reason"), QStringLiteral("nginx is down")},
        {QStringLiteral("mode"), QStringLiteral("ask")},
        {QStringLiteral("suggested_prefix"), QJsonArray{QStringLiteral("systemctl")}},
        {QStringLiteral("status"), QStringLiteral("pending")},
        {QStringLiteral("requested_at"), QStringLiteral("2026-01-01T12:00:0%1.000Z").arg(id % 10)},
        {QStringLiteral("expires_at"), QStringLiteral("2026-01-01T12:15:00.000Z")},
        {QStringLiteral("decided_at"), QString()},
        {QStringLiteral("decided_by"), QString()},
        {QStringLiteral("device"), QString()},
        {QStringLiteral("message"), QString()},
        {QStringLiteral("rule_id"), 0}};
    for (auto it = answer.begin(); it != answer.end(); ++it)
        o.insert(it.key(), it.value());
    return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
}

QJsonObject answered(const QString& status, const QString& by, const QString& device,
                     const QString& message = {}, qint64 ruleId = 0) {
    return {{QStringLiteral("status"), status},
            {QStringLiteral("decided_at"), QStringLiteral("2026-01-01T12:01:00.000Z")},
            {QStringLiteral("decided_by"), by},
            {QStringLiteral("device"), device},
            {QStringLiteral("message"), message},
            {QStringLiteral("rule_id"), ruleId}};
}

}  // namespace

class TestArtifactViews : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // English plural forms ("2 files") come from the English translation, as in the app; the
    // numbers below are asserted in the C locale's notation.
    void initTestCase() {
        m_language.apply(QStringLiteral("en"));
        QLocale::setDefault(QLocale::c());
    }
    void viewKindFollowsTheWorkerLayout() {
        QCOMPARE(viewKindFor(QStringLiteral("thread.jsonl")), QStringLiteral("thread"));
        QCOMPARE(viewKindFor(QStringLiteral("approvals.jsonl")), QStringLiteral("approvals"));
        QCOMPARE(viewKindFor(QStringLiteral("tool_calls/001_ssh_exec.txt")),
                 QStringLiteral("toolcall"));
        QCOMPARE(viewKindFor(QStringLiteral("monitoring/check_005s.json")),
                 QStringLiteral("check"));
        QCOMPARE(viewKindFor(QStringLiteral("metadata.json")), QStringLiteral("json"));
        QCOMPARE(viewKindFor(QStringLiteral("salute.json")), QStringLiteral("json"));
        QCOMPARE(viewKindFor(QStringLiteral("result.txt")), QStringLiteral("text"));
        QCOMPARE(viewKindFor(QStringLiteral("notes/extra.log")), QStringLiteral("text"));
    }

    void prettyJsonIndentsValidJson() {
        const PrettyText p = prettyJson(j("{'status':'success','hosts':['cube']}"));
        QVERIFY(p.isJson);
        QVERIFY(p.note.isEmpty());
        QVERIFY2(p.text.contains(QStringLiteral("\n    \"status\": \"success\"")),
                 qPrintable(p.text));
        QVERIFY(p.text.startsWith(QLatin1Char('{')));
    }

    void prettyJsonKeepsBrokenTextAndSaysWhy() {
        const QByteArray broken = j("{'status': 'success', 'summary': ");
        const PrettyText p = prettyJson(broken);
        QVERIFY(!p.isJson);
        QCOMPARE(p.text, QString::fromUtf8(broken));
        QVERIFY2(p.note.contains(QStringLiteral("not valid JSON")), qPrintable(p.note));

        const PrettyText empty = prettyJson(QByteArray("  \n"));
        QVERIFY(!empty.isJson);
        QVERIFY(!empty.note.isEmpty());
    }

    void parseThreadMakesToolCallsAndResultsReadable() {
        const QByteArray jsonl =
            j("{'role':'system','content':'You are a worker.'}"
              "\n"
              "{'role':'user','content':'Check the disk on cube'}"
              "\n"
              "{'role':'assistant','content':'Looking.','tool_calls':["
              "{'id':'call_1','type':'function','function':{'name':'ssh_exec','arguments':'{\\'"
              "host\\':\\'cube\\',\\'command\\':\\'df -h\\'}'}},"
              "{'id':'call_2','type':'function','function':{'name':'http_request','arguments':'{"
              "not json'}}]}"
              "\n"
              "{'role':'tool','content':'{\\'exit_code\\':0,\\'stdout\\':\\'/dev/sda1 "
              "40%\\'}','tool_call_id':'call_1','name':'ssh_exec'}"
              "\n"
              "{'role':'tool','content':'refused','tool_call_id':'call_2'}"
              "\n"
              "{'role':'assistant','content':'Disk is 40% full.'}"
              "\n\n");
        const QList<ThreadEntry> e = parseThread(jsonl);
        QCOMPARE(e.size(), 8);

        QCOMPARE(e.at(0).role, QStringLiteral("system"));
        QCOMPARE(e.at(0).kind, QStringLiteral("message"));
        QCOMPARE(e.at(1).text, QStringLiteral("Check the disk on cube"));
        QCOMPARE(e.at(2).kind, QStringLiteral("message"));
        QCOMPARE(e.at(2).text, QStringLiteral("Looking."));
        QCOMPARE(e.at(2).line, 3);

        QCOMPARE(e.at(3).kind, QStringLiteral("tool_call"));
        QCOMPARE(e.at(3).line, 3);
        QCOMPARE(e.at(3).toolName, QStringLiteral("ssh_exec"));
        QCOMPARE(e.at(3).toolCallId, QStringLiteral("call_1"));
        QVERIFY2(e.at(3).toolArgs.contains(QStringLiteral("\n    \"command\": \"df -h\"")),
                 qPrintable(e.at(3).toolArgs));
        // Arguments that are not JSON are shown as the model wrote them, with a note.
        QCOMPARE(e.at(4).toolArgs, QStringLiteral("{not json"));
        QVERIFY(e.at(4).text.contains(QStringLiteral("not valid JSON")));

        QCOMPARE(e.at(5).kind, QStringLiteral("tool_result"));
        QCOMPARE(e.at(5).toolCallId, QStringLiteral("call_1"));
        QVERIFY2(e.at(5).text.contains(QStringLiteral("\"stdout\": \"/dev/sda1 40%\"")),
                 qPrintable(e.at(5).text));
        // A result without a name takes it from the call it answers.
        QCOMPARE(e.at(6).toolName, QStringLiteral("http_request"));
        QCOMPARE(e.at(6).text, QStringLiteral("refused"));
        QCOMPARE(e.at(7).text, QStringLiteral("Disk is 40% full."));
        QCOMPARE(e.at(7).line, 6);
    }

    void parseThreadFlagsACorruptLineAndGoesOn() {
        const QByteArray jsonl =
            j("{'role':'user','content':'one'}"
              "\n"
              "{'role':'assistant','content':'tw"
              "\n"
              "[1,2]\n"
              "{'role':'assistant','content':'three'}"
              "\n");
        const QList<ThreadEntry> e = parseThread(jsonl);
        QCOMPARE(e.size(), 4);
        QCOMPARE(e.at(1).kind, QStringLiteral("error"));
        QVERIFY2(e.at(1).text.contains(QStringLiteral("line 2 is not valid JSON")),
                 qPrintable(e.at(1).text));
        QCOMPARE(e.at(1).raw, QString::fromUtf8(j("{'role':'assistant','content':'tw")));
        QCOMPARE(e.at(2).kind, QStringLiteral("error"));
        QVERIFY(e.at(2).text.contains(QStringLiteral("line 3 is not valid JSON")));
        QCOMPARE(e.at(3).text, QStringLiteral("three"));
        QCOMPARE(e.at(3).line, 4);
    }

    // Two requests answered (one allowed with a rule, one denied with a message), a line that is
    // not JSON between them, and one request still waiting: one row per request, in the order
    // asked, each with what was asked and its newest state.
    void parseApprovalsKeepsTheNewestStateOfEachRequest() {
        const QByteArray jsonl =
            approvalLine(7, QStringLiteral("systemctl restart nginx")) +
            approvalLine(8, QStringLiteral("rm -rf /var/cache/nginx")) +
            approvalLine(7, QStringLiteral("systemctl restart nginx"),
                         answered(QStringLiteral("allowed"), QStringLiteral("user"),
                                  QStringLiteral("desktop"), {}, 3)) +
            "{\"approval_id\": 8, \"status\": \"den\n" +
            approvalLine(8, QStringLiteral("rm -rf /var/cache/nginx"),
                         answered(QStringLiteral("denied"), QStringLiteral("user"),
                                  QStringLiteral("api:2"), QStringLiteral("Not on a Friday."))) +
            "\n" + approvalLine(9, QStringLiteral("apt-get install htop"));
        const ApprovalsAudit audit = parseApprovals(jsonl);
        QCOMPARE(audit.unreadableLines, 1);
        QCOMPARE(audit.rows.size(), 3);

        const ApprovalRow& allowed = audit.rows.at(0);
        QCOMPARE(allowed.approvalId, 7);
        QCOMPARE(allowed.status, ApprovalStatus::Allowed);
        QCOMPARE(allowed.tool, QStringLiteral("ssh_exec"));
        QCOMPARE(allowed.target, QStringLiteral("web1"));
        QCOMPARE(allowed.action, QStringLiteral("systemctl restart nginx"));
        QCOMPARE(allowed.why, QStringLiteral("changes a service"));
        QCOMPARE(allowed.statedReason, QStringLiteral("nginx is down"));
        QCOMPARE(allowed.requestedAt, QDateTime(QDate(2026, 1, 1), QTime(12, 0, 7), Qt::UTC));
        QCOMPARE(allowed.decidedAt, QDateTime(QDate(2026, 1, 1), QTime(12, 1), Qt::UTC));
        QCOMPARE(allowed.decidedBy, QStringLiteral("user"));
        QCOMPARE(allowed.device, QStringLiteral("desktop"));
        QCOMPARE(allowed.ruleId, 3);
        QCOMPARE(allowed.message, QString());

        const ApprovalRow& denied = audit.rows.at(1);
        QCOMPARE(denied.approvalId, 8);
        QCOMPARE(denied.status, ApprovalStatus::Denied);
        QCOMPARE(denied.action, QStringLiteral("rm -rf /var/cache/nginx"));
        QCOMPARE(denied.message, QStringLiteral("Not on a Friday."));
        QCOMPARE(denied.device, QStringLiteral("api:2"));
        QCOMPARE(denied.ruleId, 0);

        const ApprovalRow& waiting = audit.rows.at(2);
        QCOMPARE(waiting.approvalId, 9);
        QCOMPARE(waiting.status, ApprovalStatus::Pending);
        QCOMPARE(waiting.action, QStringLiteral("apt-get install htop"));
        QVERIFY(waiting.requestedAt.isValid());
        QVERIFY(!waiting.decidedAt.isValid());
        QCOMPARE(waiting.decidedBy, QString());
    }

    // Lines that cannot be placed are counted, not guessed at: not an object, no approval id, a
    // status word that is not one of ApprovalStatus's.
    void parseApprovalsCountsWhatItCannotRead() {
        const QByteArray jsonl =
            "[1,2]\n" + j("{'status':'pending','action':'ls'}\n") +
            approvalLine(5, QStringLiteral("reboot"),
                         {{QStringLiteral("status"), QStringLiteral("maybe")}}) +
            approvalLine(6, QStringLiteral("reboot"));
        const ApprovalsAudit audit = parseApprovals(jsonl);
        QCOMPARE(audit.unreadableLines, 3);
        QCOMPARE(audit.rows.size(), 1);
        QCOMPARE(audit.rows.at(0).approvalId, 6);

        QCOMPARE(parseApprovals(QByteArray()).rows.size(), 0);
        QCOMPARE(parseApprovals(QByteArray()).unreadableLines, 0);
    }

    void parseToolCallSplitsStdoutAndStderr() {
        const ToolCallView v = parseToolCall(toolCallFile(
            "Filesystem Size Used\n/dev/sda1 40G 16G\n", "df: /mnt: Permission denied"));
        QCOMPARE(v.tool, QStringLiteral("ssh_exec"));
        QCOMPARE(v.callId, QStringLiteral("call_7"));
        QCOMPARE(v.finishedAt, QStringLiteral("2024-12-03T14:32:05.120Z"));
        QCOMPARE(v.durationMs, std::optional<qint64>(1834));
        QCOMPARE(v.exitCode, std::optional<int>(2));
        QVERIFY2(v.arguments.contains(QStringLiteral("\n    \"host\": \"cube\"")),
                 qPrintable(v.arguments));
        QVERIFY(v.result.contains(QStringLiteral("\"exit_code\": 2")));
        QVERIFY(v.hasStdout);
        QVERIFY(v.hasStderr);
        QCOMPARE(v.stdoutText, QStringLiteral("Filesystem Size Used\n/dev/sda1 40G 16G"));
        QCOMPARE(v.stderrText, QStringLiteral("df: /mnt: Permission denied"));
        QVERIFY(v.other.isEmpty());
    }

    void parseToolCallHandlesEmptyAndMissingSections() {
        const ToolCallView empty = parseToolCall(toolCallFile("", ""));
        QVERIFY(empty.hasStdout);
        QVERIFY(empty.hasStderr);
        QCOMPARE(empty.stdoutText, QString());
        QCOMPARE(empty.stderrText, QString());

        // http_request has no stdout/stderr: only the header.
        const ToolCallView http = parseToolCall(toolCallFile({}, {}, false, false));
        QVERIFY(!http.hasStdout);
        QVERIFY(!http.hasStderr);
        QCOMPARE(http.tool, QStringLiteral("ssh_exec"));

        const ToolCallView onlyErr = parseToolCall(toolCallFile({}, "boom\n", false, true));
        QVERIFY(!onlyErr.hasStdout);
        QCOMPARE(onlyErr.stderrText, QStringLiteral("boom"));
    }

    void parseToolCallKeepsAMarkerLikeLineInStdout() {
        const ToolCallView v =
            parseToolCall(toolCallFile("before\n--- stderr ---\nafter\n", "real error\n"));
        QCOMPARE(v.stdoutText, QStringLiteral("before\n--- stderr ---\nafter"));
        QCOMPARE(v.stderrText, QStringLiteral("real error"));
    }

    void parseToolCallShowsAForeignFileWhole() {
        const QByteArray text = "just some notes\nno header here\n";
        const ToolCallView v = parseToolCall(text);
        QVERIFY(v.tool.isEmpty());
        QCOMPARE(v.other, QString::fromUtf8(text));
        QVERIFY(!v.exitCode);
        QVERIFY(!v.durationMs);
    }

    void parseChecksOrdersTheTimeline() {
        const QList<QPair<QString, QByteArray>> files{
            {QStringLiteral("monitoring/check_010s.json"),
             check(3, 10, QStringLiteral("peek"), QStringLiteral("2"), QStringLiteral("llm"),
                   QStringLiteral("peek: 2"))},
            {QStringLiteral("monitoring/check_020s.json"), QByteArray("{\"check\": 4, ")},
            {QStringLiteral("monitoring/check_005s_2.json"),
             check(2, 5, QStringLiteral("wait"), {}, QStringLiteral("unchanged"))},
            {QStringLiteral("monitoring/check_005s.json"),
             check(1, 5, QStringLiteral("wait"), {}, QStringLiteral("heuristic"))},
            {QStringLiteral("monitoring/check_100s.json"),
             check(5, 100, QStringLiteral("exit"), QStringLiteral("disk is 40% full"),
                   QStringLiteral("llm"), QStringLiteral("exit: disk is 40% full"))},
        };
        const QList<CheckRow> rows = parseChecks(files);
        QCOMPARE(rows.size(), 5);
        QStringList paths;
        for (const CheckRow& r : rows)
            paths << r.path.mid(QStringLiteral("monitoring/").size());
        QCOMPARE(paths, (QStringList{"check_005s.json", "check_005s_2.json", "check_010s.json",
                                     "check_020s.json", "check_100s.json"}));
        QCOMPARE(rows.at(0).source, QStringLiteral("heuristic"));
        QCOMPARE(rows.at(2).decision, QStringLiteral("peek"));
        QCOMPARE(rows.at(2).reason, QStringLiteral("2"));
        QCOMPARE(rows.at(2).raw, QStringLiteral("peek: 2"));
        QCOMPARE(rows.at(2).status, QStringLiteral("running"));
        // An unreadable check keeps its place (elapsed from its name) and says so.
        QCOMPARE(rows.at(3).elapsedSeconds, 20);
        QCOMPARE(rows.at(3).decision, QStringLiteral("?"));
        QVERIFY(rows.at(3).reason.contains(QStringLiteral("not valid JSON")));
        QCOMPARE(rows.at(4).decision, QStringLiteral("exit"));
        QCOMPARE(rows.at(4).reason, QStringLiteral("disk is 40% full"));
        QCOMPARE(rows.at(4).elapsedSeconds, 100);
    }

    void parseCheckUsesTheNoteWhenThereIsNoArgument() {
        const QByteArray bytes =
            QJsonDocument(QJsonObject{{QStringLiteral("elapsed_seconds"), 15},
                                      {QStringLiteral("decision"),
                                       QJsonObject{{QStringLiteral("action"), "wait"},
                                                   {QStringLiteral("source"), "default"},
                                                   {QStringLiteral("note"), "timeout"}}}})
                .toJson();
        const CheckRow r = parseCheck(QStringLiteral("monitoring/check_015s.json"), bytes);
        QCOMPARE(r.decision, QStringLiteral("wait"));
        QCOMPARE(r.reason, QStringLiteral("timeout"));
        QCOMPARE(r.source, QStringLiteral("default"));
    }

    void fileTreePutsFoldersFirstAndIndents() {
        const QList<QPair<QString, qint64>> files{
            {QStringLiteral("thread.jsonl"), 2048},
            {QStringLiteral("tool_calls/002_http_request.txt"), 300},
            {QStringLiteral("metadata.json"), 512},
            {QStringLiteral("monitoring/check_005s.json"), 900},
            {QStringLiteral("tool_calls/001_ssh_exec.txt"), 5 * 1024 * 1024},
            {QStringLiteral("result.txt"), 10},
        };
        const QList<FileTreeRow> rows = buildFileTree(files);
        QStringList shown;
        for (const FileTreeRow& r : rows)
            shown << QString(r.depth * 2, QLatin1Char(' ')) + r.name + (r.isDir ? "/" : "");
        QCOMPARE(shown, (QStringList{"monitoring/", "  check_005s.json", "tool_calls/",
                                     "  001_ssh_exec.txt", "  002_http_request.txt",
                                     "metadata.json", "result.txt", "thread.jsonl"}));
        QCOMPARE(rows.at(0).path, QStringLiteral("monitoring"));
        QCOMPARE(rows.at(2).sizeText, QStringLiteral("2 files"));
        QCOMPARE(rows.at(3).path, QStringLiteral("tool_calls/001_ssh_exec.txt"));
        QCOMPARE(rows.at(3).sizeText, QStringLiteral("5.0 MiB"));
        QCOMPARE(rows.at(7).sizeText, QStringLiteral("2.0 KiB"));
        QCOMPARE(rows.at(6).sizeText, QStringLiteral("10 B"));
    }

    void fileTreeNestsDeeperFolders() {
        const QList<FileTreeRow> rows = buildFileTree({{QStringLiteral("a/z.txt"), 1},
                                                       {QStringLiteral("a/b/c.txt"), 1},
                                                       {QStringLiteral("b.txt"), 1}});
        QStringList shown;
        for (const FileTreeRow& r : rows)
            shown << QString::number(r.depth) + r.path;
        QCOMPARE(shown, (QStringList{"0a", "1a/b", "2a/b/c.txt", "1a/z.txt", "0b.txt"}));
        QCOMPARE(rows.at(0).size, 2);
    }

private:
    zerg::AppLanguage m_language;
};

QTEST_GUILESS_MAIN(TestArtifactViews)
#include "test_artifact_views.moc"
