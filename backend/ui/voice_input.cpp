#include "ui/voice_input.h"

#include "tools/hosts_config.h"
#include "ui/jarvis_controller.h"
#include "ui/realtime_conversation.h"

#include <QDir>
#include <QFileInfo>
#include <QNetworkAccessManager>

namespace zerg {

VoiceInput::VoiceInput(SettingsSource settings, VoiceCapture::MicrophoneFactory microphones,
                       QNetworkAccessManager* nam, QObject* parent)
    : QObject(parent),
      m_settings(std::move(settings)),
      m_nam(nam),
      m_capture(std::move(microphones), nullptr) {
    connect(&m_capture, &VoiceCapture::stateChanged, this, &VoiceInput::stateChanged);
    connect(&m_capture, &VoiceCapture::levelChanged, this, &VoiceInput::levelChanged);
    connect(&m_capture, &VoiceCapture::partialChanged, this, &VoiceInput::partialChanged);
    connect(&m_capture, &VoiceCapture::failed, this, &VoiceInput::setProblem);
    connect(&m_capture, &VoiceCapture::nothingHeard, this, [this] {
        setProblem(
            tr("Nothing was understood. Speak a little closer to the microphone, or "
               "type."));
    });
    connect(&m_capture, &VoiceCapture::heard, this,
            [this](const QString& text, const QString& recording) {
                setProblem(QString());
                m_lastHeard = text;
                if (!recording.isEmpty())
                    m_unfiled.append({text, recording});
                Q_EMIT heard(text, m_sendWhenSilent && m_capture.handsFree());
            });
    m_where = tr("on this computer");
}

VoiceInput::~VoiceInput() {
    m_capture.stop();
}

QString VoiceInput::state() const {
    if (m_conversation && m_conversation->active())
        return statusName(m_conversation->phase());
    return statusName(m_capture.state());
}

bool VoiceInput::handsFree() const {
    return (m_conversation && m_conversation->active()) || (m_capture.handsFree() && isOpen());
}

bool VoiceInput::realtimeWith(const Settings& settings) const {
    return m_conversation && parseStatus<VoiceMode>(settings.voiceMode) == VoiceMode::Realtime;
}

bool VoiceInput::toggles() const {
    const Settings settings = m_settings();
    return settings.handsFree || realtimeWith(settings);
}

double VoiceInput::level() const {
    return m_conversation && m_conversation->active() ? m_conversation->level() : m_capture.level();
}

QString VoiceInput::partial() const {
    return m_conversation && m_conversation->active() ? m_conversation->partial()
                                                      : m_capture.partial();
}

QString VoiceInput::where() const {
    return m_conversation && m_conversation->active() ? m_conversation->where() : m_where;
}

void VoiceInput::setConversation(RealtimeConversation* conversation) {
    if (m_conversation)
        m_conversation->disconnect(this);
    m_conversation = conversation;
    if (!conversation)
        return;
    connect(conversation, &RealtimeConversation::phaseChanged, this, &VoiceInput::stateChanged);
    connect(conversation, &RealtimeConversation::levelChanged, this, &VoiceInput::levelChanged);
    connect(conversation, &RealtimeConversation::partialChanged, this, &VoiceInput::partialChanged);
    connect(conversation, &RealtimeConversation::problem, this, &VoiceInput::setProblem);
}

void VoiceInput::setController(JarvisController* controller) {
    if (controller)
        connect(controller, &JarvisController::started, this, &VoiceInput::fileRecordings);
}

void VoiceInput::fileRecordings(qint64 runId, const QString& question) {
    const QList<std::pair<QString, QString>> unfiled = std::exchange(m_unfiled, {});
    if (runId <= 0)
        return;
    const QString folder = QStringLiteral("run-%1").arg(runId);
    for (const auto& [words, path] : unfiled) {
        if (!question.contains(words, Qt::CaseInsensitive))
            continue;  // its words were not sent with this question
        const QFileInfo file(path);
        QDir dir = file.dir();
        const QString target = dir.filePath(folder + QLatin1Char('/') + file.fileName());
        if (!dir.mkpath(folder) || !QFile::rename(path, target)) {
            setProblem(tr("The recording %1 could not be moved to %2. Check that the data "
                          "folder is writable.")
                           .arg(path, dir.filePath(folder)));
        }
    }
}

bool VoiceInput::interrupt() {
    return m_conversation && m_conversation->interrupt();
}

bool VoiceInput::isOpen() const {
    if (m_conversation && m_conversation->active())
        return true;
    const VoiceCapture::State s = m_capture.state();
    return s == VoiceCapture::State::Listening || s == VoiceCapture::State::Hearing ||
           (s == VoiceCapture::State::Transcribing && m_capture.handsFree());
}

bool VoiceInput::prepare() {
    if (m_capture.state() != VoiceCapture::State::Off)
        return true;  // the engine of the utterance under way stays
    const Settings settings = m_settings();
    const std::optional<ListenEngine> engine = parseStatus<ListenEngine>(settings.sttEngine);
    if (!engine) {
        setProblem(tr("Unknown speech recognition engine '%1': choose one in Settings › Voice.")
                       .arg(settings.sttEngine));
        return false;
    }
    QStringList hosts;
    if (const Result<HostsConfig> config = HostsConfig::loadFile(settings.hostsFile))
        hosts = config->aliases();
    if (!m_nam)  // made when first needed: the window's start does without
        m_nam = new QNetworkAccessManager(this);
    auto speech = makeSpeechToText(*engine, settings, hosts, m_nam);
    if (!speech) {
        setProblem(speech.error().message);
        return false;
    }
    m_capture.setSpeechToText(speech.value().get());
    m_speech = std::move(speech).value();
    m_where = m_speech->where();
    VoiceCapture::Options options;
    options.silenceMs = settings.silenceMs;
    options.deviceId = settings.inputDevice;
    if (settings.keepRecordings)
        options.recordingsDir = QDir(settings.dataDir).filePath(QStringLiteral("recordings"));
    m_capture.setOptions(options);
    m_sendWhenSilent = settings.sendWhenSilent;
    Q_EMIT stateChanged();
    return true;
}

void VoiceInput::setPaused(bool paused) {
    m_capture.setPaused(paused);
}

void VoiceInput::press() {
    Q_EMIT pressed();
    const Settings settings = m_settings();
    // Voice to voice: the button starts the conversation, interrupts Jarvis, or ends it.
    if (m_conversation && (m_conversation->active() || realtimeWith(settings))) {
        m_toggledByPress = true;
        if (!m_conversation->active()) {
            m_capture.stop();
            setProblem(QString());
            m_conversation->start();
        } else if (!m_conversation->interrupt()) {
            m_conversation->stop();
        }
        return;
    }
    // Hands-free in Settings: the button (or Ctrl+Space) turns listening on and off.
    m_toggledByPress = settings.handsFree || (m_capture.handsFree() && isOpen());
    if (m_toggledByPress) {
        toggleHandsFree();
        return;
    }
    if (!prepare())
        return;
    if (const Status opened = m_capture.press(); !opened)
        setProblem(opened.error().message);
    else
        setProblem(QString());
}

void VoiceInput::release() {
    if (!m_toggledByPress)
        m_capture.release();
}

void VoiceInput::toggleHandsFree() {
    if (m_capture.handsFree() && isOpen()) {
        m_capture.stop();
        Q_EMIT stateChanged();
        return;
    }
    if (!prepare())
        return;
    if (const Status opened = m_capture.startHandsFree(); !opened)
        setProblem(opened.error().message);
    else
        setProblem(QString());
    Q_EMIT stateChanged();
}

void VoiceInput::stop() {
    if (m_conversation)
        m_conversation->stop();
    m_capture.stop();
}

void VoiceInput::setProblem(const QString& problem) {
    if (problem == m_problem)
        return;
    m_problem = problem;
    Q_EMIT problemChanged();
}

}  // namespace zerg
