#pragma once

#include <QJSEngine>
#include <QPointer>

namespace zerg {

// When a dashboard model reads its data first: at construction (tests, and the default), or when
// something shows it, i.e. when QML first asks for its singleton (create() calls
// ensureLoaded()). The app uses WhenShown, so the window's first frame does not wait for pages
// that are not open; events before that are ignored, since the first load reads the store fresh.
enum class FirstLoad { Now, WhenShown };

// The one instance a C++-owned QML singleton hands out: the app (or a test) registers it with
// set() before QML loads, and the class's static create() returns get(). The engine never owns
// it. Without a registered instance, get() says so and QML sees no singleton.
template <typename T>
class QmlInstance {
public:
    static void set(T* instance) { slot() = instance; }
    // qmlName and cppName are for the message: "WorkersTable: no WorkerTableModel was …".
    [[nodiscard]] static T* get(const char* qmlName, const char* cppName) {
        T* instance = slot();
        if (!instance) {
            qCritical(
                "%s: no %s was registered with setInstance() before QML loaded; what shows "
                "it stays empty.",
                qmlName, cppName);
            return nullptr;
        }
        QJSEngine::setObjectOwnership(instance, QJSEngine::CppOwnership);
        return instance;
    }

    // get() for a model with FirstLoad: QML asking for it is when it is shown, so it loads now.
    [[nodiscard]] static T* getLoaded(const char* qmlName, const char* cppName) {
        T* instance = get(qmlName, cppName);
        if (instance)
            instance->ensureLoaded();
        return instance;
    }

private:
    static QPointer<T>& slot() {
        static QPointer<T> instance;
        return instance;
    }
};

}  // namespace zerg
