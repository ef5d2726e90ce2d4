#pragma once

#include "core/result.h"

#include <QString>

namespace zerg::files {

// Zerg's own folders and files (the data folder, the database, the secrets file) are for the
// user who runs it: folders 0700, files 0600, whatever the umask. What exists already is left
// as it is (the user may have chosen its mode); isSharedWithOthers() lets the caller warn.

// Creates the folder path the way `mkdir -p -m 700` does: missing parents get the usual mode,
// the folder itself, when new, 0700. An existing folder is fine and left alone. Errors ("io")
// name the folder and the system's reason.
[[nodiscard]] Status makePrivateDir(const QString& path);

// Creates path as an empty file with mode 0600 unless something is there already. True when it
// created the file, false when it existed; errors ("io") name the file and the reason.
[[nodiscard]] Result<bool> createPrivateFile(const QString& path);

// True when the group or others have any permission on path; *mode (when given) receives its
// permission bits. False when path does not exist.
[[nodiscard]] bool isSharedWithOthers(const QString& path, int* mode = nullptr);

}  // namespace zerg::files
