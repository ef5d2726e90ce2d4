#pragma once

#include "core/settings.h"
#include "ui/qml_instance.h"
#include "voice/microphone.h"
#include "voice/speech_engines.h"

#include <QtQml/qqmlregistration.h>
#include <QObject>

#include <functional>
#include <memory>

class QNetworkAccessManager;

namespace zerg {

class JarvisController;
class VoiceInput;

// Jarvis's answers spoken (QML singleton `SpokenAnswers`): when the question was spoken, or
// always, as Settings › Voice › Speak answers says. During long work it says once what it is
// doing ("Check disk usage on cube. This takes a moment."), then nothing until the answer
// (docs/voice.md). Speech stops at Esc, at a press of the microphone (barge-in) and at the next
// question; while it speaks, hands-free listening is paused so that the microphone does not take
// Jarvis's voice for a question.
class SpokenAnswers : public QObject, public QmlInstance<SpokenAnswers> {
    Q_OBJECT
    QML_NAMED_ELEMENT(SpokenAnswers)
    QML_SINGLETON
    // From the moment words are on their way to the speakers until they are played or stopped.
    Q_PROPERTY(bool speaking READ speaking NOTIFY speakingChanged FINAL)
    // The last problem (no speakers, the speech server failed), with what to do; "" when none.
    Q_PROPERTY(QString problem READ problem NOTIFY problemChanged FINAL)

public:
    using SettingsSource = std::function<Settings()>;
    using SpeakerFactory = std::function<Result<std::unique_ptr<Speaker>>()>;

    // The app: Settings::load() and the plug-in's speakers (loadSpeaker). `controller` and
    // `voice` may be null (tests drive the slots below); without `nam` one is made when the
    // server engine is first used.
    SpokenAnswers(SettingsSource settings, SpeakerFactory speakers, JarvisController* controller,
                  VoiceInput* voice, QNetworkAccessManager* nam, QObject* parent = nullptr);
    ~SpokenAnswers() override;

    [[nodiscard]] bool speaking() const { return m_speaking; }
    [[nodiscard]] QString problem() const { return m_problem; }

    // The composer sends `text`: whether its answer is spoken is decided now (the words heard
    // by the microphone are in it, or Speak answers is "always"). Speech under way stops.
    Q_INVOKABLE void noteQuestion(const QString& text);
    // Stops speaking; true when it was (Esc stops speech first, the request second).
    Q_INVOKABLE bool stop();
    Q_INVOKABLE void dismissProblem() { setProblem(QString()); }

    // What the controller reports (connected when it is given).
    void runStarted(qint64 runId);
    void delegated(qint64 runId, const QString& task);
    void answered(qint64 runId, bool ok, const QString& text);
    void questionOver(qint64 runId);

    // Speaks `text` (plain words) now, replacing what is being said.
    void say(const QString& text);

Q_SIGNALS:
    void speakingChanged();
    void problemChanged();

private:
    void setSpeaking(bool speaking);
    void setProblem(const QString& problem);

    SettingsSource m_settings;
    SpeakerFactory m_speakers;
    VoiceInput* m_voice;
    QNetworkAccessManager* m_nam;
    std::unique_ptr<Speaker> m_speaker;
    std::unique_ptr<TextToSpeech> m_engine;
    QString m_engineKey;       // the settings the engine was made with
    bool m_speakNext = false;  // the question just sent is to be answered aloud
    qint64 m_speakRun = 0;     // the run whose answer is spoken
    bool m_saidWorking = false;
    quint64 m_utterance = 0;  // the latest say(); older syntheses are dropped
    bool m_speaking = false;
    QString m_problem;
};

}  // namespace zerg
