// libFuzzer target: shell::classify (tools/shell_command.h). Any bytes, read as UTF-8, are a
// command line: classify() returns (no crash, no hang, no sanitizer report), its effect agrees
// with its reason, and a line it calls read-only is no longer read-only once a command that
// writes a file follows it on a new line. Lines with a here-doc are left out of that last check:
// the new line may be part of the here-doc's body, which is data.
#include "fuzz_split.h"
#include "tools/shell_command.h"

#include <QString>

using namespace zerg::shell;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QString line = QString::fromUtf8(reinterpret_cast<const char*>(data), qsizetype(size));
    const Classification c = classify(line);
    const bool readOnlyReason =
        c.reason.kind == ReasonKind::AllReadOnly || c.reason.kind == ReasonKind::Empty;
    ZERG_FUZZ_CHECK((c.effect == Effect::ReadOnly) == readOnlyReason);
    ZERG_FUZZ_CHECK(!describe(c.reason).isEmpty());
    if (c.effect == Effect::ReadOnly && !line.contains(QStringLiteral("<<"))) {
        const Classification written = classify(line + QStringLiteral("\n> /tmp/zerg-fuzz"));
        ZERG_FUZZ_CHECK(written.effect == Effect::Changes);
    }
    return 0;
}
