#include "llm/ollama_probe.h"

#include "core/clock.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace zerg {

OllamaProbe::OllamaProbe(QNetworkAccessManager* nam, QString url, Clock* clock, int timeoutMs,
                         QObject* parent)
    : QObject(parent), m_nam(nam), m_url(std::move(url)), m_clock(clock), m_timeoutMs(timeoutMs) {
    while (m_url.endsWith(QLatin1Char('/')))
        m_url.chop(1);
}

OllamaProbe::~OllamaProbe() {
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void OllamaProbe::start() {
    QNetworkRequest req(QUrl(m_url + QStringLiteral("/api/tags")));
    req.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                     QNetworkRequest::ManualRedirectPolicy);
    m_reply = m_nam->get(req);
    connect(m_reply, &QNetworkReply::finished, this, [this] {
        QNetworkReply* r = m_reply;
        if (!r)
            return;
        if (r->error() == QNetworkReply::NoError) {
            const QJsonObject o = QJsonDocument::fromJson(r->readAll()).object();
            if (o.value(QStringLiteral("models")).isArray()) {
                m_found = true;
                for (const QJsonValue& m : o.value(QStringLiteral("models")).toArray()) {
                    const QString name = m.toObject().value(QStringLiteral("name")).toString();
                    if (!name.isEmpty())
                        m_models.append(name);
                }
            }
        }
        done();
    });
    m_timer = m_clock->callAfter(m_timeoutMs, this, [this] { done(); });
}

void OllamaProbe::done() {
    if (m_finished)
        return;
    m_finished = true;
    m_clock->cancel(m_timer);
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
        m_reply = nullptr;
    }
    Q_EMIT finished();
}

QString OllamaProbe::advice() const {
    if (m_found && !m_models.isEmpty()) {
        return tr("A local Ollama is running at %1 with %n model(s): %2. To use it, set "
                  "ZERG_LLM_BASE_URL=%1/v1 and ZERG_MODEL=%3.",
                  nullptr, int(m_models.size()))
            .arg(m_url, m_models.join(QStringLiteral(", ")), m_models.first());
    }
    if (m_found) {
        return tr("A local Ollama is running at %1 but has no models yet: run `ollama pull "
                  "qwen2.5:7b` (or another model), then set ZERG_LLM_BASE_URL=%1/v1 and "
                  "ZERG_MODEL.")
            .arg(m_url);
    }
    return tr("No local Ollama was found at %1. Use any OpenAI-compatible server "
              "(ZERG_LLM_BASE_URL=https://api.openai.com/v1, ZERG_MODEL, and `zerg key set` for "
              "the API key) or Anthropic (ZERG_LLM_PROVIDER=anthropic, "
              "ZERG_LLM_BASE_URL=https://api.anthropic.com).")
        .arg(m_url);
}

}  // namespace zerg
