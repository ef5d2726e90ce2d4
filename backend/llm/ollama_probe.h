#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

class QNetworkAccessManager;
class QNetworkReply;

namespace zerg {

class Clock;

// Looks for a local Ollama (GET <url>/api/tags) so that a user without a configured provider is
// told what they can use right away. Never blocks; finished() is emitted exactly once.
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
    QPointer<QNetworkReply> m_reply;
    quint64 m_timer = 0;
    bool m_finished = false;
    bool m_found = false;
    QStringList m_models;
};

}  // namespace zerg
