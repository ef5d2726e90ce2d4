#include "voice/speech_server.h"

#include "llm/llm_errors.h"

#include <QCoreApplication>
#include <QHttpMultiPart>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>

namespace zerg {
namespace {

class SpeechServer {
    Q_DECLARE_TR_FUNCTIONS(SpeechServer)
};

QUrl endpoint(const SpeechServerConfig& config, const char* path) {
    QString base = config.baseUrl;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return QUrl(base + QLatin1String(path));
}

QNetworkRequest request(const SpeechServerConfig& config, const QUrl& url) {
    QNetworkRequest req(url);
    if (!config.apiKey.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + config.apiKey.toUtf8());
    req.setTransferTimeout(config.timeoutMs);
    req.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    return req;
}

QString hostOf(const QString& baseUrl) {
    const QUrl url(baseUrl);
    return url.port() > 0 ? QStringLiteral("%1:%2").arg(url.host()).arg(url.port()) : url.host();
}

// What went wrong with a finished reply, said so that the user knows what to change; nothing when
// it answered 2xx.
std::optional<Error> failure(QNetworkReply* reply, const QUrl& url, const char* offers) {
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString where = url.toDisplayString(QUrl::RemoveUserInfo);
    if (status == 0) {
        return Error{QString::fromLatin1(llm::errors::Network),
                     SpeechServer::tr("Could not reach the speech server at %1: %2. Check that it "
                                      "runs and the speech server URL in Settings › Voice, or "
                                      "use the engine on this computer.")
                         .arg(where, reply->errorString())};
    }
    if (status >= 200 && status < 300)
        return std::nullopt;
    const auto [type, message] = llm::errorTypeAndMessage(reply->readAll());
    const QString said =
        message.isEmpty() ? reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString()
                          : message;
    const QString code = llm::classifyHttp(status, type, message);
    if (code == QLatin1String(llm::errors::Auth)) {
        return Error{code, SpeechServer::tr("The speech server at %1 refused the key (HTTP %2: "
                                            "%3). Set its key with ZERG_SPEECH_API_KEY or the "
                                            "secret speech_api_key; without a speech server URL "
                                            "of its own, the provider's key is used.")
                               .arg(where)
                               .arg(status)
                               .arg(said)};
    }
    if (status == 404) {
        return Error{code, SpeechServer::tr("The speech server has no %1 (HTTP 404): check that "
                                            "its URL ends in /v1 and that it offers %2.")
                               .arg(where, QString::fromLatin1(offers))};
    }
    return Error{code, SpeechServer::tr("The speech server at %1 answered HTTP %2: %3")
                           .arg(where)
                           .arg(status)
                           .arg(said)};
}

}  // namespace

ServerSpeechToText::ServerSpeechToText(QNetworkAccessManager* nam, SpeechServerConfig config,
                                       QStringList hosts)
    : m_nam(nam), m_config(std::move(config)) {
    if (!hosts.isEmpty())
        m_prompt = QStringLiteral("Zerg, Jarvis. Hosts: %1.").arg(hosts.join(QStringLiteral(", ")));
}

QString ServerSpeechToText::where() const {
    return SpeechServer::tr("server %1").arg(hostOf(m_config.baseUrl));
}

void ServerSpeechToText::transcribe(const AudioClip& clip, Done done) {
    const QUrl url = endpoint(m_config, "/audio/transcriptions");
    auto* parts = new QHttpMultiPart(QHttpMultiPart::FormDataType);
    const auto field = [parts](const char* name, const QByteArray& value) {
        QHttpPart part;
        part.setHeader(QNetworkRequest::ContentDispositionHeader,
                       QByteArray("form-data; name=\"") + name + '"');
        part.setBody(value);
        parts->append(part);
    };
    QHttpPart file;
    file.setHeader(QNetworkRequest::ContentDispositionHeader,
                   QByteArrayLiteral("form-data; name=\"file\"; filename=\"speech.wav\""));
    file.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("audio/wav"));
    file.setBody(wavBytes(clip.sampleRate == 16000 ? clip : resampled(clip, 16000)));
    parts->append(file);
    field("model", m_config.model.toUtf8());
    field("response_format", "json");
    if (!m_prompt.isEmpty())
        field("prompt", m_prompt.toUtf8());

    QNetworkReply* reply = m_nam->post(request(m_config, url), parts);
    parts->setParent(reply);
    reply->setParent(&m_context);
    QObject::connect(
        reply, &QNetworkReply::finished, &m_context, [reply, url, done = std::move(done)] {
            reply->deleteLater();
            if (auto error = failure(reply, url, "/audio/transcriptions")) {
                done(*error);
                return;
            }
            const QByteArray body = reply->readAll();
            const QJsonDocument json = QJsonDocument::fromJson(body);
            if (json.isObject() && json.object().value(QLatin1String("text")).isString()) {
                done(json.object().value(QLatin1String("text")).toString().trimmed());
                return;
            }
            // response_format=json is asked for; a server that answers plain text
            // anyway is taken at its word.
            if (reply->header(QNetworkRequest::ContentTypeHeader)
                    .toString()
                    .startsWith(QLatin1String("text/plain"))) {
                done(QString::fromUtf8(body).trimmed());
                return;
            }
            done(Error{QString::fromLatin1(llm::errors::Protocol),
                       SpeechServer::tr("The speech server's answer has no text "
                                        "(expected JSON with \"text\"): %1")
                           .arg(QString::fromUtf8(body.left(200)))});
        });
}

ServerTextToSpeech::ServerTextToSpeech(QNetworkAccessManager* nam, SpeechServerConfig config,
                                       QString voice)
    : m_nam(nam), m_config(std::move(config)), m_voice(std::move(voice)) {}

QString ServerTextToSpeech::where() const {
    return SpeechServer::tr("server %1").arg(hostOf(m_config.baseUrl));
}

void ServerTextToSpeech::synthesize(const QString& text, Done done) {
    const QUrl url = endpoint(m_config, "/audio/speech");
    QNetworkRequest req = request(m_config, url);
    req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    const QJsonObject body{{QStringLiteral("model"), m_config.model},
                           {QStringLiteral("input"), text},
                           {QStringLiteral("voice"), m_voice},
                           {QStringLiteral("response_format"), QStringLiteral("wav")}};
    QNetworkReply* reply = m_nam->post(req, QJsonDocument(body).toJson(QJsonDocument::Compact));
    reply->setParent(&m_context);
    QObject::connect(
        reply, &QNetworkReply::finished, &m_context, [reply, url, done = std::move(done)] {
            reply->deleteLater();
            if (auto error = failure(reply, url, "/audio/speech")) {
                done(*error);
                return;
            }
            const QString type = reply->header(QNetworkRequest::ContentTypeHeader).toString();
            Result<AudioClip> clip = parseWav(reply->readAll());
            if (!clip) {
                done(Error{QString::fromLatin1(llm::errors::Protocol),
                           SpeechServer::tr("The speech server answered with %1, "
                                            "not a WAVE file (%2). Zerg asks for "
                                            "response_format wav: check that the "
                                            "server can give it.")
                               .arg(type.isEmpty() ? SpeechServer::tr("no type") : type,
                                    clip.error().message)});
                return;
            }
            done(std::move(clip).value());
        });
}

}  // namespace zerg
