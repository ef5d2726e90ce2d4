#include "runtime/mail_replies.h"

#include "core/clock.h"
#include "core/settings.h"
#include "jarvis/jarvis_service.h"
#include "storage/schedule_store.h"
#include "tools/mail_message.h"
#include "tools/mail_reply.h"
#include "tools/send_email_tool.h"
#include "workers/approvals.h"

#include <QCryptographicHash>
#include <QPointer>

namespace zerg {
namespace {

// The most of an alert's text a follow-up request carries as its context.
constexpr int kAlertContextChars = 1500;

QString reSubject(const QString& subject) {
    return subject.startsWith(QLatin1String("Re:"), Qt::CaseInsensitive)
               ? subject
               : QStringLiteral("Re: ") + subject;
}

QString utc(const QDateTime& t) {
    return t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

}  // namespace

Result<std::optional<MailRepliesConfig>> MailRepliesConfig::fromSettings(const Settings& s,
                                                                         const QString& password) {
    if (s.imapHost.trimmed().isEmpty())
        return std::optional<MailRepliesConfig>();
    const auto fail = [](const QString& message) {
        return Error{QStringLiteral("invalid_setting"), message};
    };
    MailRepliesConfig c;
    c.imap.host = s.imapHost.trimmed();
    c.imap.port = s.imapPort;
    if (!ImapSettings::parseTls(s.imapTls, &c.imap.tls)) {
        return fail(QCoreApplication::translate(
                        "zerg::MailReplies",
                        "ZERG_IMAP_TLS=%1 is not implicit, starttls or none. Replies by e-mail "
                        "are not read until it is.")
                        .arg(s.imapTls));
    }
    c.imap.username = s.imapUser.trimmed();
    c.imap.password = password;
    c.imap.mailbox =
        s.imapMailbox.trimmed().isEmpty() ? QStringLiteral("INBOX") : s.imapMailbox.trimmed();
    c.imap.caFile = s.imapCaFile;
    if (c.imap.username.isEmpty()) {
        return fail(QCoreApplication::translate(
            "zerg::MailReplies",
            "ZERG_IMAP_HOST is set but ZERG_IMAP_USER is not: give the mailbox's user (and the "
            "imap_password secret). Replies by e-mail are not read until then."));
    }
    if (s.alertEmailTo.trimmed().isEmpty() || s.smtpHost.isEmpty()) {
        return fail(QCoreApplication::translate(
            "zerg::MailReplies",
            "Replies by e-mail need e-mail to go out first: set ZERG_ALERT_EMAIL and the SMTP "
            "server (ZERG_SMTP_HOST, ZERG_SMTP_FROM). Replies are not read until then."));
    }
    for (const QString& a : (s.alertEmailTo + u',' + s.mailReplyFrom).split(u',')) {
        if (!a.trimmed().isEmpty())
            c.allowedSenders.append(a.trimmed().toLower());
    }
    c.allowedSenders.removeDuplicates();
    c.approvalsTo = s.alertEmailTo.split(u',').value(0).trimmed();
    // Only replies to Zerg's own mail are fetched: their thread names an id of Zerg's domain
    // (MailMessage::newMessageId). The rest of a shared mailbox is left unread.
    const QString from = s.smtpFrom.trimmed();
    const QString domain =
        from.contains(u'@') ? from.mid(from.lastIndexOf(u'@')) : QStringLiteral("@zerg.invalid");
    if (!domain.contains(u'"') && !domain.contains(u'\\')) {
        const QByteArray d = domain.toUtf8();
        c.imap.search = "UNSEEN OR HEADER In-Reply-To \"" + d + "\" HEADER References \"" + d + '"';
    }
    return std::optional<MailRepliesConfig>(c);
}

MailReplies::MailReplies(MailRepliesConfig config, Database* db, Approvals* approvals,
                         ScheduleStore* inbox, std::shared_ptr<SendEmailTool> mail,
                         JarvisOfOwner jarvisFor, Clock* clock, QObject* parent)
    : QObject(parent),
      m_config(std::move(config)),
      m_threads(std::make_unique<MailThreadStore>(db)),
      m_replies(db, ReplyLog::Channel::Email),
      m_approvals(approvals),
      m_inbox(inbox),
      m_mail(std::move(mail)),
      m_jarvisFor(std::move(jarvisFor)),
      m_clock(clock) {
    m_watcher = new ImapWatcher(
        m_config.imap, [this](const QByteArray& raw) { return take(raw); }, clock, this);
    if (!m_config.approvalsTo.isEmpty())
        connect(approvals, &Approvals::requested, this, &MailReplies::mailApproval);
}

MailReplies::~MailReplies() = default;

void MailReplies::start() {
    m_watcher->start();
}

void MailReplies::send(const MailMessage& message, MailKind kind) {
    ToolInvocation* call = m_mail->send(message, this);
    const QString id = message.messageId;
    auto report = [this, call, kind, id] {
        const ToolResult& r = call->result();
        if (!r.ok())
            qWarning("zerg: e-mail %s: %s", qPrintable(id), qPrintable(r.error()));
        Q_EMIT mailed(kind, id, r.ok() ? QString() : r.error());
        call->deleteLater();
    };
    if (call->isFinished())
        report();
    else
        connect(call, &ToolInvocation::finished, this, report);
}

void MailReplies::mailApproval(const ApprovalRecord& r) {
    if (r.status != ApprovalStatus::Pending)
        return;
    MailMessage m;
    m.to = {m_config.approvalsTo};
    m.subject = tr("Zerg asks: may I run this on %1?").arg(r.target);
    m.messageId = MailMessage::newMessageId(m_mail->from());
    m.autoSubmitted = true;
    QStringList lines{tr("A worker wants to run this on %1:").arg(r.target), QString(),
                      QStringLiteral("    ") + r.action, QString()};
    const QString why = r.classification.value(QStringLiteral("why")).toString();
    if (!why.isEmpty())
        lines << tr("Why Zerg asks: %1").arg(why);
    if (!r.statedReason.trimmed().isEmpty())
        lines << tr("The worker says: %1").arg(r.statedReason.trimmed());
    if (!r.task.isEmpty())
        lines << tr("Task: %1").arg(r.task);
    lines << QString()
          << tr("Reply \"yes\" to allow it once, or \"no\" to deny it. Unanswered by %1 UTC, it "
                "is denied.")
                 .arg(utc(r.expiresAt))
          << tr("Only a reply from %1 counts.").arg(m_config.allowedSenders.join(u", "));
    m.body = lines.join(u'\n');
    MailThread t;
    t.messageId = m.messageId;
    t.ownerId = r.ownerId;
    t.kind = MailKind::Approval;
    t.approvalId = r.id;
    t.subject = m.subject;
    t.sentAt = m_clock->utcNow();
    // Recorded before it is sent, once over every process: a request is e-mailed once.
    const Result<bool> first = m_threads->recordSent(t);
    if (!first) {
        qWarning("zerg: approval %lld was not e-mailed: %s", r.id,
                 qPrintable(first.error().message));
        return;
    }
    if (!first.value())
        return;  // another process e-mailed it
    send(m, MailKind::Approval);
}

void MailReplies::alertMailed(qint64 ownerId, qint64 itemId, const QString& messageId,
                              const QString& subject) {
    MailThread t;
    t.messageId = messageId;
    t.ownerId = ownerId;
    t.kind = MailKind::Alert;
    t.inboxItemId = itemId;
    t.subject = subject;
    t.sentAt = m_clock->utcNow();
    if (const Result<bool> r = m_threads->recordSent(t); !r)
        qWarning("zerg: replies to alert %lld will not be matched: %s", itemId,
                 qPrintable(r.error().message));
}

bool MailReplies::take(const QByteArray& raw) {
    const Result<MailReply> parsed = MailReply::parse(raw);
    if (!parsed)
        return false;  // not mail Zerg can read: left as it is
    MailReply reply = parsed.value();
    const Result<std::optional<MailThread>> found = m_threads->find(reply.referredIds());
    if (!found) {
        qWarning("zerg: a reply by e-mail waits: %s", qPrintable(found.error().message));
        return false;
    }
    if (!found->has_value())
        return false;                 // not a reply to Zerg's mail: left unread for its owner
    if (reply.messageId.isEmpty()) {  // no Message-ID: the message itself names it
        reply.messageId =
            QStringLiteral("sha256:") +
            QString::fromLatin1(QCryptographicHash::hash(raw, QCryptographicHash::Sha256).toHex());
    }
    const Result<bool> claimed = m_replies.claim(reply.messageId, reply.from, m_clock->utcNow());
    if (!claimed) {
        qWarning("zerg: a reply by e-mail waits: %s", qPrintable(claimed.error().message));
        return false;
    }
    if (!claimed.value())
        return true;  // handled before (by this or another process)
    ReplyRecord record = handle(reply, **found);
    record.repliedTo = (*found)->messageId;
    record.receivedAt = m_clock->utcNow();
    if (const Status s = m_replies.finish(record); !s)
        qWarning("zerg: %s", qPrintable(s.error().message));
    qInfo("zerg: e-mail reply %s from %s: %s %s", qPrintable(record.messageId),
          qPrintable(record.sender), qPrintable(statusName(record.outcome)),
          qPrintable(record.detail));
    Q_EMIT replyHandled(record);
    return true;
}

ReplyRecord MailReplies::handle(const MailReply& reply, const MailThread& thread) {
    ReplyRecord rec;
    rec.messageId = reply.messageId;
    rec.sender = reply.from;
    rec.ownerId = thread.ownerId;
    if (reply.autoReply) {
        rec.outcome = ReplyOutcome::AutoReply;
        return rec;
    }
    // Who may answer: an allowed address, whose mail did not fail authentication where the
    // receiving server checked it. Nothing is sent back to a refused sender (it may be forged).
    if (!m_config.allowedSenders.contains(reply.from)) {
        rec.outcome = ReplyOutcome::Refused;
        rec.detail = tr("%1 is not an address whose replies count (ZERG_ALERT_EMAIL, "
                        "ZERG_MAIL_REPLY_FROM)")
                         .arg(reply.from);
        qWarning("zerg: refused an e-mail reply: %s", qPrintable(rec.detail));
        return rec;
    }
    if (reply.dkim == QLatin1String("fail") || reply.dmarc == QLatin1String("fail")) {
        rec.outcome = ReplyOutcome::Refused;
        rec.detail = tr("the receiving server says its authentication failed (dkim=%1, dmarc=%2)")
                         .arg(reply.dkim.isEmpty() ? QStringLiteral("none") : reply.dkim,
                              reply.dmarc.isEmpty() ? QStringLiteral("none") : reply.dmarc);
        qWarning("zerg: refused an e-mail reply from %s: %s", qPrintable(reply.from),
                 qPrintable(rec.detail));
        return rec;
    }
    if (thread.kind != MailKind::Approval)
        return followUp(reply, thread);

    const ReplyIntent intent = reply.intent();
    if (intent == ReplyIntent::Text) {
        rec.outcome = ReplyOutcome::NotAnswer;
        rec.detail = tr("neither yes nor no");
        answer(reply,
               tr("Your reply was not taken as an answer: reply \"yes\" to allow the request "
                  "once, or \"no\" to deny it. It still waits."));
        return rec;
    }
    ApprovalReply a;
    a.choice = intent == ReplyIntent::Allow ? ApprovalChoice::AllowOnce : ApprovalChoice::Deny;
    a.device = QStringLiteral("email");
    const Result<ApprovalRecord> answered =
        m_approvals->answer(thread.ownerId, thread.approvalId, a);
    if (!answered) {
        if (answered.error().code == QLatin1String("invalid_state")) {
            rec.outcome = ReplyOutcome::TooLate;
            rec.detail = tr("the request was answered, expired or withdrawn before");
            answer(reply,
                   tr("Nothing was changed: the request was answered, expired or was withdrawn "
                      "before your reply came."));
        } else {
            rec.outcome = ReplyOutcome::Failed;
            rec.detail = answered.error().message;
            answer(reply, tr("Zerg could not record your answer (%1). Answer in Zerg instead.")
                              .arg(answered.error().message));
        }
        return rec;
    }
    const bool allowed = answered->status == ApprovalStatus::Allowed;
    rec.outcome = allowed ? ReplyOutcome::Allowed : ReplyOutcome::Denied;
    answer(
        reply,
        allowed
            ? tr("Allowed once: %1 on %2. The worker goes on.")
                  .arg(answered->action, answered->target)
            : tr("Denied: %1 on %2. The worker is told.").arg(answered->action, answered->target));
    return rec;
}

ReplyRecord MailReplies::followUp(const MailReply& reply, const MailThread& thread) {
    ReplyRecord rec;
    rec.messageId = reply.messageId;
    rec.sender = reply.from;
    rec.ownerId = thread.ownerId;
    if (reply.text.trimmed().isEmpty()) {
        rec.outcome = ReplyOutcome::NotAnswer;
        rec.detail = tr("an empty reply");
        return rec;
    }
    QString task = reply.text.trimmed();
    if (thread.kind == MailKind::Alert) {
        if (const Result<InboxItem> item = m_inbox->inboxItem(thread.ownerId, thread.inboxItemId)) {
            task = tr("About the alert \"%1\" (%2, %3 UTC):\n%4\n\nThe user replied by e-mail:\n%5")
                       .arg(item->title, item->severity, utc(item->createdAt),
                            item->body.left(kAlertContextChars), reply.text.trimmed());
        }
    }
    const Result<JarvisService*> found = m_jarvisFor(thread.ownerId);
    const Result<qint64> run = found ? (*found)->ask(task) : Result<qint64>(found.error());
    if (!run) {
        rec.outcome = ReplyOutcome::Failed;
        rec.detail = run.error().message;
        answer(reply,
               tr("Your question was not started: %1 Send it again in a few minutes, or ask in "
                  "Zerg.")
                   .arg(run.error().message));
        return rec;
    }
    rec.outcome = ReplyOutcome::FollowUp;
    rec.runId = run.value();
    return rec;
}

void MailReplies::runFinished(qint64 runId, bool ok, const QString& text) {
    const Result<std::optional<ReplyRecord>> claimed =
        m_replies.claimAnswer(runId, m_clock->utcNow());
    if (!claimed) {
        qWarning("zerg: the answer of run %lld was not e-mailed: %s", runId,
                 qPrintable(claimed.error().message));
        return;
    }
    if (!claimed->has_value())
        return;  // not a reply's question, or answered already
    const ReplyRecord& reply = **claimed;
    // In the thread of the reply: it answers the reply, which answered Zerg's e-mail.
    const Result<std::optional<MailThread>> thread = m_threads->find({reply.repliedTo});
    MailMessage m;
    m.to = {reply.sender};
    m.subject = reSubject(thread && thread->has_value() ? (*thread)->subject : tr("Zerg"));
    m.messageId = MailMessage::newMessageId(m_mail->from());
    m.inReplyTo = reply.messageId;
    if (!reply.repliedTo.isEmpty())
        m.references.append(reply.repliedTo);
    m.references.append(reply.messageId);
    m.autoSubmitted = true;
    m.body = ok ? text : tr("Your question could not be answered: %1").arg(text);
    MailThread t;
    t.messageId = m.messageId;
    t.ownerId = reply.ownerId;
    t.kind = MailKind::Answer;
    t.runId = runId;
    t.subject = m.subject;
    t.sentAt = m_clock->utcNow();
    if (const Result<bool> r = m_threads->recordSent(t); !r)
        qWarning("zerg: %s", qPrintable(r.error().message));
    send(m, MailKind::Answer);
}

void MailReplies::answer(const MailReply& reply, const QString& text) {
    MailMessage m;
    m.to = {reply.from};
    m.subject = reSubject(reply.subject);
    m.messageId = MailMessage::newMessageId(m_mail->from());
    m.inReplyTo = reply.messageId;
    m.references = reply.references;
    m.references.append(reply.messageId);
    m.autoSubmitted = true;
    m.body = text;
    send(m, MailKind::Answer);
}

}  // namespace zerg
