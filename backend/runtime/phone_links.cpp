#include "runtime/phone_links.h"

#include "core/clock.h"
#include "core/settings.h"
#include "runtime/public_url.h"
#include "tools/mail_message.h"
#include "workers/approvals.h"

#include <QHostAddress>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace zerg {
namespace {

// The most of a command the notification shows; Open shows all of it.
constexpr int kShownActionChars = 300;
// The most of an alert's text the notification shows (ntfy keeps 4,096 bytes); Open shows all.
constexpr int kAlertBodyChars = 1000;

QString clipped(const QString& text, int chars) {
    const QString t = text.trimmed();
    return t.size() > chars ? t.left(chars) + QChar(0x2026) : t;
}

// An ntfy action's label: its syntax separates with "," and ";".
QByteArray label(const QString& text) {
    QString t = text;
    t.remove(u',').remove(u';');
    return t.toUtf8();
}

bool isLoopback(const QString& host) {
    const QHostAddress address(host);
    return host == QLatin1String("localhost") || (!address.isNull() && address.isLoopback());
}

}  // namespace

Result<std::optional<PhoneLinksConfig>> PhoneLinksConfig::fromSettings(const Settings& s,
                                                                       QString* warning) {
    const Result<std::optional<QUrl>> url = publicUrlOf(s);
    if (!url) {
        return Error{url.error().code,
                     url.error().message + u' ' +
                         QCoreApplication::translate(
                             "zerg::PhoneLinks", "Approval requests are not pushed until then.")};
    }
    if (!url->has_value())
        return std::optional<PhoneLinksConfig>();
    PhoneLinksConfig c;
    c.publicUrl = **url;
    const QString scheme = c.publicUrl.scheme().toLower();
    if (s.webhookUrl.isEmpty() || s.webhookFormat != QLatin1String("ntfy")) {
        // The address is for the SMS gateway's webhook alone (SmsReplies).
        if (!s.smsGateway.isEmpty() && s.smsGateway != QLatin1String("off"))
            return std::optional<PhoneLinksConfig>();
        return Error{QStringLiteral("invalid_setting"),
                     QCoreApplication::translate(
                         "zerg::PhoneLinks",
                         "ZERG_PUBLIC_URL is set, but no ntfy topic is: set ZERG_WEBHOOK_URL to "
                         "your topic (for example https://ntfy.sh/<a long secret name>) and "
                         "ZERG_WEBHOOK_FORMAT=ntfy. Approval requests are not pushed until then.")};
    }
    c.ntfyUrl = QUrl(s.webhookUrl);
    if (scheme == QLatin1String("http") && !isLoopback(c.publicUrl.host()) && warning) {
        *warning = QCoreApplication::translate(
            "zerg::PhoneLinks",
            "ZERG_PUBLIC_URL uses http://, so the one-time links of approval requests travel "
            "unencrypted. Put zerg serve behind a reverse proxy with TLS and give its https:// "
            "address (docs/alerts.md).");
    }
    return std::optional<PhoneLinksConfig>(c);
}

PhoneLinks::PhoneLinks(PhoneLinksConfig config, Database* db, ApprovalStore* requests,
                       ScheduleStore* inbox, Approvals* approvals, Clock* clock, QObject* parent)
    : QObject(parent),
      m_config(std::move(config)),
      m_links(std::make_unique<ActionLinkStore>(db)),
      m_requests(requests),
      m_inbox(inbox),
      m_approvals(approvals),
      m_clock(clock),
      m_nam(std::make_unique<QNetworkAccessManager>()) {
    connect(approvals, &Approvals::requested, this, &PhoneLinks::push);
}

PhoneLinks::~PhoneLinks() = default;

QString PhoneLinks::linkUrl(const QString& token) const {
    return publicAddress(m_config.publicUrl, QStringLiteral("/actions/") + token);
}

PhoneLinks::Push PhoneLinks::pushFor(const ApprovalRecord& r, const ActionLinkSet& links) const {
    Push p;
    p.title = tr("Zerg asks: may I run this on %1?").arg(r.target);
    QStringList lines{clipped(r.action, kShownActionChars)};
    const QString why = r.classification.value(QStringLiteral("why")).toString();
    if (!why.isEmpty())
        lines << tr("Why it asks: %1").arg(why);
    if (!r.statedReason.trimmed().isEmpty())
        lines << tr("The worker says: %1").arg(clipped(r.statedReason, 200));
    if (!r.task.isEmpty())
        lines << tr("Task: %1").arg(clipped(r.task, 200));
    lines << tr("Unanswered by %1 UTC, it is denied. Each button works once.")
                 .arg(r.expiresAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
    p.body = lines.join(u'\n');
    const QByteArray allow = linkUrl(links.allow).toUtf8();
    const QByteArray deny = linkUrl(links.deny).toUtf8();
    p.click = linkUrl(links.view).toUtf8();
    p.actions = "http, " + label(tr("Allow")) + ", " + allow + ", method=POST, clear=true; " +
                "http, " + label(tr("Deny")) + ", " + deny + ", method=POST, clear=true; " +
                "view, " + label(tr("Open")) + ", " + p.click;
    return p;
}

void PhoneLinks::push(const ApprovalRecord& r) {
    if (r.status != ApprovalStatus::Pending)
        return;
    const QDateTime now = m_clock->utcNow();
    const QDateTime expires =
        r.expiresAt.isValid() ? r.expiresAt : now.addMSecs(m_approvals->timeoutMs());
    if (!(expires > now))
        return;
    const auto issued = m_links->issueFor(r.ownerId, r.id, now, expires);
    if (!issued) {
        const QString why = tr("Approval request %1 was not pushed to the phone: %2")
                                .arg(r.id)
                                .arg(issued.error().message);
        qWarning("zerg: %s", qPrintable(why));
        Q_EMIT pushed(r.id, why);
        return;
    }
    if (!issued->has_value())
        return;  // another process pushed it
    if (const auto pruned = m_links->pruneExpired(now.addDays(-m_config.keepExpiredDays));
        !pruned) {
        qWarning("zerg: %s", qPrintable(pruned.error().message));
    }
    const Push p = pushFor(r, **issued);
    const qint64 id = r.id;
    post(p.title, p.body,
         {{"Priority", "high"}, {"Tags", "question"}, {"Actions", p.actions}, {"Click", p.click}},
         tr("Approval request %1").arg(id),
         [this, id](const QString& error) { Q_EMIT pushed(id, error); });
}

void PhoneLinks::pushAlert(const InboxItem& item, const QString& title,
                           std::function<void(const QString& error)> done) {
    const QDateTime now = m_clock->utcNow();
    const auto issued = m_links->issueView(item.ownerId, item.id, now, now.addDays(kAlertLinkDays));
    if (!issued) {
        done(tr("The alert was not pushed to the phone: %1").arg(issued.error().message));
        return;
    }
    if (!issued->has_value()) {
        done({});  // another process pushed it
        return;
    }
    const QByteArray open = linkUrl(**issued).toUtf8();
    const QByteArray priority = item.severity == QLatin1String("critical")  ? "urgent"
                                : item.severity == QLatin1String("warning") ? "high"
                                                                            : "default";
    const QByteArray tags = item.severity == QLatin1String("critical")  ? "rotating_light"
                            : item.severity == QLatin1String("warning") ? "warning"
                                                                        : "information_source";
    post(title, clipped(item.body, kAlertBodyChars),
         {{"Priority", priority},
          {"Tags", tags},
          {"Actions", "view, " + label(tr("Open")) + ", " + open},
          {"Click", open}},
         tr("The alert \"%1\"").arg(item.title), std::move(done));
}

void PhoneLinks::post(const QString& title, const QString& body,
                      const QList<std::pair<QByteArray, QByteArray>>& headers, const QString& what,
                      std::function<void(const QString& error)> done) {
    QNetworkRequest req(m_config.ntfyUrl);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("text/plain; charset=utf-8"));
    req.setHeader(QNetworkRequest::UserAgentHeader, QByteArray("Zerg/0.1 (phone links)"));
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);
    req.setTransferTimeout(m_config.timeoutSecs * 1000);
    // ntfy decodes RFC 2047 words in its headers; header values must be ASCII anyway.
    req.setRawHeader("Title", mime::encodeHeaderText(title).replace("\r\n", ""));
    for (const auto& [name, value] : headers)
        req.setRawHeader(name, value);
    QNetworkReply* reply = m_nam->post(req, body.toUtf8());
    connect(reply, &QNetworkReply::finished, this, [reply, what, done = std::move(done)] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        QString error;
        if (status == 0) {
            error = tr("%1 was not pushed: the ntfy server did not answer (%2). Check "
                       "ZERG_WEBHOOK_URL and that the server is reachable; it can still be seen "
                       "and answered in Zerg.")
                        .arg(what, reply->errorString());
        } else if (status < 200 || status > 299) {
            error = tr("%1 was not pushed: the ntfy server answered HTTP %2 (%3). Check the "
                       "topic and its access token in ZERG_WEBHOOK_URL; it can still be seen and "
                       "answered in Zerg.")
                        .arg(what)
                        .arg(status)
                        .arg(QString::fromUtf8(reply->read(300)).simplified());
        }
        if (!error.isEmpty())
            qWarning("zerg: %s", qPrintable(error));
        done(error);
    });
}

Result<LinkedItem> PhoneLinks::look(const QString& token) const {
    const Result<ActionLink> link = m_links->find(token);
    if (!link)
        return link.error();
    LinkedItem out{link.value(), std::nullopt, std::nullopt};
    if (link->inboxItemId > 0) {
        const Result<InboxItem> alert = m_inbox->inboxItem(link->ownerId, link->inboxItemId);
        if (!alert)
            return alert.error();
        out.alert = alert.value();
        return out;
    }
    const Result<ApprovalRecord> request = m_requests->request(link->ownerId, link->approvalId);
    if (!request)
        return request.error();
    out.request = request.value();
    return out;
}

Result<LinkedItem> PhoneLinks::use(const QString& token) {
    const Result<LinkedItem> seen = look(token);
    if (!seen)
        return seen.error();
    const ActionLink& link = seen->link;
    if (link.action == LinkAction::View || !seen->request) {
        return Error{QStringLiteral("invalid_argument"),
                     tr("This link only shows the request. Answer it with Allow or Deny, or "
                        "in Zerg.")};
    }
    const Error used{QStringLiteral("used"),
                     tr("This request was answered already, expired or was withdrawn. Nothing "
                        "was changed.")};
    if (link.usedAt.isValid() || seen->request->status != ApprovalStatus::Pending)
        return used;
    const QDateTime now = m_clock->utcNow();
    if (!(link.expiresAt > now)) {
        return Error{QStringLiteral("expired"),
                     tr("This link expired at %1 UTC, and with it the request. Nothing was "
                        "changed.")
                         .arg(link.expiresAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")))};
    }
    // The request's own answer is the guard: of two answers at once (both buttons, or a
    // button and the app), the store takes one.
    ApprovalReply reply;
    reply.choice =
        link.action == LinkAction::Allow ? ApprovalChoice::AllowOnce : ApprovalChoice::Deny;
    reply.device = QStringLiteral("link");
    const Result<ApprovalRecord> answered =
        m_approvals->answer(link.ownerId, link.approvalId, reply);
    if (!answered) {
        if (answered.error().code == QLatin1String("invalid_state"))
            return used;
        return answered.error();
    }
    if (const auto redeemed = m_links->redeem(token, now, QStringLiteral("link")); !redeemed) {
        // Answered all the same: the request itself refuses a second answer.
        qWarning("zerg: approval %lld: %s", link.approvalId, qPrintable(redeemed.error().message));
    }
    LinkedItem out = seen.value();
    out.request = answered.value();
    return out;
}

}  // namespace zerg
