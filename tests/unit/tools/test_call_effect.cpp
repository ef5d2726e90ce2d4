// Each tool's classify(): what the approval policy decides on (issue 22). Shell command lines
// are tested in depth in test_shell_command; here each tool maps its own arguments.
#include "tools/approval_policy.h"
#include "tools/call_effect.h"
#include "tools/http_request_tool.h"
#include "tools/send_email_tool.h"
#include "tools/send_webhook_tool.h"
#include "tools/shell_command.h"
#include "tools/shell_exec_tool.h"
#include "tools/ssh_exec_tool.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using namespace Qt::StringLiterals;

namespace {

QString line(const CallClass& c) {
    return u"%1 %2 %3 @%4"_s.arg(statusName(c.effect), statusName(c.reason.kind), c.reason.subject,
                                 c.target);
}

}  // namespace

class TestCallEffect : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Every reason has a word and a sentence, and the word reads back.
    void everyReasonHasAWordAndASentence() {
        for (const auto& [kind, word] : StatusTable<ReasonKind>::names) {
            QCOMPARE(parseStatus<ReasonKind>(QString::fromLatin1(word)), kind);
            const QString text = describe(Reason{kind, u"subject-xyz"_s});
            QVERIFY2(!text.isEmpty() && !text.contains(u"%1"_s), word);
        }
        QCOMPARE(parseStatus<Effect>(u"read_only"_s), Effect::ReadOnly);
        QCOMPARE(statusName(Effect::Changes), u"changes"_s);
        const QJsonObject j = CallClass{
            Effect::Changes,
            {ReasonKind::NotOnReadOnlyList, u"rm"_s},
            u"web1"_s,
            {}}.toJson();
        QCOMPARE(j.value(u"effect"_s).toString(), u"changes"_s);
        QCOMPARE(j.value(u"reason"_s).toString(), u"not_on_read_only_list"_s);
        QCOMPARE(j.value(u"subject"_s).toString(), u"rm"_s);
        QCOMPARE(j.value(u"why"_s).toString(), u"`rm` is not on the read-only list"_s);
    }

    void commandTools() {
        HostsConfig hosts;
        SshExecTool ssh(hosts, {});
        QCOMPARE(line(ssh.classify({{"host", "web1"}, {"command", "df -h"}})),
                 u"read_only all_read_only  @web1"_s);
        const CallClass restart =
            ssh.classify({{"host", "web1"}, {"command", "sudo systemctl restart nginx"}});
        QCOMPARE(line(restart), u"changes changing_subcommand systemctl restart @web1"_s);
        // One simple command without redirections: its words, wrappers taken off.
        QCOMPARE(restart.commandWords, (QStringList{"systemctl", "restart", "nginx"}));
        QVERIFY(ssh.classify({{"host", "web1"},
                              {"command",
                               "systemctl restart a; systemctl "
                               "restart b"}})
                    .commandWords.isEmpty());
        QVERIFY(ssh.classify({{"host", "web1"}, {"command", "rm x 2>/dev/null"}})
                    .commandWords.isEmpty());
        // A call without a command runs nothing; invalid arguments are refused by start().
        QCOMPARE(ssh.classify({{"host", "web1"}}).effect, Effect::ReadOnly);

        QTemporaryDir dir;
        ShellExecTool shell(dir.path());
        QCOMPARE(line(shell.classify({{"command", "echo hi > f"}})),
                 u"changes writes_file > f @local"_s);
    }

    // A local command that gets the network changes, whatever the command, and no "always
    // allow" rule for the command covers it: in ask mode the user is asked, read-only refuses.
    void shellNetworkIsAChange() {
        QTemporaryDir dir;
        ShellExecTool shell(dir.path());
        QCOMPARE(line(shell.classify({{"command", "ls"}})), u"read_only all_read_only  @local"_s);
        QCOMPARE(line(shell.classify({{"command", "ls"}, {"network", false}})),
                 u"read_only all_read_only  @local"_s);
        const CallClass net = shell.classify({{"command", "ls"}, {"network", true}});
        QCOMPARE(line(net), u"changes network_access  @local"_s);
        QVERIFY(net.commandWords.isEmpty());
        QCOMPARE(net.toJson().value(u"why"_s).toString(), u"it asks for network access"_s);
        // start() refuses a value that is no boolean; until then it counts as asking.
        QCOMPARE(shell.classify({{"command", "ls"}, {"network", "yes"}}).reason.kind,
                 ReasonKind::NetworkAccess);
        // With the network on by default, leaving it out asks for it.
        ShellSandboxOptions o;
        o.allowNetworkByDefault = true;
        ShellExecTool open(dir.path(), o);
        QCOMPARE(open.classify({{"command", "ls"}}).reason.kind, ReasonKind::NetworkAccess);
        QCOMPARE(open.classify({{"command", "ls"}, {"network", false}}).effect, Effect::ReadOnly);

        ApprovalPolicy p;
        p.rules.append({3, u"local"_s, {"touch"}});
        const CallClass touch = shell.classify({{"command", "touch x"}});
        QCOMPARE(touch.commandWords, (QStringList{"touch", "x"}));
        QCOMPARE(p.decide(touch).verdict, Verdict::Run);  // the rule covers it
        const CallClass touchNet = shell.classify({{"command", "touch x"}, {"network", true}});
        QCOMPARE(p.decide(touchNet).verdict, Verdict::Ask);  // not with the network
        QCOMPARE(p.decide(net).verdict, Verdict::Ask);
        p.mode = ApprovalMode::ReadOnly;
        QCOMPARE(p.decide(net).verdict, Verdict::Refuse);
        p.mode = ApprovalMode::Autonomous;
        QCOMPARE(p.decide(net).verdict, Verdict::Run);
    }

    void httpByMethod() {
        HttpRequestTool http;
        QCOMPARE(line(http.classify({{"url", "https://api.example.org/x"}})),
                 u"read_only reading_method GET @api.example.org"_s);
        QCOMPARE(line(http.classify({{"url", "https://a.example/"}, {"method", "head"}})),
                 u"read_only reading_method HEAD @a.example"_s);
        QCOMPARE(line(http.classify({{"url", "https://a.example/"}, {"method", "DELETE"}})),
                 u"changes changing_method DELETE @a.example"_s);
        QCOMPARE(http.classify({{"url", "https://a.example/"}, {"method", "POST"}}).effect,
                 Effect::Changes);
    }

    void messagesChange() {
        SendEmailTool mail(SmtpSettings{}, {u"a@x.org"_s, u"B@x.org"_s});
        const CallClass known = mail.classify({{"to", QJsonArray{"a@x.org", "b@X.org"}}});
        QCOMPARE(line(known), u"changes sends_message a@x.org, b@X.org @a@x.org, b@X.org"_s);
        QVERIFY(!known.outsideConfigured);
        // A recipient no setting names is outside the box: the user approves it in every mode.
        const CallClass stranger =
            mail.classify({{"to", QJsonArray{"a@x.org", "eve@evil.example"}}});
        QCOMPARE(line(stranger),
                 u"changes unconfigured_target eve@evil.example @a@x.org, eve@evil.example"_s);
        QVERIFY(stranger.outsideConfigured);
        ApprovalPolicy p;
        p.mode = ApprovalMode::Autonomous;
        QCOMPARE(p.decide(known).verdict, Verdict::Run);
        QCOMPARE(p.decide(stranger).verdict, Verdict::Ask);
        p.mode = ApprovalMode::ReadOnly;
        QCOMPARE(p.decide(stranger).verdict, Verdict::Refuse);
        p.mode = ApprovalMode::Ask;
        p.hostModes.insert(stranger.target, ApprovalMode::Autonomous);
        QCOMPARE(p.decide(stranger).verdict, Verdict::Ask);
        SendWebhookTool hook(SendWebhookOptions{{{u"ops"_s, u"https://h/secret"_s, u"json"_s}}});
        const CallClass byDefault = hook.classify({{"text", "hi"}});
        QCOMPARE(line(byDefault), u"changes sends_message the webhook \"ops\" @ops"_s);
        // A URL the model names shows its host only.
        QCOMPARE(hook.classify({{"text", "hi"}, {"url", "https://hooks.example/T/abc"}}).target,
                 u"hooks.example"_s);
    }

    // The policy: read-only always runs; a changing call by mode, host override and rules.
    void policyByModeHostAndRule() {
        const CallClass ls{Effect::ReadOnly, {ReasonKind::AllReadOnly, {}}, u"web1"_s, {"ls"}};
        const CallClass restart{Effect::Changes,
                                {ReasonKind::ChangingSubcommand, u"systemctl restart"_s},
                                u"web1"_s,
                                {"systemctl", "restart", "nginx"}};
        ApprovalPolicy p;
        QCOMPARE(p.mode, ApprovalMode::Ask);  // the default
        QCOMPARE(p.decide(ls).verdict, Verdict::Run);
        QCOMPARE(p.decide(restart).verdict, Verdict::Ask);
        p.mode = ApprovalMode::ReadOnly;
        QCOMPARE(p.decide(ls).verdict, Verdict::Run);
        QCOMPARE(p.decide(restart).verdict, Verdict::Refuse);
        p.mode = ApprovalMode::Autonomous;
        QCOMPARE(p.decide(restart).verdict, Verdict::Run);
        // A host's own mode wins over the default.
        p.hostModes.insert(u"web1"_s, ApprovalMode::Ask);
        const PolicyDecision onWeb1 = p.decide(restart);
        QCOMPARE(onWeb1.verdict, Verdict::Ask);
        QCOMPARE(onWeb1.mode, ApprovalMode::Ask);
        // A rule covers its host and its prefix only.
        p.rules.append({7, u"web1"_s, {"systemctl", "restart"}});
        const PolicyDecision ruled = p.decide(restart);
        QCOMPARE(ruled.verdict, Verdict::Run);
        QCOMPARE(ruled.ruleId, 7);
        CallClass other = restart;
        other.commandWords = {"systemctl", "stop", "nginx"};
        QCOMPARE(p.decide(other).verdict, Verdict::Ask);
        other = restart;
        other.target = u"web2"_s;
        p.mode = ApprovalMode::Ask;
        QCOMPARE(p.decide(other).verdict, Verdict::Ask);
        // A call no rule can cover (a list, a redirection: no command words) asks.
        other = restart;
        other.commandWords.clear();
        QCOMPARE(p.decide(other).verdict, Verdict::Ask);
    }

    void prefixes() {
        QCOMPARE(ApprovalPolicy::suggestedPrefix({"systemctl", "restart", "nginx", "--now"}),
                 (QStringList{"systemctl", "restart", "nginx"}));
        QCOMPARE(ApprovalPolicy::suggestedPrefix({"apt-get", "install", "-y", "nginx"}),
                 (QStringList{"apt-get", "install"}));
        QCOMPARE(ApprovalPolicy::suggestedPrefix({"rm", "-rf", "/tmp/x"}), (QStringList{"rm"}));
        QCOMPARE(ApprovalPolicy::suggestedPrefix({"/usr/sbin/service", "nginx", "reload"}),
                 (QStringList{"/usr/sbin/service"}));
        QCOMPARE(ApprovalPolicy::suggestedPrefix({"$CMD", "x"}), QStringList{});
        QVERIFY(ApprovalPolicy::covers({"rm"}, {"rm", "x"}));
        QVERIFY(!ApprovalPolicy::covers({"systemctl", "restart", "nginx"},
                                        {"systemctl", "restart", "nginx-evil"}));
        QVERIFY(!ApprovalPolicy::covers({}, {"rm"}));
        QVERIFY(!ApprovalPolicy::covers({"rm", "x"}, {"rm"}));
        // A command only known when it runs gets no words, so no rule covers it.
        QVERIFY(shell::callClass(u"$CMD restart"_s, u"web1"_s).commandWords.isEmpty());
        QCOMPARE(parseApprovalMode(u" Read-Only "_s), ApprovalMode::ReadOnly);
        QCOMPARE(parseApprovalMode(u"ask"_s), ApprovalMode::Ask);
        QVERIFY(!parseApprovalMode(u"sometimes"_s));
    }
};

QTEST_GUILESS_MAIN(TestCallEffect)
#include "test_call_effect.moc"
