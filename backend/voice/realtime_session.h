#pragma once

#include "core/status.h"
#include "voice/audio_clip.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTimer>
#include <QUrl>

#include <array>
#include <memory>
#include <utility>

class QWebSocket;

namespace zerg {

struct Settings;

// Where a Realtime session is (RealtimeSession::state).
enum class RealtimeState { Closed, Connecting, Ready, Reconnecting, Failed };

template <>
struct StatusTable<RealtimeState> {
    static constexpr std::array<std::pair<RealtimeState, const char*>, 5> names{{
        {RealtimeState::Closed, "closed"},
        {RealtimeState::Connecting, "connecting"},
        {RealtimeState::Ready, "ready"},
        {RealtimeState::Reconnecting, "reconnecting"},
        {RealtimeState::Failed, "failed"},
    }};
};

// How a Realtime session is set up (realtimeConfig() makes it from the settings).
struct RealtimeConfig {
    QUrl url;  // ws(s)://…/v1/realtime?model=…
    QString apiKey;
    QString instructions;
    QString voice;  // empty: the server's default
    QString transcriptionModel = QStringLiteral("gpt-4o-mini-transcribe");
    int silenceMs = 700;  // the server's voice activity: the end of the user's turn
    QJsonArray tools;     // function tools, as the Realtime API takes them
    // After a connection drops: the waits before each new attempt (the last one repeats) and
    // how many attempts in a row before giving up.
    std::array<int, 4> reconnectDelaysMs{500, 1000, 2000, 5000};
    int maxReconnects = 6;
};

// The session's URL and key from Settings › Voice: the speech server's (else the provider's)
// …/v1 with ws(s) for http(s), /realtime and the model. Errors say what to set.
[[nodiscard]] Result<RealtimeConfig> realtimeConfig(const Settings& settings);

// One conversation with an OpenAI Realtime model over a WebSocket (QtWebSockets): voice in,
// voice out, with the server's voice activity deciding when the user has finished. It speaks the
// Realtime protocol's events (session.update, input_audio_buffer.append, response.cancel,
// conversation.item.create; session.updated, input_audio_buffer.speech_started,
// conversation.item.input_audio_transcription.completed, response.output_audio.delta,
// response.output_audio_transcript.done, response.function_call_arguments.done,
// response.done, error) and nothing about Jarvis: what its tools do is the caller's. A dropped
// connection is opened again with the same set-up (audio sent meanwhile is dropped: it is live).
class RealtimeSession : public QObject {
    Q_OBJECT
public:
    // The protocol's audio: 16-bit mono PCM at 24 kHz, both ways.
    static constexpr int kSampleRate = 24000;

    explicit RealtimeSession(RealtimeConfig config, QObject* parent = nullptr);
    ~RealtimeSession() override;

    [[nodiscard]] RealtimeState state() const { return m_state; }
    // A response is under way (its audio may still be coming).
    [[nodiscard]] bool responding() const { return !m_responseId.isEmpty() || m_responseAsked; }

    // Connects and sets the session up; stateChanged(Ready) once the server confirmed it.
    void open();
    // Closes for good (no reconnect).
    void close();

    // The microphone's samples, any rate: resampled to 24 kHz and sent. Dropped unless Ready.
    void appendAudio(const qint16* samples, qsizetype count, int sampleRate);
    // Stops the response under way (barge-in): response.cancel; audio of it still arriving is
    // dropped.
    void cancelResponse();
    // A tool's result (conversation.item.create with a function_call_output); with `respond`
    // the model answers it at once (response.create).
    void finishCall(const QString& callId, const QString& output, bool respond);
    // Asks for a response with these instructions (response.create): what the model is to say.
    void respond(const QString& instructions);

Q_SIGNALS:
    void stateChanged(zerg::RealtimeState state);
    // Something went wrong, said with what to do. The session may still be usable (an error
    // event of the server) or not (state Failed).
    void problem(const QString& message);
    // The server heard the user start or stop talking.
    void speechStarted();
    void speechStopped();
    // The user's words so far, while the server transcribes them (its transcription deltas).
    void userSaying(const QString& sofar);
    // What the user said, transcribed by the server.
    void userSaid(const QString& transcript);
    // A piece of the answer's audio (24 kHz), as it arrives.
    void audio(const zerg::AudioClip& chunk);
    // What the model said (the transcript of its audio), when its turn is complete.
    void assistantSaid(const QString& transcript);
    // A response ended: completed, cancelled, or failed.
    void responseDone(bool cancelled);
    // The model called a tool.
    void toolCalled(const QString& callId, const QString& name, const QJsonObject& arguments);

private:
    void connectSocket();
    void send(const QJsonObject& event);
    void onMessage(const QString& text);
    void onDisconnected();
    void setState(RealtimeState state);
    [[nodiscard]] QJsonObject sessionUpdate() const;

    RealtimeConfig m_config;
    std::unique_ptr<QWebSocket> m_socket;
    RealtimeState m_state = RealtimeState::Closed;
    QTimer m_retry;
    int m_attempts = 0;                      // reconnects in a row without a session
    QString m_responseId;                    // the response under way
    QHash<QString, QString> m_transcribing;  // the user's words so far, by conversation item
    bool m_responseAsked = false;            // response.create sent, response.created not yet seen
    QString m_cancelledId;                   // its audio is dropped
    bool m_cancelPending = false;            // cancelled before response.created came
    bool m_closing = false;
};

}  // namespace zerg
