#pragma once

#include <QLibrary>
#include <QStringList>

namespace zerg {

// One function of a library loaded at run time (the voice engines: docs/voice.md), typed as its
// header declares it (decltype(&espeak_Synth)); the name goes to missing when the library lacks
// it.
template <typename F>
void resolveSymbol(QLibrary& library, F& function, const char* name, QStringList& missing) {
    function = reinterpret_cast<F>(library.resolve(name));
    if (!function)
        missing.append(QString::fromLatin1(name));
}

}  // namespace zerg
