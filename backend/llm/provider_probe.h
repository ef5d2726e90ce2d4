#pragma once

#include <QByteArray>
#include <QList>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QUrl>

#include <optional>
#include <utility>

class QNetworkAccessManager;

namespace zerg {

class Clock;

// One request that asks an LLM server what it offers: the request a provider kind builds for its
// models list (ProviderKind::modelsRequest, or one model by name: modelRequest), a local
// Ollama's /api/tags (OllamaProbe), or what the model catalog asks local servers about their
// models (ModelCatalog: Ollama's POST /api/show, LM Studio's /api/v0/models, llama-server's
// /props). The one place that probes a provider over HTTP, for `zerg doctor` (Doctor), the
// setup card and `zerg ask` (OllamaProbe) and the Settings page's model picker (ModelCatalog).
struct ProbeRequest {
    enum class Method {
        Get,
        Post,  // body as JSON: Ollama's /api/show takes the model's name that way
    };
    // How the answer lists models.
    enum class ListFormat {
        Data,        // {"data": [{"id": ...}]}: OpenAI-compatible servers and Anthropic
        OllamaTags,  // {"models": [{"name": ...}]}: Ollama's /api/tags
        None,        // not a models list (one model's details, a server's properties)
    };

    QUrl url;
    QString shown;  // the address as messages name it (no query), e.g. ".../v1/models"
    QList<std::pair<QByteArray, QByteArray>> headers;  // may carry the API key: never printed
    ListFormat format = ListFormat::Data;
    Method method = Method::Get;
    QByteArray body;  // what a Post sends (application/json)
};

struct ProbeAnswer {
    int status = 0;  // the HTTP status; 0: no HTTP answer (see error)
    QByteArray body;
    QString error;  // when status is 0: why, for people ("no answer within 5 s", …)
    // The reply's error. When status is 0 it says what kind of failure error describes, so that
    // callers can tell "nothing listens there" (ConnectionRefusedError) from "no answer in time"
    // (TimeoutError: the probe's own timeout on its clock) without reading translated text.
    QNetworkReply::NetworkError networkError = QNetworkReply::NoError;
    // A 3xx answer's Location header, as sent: where the server wanted the request to go instead.
    // Never followed; callers name it in their message.
    QString location;
    qint64 elapsedMs = 0;
    // The model ids of a 2xx answer in the request's list format; nullopt for anything else.
    std::optional<QStringList> models;
};

// Redirects are not followed, so an API key goes nowhere but the configured server; nothing is
// cached. Never blocks: finished() is emitted exactly once, at the answer or after timeoutMs on
// clock (then status 0). Deleting the probe aborts the request.
class ProviderProbe : public QObject {
    Q_OBJECT
public:
    ProviderProbe(QNetworkAccessManager* nam, ProbeRequest request, Clock* clock, int timeoutMs,
                  QObject* parent = nullptr);
    ~ProviderProbe() override;

    void start();
    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] const ProbeRequest& request() const { return m_request; }
    [[nodiscard]] const ProbeAnswer& answer() const { return m_answer; }

    // The model ids of a models-list body in that format; nullopt when it is no such list.
    [[nodiscard]] static std::optional<QStringList> modelIds(const QByteArray& body,
                                                             ProbeRequest::ListFormat format);

Q_SIGNALS:
    void finished();

private:
    void done(bool timedOut);

    QNetworkAccessManager* m_nam;
    ProbeRequest m_request;
    Clock* m_clock;
    int m_timeoutMs;
    QPointer<QNetworkReply> m_reply;
    quint64 m_timer = 0;
    qint64 m_startedMs = 0;
    bool m_finished = false;
    ProbeAnswer m_answer;
};

}  // namespace zerg
