#pragma once

#include <memory>

class QQuickWindow;

namespace zerg {
class DesktopNotifications;
class ScheduleService;
class TrayState;
}  // namespace zerg

namespace zerg::gui {

// The system tray icon over TrayState: a monochrome icon for idle / working / needs attention,
// a menu (Open Jarvis, Dashboard, Pause schedules, Quit). Closing the window then hides it to the
// tray and the backend keeps running; Quit quits. Without a system tray (e.g. a bare X server)
// no icon is created and WindowClose decides what closing does. TrayState's notifications go to
// the desktop's notification server when there is one, tray or not; else to the tray's messages.
class Tray {
public:
    // scheduler: for "Pause schedules" (null: the item is disabled). desktop: notifications with
    // actions through the desktop's notification server (null or unavailable: the tray's
    // plain messages).
    Tray(TrayState* state, QQuickWindow* window, ScheduleService* scheduler = nullptr,
         DesktopNotifications* desktop = nullptr);
    ~Tray();
    [[nodiscard]] bool available() const;
    // Gives the menu its texts in the current language (after a language switch).
    void retranslate() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

}  // namespace zerg::gui
