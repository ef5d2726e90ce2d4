#include "tools/send_webhook_tool.h"

#include "tools/mail_message.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QTimer>
#include <QUrl>

namespace zerg {
namespace {

// Of the receiver's answer, the model is shown this many characters (kept: their UTF-8 bytes).
constexpr int kResponseChars = 500;
constexpr int kResponseBytes = kResponseChars * 4;

const QStringList& formats() {
    static const QStringList f{QStringLiteral("slack"), QStringLiteral("discord"),
                               QStringLiteral("ntfy"), QStringLiteral("json")};
    return f;
}

struct Post {
    QUrl url;
    QString secretUrl;  // a configured URL, scrubbed from anything shown
    QString target;     // name or URL shown to the model
    QString format;
    QByteArray body;
    QByteArray contentType;
    QByteArray title;  // ntfy's Title header, encoded
    int timeoutSecs = 15;
    qint64 replyCapBytes = 64 * 1024;
};

// One webhook post in flight, on the caller's thread.
class WebhookInvocation final : public ToolInvocation {
    Q_OBJECT
public:
    WebhookInvocation(QNetworkAccessManager* nam, Post post, QObject* parent)
        : ToolInvocation(parent), m_post(std::move(post)) {
        m_elapsed.start();
        QNetworkRequest req(m_post.url);
        req.setHeader(QNetworkRequest::ContentTypeHeader, m_post.contentType);
        req.setHeader(QNetworkRequest::UserAgentHeader, QByteArray("Zerg/0.1 (send_webhook)"));
        // A notification is one POST: never re-sent to wherever a redirect points.
        req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::ManualRedirectPolicy);
        if (!m_post.title.isEmpty())
            req.setRawHeader("Title", m_post.title);
        m_reply = nam->post(req, m_post.body);
        // The receiver's answer is read as it comes, never more than the cap: a receiver that
        // answers without end cannot make Zerg buffer without end.
        m_reply->setReadBufferSize(m_post.replyCapBytes);
        connect(m_reply, &QNetworkReply::readyRead, this, &WebhookInvocation::readSome);
        connect(m_reply, &QNetworkReply::finished, this, &WebhookInvocation::replyFinished);
        m_timer = new QTimer(this);
        m_timer->setSingleShot(true);
        connect(m_timer, &QTimer::timeout, this, [this] {
            fail(QStringLiteral("timeout"),
                 tr("The webhook %1 did not answer within %2 s; the notification may not have "
                    "been delivered.")
                     .arg(m_post.target)
                     .arg(m_post.timeoutSecs));
        });
        m_timer->start(m_post.timeoutSecs * 1000);
    }

    ~WebhookInvocation() override { dropReply(); }

    void cancel() override {
        if (!isFinished()) {
            fail(QStringLiteral("cancelled"),
                 tr("cancelled; the notification may or may not have been delivered"));
        }
    }

private:
    QJsonObject base() const {
        return {{QStringLiteral("target"), m_post.target},
                {QStringLiteral("format"), m_post.format},
                {QStringLiteral("duration_ms"), m_elapsed.elapsed()}};
    }

    QString scrub(QString text) const {
        if (!m_post.secretUrl.isEmpty())
            text.replace(m_post.secretUrl, QStringLiteral("[webhook URL]"));
        return text;
    }

    void dropReply() {
        if (!m_reply)
            return;
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }

    void fail(const QString& code, const QString& message, QJsonObject extra = {}) {
        if (isFinished())
            return;
        m_timer->stop();
        dropReply();
        QJsonObject p = base();
        for (auto it = extra.begin(); it != extra.end(); ++it)
            p.insert(it.key(), it.value());
        p.insert(QStringLiteral("error_code"), code);
        finish(ToolResult::failure(scrub(message), p));
    }

    // Keeps the start of the answer for the model and counts the rest; past replyCapBytes the
    // answer is cut and the call ends with the status and what came so far.
    void readSome() {
        if (!m_reply || isFinished())
            return;
        const QByteArray chunk = m_reply->readAll();
        m_received += chunk.size();
        const qint64 room = kResponseBytes - m_response.size();
        if (room > 0)
            m_response.append(chunk.left(room));
        if (m_received > m_post.replyCapBytes)
            settle();
    }

    void replyFinished() {
        readSome();
        if (!isFinished())
            settle();
    }

    void settle() {
        const QVariant statusAttr = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
        const QString response = scrub(QString::fromUtf8(m_response)).left(kResponseChars);
        if (!statusAttr.isValid()) {
            const bool refused = m_reply->error() == QNetworkReply::ConnectionRefusedError ||
                                 m_reply->error() == QNetworkReply::HostNotFoundError;
            fail(refused ? QStringLiteral("connect_failed") : QStringLiteral("network_error"),
                 tr("Could not post to the webhook %1: %2. Check its URL and that the service "
                    "is reachable.")
                     .arg(m_post.target, m_reply->errorString()));
            return;
        }
        const int status = statusAttr.toInt();
        if (status < 200 || status > 299) {
            fail(QStringLiteral("http_error"),
                 tr("The webhook %1 answered HTTP %2, so the notification was not accepted: %3")
                     .arg(m_post.target)
                     .arg(status)
                     .arg(response.isEmpty() ? QStringLiteral("(no details)") : response),
                 {{QStringLiteral("status"), status}, {QStringLiteral("response"), response}});
            return;
        }
        m_timer->stop();
        QJsonObject p = base();
        p.insert(QStringLiteral("ok"), true);
        p.insert(QStringLiteral("status"), status);
        if (!response.isEmpty())
            p.insert(QStringLiteral("response"), response);
        dropReply();
        finish(ToolResult{p});
    }

    Post m_post;
    QPointer<QNetworkReply> m_reply;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_elapsed;
    QByteArray m_response;  // the first kResponseBytes of the answer
    qint64 m_received = 0;  // bytes of the answer read so far
};

ToolInvocation* failNow(QObject* parent, const QString& code, const QString& message) {
    return new ImmediateInvocation(
        ToolResult::failure(message, {{QStringLiteral("error_code"), code}}), parent);
}

}  // namespace

SendWebhookTool::SendWebhookTool(SendWebhookOptions opts) : m_opts(std::move(opts)) {}

SendWebhookTool::~SendWebhookTool() = default;

bool SendWebhookTool::formatBody(const QString& format, const QString& title, const QString& text,
                                 QByteArray* body, QByteArray* contentType) {
    *contentType = "application/json";
    if (format == QLatin1String("slack")) {
        const QString t = title.isEmpty() ? text : QStringLiteral("*%1*\n%2").arg(title, text);
        *body =
            QJsonDocument(QJsonObject{{QStringLiteral("text"), t}}).toJson(QJsonDocument::Compact);
    } else if (format == QLatin1String("discord")) {
        const QString t = title.isEmpty() ? text : QStringLiteral("**%1**\n%2").arg(title, text);
        *body = QJsonDocument(QJsonObject{{QStringLiteral("content"), t}})
                    .toJson(QJsonDocument::Compact);
    } else if (format == QLatin1String("ntfy")) {
        *contentType = "text/plain; charset=utf-8";
        *body = text.toUtf8();
    } else if (format == QLatin1String("json")) {
        QJsonObject o{{QStringLiteral("text"), text}};
        if (!title.isEmpty())
            o.insert(QStringLiteral("title"), title);
        *body = QJsonDocument(o).toJson(QJsonDocument::Compact);
    } else {
        return false;
    }
    return true;
}

ToolSpec SendWebhookTool::spec() const {
    QStringList names;
    for (const WebhookTarget& t : m_opts.targets)
        names << t.name;
    auto str = [](const QString& description) {
        return QJsonObject{{QStringLiteral("type"), QStringLiteral("string")},
                           {QStringLiteral("description"), description}};
    };
    QJsonObject webhook = str(tr("A configured webhook by name (default: the first)."));
    if (!names.isEmpty())
        webhook.insert(QStringLiteral("enum"), QJsonArray::fromStringList(names));
    QJsonObject format = str(tr("Message shape; defaults to the webhook's own."));
    format.insert(QStringLiteral("enum"), QJsonArray::fromStringList(formats()));
    QJsonObject properties{
        {QStringLiteral("text"), str(tr("The message, at most %1 characters.").arg(kMaxTextChars))},
        {QStringLiteral("title"), str(tr("An optional short title."))},
        {QStringLiteral("webhook"), webhook},
        {QStringLiteral("format"), format},
    };
    if (m_opts.allowUrls)
        properties.insert(QStringLiteral("url"), str(tr("An http(s) URL to post to instead.")));
    QString description =
        tr("Send a short notification to a chat or push webhook (Slack, "
           "Discord, ntfy, or JSON). ");
    description += names.isEmpty()
                       ? tr("No webhook is configured%1.")
                             .arg(m_opts.allowUrls ? tr("; give a url") : QString())
                       : tr("Configured webhooks: %1.").arg(names.join(QStringLiteral(", ")));
    return {QStringLiteral("send_webhook"), description,
            objectSchema(properties, {QStringLiteral("text")})};
}

CallClass SendWebhookTool::classify(const QJsonObject& args) const {
    // Where start() sends it: the named webhook, the URL's host (never a configured URL, it is a
    // secret), or the default webhook.
    QString target = args.value(QStringLiteral("webhook")).toString().trimmed();
    if (const QString url = args.value(QStringLiteral("url")).toString(); target.isEmpty())
        target = url.isEmpty()
                     ? (m_opts.targets.isEmpty() ? QString() : m_opts.targets.first().name)
                     : QUrl(url).host();
    CallClass c;
    c.target = target;
    c.reason = {ReasonKind::SendsMessage, QStringLiteral("the webhook \"%1\"").arg(target)};
    return c;
}

ToolInvocation* SendWebhookTool::start(const QJsonObject& args, QObject* parent) {
    const QString invalid = QStringLiteral("invalid_arguments");
    auto optionalString = [&args](const char* key, QString* out) {
        const QJsonValue v = args.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return true;
        *out = v.toString().trimmed();
        return v.isString();
    };
    QString title, webhookName, url, format;
    const QJsonValue textArg = args.value(QStringLiteral("text"));
    const QString text = textArg.toString().trimmed();
    if (!textArg.isString() || text.isEmpty() || text.size() > kMaxTextChars) {
        return failNow(
            parent, invalid,
            tr("\"text\" is required: the message, 1 to %1 characters.").arg(kMaxTextChars));
    }
    if (!optionalString("title", &title) || title.contains(QLatin1Char('\n')) ||
        title.size() > 200) {
        return failNow(parent, invalid,
                       tr("\"title\" must be one line of at most 200 characters."));
    }
    if (!optionalString("webhook", &webhookName) || !optionalString("url", &url) ||
        !optionalString("format", &format)) {
        return failNow(parent, invalid, tr("\"webhook\", \"url\" and \"format\" must be strings."));
    }
    format = format.toLower();
    if (!format.isEmpty() && !formats().contains(format)) {
        return failNow(
            parent, invalid,
            tr("\"format\" must be one of %1.").arg(formats().join(QStringLiteral(", "))));
    }

    Post post;
    post.timeoutSecs = m_opts.timeoutSecs;
    post.replyCapBytes = qMax<qint64>(1, m_opts.replyCapBytes);
    if (!url.isEmpty() && !webhookName.isEmpty())
        return failNow(parent, invalid, tr("Give either \"webhook\" or \"url\", not both."));
    if (!url.isEmpty()) {
        if (!m_opts.allowUrls) {
            QStringList names;
            for (const WebhookTarget& t : m_opts.targets)
                names << t.name;
            return failNow(
                parent, QStringLiteral("target_not_allowed"),
                names.isEmpty()
                    ? tr("send_webhook posts only to webhooks the user configured, never to a "
                         "\"url\", and none is configured. Ask the user to set one in Settings › "
                         "Notifications (ZERG_WEBHOOK_URL).")
                    : tr("send_webhook posts only to the webhooks the user configured (%1), never "
                         "to a \"url\". Leave \"url\" out to use the default webhook or give "
                         "\"webhook\" with one of those names; another target has to be "
                         "configured by the user in Settings › Notifications.")
                          .arg(names.join(QStringLiteral(", "))));
        }
        post.url = QUrl(url, QUrl::StrictMode);
        const QString scheme = post.url.scheme().toLower();
        if (!post.url.isValid() || post.url.host().isEmpty() ||
            (scheme != QLatin1String("http") && scheme != QLatin1String("https"))) {
            return failNow(parent, invalid, tr("\"url\" must be an absolute http(s) URL."));
        }
        post.target = url;
        post.format = format.isEmpty() ? QStringLiteral("json") : format;
    } else {
        const WebhookTarget* target = nullptr;
        for (const WebhookTarget& t : m_opts.targets) {
            if (webhookName.isEmpty() || t.name == webhookName) {
                target = &t;
                break;
            }
        }
        if (!target) {
            if (m_opts.targets.isEmpty()) {
                return failNow(parent, QStringLiteral("not_configured"),
                               tr("No webhook is configured: set ZERG_WEBHOOK_URL (and "
                                  "ZERG_WEBHOOK_FORMAT: slack, discord, ntfy or json)%1.")
                                   .arg(m_opts.allowUrls ? tr(", or give a url") : QString()));
            }
            QStringList names;
            for (const WebhookTarget& t : m_opts.targets)
                names << t.name;
            return failNow(parent, invalid,
                           tr("There is no webhook named \"%1\"; configured: %2.")
                               .arg(webhookName, names.join(QStringLiteral(", "))));
        }
        post.url = QUrl(target->url);
        post.secretUrl = target->url;
        post.target = target->name;
        post.format = !format.isEmpty()                    ? format
                      : formats().contains(target->format) ? target->format
                                                           : QStringLiteral("json");
    }
    if (!formatBody(post.format, title, text, &post.body, &post.contentType))
        return failNow(parent, invalid, tr("Unknown format \"%1\".").arg(post.format));
    if (post.format == QLatin1String("ntfy") && !title.isEmpty()) {
        // ntfy decodes RFC 2047 words in its headers; header values must be ASCII anyway.
        post.title = mime::encodeHeaderText(title).replace("\r\n", "");
    }
    if (!m_nam)
        m_nam = std::make_unique<QNetworkAccessManager>();
    return new WebhookInvocation(m_nam.get(), std::move(post), parent);
}

}  // namespace zerg

#include "send_webhook_tool.moc"
