#include "tools/imap_watcher.h"

#include <QFile>

#include <QSslCertificate>
#include <QSslConfiguration>
#include <QSslSocket>
#include <algorithm>

namespace zerg {
namespace {

constexpr qint64 kFirstRetryMs = 5'000;
constexpr qint64 kLastRetryMs = 5 * 60'000;
// A server that sends more than this in one reply (a huge message included) is cut off.
constexpr qint64 kMaxReplyBytes = 32 * 1024 * 1024;

// The literal announced at the end of a line ("{123}" or "{123+}"), or -1.
qint64 literalLength(const QByteArray& line) {
    if (!line.endsWith('}'))
        return -1;
    const qsizetype open = line.lastIndexOf('{');
    if (open < 0)
        return -1;
    QByteArray n = line.mid(open + 1, line.size() - open - 2);
    if (n.endsWith('+'))
        n.chop(1);
    bool ok = false;
    const qint64 length = n.toLongLong(&ok);
    return ok && length >= 0 ? length : -1;
}

}  // namespace

bool ImapSettings::parseTls(const QString& text, Tls* out) {
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("none") || t == QLatin1String("plain")) {
        *out = Tls::None;
    } else if (t == QLatin1String("starttls")) {
        *out = Tls::StartTls;
    } else if (t == QLatin1String("implicit") || t == QLatin1String("imaps") ||
               t == QLatin1String("ssl") || t == QLatin1String("tls")) {
        *out = Tls::Implicit;
    } else {
        return false;
    }
    return true;
}

ImapWatcher::ImapWatcher(ImapSettings settings, Handler handler, Clock* clock, QObject* parent)
    : QObject(parent),
      m_settings(std::move(settings)),
      m_handler(std::move(handler)),
      m_clock(clock) {}

ImapWatcher::~ImapWatcher() {
    stop();
}

void ImapWatcher::start() {
    if (m_state != State::Stopped)
        return;
    connectNow();
}

void ImapWatcher::stop() {
    m_clock->cancel(m_timer);
    m_clock->cancel(m_retryTimer);
    m_timer = m_retryTimer = 0;
    m_state = State::Stopped;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
}

void ImapWatcher::connectNow() {
    m_retryTimer = 0;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
    }
    m_buffer.clear();
    m_untagged.clear();
    m_toFetch.clear();
    m_socket = new QSslSocket(this);
    if (!m_settings.caFile.isEmpty()) {
        QSslConfiguration tls = m_socket->sslConfiguration();
        QList<QSslCertificate> cas = tls.caCertificates();
        cas += QSslCertificate::fromPath(m_settings.caFile, QSsl::Pem);
        tls.setCaCertificates(cas);
        m_socket->setSslConfiguration(tls);
    }
    connect(m_socket, &QSslSocket::readyRead, this, &ImapWatcher::onReadyRead);
    connect(m_socket, &QSslSocket::encrypted, this, &ImapWatcher::onEncrypted);
    connect(m_socket, &QSslSocket::errorOccurred, this, [this] { onError(); });
    connect(m_socket, &QSslSocket::sslErrors, this, [this](const QList<QSslError>& errors) {
        fail(tr("The TLS certificate of the IMAP server %1 is not trusted (%2). Give its CA "
                "with ZERG_IMAP_CA_FILE, or fix the server's certificate.")
                 .arg(m_settings.host, errors.value(0).errorString()));
    });
    m_state = State::Connecting;
    armTimeout(kCommandTimeoutMs);
    const auto port = quint16(m_settings.effectivePort());
    if (m_settings.tls == ImapSettings::Tls::Implicit) {
        m_socket->connectToHostEncrypted(m_settings.host, port);
    } else {
        connect(m_socket, &QSslSocket::connected, this, [this] { m_state = State::Greeting; });
        m_socket->connectToHost(m_settings.host, port);
    }
}

void ImapWatcher::onEncrypted() {
    if (m_state == State::Connecting) {
        m_state = State::Greeting;  // implicit TLS: the greeting comes now
        return;
    }
    // After STARTTLS: capabilities may differ now, and LOGIN is safe.
    send("CAPABILITY", State::Login);
}

void ImapWatcher::onError() {
    if (m_state == State::Stopped || !m_socket)
        return;
    fail(tr("The connection to the IMAP server %1:%2 failed: %3. Check ZERG_IMAP_HOST, "
            "ZERG_IMAP_PORT and ZERG_IMAP_TLS, and that the server is reachable.")
             .arg(m_settings.host)
             .arg(m_settings.effectivePort())
             .arg(m_socket->errorString()));
}

void ImapWatcher::armTimeout(qint64 ms) {
    m_clock->cancel(m_timer);
    m_timer = m_clock->callAfter(ms, this, [this] {
        m_timer = 0;
        if (m_state == State::Idle) {  // renew the IDLE before the server ends it
            m_socket->write("DONE\r\n");
            m_state = State::IdleDone;
            armTimeout(kCommandTimeoutMs);
            return;
        }
        if (m_state == State::Waiting) {  // poll
            send("NOOP", State::Noop);
            return;
        }
        fail(tr("The IMAP server %1 did not answer within %2 s.")
                 .arg(m_settings.host)
                 .arg(kCommandTimeoutMs / 1000));
    });
}

QByteArray ImapWatcher::quoted(const QString& text) const {
    QByteArray out = text.toUtf8();
    out.replace('\\', "\\\\").replace('"', "\\\"");
    return '"' + out + '"';
}

void ImapWatcher::send(const QByteArray& command, State next) {
    m_tag = "z" + QByteArray::number(m_nextTag++);
    m_untagged.clear();
    m_state = next;
    m_socket->write(m_tag + ' ' + command + "\r\n");
    armTimeout(kCommandTimeoutMs);
}

void ImapWatcher::onReadyRead() {
    m_buffer += m_socket->readAll();
    while (m_socket && m_state != State::Stopped) {
        // One whole reply: lines, each literal ({n} at a line's end) with its n bytes.
        Reply r;
        qsizetype pos = 0;
        bool whole = false;
        while (true) {
            const qsizetype eol = m_buffer.indexOf("\r\n", pos);
            if (eol < 0)
                break;
            const QByteArray line = m_buffer.mid(pos, eol - pos);
            const qint64 literal = literalLength(line);
            if (literal < 0) {
                r.text += line;
                pos = eol + 2;
                whole = true;
                break;
            }
            if (m_buffer.size() < eol + 2 + literal)
                break;
            r.text += line + ' ';
            r.literals.append(m_buffer.mid(eol + 2, literal));
            pos = eol + 2 + literal;
        }
        if (!whole) {
            if (m_buffer.size() > kMaxReplyBytes)
                fail(tr("The IMAP server %1 sent a reply larger than %2 MB.")
                         .arg(m_settings.host)
                         .arg(kMaxReplyBytes >> 20));
            return;
        }
        m_buffer.remove(0, pos);
        if (r.text.startsWith("* ")) {
            r.text.remove(0, 2);
        } else if (r.text.startsWith('+')) {
            r.tag = "+";
        } else {
            const qsizetype space = r.text.indexOf(' ');
            r.tag = r.text.left(space);
            r.text.remove(0, space < 0 ? r.text.size() : space + 1);
        }
        handle(r);
    }
}

void ImapWatcher::handle(const Reply& r) {
    if (r.tag.isEmpty()) {
        const QByteArray upper = r.text.toUpper();
        if (m_state == State::Greeting) {
            if (!upper.startsWith("OK") && !upper.startsWith("PREAUTH")) {
                fail(tr("The IMAP server %1 refused the connection: %2")
                         .arg(m_settings.host, QString::fromUtf8(r.text)));
                return;
            }
            m_startTlsOffered = upper.contains("STARTTLS");
            if (m_settings.tls == ImapSettings::Tls::StartTls)
                send("STARTTLS", State::StartTls);
            else
                send("CAPABILITY", State::Login);
            return;
        }
        if (upper.startsWith("BYE")) {
            fail(tr("The IMAP server %1 closed the connection: %2")
                     .arg(m_settings.host, QString::fromUtf8(r.text)));
            return;
        }
        if (upper.endsWith(" EXISTS") || upper.endsWith(" RECENT")) {
            m_changed = true;
            if (m_state == State::Idle) {
                m_socket->write("DONE\r\n");
                m_state = State::IdleDone;
                armTimeout(kCommandTimeoutMs);
            }
            return;
        }
        m_untagged.append(r);
        return;
    }
    if (r.tag == "+") {
        if (m_state == State::Idle)
            armTimeout(kIdleRenewMs);  // idling: wait for news, renew in time
        return;
    }
    if (r.tag != m_tag)
        return;  // an answer to nothing we asked
    completed(r);
}

void ImapWatcher::completed(const Reply& tagged) {
    const bool ok = tagged.text.toUpper().startsWith("OK");
    const QString text = QString::fromUtf8(tagged.text);
    switch (m_state) {
        case State::StartTls:
            if (!ok) {
                fail(tr("The IMAP server %1 does not offer STARTTLS (%2). Use ZERG_IMAP_TLS="
                        "implicit (port 993) if it offers TLS there.")
                         .arg(m_settings.host, text));
                return;
            }
            m_clock->cancel(m_timer);
            m_timer = 0;
            m_state = State::Capability;
            m_socket->startClientEncryption();  // then onEncrypted()
            return;
        case State::Login: {  // the CAPABILITY before LOGIN is done
            if (m_settings.tls == ImapSettings::Tls::None &&
                std::any_of(m_untagged.cbegin(), m_untagged.cend(), [](const Reply& u) {
                    return u.text.toUpper().contains("LOGINDISABLED");
                })) {
                fail(tr("The IMAP server %1 allows no login without TLS. Set ZERG_IMAP_TLS to "
                        "starttls or implicit.")
                         .arg(m_settings.host));
                return;
            }
            const QByteArray login =
                "LOGIN " + quoted(m_settings.username) + ' ' + quoted(m_settings.password);
            send(login, State::Capability);
            return;
        }
        case State::Capability:
            if (!ok) {
                fail(tr("The IMAP server %1 refused the login of %2: %3. Check ZERG_IMAP_USER "
                        "and the imap_password secret.")
                         .arg(m_settings.host, m_settings.username, text));
                return;
            }
            // The capabilities after login may differ: ask again, then select.
            if (!tagged.text.toUpper().contains("[CAPABILITY")) {
                send("CAPABILITY", State::Select);
                return;
            }
            m_idleOffered = tagged.text.toUpper().contains(" IDLE");
            send("SELECT " + quoted(m_settings.mailbox), State::Search);
            return;
        case State::Select:
            m_idleOffered = std::any_of(m_untagged.cbegin(), m_untagged.cend(), [](const Reply& u) {
                return u.text.toUpper().startsWith("CAPABILITY") &&
                       (u.text.toUpper() + ' ').contains(" IDLE ");
            });
            send("SELECT " + quoted(m_settings.mailbox), State::Search);
            return;
        case State::Search:  // SELECT done
            if (!ok) {
                fail(tr("The IMAP server %1 has no mailbox \"%2\" for %3: %4. Check "
                        "ZERG_IMAP_MAILBOX.")
                         .arg(m_settings.host, m_settings.mailbox, m_settings.username, text));
                return;
            }
            checkNow();
            return;
        case State::Fetch: {
            if (!ok) {
                fail(
                    tr("The IMAP server %1 answered a search with: %2").arg(m_settings.host, text));
                return;
            }
            m_toFetch.clear();
            for (const Reply& u : std::as_const(m_untagged)) {
                if (!u.text.toUpper().startsWith("SEARCH"))
                    continue;
                for (const QByteArray& n : u.text.mid(6).simplified().split(' ')) {
                    bool isNumber = false;
                    const qint64 uid = n.toLongLong(&isNumber);
                    if (isNumber && uid > 0 && !m_leftUnseen.contains(uid))
                        m_toFetch.append(uid);
                }
            }
            fetchNext();
            return;
        }
        case State::Store: {  // the FETCH of m_currentUid is done
            QByteArray raw;
            for (const Reply& u : std::as_const(m_untagged)) {
                if (u.text.toUpper().contains("FETCH") && !u.literals.isEmpty())
                    raw = u.literals.constLast();
            }
            if (!ok || raw.isEmpty()) {
                qWarning("zerg: IMAP: message %lld could not be read: %s", m_currentUid,
                         qPrintable(text));
                fetchNext();
                return;
            }
            if (!m_handler(raw)) {
                m_leftUnseen.insert(m_currentUid);  // not ours: leave it as it is
                fetchNext();
                return;
            }
            send("UID STORE " + QByteArray::number(m_currentUid) + " +FLAGS.SILENT (\\Seen)",
                 State::Noop);
            m_toFetch.prepend(-1);  // after the STORE: the next message
            return;
        }
        case State::Noop:
            if (!m_toFetch.isEmpty() && m_toFetch.constFirst() == -1) {
                m_toFetch.removeFirst();
                fetchNext();
                return;
            }
            checkNow();
            return;
        case State::IdleDone:
            checkNow();
            return;
        default:
            return;
    }
}

void ImapWatcher::checkNow() {
    m_changed = false;
    send("UID SEARCH " + m_settings.search, State::Fetch);
}

void ImapWatcher::fetchNext() {
    if (m_toFetch.isEmpty()) {
        wait();
        return;
    }
    m_currentUid = m_toFetch.takeFirst();
    send("UID FETCH " + QByteArray::number(m_currentUid) + " (BODY.PEEK[])", State::Store);
}

void ImapWatcher::wait() {
    m_failures = 0;
    if (m_changed) {  // news arrived while we were busy
        checkNow();
        return;
    }
    if (!m_reportedWatching) {
        m_reportedWatching = true;
        Q_EMIT watching();
    }
    if (m_idleOffered) {
        send("IDLE", State::Idle);
        return;
    }
    m_state = State::Waiting;
    armTimeout(m_pollMs);
}

void ImapWatcher::fail(const QString& message) {
    if (m_state == State::Stopped)
        return;
    qWarning("zerg: IMAP: %s", qPrintable(message));
    m_clock->cancel(m_timer);
    m_timer = 0;
    if (m_socket) {
        m_socket->disconnect(this);
        m_socket->abort();
        m_socket->deleteLater();
        m_socket = nullptr;
    }
    m_state = State::Connecting;  // until the retry
    m_reportedWatching = false;
    Q_EMIT problem(message);
    scheduleRetry();
}

void ImapWatcher::scheduleRetry() {
    const qint64 delay = qMin(kLastRetryMs, kFirstRetryMs << qMin(m_failures, 6));
    ++m_failures;
    m_clock->cancel(m_retryTimer);
    m_retryTimer = m_clock->callAfter(delay, this, [this] { connectNow(); });
}

}  // namespace zerg
