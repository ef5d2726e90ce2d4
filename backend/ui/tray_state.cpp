#include "ui/tray_state.h"

#include "ui/jarvis_controller.h"

namespace zerg {
namespace {

// A line for a notification: the first non-empty line of Markdown, without its markup, capped.
QString firstLine(const QString& text) {
    for (QString line : text.split(QLatin1Char('\n'))) {
        line.remove(QLatin1Char('#')).remove(QLatin1Char('*')).remove(QLatin1Char('`'));
        line = line.trimmed();
        if (line.isEmpty())
            continue;
        return line.size() > 140 ? line.left(139) + QChar(0x2026) : line;
    }
    return {};
}

}  // namespace

TrayState::TrayState(JarvisController* controller, QObject* parent)
    : QObject(parent), m_controller(controller) {
    connect(controller, &JarvisController::busyChanged, this, &TrayState::update);
    connect(controller, &JarvisController::answered, this, &TrayState::onAnswered);
    update();
}

QString TrayState::toolTip() const {
    switch (m_state) {
        case State::Working:
            return tr("Zerg: working on your request");
        case State::Attention:
            return m_lastSummary.isEmpty() ? tr("Zerg: something needs your attention")
                                           : tr("Zerg: %1").arg(m_lastSummary);
        case State::Idle:
            break;
    }
    return tr("Zerg: idle");
}

void TrayState::setWindowVisible(bool visible) {
    if (visible == m_visible)
        return;
    m_visible = visible;
    if (visible)
        m_unseen = false;  // the window shows what happened
    update();
}

void TrayState::onAnswered(qint64, bool ok, const QString& text) {
    m_lastSummary = firstLine(text);
    if (!m_visible) {
        m_unseen = true;
        Q_EMIT notify(ok ? tr("Jarvis answered") : tr("Jarvis could not finish"),
                      m_lastSummary.isEmpty() ? tr("Open Jarvis to read it.") : m_lastSummary,
                      QString(), 0);
    }
    update();
}

void TrayState::alert(const QString& title, const QString& body, const QString& severity) {
    if (severity != QLatin1String("info"))
        m_unseen = true;
    Q_EMIT notify(title, body, severity, 0);
    update();
}

void TrayState::approvalNeeded(qint64 approvalId, const QString& summary) {
    if (m_visible)
        return;  // the card in the window asks
    m_unseen = true;
    Q_EMIT notify(tr("Approval needed"), summary, QStringLiteral("critical"), approvalId);
    update();
}

void TrayState::update() {
    State next = State::Idle;
    if (m_controller->busy())
        next = State::Working;
    else if (m_unseen)
        next = State::Attention;
    if (next == m_state)
        return;
    m_state = next;
    Q_EMIT stateChanged();
}

}  // namespace zerg
