#pragma once

#include "core/settings.h"
#include "ui/qml_instance.h"
#include "voice/speech_engines.h"
#include "voice/voice_capture.h"

#include <QtQml/qqmlregistration.h>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

class QNetworkAccessManager;

namespace zerg {

class JarvisController;
class RealtimeConversation;

// The composer's microphone (QML singleton `VoiceInput`): push-to-talk (the mic button or
// Ctrl+Space held) and hands-free, over VoiceCapture with the engine the settings name. The
// settings are read each time the microphone opens, so a change applies to the next utterance.
// It holds no QML logic: the composer shows `state`, `level` and `where`, and puts what `heard`
// gives into the message box (or sends it, when `send` says so).
class VoiceInput : public QObject, public QmlInstance<VoiceInput> {
    Q_OBJECT
    QML_NAMED_ELEMENT(VoiceInput)
    QML_SINGLETON
    // off | listening | hearing | transcribing (VoiceCapture::State's words).
    Q_PROPERTY(QString state READ state NOTIFY stateChanged FINAL)
    // The microphone is open: what the privacy indicator shows.
    Q_PROPERTY(bool open READ isOpen NOTIFY stateChanged FINAL)
    Q_PROPERTY(bool handsFree READ handsFree NOTIFY stateChanged FINAL)
    Q_PROPERTY(double level READ level NOTIFY levelChanged FINAL)
    // The button is pressed to start and again to stop (hands-free, or a Realtime
    // conversation), not held (push-to-talk). Read from the settings when the state changes.
    Q_PROPERTY(bool toggles READ toggles NOTIFY stateChanged FINAL)
    // Where the audio goes: "on this computer", or "server HOST".
    Q_PROPERTY(QString where READ where NOTIFY stateChanged FINAL)
    // The words heard so far while the user speaks (the local engine recognizes live; a
    // Realtime server's transcription as it comes; "" with a server engine and between
    // utterances).
    Q_PROPERTY(QString partial READ partial NOTIFY partialChanged FINAL)
    // The last problem, said with what to do ("" when none).
    Q_PROPERTY(QString problem READ problem NOTIFY problemChanged FINAL)

public:
    using SettingsSource = std::function<Settings()>;
    // The app: Settings::load(); `microphones` the plug-in (loadMicrophone), a stand-in in tests.
    // Without `nam` it makes its own when the server engine is first used.
    VoiceInput(SettingsSource settings, VoiceCapture::MicrophoneFactory microphones,
               QNetworkAccessManager* nam, QObject* parent = nullptr);
    ~VoiceInput() override;

    [[nodiscard]] QString state() const;
    [[nodiscard]] bool isOpen() const;
    [[nodiscard]] bool handsFree() const;
    [[nodiscard]] bool toggles() const;
    [[nodiscard]] double level() const;
    [[nodiscard]] QString where() const;
    [[nodiscard]] QString problem() const { return m_problem; }
    [[nodiscard]] QString partial() const;

    // Push-to-talk: press() opens the microphone, release() transcribes what was said. With
    // hands-free on in Settings, press() turns listening on or off instead.
    Q_INVOKABLE void press();
    Q_INVOKABLE void release();
    // Hands-free on or off.
    Q_INVOKABLE void toggleHandsFree();
    // Closes the microphone and drops what was being heard.
    Q_INVOKABLE void stop();
    Q_INVOKABLE void dismissProblem() { setProblem(QString()); }
    // Stops what a Realtime conversation is saying (Escape); true when it was saying something.
    Q_INVOKABLE bool interrupt();

    // Voice to voice (Settings › Voice › Conversation: Realtime): the microphone button starts
    // and ends the conversation, and interrupts Jarvis while it speaks. Not owned; may be null.
    void setConversation(RealtimeConversation* conversation);
    // With Settings › Voice › Keep recordings on, each utterance's recording waits in
    // <data>/recordings until its words are sent: then it moves to the run's own folder,
    // <data>/recordings/run-<id>/. Recordings whose words were not sent stay where they are.
    // Not owned; may be null.
    void setController(JarvisController* controller);

    // The last words heard and not yet sent: SpokenAnswers asks whether a question sent was
    // spoken, then forgets them.
    [[nodiscard]] QString lastHeard() const { return m_lastHeard; }
    void forgetHeard() { m_lastHeard.clear(); }
    // While Jarvis speaks, hands-free listening drops what the microphone hears (it would hear
    // Jarvis: there is no echo cancellation); push-to-talk still works and interrupts it.
    void setPaused(bool paused);

Q_SIGNALS:
    void stateChanged();
    void levelChanged();
    void partialChanged();
    void problemChanged();
    // What was said; `send` when the settings say to send it at once (hands-free with "send
    // when I stop talking").
    void heard(const QString& text, bool send);
    // The user pressed the microphone (or Ctrl+Space): Jarvis stops speaking (barge-in).
    void pressed();

private:
    [[nodiscard]] bool prepare();
    // Voice to voice is what the button starts (Settings › Voice › Conversation).
    [[nodiscard]] bool realtimeWith(const Settings& settings) const;
    void setProblem(const QString& problem);
    void fileRecordings(qint64 runId, const QString& question);

    SettingsSource m_settings;
    QNetworkAccessManager* m_nam;
    QPointer<RealtimeConversation> m_conversation;
    VoiceCapture m_capture;
    std::unique_ptr<SpeechToText> m_speech;
    QString m_where;
    QString m_problem;
    bool m_sendWhenSilent = false;
    bool m_toggledByPress = false;
    QString m_lastHeard;  // the last press() toggled hands-free: release() does nothing
    // Recordings kept since the last question was sent, with the words heard in each.
    QList<std::pair<QString, QString>> m_unfiled;
};

}  // namespace zerg
