#!/usr/bin/env bash
# Builds Zerg.app in Release, makes it self-contained with macdeployqt and packs it into
# Zerg-<version>.dmg. macOS only; not run by CI (there is no macOS machine and no network there).
#
# Needs:
#   - Xcode command line tools (clang, iconutil, hdiutil):  xcode-select --install
#   - CMake >= 3.24 and Ninja:                                brew install cmake ninja
#   - Qt 6.4 or later for macOS with Qt Quick, WebSockets,
#     Linguist tools and macdeployqt:                         brew install qt
#   - libssh, curl, qtkeychain (Qt 6 build), librsvg:         brew install libssh curl qtkeychain librsvg
#     (rsvg-convert renders the icon; see make-icns.sh)
#
# Usage: packaging/macos/make-dmg.sh [BUILD_DIR]      (default: build-macos in the source tree)
# Environment: QT_PREFIX (default: `brew --prefix qt`), CODESIGN_IDENTITY (optional: a
# "Developer ID Application: ..." identity; without it the app is ad-hoc signed and Gatekeeper
# will ask the user to confirm the first start).
set -euo pipefail

src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$src/build-macos}

if [ "$(uname -s)" != Darwin ]; then
  echo "make-dmg: this script runs on macOS only (it needs macdeployqt, iconutil and hdiutil)." >&2
  exit 1
fi
qt_prefix=${QT_PREFIX:-$(brew --prefix qt 2>/dev/null || true)}
if [ -z "$qt_prefix" ] || [ ! -x "$qt_prefix/bin/macdeployqt" ]; then
  echo "make-dmg: macdeployqt not found; install Qt (brew install qt) or set QT_PREFIX to the Qt folder." >&2
  exit 1
fi
for tool in cmake ninja iconutil hdiutil rsvg-convert; do
  if ! command -v "$tool" >/dev/null; then
    echo "make-dmg: $tool not found; see the list at the top of $0." >&2
    exit 1
  fi
done

# 1. Build the bundle (packaging/macos/bundle.cmake: Info.plist, Zerg.icns via iconutil).
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$qt_prefix" -DZERG_BUILD_TESTS=OFF -DZERG_BUILD_BENCH=OFF
cmake --build "$build" --target zerg
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")

# 2. Copy the Qt frameworks, plugins and the QML modules the UI imports into the bundle.
#    -qmldir: where the app's QML sources are (qmlimportscanner reads their imports);
#    -qmlimport: the build's own QML modules (Zerg.App, Zerg.Backend), linked in statically.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -R "$build/bin/Zerg.app" "$stage/"
sign_args=()
if [ -n "${CODESIGN_IDENTITY:-}" ]; then
  sign_args=(-codesign="$CODESIGN_IDENTITY" -hardened-runtime -timestamp)
fi
"$qt_prefix/bin/macdeployqt" "$stage/Zerg.app" \
  -qmldir="$src/qml" -qmlimport="$build/qml" -always-overwrite ${sign_args[@]+"${sign_args[@]}"}
if [ -z "${CODESIGN_IDENTITY:-}" ]; then
  codesign --force --deep --sign - "$stage/Zerg.app"
fi

# 3. The disk image: Zerg.app and a link to /Applications to drag it onto.
ln -s /Applications "$stage/Applications"
dmg=$build/Zerg-$version.dmg
hdiutil create -volname "Zerg $version" -srcfolder "$stage" -fs HFS+ -format UDZO -ov "$dmg"
echo "make-dmg: wrote $dmg"
