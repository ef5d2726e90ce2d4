#pragma once

#include "tools/mail_message.h"
#include "tools/smtp_sender.h"
#include "tools/tool.h"

#include <QCoreApplication>

namespace zerg {

// The send_email tool: one plain-text UTF-8 message through the configured SMTP server
// (libcurl's SMTP on a thread of its own per call; the invocation finishes on the caller's
// thread).
//
// Arguments {to: address or [addresses] (at most kMaxRecipients), subject, body}. Addresses are
// plain "local@domain" (no display names).
// Result: {ok: true, message_id, recipients, subject, duration_ms} or
//   {ok: false, error, error_code, duration_ms} with error_code one of not_configured,
//   invalid_arguments, connect_failed, tls_failed, auth_failed, rejected, timeout, cancelled,
//   smtp_error. Messages never contain the password.
class SendEmailTool final : public Tool {
    Q_DECLARE_TR_FUNCTIONS(SendEmailTool)
public:
    static constexpr int kMaxRecipients = 20;
    static constexpr int kMaxSubjectChars = 300;
    static constexpr int kMaxBodyBytes = 1024 * 1024;

    // knownRecipients: the addresses a setting names (the alert address, the sender itself); a
    // message to any other needs the user's approval in every mode (CallClass::outsideConfigured).
    explicit SendEmailTool(SmtpSettings settings, QStringList knownRecipients = {});

    [[nodiscard]] ToolSpec spec() const override;
    [[nodiscard]] ToolInvocation* start(const QJsonObject& args, QObject* parent) override;
    [[nodiscard]] CallClass classify(const QJsonObject& args) const override;

    // Zerg's own mail (an approval request, the answer to a reply): a message made by Zerg, not
    // by a model, sent as it is (from, date and Message-ID set here when empty). The same result
    // as the tool's.
    [[nodiscard]] ToolInvocation* send(MailMessage message, QObject* parent);
    [[nodiscard]] const QString& from() const { return m_settings.from; }

private:
    SmtpSettings m_settings;
    QStringList m_knownRecipients;  // lower case
};

}  // namespace zerg
