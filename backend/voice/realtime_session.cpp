#include "voice/realtime_session.h"

#include "core/result.h"
#include "core/settings.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QNetworkRequest>
#include <QUrlQuery>
#include <QWebSocket>

namespace zerg {
namespace {

class Realtime {
    Q_DECLARE_TR_FUNCTIONS(Realtime)
};

// The protocol's event types (https://platform.openai.com/docs/api-reference/realtime).
namespace ev {
constexpr QLatin1StringView kSessionUpdate("session.update");
constexpr QLatin1StringView kSessionCreated("session.created");
constexpr QLatin1StringView kSessionUpdated("session.updated");
constexpr QLatin1StringView kAppend("input_audio_buffer.append");
constexpr QLatin1StringView kSpeechStarted("input_audio_buffer.speech_started");
constexpr QLatin1StringView kSpeechStopped("input_audio_buffer.speech_stopped");
constexpr QLatin1StringView kTranscribed("conversation.item.input_audio_transcription.completed");
constexpr QLatin1StringView kTranscribing("conversation.item.input_audio_transcription.delta");
constexpr QLatin1StringView kItemCreate("conversation.item.create");
constexpr QLatin1StringView kResponseCreate("response.create");
constexpr QLatin1StringView kResponseCancel("response.cancel");
constexpr QLatin1StringView kResponseCreated("response.created");
constexpr QLatin1StringView kAudioDelta("response.output_audio.delta");
constexpr QLatin1StringView kTranscriptDone("response.output_audio_transcript.done");
constexpr QLatin1StringView kArgumentsDone("response.function_call_arguments.done");
constexpr QLatin1StringView kResponseDone("response.done");
constexpr QLatin1StringView kError("error");
}  // namespace ev

QString str(QLatin1StringView v) {
    return QString(v);
}

}  // namespace

Result<RealtimeConfig> realtimeConfig(const Settings& settings) {
    QString base = settings.speechBaseUrl();
    if (base.isEmpty()) {
        return Error{QStringLiteral("not_configured"),
                     Realtime::tr("No server for the Realtime conversation: give its …/v1 in "
                                  "Settings › Voice › Speech server URL (or set the provider), "
                                  "or set Conversation to Turns.")};
    }
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    QUrl url(base + QStringLiteral("/realtime"));
    if (url.scheme() == QLatin1String("https"))
        url.setScheme(QStringLiteral("wss"));
    else if (url.scheme() == QLatin1String("http"))
        url.setScheme(QStringLiteral("ws"));
    if (!url.isValid() ||
        (url.scheme() != QLatin1String("ws") && url.scheme() != QLatin1String("wss"))) {
        return Error{QStringLiteral("bad_url"),
                     Realtime::tr("The speech server URL %1 is not an http(s) URL. Correct it in "
                                  "Settings › Voice.")
                         .arg(base)};
    }
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("model"), settings.realtimeModel);
    url.setQuery(query);
    RealtimeConfig config;
    config.url = url;
    config.apiKey = settings.speechKey();
    config.voice = settings.ttsEngine == QLatin1String("server") ? settings.ttsVoice : QString();
    config.silenceMs = settings.silenceMs;
    return config;
}

RealtimeSession::RealtimeSession(RealtimeConfig config, QObject* parent)
    : QObject(parent), m_config(std::move(config)) {
    m_retry.setSingleShot(true);
    connect(&m_retry, &QTimer::timeout, this, &RealtimeSession::connectSocket);
}

RealtimeSession::~RealtimeSession() {
    m_closing = true;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
    }
}

void RealtimeSession::open() {
    if (m_state == RealtimeState::Connecting || m_state == RealtimeState::Ready)
        return;
    m_closing = false;
    m_attempts = 0;
    setState(RealtimeState::Connecting);
    connectSocket();
}

void RealtimeSession::close() {
    m_closing = true;
    m_retry.stop();
    m_responseId.clear();
    m_responseAsked = false;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->close();
        m_socket.release()->deleteLater();
    }
    setState(RealtimeState::Closed);
}

void RealtimeSession::connectSocket() {
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket.release()->deleteLater();
    }
    m_socket = std::make_unique<QWebSocket>();
    connect(m_socket.get(), &QWebSocket::connected, this, [this] { send(sessionUpdate()); });
    connect(m_socket.get(), &QWebSocket::textMessageReceived, this, &RealtimeSession::onMessage);
    connect(m_socket.get(), &QWebSocket::disconnected, this, &RealtimeSession::onDisconnected);
    QNetworkRequest request(m_config.url);
    if (!m_config.apiKey.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_config.apiKey.toUtf8());
    m_socket->open(request);
}

QJsonObject RealtimeSession::sessionUpdate() const {
    QJsonObject output{{QStringLiteral("format"),
                        QJsonObject{{QStringLiteral("type"), QStringLiteral("audio/pcm")},
                                    {QStringLiteral("rate"), kSampleRate}}}};
    if (!m_config.voice.isEmpty())
        output.insert(QStringLiteral("voice"), m_config.voice);
    const QJsonObject input{
        {QStringLiteral("format"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("audio/pcm")},
                     {QStringLiteral("rate"), kSampleRate}}},
        {QStringLiteral("transcription"),
         QJsonObject{{QStringLiteral("model"), m_config.transcriptionModel}}},
        {QStringLiteral("turn_detection"),
         QJsonObject{{QStringLiteral("type"), QStringLiteral("server_vad")},
                     {QStringLiteral("silence_duration_ms"), m_config.silenceMs},
                     {QStringLiteral("create_response"), true},
                     {QStringLiteral("interrupt_response"), true}}},
    };
    const QJsonObject session{
        {QStringLiteral("type"), QStringLiteral("realtime")},
        {QStringLiteral("instructions"), m_config.instructions},
        {QStringLiteral("output_modalities"), QJsonArray{QStringLiteral("audio")}},
        {QStringLiteral("audio"),
         QJsonObject{{QStringLiteral("input"), input}, {QStringLiteral("output"), output}}},
        {QStringLiteral("tools"), m_config.tools},
        {QStringLiteral("tool_choice"), QStringLiteral("auto")},
    };
    return {{QStringLiteral("type"), str(ev::kSessionUpdate)},
            {QStringLiteral("session"), session}};
}

void RealtimeSession::send(const QJsonObject& event) {
    if (m_socket && m_socket->state() == QAbstractSocket::ConnectedState)
        m_socket->sendTextMessage(
            QString::fromUtf8(QJsonDocument(event).toJson(QJsonDocument::Compact)));
}

void RealtimeSession::appendAudio(const qint16* samples, qsizetype count, int sampleRate) {
    if (m_state != RealtimeState::Ready || count <= 0)
        return;
    AudioClip clip;
    clip.sampleRate = sampleRate;
    clip.samples = QList<qint16>(samples, samples + count);
    const AudioClip out = resampled(clip, kSampleRate);
    QByteArray bytes;
    bytes.reserve(out.samples.size() * 2);
    for (const qint16 s : out.samples) {
        bytes.append(char(quint16(s) & 0xff));
        bytes.append(char((quint16(s) >> 8) & 0xff));
    }
    send({{QStringLiteral("type"), str(ev::kAppend)},
          {QStringLiteral("audio"), QString::fromLatin1(bytes.toBase64())}});
}

void RealtimeSession::cancelResponse() {
    if (!responding())
        return;
    // Asked for but not created yet: it is cancelled when it is (the server has nothing to
    // cancel now).
    m_cancelPending = m_responseId.isEmpty();
    m_cancelledId = m_responseId;
    m_responseId.clear();  // no longer under way for us: what still comes of it is dropped
    m_responseAsked = false;
    send({{QStringLiteral("type"), str(ev::kResponseCancel)}});
}

void RealtimeSession::finishCall(const QString& callId, const QString& output, bool respond) {
    send({{QStringLiteral("type"), str(ev::kItemCreate)},
          {QStringLiteral("item"),
           QJsonObject{{QStringLiteral("type"), QStringLiteral("function_call_output")},
                       {QStringLiteral("call_id"), callId},
                       {QStringLiteral("output"), output}}}});
    if (respond) {
        m_responseAsked = true;
        send({{QStringLiteral("type"), str(ev::kResponseCreate)}});
    }
}

void RealtimeSession::respond(const QString& instructions) {
    m_responseAsked = true;
    send({{QStringLiteral("type"), str(ev::kResponseCreate)},
          {QStringLiteral("response"),
           QJsonObject{{QStringLiteral("instructions"), instructions}}}});
}

void RealtimeSession::onMessage(const QString& text) {
    const QJsonObject e = QJsonDocument::fromJson(text.toUtf8()).object();
    const QString type = e.value(QStringLiteral("type")).toString();
    if (type == ev::kSessionUpdated) {
        m_attempts = 0;
        setState(RealtimeState::Ready);
    } else if (type == ev::kSessionCreated) {
        // The server's defaults: session.updated follows our session.update.
    } else if (type == ev::kSpeechStarted) {
        Q_EMIT speechStarted();
    } else if (type == ev::kSpeechStopped) {
        Q_EMIT speechStopped();
    } else if (type == ev::kTranscribing) {
        QString& sofar = m_transcribing[e.value(QStringLiteral("item_id")).toString()];
        sofar += e.value(QStringLiteral("delta")).toString();
        if (!sofar.trimmed().isEmpty())
            Q_EMIT userSaying(sofar.trimmed());
    } else if (type == ev::kTranscribed) {
        m_transcribing.remove(e.value(QStringLiteral("item_id")).toString());
        const QString said = e.value(QStringLiteral("transcript")).toString().trimmed();
        if (!said.isEmpty())
            Q_EMIT userSaid(said);
    } else if (type == ev::kResponseCreated) {
        m_responseAsked = false;
        m_responseId =
            e.value(QStringLiteral("response")).toObject().value(QStringLiteral("id")).toString();
        if (m_responseId.isEmpty())
            m_responseId = QStringLiteral("response");
        if (m_cancelPending) {
            m_cancelPending = false;
            m_cancelledId = m_responseId;
            m_responseId.clear();
            send({{QStringLiteral("type"), str(ev::kResponseCancel)}});
        }
    } else if (type == ev::kAudioDelta) {
        const QString id = e.value(QStringLiteral("response_id")).toString();
        if (!m_cancelledId.isEmpty() && id == m_cancelledId)
            return;  // cancelled: what was still on its way is not played
        const QByteArray bytes =
            QByteArray::fromBase64(e.value(QStringLiteral("delta")).toString().toLatin1());
        AudioClip chunk;
        chunk.sampleRate = kSampleRate;
        chunk.samples.resize(bytes.size() / 2);
        for (qsizetype i = 0; i < chunk.samples.size(); ++i) {
            chunk.samples[i] = qint16(quint16(quint8(bytes[2 * i])) |
                                      quint16(quint16(quint8(bytes[2 * i + 1])) << 8));
        }
        if (!chunk.samples.isEmpty())
            Q_EMIT audio(chunk);
    } else if (type == ev::kTranscriptDone) {
        const QString said = e.value(QStringLiteral("transcript")).toString().trimmed();
        if (!said.isEmpty() && e.value(QStringLiteral("response_id")).toString() != m_cancelledId)
            Q_EMIT assistantSaid(said);
    } else if (type == ev::kArgumentsDone) {
        if (!m_cancelledId.isEmpty() &&
            e.value(QStringLiteral("response_id")).toString() == m_cancelledId)
            return;  // the user interrupted the answer that called it
        const QJsonObject args =
            QJsonDocument::fromJson(e.value(QStringLiteral("arguments")).toString().toUtf8())
                .object();
        Q_EMIT toolCalled(e.value(QStringLiteral("call_id")).toString(),
                          e.value(QStringLiteral("name")).toString(), args);
    } else if (type == ev::kResponseDone) {
        const QJsonObject response = e.value(QStringLiteral("response")).toObject();
        const bool cancelled =
            response.value(QStringLiteral("status")).toString() == QLatin1String("cancelled") ||
            (!m_cancelledId.isEmpty() &&
             response.value(QStringLiteral("id")).toString() == m_cancelledId);
        if (response.value(QStringLiteral("id")).toString() == m_responseId ||
            response.value(QStringLiteral("id")).toString().isEmpty())
            m_responseId.clear();
        Q_EMIT responseDone(cancelled);
    } else if (type == ev::kError) {
        const QJsonObject error = e.value(QStringLiteral("error")).toObject();
        const QString code = error.value(QStringLiteral("code")).toString();
        if (code == QLatin1String("response_cancel_not_active"))
            return;  // the response had ended already: nothing to stop
        Q_EMIT problem(Realtime::tr("The Realtime server said: %1")
                           .arg(error.value(QStringLiteral("message")).toString()));
    }
}

void RealtimeSession::onDisconnected() {
    if (m_closing)
        return;
    const QString why = m_socket ? m_socket->errorString() : QString();
    const bool refused = why.contains(QLatin1String("401")) || why.contains(QLatin1String("403"));
    m_responseId.clear();
    m_responseAsked = false;
    if (refused) {
        setState(RealtimeState::Failed);
        Q_EMIT problem(
            Realtime::tr("The Realtime server refused the key. Set ZERG_SPEECH_API_KEY "
                         "(or the provider's key) and try again."));
        return;
    }
    if (m_attempts >= m_config.maxReconnects) {
        setState(RealtimeState::Failed);
        Q_EMIT problem(Realtime::tr("Lost the Realtime server at %1 (%2) and could not reach it "
                                    "again. Check that it runs and the speech server URL in "
                                    "Settings › Voice, then press the microphone again.")
                           .arg(m_config.url.toDisplayString(QUrl::RemoveQuery), why));
        return;
    }
    const int delay = m_config.reconnectDelaysMs[size_t(
        std::min<int>(m_attempts, int(m_config.reconnectDelaysMs.size()) - 1))];
    ++m_attempts;
    setState(RealtimeState::Reconnecting);
    m_retry.start(delay);
}

void RealtimeSession::setState(RealtimeState state) {
    if (m_state == state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

}  // namespace zerg
