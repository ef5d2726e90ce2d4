#include "voice/speech_engines.h"

#include "core/settings.h"
#include "voice/espeak_synthesizer.h"
#include "voice/pocketsphinx_recognizer.h"
#include "voice/speech_server.h"

#include <QCoreApplication>
#include <QMutex>
#include <QObject>
#include <QThreadPool>

namespace zerg {
namespace {

class SpeechEngines {
    Q_DECLARE_TR_FUNCTIONS(SpeechEngines)
};

// Runs work on pool threads and hands each result back on the thread that made it, through its
// event loop; nothing is handed back once it is destroyed (a job still running then finishes
// and its result is dropped).
class PoolJobs {
public:
    PoolJobs() : m_handoff(std::make_shared<Handoff>()) { m_handoff->context = &m_context; }
    ~PoolJobs() {
        const QMutexLocker lock(&m_handoff->lock);
        m_handoff->context = nullptr;
    }
    PoolJobs(const PoolJobs&) = delete;
    PoolJobs& operator=(const PoolJobs&) = delete;

    template <typename T, typename Work>
    void run(Work work, std::function<void(Result<T>)> done) {
        QThreadPool::globalInstance()->start(
            [handoff = m_handoff, work = std::move(work), done = std::move(done)]() mutable {
                auto result = std::make_shared<Result<T>>(work());
                // Posted while the lock keeps the context alive; a posted call dies with it.
                const QMutexLocker lock(&handoff->lock);
                if (handoff->context) {
                    QMetaObject::invokeMethod(
                        handoff->context, [done = std::move(done), result] { done(*result); },
                        Qt::QueuedConnection);
                }
            });
    }

private:
    struct Handoff {
        QMutex lock;
        QObject* context = nullptr;
    };
    QObject m_context;  // lives on the creating thread
    std::shared_ptr<Handoff> m_handoff;
};

// Pocketsphinx, built on the first utterance (a fraction of a second: the model and the
// operator language) and kept.
class LocalSpeechToText final : public SpeechToText {
public:
    explicit LocalSpeechToText(QStringList hosts) : m_state(std::make_shared<State>()) {
        m_state->options.hosts = std::move(hosts);
    }
    void transcribe(const AudioClip& clip, Done done) override {
        m_jobs.run<QString>(
            [state = m_state, clip]() -> Result<QString> {
                {
                    const QMutexLocker lock(&state->lock);
                    if (!state->recognizer) {
                        auto made = PocketsphinxRecognizer::create(state->options);
                        if (!made)
                            return made.error();
                        state->recognizer = std::move(made).value();
                    }
                }
                return state->recognizer->transcribe(clip);
            },
            std::move(done));
    }
    [[nodiscard]] QString where() const override { return SpeechEngines::tr("on this computer"); }

private:
    struct State {
        QMutex lock;
        PocketsphinxRecognizer::Options options;
        std::unique_ptr<PocketsphinxRecognizer> recognizer;
    };
    std::shared_ptr<State> m_state;  // shared with the pool thread that may outlive this
    PoolJobs m_jobs;
};

class LocalTextToSpeech final : public TextToSpeech {
public:
    explicit LocalTextToSpeech(EspeakSynthesizer::Options options)
        : m_options(std::move(options)) {}
    void synthesize(const QString& text, Done done) override {
        m_jobs.run<AudioClip>(
            [text, options = m_options] { return EspeakSynthesizer::synthesize(text, options); },
            std::move(done));
    }
    [[nodiscard]] QString where() const override { return SpeechEngines::tr("on this computer"); }

private:
    EspeakSynthesizer::Options m_options;
    PoolJobs m_jobs;
};

Result<SpeechServerConfig> serverConfig(const Settings& settings, const QString& model) {
    if (settings.speechBaseUrl().isEmpty()) {
        return Error{QStringLiteral("not_configured"),
                     SpeechEngines::tr("No speech server is set: give its …/v1 in Settings › "
                                       "Voice › Speech server URL (ZERG_SPEECH_URL), or use the "
                                       "engine on this computer.")};
    }
    return SpeechServerConfig{settings.speechBaseUrl(), settings.speechKey(), model};
}

}  // namespace

Result<std::unique_ptr<SpeechToText>> makeSpeechToText(ListenEngine engine,
                                                       const Settings& settings,
                                                       const QStringList& hosts,
                                                       QNetworkAccessManager* nam) {
    switch (engine) {
        case ListenEngine::Pocketsphinx:
            return std::unique_ptr<SpeechToText>(std::make_unique<LocalSpeechToText>(hosts));
        case ListenEngine::Server: {
            const auto config = serverConfig(settings, settings.sttModel);
            if (!config)
                return config.error();
            return std::unique_ptr<SpeechToText>(
                std::make_unique<ServerSpeechToText>(nam, config.value(), hosts));
        }
    }
    return Error{QStringLiteral("unknown_engine"), QString()};
}

Result<std::unique_ptr<TextToSpeech>> makeTextToSpeech(SpeakEngine engine, const Settings& settings,
                                                       QNetworkAccessManager* nam) {
    switch (engine) {
        case SpeakEngine::Espeak: {
            EspeakSynthesizer::Options options;
            if (!settings.ttsVoice.isEmpty())
                options.voice = settings.ttsVoice;
            return std::unique_ptr<TextToSpeech>(std::make_unique<LocalTextToSpeech>(options));
        }
        case SpeakEngine::Server: {
            const auto config = serverConfig(settings, settings.ttsModel);
            if (!config)
                return config.error();
            return std::unique_ptr<TextToSpeech>(std::make_unique<ServerTextToSpeech>(
                nam, config.value(),
                settings.ttsVoice.isEmpty() ? QStringLiteral("alloy") : settings.ttsVoice));
        }
    }
    return Error{QStringLiteral("unknown_engine"), QString()};
}

}  // namespace zerg
