#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <memory>

namespace zerg {
class Backend;
struct Settings;
}  // namespace zerg

namespace zerg::cli {

// Every text the command line shows goes through Text::tr("..."), in the translation context
// "zerg::cli" (lupdate extracts the literals). Long usage texts are marked with
// QT_TRANSLATE_NOOP("zerg::cli", ...) and translated with Text::tr() when printed. JSON keys,
// command names and ZERG_* variables stay untranslated. Header-only, so that tests compiling
// one CLI file alone (test_hosts_cli) need nothing else.
struct Text {
    Q_DECLARE_TR_FUNCTIONS(zerg::cli)
};

// Runs a command-line subcommand (ask, workers, ...) headless and returns the exit code.
// Exit codes: 0 success, 1 the run or lookup failed, 2 usage error, 3 configuration problem.
int run(const QStringList& args);

// True when args name a subcommand or a flag that the command line handles without a window.
bool isCommandLine(const QStringList& args);

// The translated help of a command ("ask", "workers", "hosts", ...) or of one of its
// subcommands ("workers", "grep"); a null QString when there is no such command.
QString helpText(const QString& command, const QString& subcommand = {});

// Opens the backend (database, worker folders, ...) for a subcommand. On failure prints the
// reason to stderr, sets *code to 3 (configuration problem) and returns nullptr.
std::unique_ptr<Backend> openBackend(const Settings& settings, int* code);

// One line from standard input, trimmed; on a terminal the prompt goes to stderr and the typed
// text is not echoed (API keys, device secrets).
QString readSecretLine(const QString& prompt);

}  // namespace zerg::cli
