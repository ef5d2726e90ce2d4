#include "ui/window_close.h"

#include "ui/settings_model.h"

namespace zerg {
namespace {
const QString kKey = QStringLiteral("ui/close_window");
}  // namespace

WindowClose::WindowClose(Deps deps, QObject* parent) : QObject(parent), m_deps(std::move(deps)) {}

CloseChoice WindowClose::choice() const {
    const QString value = m_deps.settings ? m_deps.settings->valueOf(kKey).toString() : QString();
    return parseStatus<CloseChoice>(value).value_or(CloseChoice::Ask);
}

WindowClose::Action WindowClose::closeRequested() {
    if (m_deps.trayAvailable) {
        Q_EMIT hideRequested();
        return Action::Hide;
    }
    const int active = m_deps.activeSchedules ? m_deps.activeSchedules() : 0;
    if (active > 0) {
        switch (choice()) {
            case CloseChoice::Background:
                Q_EMIT hideRequested();
                return Action::Hide;
            case CloseChoice::Ask:
                setAsking(true, active);
                return Action::Ask;
            case CloseChoice::Quit:
                break;
        }
    }
    Q_EMIT quitRequested();
    return Action::Quit;
}

void WindowClose::answer(bool keepRunning) {
    if (!m_asking)
        return;
    setAsking(false, 0);
    if (m_deps.settings) {
        // Not saved (a ZERG_CLOSE_WINDOW override, an unwritable settings file): the row shows
        // why on the Settings page; this close still does what was answered.
        const CloseChoice c = keepRunning ? CloseChoice::Background : CloseChoice::Quit;
        if (!m_deps.settings->setValue(kKey, statusName(c))) {
            qWarning("zerg: the answer was not saved: %s",
                     qPrintable(m_deps.settings->errorOf(kKey)));
        }
    }
    if (keepRunning)
        Q_EMIT hideRequested();
    else
        Q_EMIT quitRequested();
}

void WindowClose::dismiss() {
    setAsking(false, 0);
}

void WindowClose::setAsking(bool asking, int schedules) {
    if (asking == m_asking && schedules == m_askedFor)
        return;
    m_asking = asking;
    m_askedFor = schedules;
    Q_EMIT askingChanged();
}

}  // namespace zerg
