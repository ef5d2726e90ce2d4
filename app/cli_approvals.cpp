#include "cli_approvals.h"

#include "cli.h"
#include "workers/approvals.h"

#include <QSocketNotifier>
#include <QTimer>

#include <unistd.h>

namespace zerg::cli {

CliApprover::CliApprover(Approvals* approvals, qint64 ownerId, std::optional<bool> fixed,
                         bool prompt, QTextStream& err, QObject* parent)
    : QObject(parent), m_approvals(approvals), m_ownerId(ownerId), m_fixed(fixed), m_err(err) {
    connect(approvals, &Approvals::requested, this, &CliApprover::onRequested);
    connect(approvals, &Approvals::resolved, this, &CliApprover::onResolved);
    if (!fixed && prompt) {
        m_stdin = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read, this);
        m_stdin->setEnabled(false);
        connect(m_stdin, &QSocketNotifier::activated, this, &CliApprover::onInput);
    } else if (!fixed) {
        m_fixed = false;  // no terminal to ask on: deny
    }
}

void CliApprover::onRequested(const ApprovalRecord& r) {
    if (r.ownerId != m_ownerId)
        return;
    if (m_fixed) {
        // Not from inside the broker's request(): the worker holds the call only once it returns.
        const qint64 id = r.id;
        const bool allow = *m_fixed;
        QTimer::singleShot(
            0, this, [this, id, allow] { answer(id, allow ? QStringLiteral("y") : QString()); });
        return;
    }
    m_queue.append(r);
    if (!m_asking)
        askNext();
}

void CliApprover::onResolved(const ApprovalRecord& r) {
    if (r.ownerId != m_ownerId)
        return;
    const bool wasAsked = m_asking && !m_queue.isEmpty() && m_queue.first().id == r.id;
    m_queue.removeIf([&](const ApprovalRecord& q) { return q.id == r.id; });
    if (r.device != QLatin1String("cli")) {
        m_err << Text::tr("  approval %1: %2 (%3)").arg(r.id).arg(statusName(r.status), r.message)
              << '\n';
        m_err.flush();
    }
    if (wasAsked) {
        m_asking = false;
        m_line.clear();
        askNext();
    }
}

void CliApprover::askNext() {
    if (m_queue.isEmpty() || !m_stdin) {
        if (m_stdin)
            m_stdin->setEnabled(false);
        return;
    }
    const ApprovalRecord& r = m_queue.first();
    m_asking = true;
    const QString why = r.classification.value(QStringLiteral("why")).toString();
    m_err << '\n'
          << Text::tr("? Approval needed: worker %1 wants to run on %2:").arg(r.workerId, r.target)
          << '\n'
          << "    " << r.action << '\n';
    if (!why.isEmpty())
        m_err << Text::tr("  Why it may change the system: %1").arg(why) << '\n';
    if (!r.statedReason.isEmpty())
        m_err << Text::tr("  The worker says: %1").arg(r.statedReason) << '\n';
    m_err << Text::tr("  Task: %1").arg(r.task) << '\n';
    if (!r.suggestedPrefix.isEmpty()) {
        m_err << Text::tr("  y: allow once, a: always allow \"%1\" on %2, N: deny")
                     .arg(r.suggestedPrefix.join(u' '), r.target)
              << '\n'
              << Text::tr("Allow? [y/N/a] ");
    } else {
        m_err << Text::tr("Allow? [y/N] ");
    }
    m_err.flush();
    m_stdin->setEnabled(true);
}

void CliApprover::onInput() {
    char buf[256];
    const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
    if (n <= 0) {
        // End of input: nobody can answer any more; what is asked and what comes is denied.
        m_stdin->setEnabled(false);
        m_stdin->deleteLater();
        m_stdin = nullptr;
        m_fixed = false;
        const QList<ApprovalRecord> left = m_queue;
        m_queue.clear();
        m_asking = false;
        for (const ApprovalRecord& r : left)
            answer(r.id, QString());
        return;
    }
    m_line.append(buf, n);
    const qsizetype nl = m_line.indexOf('\n');
    if (nl < 0 || m_queue.isEmpty())
        return;
    const QString line = QString::fromUtf8(m_line.left(nl)).trimmed().toLower();
    m_line.clear();
    m_stdin->setEnabled(false);
    answer(m_queue.first().id, line);  // resolved() asks the next one
}

void CliApprover::answer(qint64 approvalId, const QString& line) {
    ApprovalReply reply;
    reply.device = QStringLiteral("cli");
    if (line == QLatin1String("y") || line == QLatin1String("yes")) {
        reply.choice = ApprovalChoice::AllowOnce;
    } else if (line == QLatin1String("a") || line == QLatin1String("always")) {
        reply.choice = ApprovalChoice::AlwaysAllow;
    } else {
        reply.choice = ApprovalChoice::Deny;
        if (!m_stdin)
            reply.message = Text::tr("Denied by zerg ask without a terminal (--approve=deny).");
    }
    const Result<ApprovalRecord> r = m_approvals->answer(m_ownerId, approvalId, reply);
    if (r) {
        m_err << Text::tr("  approval %1: %2").arg(approvalId).arg(statusName(r->status)) << '\n';
    } else {
        m_err << "zerg: " << r.error().message << '\n';
        if (r.error().code == QLatin1String("invalid_argument") && m_asking) {
            m_err.flush();
            m_asking = false;
            askNext();  // ask again: the rule could not be made
            return;
        }
    }
    m_err.flush();
}

}  // namespace zerg::cli
