#!/usr/bin/env bash
# Builds the DEB and the TGZ of this build tree with CPack into a temporary folder and checks
# them: the files in the DEB, its control fields (the QML runtime Depends that dpkg-shlibdeps
# cannot see), that the packaged zerg runs (--version, --help), and the desktop file, AppStream
# metainfo and man page with their validators when they are installed.
#   test_packaging.sh BUILD_DIR CPACK VERSION ZERG_BINARY
set -euo pipefail

if [ $# -ne 4 ]; then
  echo "usage: $0 BUILD_DIR CPACK VERSION ZERG_BINARY" >&2
  exit 2
fi
build=$1
cpack=$2
version=$3
binary=$4
app_id=dev.zerg.Zerg

failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
stop() {
  echo "FAIL: $*" >&2
  exit 1
}
step_start=$SECONDS
step() {
  echo "--- $* (after $((SECONDS - step_start)) s)"
}

[ -x "$binary" ] || stop "$binary is missing: build the zerg target first (cmake --build $build --target zerg)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/zerg-packaging.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# With Ninja, cpack packages what is built (it builds nothing itself).
run_cpack() {
  local generator=$1 out=$2
  if ! (cd "$build" && "$cpack" -G "$generator" -B "$out") \
      >"$tmp/cpack-$generator.log" 2>&1; then
    cat "$tmp/cpack-$generator.log" >&2
    stop "cpack -G $generator failed (log above)"
  fi
}

# --- DEB --------------------------------------------------------------------------------------
step "cpack -G DEB"
run_cpack DEB "$tmp/deb"
debs=("$tmp"/deb/*.deb)
{ [ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ]; } || stop "expected one .deb in $tmp/deb, found: ${debs[*]}"
deb=${debs[0]}
echo "DEB: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"

step "dpkg-deb -x"
root=$tmp/root
dpkg-deb -x "$deb" "$root"

# Exactly these files, nothing else (no stray headers, static libraries or build files).
expected=(
  usr/bin/zerg
  usr/lib/zerg/zerg-microphone.so
  "usr/share/applications/$app_id.desktop"
  "usr/share/metainfo/$app_id.metainfo.xml"
  "usr/share/icons/hicolor/scalable/apps/$app_id.svg"
  "usr/share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
  usr/share/man/man1/zerg.1.gz
  usr/share/doc/zerg/LICENSE
  "usr/lib/systemd/system/zerg-serve@.service"
  usr/lib/systemd/user/zerg-serve.service
)
for size in 16 32 48 64 128 256; do
  expected+=("usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png")
done
(cd "$root" && find . -type f -o -type l | sed 's|^\./||' | LC_ALL=C sort) >"$tmp/files.txt"
printf '%s\n' "${expected[@]}" | LC_ALL=C sort >"$tmp/expected.txt"
if ! diff -u "$tmp/expected.txt" "$tmp/files.txt" >"$tmp/files.diff"; then
  cat "$tmp/files.diff" >&2
  fail "the DEB's files differ from the expected list (- expected, + in the package)"
fi

# The PNGs have the size their folder says (width and height: big-endian, bytes 16-23).
for size in 16 32 48 64 128 256; do
  png=$root/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png
  [ -f "$png" ] || continue
  read -r -a b <<<"$(od -An -tu1 -j16 -N8 "$png")"
  width=$(((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]))
  height=$(((b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7]))
  { [ "$width" = "$size" ] && [ "$height" = "$size" ]; } ||
    fail "$png is ${width}x${height}, not ${size}x${size}"
done

# Owned by root, with ordinary permissions.
if dpkg-deb -c "$deb" | awk '$2 != "root/root" { bad = 1 } END { exit bad }'; then :; else
  fail "files in the DEB not owned by root/root: $(dpkg-deb -c "$deb" | awk '$2 != "root/root"')"
fi
[ "$(stat -c %a "$root/usr/bin/zerg")" = 755 ] || fail "usr/bin/zerg is not mode 755"

# Users get a stripped binary.
if readelf -S "$root/usr/bin/zerg" | grep -q '\.debug_info'; then
  fail "usr/bin/zerg still has debug information (CPACK_STRIP_FILES)"
fi

step "control fields"
dpkg-deb --info "$deb" >"$tmp/info.txt" 2>&1 ||
  stop "dpkg-deb cannot read the DEB's control file: $(cat "$tmp/info.txt")"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = zerg ] || fail "Package is '$(field Package)', not zerg"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
[ "$(field Section)" = admin ] || fail "Section is '$(field Section)', not admin"
[ -n "$(field Homepage)" ] || fail "no Homepage"
[ -n "$(field Description)" ] || fail "no Description"
depends=$(field Depends)
echo "Depends: $depends"
# The QML modules the UI imports and what they import in turn, the SQLite driver, and (from
# dpkg-shlibdeps) the libraries the binary and the microphone plug-in link. What the app really loads is checked below.
for pkg in qml6-module-qtqml qml6-module-qtqml-models qml6-module-qtqml-workerscript \
    qml6-module-qtquick qml6-module-qtquick-controls qml6-module-qtquick-templates \
    qml6-module-qtquick-layouts libqt6sql6-sqlite libqt6core6 libqt6gui6 libqt6quick6 libc6 \
    libqt6multimedia6; do
  grep -Eq "(^|, )$pkg( |,|$)" <<<"$depends" || fail "Depends lacks $pkg"
done
recommends=$(field Recommends)
for pkg in libqt6sql6-psql openssh-client bubblewrap libespeak-ng1; do
  grep -Eq "(^|, )$pkg( |,|$)" <<<"$recommends" || fail "Recommends lacks $pkg"
done

step "run the packaged zerg"
home=$tmp/home
mkdir -p "$home/config" "$home/data" "$home/cache" "$home/runtime" "$home/zerg-data"
chmod 700 "$home/runtime"
# A clean environment: nothing of the user's settings, data or keychain; no network. Extra
# VAR=value pairs go before "--".
run_zerg() {
  local extra=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do extra+=("$1"); shift; done
  shift
  env -i PATH=/usr/bin:/bin LANG=C.UTF-8 HOME="$home" XDG_CONFIG_HOME="$home/config" \
    XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" XDG_RUNTIME_DIR="$home/runtime" \
    ZERG_DATA_DIR="$home/zerg-data" ZERG_SECRET_BACKEND=file QT_QPA_PLATFORM=offscreen \
    ZERG_LLM_BASE_URL=http://127.0.0.1:9/v1 ZERG_MODEL=packaging-test \
    ZERG_OLLAMA_URL=http://127.0.0.1:9 ${extra[@]+"${extra[@]}"} "$root/usr/bin/zerg" "$@"
}
if out=$(run_zerg -- --version 2>&1); then
  [ "$out" = "zerg $version" ] || fail "zerg --version printed '$out', not 'zerg $version'"
else
  fail "zerg --version failed: $out"
fi
if out=$(run_zerg -- --help 2>&1); then
  grep -q '^Usage: zerg' <<<"$out" || fail "zerg --help printed no usage: $out"
  grep -q 'ask' <<<"$out" || fail "zerg --help does not mention ask: $out"
else
  fail "zerg --help failed: $out"
fi

# The window starts from the package and draws (offscreen); every QML module and Qt plugin it
# loads from the system comes from a package in Depends (shlibdeps cannot see these).
step "start the packaged window"
if run_zerg QT_DEBUG_PLUGINS=1 QT_LOGGING_RULES=qt.qml.import=true -- \
    --screenshot "$tmp/window.png" >"$tmp/gui.log" 2>&1; then
  [ -s "$tmp/window.png" ] || fail "zerg --screenshot saved no window image"
else
  tail -n 40 "$tmp/gui.log" >&2
  fail "the packaged window did not start (zerg --screenshot failed; log tail above)"
fi
# Absolute paths of loaded plugins ("... loaded library") and QML modules (loaded ".../qmldir").
{
  sed -n 's/^qt\.core\.library: "\(\/[^"]*\)" loaded library$/\1/p' "$tmp/gui.log"
  grep -o 'loaded "/[^"]*/qmldir"' "$tmp/gui.log" | sed 's/^loaded "\(.*\)"$/\1/'
} | sort -u >"$tmp/loaded.txt"
grep -q '/qml/QtQuick/Controls/Basic/' "$tmp/loaded.txt" ||
  fail "found no loaded QML module in the log; did QT_DEBUG_PLUGINS or qt.qml.import change?"
while read -r file; do
  owner=$(dpkg-query -S "$(realpath "$file")" 2>/dev/null | head -n1 | cut -d: -f1) || true
  if [ -z "$owner" ]; then
    fail "the window loads $file, which no package owns"
  elif ! grep -Eq "(^|, )$owner( |,|$)" <<<"$depends"; then
    fail "the window loads $file from $owner, which is not in Depends (packaging/CMakeLists.txt)"
  fi
done <"$tmp/loaded.txt"
echo "loaded at run time: $(wc -l <"$tmp/loaded.txt") plugins and QML modules, all from packages in Depends"

step "desktop file, metainfo, man page"
desktop=$root/usr/share/applications/$app_id.desktop
metainfo=$root/usr/share/metainfo/$app_id.metainfo.xml
grep -qx 'Exec=zerg' "$desktop" || fail "the desktop file does not start zerg"
grep -qx "Icon=$app_id" "$desktop" || fail "the desktop file's Icon is not $app_id"
grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo" ||
  fail "the metainfo does not launch $app_id.desktop"
grep -q "<release version=\"$version\"" "$metainfo" || fail "the metainfo has no release $version"
grep -q "<project_license>Apache-2.0</project_license>" "$metainfo" || fail "the metainfo has no project_license"
! grep -q "example.invalid" "$metainfo" || fail "the metainfo points to example.invalid"
cmp -s "$root/usr/share/doc/zerg/LICENSE" "$(dirname "$0")/../../../LICENSE" || fail "the package's LICENSE differs"
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$desktop" >"$tmp/dfv.log" 2>&1 || { cat "$tmp/dfv.log" >&2; fail "desktop-file-validate"; }
  if grep -Eq 'error|warning' "$tmp/dfv.log"; then cat "$tmp/dfv.log" >&2; fail "desktop-file-validate warns"; fi
else
  echo "SKIP: desktop-file-validate not installed (Debian: desktop-file-utils)"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net --explain "$metainfo" >"$tmp/as.log" 2>&1 ||
    { cat "$tmp/as.log" >&2; fail "appstreamcli validate"; }
else
  echo "SKIP: appstreamcli not installed (Debian: appstream)"
fi
gunzip -c "$root/usr/share/man/man1/zerg.1.gz" >"$tmp/zerg.1" || fail "zerg.1.gz is not gzip"
grep -q "^\.TH ZERG 1 .*\"Zerg $version\"" "$tmp/zerg.1" || fail "the man page's .TH does not name Zerg $version"
grep -q '@[A-Z_]*@' "$tmp/zerg.1" && fail "the man page has unreplaced @VARIABLES@"
if command -v groff >/dev/null; then
  warnings=$(groff -man -ww -z "$tmp/zerg.1" 2>&1) || true
  [ -z "$warnings" ] || fail "groff warns about the man page: $warnings"
  # Every command of `zerg --help` and every variable of the README has its place in the page.
  text=$(groff -man -Tutf8 -P-cbou "$tmp/zerg.1" 2>/dev/null)
  for cmd in "ask" "workers list" "workers show" "workers grep" "workers reindex" "runs list" \
      "runs show" "runs export" "hosts list" "hosts trust" "hosts import" "hosts add" "hosts remove" "key set" "key clear" "key status" \
      "serve" "devices add" "devices list" "devices revoke" "connect" "doctor" "--ask" "--page" \
      "--tour" "--screenshot" "--help" "--version" "ENVIRONMENT" "EXIT STATUS" "FILES" "SEE ALSO"; do
    grep -qF -- "$cmd" <<<"$text" || fail "the man page does not mention '$cmd'"
  done
else
  echo "SKIP: groff not installed (Debian: groff-base)"
fi
if command -v man >/dev/null; then
  warnings=$(MANWIDTH=80 man --warnings -l "$tmp/zerg.1" 2>&1 >/dev/null) || true
  [ -z "$warnings" ] || fail "man --warnings: $warnings"
fi

step "systemd units"
for unit in "usr/lib/systemd/system/zerg-serve@.service" usr/lib/systemd/user/zerg-serve.service; do
  grep -q '@[A-Z_]*@' "$root/$unit" && fail "$unit has unreplaced @VARIABLES@"
  grep -q '^ExecStart=/usr/bin/zerg serve' "$root/$unit" || fail "$unit does not start /usr/bin/zerg serve"
done
if command -v systemd-analyze >/dev/null; then
  # Verified as installed: the units' ExecStart names /usr/bin/zerg, so point it at the
  # package's binary. (The zerg user need not exist for verify. The user unit is checked by
  # the system manager: --user needs a session, which CI has not.)
  mkdir -p "$tmp/units"
  sed "s|/usr/bin/zerg|$root/usr/bin/zerg|" "$root/usr/lib/systemd/system/zerg-serve@.service" \
    >"$tmp/units/zerg-serve@.service"
  sed "s|/usr/bin/zerg|$root/usr/bin/zerg|" "$root/usr/lib/systemd/user/zerg-serve.service" \
    >"$tmp/units/zerg-serve.service"
  if ! systemd-analyze verify "$tmp/units/zerg-serve@demo.service" >"$tmp/sa.log" 2>&1 ||
      ! systemd-analyze verify "$tmp/units/zerg-serve.service" >>"$tmp/sa.log" 2>&1 ||
      grep -q 'zerg-serve' "$tmp/sa.log"; then
    cat "$tmp/sa.log" >&2
    fail "systemd-analyze verify"
  fi
else
  echo "SKIP: systemd-analyze not installed (Debian: systemd)"
fi

# --- TGZ --------------------------------------------------------------------------------------
step "cpack -G TGZ"
run_cpack TGZ "$tmp/tgz"
tgzs=("$tmp"/tgz/*.tar.gz)
{ [ ${#tgzs[@]} -eq 1 ] && [ -f "${tgzs[0]}" ]; } || stop "expected one .tar.gz in $tmp/tgz, found: ${tgzs[*]}"
tar -tzf "${tgzs[0]}" >"$tmp/tgz.txt"
for f in bin/zerg share/applications/$app_id.desktop share/man/man1/zerg.1.gz; do
  grep -q "^[^/]*/$f\$" "$tmp/tgz.txt" || fail "the TGZ lacks $f"
done
echo "TGZ: $(basename "${tgzs[0]}"), $(du -k "${tgzs[0]}" | cut -f1) KiB"

step "done"
if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "PASS"
