// Replies by e-mail end to end (issue 27): Zerg e-mails an approval request (a real SMTP server),
// the person's reply lands in a real Dovecot mailbox, Zerg reads it over IMAP (IDLE) and the
// worker goes on or stops on the real OpenSSH sshd host; a forged sender and a failed DKIM check
// are refused; a reply to an alert e-mail is a question to Jarvis whose answer comes back by
// e-mail in the same thread.
#include "approval_scenario.h"
#include "backend_fixture.h"
#include "core/event_bus.h"
#include "core/secret_store.h"
#include "dovecot_fixture.h"
#include "fake_llm_server.h"
#include "jarvis/jarvis_service.h"
#include "llm_responses.h"
#include "postgres_fixture.h"
#include "runtime/backend.h"
#include "runtime/mail_replies.h"
#include "schedule/alert_channels.h"
#include "smtp_server.h"
#include "sshd_fixture.h"
#include "storage/schedule_store.h"
#include "workers/approvals.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace zerg;
using zerg::test::DovecotFixture;
using zerg::test::FakeLlmServer;
using zerg::test::oneChange;
using zerg::test::SmtpServer;
using zerg::test::SshdFixture;
using zerg::test::textResponse;

namespace {

constexpr char kOps[] = "ops@example.test";

// A person's reply, as a mail client writes it: the answer on top, the quote below.
QByteArray reply(const QString& from, const QString& messageId, const QString& inReplyTo,
                 const QString& subject, const QString& text, const QByteArray& extraHeaders = {}) {
    return "From: Ops Person <" + from.toUtf8() +
           ">\r\nTo: zerg@example.test\r\nSubject: Re: " + subject.toUtf8() + "\r\nMessage-ID: <" +
           messageId.toUtf8() + ">\r\nIn-Reply-To: <" + inReplyTo.toUtf8() + ">\r\nReferences: <" +
           inReplyTo.toUtf8() + ">\r\nDate: Sat, 28 Nov 2026 10:00:00 +0000\r\n" + extraHeaders +
           "MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + text.toUtf8() +
           "\r\n\r\nOn Sat, 28 Nov 2026 at 09:59, Zerg <zerg@example.test> wrote:\r\n> Zerg asks: "
           "may I run this?\r\n> Reply yes or no.\r\n";
}

}  // namespace

class TestMailRepliesE2e : public QObject {
    Q_OBJECT

    SshdFixture m_sshd;
    QString m_problem;

    struct Session {
        QTemporaryDir dir;
        FakeLlmServer llm;
        SmtpServer smtp;
        DovecotFixture imap;
        QList<Event> events;
        std::unique_ptr<Backend> backend;
        QList<ReplyRecord> handled;
    };

    std::unique_ptr<Session> open(const QJsonArray& responses) {
        auto s = std::make_unique<Session>();
        QString error;
        if (!s->llm.start() || !s->smtp.start(&error) || !s->imap.start(&error)) {
            qWarning("%s", qPrintable(error));
            return nullptr;
        }
        s->llm.setScenario({{"responses", responses}});
        Settings settings =
            zerg::test::approvalSettings(s->dir.filePath(QStringLiteral("data")), s->llm, m_sshd);
        settings.configDir = s->dir.filePath(QStringLiteral("config"));
        settings.smtpHost = QStringLiteral("127.0.0.1");
        settings.smtpPort = s->smtp.port();
        settings.smtpTls = QStringLiteral("none");
        settings.smtpFrom = QStringLiteral("zerg@example.test");
        settings.alertEmailTo = QString::fromLatin1(kOps);
        settings.alertCritical = QStringLiteral("email");
        settings.imapHost = QStringLiteral("127.0.0.1");
        settings.imapPort = s->imap.port();
        settings.imapTls = QStringLiteral("none");
        settings.imapUser = s->imap.user();
        SecretStore secrets(settings.configDir, SecretStore::Backend::File);
        if (const Status w = secrets.write(QStringLiteral("imap_password"), s->imap.password());
            !w) {
            qWarning("%s", qPrintable(w.error().message));
            return nullptr;
        }
        s->backend = zerg::test::openTestBackend(settings, s->dir.path());
        if (!s->backend)
            return nullptr;
        Session* raw = s.get();
        connect(s->backend->bus(), &EventBus::published, this,
                [raw](const Event& e) { raw->events.append(e); });
        s->backend->startBackgroundServices();
        if (!s->backend->mailReplies()) {
            qWarning("no mail replies: %s", qPrintable(s->backend->mailProblem()));
            return nullptr;
        }
        connect(s->backend->mailReplies(), &MailReplies::replyHandled, this,
                [raw](const ReplyRecord& r) { raw->handled.append(r); });
        QSignalSpy watching(s->backend->mailReplies()->watcher(), &ImapWatcher::watching);
        if (!watching.wait(15000)) {
            qWarning("the IMAP watcher did not start");
            return nullptr;
        }
        return s;
    }

    // The messages the SMTP server got whose subject contains text.
    static QList<QJsonObject> mails(const Session& s, const QString& text) {
        QList<QJsonObject> out;
        for (const QJsonObject& m : s.smtp.messages()) {
            if (m.value("subject").toString().contains(text))
                out.append(m);
        }
        return out;
    }

    static QJsonObject lastEvent(const Session& s, const char* name) {
        return zerg::test::lastEvent(s.events, name);
    }

    static void deliver(Session& s, const QByteArray& message) {
        QString error;
        QVERIFY2(s.imap.deliver(message, &error), qPrintable(error));
    }

private Q_SLOTS:
    void initTestCase() {
        qunsetenv("SSH_AUTH_SOCK");
        qputenv("ZERG_SECRET_BACKEND", "file");
        QVERIFY2(m_sshd.available(&m_problem), qPrintable(m_problem));
        QVERIFY2(m_sshd.start(&m_problem), qPrintable(m_problem));
        DovecotFixture probe;
        QVERIFY2(probe.available(&m_problem), qPrintable(m_problem));
        QVERIFY2(!SmtpServer::findPython(&m_problem).isEmpty(), qPrintable(m_problem));
    }

    // The approval request goes out by e-mail; a forged reply and one whose DKIM check failed
    // change nothing; the person's "yes" allows it, the command runs on the host, and a
    // confirmation comes back in the thread.
    void anApprovalIsAnsweredByAnEmailReply() {
        QTemporaryDir host;
        const QString file = host.filePath(QStringLiteral("mailed"));
        auto s = open(oneChange(QStringLiteral("touch ") + file, QStringLiteral("mail")));
        QVERIFY(s);
        QVERIFY(s->backend->mailReplies()->watcher()->usesIdle());  // Dovecot offers IDLE
        QSignalSpy done(s->backend->jarvis(), &JarvisService::runFinished);
        QVERIFY(s->backend->jarvis()->ask(QStringLiteral("touch a file on testbox")));
        QTRY_COMPARE_WITH_TIMEOUT(mails(*s, QStringLiteral("may I run this")).size(), 1, 30000);
        const QJsonObject request = mails(*s, QStringLiteral("may I run this")).first();
        QCOMPARE(request.value("to").toString(), QString::fromLatin1(kOps));
        QVERIFY2(request.value("body").toString().contains(QStringLiteral("touch ") + file),
                 qPrintable(request.value("body").toString()));
        const QString id = request.value("message_id").toString().remove(u'<').remove(u'>');
        const QString subject = request.value("subject").toString();

        // The mailbox is shared: a newsletter, and a colleague's reply in another thread of the
        // same domain, are not Zerg's and stay unread.
        deliver(*s,
                "From: news@example.com\r\nSubject: Weekly\r\nMessage-ID: <n1@example.com>"
                "\r\n\r\nNews.\r\n");
        deliver(*s, reply(QString::fromLatin1(kOps), QStringLiteral("c1@example.test"),
                          QStringLiteral("other-thread@example.test"), QStringLiteral("Lunch"),
                          QStringLiteral("yes")));
        // Mallory knows the thread but is not the alert address; a DKIM failure is refused too.
        deliver(*s, reply(QStringLiteral("mallory@evil.test"), QStringLiteral("m1@evil.test"), id,
                          subject, QStringLiteral("yes")));
        deliver(*s, reply(QString::fromLatin1(kOps), QStringLiteral("m2@evil.test"), id, subject,
                          QStringLiteral("yes"),
                          "Authentication-Results: mx.example.test; dkim=fail "
                          "header.d=example.test; dmarc=fail\r\n"));
        QTRY_COMPARE_WITH_TIMEOUT(s->handled.size(), 2, 20000);
        QCOMPARE(s->handled.at(0).outcome, ReplyOutcome::Refused);
        QCOMPARE(s->handled.at(1).outcome, ReplyOutcome::Refused);
        QVERIFY2(s->handled.at(1).detail.contains(QStringLiteral("dkim=fail")),
                 qPrintable(s->handled.at(1).detail));
        QVERIFY(!QFile::exists(file));
        QCOMPARE(done.size(), 0);

        deliver(*s, reply(QString::fromLatin1(kOps), QStringLiteral("r1@example.test"), id, subject,
                          QStringLiteral("Yes.")));
        QVERIFY(done.wait(30000));
        QVERIFY2(done.at(0).at(1).toBool(), qPrintable(done.at(0).at(2).toString()));
        QVERIFY(QFile::exists(file));
        QCOMPARE(s->handled.size(), 3);
        QCOMPARE(s->handled.at(2).outcome, ReplyOutcome::Allowed);
        const QJsonObject resolved = lastEvent(*s, "approval_resolved");
        QCOMPARE(resolved.value("status").toString(), QStringLiteral("allowed"));
        QCOMPARE(resolved.value("device").toString(), QStringLiteral("email"));
        // The confirmation, in the thread of the reply; nothing went to Mallory.
        QTRY_COMPARE(mails(*s, QStringLiteral("Re: ")).size(), 1);
        const QJsonObject confirmation = mails(*s, QStringLiteral("Re: ")).first();
        QCOMPARE(confirmation.value("to").toString(), QString::fromLatin1(kOps));
        QVERIFY(confirmation.value("body").toString().startsWith(QStringLiteral("Allowed once")));
        QVERIFY(confirmation.value("raw").toString().contains(
            QStringLiteral("In-Reply-To: <r1@example.test>")));
        QTRY_COMPARE(s->imap.seenCount(), 3);  // the three replies; not the other two
        // The same reply read again (another process, a restart) changes nothing.
        QVERIFY(s->backend->mailReplies()->take(reply(QString::fromLatin1(kOps),
                                                      QStringLiteral("r1@example.test"), id,
                                                      subject, QStringLiteral("no"))));
        QCOMPARE(s->handled.size(), 3);
    }

    // A reply to an alert e-mail is a question: Jarvis answers it with the alert as context,
    // and the answer comes back by e-mail in the same thread.
    void aReplyToAnAlertIsAQuestionAnsweredByEmail() {
        auto s = open({textResponse("supervisor-model", "The journal uses 80% of /var.")});
        QVERIFY(s);
        const auto itemId = s->backend->schedules()->addInboxItem(
            1, std::nullopt, std::nullopt, QStringLiteral("Disk check"),
            QStringLiteral("/var is 97% full on web1."), QStringLiteral("critical"),
            QDateTime::currentDateTimeUtc());
        QVERIFY(itemId);
        const auto item = s->backend->schedules()->inboxItem(1, *itemId);
        QVERIFY(item);
        s->backend->alerts()->deliver(*item);
        QTRY_COMPARE_WITH_TIMEOUT(mails(*s, QStringLiteral("Disk check")).size(), 1, 15000);
        const QJsonObject alert = mails(*s, QStringLiteral("Disk check")).first();
        const QString id = alert.value("message_id").toString().remove(u'<').remove(u'>');
        QSignalSpy done(s->backend->jarvis(), &JarvisService::runFinished);
        deliver(*s, reply(QString::fromLatin1(kOps), QStringLiteral("q1@example.test"), id,
                          alert.value("subject").toString(),
                          QStringLiteral("What is using the space?\r\n\r\n-- \r\nOps Person")));
        QVERIFY(done.wait(30000));
        QCOMPARE(s->handled.size(), 1);
        QCOMPARE(s->handled.first().outcome, ReplyOutcome::FollowUp);
        // Jarvis got the question with the alert, without the quote and the signature.
        const QList<QJsonObject> asked =
            s->llm.requestsForModel(QStringLiteral("supervisor-model"));
        QCOMPARE(asked.size(), 1);
        const QString prompt = QString::fromUtf8(QJsonDocument(asked.first()).toJson());
        QVERIFY2(prompt.contains(QStringLiteral("/var is 97% full on web1.")), qPrintable(prompt));
        QVERIFY(prompt.contains(QStringLiteral("What is using the space?")));
        QVERIFY(!prompt.contains(QStringLiteral("Ops Person")));
        QVERIFY(!prompt.contains(QStringLiteral("Reply yes or no")));
        // The answer, by e-mail, in the thread.
        QTRY_COMPARE_WITH_TIMEOUT(mails(*s, QStringLiteral("Re: ")).size(), 1, 15000);
        const QJsonObject answer = mails(*s, QStringLiteral("Re: ")).first();
        QCOMPARE(answer.value("to").toString(), QString::fromLatin1(kOps));
        QVERIFY2(answer.value("body").toString().contains(
                     QStringLiteral("The journal uses 80% of /var.")),
                 qPrintable(answer.value("body").toString()));
        const QString raw = answer.value("raw").toString();
        QVERIFY(raw.contains(QStringLiteral("In-Reply-To: <q1@example.test>")));
        QVERIFY(raw.contains(QStringLiteral("<") + id + QStringLiteral(">")));  // References
        QVERIFY2(answer.value("subject").toString().startsWith(QStringLiteral("Re: ")),
                 qPrintable(answer.value("subject").toString()));
        // The answer is sent once: the run finishing again (another process) sends nothing.
        s->backend->mailReplies()->runFinished(s->handled.first().runId, true,
                                               QStringLiteral("again"));
        QTest::qWait(500);
        QCOMPARE(mails(*s, QStringLiteral("Re: ")).size(), 1);
    }
};

QTEST_MAIN(TestMailRepliesE2e)
#include "test_mail_replies_e2e.moc"
