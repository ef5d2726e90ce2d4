#include "llm/http_stream_reply.h"

#include "llm/llm_errors.h"

#include <QNetworkReply>
#include <QNetworkRequest>

namespace zerg {
namespace {

constexpr qsizetype kMaxErrorBody = 64 * 1024;
constexpr qsizetype kQuoteChars = 200;

}  // namespace

HttpStreamReply::HttpStreamReply(QNetworkReply* reply, QUrl url, QString model, QString secret,
                                 int idleTimeoutMs, Clock* clock, Wording wording, QObject* parent)
    : ChatReply(parent),
      m_net(reply),
      m_url(std::move(url)),
      m_model(std::move(model)),
      m_secret(std::move(secret)),
      m_idleTimeoutMs(idleTimeoutMs),
      m_clock(clock),
      m_wording(std::move(wording)) {
    reply->setParent(this);
    // The hooks are virtual, but these slots only run from the event loop, after construction.
    connect(reply, &QNetworkReply::readyRead, this, &HttpStreamReply::onReadyRead);
    connect(reply, &QNetworkReply::finished, this, &HttpStreamReply::onNetworkFinished);
    armIdleTimer();  // also covers a server that accepts the connection and never answers
}

HttpStreamReply::~HttpStreamReply() {
    if (m_idleTimer != 0)
        m_clock->cancel(m_idleTimer);
    releaseNetworkReply();
}

void HttpStreamReply::abort() {
    if (m_finished)
        return;
    fail(QString::fromLatin1(llm::errors::Aborted), m_wording.cancelled);
}

QString HttpStreamReply::quote(const QString& text) {
    const QString t = text.simplified();
    return t.size() <= kQuoteChars ? t : t.left(kQuoteChars) + QStringLiteral("...");
}

QString HttpStreamReply::contentType() const {
    return m_net ? m_net->header(QNetworkRequest::ContentTypeHeader).toString() : QString();
}

QString HttpStreamReply::reasonPhrase() const {
    return m_net ? m_net->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString()
                 : QString();
}

void HttpStreamReply::armIdleTimer() {
    if (m_idleTimeoutMs <= 0 || m_clock == nullptr)
        return;
    if (m_idleTimer != 0)
        m_clock->cancel(m_idleTimer);
    m_idleTimer = m_clock->callAfter(m_idleTimeoutMs, this, [this] {
        m_idleTimer = 0;
        onIdleTimeout();
    });
}

void HttpStreamReply::onIdleTimeout() {
    if (m_finished)
        return;
    fail(QString::fromLatin1(llm::errors::Timeout),
         QString(m_wording.idle).arg(m_url.toDisplayString()).arg(m_idleTimeoutMs / 1000.0));
}

// Status and retry hints, once, as soon as the response head is there.
void HttpStreamReply::captureResponseHead() {
    if (m_headCaptured || !m_net)
        return;
    m_httpStatus = m_net->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (m_httpStatus == 0)
        return;  // no response (yet)
    m_headCaptured = true;
    const llm::HeaderList headers = m_net->rawHeaderPairs();
    m_retryAfterMs = llm::retryAfterMs(
        headers, m_clock != nullptr ? m_clock->utcNow() : QDateTime::currentDateTimeUtc());
    m_shouldRetry = llm::shouldRetry(headers);
}

void HttpStreamReply::onReadyRead() {
    if (m_finished || !m_net)
        return;
    armIdleTimer();
    captureResponseHead();
    const QByteArray bytes = m_net->readAll();
    if (m_httpStatus >= 400) {
        // An error body is one JSON document: keep it whole (bounded) and report at the end.
        m_errorBody.append(bytes.left(qMax<qsizetype>(0, kMaxErrorBody - m_errorBody.size())));
        return;
    }
    feedBody(bytes);
}

void HttpStreamReply::onNetworkFinished() {
    if (m_finished || !m_net)
        return;
    // Bytes that arrived together with the end of the body.
    if (m_net->bytesAvailable() > 0) {
        QPointer<HttpStreamReply> self(this);
        onReadyRead();
        if (!self || m_finished)
            return;
    }
    captureResponseHead();
    if (m_httpStatus == 0) {  // no HTTP response at all
        fail(QString::fromLatin1(llm::errors::Network),
             QString(m_wording.unreachable).arg(m_url.toDisplayString(), m_net->errorString()));
        return;
    }
    if (m_httpStatus >= 400) {
        failHttp();
        return;
    }
    if (m_net->error() != QNetworkReply::NoError) {
        keepPartialAnswer();
        fail(QString::fromLatin1(llm::errors::Network),
             QString(m_wording.broken).arg(m_url.toDisplayString(), m_net->errorString()));
        return;
    }
    endOfBody();
}

void HttpStreamReply::fail(const QString& code, const QString& message) {
    m_errorCode = code;
    m_errorString = message;
    if (!m_secret.isEmpty())
        m_errorString.replace(m_secret, QStringLiteral("***"));
    finish();
}

void HttpStreamReply::finish() {
    if (m_finished)
        return;
    m_finished = true;
    if (m_idleTimer != 0) {
        m_clock->cancel(m_idleTimer);
        m_idleTimer = 0;
    }
    releaseNetworkReply();
    Q_EMIT finished();
}

void HttpStreamReply::releaseNetworkReply() {
    if (!m_net)
        return;
    QNetworkReply* net = m_net;
    m_net = nullptr;
    net->disconnect(this);
    if (net->isRunning())
        net->abort();
    // Unparent so that deleting this reply (e.g. from a finished() slot that runs inside the
    // network reply's own finished signal) never deletes the network reply synchronously.
    net->setParent(nullptr);
    net->deleteLater();
}

}  // namespace zerg
