#pragma once

#include "storage/approval_store.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QTextStream>

#include <optional>

class QSocketNotifier;

namespace zerg {
class Approvals;
}

namespace zerg::cli {

// `zerg ask`'s side of approval requests (docs/security.md): with a fixed answer (--approve)
// every request gets it; otherwise, on a terminal, each request is shown on standard error and
// the user answers "Allow? [y/N/a]" (y: allow once, a: always allow the offered prefix, anything
// else or Enter: deny); without a terminal every request is denied. One request is asked at a
// time; one answered elsewhere meanwhile (it expired) is dropped from the prompt. Answers are
// recorded with the device "cli".
class CliApprover : public QObject {
    Q_OBJECT
public:
    // fixed: --approve's answer (true: allow). prompt: ask on standard input (a terminal).
    CliApprover(Approvals* approvals, qint64 ownerId, std::optional<bool> fixed, bool prompt,
                QTextStream& err, QObject* parent = nullptr);

private:
    void onRequested(const ApprovalRecord& r);
    void onResolved(const ApprovalRecord& r);
    void askNext();
    void onInput();
    void answer(qint64 approvalId, const QString& line);

    Approvals* m_approvals;
    qint64 m_ownerId;
    std::optional<bool> m_fixed;
    QTextStream& m_err;
    QSocketNotifier* m_stdin = nullptr;  // prompting only
    QList<ApprovalRecord> m_queue;       // waiting to be asked; the first is being asked
    bool m_asking = false;
    QByteArray m_line;
};

}  // namespace zerg::cli
