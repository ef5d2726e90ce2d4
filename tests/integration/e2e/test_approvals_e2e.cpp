// Approvals end to end (issue 22): the supervisor and a worker talk to the loopback LLM server,
// the worker wants to change a real OpenSSH sshd host (a file on it), and the approval mode
// decides. A changing command waits until it is answered; allow runs it, deny leaves the host
// untouched and tells the worker, always allow creates a rule that lets the next one run without
// asking, an unanswered request expires as denied, read-only mode refuses without asking, and
// neither the roundabout's hard timeout nor the run timeout runs out while a person decides.
// From a phone (issue 27): the request is pushed to an ntfy stand-in with Allow / Deny / Open,
// and the phone's POST to a one-time link of the API server answers it; a replayed, expired or
// unknown link changes nothing.
#include "api/api_server.h"
#include "api/server_backend.h"
#include "approval_scenario.h"
#include "backend_fixture.h"
#include "core/event_bus.h"
#include "core/json_util.h"
#include "fake_llm_server.h"
#include "http_stub.h"
#include "jarvis/jarvis_service.h"
#include "postgres_fixture.h"
#include "runtime/backend.h"
#include "runtime/phone_links.h"
#include "schedule/alert_channels.h"
#include "sshd_fixture.h"
#include "storage/artifact_store.h"
#include "storage/schedule_store.h"
#include "storage/store.h"
#include "workers/approvals.h"
#include "workers/worker.h"
#include "workers/worker_pool.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace zerg;
using zerg::test::FakeLlmServer;
using zerg::test::HttpStub;
using zerg::test::oneChange;
using zerg::test::SshdFixture;

namespace {

QString lastToolMessage(const QJsonObject& request) {
    QString out;
    for (const QJsonValue& v : request.value("messages").toArray()) {
        if (v.toObject().value("role").toString() == QLatin1String("tool"))
            out = v.toObject().value("content").toString();
    }
    return out;
}

}  // namespace

class TestApprovalsE2e : public QObject {
    Q_OBJECT

    SshdFixture m_sshd;
    QString m_sshdProblem;

    struct Session {
        QTemporaryDir dir;
        FakeLlmServer llm;
        QList<Event> events;
        std::unique_ptr<Backend> backend;
        // What to answer when a request arrives; nullopt: nobody answers.
        std::optional<ApprovalReply> reply;
        QList<ApprovalRecord> requested;
        QList<bool> fileExistedAtRequest;
        QString watchedFile;
        // The phone's side (withPhone): an ntfy stand-in and `zerg serve`'s API server, which
        // answers the links. After the backend: it goes first.
        std::unique_ptr<HttpStub> ntfy;
        std::unique_ptr<api::ServerBackend> serverBackend;
        std::unique_ptr<api::ApiServer> server;
    };

    static constexpr char kPublicUrl[] = "https://zerg.example.test/ops";

    // A session that pushes approval requests to an ntfy stand-in (answering ntfyStatus) and
    // serves their links, as `zerg serve` with ZERG_PUBLIC_URL does.
    std::unique_ptr<Session> openWithPhone(const QJsonArray& responses, int ntfyStatus = 200,
                                           const std::function<void(Settings&)>& tweak = {}) {
        auto ntfy = std::make_unique<HttpStub>();
        if (!ntfy->start())
            return nullptr;
        ntfy->route("POST", "/zerg-topic", ntfyStatus, "{\"id\":\"n1\"}");
        const quint16 ntfyPort = ntfy->port();
        auto s = open(responses, [&](Settings& st) {
            phoneSettings(st, ntfyPort);
            if (tweak)
                tweak(st);
        });
        if (!s)
            return nullptr;
        s->ntfy = std::move(ntfy);
        if (const Status enabled = s->backend->enablePhoneLinks(); !enabled) {
            qWarning("%s", qPrintable(enabled.error().message));
            return nullptr;
        }
        if (!s->backend->phoneLinks())
            return nullptr;
        s->serverBackend =
            std::make_unique<api::ServerBackend>(s->backend.get(), s->backend->auth());
        s->server = std::make_unique<api::ApiServer>(api::ApiServerConfig{}, s->serverBackend.get(),
                                                     s->backend->bus(), s->backend->clock());
        s->server->servePhoneLinks(s->backend->phoneLinks());
        if (!s->server->listen(QHostAddress::LocalHost, 0))
            return nullptr;
        return s;
    }

    static void phoneSettings(Settings& st, quint16 ntfyPort) {
        st.publicUrl = QString::fromLatin1(kPublicUrl);
        st.webhookUrl = QStringLiteral("http://127.0.0.1:%1/zerg-topic").arg(ntfyPort);
        st.webhookFormat = QStringLiteral("ntfy");
    }

    // The Allow, Deny and Open links of the one push, as tokens.
    static QStringList pushedTokens(const Session& s) {
        if (s.ntfy->requests().size() != 1)
            return {};
        static const QRegularExpression link(QStringLiteral("/actions/([A-Za-z0-9_-]{43})"));
        QStringList tokens;
        auto it = link.globalMatch(
            QString::fromUtf8(s.ntfy->requests().constFirst().headers.value("actions")));
        while (it.hasNext())
            tokens << it.next().captured(1);
        return tokens;
    }

    struct PhoneAnswer {
        int status = 0;
        QString body;
    };
    // What the phone (an ntfy button: POST, or a browser: GET with Accept text/html) gets.
    static PhoneAnswer press(const Session& s, const QByteArray& method, const QString& token,
                             const QByteArray& accept = "*/*") {
        QNetworkAccessManager nam;
        QNetworkRequest req(QUrl(
            QStringLiteral("http://127.0.0.1:%1/actions/%2").arg(s.server->port()).arg(token)));
        req.setRawHeader("Accept", accept);
        QNetworkReply* reply =
            method == "POST" ? nam.post(req, QByteArray()) : nam.sendCustomRequest(req, method);
        QSignalSpy finished(reply, &QNetworkReply::finished);
        if (!reply->isFinished() && !finished.wait(15000))
            return {};
        PhoneAnswer a{reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(),
                      QString::fromUtf8(reply->readAll())};
        reply->deleteLater();
        return a;
    }

    std::unique_ptr<Session> open(const QJsonArray& responses,
                                  const std::function<void(Settings&)>& tweak = {}) {
        auto s = std::make_unique<Session>();
        if (!s->llm.start())
            return nullptr;
        s->llm.setScenario({{"responses", responses}});
        Settings settings = zerg::test::approvalSettings(s->dir.path(), s->llm, m_sshd);
        if (tweak)
            tweak(settings);
        s->backend = zerg::test::openTestBackend(settings, s->dir.path());
        if (!s->backend)
            return nullptr;
        Session* raw = s.get();
        connect(s->backend->bus(), &EventBus::published, this,
                [raw](const Event& e) { raw->events.append(e); });
        connect(s->backend->approvals(), &Approvals::requested, this,
                [raw](const ApprovalRecord& r) {
                    raw->requested.append(r);
                    raw->fileExistedAtRequest.append(QFile::exists(raw->watchedFile));
                    if (!raw->reply)
                        return;
                    // A person answers a moment later, never from inside the request.
                    const qint64 id = r.id;
                    QTimer::singleShot(0, raw->backend.get(), [raw, id] {
                        const auto a = raw->backend->approvals()->answer(1, id, *raw->reply);
                        if (!a)
                            qWarning("answer: %s", qPrintable(a.error().message));
                    });
                });
        return s;
    }

    static bool ask(Session& s, const QString& task, bool* ok, QString* text) {
        QSignalSpy done(s.backend->jarvis(), &JarvisService::runFinished);
        if (!s.backend->jarvis()->ask(task))
            return false;
        if (!done.wait(60000))
            return false;
        *ok = done.at(0).at(1).toBool();
        *text = done.at(0).at(2).toString();
        return true;
    }

    static int count(const Session& s, const char* name) {
        return int(std::count_if(s.events.cbegin(), s.events.cend(),
                                 [&](const Event& e) { return e.name == QLatin1String(name); }));
    }

    static QJsonObject lastEvent(const Session& s, const char* name) {
        return zerg::test::lastEvent(s.events, name);
    }

private Q_SLOTS:
    void initTestCase() {
        qunsetenv("SSH_AUTH_SOCK");
        // A missing sshd fails with the setup command to run (tests/support/sshd_fixture.h).
        QVERIFY2(m_sshd.available(&m_sshdProblem), qPrintable(m_sshdProblem));
        QVERIFY2(m_sshd.start(&m_sshdProblem), qPrintable(m_sshdProblem));
    }

    // Allow once, answered after both the run timeout and the hard timeout would have run out:
    // the command waited, then ran on the host, and the run answered normally.
    void allowOnceRunsTheWaitingCommandAndTheWaitIsNotCounted() {
        QTemporaryDir host;
        const QString file = host.filePath(QStringLiteral("allowed"));
        const QString command = QStringLiteral("touch ") + file;
        auto s = open(oneChange(command, QStringLiteral("allow")), [](Settings& st) {
            st.runTimeoutSeconds = 2;
            st.hardTimeoutSeconds = 2;
        });
        QVERIFY(s);
        s->watchedFile = file;
        // Nobody answers at first; the test answers after 3 s.
        bool ok = false;
        QString text;
        QSignalSpy done(s->backend->jarvis(), &JarvisService::runFinished);
        QVERIFY(s->backend->jarvis()->ask(QStringLiteral("touch a file on testbox")));
        QTRY_COMPARE_WITH_TIMEOUT(s->requested.size(), 1, 30000);
        const ApprovalRecord r = s->requested.first();
        QCOMPARE(r.target, QStringLiteral("testbox"));
        QCOMPARE(r.tool, QStringLiteral("ssh_exec"));
        QCOMPARE(r.action, command);
        QCOMPARE(r.task, QStringLiteral("Change testbox: allow"));
        QCOMPARE(r.classification.value("effect").toString(), QStringLiteral("changes"));
        QCOMPARE(r.suggestedPrefix, QStringList{QStringLiteral("touch")});
        Worker* worker = s->backend->pool()->find(r.jobId);
        QVERIFY(worker);
        QTRY_COMPARE(worker->snapshot().status, WorkerStatus::AwaitingApproval);
        QVERIFY(!s->fileExistedAtRequest.first());
        QCOMPARE(lastEvent(*s, "approval_requested").value("action").toString(), command);

        QTest::qWait(3000);             // longer than the run timeout and the hard timeout
        QVERIFY(!QFile::exists(file));  // still waiting: nothing ran
        QCOMPARE(worker->snapshot().status, WorkerStatus::AwaitingApproval);
        QCOMPARE(done.size(), 0);
        ApprovalReply allow;
        allow.choice = ApprovalChoice::AllowOnce;
        allow.device = QStringLiteral("test");
        const auto answered = s->backend->approvals()->answer(1, r.id, allow);
        QVERIFY2(answered, answered ? "" : qPrintable(answered.error().message));
        QCOMPARE(answered->status, ApprovalStatus::Allowed);

        QVERIFY(done.wait(30000));
        ok = done.at(0).at(1).toBool();
        text = done.at(0).at(2).toString();
        QVERIFY2(ok, qPrintable(text));
        QCOMPARE(text, QStringLiteral("supervisor done allow"));
        QVERIFY(QFile::exists(file));  // it ran on the host
        QCOMPARE(count(*s, "approval_resolved"), 1);
        QCOMPARE(lastEvent(*s, "approval_resolved").value("device").toString(),
                 QStringLiteral("test"));

        // The audit: approvals.jsonl in the worker's folder, the request and its answer.
        const QByteArray jsonl =
            *s->backend->artifacts()->readFile(r.workerId, 1, QStringLiteral("approvals.jsonl"));
        const QList<QByteArray> lines = jsonl.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY(lines.at(0).contains("\"status\":\"pending\""));
        QVERIFY(lines.at(1).contains("\"status\":\"allowed\""));
        // And the tool call file says how the call was classified.
        const auto call = s->backend->artifacts()->readFile(
            r.workerId, 1, QStringLiteral("tool_calls/001_ssh_exec.txt"));
        QVERIFY(call && call->contains("classification: {\"effect\":\"changes\""));
    }

    void denyLeavesTheHostUntouchedAndTellsTheWorker() {
        QTemporaryDir host;
        const QString file = host.filePath(QStringLiteral("denied"));
        auto s = open(oneChange(QStringLiteral("touch ") + file, QStringLiteral("deny")));
        QVERIFY(s);
        ApprovalReply deny;
        deny.choice = ApprovalChoice::Deny;
        deny.message = QStringLiteral("not during business hours");
        deny.device = QStringLiteral("test");
        s->reply = deny;
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, QStringLiteral("touch a file on testbox"), &ok, &text));
        QVERIFY2(ok, qPrintable(text));
        QCOMPARE(s->requested.size(), 1);
        QVERIFY(!QFile::exists(file));
        const QList<QJsonObject> worker = s->llm.requestsForModel(QStringLiteral("worker-model"));
        QCOMPARE(worker.size(), 2);
        const QString result = lastToolMessage(worker.at(1));
        QVERIFY2(result.contains(QStringLiteral("not during business hours")), qPrintable(result));
        QVERIFY2(result.contains(QStringLiteral("approval_denied")), qPrintable(result));
        QCOMPARE(lastEvent(*s, "approval_resolved").value("status").toString(),
                 QStringLiteral("denied"));
    }

    void alwaysAllowCreatesARuleThatCoversTheNextCall() {
        QTemporaryDir host;
        const QString first = host.filePath(QStringLiteral("first"));
        const QString second = host.filePath(QStringLiteral("second"));
        QJsonArray responses = oneChange(QStringLiteral("touch ") + first, QStringLiteral("one"));
        for (const QJsonValue& v :
             oneChange(QStringLiteral("touch ") + second, QStringLiteral("two")))
            responses.append(v);
        auto s = open(responses);
        QVERIFY(s);
        ApprovalReply always;
        always.choice = ApprovalChoice::AlwaysAllow;
        always.device = QStringLiteral("test");
        s->reply = always;
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, QStringLiteral("touch the first file"), &ok, &text));
        QVERIFY2(ok, qPrintable(text));
        QVERIFY(QFile::exists(first));
        const auto rules = s->backend->approvals()->rules(1);
        QVERIFY(rules);
        QCOMPARE(rules->size(), 1);
        QCOMPARE(rules->first().host, QStringLiteral("testbox"));
        QCOMPARE(rules->first().prefix, QStringList{QStringLiteral("touch")});

        s->reply.reset();  // nobody would answer now: the rule must let it run
        QVERIFY(ask(*s, QStringLiteral("touch the second file"), &ok, &text));
        QVERIFY2(ok, qPrintable(text));
        QCOMPARE(s->requested.size(), 1);  // no second request
        QVERIFY(QFile::exists(second));

        // Removed, the rule no longer covers it.
        QVERIFY(s->backend->approvals()->removeRule(1, rules->first().id));
        QCOMPARE(s->backend->approvals()->rules(1)->size(), 0);
    }

    void anUnansweredRequestExpiresAsDenied() {
        QTemporaryDir host;
        const QString file = host.filePath(QStringLiteral("expired"));
        auto s = open(oneChange(QStringLiteral("touch ") + file, QStringLiteral("expire")),
                      [](Settings& st) { st.approvalTimeoutSeconds = 1; });
        QVERIFY(s);
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, QStringLiteral("touch a file on testbox"), &ok, &text));
        QCOMPARE(s->requested.size(), 1);
        QVERIFY(!QFile::exists(file));
        const QJsonObject resolved = lastEvent(*s, "approval_resolved");
        QCOMPARE(resolved.value("status").toString(), QStringLiteral("expired"));
        QCOMPARE(resolved.value("decided_by").toString(), QStringLiteral("expiry"));
        const QString result =
            lastToolMessage(s->llm.requestsForModel(QStringLiteral("worker-model")).at(1));
        QVERIFY2(result.contains(QStringLiteral("approval_expired")), qPrintable(result));
    }

    void readOnlyModeRefusesWithoutAsking() {
        QTemporaryDir host;
        const QString file = host.filePath(QStringLiteral("refused"));
        auto s = open(oneChange(QStringLiteral("touch ") + file, QStringLiteral("ro")),
                      [](Settings& st) { st.approvalMode = QStringLiteral("read-only"); });
        QVERIFY(s);
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, QStringLiteral("touch a file on testbox"), &ok, &text));
        QCOMPARE(s->requested.size(), 0);
        QVERIFY(!QFile::exists(file));
        const QString result =
            lastToolMessage(s->llm.requestsForModel(QStringLiteral("worker-model")).at(1));
        QVERIFY2(result.contains(QStringLiteral("approval_refused")), qPrintable(result));
    }

    // Scheduled runs: Settings' schedule mode (read_only by default) refuses without asking; a
    // schedule of its own mode ask waits for the answer, which runs it.
    void aScheduledRunFollowsItsSchedulesMode() {
        QTemporaryDir host;
        const QString unattended = host.filePath(QStringLiteral("unattended"));
        const QString asked = host.filePath(QStringLiteral("asked"));
        QJsonArray responses =
            oneChange(QStringLiteral("touch ") + unattended, QStringLiteral("s1"));
        for (const QJsonValue& v :
             oneChange(QStringLiteral("touch ") + asked, QStringLiteral("s2")))
            responses.append(v);
        auto s = open(responses);
        QVERIFY(s);
        ApprovalReply allow;
        allow.choice = ApprovalChoice::AllowOnce;
        allow.device = QStringLiteral("test");
        s->reply = allow;
        const auto runInBackground = [&](std::optional<ApprovalMode> mode) {
            QSignalSpy done(s->backend->jarvis(), &JarvisService::runFinished);
            const auto run =
                s->backend->jarvis()->startBackgroundRun(QStringLiteral("scheduled change"), mode);
            return run && done.wait(60000);
        };
        QVERIFY(runInBackground(std::nullopt));
        QCOMPARE(s->requested.size(), 0);
        QVERIFY(!QFile::exists(unattended));
        QVERIFY(lastToolMessage(s->llm.requestsForModel(QStringLiteral("worker-model")).at(1))
                    .contains(QStringLiteral("approval_refused")));

        QVERIFY(runInBackground(ApprovalMode::Ask));
        QCOMPARE(s->requested.size(), 1);
        QCOMPARE(s->requested.first().mode, QStringLiteral("ask"));
        QVERIFY(QFile::exists(asked));
    }

    // The request reaches the phone with three buttons; Open shows it, Allow answers it once
    // (the command runs on the host), and neither a replay nor the other button changes
    // anything afterwards.
    void allowOnThePhoneRunsTheCommandOnce() {
        QTemporaryDir host;
        const QString file = host.filePath(QStringLiteral("phone-allowed"));
        const QString command = QStringLiteral("touch ") + file;
        auto s = openWithPhone(oneChange(command, QStringLiteral("phone")));
        QVERIFY(s);
        QSignalSpy done(s->backend->jarvis(), &JarvisService::runFinished);
        QVERIFY(s->backend->jarvis()->ask(QStringLiteral("touch a file on testbox")));
        QTRY_COMPARE_WITH_TIMEOUT(s->ntfy->requests().size(), 1, 30000);
        const HttpStub::Request& push = s->ntfy->requests().constFirst();
        QCOMPARE(push.method, QByteArray("POST"));
        QVERIFY2(QString::fromUtf8(push.body).contains(command), push.body.constData());
        QVERIFY(push.headers.value("title").contains("testbox"));
        QCOMPARE(push.headers.value("priority"), QByteArray("high"));
        const QByteArray actions = push.headers.value("actions");
        QVERIFY2(actions.startsWith("http, Allow, https://zerg.example.test/ops/actions/"),
                 actions.constData());
        QVERIFY2(actions.contains(", method=POST, clear=true; http, Deny, "), actions.constData());
        QVERIFY2(actions.contains("; view, Open, https://zerg.example.test/ops/actions/"),
                 actions.constData());
        const QStringList tokens = pushedTokens(*s);
        QCOMPARE(tokens.size(), 3);
        const QString allow = tokens.at(0), deny = tokens.at(1), view = tokens.at(2);
        QVERIFY(push.headers.value("click").endsWith(view.toLatin1()));
        QVERIFY(!QFile::exists(file));

        // Open: a page that shows the command; it answers nothing, and its link cannot.
        const PhoneAnswer page = press(*s, "GET", view, "text/html");
        QCOMPARE(page.status, 200);
        QVERIFY2(page.body.contains(command.toHtmlEscaped()), qPrintable(page.body));
        QVERIFY(!page.body.contains(QStringLiteral("<form")));
        QCOMPARE(press(*s, "POST", view).status, 405);
        // The Allow link's page offers the button, and a GET of it answers nothing.
        const PhoneAnswer allowPage = press(*s, "GET", allow, "text/html");
        QCOMPARE(allowPage.status, 200);
        QVERIFY2(allowPage.body.contains(QStringLiteral("<form method=\"post\">")),
                 qPrintable(allowPage.body));
        QVERIFY(!QFile::exists(file));
        QCOMPARE(count(*s, "approval_resolved"), 0);

        const PhoneAnswer allowed = press(*s, "POST", allow);
        QCOMPARE(allowed.status, 200);
        QVERIFY2(allowed.body.startsWith(QStringLiteral("Allowed once: touch ")),
                 qPrintable(allowed.body));
        QVERIFY(done.wait(30000));
        QVERIFY2(done.at(0).at(1).toBool(), qPrintable(done.at(0).at(2).toString()));
        QVERIFY(QFile::exists(file));  // it ran on the host
        const QJsonObject resolved = lastEvent(*s, "approval_resolved");
        QCOMPARE(resolved.value("status").toString(), QStringLiteral("allowed"));
        QCOMPARE(resolved.value("device").toString(), QStringLiteral("link"));

        // A replay, and the other button, are refused and change nothing.
        const PhoneAnswer replay = press(*s, "POST", allow);
        QCOMPARE(replay.status, 410);
        QVERIFY2(replay.body.contains(QStringLiteral("Allowed at")), qPrintable(replay.body));
        QCOMPARE(press(*s, "POST", deny).status, 410);
        QCOMPARE(count(*s, "approval_resolved"), 1);
        QVERIFY(!press(*s, "GET", allow, "text/html").body.contains(QStringLiteral("<form")));
        // An unknown link, and one that is not a link at all.
        QString forged = allow;
        forged[0] = forged[0] == u'A' ? u'B' : u'A';
        QCOMPARE(press(*s, "POST", forged).status, 404);
        QCOMPARE(press(*s, "POST", QStringLiteral("..%2F..%2Fhealth")).status, 404);
    }

    // Deny from the phone: the host stays untouched and the worker is told.
    void denyOnThePhoneLeavesTheHostUntouched() {
        QTemporaryDir host;
        const QString file = host.filePath(QStringLiteral("phone-denied"));
        auto s = openWithPhone(oneChange(QStringLiteral("touch ") + file, QStringLiteral("pd")));
        QVERIFY(s);
        QSignalSpy done(s->backend->jarvis(), &JarvisService::runFinished);
        QVERIFY(s->backend->jarvis()->ask(QStringLiteral("touch a file on testbox")));
        QTRY_COMPARE_WITH_TIMEOUT(s->ntfy->requests().size(), 1, 30000);
        const QStringList tokens = pushedTokens(*s);
        QCOMPARE(tokens.size(), 3);
        const PhoneAnswer denied = press(*s, "POST", tokens.at(1));
        QCOMPARE(denied.status, 200);
        QVERIFY2(denied.body.startsWith(QStringLiteral("Denied: ")), qPrintable(denied.body));
        QVERIFY(done.wait(30000));
        QVERIFY(!QFile::exists(file));
        const QString result =
            lastToolMessage(s->llm.requestsForModel(QStringLiteral("worker-model")).at(1));
        QVERIFY2(result.contains(QStringLiteral("approval_denied")), qPrintable(result));
        QCOMPARE(press(*s, "POST", tokens.at(0)).status, 410);  // Allow, after the Deny
    }

    // A link of a request nobody answered in time is refused: the request expired as denied.
    // And a request answered in the app leaves its links without effect.
    void expiredOrOtherwiseAnsweredLinksChangeNothing() {
        QTemporaryDir host;
        const QString late = host.filePath(QStringLiteral("late"));
        const QString app = host.filePath(QStringLiteral("app"));
        QJsonArray responses = oneChange(QStringLiteral("touch ") + late, QStringLiteral("late"));
        for (const QJsonValue& v : oneChange(QStringLiteral("touch ") + app, QStringLiteral("app")))
            responses.append(v);
        auto s = openWithPhone(responses, 200, [](Settings& st) { st.approvalTimeoutSeconds = 1; });
        QVERIFY(s);
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, QStringLiteral("touch a file on testbox"), &ok, &text));
        QCOMPARE(lastEvent(*s, "approval_resolved").value("status").toString(),
                 QStringLiteral("expired"));
        QStringList tokens = pushedTokens(*s);
        QCOMPARE(tokens.size(), 3);
        const PhoneAnswer expired = press(*s, "POST", tokens.at(0));
        QCOMPARE(expired.status, 410);
        QVERIFY2(expired.body.contains(QStringLiteral("Nobody answered in time")),
                 qPrintable(expired.body));
        QVERIFY(!QFile::exists(late));

        // The second request is answered in the app first; the phone's Allow comes too late.
        ApprovalReply deny;
        deny.choice = ApprovalChoice::Deny;
        deny.device = QStringLiteral("desktop");
        s->reply = deny;
        QVERIFY(ask(*s, QStringLiteral("touch another file on testbox"), &ok, &text));
        QTRY_COMPARE(s->ntfy->requests().size(), 2);
        static const QRegularExpression link(QStringLiteral("/actions/([A-Za-z0-9_-]{43})"));
        const QString allow =
            link.match(QString::fromUtf8(s->ntfy->requests().at(1).headers.value("actions")))
                .captured(1);
        QVERIFY(!allow.isEmpty());
        const PhoneAnswer tooLate = press(*s, "POST", allow);
        QCOMPARE(tooLate.status, 410);
        QVERIFY2(tooLate.body.contains(QStringLiteral("desktop")), qPrintable(tooLate.body));
        QVERIFY(!QFile::exists(app));
    }

    // An ntfy server that refuses the push is reported with what to check; the request still
    // waits for an answer in Zerg.
    void aRefusedPushIsReported() {
        QTemporaryDir host;
        const QString file = host.filePath(QStringLiteral("refused-push"));
        auto s =
            openWithPhone(oneChange(QStringLiteral("touch ") + file, QStringLiteral("rp")), 403);
        QVERIFY(s);
        QSignalSpy pushed(s->backend->phoneLinks(), &PhoneLinks::pushed);
        ApprovalReply allow;
        allow.choice = ApprovalChoice::AllowOnce;
        allow.device = QStringLiteral("desktop");
        s->reply = allow;
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, QStringLiteral("touch a file on testbox"), &ok, &text));
        QVERIFY(QFile::exists(file));
        QTRY_COMPARE(pushed.size(), 1);
        const QString error = pushed.at(0).at(1).toString();
        QVERIFY2(error.contains(QStringLiteral("HTTP 403")) &&
                     error.contains(QStringLiteral("ZERG_WEBHOOK_URL")),
                 qPrintable(error));
    }

    // A critical alert (a scheduled check's result) goes to the phone through the same topic,
    // with an Open link that shows its whole text and answers nothing.
    void aCriticalAlertReachesThePhoneWithAnOpenLink() {
        auto s = openWithPhone({});
        QVERIFY(s);
        const QString body = QStringLiteral("Disk on web1 is 97% full.\n<script>x</script>") +
                             QString(1500, u'x') + QStringLiteral("THE END");
        const auto id = s->backend->schedules()->addInboxItem(
            1, std::nullopt, std::nullopt, QStringLiteral("Disk check"), body,
            QStringLiteral("critical"), QDateTime::currentDateTimeUtc());
        QVERIFY(id);
        const auto item = s->backend->schedules()->inboxItem(1, *id);
        QVERIFY(item);
        QSignalSpy sent(s->backend->alerts(), &AlertChannels::sent);
        s->backend->alerts()->deliver(*item);
        QTRY_COMPARE_WITH_TIMEOUT(s->ntfy->requests().size(), 1, 15000);
        const HttpStub::Request& push = s->ntfy->requests().constFirst();
        QCOMPARE(push.headers.value("priority"), QByteArray("urgent"));
        QVERIFY(push.headers.value("title").contains("Disk check"));
        QVERIFY(!push.body.contains("THE END"));  // the notification shows the start
        const QStringList tokens = pushedTokens(*s);
        QCOMPARE(tokens.size(), 1);
        QVERIFY(push.headers.value("actions").startsWith("view, Open, https://zerg.example.test/"));
        QTRY_COMPARE(sent.size(), 1);
        QCOMPARE(sent.at(0).at(0).toString(), QStringLiteral("webhook"));
        QCOMPARE(sent.at(0).at(2).toString(), QString());

        const PhoneAnswer page = press(*s, "GET", tokens.at(0), "text/html");
        QCOMPARE(page.status, 200);
        QVERIFY2(page.body.contains(QStringLiteral("THE END")), qPrintable(page.body.left(300)));
        QVERIFY(page.body.contains(QStringLiteral("&lt;script&gt;")));
        QVERIFY(!page.body.contains(QStringLiteral("<script>")));
        QCOMPARE(press(*s, "POST", tokens.at(0)).status, 405);
    }

    // A host of its own mode wins: autonomous for testbox runs the change without asking.
    void aHostModeOverridesTheDefault() {
        QTemporaryDir host;
        const QString file = host.filePath(QStringLiteral("autonomous"));
        auto s =
            open(oneChange(QStringLiteral("touch ") + file, QStringLiteral("host")),
                 [](Settings& st) { st.approvalHostModes = QStringLiteral("testbox=autonomous"); });
        QVERIFY(s);
        bool ok = false;
        QString text;
        QVERIFY(ask(*s, QStringLiteral("touch a file on testbox"), &ok, &text));
        QVERIFY2(ok, qPrintable(text));
        QCOMPARE(s->requested.size(), 0);
        QVERIFY(QFile::exists(file));
    }
};

QTEST_MAIN(TestApprovalsE2e)
#include "test_approvals_e2e.moc"
