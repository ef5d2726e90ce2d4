#pragma once

#include "core/result.h"
#include "core/status.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace zerg {

class Database;

// What an SMS Zerg sent was (issue 27): a reply to the operator's number is about the latest.
enum class SmsKind { Alert, Answer };

template <>
struct StatusTable<SmsKind> {
    static constexpr std::array<std::pair<SmsKind, const char*>, 2> names{{
        {SmsKind::Alert, "alert"},
        {SmsKind::Answer, "answer"},
    }};
};

// One SMS Zerg sent (table sms_sent).
struct SentSms {
    qint64 id = 0;
    qint64 ownerId = 0;
    SmsKind kind = SmsKind::Alert;
    qint64 inboxItemId = 0;  // Alert: the inbox item
    qint64 runId = 0;        // Answer: the run whose answer it carried
    QString number;          // to whom (E.164)
    QDateTime sentAt;
};

// The SMS Zerg sent (docs/alerts.md): a reply is about the latest one sent to its sender. The
// replies received are in a ReplyLog (reply_log.h).
class SmsThreadStore {
public:
    explicit SmsThreadStore(Database* db);  // not owned

    [[nodiscard]] Status recordSent(const SentSms& sms);
    // The latest SMS sent to number, if any.
    [[nodiscard]] Result<std::optional<SentSms>> latestSent(const QString& number) const;

private:
    Database* m_db;
};

}  // namespace zerg
