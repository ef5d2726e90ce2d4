#pragma once

#include "core/settings.h"
#include "postgres_fixture.h"
#include "runtime/backend.h"

#include <QDir>

#include <memory>

namespace zerg::test {

// A Backend on settings, with the test database in dir (SQLite there, or a throwaway PostgreSQL
// under ZERG_TEST_DB=postgres: testDatabaseUrl). Null, with the reason in the log, when it
// cannot be made.
inline std::unique_ptr<Backend> openTestBackend(Settings settings, const QString& dir) {
    const auto url = testDatabaseUrl(QDir(dir).filePath(QStringLiteral("zerg.sqlite")));
    if (!url) {
        qWarning("%s", qPrintable(url.error().message));
        return nullptr;
    }
    settings.databaseUrl = url.value();
    auto b = Backend::create(settings);
    if (!b) {
        qWarning("%s", qPrintable(b.error().message));
        return nullptr;
    }
    return std::move(b).value();
}

}  // namespace zerg::test
