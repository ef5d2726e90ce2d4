#include "llm/ollama_probe.h"

#include "llm/provider_probe.h"

namespace zerg {

OllamaProbe::OllamaProbe(QNetworkAccessManager* nam, QString url, Clock* clock, int timeoutMs,
                         QObject* parent)
    : QObject(parent), m_nam(nam), m_url(std::move(url)), m_clock(clock), m_timeoutMs(timeoutMs) {
    while (m_url.endsWith(QLatin1Char('/')))
        m_url.chop(1);
}

OllamaProbe::~OllamaProbe() = default;  // m_probe is a child: deleting it aborts its request

void OllamaProbe::start() {
    ProbeRequest request;
    request.url = QUrl(m_url + QStringLiteral("/api/tags"));
    request.shown = request.url.toString();
    request.format = ProbeRequest::ListFormat::OllamaTags;
    m_probe = new ProviderProbe(m_nam, request, m_clock, m_timeoutMs, this);
    connect(m_probe, &ProviderProbe::finished, this, &OllamaProbe::done);
    m_probe->start();
}

void OllamaProbe::done() {
    if (m_finished || !m_probe)
        return;
    m_finished = true;
    // Something else on the port (an HTML page, an error) is not Ollama.
    if (const std::optional<QStringList>& models = m_probe->answer().models) {
        m_found = true;
        m_models = *models;
    }
    m_probe->deleteLater();
    m_probe = nullptr;
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
