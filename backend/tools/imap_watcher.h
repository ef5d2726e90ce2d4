#pragma once

#include "core/clock.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>

#include <functional>

class QSslSocket;

namespace zerg {

// Where replies are read (docs/alerts.md): ZERG_IMAP_HOST, ZERG_IMAP_PORT, ZERG_IMAP_TLS
// (none | starttls | implicit), ZERG_IMAP_USER, ZERG_IMAP_MAILBOX; the password is the secret
// "imap_password".
struct ImapSettings {
    enum class Tls { None, StartTls, Implicit };
    QString host;
    int port = 0;  // 0: 993 for Implicit, 143 otherwise
    Tls tls = Tls::Implicit;
    QString username;
    QString password;  // secret: never logged, never in messages
    QString mailbox = QStringLiteral("INBOX");
    QString caFile;  // extra CA bundle (PEM) for a private server; empty: the system's
    // What is fetched (RFC 9051 SEARCH criteria): by default every unseen message.
    QByteArray search = "UNSEEN";

    [[nodiscard]] bool configured() const { return !host.isEmpty() && !username.isEmpty(); }
    [[nodiscard]] int effectivePort() const {
        return port > 0 ? port : tls == Tls::Implicit ? 993 : 143;
    }
    // "none", "starttls" or "implicit" (also "imaps", "ssl", "tls"); false otherwise.
    [[nodiscard]] static bool parseTls(const QString& text, Tls* out);
};

// Watches one IMAP mailbox (RFC 9051/3501) for new messages, on the main thread: logs in,
// selects the mailbox, hands every unseen message to the handler, marks it \Seen once the
// handler took it, and waits for more: with IDLE (RFC 2177) where the server offers it, by
// polling every pollMs otherwise. A lost connection or a failed login is reported (problem())
// and retried with a growing pause (5 s up to 5 min). Messages are read with BODY.PEEK[], so a
// message whose handling did not finish (the process was killed) is read again on the next
// start; the handler must take a message it has seen before as done (Message-ID).
class ImapWatcher : public QObject {
    Q_OBJECT
public:
    // Takes one message (its RFC 5322 bytes); true when it is handled (it is marked \Seen),
    // false to leave it unseen (not Zerg's: this watcher does not fetch it again, a new one
    // after a restart does).
    using Handler = std::function<bool(const QByteArray& raw)>;

    ImapWatcher(ImapSettings settings, Handler handler, Clock* clock, QObject* parent = nullptr);
    ~ImapWatcher() override;

    void start();
    void stop();

    // Whether the server offered IDLE (known once logged in).
    [[nodiscard]] bool usesIdle() const { return m_idleOffered; }
    [[nodiscard]] bool isWatching() const { return m_state == State::Waiting; }

    static constexpr qint64 kPollMs = 60'000;            // without IDLE
    static constexpr qint64 kIdleRenewMs = 25 * 60'000;  // servers end an IDLE after 30 min
    static constexpr qint64 kCommandTimeoutMs = 60'000;
    void setPollMs(qint64 ms) { m_pollMs = ms; }

Q_SIGNALS:
    // Logged in, the mailbox selected, the first check done: now waiting for more.
    void watching();
    // The connection failed or the server refused: what happened and what to do. Retried.
    void problem(const QString& message);

private:
    enum class State {
        Stopped,
        Connecting,
        Greeting,
        StartTls,
        Login,
        Capability,
        Select,
        Search,
        Fetch,
        Store,
        Idle,
        IdleDone,
        Noop,
        Waiting
    };
    struct Reply {
        QByteArray tag;   // empty: untagged or continuation
        QByteArray text;  // the lines, with literals replaced by "{n}"
        QList<QByteArray> literals;
    };

    void connectNow();
    void onReadyRead();
    void onEncrypted();
    void onError();
    // Sends a tagged command; its untagged replies are collected until the tagged one.
    void send(const QByteArray& command, State next);
    void handle(const Reply& r);
    void completed(const Reply& tagged);
    void checkNow();
    void fetchNext();
    void wait();
    void fail(const QString& message);
    void scheduleRetry();
    void armTimeout(qint64 ms);
    [[nodiscard]] QByteArray quoted(const QString& text) const;

    ImapSettings m_settings;
    Handler m_handler;
    Clock* m_clock;
    QSslSocket* m_socket = nullptr;
    State m_state = State::Stopped;
    QByteArray m_buffer;
    QByteArray m_tag;  // of the command in flight
    int m_nextTag = 1;
    bool m_idleOffered = false;
    bool m_startTlsOffered = false;
    bool m_changed = false;  // EXISTS or RECENT seen while idling or polling
    bool m_reportedWatching = false;
    QList<qint64> m_toFetch;
    QSet<qint64> m_leftUnseen;  // UIDs the handler did not take
    qint64 m_currentUid = 0;
    QByteArray m_currentMessage;
    QList<Reply> m_untagged;
    Clock::TimerId m_timer = 0;
    Clock::TimerId m_retryTimer = 0;
    int m_failures = 0;
    qint64 m_pollMs = kPollMs;
};

}  // namespace zerg
