#pragma once

#include <QtQml/qqmlregistration.h>
#include <QByteArray>
#include <QJSEngine>
#include <QMetaClassInfo>
#include <QPointer>

class QQmlEngine;

namespace zerg {

// When a dashboard model reads its data first: at construction (tests, and the default), or when
// something shows it, i.e. when QML first asks for its singleton (create() calls
// ensureLoaded()). The app uses WhenShown, so the window's first frame does not wait for pages
// that are not open; events before that are ignored, since the first load reads the store fresh.
enum class FirstLoad { Now, WhenShown };

// The one instance a C++-owned QML singleton hands out, inherited by its class T next to its
// QObject base: `class InboxModel : public QAbstractListModel, public QmlInstance<InboxModel>`.
// The app (or a test) registers the instance with setInstance() before QML loads; QML_SINGLETON
// finds the static create() here (Qt looks up T::create(QQmlEngine*, QJSEngine*) returning T*),
// which returns that instance. The engine never owns it. Without a registered instance, create()
// says so and QML sees no singleton.
template <typename T>
class QmlInstance {
public:
    // The instance QML's singleton refers to. Call before loading QML; the caller owns it.
    static void setInstance(T* instance) { slot() = instance; }

    // A model with FirstLoad (one with ensureLoaded()) loads now: QML asking for it is when it
    // is shown.
    static T* create(QQmlEngine*, QJSEngine*) {
        T* instance = slot();
        if (!instance) {
            qCritical(
                "%s: no %s was registered with setInstance() before QML loaded; what shows "
                "it stays empty.",
                qmlName().constData(), cppName().constData());
            return nullptr;
        }
        QJSEngine::setObjectOwnership(instance, QJSEngine::CppOwnership);
        if constexpr (requires { instance->ensureLoaded(); })
            instance->ensureLoaded();
        return instance;
    }

private:
    static QPointer<T>& slot() {
        static QPointer<T> instance;
        return instance;
    }

    // For the message: "WorkersTable" (QML_NAMED_ELEMENT's name) and "WorkerTableModel".
    static QByteArray qmlName() {
        const QMetaObject& meta = T::staticMetaObject;
        const int info = meta.indexOfClassInfo("QML.Element");
        const QByteArray name = info >= 0 ? QByteArray(meta.classInfo(info).value()) : QByteArray();
        return name.isEmpty() || name == "auto" ? cppName() : name;  // "auto": QML_ELEMENT
    }
    static QByteArray cppName() {
        const QByteArray name = T::staticMetaObject.className();  // with its namespace
        return name.mid(name.lastIndexOf(':') + 1);
    }
};

}  // namespace zerg
