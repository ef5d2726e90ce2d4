#pragma once

#include "core/result.h"
#include "jarvis/jarvis_of_owner.h"
#include "storage/approval_store.h"
#include "storage/mail_threads.h"
#include "storage/reply_log.h"
#include "tools/imap_watcher.h"

#include <QObject>
#include <QStringList>

#include <functional>
#include <memory>
#include <optional>

namespace zerg {

class Approvals;
class Clock;
class Database;
class JarvisService;
class ScheduleStore;
class SendEmailTool;
struct InboxItem;
struct MailMessage;
struct MailReply;
struct Settings;

struct MailRepliesConfig {
    ImapSettings imap;
    QStringList allowedSenders;  // lower case: ZERG_ALERT_EMAIL and ZERG_MAIL_REPLY_FROM
    QString approvalsTo;         // where approval requests are e-mailed: ZERG_ALERT_EMAIL

    // From the settings: nullopt without ZERG_IMAP_HOST; an error naming the setting to fix
    // when replies could not work (no alert address, no SMTP, a bad TLS mode).
    [[nodiscard]] static Result<std::optional<MailRepliesConfig>> fromSettings(
        const Settings& s, const QString& password);
};

// Alerts both ways by e-mail (issue 27, docs/alerts.md). Approval requests are e-mailed to the
// alert address; alert e-mails (AlertChannels) are remembered by their Message-ID. The mailbox
// is watched (ImapWatcher), and a reply, matched by In-Reply-To/References to what Zerg sent and
// checked (the sender is an allowed address; DKIM and DMARC did not fail where the receiving
// server says so), becomes the person's answer: "yes" or "no" answers an approval request, other
// text to an alert or an answer is a request to the owner's supervisor agent, whose answer is
// e-mailed back in the same thread. Quoted text and signatures are left out. Each reply is
// handled once over every process (ReplyLog::claim) and recorded. Main thread only.
class MailReplies : public QObject {
    Q_OBJECT
public:
    MailReplies(MailRepliesConfig config, Database* db, Approvals* approvals, ScheduleStore* inbox,
                std::shared_ptr<SendEmailTool> mail, JarvisOfOwner jarvisFor, Clock* clock,
                QObject* parent = nullptr);
    ~MailReplies() override;

    // Starts watching the mailbox.
    void start();
    [[nodiscard]] ImapWatcher* watcher() const { return m_watcher; }

    // An alert went out by e-mail (AlertChannels::mailed): its replies are matched from now on.
    void alertMailed(qint64 ownerId, qint64 itemId, const QString& messageId,
                     const QString& subject);
    // One received message (the watcher's handler): false when it is not a reply to Zerg's
    // mail, or could not be recorded (it stays unread).
    bool take(const QByteArray& raw);
    // A run of any owner finished: when it answers a reply's question, the answer is e-mailed
    // back in the reply's thread (once over every process, also after a restart).
    void runFinished(qint64 runId, bool ok, const QString& text);

Q_SIGNALS:
    // A reply was handled, and how.
    void replyHandled(const zerg::ReplyRecord& record);
    // Zerg's own e-mail went out (error empty) or failed.
    void mailed(zerg::MailKind kind, const QString& messageId, const QString& error);

private:
    void mailApproval(const ApprovalRecord& request);
    // E-mails text to the sender of reply, in its thread (a confirmation).
    void answer(const MailReply& reply, const QString& text);
    void send(const MailMessage& message, MailKind kind);
    [[nodiscard]] ReplyRecord handle(const MailReply& reply, const MailThread& thread);
    [[nodiscard]] ReplyRecord followUp(const MailReply& reply, const MailThread& thread);

    MailRepliesConfig m_config;
    std::unique_ptr<MailThreadStore> m_threads;
    ReplyLog m_replies;
    Approvals* m_approvals;
    ScheduleStore* m_inbox;
    std::shared_ptr<SendEmailTool> m_mail;
    JarvisOfOwner m_jarvisFor;
    Clock* m_clock;
    ImapWatcher* m_watcher = nullptr;
};

}  // namespace zerg
