#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

class QNetworkAccessManager;

namespace zerg {

class Clock;
class ProviderProbe;

// Looks for a local Ollama (GET <url>/api/tags, through ProviderProbe) so that a user without a
// configured provider is told what they can use right away (the setup card, `zerg ask`,
// `zerg doctor`). Never blocks; finished() is emitted exactly once.
class OllamaProbe : public QObject {
    Q_OBJECT
public:
    OllamaProbe(QNetworkAccessManager* nam, QString url, Clock* clock, int timeoutMs = 1500,
                QObject* parent = nullptr);
    ~OllamaProbe() override;

    void start();
    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] bool found() const { return m_found; }
    [[nodiscard]] QStringList models() const { return m_models; }
    [[nodiscard]] QString url() const { return m_url; }

    // The set-up advice for a user with no provider configured, given what the probe found.
    [[nodiscard]] QString advice() const;

Q_SIGNALS:
    void finished();

private:
    void done();

    QNetworkAccessManager* m_nam;
    QString m_url;
    Clock* m_clock;
    int m_timeoutMs;
    QPointer<ProviderProbe> m_probe;
    bool m_finished = false;
    bool m_found = false;
    QStringList m_models;
};

}  // namespace zerg
