#!/usr/bin/env bash
# Builds Zerg-<version>-x86_64.AppImage: a Release build installed into an AppDir, made
# self-contained by linuxdeploy and its Qt plugin. Not run by CI (the tools are downloads and
# CI has no network). Build on the oldest distribution you want to support: the AppImage runs
# on systems with the same or a newer glibc.
#
# Needs:
#   - the build dependencies of Zerg (scripts/setup on Debian 12)
#   - linuxdeploy and linuxdeploy-plugin-qt, on PATH or named by LINUXDEPLOY (the plugin must
#     be on PATH or next to linuxdeploy). Both are AppImages from
#     https://github.com/linuxdeploy/linuxdeploy/releases and
#     https://github.com/linuxdeploy/linuxdeploy-plugin-qt/releases; make them executable.
#     Without FUSE, set APPIMAGE_EXTRACT_AND_RUN=1.
#   - qmake6 of the Qt that Zerg builds against (Debian: qt6-base-dev-tools); the Qt plugin
#     asks it where Qt's plugins and QML modules are. Override with QMAKE.
#
# Usage: packaging/linux/make-appimage.sh [BUILD_DIR]   (default: build-appimage in the source tree)
set -euo pipefail

src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$src/build-appimage}
linuxdeploy=${LINUXDEPLOY:-$(command -v linuxdeploy || command -v linuxdeploy-x86_64.AppImage || true)}
export QMAKE=${QMAKE:-$(command -v qmake6 || echo /usr/lib/qt6/bin/qmake6)}

if [ -z "$linuxdeploy" ] || [ ! -x "$linuxdeploy" ]; then
  echo "make-appimage: linuxdeploy not found; download it (see the top of $0) and put it on PATH or set LINUXDEPLOY." >&2
  exit 1
fi
if [ ! -x "$QMAKE" ]; then
  echo "make-appimage: qmake6 not found (Debian: apt install qt6-base-dev-tools); or set QMAKE." >&2
  exit 1
fi

# 1. Build and install into the AppDir with the same layout as the DEB (/usr/bin/zerg, the
#    desktop file, metainfo, icons, man page: packaging/CMakeLists.txt).
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  -DZERG_BUILD_TESTS=OFF -DZERG_BUILD_BENCH=OFF
cmake --build "$build" --target zerg
appdir=$build/AppDir
rm -rf "$appdir"
DESTDIR="$appdir" cmake --install "$build" --strip
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")

# 2. linuxdeploy copies the shared libraries; the Qt plugin adds the Qt plugins (platforms,
#    SQL drivers, image formats) and the QML modules that the QML sources import.
#    QML_SOURCES_PATHS: the app's QML files, scanned for imports. QML_MODULES_PATHS: the build's
#    own modules (Zerg.App, Zerg.Backend; linked in statically, but their imports count).
export QML_SOURCES_PATHS="$src/qml"
export QML_MODULES_PATHS="$build/qml"
# Wayland sessions: also ship the Wayland platform plugin when it is installed.
if [ -e "$("$QMAKE" -query QT_INSTALL_PLUGINS)/platforms/libqwayland-generic.so" ]; then
  export EXTRA_PLATFORM_PLUGINS=libqwayland-generic.so
fi
export VERSION=$version
export OUTPUT=$build/Zerg-$version-x86_64.AppImage
"$linuxdeploy" --appdir "$appdir" --plugin qt --output appimage \
  --desktop-file "$appdir/usr/share/applications/dev.zerg.Zerg.desktop" \
  --icon-file "$appdir/usr/share/icons/hicolor/256x256/apps/dev.zerg.Zerg.png"
echo "make-appimage: wrote $OUTPUT"
echo "make-appimage: not inside: ssh-agent, bubblewrap (the shell sandbox) and the system keychain service; they come from the host system."
