#pragma once

#include <QCoreApplication>
#include <QMetaObject>
#include <QPointer>
#include <QThread>
#include <QThreadPool>

#include <utility>

namespace zerg {

// Runs job() on the global thread pool, then then(result) on the main thread, unless context
// (an object of the main thread) has been deleted by then. The result is posted through the
// application object, which outlives every context, and the guard is only read on the main
// thread, so a context deleted while the job runs is never touched. job must not use anything
// the main thread may delete meanwhile: give it copies.
template <typename Job, typename Then>
void runOffThread(QObject* context, Job job, Then then) {
    Q_ASSERT(context && context->thread() == QCoreApplication::instance()->thread());
    QPointer<QObject> guard(context);
    QThreadPool::globalInstance()->start(
        [guard, job = std::move(job), then = std::move(then)]() mutable {
            auto result = job();
            QMetaObject::invokeMethod(
                QCoreApplication::instance(),
                [guard, then = std::move(then), result = std::move(result)]() mutable {
                    if (guard)
                        then(std::move(result));
                },
                Qt::QueuedConnection);
        });
}

}  // namespace zerg
