#pragma once

#include "core/result.h"
#include "storage/action_links.h"
#include "storage/approval_store.h"
#include "storage/schedule_store.h"

#include <QObject>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

class QNetworkAccessManager;

namespace zerg {

class Approvals;
class Clock;
class Database;
struct Settings;

// Where approval requests are pushed and where their buttons call back.
struct PhoneLinksConfig {
    QUrl publicUrl;  // ZERG_PUBLIC_URL: how phones reach `zerg serve`; links are
                     // <it>/actions/<token>
    QUrl ntfyUrl;    // the ntfy topic: ZERG_WEBHOOK_URL with ZERG_WEBHOOK_FORMAT=ntfy (a secret)
    int timeoutSecs = 15;
    // Links that expired longer ago than this are deleted (when the next request is pushed).
    qint64 keepExpiredDays = 7;

    // From the settings: nullopt without ZERG_PUBLIC_URL (nothing is pushed); an error naming
    // the setting to fix when ZERG_PUBLIC_URL is not an http(s) address or no ntfy topic is
    // set. warning: set when the links would travel unencrypted to a remote host.
    [[nodiscard]] static Result<std::optional<PhoneLinksConfig>> fromSettings(const Settings& s,
                                                                              QString* warning);
};

// A link and what it belongs to, as it is now: an approval request, or an alert.
struct LinkedItem {
    ActionLink link;
    std::optional<ApprovalRecord> request;
    std::optional<InboxItem> alert;
};

// The phone's side of Zerg (issue 27, docs/alerts.md): approval requests answered from a phone,
// and alerts opened on it. Each pending request is pushed to the user's ntfy topic with three
// buttons: Allow and Deny, which POST to a one-time link of `zerg serve`, and Open, which shows
// the request. A link is unguessable, works once, expires with its request, and an answer by any
// way (the app, the other button) ends it. Several processes on one database push a request
// once (ActionLinkStore::issueFor). An alert (a scheduled check's result) is pushed with an Open
// link to its whole text, valid for kAlertLinkDays. Main thread only.
class PhoneLinks : public QObject {
    Q_OBJECT
public:
    // Pushes every request approvals records or shows (Approvals::requested); inbox: where the
    // alerts' Open links find them.
    PhoneLinks(PhoneLinksConfig config, Database* db, ApprovalStore* requests, ScheduleStore* inbox,
               Approvals* approvals, Clock* clock, QObject* parent = nullptr);
    ~PhoneLinks() override;

    [[nodiscard]] const PhoneLinksConfig& config() const { return m_config; }

    static constexpr int kAlertLinkDays = 7;

    // Makes the request's links and pushes it, unless another process did.
    void push(const ApprovalRecord& request);
    // Pushes an alert with its Open link; done gets the error, or an empty one once it went
    // out (AlertChannels' webhook channel, when the webhook is this ntfy topic).
    void pushAlert(const InboxItem& item, const QString& title,
                   std::function<void(const QString& error)> done);
    // What a link is for, without using it (the page a GET shows). Error "not_found".
    [[nodiscard]] Result<LinkedItem> look(const QString& token) const;
    // Answers the link's request with its action (device "link"). Errors: "not_found",
    // "invalid_argument" (a view link), "expired", "used" (the link was used, or the request
    // was answered another way, expired or withdrawn: look() tells which), "db".
    [[nodiscard]] Result<LinkedItem> use(const QString& token);

    // "<public URL>/actions/<token>".
    [[nodiscard]] QString linkUrl(const QString& token) const;
    // The notification a request is pushed as: title, body and ntfy's headers.
    struct Push {
        QString title;
        QString body;
        QByteArray actions;  // ntfy's Actions header
        QByteArray click;    // ntfy's Click header: the Open link
    };
    [[nodiscard]] Push pushFor(const ApprovalRecord& request, const ActionLinkSet& links) const;

Q_SIGNALS:
    // The push of a request went out (error empty) or failed (error says why).
    void pushed(qint64 approvalId, const QString& error);

private:
    // POSTs a notification to the topic; done gets the error, empty when it went out.
    void post(const QString& title, const QString& body,
              const QList<std::pair<QByteArray, QByteArray>>& headers, const QString& what,
              std::function<void(const QString& error)> done);

    PhoneLinksConfig m_config;
    std::unique_ptr<ActionLinkStore> m_links;
    ApprovalStore* m_requests;
    ScheduleStore* m_inbox;
    Approvals* m_approvals;
    Clock* m_clock;
    std::unique_ptr<QNetworkAccessManager> m_nam;
};

}  // namespace zerg
