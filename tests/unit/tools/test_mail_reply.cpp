// MailReply (issue 27): replies as real mail clients write them, parsed for their thread, their
// new text and their yes or no; malformed mail is an error or empty text, never a crash.
#include "tools/mail_reply.h"

#include <QTest>

using namespace zerg;

class TestMailReply : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aThunderbirdReplyIsAYes() {
        const QByteArray raw =
            "From: \"Ops Person\" <Ops@Example.org>\r\n"
            "To: zerg@example.org\r\n"
            "Subject: Re: Zerg asks: may I run this on web1?\r\n"
            "Message-ID: <r1@example.org>\r\n"
            "In-Reply-To: <a1@zerg.example.org>\r\n"
            "References: <x0@zerg.example.org>\r\n <a1@zerg.example.org>\r\n"
            "Content-Type: text/plain; charset=UTF-8; format=flowed\r\n"
            "\r\n"
            "yes\r\n\r\nOn 3/3/26 10:00, Zerg wrote:\r\n> Zerg asks: may I run this?\r\n"
            "> Reply yes or no.\r\n";
        const Result<MailReply> r = MailReply::parse(raw);
        QVERIFY(r);
        QCOMPARE(r->from, QStringLiteral("ops@example.org"));
        QCOMPARE(r->messageId, QStringLiteral("r1@example.org"));
        QCOMPARE(r->inReplyTo, QStringLiteral("a1@zerg.example.org"));
        QCOMPARE(r->references, QStringList({QStringLiteral("x0@zerg.example.org"),
                                             QStringLiteral("a1@zerg.example.org")}));
        QCOMPARE(r->referredIds(), QStringList({QStringLiteral("a1@zerg.example.org"),
                                                QStringLiteral("x0@zerg.example.org")}));
        QCOMPARE(r->text, QStringLiteral("yes"));
        QCOMPARE(r->intent(), ReplyIntent::Allow);
        QVERIFY(!r->autoReply);
    }

    void aGmailReplyIsDecoded() {
        const QByteArray raw =
            "From: ops@example.org\r\nMessage-ID: <g1@mail.gmail.com>\r\n"
            "Content-Type: multipart/alternative; boundary=\"000abc\"\r\n\r\n"
            "--000abc\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n"
            "Content-Transfer-Encoding: quoted-printable\r\n\r\n"
            "Bitte pr=C3=BCfe erst die Logs, dann starte den Dienst neu. Danke f=\r\n"
            "=C3=BCr die Info.\r\n\r\n"
            "On Tue, Mar 3, 2026 at 10:01 AM Zerg <zerg@example.org> wrote:\r\n\r\n"
            "> Zerg asks\r\n\r\n"
            "--000abc\r\nContent-Type: text/html; charset=\"UTF-8\"\r\n\r\n"
            "<div>HTML version</div>\r\n--000abc--\r\n";
        const Result<MailReply> r = MailReply::parse(raw);
        QVERIFY(r);
        QCOMPARE(r->text, QStringLiteral("Bitte prüfe erst die Logs, dann starte den Dienst neu. "
                                         "Danke für die Info."));
        QCOMPARE(r->intent(), ReplyIntent::Text);
    }

    void aGermanNoIsADeny() {
        const Result<MailReply> r = MailReply::parse(
            "From: ops@example.org\nSubject: Re: x\n\nNein.\n\nAm 03.03.2026 um 10:00 schrieb "
            "Zerg:\n> Darf ich?\n");
        QVERIFY(r);
        QCOMPARE(r->text, QStringLiteral("Nein."));
        QCOMPARE(r->intent(), ReplyIntent::Deny);
    }

    void aSignatureIsLeftOutAndLongTextIsAQuestion() {
        const Result<MailReply> r = MailReply::parse(
            "From: ops@example.org\r\n\r\nno idea why this fails, please check the logs\r\n"
            "-- \r\nAlice\r\nOps team\r\n");
        QVERIFY(r);
        QCOMPARE(r->text, QStringLiteral("no idea why this fails, please check the logs"));
        QCOMPARE(r->intent(), ReplyIntent::Text);
        MailReply question = *r;
        question.text = QStringLiteral("ok but why?");
        QCOMPARE(question.intent(), ReplyIntent::Text);
    }

    void latin1Base64AndAnEncodedSubject() {
        const QByteArray body = QByteArray(
                                    "Pr\xfc"
                                    "fung l\xe4uft.\r\n")
                                    .toBase64();
        const QByteArray raw =
            "From: ops@example.org\r\n"
            "Subject: =?ISO-8859-1?Q?Re:_Pr=FCfung?=\r\n"
            "Content-Type: text/plain; charset=ISO-8859-1\r\n"
            "Content-Transfer-Encoding: base64\r\n\r\n" +
            body + "\r\n";
        const Result<MailReply> r = MailReply::parse(raw);
        QVERIFY(r);
        QCOMPARE(r->subject, QStringLiteral("Re: Prüfung"));
        QCOMPARE(r->text, QStringLiteral("Prüfung läuft."));
    }

    void authenticationResultsAndAutoReplies() {
        const Result<MailReply> r = MailReply::parse(
            "Authentication-Results: mx.example.org; dkim=fail header.d=example.org;\r\n"
            " spf=pass smtp.mailfrom=example.org; dmarc=fail\r\n"
            "Auto-Submitted: auto-replied\r\nFrom: ops@example.org\r\n\r\nI am away.\r\n");
        QVERIFY(r);
        QCOMPARE(r->dkim, QStringLiteral("fail"));
        QCOMPARE(r->spf, QStringLiteral("pass"));
        QCOMPARE(r->dmarc, QStringLiteral("fail"));
        QVERIFY(r->autoReply);
    }

    void commentsInAuthenticationResultsAreNoResults() {
        // Gmail's own results come after an ARC comment whose claims whoever sealed the message
        // wrote; a spoofed sender must keep Gmail's dmarc=fail.
        const Result<MailReply> r = MailReply::parse(
            "Authentication-Results: mx.google.com;\r\n"
            "       dkim=pass header.i=@example.org header.s=s1 header.b=abc;\r\n"
            "       arc=pass (i=1 spf=pass spfdomain=example.org dkim=pass dkdomain=example.org\r\n"
            "       dmarc=pass fromdomain=example.org);\r\n"
            "       spf=softfail (google.com: domain of transitioning ops@example.org does not\r\n"
            "       designate 192.0.2.1 as permitted sender) smtp.mailfrom=ops@example.org;\r\n"
            "       dmarc=fail (p=REJECT sp=REJECT dis=QUARANTINE) header.from=example.org\r\n"
            "From: ops@example.org\r\n\r\nyes\r\n");
        QVERIFY(r);
        QCOMPARE(r->dkim, QStringLiteral("pass"));
        QCOMPARE(r->spf, QStringLiteral("softfail"));
        QCOMPARE(r->dmarc, QStringLiteral("fail"));
    }

    void headerTextAsMailersWriteIt() {
        // The two bytes of "ü" split between two words, as some mailers do.
        QCOMPARE(mime::decodeHeaderText("=?UTF-8?Q?Re:_Pr=C3?= =?UTF-8?Q?=BCfung?="),
                 QStringLiteral("Re: Prüfung"));
        // Raw UTF-8 (RFC 6532), and raw Latin-1 from an older mailer.
        QCOMPARE(mime::decodeHeaderText("Re: Pr\xc3\xbc"
                                        "fung"),
                 QStringLiteral("Re: Prüfung"));
        QCOMPARE(mime::decodeHeaderText("Re: Pr\xfc"
                                        "fung"),
                 QStringLiteral("Re: Prüfung"));
        // Whitespace between a word and plain text, or a bare "=?", is text.
        QCOMPARE(mime::decodeHeaderText("=?UTF-8?B?SGFsbG8=?= Welt"), QStringLiteral("Hallo Welt"));
        QCOMPARE(mime::decodeHeaderText("=?UTF-8?B?SGFsbG8=?= =?x"), QStringLiteral("Hallo =?x"));
    }

    void malformedMailIsAnErrorOrEmpty() {
        QVERIFY(!MailReply::parse(QByteArray()));
        QVERIFY(!MailReply::parse("just text without headers"));
        QVERIFY(!MailReply::parse("Subject: no sender\r\n\r\nyes\r\n"));
        const Result<MailReply> open = MailReply::parse(
            "From: ops@example.org\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"
            "Content-Type: text/plain\r\n\r\nyes");
        QVERIFY(open);  // an unterminated multipart: what is there is read
        const Result<MailReply> nested = MailReply::parse(
            "From: ops@example.org\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n"
            "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\n--b--\r\n");
        QVERIFY(nested);
        QCOMPARE(nested->text, QString());
    }
};

QTEST_GUILESS_MAIN(TestMailReply)
#include "test_mail_reply.moc"
