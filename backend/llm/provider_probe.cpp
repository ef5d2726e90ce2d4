#include "llm/provider_probe.h"

#include "core/clock.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace zerg {

ProviderProbe::ProviderProbe(QNetworkAccessManager* nam, ProbeRequest request, Clock* clock,
                             int timeoutMs, QObject* parent)
    : QObject(parent),
      m_nam(nam),
      m_request(std::move(request)),
      m_clock(clock),
      m_timeoutMs(timeoutMs) {}

ProviderProbe::~ProviderProbe() {
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
    if (!m_finished)
        m_clock->cancel(m_timer);
}

void ProviderProbe::start() {
    QNetworkRequest req(m_request.url);
    for (const auto& [name, value] : std::as_const(m_request.headers))
        req.setRawHeader(name, value);
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    m_startedMs = m_clock->nowMs();
    if (m_request.method == ProbeRequest::Method::Post) {
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        m_reply = m_nam->post(req, m_request.body);
    } else {
        m_reply = m_nam->get(req);
    }
    connect(m_reply, &QNetworkReply::finished, this, [this] { done(false); });
    m_timer = m_clock->callAfter(m_timeoutMs, this, [this] { done(true); });
}

void ProviderProbe::done(bool timedOut) {
    if (m_finished)
        return;
    m_finished = true;
    m_clock->cancel(m_timer);
    m_answer.elapsedMs = m_clock->nowMs() - m_startedMs;
    if (QNetworkReply* r = m_reply) {
        r->disconnect(this);
        if (timedOut) {
            m_answer.error =
                QCoreApplication::translate("zerg::ProviderProbe", "no answer within %1 s")
                    .arg(m_timeoutMs / 1000);
            m_answer.networkError = QNetworkReply::TimeoutError;
        } else {
            m_answer.status = r->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            m_answer.body = r->readAll();
            m_answer.networkError = r->error();
            if (m_answer.status == 0)
                m_answer.error = r->errorString();
            if (m_answer.status / 100 == 3)
                m_answer.location = QString::fromUtf8(r->rawHeader(QByteArrayLiteral("Location")));
        }
        r->abort();
        r->deleteLater();
        m_reply = nullptr;
    }
    if (m_answer.status / 100 == 2)
        m_answer.models = modelIds(m_answer.body, m_request.format);
    Q_EMIT finished();
}

std::optional<QStringList> ProviderProbe::modelIds(const QByteArray& body,
                                                   ProbeRequest::ListFormat format) {
    if (format == ProbeRequest::ListFormat::None)
        return std::nullopt;
    const bool tags = format == ProbeRequest::ListFormat::OllamaTags;
    const QJsonValue list = QJsonDocument::fromJson(body).object().value(
        tags ? QStringLiteral("models") : QStringLiteral("data"));
    if (!list.isArray())
        return std::nullopt;
    const QString idKey = tags ? QStringLiteral("name") : QStringLiteral("id");
    QStringList ids;
    for (const QJsonValue& m : list.toArray()) {
        const QString id = m.toObject().value(idKey).toString();
        if (!id.isEmpty())
            ids.append(id);
    }
    return ids;
}

}  // namespace zerg
