#include "voice/voice_capture.h"

#include "voice/speech_engines.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>

namespace zerg {
namespace {

constexpr int kRate = 16000;
constexpr int kPrerollMs = 400;            // kept before detected speech: its first sound
constexpr double kShortestSeconds = 0.25;  // less is a click, not an utterance

class VoiceCaptureText {
    Q_DECLARE_TR_FUNCTIONS(VoiceCapture)
};

}  // namespace

VoiceCapture::VoiceCapture(MicrophoneFactory microphones, SpeechToText* speech, QObject* parent)
    : QObject(parent), m_microphones(std::move(microphones)), m_speech(speech) {
    m_heard.sampleRate = kRate;
    m_preroll.sampleRate = kRate;
}

VoiceCapture::~VoiceCapture() {
    *m_alive = false;
    close();
}

void VoiceCapture::setSpeechToText(SpeechToText* speech) {
    m_speech = speech;
}

Status VoiceCapture::press() {
    return open(false);
}

void VoiceCapture::release() {
    if (!m_microphone || m_handsFree)
        return;
    close();
    finishUtterance();
    refreshState();
}

Status VoiceCapture::startHandsFree() {
    return open(true);
}

void VoiceCapture::stop() {
    close();
    m_heard.samples.clear();
    refreshState();
}

void VoiceCapture::beginStream(const QList<qint16>& head) {
    m_stream = m_speech ? m_speech->listen([this, alive = m_alive](const QString& words) {
        if (*alive)
            setPartial(words);
    })
                        : nullptr;
    if (m_stream && !head.isEmpty()) {
        AudioClip start;
        start.sampleRate = kRate;
        start.samples = head;
        m_stream->feed(start);
    }
}

void VoiceCapture::setPartial(const QString& words) {
    if (words == m_partial)
        return;
    m_partial = words;
    Q_EMIT partialChanged();
}

Status VoiceCapture::open(bool handsFree) {
    if (m_microphone) {
        if (m_handsFree == handsFree)
            return Ok{};
        close();
    }
    if (!m_speech) {
        return Error{QStringLiteral("not_configured"),
                     VoiceCaptureText::tr("Speech recognition is not set up: choose an engine in "
                                          "Settings › Voice.")};
    }
    Result<std::unique_ptr<Microphone>> made = m_microphones();
    if (!made)
        return made.error();
    std::unique_ptr<Microphone> microphone = std::move(made).value();
    VoiceActivityDetector::Options activity;
    activity.silenceMs = m_options.silenceMs;
    m_activity.emplace(activity);
    m_heard.samples.clear();
    m_preroll.samples.clear();
    m_handsFree = handsFree;
    if (!handsFree)
        beginStream({});  // push-to-talk: everything while held is the utterance
    const Status started = microphone->start(
        m_options.deviceId,
        [this](const qint16* samples, qsizetype count, int rate) {
            onSamples(samples, count, rate);
        },
        [this](const QString& message) {
            // close() destroys the microphone that holds this function: only locals after it.
            VoiceCapture* self = this;
            const QString said = message;
            self->close();
            self->refreshState();
            Q_EMIT self->failed(said);
        });
    if (!started) {
        m_stream.reset();
        return started;
    }
    m_microphone = std::move(microphone);
    refreshState();
    return Ok{};
}

void VoiceCapture::close() {
    if (m_microphone) {
        m_microphone->stop();
        m_microphone.reset();
    }
    m_activity.reset();
    m_preroll.samples.clear();
    m_stream.reset();
    setPartial(QString());
    if (m_level != 0) {
        m_level = 0;
        Q_EMIT levelChanged();
    }
}

void VoiceCapture::setPaused(bool paused) {
    if (paused == m_paused)
        return;
    m_paused = paused;
    if (paused && m_handsFree) {
        // What was being heard is dropped; listening starts afresh (the room, then speech).
        m_heard.samples.clear();
        m_preroll.samples.clear();
        m_stream.reset();
        setPartial(QString());
        if (m_activity)
            m_activity.emplace(m_activity->options());
        refreshState();
    }
}

void VoiceCapture::onSamples(const qint16* samples, qsizetype count, int sampleRate) {
    if (!m_activity || (m_paused && m_handsFree))
        return;
    AudioClip chunk;
    chunk.sampleRate = sampleRate;
    chunk.samples = QList<qint16>(samples, samples + count);
    if (sampleRate != kRate)
        chunk = resampled(chunk, kRate);
    const bool wasInSpeech = m_activity->inSpeech();
    const QList<VoiceActivityDetector::Event> events =
        m_activity->feed(chunk.samples.constData(), chunk.samples.size());
    if (std::abs(m_activity->level() - m_level) >= 0.01) {
        m_level = m_activity->level();
        Q_EMIT levelChanged();
    }
    if (!m_handsFree) {
        // Push-to-talk: everything while held is the utterance.
        m_heard.samples.append(chunk.samples);
        if (m_stream)
            m_stream->feed(chunk);
    } else {
        bool inSpeech = wasInSpeech;
        bool ended = false;
        bool started = false;
        for (const VoiceActivityDetector::Event& e : events) {
            if (e.change == VoiceActivityDetector::Change::SpeechStarted && !inSpeech) {
                m_heard.samples = m_preroll.samples;
                inSpeech = true;
                started = true;
            } else if (e.change == VoiceActivityDetector::Change::SpeechEnded) {
                ended = true;
                inSpeech = false;
            }
        }
        if (wasInSpeech || !events.isEmpty()) {
            m_heard.samples.append(chunk.samples);
            if (started)
                beginStream(m_heard.samples);  // with the moments before speech was detected
            else if (m_stream)
                m_stream->feed(chunk);
        } else {
            m_preroll.samples.append(chunk.samples);
            const qsizetype keep = qsizetype(kRate) * kPrerollMs / 1000;
            if (m_preroll.samples.size() > keep)
                m_preroll.samples.remove(0, m_preroll.samples.size() - keep);
        }
        if (ended) {
            m_preroll.samples.clear();
            finishUtterance();
        }
    }
    if (m_heard.seconds() >= m_options.maxUtteranceSeconds) {
        finishUtterance();
        if (!m_handsFree)
            beginStream({});  // push-to-talk goes on: the next utterance
    }
    refreshState();
}

void VoiceCapture::finishUtterance() {
    const AudioClip clip = m_heard;
    m_heard.samples.clear();
    std::unique_ptr<SpeechStream> stream = std::move(m_stream);
    setPartial(QString());
    if (clip.seconds() < kShortestSeconds) {
        Q_EMIT nothingHeard();
        return;
    }
    QString recording;
    if (!m_options.recordingsDir.isEmpty()) {
        const QString path = QDir(m_options.recordingsDir)
                                 .filePath(QStringLiteral("voice-%1.wav")
                                               .arg(QDateTime::currentDateTime().toString(
                                                   QStringLiteral("yyyyMMdd-hhmmss-zzz"))));
        if (const Status kept = QDir().mkpath(m_options.recordingsDir)
                                    ? writeWav(path, clip)
                                    : Status(Error{QStringLiteral("io"), path});
            !kept) {
            Q_EMIT failed(VoiceCaptureText::tr("The recording could not be kept: %1")
                              .arg(kept.error().message));
        } else {
            recording = path;
        }
    }
    ++m_pending;
    auto done = [this, alive = m_alive, recording](const Result<QString>& text) {
        if (*alive)
            transcribed(text, recording);
    };
    // Recognized while heard: only the end is left to decode.
    if (stream)
        stream->finish(std::move(done));
    else
        m_speech->transcribe(clip, std::move(done));
}

void VoiceCapture::transcribed(const Result<QString>& text, const QString& recording) {
    --m_pending;
    if (!text)
        Q_EMIT failed(text.error().message);
    else if (text->trimmed().isEmpty())
        Q_EMIT nothingHeard();
    else
        Q_EMIT heard(text->trimmed(), recording);
    refreshState();
}

void VoiceCapture::refreshState() {
    if (!m_microphone)
        setState(m_pending > 0 ? State::Transcribing : State::Off);
    else if (m_activity && m_activity->inSpeech())
        setState(State::Hearing);
    else
        setState(m_pending > 0 ? State::Transcribing : State::Listening);
}

void VoiceCapture::setState(State state) {
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged();
}

}  // namespace zerg
