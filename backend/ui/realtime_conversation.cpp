#include "ui/realtime_conversation.h"

#include "ui/jarvis_controller.h"
#include "voice/speakable_text.h"
#include "voice/voice_activity.h"

#include <QJsonDocument>

#include <cmath>
#include <utility>

namespace zerg {
namespace {

constexpr QLatin1StringView kRouteToSupervisor("route_to_supervisor");

QString json(const QJsonObject& o) {
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

}  // namespace

RealtimeConversation::RealtimeConversation(SettingsSource settings, MicrophoneFactory microphones,
                                           SpeakerFactory speakers, JarvisController* controller,
                                           QObject* parent)
    : QObject(parent),
      m_settings(std::move(settings)),
      m_microphones(std::move(microphones)),
      m_speakers(std::move(speakers)),
      m_controller(controller) {
    if (m_controller) {
        connect(m_controller, &JarvisController::answered, this,
                [this](qint64, bool ok, const QString& text) { onAnswered(text, ok); });
    }
}

RealtimeConversation::~RealtimeConversation() {
    stop();
}

QString RealtimeConversation::instructions() {
    return QStringLiteral(
        "You are Jarvis, the voice of an operations assistant for a person who runs a few "
        "servers. Speak briefly: one or two plain sentences, no lists, no Markdown. You cannot "
        "see or change the servers yourself. For anything about them (checking, restarting, "
        "logs, disk, load, backups, updates, anything that needs a command run) and anything "
        "you do not know for certain, call route_to_supervisor with the complete request in "
        "the user's words, then say in one short sentence what is being done, for example "
        "\"Checking disk usage on cube, this takes a moment.\" Answer small talk, the time and "
        "questions about what was already said yourself. When you are asked to tell the user a "
        "result, say it plainly and briefly.");
}

QJsonArray RealtimeConversation::tools() {
    const QJsonObject request{{QStringLiteral("type"), QStringLiteral("string")},
                              {QStringLiteral("description"),
                               QStringLiteral("The request, complete and in the user's words.")}};
    return {QJsonObject{
        {QStringLiteral("type"), QStringLiteral("function")},
        {QStringLiteral("name"), QString(kRouteToSupervisor)},
        {QStringLiteral("description"),
         QStringLiteral("Hand the request to Jarvis's supervisor, which acts on the user's "
                        "servers through workers under the user's approval rules and answers "
                        "later.")},
        {QStringLiteral("parameters"),
         QJsonObject{
             {QStringLiteral("type"), QStringLiteral("object")},
             {QStringLiteral("properties"), QJsonObject{{QStringLiteral("request"), request}}},
             {QStringLiteral("required"), QJsonArray{QStringLiteral("request")}}}},
    }};
}

bool RealtimeConversation::start() {
    if (active())
        return true;
    const Settings settings = m_settings();
    const Result<RealtimeConfig> configured = realtimeConfig(settings);
    if (!configured) {
        fail(configured.error().message);
        return false;
    }
    RealtimeConfig config = configured.value();
    config.instructions = instructions();
    config.tools = tools();
    auto speaker = m_speakers();
    if (!speaker) {
        fail(speaker.error().message);
        return false;
    }
    auto microphone = m_microphones();
    if (!microphone) {
        fail(microphone.error().message);
        return false;
    }
    m_speaker = std::move(speaker).value();
    m_microphone = std::move(microphone).value();
    const QUrl url = config.url;
    m_where = url.port() > 0 ? tr("server %1 (Realtime)")
                                   .arg(QStringLiteral("%1:%2").arg(url.host()).arg(url.port()))
                             : tr("server %1 (Realtime)").arg(url.host());

    m_session = std::make_unique<RealtimeSession>(std::move(config));
    RealtimeSession* s = m_session.get();
    connect(s, &RealtimeSession::stateChanged, this, [this](RealtimeState state) {
        switch (state) {
            case RealtimeState::Ready:
                setPhase(ConversationPhase::Listening);
                break;
            case RealtimeState::Reconnecting:
                m_playing = false;
                if (m_speaker)
                    m_speaker->stop();
                setPhase(ConversationPhase::Reconnecting);
                break;
            case RealtimeState::Failed:
                stop();
                break;
            case RealtimeState::Connecting:
            case RealtimeState::Closed:
                break;
        }
    });
    connect(s, &RealtimeSession::problem, this, &RealtimeConversation::problem);
    connect(s, &RealtimeSession::speechStarted, this, [this] {
        interrupt();  // the user talks over an answer that has not started playing
        setPhase(ConversationPhase::Hearing);
    });
    connect(s, &RealtimeSession::speechStopped, this,
            [this] { setPhase(ConversationPhase::Thinking); });
    connect(s, &RealtimeSession::userSaying, this, &RealtimeConversation::setPartial);
    connect(s, &RealtimeSession::userSaid, this, [this](const QString& text) {
        setPartial(QString());
        if (m_controller)
            m_controller->showSpokenTurn(true, text);
        m_exchange.said.append(text);
        if (m_exchange.responded)
            recordExchange();
    });
    connect(s, &RealtimeSession::assistantSaid, this, [this](const QString& text) {
        if (m_controller)
            m_controller->showSpokenTurn(false, text);
        if (!m_relaying)
            m_exchange.answered.append(text);
    });
    connect(s, &RealtimeSession::audio, this, &RealtimeConversation::onAudio);
    connect(s, &RealtimeSession::responseDone, this, [this](bool cancelled) {
        if (!m_playing && m_phase == ConversationPhase::Thinking)
            setPhase(ConversationPhase::Listening);
        if (std::exchange(m_relaying, false))
            return;
        m_exchange.responded = true;
        m_exchange.interrupted = m_exchange.interrupted || cancelled;
        if (!m_exchange.said.isEmpty())
            recordExchange();
    });
    connect(s, &RealtimeSession::toolCalled, this, &RealtimeConversation::onToolCalled);

    const Status listening = m_microphone->start(
        settings.inputDevice,
        [this](const qint16* samples, qsizetype count, int rate) {
            onSamples(samples, count, rate);
        },
        [this](const QString& message) {
            QMetaObject::invokeMethod(
                this,
                [this, message] {
                    stop();
                    fail(message);
                },
                Qt::QueuedConnection);
        });
    if (!listening) {
        const QString message = listening.error().message;
        stop();
        fail(message);
        return false;
    }
    setPhase(ConversationPhase::Connecting);
    s->open();
    return true;
}

void RealtimeConversation::stop() {
    if (!m_exchange.responded)
        m_exchange.interrupted = true;  // ended before the answer was
    recordExchange();
    if (m_microphone)
        m_microphone->stop();
    if (m_speaker)
        m_speaker->stop();
    if (m_session) {
        m_session->disconnect(this);
        m_session->close();
        m_session.release()->deleteLater();  // stop() may run inside one of its signals
    }
    m_microphone.reset();
    m_speaker.reset();
    m_playing = false;
    m_awaitingAnswer = false;
    m_relaying = false;
    setPartial(QString());
    if (m_level != 0) {
        m_level = 0;
        Q_EMIT levelChanged();
    }
    setPhase(ConversationPhase::Off);
}

bool RealtimeConversation::interrupt() {
    if (!m_session || (!m_playing && !m_session->responding()))
        return false;
    m_session->cancelResponse();
    if (!m_relaying)
        m_exchange.interrupted = true;
    if (m_speaker)
        m_speaker->stop();
    m_playing = false;
    setPhase(ConversationPhase::Listening);
    return true;
}

void RealtimeConversation::onSamples(const qint16* samples, qsizetype count, int sampleRate) {
    const double level = meterLevel(levelDb(samples, count));
    if (std::abs(level - m_level) >= 0.01) {
        m_level = level;
        Q_EMIT levelChanged();
    }
    if (!m_playing && m_session)  // while Jarvis speaks the microphone would hear it
        m_session->appendAudio(samples, count, sampleRate);
}

void RealtimeConversation::onAudio(const AudioClip& chunk) {
    if (!m_speaker)
        return;
    const Status played = m_speaker->append(chunk, [this] {
        m_playing = false;
        if (m_phase == ConversationPhase::Speaking)
            setPhase(ConversationPhase::Listening);
    });
    if (!played) {
        Q_EMIT problem(played.error().message);
        return;
    }
    m_playing = true;
    setPhase(ConversationPhase::Speaking);
}

void RealtimeConversation::onToolCalled(const QString& callId, const QString& name,
                                        const QJsonObject& arguments) {
    if (!m_session)
        return;
    if (name != kRouteToSupervisor) {
        m_session->finishCall(
            callId, json({{QStringLiteral("error"), QStringLiteral("unknown tool %1").arg(name)}}),
            true);
        return;
    }
    const QString request = arguments.value(QStringLiteral("request")).toString().trimmed();
    if (request.isEmpty()) {
        m_session->finishCall(
            callId, json({{QStringLiteral("error"), QStringLiteral("the request is empty")}}),
            true);
        return;
    }
    if (!m_controller || !m_controller->send(request)) {
        const QString why = m_controller ? m_controller->lastError() : QString();
        m_session->finishCall(
            callId,
            json({{QStringLiteral("status"), QStringLiteral("refused")},
                  {QStringLiteral("reason"),
                   why.isEmpty() ? QStringLiteral("another request is still being worked on")
                                 : why}}),
            true);
        return;
    }
    m_awaitingAnswer = true;
    m_exchange.handedOver = true;
    m_session->finishCall(
        callId,
        json({{QStringLiteral("status"), QStringLiteral("handed_to_supervisor")},
              {QStringLiteral("note"),
               QStringLiteral("Say in one short sentence what is being done. The answer will be "
                              "given to you to tell the user.")}}),
        true);
}

void RealtimeConversation::onAnswered(const QString& text, bool ok) {
    if (!m_awaitingAnswer || !m_session)
        return;
    m_awaitingAnswer = false;
    const QString words = speakableText(text);
    m_relaying = true;
    m_session->respond(
        ok ? QStringLiteral("Tell the user this answer to their request, briefly and plainly, "
                            "in the words given: %1")
                 .arg(words)
           : QStringLiteral("Tell the user, briefly, that their request failed: %1").arg(words));
}

void RealtimeConversation::recordExchange() {
    const Exchange exchange = std::exchange(m_exchange, {});
    if (exchange.handedOver || (exchange.said.isEmpty() && exchange.answered.isEmpty()) ||
        !m_controller) {
        return;
    }
    m_controller->recordSpokenExchange(exchange.said.join(QLatin1Char(' ')),
                                       exchange.answered.join(QLatin1Char(' ')),
                                       exchange.interrupted);
}

void RealtimeConversation::fail(const QString& message) {
    Q_EMIT problem(message);
}

void RealtimeConversation::setPartial(const QString& words) {
    if (words == m_partial)
        return;
    m_partial = words;
    Q_EMIT partialChanged();
}

void RealtimeConversation::setPhase(ConversationPhase phase) {
    if (m_phase == phase)
        return;
    m_phase = phase;
    Q_EMIT phaseChanged();
}

}  // namespace zerg
