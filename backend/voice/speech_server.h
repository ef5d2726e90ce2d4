#pragma once

#include "voice/speech_engines.h"

#include <QObject>
#include <QString>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace zerg {

// Where an OpenAI-compatible speech server is and how to talk to it: OpenAI, a whisper.cpp
// server, speaches, LocalAI, Groq. baseUrl is its …/v1.
struct SpeechServerConfig {
    QString baseUrl;
    QString apiKey;  // sent as a bearer token when set
    QString model;   // whisper-1, tts-1, or the server's own names
    int timeoutMs = 120000;
};

// POST {baseUrl}/audio/transcriptions, multipart/form-data: the clip as a 16 kHz 16-bit WAVE
// `file`, `model`, `response_format=json`, and a `prompt` naming the host aliases (Whisper takes
// the prompt as the words said before, so names come out spelled as in the hosts file).
class ServerSpeechToText final : public SpeechToText {
public:
    ServerSpeechToText(QNetworkAccessManager* nam, SpeechServerConfig config, QStringList hosts);
    void transcribe(const AudioClip& clip, Done done) override;
    [[nodiscard]] QString where() const override;

private:
    QNetworkAccessManager* m_nam;
    SpeechServerConfig m_config;
    QString m_prompt;
    QObject m_context;  // the replies' parent: they end with the engine
};

// POST {baseUrl}/audio/speech, JSON {model, input, voice, response_format: "wav"}; the answer
// must be a WAVE file.
class ServerTextToSpeech final : public TextToSpeech {
public:
    ServerTextToSpeech(QNetworkAccessManager* nam, SpeechServerConfig config, QString voice);
    void synthesize(const QString& text, Done done) override;
    [[nodiscard]] QString where() const override;

private:
    QNetworkAccessManager* m_nam;
    SpeechServerConfig m_config;
    QString m_voice;
    QObject m_context;
};

}  // namespace zerg
