// zerg-test-postgres: a throwaway PostgreSQL server for tests that are not C++ (the independent
// API client runs `zerg serve` on it). Starts the server of tests/support/postgres_fixture.h,
// creates one database, prints ZERG_DATABASE_URL=postgresql://... on stdout, and stops the
// server (deleting its folder) when its standard input is closed.
#include "postgres_fixture.h"

#include <QCoreApplication>
#include <QSocketNotifier>

#include <unistd.h>
#include <cstdio>

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    zerg::test::PostgresServer server;
    if (zerg::Status s = server.start(); !s) {
        std::fprintf(stderr, "zerg-test-postgres: %s\n", qPrintable(s.error().message));
        return 1;
    }
    const zerg::Result<QString> url = server.createDatabase(QStringLiteral("zerg"));
    if (!url) {
        std::fprintf(stderr, "zerg-test-postgres: %s\n", qPrintable(url.error().message));
        return 1;
    }
    std::printf("ZERG_DATABASE_URL=%s\n", qPrintable(url.value()));
    std::fflush(stdout);
    QSocketNotifier stdinClosed(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(&stdinClosed, &QSocketNotifier::activated, &app, [&stdinClosed] {
        char buffer[256];
        if (::read(STDIN_FILENO, buffer, sizeof buffer) <= 0) {
            stdinClosed.setEnabled(false);
            QCoreApplication::quit();
        }
    });
    return QCoreApplication::exec();  // the server stops in its destructor
}
