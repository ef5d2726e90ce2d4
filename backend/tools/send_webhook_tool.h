#pragma once

#include "tools/tool.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>

class QNetworkAccessManager;

namespace zerg {

// A webhook configured by the user. Its URL is a secret (Slack and Discord URLs carry the
// token): the model calls it by name and results never show the URL.
struct WebhookTarget {
    QString name;    // e.g. "ops" (ZERG_WEBHOOK_URL gives one named "default")
    QString url;     // secret
    QString format;  // "slack", "discord", "ntfy" or "json" (ZERG_WEBHOOK_FORMAT)
};

struct SendWebhookOptions {
    QList<WebhookTarget> targets;  // the first is the default
    // May the model post to a URL it names itself? Off in Zerg (issue 22: notifications go only
    // to the webhooks the user configured); a url is then refused with target_not_allowed.
    bool allowUrls = false;
    int timeoutSecs = 15;
    // The most of the receiver's answer that is read; a longer answer is cut there and the
    // connection closed (the status stands). Only its first 500 characters reach the result.
    qint64 replyCapBytes = 64 * 1024;
};

// The send_webhook tool: posts a short notification. Formats:
//   slack   {"text": "*title*\ntext"}           discord {"content": "**title**\ntext"}
//   ntfy    the text as a plain body, title in the "Title" header (RFC 2047 when not ASCII)
//   json    {"title": ..., "text": ...}
// Arguments {text, title?, webhook? (a configured name), url? (only with allowUrls), format?}:
// without webhook and url the default target is used; format defaults to the target's (or
// "json" for a URL).
// Result: {ok: status is 2xx, status, target, format, duration_ms[, response][, error,
// error_code]} with error_code one of not_configured, invalid_arguments, target_not_allowed,
// http_error, connect_failed, timeout, cancelled, network_error. "target" is the webhook's name
// or the URL the model gave; a configured URL is never shown.
class SendWebhookTool final : public Tool {
    Q_DECLARE_TR_FUNCTIONS(SendWebhookTool)
public:
    static constexpr int kMaxTextChars = 4000;

    explicit SendWebhookTool(SendWebhookOptions opts);
    ~SendWebhookTool() override;

    [[nodiscard]] ToolSpec spec() const override;
    [[nodiscard]] ToolInvocation* start(const QJsonObject& args, QObject* parent) override;
    [[nodiscard]] CallClass classify(const QJsonObject& args) const override;

    // The request body and content type for a format; false for an unknown format.
    [[nodiscard]] static bool formatBody(const QString& format, const QString& title,
                                         const QString& text, QByteArray* body,
                                         QByteArray* contentType);

private:
    SendWebhookOptions m_opts;
    std::unique_ptr<QNetworkAccessManager> m_nam;
};

}  // namespace zerg
