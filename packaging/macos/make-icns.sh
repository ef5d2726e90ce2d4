#!/usr/bin/env bash
# Renders the app icon SVG into a macOS .icns: every size of an .iconset with rsvg-convert,
# then iconutil. macOS only (iconutil comes with the Xcode command line tools); rsvg-convert
# comes from `brew install librsvg`. Called by packaging/macos/bundle.cmake at build time.
#   make-icns.sh resources/icons/dev.zerg.Zerg.svg build/app/Zerg.icns
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: $0 ICON.svg OUTPUT.icns" >&2
  exit 2
fi
svg=$1
icns=$2
for tool in rsvg-convert iconutil; do
  if ! command -v "$tool" >/dev/null; then
    echo "make-icns: $tool not found (rsvg-convert: brew install librsvg; iconutil: xcode-select --install)" >&2
    exit 1
  fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
iconset=$work/Zerg.iconset
mkdir "$iconset"
# iconutil wants each point size at 1x and 2x: icon_16x16.png, icon_16x16@2x.png (32 px), ...
for size in 16 32 128 256 512; do
  rsvg-convert --width "$size" --height "$size" --output "$iconset/icon_${size}x${size}.png" "$svg"
  double=$((size * 2))
  rsvg-convert --width "$double" --height "$double" --output "$iconset/icon_${size}x${size}@2x.png" "$svg"
done
iconutil --convert icns --output "$icns" "$iconset"
