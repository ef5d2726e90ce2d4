#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <optional>

namespace zerg {

class Database;

// What an e-mail Zerg sent was about (issue 27): a reply to it is matched by its Message-ID.
enum class MailKind { Approval, Alert, Answer };

template <>
struct StatusTable<MailKind> {
    static constexpr std::array<std::pair<MailKind, const char*>, 3> names{{
        {MailKind::Approval, "approval"},
        {MailKind::Alert, "alert"},
        {MailKind::Answer, "answer"},
    }};
};

// One e-mail Zerg sent that a person may answer (table mail_threads).
struct MailThread {
    QString messageId;  // without angle brackets
    qint64 ownerId = 0;
    MailKind kind = MailKind::Alert;
    qint64 approvalId = 0;   // Approval: the request
    qint64 inboxItemId = 0;  // Alert: the inbox item
    qint64 runId = 0;        // Answer: the run whose answer it carried
    QString subject;
    QDateTime sentAt;
};

// The e-mails Zerg sent that may be answered (docs/alerts.md); the replies read are in a
// ReplyLog (reply_log.h).
class MailThreadStore {
public:
    explicit MailThreadStore(Database* db);  // not owned

    // Records a sent (or about to be sent) e-mail. For an approval request, once: a second
    // record of the same request (another process) is nullopt-ok: false.
    [[nodiscard]] Result<bool> recordSent(const MailThread& thread);
    // The thread of the first of ids (a reply's In-Reply-To, then References) that Zerg sent.
    [[nodiscard]] Result<std::optional<MailThread>> find(const QStringList& ids) const;

private:
    Database* m_db;
};

}  // namespace zerg
