#pragma once

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <QWebSocketServer>

namespace zerg::test {

// A loopback stand-in for an OpenAI Realtime server (QWebSocketServer speaking the Realtime event
// protocol), scripted by the test. It answers session.update with session.updated, runs a server
// voice activity of its own on the appended audio (energy per 20 ms; the turn ends after the
// session's silence_duration_ms), then sends the transcript of the next scripted turn (a word at
// a time as transcription deltas, then whole) and, after
// `responseDelayMs`, its response: speech (response.output_audio.delta in 100 ms pieces, one
// every `chunkIntervalMs`, then the transcript) or a function call. A response.create of the
// client is answered with speech whose transcript is the instructions it carried. It honours
// response.cancel (no audio after it; response.done says cancelled) and records every event.
class RealtimeStandIn : public QObject {
    Q_OBJECT
public:
    struct Turn {
        QString transcript;  // what the user is taken to have said
        QString say;         // the spoken answer's transcript (when not a call)
        int audioMs = 500;   // its audio's length
        QString callName;    // a function call instead of speech
        QJsonObject callArguments;
    };

    explicit RealtimeStandIn(QObject* parent = nullptr);
    ~RealtimeStandIn() override;
    bool start();
    [[nodiscard]] quint16 port() const { return m_server.serverPort(); }
    // What Settings › Voice › Speech server URL would hold: http://127.0.0.1:PORT/v1.
    [[nodiscard]] QString baseUrl() const;

    void script(const Turn& turn) { m_turns.append(turn); }
    int responseDelayMs = 0;
    int chunkIntervalMs = 20;
    // The user's transcript comes after the response is done (a slow transcription model).
    bool transcriptAfterResponse = false;

    // Every event received, in order, and those of one type.
    [[nodiscard]] const QList<QJsonObject>& received() const { return m_received; }
    [[nodiscard]] QList<QJsonObject> received(const QString& type) const;
    [[nodiscard]] int connections() const { return m_connections; }
    [[nodiscard]] QByteArray authorization() const { return m_authorization; }
    // Milliseconds of audio appended so far, at 24 kHz.
    [[nodiscard]] qint64 audioMs() const { return m_audioSamples * 1000 / 24000; }
    // Drops the connection (the client should come back).
    void drop();

Q_SIGNALS:
    void eventReceived(const QString& type);
    void turnEnded();  // the stand-in's voice activity decided the user finished

private:
    void onMessage(const QString& text);
    void send(const QJsonObject& event);
    void hear(const QByteArray& pcm);
    void endTurn();
    void speak(const QString& transcript, int audioMs);
    void call(const QString& name, const QJsonObject& arguments);
    void finishResponse(const QString& status);
    void nextChunk();

    QWebSocketServer m_server;
    QPointer<QWebSocket> m_client;
    QList<QJsonObject> m_received;
    QList<Turn> m_turns;
    int m_connections = 0;
    QByteArray m_authorization;
    int m_silenceMs = 500;
    qint64 m_audioSamples = 0;
    // Voice activity: samples of the 20 ms frame being filled, speech heard, quiet since.
    QList<qint16> m_frame;
    bool m_inSpeech = false;
    int m_quietMs = 0;
    int m_item = 0;
    int m_response = 0;
    QString m_responseId;
    int m_chunksLeft = 0;
    QString m_transcript;
    QJsonObject m_lateTranscript;  // transcriptAfterResponse: sent after response.done
    QTimer m_chunks;
};

}  // namespace zerg::test
