#include "runtime/sms_replies.h"

#include "core/clock.h"
#include "core/settings.h"
#include "jarvis/jarvis_service.h"
#include "runtime/public_url.h"
#include "runtime/sms_alerts.h"
#include "storage/schedule_store.h"

#include <QCoreApplication>
#include <QMessageAuthenticationCode>
#include <QPointer>
#include <QUuid>

namespace zerg {
namespace {

// The most of an alert's text a question carries as its context.
constexpr int kAlertContextChars = 1500;

// What carriers and gateways answer themselves (opt-out and help): never a question.
bool isCarrierKeyword(const QString& text) {
    static const QStringList words{
        QStringLiteral("stop"),   QStringLiteral("stopall"), QStringLiteral("unsubscribe"),
        QStringLiteral("cancel"), QStringLiteral("end"),     QStringLiteral("quit"),
        QStringLiteral("start"),  QStringLiteral("unstop"),  QStringLiteral("yes"),
        QStringLiteral("help"),   QStringLiteral("info")};
    QString word = text.trimmed().toLower();
    while (word.endsWith(u'.') || word.endsWith(u'!'))
        word.chop(1);
    return words.contains(word);
}

// A number as digits with its '+': "+49 151 1234-5678" and "+4915112345678" are one number.
QString normalNumber(const QString& number) {
    QString out;
    for (const QChar c : number.trimmed()) {
        if (c.isDigit() || (c == u'+' && out.isEmpty()))
            out += c;
    }
    return out;
}

QString utc(const QDateTime& t) {
    return t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

}  // namespace

QString SmsRepliesConfig::webhookPath() const {
    if (kind == SmsGatewayKind::Twilio)
        return QStringLiteral("/sms");
    const QByteArray key =
        QMessageAuthenticationCode::hash("zerg sms webhook", token.toUtf8(),
                                         QCryptographicHash::Sha256)
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    return QStringLiteral("/sms/") + QString::fromLatin1(key);
}

QString SmsRepliesConfig::webhookUrl() const {
    return publicUrl.isEmpty() ? QString() : publicAddress(publicUrl, webhookPath());
}

Result<SmsRepliesConfig> SmsRepliesConfig::from(const Settings& s, const SmsConfig& gateway) {
    SmsRepliesConfig c;
    c.kind = gateway.kind;
    c.token = gateway.token;
    c.number = normalNumber(gateway.to);
    c.defaultOwner = s.ownerId;
    const Result<std::optional<QUrl>> url = publicUrlOf(s);
    if (!url) {
        return Error{url.error().code,
                     url.error().message + u' ' +
                         QCoreApplication::translate("zerg::SmsReplies",
                                                     "SMS replies are not read until then.")};
    }
    if (url->has_value())
        c.publicUrl = **url;
    if (!c.publicUrl.isEmpty() && c.kind == SmsGatewayKind::Http && c.token.isEmpty()) {
        return Error{QStringLiteral("invalid_setting"),
                     QCoreApplication::translate(
                         "zerg::SmsReplies",
                         "SMS replies through an HTTP gateway need the secret sms_token (Settings "
                         "› Notifications): the webhook's secret address is made from it. SMS "
                         "replies are not read until then.")};
    }
    return c;
}

SmsReplies::SmsReplies(SmsRepliesConfig config, SmsAlerts* alerts, Database* db,
                       ScheduleStore* inbox, JarvisOfOwner jarvisFor, Clock* clock, QObject* parent)
    : QObject(parent),
      m_config(std::move(config)),
      m_alerts(alerts),
      m_store(std::make_unique<SmsThreadStore>(db)),
      m_replies(db, ReplyLog::Channel::Sms),
      m_inbox(inbox),
      m_jarvisFor(std::move(jarvisFor)),
      m_clock(clock) {
    connect(alerts, &SmsAlerts::alertSent, this, &SmsReplies::alertSent);
}

SmsReplies::~SmsReplies() = default;

void SmsReplies::alertSent(const InboxItem& item) {
    SentSms sent;
    sent.ownerId = item.ownerId;
    sent.kind = SmsKind::Alert;
    sent.inboxItemId = item.id;
    sent.number = m_config.number;
    sent.sentAt = m_clock->utcNow();
    if (const Status s = m_store->recordSent(sent); !s) {
        qWarning("zerg: replies to the SMS of alert %lld will lack its context: %s", item.id,
                 qPrintable(s.error().message));
    }
}

Result<ReplyRecord> SmsReplies::take(const SmsInbound& sms) {
    // Without the gateway's id, a repeat cannot be told from a new message: each is its own.
    const QString id = sms.id.isEmpty() ? QStringLiteral("zerg:") +
                                              QUuid::createUuid().toString(QUuid::WithoutBraces)
                                        : sms.id;
    const Result<bool> claimed = m_replies.claim(id, sms.from, m_clock->utcNow());
    if (!claimed)
        return claimed.error();
    if (!claimed.value()) {  // handled before, by this or another process
        const Result<std::optional<ReplyRecord>> before = m_replies.find(id);
        if (!before)
            return before.error();
        return before->value_or(ReplyRecord{});
    }
    ReplyRecord record = handle(sms, id);
    record.receivedAt = m_clock->utcNow();
    if (const Status s = m_replies.finish(record); !s)
        qWarning("zerg: %s", qPrintable(s.error().message));
    qInfo("zerg: SMS %s from %s: %s %s", qPrintable(id), qPrintable(record.sender),
          qPrintable(statusName(record.outcome)), qPrintable(record.detail));
    Q_EMIT replyHandled(record);
    return record;
}

ReplyRecord SmsReplies::handle(const SmsInbound& sms, const QString& messageId) {
    ReplyRecord rec;
    rec.messageId = messageId;
    rec.sender = sms.from;
    // Only the operator's number counts. Nothing is sent back to another: each SMS costs, and
    // the sender may be forged.
    if (normalNumber(sms.from) != m_config.number) {
        rec.outcome = ReplyOutcome::Refused;
        rec.detail = tr("%1 is not the number SMS alerts go to (ZERG_SMS_TO)").arg(sms.from);
        qWarning("zerg: refused an SMS: %s", qPrintable(rec.detail));
        return rec;
    }
    const QString text = sms.text.trimmed();
    if (text.isEmpty()) {
        rec.outcome = ReplyOutcome::NotAnswer;
        rec.detail = tr("an empty message");
        return rec;
    }
    if (isCarrierKeyword(text)) {  // the gateway answers STOP, HELP and the like itself
        rec.outcome = ReplyOutcome::AutoReply;
        rec.detail = tr("a keyword the gateway answers itself (%1)").arg(text);
        return rec;
    }
    const Result<std::optional<SentSms>> latest = m_store->latestSent(m_config.number);
    if (!latest)
        qWarning("zerg: an SMS is asked without its alert: %s", qPrintable(latest.error().message));
    const std::optional<SentSms> about = latest ? latest.value() : std::nullopt;
    rec.ownerId = about ? about->ownerId : m_config.defaultOwner;
    if (about)
        rec.repliedTo = QString::number(about->id);
    QString task = text;
    if (about && about->kind == SmsKind::Alert) {
        if (const Result<InboxItem> item = m_inbox->inboxItem(about->ownerId, about->inboxItemId)) {
            task = tr("About the alert \"%1\" (%2, %3 UTC):\n%4\n\nThe user replied by SMS (answer "
                      "in a few plain sentences, no Markdown):\n%5")
                       .arg(item->title, item->severity, utc(item->createdAt),
                            item->body.left(kAlertContextChars), text);
        }
    } else {
        task = tr("The user asks by SMS (answer in a few plain sentences, no Markdown):\n%1")
                   .arg(text);
    }
    const Result<JarvisService*> found = m_jarvisFor(rec.ownerId);
    const Result<qint64> run = found ? (*found)->ask(task) : Result<qint64>(found.error());
    if (!run) {
        rec.outcome = ReplyOutcome::Failed;
        rec.detail = run.error().message;
        sendAnswer(rec.ownerId, 0,
                   tr("Zerg: your question was not started: %1 Send it again in a few minutes.")
                       .arg(run.error().message));
        return rec;
    }
    rec.outcome = ReplyOutcome::FollowUp;
    rec.runId = run.value();
    return rec;
}

void SmsReplies::runFinished(qint64 runId, bool ok, const QString& text) {
    const Result<std::optional<ReplyRecord>> claimed =
        m_replies.claimAnswer(runId, m_clock->utcNow());
    if (!claimed) {
        qWarning("zerg: the answer of run %lld was not sent by SMS: %s", runId,
                 qPrintable(claimed.error().message));
        return;
    }
    if (!claimed->has_value())
        return;  // not an SMS's question, or answered already
    sendAnswer((*claimed)->ownerId, runId,
               ok ? text.trimmed() : tr("Zerg could not answer: %1").arg(text.trimmed()));
}

void SmsReplies::sendAnswer(qint64 ownerId, qint64 runId, const QString& text) {
    m_alerts->gateway()->send(
        text, [self = QPointer<SmsReplies>(this), this, ownerId, runId](const QString& error) {
            if (!self)
                return;
            if (!error.isEmpty()) {
                qWarning("zerg: the answer of run %lld was not sent by SMS: %s", runId,
                         qPrintable(error));
            } else if (runId > 0) {
                SentSms sent;
                sent.ownerId = ownerId;
                sent.kind = SmsKind::Answer;
                sent.runId = runId;
                sent.number = m_config.number;
                sent.sentAt = m_clock->utcNow();
                if (const Status s = m_store->recordSent(sent); !s)
                    qWarning("zerg: %s", qPrintable(s.error().message));
            }
            Q_EMIT answered(runId, error);
        });
}

}  // namespace zerg
