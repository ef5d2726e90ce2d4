#pragma once

#include "core/status.h"

#include <QObject>
#include <QString>

namespace zerg {

class JarvisController;

// What the tray icon shows and when it notifies (the desktop glue in app/ only draws it):
//   idle       nothing running, nothing unseen;
//   working    a run is in progress;
//   attention  a run ended (answer or failure) while the window was hidden, a scheduled check
//              raised a warning or critical alert, or a worker waits for an approval while the
//              window was hidden; cleared when the window is shown again.
// A run that ends while the window is hidden raises one notification with the start of the
// answer (or of the failure).
class TrayState : public QObject {
    Q_OBJECT
public:
    enum class State { Idle, Working, Attention };
    Q_ENUM(State)

    explicit TrayState(JarvisController* controller, QObject* parent = nullptr);

    [[nodiscard]] State state() const { return m_state; }
    [[nodiscard]] QString toolTip() const;
    // A scheduled check's alert (AlertChannels::notify): always a notification; a warning or a
    // critical one also needs attention until the window is shown.
    void alert(const QString& title, const QString& body, const QString& severity);
    // A worker waits for the user's approval (ApprovalsModel::requestArrived): while the window
    // is hidden, a notification ("Approval needed", what and where; clicking it shows the
    // window, where the card answers) and attention until the window is shown.
    void approvalNeeded(qint64 approvalId, const QString& summary);
    // The app tells whether the Jarvis window is on screen.
    void setWindowVisible(bool visible);
    [[nodiscard]] bool windowVisible() const { return m_visible; }
    // After the user interface's language changed: stateChanged(), so the tooltip is read again.
    void retranslate() { Q_EMIT stateChanged(); }

Q_SIGNALS:
    void stateChanged();
    // severity: info, warning, critical or "" (an answer); approvalId: the request a notification
    // with Allow/Deny answers (0: a plain one).
    void notify(const QString& title, const QString& body, const QString& severity,
                qint64 approvalId);

private:
    void update();
    void onAnswered(qint64 runId, bool ok, const QString& text);

    JarvisController* m_controller;
    State m_state = State::Idle;
    bool m_visible = true;
    bool m_unseen = false;  // something happened that the user has not seen
    QString m_lastSummary;
};

// The state's word, as named above (the tests read it).
template <>
struct StatusTable<TrayState::State> {
    static constexpr std::array<std::pair<TrayState::State, const char*>, 3> names{{
        {TrayState::State::Idle, "idle"},
        {TrayState::State::Working, "working"},
        {TrayState::State::Attention, "attention"},
    }};
};

}  // namespace zerg
