#pragma once

#include "core/settings.h"
#include "core/status.h"
#include "voice/microphone.h"
#include "voice/realtime_session.h"

#include <QObject>

#include <functional>
#include <memory>

namespace zerg {

class JarvisController;

// Where a Realtime voice conversation is, as the composer shows it.
enum class ConversationPhase {
    Off,
    Connecting,
    Listening,
    Hearing,
    Thinking,
    Speaking,
    Reconnecting
};

template <>
struct StatusTable<ConversationPhase> {
    static constexpr std::array<std::pair<ConversationPhase, const char*>, 7> names{{
        {ConversationPhase::Off, "off"},
        {ConversationPhase::Connecting, "connecting"},
        {ConversationPhase::Listening, "listening"},
        {ConversationPhase::Hearing, "hearing"},
        {ConversationPhase::Thinking, "thinking"},
        {ConversationPhase::Speaking, "speaking"},
        {ConversationPhase::Reconnecting, "reconnecting"},
    }};
};

// Jarvis voice to voice (Settings › Voice › Conversation: Realtime): the microphone streams to an
// OpenAI Realtime model (RealtimeSession), which answers quick things itself and hands anything
// about the servers to the supervisor with route_to_supervisor, exactly as a typed question
// (JarvisController::send). It says in a sentence what is being done; the supervisor's answer,
// when it comes, is spoken back by the same voice. Both sides' words go into the chat. The
// answer's audio plays as it arrives.
//
// Without echo cancellation the microphone would hear Jarvis: while Jarvis speaks, what the
// microphone hears is not sent, so the user interrupts with the microphone button or Escape
// (interrupt()), as in the turns mode. The server's own report that the user started talking
// also interrupts a response that has not started playing.
class RealtimeConversation : public QObject {
    Q_OBJECT
public:
    using SettingsSource = std::function<Settings()>;
    using MicrophoneFactory = std::function<Result<std::unique_ptr<Microphone>>()>;
    using SpeakerFactory = std::function<Result<std::unique_ptr<Speaker>>()>;

    RealtimeConversation(SettingsSource settings, MicrophoneFactory microphones,
                         SpeakerFactory speakers, JarvisController* controller,
                         QObject* parent = nullptr);
    ~RealtimeConversation() override;

    [[nodiscard]] ConversationPhase phase() const { return m_phase; }
    [[nodiscard]] bool active() const { return m_phase != ConversationPhase::Off; }
    [[nodiscard]] double level() const { return m_level; }
    // Where the audio goes: "server HOST (Realtime)".
    [[nodiscard]] QString where() const { return m_where; }
    // The user's words so far while the server transcribes them ("" once the turn's words are
    // in the chat).
    [[nodiscard]] QString partial() const { return m_partial; }

    // Opens the session, the microphone and the speakers; false (and problem()) when one
    // cannot.
    bool start();
    // Ends the conversation: the microphone closes, speech stops.
    void stop();
    // Stops Jarvis's answer (barge-in); true when there was one.
    bool interrupt();

    // The quick path's instructions and its one tool (the session's set-up).
    [[nodiscard]] static QString instructions();
    [[nodiscard]] static QJsonArray tools();

Q_SIGNALS:
    void phaseChanged();
    void levelChanged();
    void partialChanged();
    // What went wrong, with what to do.
    void problem(const QString& message);

private:
    void onToolCalled(const QString& callId, const QString& name, const QJsonObject& arguments);
    void onAnswered(const QString& text, bool ok);
    void onAudio(const AudioClip& chunk);
    void onSamples(const qint16* samples, qsizetype count, int sampleRate);
    void fail(const QString& message);
    void setPhase(ConversationPhase phase);
    void setPartial(const QString& words);
    // Stores the exchange so far in the thread (unless the supervisor's run holds it, or it is
    // empty) and starts the next one.
    void recordExchange();

    // The exchange being heard and answered. The user's words come from the server's
    // transcription, which may finish after the answer: it is recorded once both are known
    // (transcripts arrive in the order of the utterances), or when the conversation ends.
    struct Exchange {
        QStringList said;
        QStringList answered;
        bool responded = false;    // the voice's response to it is over
        bool interrupted = false;  // cut short by the user
        bool handedOver = false;   // routed to the supervisor: its run records the request
    };

    SettingsSource m_settings;
    MicrophoneFactory m_microphones;
    SpeakerFactory m_speakers;
    JarvisController* m_controller;
    std::unique_ptr<RealtimeSession> m_session;
    std::unique_ptr<Microphone> m_microphone;
    std::unique_ptr<Speaker> m_speaker;
    ConversationPhase m_phase = ConversationPhase::Off;
    double m_level = 0;
    QString m_where;
    QString m_partial;
    bool m_playing = false;         // the answer's audio is playing: the microphone is not sent
    bool m_awaitingAnswer = false;  // a request went to the supervisor; its answer is to be said
    bool m_relaying = false;  // the response under way says the supervisor's answer (in its run)
    Exchange m_exchange;
};

}  // namespace zerg
