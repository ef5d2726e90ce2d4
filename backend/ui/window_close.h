#pragma once

#include "core/status.h"
#include "ui/qml_instance.h"

#include <QtQml/qqmlregistration.h>
#include <QObject>

#include <functional>

namespace zerg {

class SettingsModel;

// The setting "Closing the window" (ui/close_window): what closing the window does when there is
// no system tray to hide it in and scheduled checks are active.
enum class CloseChoice { Ask, Background, Quit };

template <>
struct StatusTable<CloseChoice> {
    static constexpr std::array<std::pair<CloseChoice, const char*>, 3> names{{
        {CloseChoice::Ask, "ask"},
        {CloseChoice::Background, "background"},
        {CloseChoice::Quit, "quit"},
    }};
};

// What closing the Jarvis window does (QML singleton `WindowClose`; app/gui.cpp feeds it the
// window's close events):
//   with a system tray        the window hides in the tray; Zerg runs on (Quit is in its menu);
//   no tray, no active checks the app quits: nothing would run while the window is away;
//   no tray, active checks    the setting decides: quit, keep running with the window hidden
//                             (a later `zerg` or a notification shows it again), or ask. Asked,
//                             the user answers once: the answer becomes the setting (changeable in
//                             Settings › Desktop). Esc on the question keeps the window open.
// Ctrl+Q and the tray's Quit always quit; this is only the window's close button.
class WindowClose : public QObject, public QmlInstance<WindowClose> {
    Q_OBJECT
    QML_NAMED_ELEMENT(WindowClose)
    QML_SINGLETON
    // The question is showing.
    Q_PROPERTY(bool asking READ asking NOTIFY askingChanged FINAL)
    // The active scheduled checks the question names.
    Q_PROPERTY(int activeSchedules READ activeSchedulesAsked NOTIFY askingChanged FINAL)

public:
    enum class Action { Hide, Quit, Ask };
    Q_ENUM(Action)

    struct Deps {
        bool trayAvailable = false;
        // Enabled schedules that would fire in this process (0 when paused, or when a server
        // runs them: remote mode).
        std::function<int()> activeSchedules;
        SettingsModel* settings = nullptr;  // reads and saves ui/close_window; must outlive this
    };

    explicit WindowClose(Deps deps, QObject* parent = nullptr);

    // The window's close button was pressed: hideRequested(), quitRequested() or the question
    // (asking). Returns what it did.
    Q_INVOKABLE zerg::WindowClose::Action closeRequested();
    // Known once the tray is made, after QML has loaded.
    void setTrayAvailable(bool available) { m_deps.trayAvailable = available; }
    // The answer to the question: keep Zerg running in the background, or quit. Saved as the
    // setting, so the question is not asked again.
    Q_INVOKABLE void answer(bool keepRunning);
    // The question was dismissed (Esc): the window stays; nothing is saved.
    Q_INVOKABLE void dismiss();

    [[nodiscard]] bool asking() const { return m_asking; }
    [[nodiscard]] int activeSchedulesAsked() const { return m_askedFor; }
    [[nodiscard]] CloseChoice choice() const;

Q_SIGNALS:
    void askingChanged();
    void hideRequested();
    void quitRequested();

private:
    void setAsking(bool asking, int schedules);

    Deps m_deps;
    bool m_asking = false;
    int m_askedFor = 0;
};

}  // namespace zerg
