#include "realtime_stand_in.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QWebSocket>

#include <cmath>
#include <utility>

namespace zerg::test {

namespace {
constexpr int kRate = 24000;
constexpr int kFrame = kRate / 50;  // 20 ms
constexpr double kSpeechRms = 300;  // about -40 dBFS
}  // namespace

RealtimeStandIn::RealtimeStandIn(QObject* parent)
    : QObject(parent),
      m_server(QStringLiteral("realtime-stand-in"), QWebSocketServer::NonSecureMode) {
    connect(&m_server, &QWebSocketServer::newConnection, this, [this] {
        while (QWebSocket* socket = m_server.nextPendingConnection()) {
            ++m_connections;
            m_authorization = socket->request().rawHeader("Authorization");
            if (m_client)
                m_client->close();
            m_client = socket;
            connect(socket, &QWebSocket::textMessageReceived, this, &RealtimeStandIn::onMessage);
            connect(socket, &QWebSocket::disconnected, socket, &QObject::deleteLater);
            send({{QStringLiteral("type"), QStringLiteral("session.created")},
                  {QStringLiteral("session"),
                   QJsonObject{{QStringLiteral("id"), QStringLiteral("sess_stand_in")}}}});
        }
    });
    connect(&m_chunks, &QTimer::timeout, this, &RealtimeStandIn::nextChunk);
}

void RealtimeStandIn::nextChunk() {
    {
        if (m_chunksLeft <= 0) {
            m_chunks.stop();
            send({{QStringLiteral("type"), QStringLiteral("response.output_audio.done")},
                  {QStringLiteral("response_id"), m_responseId}});
            send({{QStringLiteral("type"), QStringLiteral("response.output_audio_transcript.done")},
                  {QStringLiteral("response_id"), m_responseId},
                  {QStringLiteral("transcript"), m_transcript}});
            finishResponse(QStringLiteral("completed"));
            return;
        }
        --m_chunksLeft;
        QByteArray pcm(kRate / 10 * 2, Qt::Uninitialized);  // 100 ms of a 440 Hz tone
        for (int i = 0; i < kRate / 10; ++i) {
            const auto s = qint16(8000 * std::sin(2 * M_PI * 440 * i / kRate));
            pcm[2 * i] = char(quint16(s) & 0xff);
            pcm[2 * i + 1] = char(quint16(s) >> 8);
        }
        send({{QStringLiteral("type"), QStringLiteral("response.output_audio.delta")},
              {QStringLiteral("response_id"), m_responseId},
              {QStringLiteral("delta"), QString::fromLatin1(pcm.toBase64())}});
    }
}

RealtimeStandIn::~RealtimeStandIn() {
    if (m_client)
        m_client->abort();
    m_server.close();
}

bool RealtimeStandIn::start() {
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QString RealtimeStandIn::baseUrl() const {
    return QStringLiteral("http://127.0.0.1:%1/v1").arg(port());
}

QList<QJsonObject> RealtimeStandIn::received(const QString& type) const {
    QList<QJsonObject> out;
    for (const QJsonObject& e : m_received)
        if (e.value(QStringLiteral("type")).toString() == type)
            out.append(e);
    return out;
}

void RealtimeStandIn::drop() {
    if (m_client)
        m_client->abort();
}

void RealtimeStandIn::send(const QJsonObject& event) {
    if (m_client)
        m_client->sendTextMessage(
            QString::fromUtf8(QJsonDocument(event).toJson(QJsonDocument::Compact)));
}

void RealtimeStandIn::onMessage(const QString& text) {
    const QJsonObject e = QJsonDocument::fromJson(text.toUtf8()).object();
    const QString type = e.value(QStringLiteral("type")).toString();
    if (type != QLatin1String("input_audio_buffer.append"))
        m_received.append(e);
    if (type == QLatin1String("session.update")) {
        const QJsonObject session = e.value(QStringLiteral("session")).toObject();
        m_silenceMs = session.value(QStringLiteral("audio"))
                          .toObject()
                          .value(QStringLiteral("input"))
                          .toObject()
                          .value(QStringLiteral("turn_detection"))
                          .toObject()
                          .value(QStringLiteral("silence_duration_ms"))
                          .toInt(500);
        send({{QStringLiteral("type"), QStringLiteral("session.updated")},
              {QStringLiteral("session"), session}});
    } else if (type == QLatin1String("input_audio_buffer.append")) {
        hear(QByteArray::fromBase64(e.value(QStringLiteral("audio")).toString().toLatin1()));
    } else if (type == QLatin1String("response.create")) {
        const QString said = e.value(QStringLiteral("response"))
                                 .toObject()
                                 .value(QStringLiteral("instructions"))
                                 .toString();
        speak(said.isEmpty() ? QStringLiteral("One moment.") : said, 300);
    } else if (type == QLatin1String("response.cancel")) {
        if (m_responseId.isEmpty()) {
            send({{QStringLiteral("type"), QStringLiteral("error")},
                  {QStringLiteral("error"),
                   QJsonObject{
                       {QStringLiteral("type"), QStringLiteral("invalid_request_error")},
                       {QStringLiteral("code"), QStringLiteral("response_cancel_not_active")},
                       {QStringLiteral("message"),
                        QStringLiteral("There is no active response.")}}}});
            return;
        }
        m_chunks.stop();
        finishResponse(QStringLiteral("cancelled"));
    }
    Q_EMIT eventReceived(type);
}

void RealtimeStandIn::hear(const QByteArray& pcm) {
    const qsizetype n = pcm.size() / 2;
    m_audioSamples += n;
    for (qsizetype i = 0; i < n; ++i) {
        m_frame.append(qint16(quint16(quint8(pcm[2 * i])) | quint16(quint8(pcm[2 * i + 1])) << 8));
        if (m_frame.size() < kFrame)
            continue;
        double sum = 0;
        for (const qint16 s : m_frame)
            sum += double(s) * s;
        m_frame.clear();
        const bool loud = std::sqrt(sum / kFrame) >= kSpeechRms;
        if (loud) {
            m_quietMs = 0;
            if (!m_inSpeech) {
                m_inSpeech = true;
                send({{QStringLiteral("type"), QStringLiteral("input_audio_buffer.speech_started")},
                      {QStringLiteral("item_id"), QStringLiteral("item_%1").arg(m_item + 1)}});
            }
        } else if (m_inSpeech) {
            m_quietMs += 20;
            if (m_quietMs >= m_silenceMs)
                endTurn();
        }
    }
}

void RealtimeStandIn::endTurn() {
    m_inSpeech = false;
    m_quietMs = 0;
    const QString item = QStringLiteral("item_%1").arg(++m_item);
    send({{QStringLiteral("type"), QStringLiteral("input_audio_buffer.speech_stopped")},
          {QStringLiteral("item_id"), item}});
    send({{QStringLiteral("type"), QStringLiteral("input_audio_buffer.committed")},
          {QStringLiteral("item_id"), item}});
    Q_EMIT turnEnded();
    if (m_turns.isEmpty())
        return;
    const Turn turn = m_turns.takeFirst();
    // The transcription as it comes, a word at a time, then whole.
    QString sofar;
    for (const QString& word : turn.transcript.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const QString delta = sofar.isEmpty() ? word : QLatin1Char(' ') + word;
        sofar += delta;
        send({{QStringLiteral("type"),
               QStringLiteral("conversation.item.input_audio_transcription.delta")},
              {QStringLiteral("item_id"), item},
              {QStringLiteral("delta"), delta}});
    }
    const QJsonObject transcribed{
        {QStringLiteral("type"),
         QStringLiteral("conversation.item.input_audio_transcription.completed")},
        {QStringLiteral("item_id"), item},
        {QStringLiteral("transcript"), turn.transcript}};
    if (transcriptAfterResponse)
        m_lateTranscript = transcribed;
    else
        send(transcribed);
    QTimer::singleShot(responseDelayMs, this, [this, turn] {
        if (turn.callName.isEmpty())
            speak(turn.say, turn.audioMs);
        else
            call(turn.callName, turn.callArguments);
    });
}

void RealtimeStandIn::speak(const QString& transcript, int audioMs) {
    m_responseId = QStringLiteral("resp_%1").arg(++m_response);
    m_transcript = transcript;
    m_chunksLeft = std::max(1, audioMs / 100);
    send({{QStringLiteral("type"), QStringLiteral("response.created")},
          {QStringLiteral("response"),
           QJsonObject{{QStringLiteral("id"), m_responseId},
                       {QStringLiteral("status"), QStringLiteral("in_progress")}}}});
    m_chunks.start(chunkIntervalMs);
    nextChunk();  // the first piece at once
}

void RealtimeStandIn::call(const QString& name, const QJsonObject& arguments) {
    m_responseId = QStringLiteral("resp_%1").arg(++m_response);
    send({{QStringLiteral("type"), QStringLiteral("response.created")},
          {QStringLiteral("response"),
           QJsonObject{{QStringLiteral("id"), m_responseId},
                       {QStringLiteral("status"), QStringLiteral("in_progress")}}}});
    send({{QStringLiteral("type"), QStringLiteral("response.function_call_arguments.done")},
          {QStringLiteral("response_id"), m_responseId},
          {QStringLiteral("call_id"), QStringLiteral("call_%1").arg(m_response)},
          {QStringLiteral("name"), name},
          {QStringLiteral("arguments"),
           QString::fromUtf8(QJsonDocument(arguments).toJson(QJsonDocument::Compact))}});
    finishResponse(QStringLiteral("completed"));
}

void RealtimeStandIn::finishResponse(const QString& status) {
    send({{QStringLiteral("type"), QStringLiteral("response.done")},
          {QStringLiteral("response"),
           QJsonObject{{QStringLiteral("id"), m_responseId}, {QStringLiteral("status"), status}}}});
    m_responseId.clear();
    if (!m_lateTranscript.isEmpty())
        send(std::exchange(m_lateTranscript, {}));
}

}  // namespace zerg::test
