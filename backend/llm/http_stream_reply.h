#pragma once

#include "core/clock.h"
#include "llm/llm_provider.h"

#include <QPointer>
#include <QUrl>

class QNetworkReply;

namespace zerg {

// The network half shared by the streaming providers' replies: owns the QNetworkReply, runs the
// idle timer through the Clock, captures the response head (HTTP status and the retry hints),
// keeps an HTTP error body (capped), and handles abort, a missing response and a connection that
// breaks mid-body. What differs per wire format is left to the subclass hooks below; the
// messages people read come from the subclass too (Wording), so each names its own server.
class HttpStreamReply : public ChatReply {
    Q_OBJECT
public:
    ~HttpStreamReply() override;

    void abort() override;

protected:
    // User-facing texts, already translated by the subclass. Placeholders:
    // idle: %1 url, %2 seconds; unreachable and broken: %1 url, %2 the network error.
    struct Wording {
        QString cancelled;
        QString idle;
        QString unreachable;
        QString broken;
    };

    // Takes ownership of reply. url is the endpoint named in error messages. secret (an API key,
    // may be empty) is masked wherever it appears in an error message.
    HttpStreamReply(QNetworkReply* reply, QUrl url, QString model, QString secret,
                    int idleTimeoutMs, Clock* clock, Wording wording, QObject* parent);

    // Bytes of a successful (below 400) response body, as they arrive. May finish the reply.
    virtual void feedBody(const QByteArray& bytes) = 0;
    // The successful body ended cleanly: judge it and finish the reply.
    virtual void endOfBody() = 0;
    // The response had an HTTP error status; errorBody() holds its body. Must finish the reply.
    virtual void failHttp() = 0;
    // The connection broke mid-body and the reply is about to fail: keep what arrived.
    virtual void keepPartialAnswer() {}

    // Sets the error (masking the secret) and finishes.
    void fail(const QString& code, const QString& message);
    // Emits finished() once; stops the timer and releases the network reply.
    void finish();

    [[nodiscard]] const QUrl& url() const { return m_url; }
    [[nodiscard]] const QString& model() const { return m_model; }
    [[nodiscard]] const QByteArray& errorBody() const { return m_errorBody; }
    // The response's Content-Type and reason phrase; empty once the network reply is released.
    [[nodiscard]] QString contentType() const;
    [[nodiscard]] QString reasonPhrase() const;
    // Server text for a message: simplified and cut to a readable length.
    [[nodiscard]] static QString quote(const QString& text);

private:
    void onReadyRead();
    void onNetworkFinished();
    void captureResponseHead();
    void armIdleTimer();
    void onIdleTimeout();
    void releaseNetworkReply();

    QPointer<QNetworkReply> m_net;
    QUrl m_url;
    QString m_model;
    QString m_secret;
    int m_idleTimeoutMs;
    Clock* m_clock;
    Wording m_wording;
    Clock::TimerId m_idleTimer = 0;
    QByteArray m_errorBody;  // body of an HTTP error response (capped)
    bool m_headCaptured = false;
};

}  // namespace zerg
