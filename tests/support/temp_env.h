#pragma once

#include "core/settings.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

class QProcessEnvironment;
class QTemporaryDir;

namespace zerg::test {

// Returns a free TCP port on 127.0.0.1 (bind to port 0, read it, close).
[[nodiscard]] quint16 freeLoopbackPort();

// Path of a program on PATH or in the usual sbin folders; empty if absent.
[[nodiscard]] QString findProgram(const QString& name);

// Points QSettings (user and system scope, native and INI formats) into folder, so that a test
// never reads or writes the user's own configuration.
void isolateSettings(const QString& folder);

// Unsets every ZERG_* variable a setting reads (and the API key, webhook and Ollama ones), so
// that Settings::load() sees only what the test wrote.
void clearZergEnvironment();

// Settings for a whole Backend in dir: data there, no hosts file, the built-in price table,
// model "m" (tests set the rest).
[[nodiscard]] Settings backendSettings(const QTemporaryDir& dir);

// What a program run by runProgram did; code -1: it did not start or did not end in time.
struct ProgramRun {
    int code = -1;
    QByteArray out;
    QByteArray err;
};

// Runs program with args in env and waits for it while this thread's event loop keeps running,
// so that servers in the test process (the loopback LLM server, HTTP stubs) keep answering.
// A program still running after timeoutMs is killed. stdinText, when given, is written to its
// standard input, which is then closed.
[[nodiscard]] ProgramRun runProgram(const QString& program, const QStringList& args,
                                    const QProcessEnvironment& env, int timeoutMs = 90000,
                                    const QByteArray& stdinText = {});

}  // namespace zerg::test
