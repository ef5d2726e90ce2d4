// The zerg-microphone plug-in: Microphone over Qt Multimedia's QAudioSource and Speaker over its
// QAudioSink (voice/microphone.h).
#include "voice/microphone.h"

#include <QAudioDevice>
#include <QAudioFormat>
#include <QAudioSink>
#include <QAudioSource>
#include <QBuffer>
#include <QCoreApplication>
#include <QIODevice>
#include <QMediaDevices>
#include <QTimer>

#include <memory>
#include <vector>

namespace zerg {
namespace {

class QtMicrophone {
    Q_DECLARE_TR_FUNCTIONS(QtMicrophone)
};

// The device's samples as mono 16-bit: channels averaged, other sample formats converted.
void toMono16(const char* data, qsizetype bytes, const QAudioFormat& format,
              std::vector<qint16>& out) {
    const int channels = std::max(1, format.channelCount());
    const int width = format.bytesPerSample();
    if (width <= 0)
        return;
    const qsizetype frames = bytes / (qsizetype(width) * channels);
    out.resize(size_t(frames));
    for (qsizetype f = 0; f < frames; ++f) {
        double sum = 0;
        for (int c = 0; c < channels; ++c) {
            const char* at = data + (f * channels + c) * width;
            switch (format.sampleFormat()) {
                case QAudioFormat::UInt8:
                    sum += (quint8(*at) - 128) / 128.0;
                    break;
                case QAudioFormat::Int16:
                    sum += *reinterpret_cast<const qint16*>(at) / 32768.0;
                    break;
                case QAudioFormat::Int32:
                    sum += *reinterpret_cast<const qint32*>(at) / 2147483648.0;
                    break;
                case QAudioFormat::Float:
                    sum += *reinterpret_cast<const float*>(at);
                    break;
                default:
                    break;
            }
        }
        out[size_t(f)] = qint16(std::clamp(sum / channels, -1.0, 32767.0 / 32768.0) * 32768.0);
    }
}

class QtMultimediaMicrophone final : public Microphone {
public:
    ~QtMultimediaMicrophone() override { stop(); }

    QList<Device> devices() const override {
        QList<Device> out;
        const QAudioDevice standard = QMediaDevices::defaultAudioInput();
        for (const QAudioDevice& d : QMediaDevices::audioInputs())
            out.append({QString::fromUtf8(d.id()), d.description(), d.id() == standard.id()});
        return out;
    }

    Status start(const QString& deviceId, Samples samples, Failed failed) override {
        stop();
        QAudioDevice device = QMediaDevices::defaultAudioInput();
        if (!deviceId.isEmpty()) {
            device = {};
            for (const QAudioDevice& d : QMediaDevices::audioInputs()) {
                if (QString::fromUtf8(d.id()) == deviceId)
                    device = d;
            }
            if (device.isNull()) {
                return Error{QStringLiteral("no_device"),
                             QtMicrophone::tr("The microphone you chose is not connected. Plug "
                                              "it in, or choose another in Settings › Voice.")};
            }
        }
        if (device.isNull()) {
            return Error{QStringLiteral("no_device"),
                         QtMicrophone::tr("No microphone found. Connect one, or check that the "
                                          "sound system (PulseAudio or PipeWire) is running.")};
        }
        QAudioFormat format;
        format.setSampleRate(16000);
        format.setChannelCount(1);
        format.setSampleFormat(QAudioFormat::Int16);
        if (!device.isFormatSupported(format))
            format = device.preferredFormat();
        m_format = format;
        m_samples = std::move(samples);
        m_failed = std::move(failed);
        m_source = std::make_unique<QAudioSource>(device, format);
        m_source->setBufferSize(format.bytesForDuration(100000));
        m_io = m_source->start();
        if (!m_io || m_source->error() != QAudio::NoError) {
            const bool denied = m_source->error() == QAudio::OpenError;
            stop();
            return Error{QStringLiteral("open_failed"),
                         denied ? QtMicrophone::tr("The microphone could not be opened: another "
                                                   "program may hold it, or Zerg may not be "
                                                   "allowed to use it (macOS: System Settings › "
                                                   "Privacy & Security › Microphone).")
                                : QtMicrophone::tr("The microphone could not be started.")};
        }
        QObject::connect(m_io, &QIODevice::readyRead, m_io, [this] { read(); });
        QObject::connect(m_source.get(), &QAudioSource::stateChanged, m_source.get(),
                         [this](QAudio::State state) {
                             if (state == QAudio::StoppedState && m_source &&
                                 m_source->error() != QAudio::NoError) {
                                 const Failed failed = m_failed;
                                 stop();
                                 if (failed)
                                     failed(
                                         QtMicrophone::tr("The microphone stopped (it was "
                                                          "unplugged, or the sound system "
                                                          "went away)."));
                             }
                         });
        return Ok{};
    }

    void stop() override {
        if (m_source) {
            m_source->disconnect();
            if (m_io)
                m_io->disconnect();
            m_source->stop();
        }
        m_io = nullptr;
        m_source.reset();
        m_samples = nullptr;
        m_failed = nullptr;
    }

private:
    void read() {
        if (!m_io || !m_samples)
            return;
        const QByteArray bytes = m_io->readAll();
        toMono16(bytes.constData(), bytes.size(), m_format, m_buffer);
        if (!m_buffer.empty())
            m_samples(m_buffer.data(), qsizetype(m_buffer.size()), m_format.sampleRate());
    }

    std::unique_ptr<QAudioSource> m_source;
    QIODevice* m_io = nullptr;
    QAudioFormat m_format;
    Samples m_samples;
    Failed m_failed;
    std::vector<qint16> m_buffer;
};

// The clip as the device takes it: 16-bit at the clip's rate if it can, else at its preferred
// rate (linear interpolation), mono copied to each channel.
QByteArray deviceBytes(const AudioClip& clip, const QAudioDevice& device, QAudioFormat& format) {
    format.setSampleFormat(QAudioFormat::Int16);
    format.setSampleRate(clip.sampleRate);
    format.setChannelCount(1);
    if (!device.isFormatSupported(format)) {
        const QAudioFormat preferred = device.preferredFormat();
        format.setSampleRate(preferred.sampleRate());
        format.setChannelCount(std::max(1, preferred.channelCount()));
    }
    const int channels = format.channelCount();
    const double step = double(clip.sampleRate) / format.sampleRate();
    const qsizetype frames = qsizetype(clip.samples.size() / step);
    QByteArray bytes(frames * channels * qsizetype(sizeof(qint16)), Qt::Uninitialized);
    auto* out = reinterpret_cast<qint16*>(bytes.data());
    for (qsizetype f = 0; f < frames; ++f) {
        const double at = f * step;
        const qsizetype i = qsizetype(at);
        const double t = at - double(i);
        const qint16 a = clip.samples.value(i);
        const qint16 b = clip.samples.value(i + 1, a);
        const auto v = qint16(a + (b - a) * t);
        for (int c = 0; c < channels; ++c)
            *out++ = v;
    }
    return bytes;
}

// The default speakers, or why there are none (`stream`: for streamed Realtime speech, whose
// remedy is another setting).
Result<QAudioDevice> speakers(bool stream) {
    const QAudioDevice device = QMediaDevices::defaultAudioOutput();
    if (!device.isNull())
        return device;
    return Error{QStringLiteral("no_device"),
                 stream ? QtMicrophone::tr("No speakers found, so Jarvis cannot speak. Connect "
                                           "some, or set Conversation to Turns in Settings › "
                                           "Voice.")
                        : QtMicrophone::tr("No speakers found, so Jarvis cannot speak. Connect "
                                           "some, or turn spoken answers off in Settings › "
                                           "Voice.")};
}

// The sink failed to open.
Error notOpened() {
    return Error{QStringLiteral("open_failed"),
                 QtMicrophone::tr("The speakers could not be opened: another program may hold "
                                  "them.")};
}

class QtMultimediaSpeaker final : public Speaker {
public:
    ~QtMultimediaSpeaker() override { stop(); }

    Status play(const AudioClip& clip, Finished finished) override {
        stop();
        const Result<QAudioDevice> found = speakers(false);
        if (!found)
            return found.error();
        const QAudioDevice device = found.value();
        QAudioFormat format;
        m_buffer.setData(deviceBytes(clip, device, format));
        m_buffer.open(QIODevice::ReadOnly);
        m_sink = std::make_unique<QAudioSink>(device, format);
        m_finished = std::move(finished);
        QObject::connect(m_sink.get(), &QAudioSink::stateChanged, m_sink.get(),
                         [this](QAudio::State state) {
                             if (state != QAudio::IdleState)
                                 return;  // Idle: everything was played
                             const Finished finished = m_finished;
                             stop();
                             if (finished)
                                 finished();
                         });
        m_sink->start(&m_buffer);
        if (m_sink->error() != QAudio::NoError) {
            stop();
            return notOpened();
        }
        return Ok{};
    }

    Status append(const AudioClip& chunk, Finished drained) override {
        if (!m_stream) {
            stop();
            const Result<QAudioDevice> found = speakers(true);
            if (!found)
                return found.error();
            const QAudioDevice device = found.value();
            m_device = device;
            m_pending = deviceBytes(chunk, device, m_streamFormat);
            m_sink = std::make_unique<QAudioSink>(device, m_streamFormat);
            m_stream = m_sink->start();
            if (!m_stream || m_sink->error() != QAudio::NoError) {
                stop();
                return notOpened();
            }
            QObject::connect(&m_pump, &QTimer::timeout, m_sink.get(), [this] { pump(); });
            m_pump.start(10);
        } else {
            QAudioFormat format;
            m_pending += deviceBytes(chunk, m_device, format);
        }
        m_finished = std::move(drained);
        pump();
        return Ok{};
    }

    void stop() override {
        m_pump.stop();
        m_stream = nullptr;
        m_pending.clear();
        m_written = 0;
        if (m_sink) {
            m_sink->disconnect();
            m_sink->stop();
            m_sink.reset();
        }
        m_buffer.close();
        m_finished = nullptr;
    }

private:
    // Writes what the sink takes of the pending stream; when all is written and played (the
    // sink idles), the stream has drained.
    void pump() {
        if (!m_stream || !m_sink)
            return;
        const qsizetype room = m_sink->bytesFree();
        if (room > 0 && !m_pending.isEmpty()) {
            const qint64 written =
                m_stream->write(m_pending.constData(), std::min(room, m_pending.size()));
            if (written > 0) {
                m_pending.remove(0, written);
                m_written += written;
            }
        }
        const qint64 writtenUs = m_streamFormat.durationForBytes(qint32(m_written));
        if (m_pending.isEmpty() && m_sink->processedUSecs() >= writtenUs && m_finished) {
            const Finished drained = std::move(m_finished);
            m_finished = nullptr;
            drained();
        }
    }

    std::unique_ptr<QAudioSink> m_sink;
    QBuffer m_buffer;
    Finished m_finished;
    // Streaming: the sink's device in push mode, bytes not yet taken, a pump every 10 ms.
    QIODevice* m_stream = nullptr;
    QAudioDevice m_device;
    QAudioFormat m_streamFormat;
    QByteArray m_pending;
    qint64 m_written = 0;  // bytes given to the sink since the stream started
    QTimer m_pump;
};

}  // namespace
}  // namespace zerg

extern "C" Q_DECL_EXPORT zerg::Microphone* zerg_create_microphone() {
    return new zerg::QtMultimediaMicrophone;
}

extern "C" Q_DECL_EXPORT zerg::Speaker* zerg_create_speaker() {
    return new zerg::QtMultimediaSpeaker;
}
