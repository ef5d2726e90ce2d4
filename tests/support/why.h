#pragma once

#include "core/result.h"

#include <QByteArray>

namespace zerg::test {

// The error message of a failed Result (empty when it succeeded), for QVERIFY2.
template <typename T>
QByteArray why(const Result<T>& r) {
    return r ? QByteArray() : r.error().message.toUtf8();
}

}  // namespace zerg::test
