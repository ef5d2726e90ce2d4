#include "tools/send_email_tool.h"

#include "tools/mail_message.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QThread>

namespace zerg {
namespace {

// How long destroying a running call may block the caller while curl notices the cancel flag
// (its progress callback runs about once a second). Past this the thread cleans up after itself.
constexpr unsigned long kJoinMs = 2000;

// One send_email call in flight: owns the sender thread, finishes on the caller's thread.
class EmailInvocation final : public ToolInvocation {
    Q_OBJECT
public:
    EmailInvocation(SmtpJob job, QJsonObject success, QObject* parent)
        : ToolInvocation(parent),
          m_cancel(std::make_shared<std::atomic_bool>(false)),
          m_success(std::move(success)) {
        m_elapsed.start();
        // No QObject parent: the thread may have to outlive us (see the destructor).
        m_thread = new QThread();
        m_thread->setObjectName(QStringLiteral("send_email"));
        auto* sender = new SmtpSender(std::move(job), m_cancel);
        sender->moveToThread(m_thread);
        connect(m_thread, &QThread::finished, sender, &QObject::deleteLater);
        connect(sender, &SmtpSender::done, this, &EmailInvocation::senderDone);
        connect(m_thread, &QThread::finished, this, &EmailInvocation::threadFinished);
        m_thread->start();
        QMetaObject::invokeMethod(sender, &SmtpSender::run, Qt::QueuedConnection);
    }

    ~EmailInvocation() override {
        m_cancel->store(true);
        if (!m_thread)
            return;
        if (m_thread->wait(kJoinMs)) {
            delete m_thread;
            return;
        }
        QThread* t = m_thread;
        connect(t, &QThread::finished, t, &QObject::deleteLater);
        if (t->isFinished())
            delete t;
    }

    void cancel() override {
        if (isFinished())
            return;
        m_cancel->store(true);
        // Finish at once; curl drops the connection in the background. A message the server
        // already accepted cannot be recalled, which is why the result says "may".
        finish(ToolResult::failure(tr("cancelled; the message may or may not have been sent"),
                                   {{QStringLiteral("error_code"), QStringLiteral("cancelled")},
                                    {QStringLiteral("duration_ms"), m_elapsed.elapsed()}}));
    }

private:
    void senderDone(const QJsonObject& payload) {
        QJsonObject p = payload.value(QStringLiteral("ok")).toBool() ? m_success : payload;
        p.insert(QStringLiteral("duration_ms"), m_elapsed.elapsed());
        finish(ToolResult{p});
    }

    void threadFinished() {
        m_thread->wait();
        delete m_thread;
        m_thread = nullptr;
    }

    std::shared_ptr<std::atomic_bool> m_cancel;
    QJsonObject m_success;
    QElapsedTimer m_elapsed;
    QThread* m_thread = nullptr;
};

ToolInvocation* failNow(QObject* parent, const QString& code, const QString& message) {
    return new ImmediateInvocation(
        ToolResult::failure(message, {{QStringLiteral("error_code"), code}}), parent);
}

}  // namespace

SendEmailTool::SendEmailTool(SmtpSettings settings, QStringList knownRecipients)
    : m_settings(std::move(settings)) {
    SmtpSender::initCurl();
    for (const QString& r : knownRecipients) {
        if (!r.trimmed().isEmpty())
            m_knownRecipients << r.trimmed().toLower();
    }
    if (!m_settings.from.trimmed().isEmpty())
        m_knownRecipients << m_settings.from.trimmed().toLower();
}

ToolSpec SendEmailTool::spec() const {
    QJsonObject to{{QStringLiteral("description"),
                    tr("Recipient address, or a list of up to %1 addresses (plain "
                       "name@example.org, no display names).")
                        .arg(kMaxRecipients)}};
    to.insert(
        QStringLiteral("anyOf"),
        QJsonArray{QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}},
                   QJsonObject{{QStringLiteral("type"), QStringLiteral("array")},
                               {QStringLiteral("items"),
                                QJsonObject{{QStringLiteral("type"), QStringLiteral("string")}}}}});
    const QJsonObject properties{
        {QStringLiteral("to"), to},
        {QStringLiteral("subject"), QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                                                {QStringLiteral("description"), tr("One line.")}}},
        {QStringLiteral("body"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                     {QStringLiteral("description"), tr("Plain text (UTF-8).")}}},
    };
    QString description =
        tr("Send a plain-text e-mail. It cannot be taken back: send only what "
           "the task asks for. ");
    description += m_settings.configured()
                       ? tr("It is sent from %1.").arg(m_settings.from)
                       : tr("E-mail is not configured here, so calls will fail.");
    return {QStringLiteral("send_email"), description,
            objectSchema(properties, {QStringLiteral("to"), QStringLiteral("subject"),
                                      QStringLiteral("body")})};
}

CallClass SendEmailTool::classify(const QJsonObject& args) const {
    const QJsonValue to = args.value(QStringLiteral("to"));
    QStringList recipients;
    for (const QJsonValue& v : to.isArray() ? to.toArray() : QJsonArray{to})
        recipients << v.toString().trimmed();
    CallClass c;
    c.target = recipients.join(QStringLiteral(", "));
    c.reason = {ReasonKind::SendsMessage, c.target};
    QStringList unknown;
    for (const QString& r : std::as_const(recipients)) {
        if (!m_knownRecipients.contains(r.toLower()))
            unknown << r;
    }
    if (!unknown.isEmpty()) {
        c.outsideConfigured = true;
        c.reason = {ReasonKind::UnconfiguredTarget, unknown.join(QStringLiteral(", "))};
    }
    return c;
}

ToolInvocation* SendEmailTool::start(const QJsonObject& args, QObject* parent) {
    if (!m_settings.configured()) {
        return failNow(parent, QStringLiteral("not_configured"),
                       tr("E-mail is not configured: set ZERG_SMTP_HOST and ZERG_SMTP_FROM "
                          "(and ZERG_SMTP_PORT, ZERG_SMTP_TLS, ZERG_SMTP_USER and the "
                          "smtp_password secret as your server needs), then try again."));
    }
    const QString invalid = QStringLiteral("invalid_arguments");

    QStringList recipients;
    const QJsonValue toArg = args.value(QStringLiteral("to"));
    if (toArg.isString()) {
        recipients << toArg.toString().trimmed();
    } else if (toArg.isArray()) {
        for (const QJsonValue& v : toArg.toArray())
            recipients << (v.isString() ? v.toString().trimmed() : QString());
    }
    recipients.removeDuplicates();
    if (recipients.isEmpty() || recipients.size() > kMaxRecipients) {
        return failNow(
            parent, invalid,
            tr("\"to\" must be an address or a list of 1 to %1 addresses.").arg(kMaxRecipients));
    }
    for (const QString& r : recipients) {
        if (!mime::isPlainAddress(r)) {
            return failNow(parent, invalid,
                           tr("\"to\": \"%1\" is not a plain e-mail address; write it as "
                              "name@example.org, without a display name or angle brackets.")
                               .arg(r));
        }
    }

    const QJsonValue subjectArg = args.value(QStringLiteral("subject"));
    const QString subject = subjectArg.toString().trimmed();
    if (!subjectArg.isString() || subject.isEmpty() || subject.size() > kMaxSubjectChars ||
        subject.contains(QLatin1Char('\n')) || subject.contains(QLatin1Char('\r'))) {
        return failNow(parent, invalid,
                       tr("\"subject\" is required: one line of at most %1 characters.")
                           .arg(kMaxSubjectChars));
    }
    const QJsonValue bodyArg = args.value(QStringLiteral("body"));
    if (!bodyArg.isString() || bodyArg.toString().toUtf8().size() > kMaxBodyBytes) {
        return failNow(
            parent, invalid,
            tr("\"body\" is required: the message text, at most %1 bytes.").arg(kMaxBodyBytes));
    }

    MailMessage message;
    message.from = m_settings.from;
    message.to = recipients;
    message.subject = subject;
    message.body = bodyArg.toString();
    message.date = QDateTime::currentDateTimeUtc();
    message.messageId = MailMessage::newMessageId(m_settings.from);

    SmtpJob job;
    job.settings = m_settings;
    job.recipients = recipients;
    job.message = message.toBytes();
    const QJsonObject success{
        {QStringLiteral("ok"), true},
        {QStringLiteral("message_id"), message.messageId},
        {QStringLiteral("recipients"), QJsonArray::fromStringList(recipients)},
        {QStringLiteral("subject"), subject}};
    return new EmailInvocation(std::move(job), success, parent);
}

ToolInvocation* SendEmailTool::send(MailMessage message, QObject* parent) {
    if (!m_settings.configured()) {
        return failNow(parent, QStringLiteral("not_configured"),
                       tr("E-mail is not configured: set ZERG_SMTP_HOST and ZERG_SMTP_FROM."));
    }
    if (message.from.isEmpty())
        message.from = m_settings.from;
    if (!message.date.isValid())
        message.date = QDateTime::currentDateTimeUtc();
    if (message.messageId.isEmpty())
        message.messageId = MailMessage::newMessageId(m_settings.from);
    SmtpJob job;
    job.settings = m_settings;
    job.recipients = message.to;
    job.message = message.toBytes();
    const QJsonObject success{
        {QStringLiteral("ok"), true},
        {QStringLiteral("message_id"), message.messageId},
        {QStringLiteral("recipients"), QJsonArray::fromStringList(message.to)},
        {QStringLiteral("subject"), message.subject}};
    return new EmailInvocation(std::move(job), success, parent);
}

}  // namespace zerg

#include "send_email_tool.moc"
