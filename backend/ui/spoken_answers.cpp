#include "ui/spoken_answers.h"

#include "ui/jarvis_controller.h"
#include "ui/voice_input.h"
#include "voice/speakable_text.h"

#include <QNetworkAccessManager>
#include <QRegularExpression>

namespace zerg {

SpokenAnswers::SpokenAnswers(SettingsSource settings, SpeakerFactory speakers,
                             JarvisController* controller, VoiceInput* voice,
                             QNetworkAccessManager* nam, QObject* parent)
    : QObject(parent),
      m_settings(std::move(settings)),
      m_speakers(std::move(speakers)),
      m_voice(voice),
      m_nam(nam) {
    if (controller) {
        connect(controller, &JarvisController::currentRunIdChanged, this,
                [this, controller] { runStarted(controller->currentRunId()); });
        connect(controller, &JarvisController::delegated, this, &SpokenAnswers::delegated);
        connect(controller, &JarvisController::answered, this, &SpokenAnswers::answered);
        connect(controller, &JarvisController::finished, this, &SpokenAnswers::questionOver);
    }
    if (voice)
        connect(voice, &VoiceInput::pressed, this, [this] { stop(); });
}

SpokenAnswers::~SpokenAnswers() {
    if (m_speaker)
        m_speaker->stop();
}

void SpokenAnswers::noteQuestion(const QString& text) {
    stop();
    const Settings settings = m_settings();
    const SpeakAnswers when =
        parseStatus<SpeakAnswers>(settings.speakAnswers).value_or(SpeakAnswers::Spoken);
    const QString heard = m_voice ? m_voice->lastHeard() : QString();
    const bool spoken = !heard.isEmpty() && text.contains(heard, Qt::CaseInsensitive);
    if (m_voice)
        m_voice->forgetHeard();
    m_speakNext = when == SpeakAnswers::Always || (when == SpeakAnswers::Spoken && spoken);
}

void SpokenAnswers::runStarted(qint64 runId) {
    if (runId == 0 || !m_speakNext)
        return;
    m_speakNext = false;
    m_speakRun = runId;
    m_saidWorking = false;
}

void SpokenAnswers::delegated(qint64 runId, const QString& task) {
    if (runId != m_speakRun || m_saidWorking || m_speaking)
        return;
    m_saidWorking = true;
    // The worker's task, its first sentence: what Jarvis is doing, once.
    QString doing =
        speakableText(task).section(QRegularExpression(QStringLiteral("[.!?]\\s")), 0, 0);
    while (doing.endsWith(QLatin1Char('.')))
        doing.chop(1);
    if (doing.isEmpty())
        return;
    say(tr("%1. This takes a moment.").arg(doing));
}

void SpokenAnswers::answered(qint64 runId, bool ok, const QString& text) {
    Q_UNUSED(ok);  // a failure is said too: the question was asked by voice
    if (runId != m_speakRun || runId == 0)
        return;
    m_speakRun = 0;
    const QString words = speakableText(text);
    if (!words.isEmpty())
        say(words);
}

void SpokenAnswers::questionOver(qint64 runId) {
    if (runId == 0)
        m_speakNext = false;  // the question could not start
}

void SpokenAnswers::say(const QString& text) {
    const quint64 utterance = ++m_utterance;
    if (m_speaker)
        m_speaker->stop();
    const Settings settings = m_settings();
    const std::optional<SpeakEngine> engine = parseStatus<SpeakEngine>(settings.ttsEngine);
    if (!engine) {
        setProblem(tr("Unknown speech output engine '%1': choose one in Settings › Voice.")
                       .arg(settings.ttsEngine));
        return;
    }
    const QString key = QStringList{settings.ttsEngine, settings.speechBaseUrl(), settings.ttsModel,
                                    settings.ttsVoice}
                            .join(QLatin1Char('\n'));
    if (!m_engine || key != m_engineKey) {
        if (!m_nam)
            m_nam = new QNetworkAccessManager(this);
        auto made = makeTextToSpeech(*engine, settings, m_nam);
        if (!made) {
            setProblem(made.error().message);
            return;
        }
        m_engine = std::move(made).value();
        m_engineKey = key;
    }
    setSpeaking(true);
    m_engine->synthesize(text, [this, utterance](Result<AudioClip> clip) {
        if (utterance != m_utterance)
            return;  // stopped, or something newer is said
        if (!clip) {
            setSpeaking(false);
            setProblem(clip.error().message);
            return;
        }
        if (!m_speaker) {
            auto made = m_speakers();
            if (!made) {
                setSpeaking(false);
                setProblem(made.error().message);
                return;
            }
            m_speaker = std::move(made).value();
        }
        const Status played = m_speaker->play(clip.value(), [this, utterance] {
            if (utterance == m_utterance)
                setSpeaking(false);
        });
        if (!played) {
            setSpeaking(false);
            setProblem(played.error().message);
        }
    });
}

bool SpokenAnswers::stop() {
    ++m_utterance;
    if (m_speaker)
        m_speaker->stop();
    const bool was = m_speaking;
    setSpeaking(false);
    return was;
}

void SpokenAnswers::setSpeaking(bool speaking) {
    if (speaking == m_speaking)
        return;
    m_speaking = speaking;
    if (m_voice)
        m_voice->setPaused(speaking);
    Q_EMIT speakingChanged();
}

void SpokenAnswers::setProblem(const QString& problem) {
    if (problem == m_problem)
        return;
    m_problem = problem;
    Q_EMIT problemChanged();
}

}  // namespace zerg
