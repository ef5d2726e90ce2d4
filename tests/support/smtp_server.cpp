#include "smtp_server.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QStandardPaths>

namespace zerg::test {
namespace {

// The server: aiosmtpd's SMTP protocol class on an asyncio server bound to port 0, so the port
// is free by construction; it prints "LISTENING <port>" once ready. (`python3 -m aiosmtpd`
// cannot take an authenticator, hence the script.)
const char kScript[] = R"PY(
import asyncio, email, email.policy, json, os, ssl, sys
from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

out_dir, user, password, cert, key = sys.argv[1:6]
count = 0

class Saver:
    async def handle_DATA(self, server, session, envelope):
        global count
        count += 1
        raw = envelope.original_content or envelope.content
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        part = msg.get_body(preferencelist=("plain",)) or msg
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "from": str(msg.get("From", "")),
            "to": str(msg.get("To", "")),
            "subject": str(msg.get("Subject", "")),
            "message_id": str(msg.get("Message-ID", "")),
            "date": str(msg.get("Date", "")),
            "content_type": msg.get_content_type(),
            "charset": msg.get_content_charset() or "",
            "transfer_encoding": str(msg.get("Content-Transfer-Encoding", "")),
            "body": part.get_content(),
            "raw": raw.decode("utf-8", "replace"),
            "authenticated": bool(session.authenticated),
            "tls": session.ssl is not None,
        }
        path = os.path.join(out_dir, "%03d.json" % count)
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            json.dump(record, f)
        os.replace(path + ".tmp", path)
        return "250 OK message accepted"

def authenticator(server, session, envelope, mechanism, auth_data):
    ok = (isinstance(auth_data, LoginPassword)
          and auth_data.login == user.encode() and auth_data.password == password.encode())
    return AuthResult(success=ok, handled=False)  # False: the server answers 535 itself

async def main():
    saver = Saver()
    options = {}
    if user:
        options = dict(authenticator=authenticator, auth_require_tls=False, auth_required=True)
    if cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert, key)
        options.update(tls_context=context, require_starttls=True)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        lambda: SMTP(saver, hostname="zerg-test-smtp", **options), "127.0.0.1", 0)
    print("LISTENING %d" % server.sockets[0].getsockname()[1], flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
)PY";

}  // namespace

SmtpServer::SmtpServer() = default;

SmtpServer::~SmtpServer() {
    stop();
}

void SmtpServer::requireLogin(const QString& user, const QString& password) {
    m_user = user;
    m_password = password;
}

bool SmtpServer::requireStartTls(QString* error) {
    const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
    if (openssl.isEmpty()) {
        *error = QStringLiteral("openssl is not installed (apt-get install openssl)");
        return false;
    }
    m_cert = m_tmp.filePath(QStringLiteral("cert.pem"));
    m_key = m_tmp.filePath(QStringLiteral("key.pem"));
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(openssl, {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"),
                      QStringLiteral("ec"), QStringLiteral("-pkeyopt"),
                      QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                      QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                      QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-addext"),
                      QStringLiteral("subjectAltName=IP:127.0.0.1"), QStringLiteral("-keyout"),
                      m_key, QStringLiteral("-out"), m_cert});
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("openssl could not make a test certificate: ") +
                 QString::fromUtf8(p.readAll());
        m_cert.clear();
        m_key.clear();
        return false;
    }
    return true;
}

QString SmtpServer::findPython(QString* why) {
    QStringList candidates{QStringLiteral("/usr/bin/python3")};
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (!onPath.isEmpty())
        candidates << onPath;
    for (const QString& python : candidates) {
        QProcess probe;
        probe.start(python, {QStringLiteral("-c"), QStringLiteral("import aiosmtpd")});
        if (probe.waitForFinished(15000) && probe.exitStatus() == QProcess::NormalExit &&
            probe.exitCode() == 0)
            return python;
    }
    if (why) {
        *why = QStringLiteral("no python3 with aiosmtpd (tried %1); install python3-aiosmtpd")
                   .arg(candidates.join(QStringLiteral(", ")));
    }
    return {};
}

bool SmtpServer::start(QString* error) {
    if (!m_tmp.isValid()) {
        *error = QStringLiteral("cannot create a temp folder: ") + m_tmp.errorString();
        return false;
    }
    const QString python = findPython(error);
    if (python.isEmpty())
        return false;
    const QString script = m_tmp.filePath(QStringLiteral("smtp_server.py"));
    const QString inbox = m_tmp.filePath(QStringLiteral("inbox"));
    QFile f(script);
    if (!QDir().mkpath(inbox) || !f.open(QIODevice::WriteOnly) || f.write(kScript) < 0) {
        *error = QStringLiteral("cannot write %1").arg(script);
        return false;
    }
    f.close();

    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->start(python,
                     {QStringLiteral("-u"), script, inbox, m_user, m_password, m_cert, m_key});
    if (!m_process->waitForStarted(15000)) {
        *error = QStringLiteral("cannot start %1: %2").arg(python, m_process->errorString());
        return false;
    }
    QByteArray out;
    QDeadlineTimer deadline(15000);
    while (!deadline.hasExpired()) {
        if (!out.contains('\n'))
            m_process->waitForReadyRead(int(deadline.remainingTime()));
        out += m_process->readAllStandardOutput();
        const qsizetype at = out.indexOf("LISTENING ");
        const qsizetype nl = out.indexOf('\n', at);
        if (at >= 0 && nl > at) {
            m_port = quint16(out.mid(at + 10, nl - at - 10).trimmed().toUInt());
            return m_port != 0;
        }
        if (m_process->state() == QProcess::NotRunning)
            break;
    }
    *error = QStringLiteral("the SMTP server did not start: %1 %2")
                 .arg(QString::fromUtf8(out), QString::fromUtf8(m_process->readAllStandardError()));
    stop();
    return false;
}

void SmtpServer::stop() {
    if (!m_process)
        return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(5000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
    m_process.reset();
}

QList<QJsonObject> SmtpServer::messages() const {
    QList<QJsonObject> out;
    const QDir inbox(m_tmp.filePath(QStringLiteral("inbox")));
    const QStringList files = inbox.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString& name : files) {
        QFile f(inbox.filePath(name));
        if (f.open(QIODevice::ReadOnly))
            out << QJsonDocument::fromJson(f.readAll()).object();
    }
    return out;
}

}  // namespace zerg::test
