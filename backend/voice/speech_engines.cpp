#include "voice/speech_engines.h"

#include "core/settings.h"
#include "voice/espeak_synthesizer.h"
#include "voice/pocketsphinx_recognizer.h"
#include "voice/speech_server.h"

#include <QCoreApplication>
#include <QMutex>
#include <QObject>
#include <QThreadPool>

#include <optional>

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
            [post = poster(), work = std::move(work), done = std::move(done)]() mutable {
                auto result = std::make_shared<Result<T>>(work());
                post([done = std::move(done), result] { done(*result); });
            });
    }

    // Hands a call from any thread to the creating thread's event loop (dropped once this is
    // destroyed).
    using Post = std::function<void(std::function<void()>)>;
    [[nodiscard]] Post poster() const {
        return [handoff = m_handoff](std::function<void()> call) {
            // Posted while the lock keeps the context alive; a posted call dies with it.
            const QMutexLocker lock(&handoff->lock);
            if (handoff->context)
                QMetaObject::invokeMethod(handoff->context, std::move(call), Qt::QueuedConnection);
        };
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
                PocketsphinxRecognizer* recognizer = nullptr;
                if (const Status made = state->make(recognizer); !made)
                    return made.error();
                return recognizer->transcribe(clip);
            },
            std::move(done));
    }
    std::unique_ptr<SpeechStream> listen(Partial partial) override;
    [[nodiscard]] QString where() const override { return SpeechEngines::tr("on this computer"); }

    struct State {
        QMutex lock;
        PocketsphinxRecognizer::Options options;
        std::unique_ptr<PocketsphinxRecognizer> recognizer;
        Status make(PocketsphinxRecognizer*& out) {
            const QMutexLocker locked(&lock);
            if (!recognizer) {
                auto made = PocketsphinxRecognizer::create(options);
                if (!made)
                    return made.error();
                recognizer = std::move(made).value();
            }
            out = recognizer.get();
            return Ok{};
        }
    };

private:
    std::shared_ptr<State> m_state;  // shared with the pool thread that may outlive this
    PoolJobs m_jobs;
};

// Pocketsphinx's live decoding of one utterance. The audio fed is decoded on a pool thread, one
// job at a time: what arrives while a job runs waits and is taken whole by the next round, so
// a slow machine decodes larger pieces instead of falling behind.
class LocalSpeechStream final : public SpeechStream {
public:
    LocalSpeechStream(std::shared_ptr<LocalSpeechToText::State> state, PoolJobs::Post post,
                      SpeechToText::Partial partial)
        : m_live(std::make_shared<Live>()) {
        m_live->state = std::move(state);
        m_live->post = std::move(post);
        m_live->partial = std::move(partial);
    }
    ~LocalSpeechStream() override {
        {
            const QMutexLocker lock(&m_live->lock);
            if (m_live->done)
                return;  // finishing: its answer still comes
            m_live->dropped = true;
        }
        kick(m_live);  // the open utterance is ended on the pool thread
    }
    void feed(const AudioClip& piece) override {
        {
            const QMutexLocker lock(&m_live->lock);
            if (m_live->done || m_live->dropped)
                return;
            m_live->pending.append(resampled(piece, 16000).samples);
        }
        kick(m_live);
    }
    void finish(Done done) override {
        {
            const QMutexLocker lock(&m_live->lock);
            if (m_live->done || m_live->dropped)
                return;
            m_live->done = std::move(done);
        }
        kick(m_live);
    }

private:
    struct Live {
        QMutex lock;
        std::shared_ptr<LocalSpeechToText::State> state;
        PoolJobs::Post post;
        SpeechToText::Partial partial;
        Done done;             // set by finish()
        bool dropped = false;  // destroyed without finish(), or over
        bool running = false;  // a pool job is at work
        QList<qint16> pending;
        // Pool thread only:
        PocketsphinxRecognizer* recognizer = nullptr;
        bool started = false;
        std::optional<Error> failure;  // the utterance cannot be decoded
        QString words;
    };

    static void kick(const std::shared_ptr<Live>& live) {
        {
            const QMutexLocker lock(&live->lock);
            if (live->running)
                return;
            live->running = true;
        }
        QThreadPool::globalInstance()->start([live] { work(live); });
    }

    // Rounds until nothing is left to do: start, decode what is pending, then finish or drop.
    static void work(const std::shared_ptr<Live>& live) {
        for (;;) {
            QList<qint16> samples;
            Done done;
            bool dropped = false;
            {
                const QMutexLocker lock(&live->lock);
                samples.swap(live->pending);
                done = live->done;
                dropped = live->dropped;
                if (samples.isEmpty() && !done && !dropped) {
                    live->running = false;
                    return;
                }
            }
            if (dropped) {
                if (live->started)
                    live->recognizer->abortLive();
                live->started = false;
                const QMutexLocker lock(&live->lock);
                live->running = false;
                return;
            }
            if (!live->started && !live->failure) {
                if (Status made = live->state->make(live->recognizer); !made)
                    live->failure = made.error();
                else if (Status opened = live->recognizer->startLive(); !opened)
                    live->failure = opened.error();
                else
                    live->started = true;
            }
            if (live->started && !samples.isEmpty()) {
                AudioClip piece;
                piece.sampleRate = 16000;
                piece.samples = std::move(samples);
                if (const Result<QString> words = live->recognizer->feedLive(piece); !words) {
                    live->failure = words.error();
                    live->recognizer->abortLive();
                    live->started = false;
                } else if (words.value() != live->words) {
                    live->words = words.value();
                    announce(live, live->words);
                }
            }
            if (!done)
                continue;  // more may have come meanwhile
            {
                const QMutexLocker lock(&live->lock);
                if (!live->pending.isEmpty() && !live->failure)
                    continue;  // fed before finish(): decoded first
            }
            Result<QString> words =
                live->failure ? Result<QString>(*live->failure) : live->recognizer->finishLive();
            live->started = false;
            {
                const QMutexLocker lock(&live->lock);
                live->dropped = true;  // over
                live->running = false;
            }
            live->post([done, words] { done(words); });
            return;
        }
    }

    static void announce(const std::shared_ptr<Live>& live, const QString& words) {
        live->post([weak = std::weak_ptr<Live>(live), words] {
            const std::shared_ptr<Live> l = weak.lock();
            if (!l)
                return;
            {
                const QMutexLocker lock(&l->lock);
                if (l->dropped || l->done)
                    return;  // gone or finishing: the whole utterance's words come next
            }
            l->partial(words);
        });
    }

    std::shared_ptr<Live> m_live;
};

std::unique_ptr<SpeechStream> LocalSpeechToText::listen(Partial partial) {
    return std::make_unique<LocalSpeechStream>(m_state, m_jobs.poster(), std::move(partial));
}

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
