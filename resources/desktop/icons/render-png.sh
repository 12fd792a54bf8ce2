#!/usr/bin/env bash
# Renders the application icon (attention-explorer.svg) to the hicolor PNG sizes, committed
# beside it so that a build needs no SVG renderer. Run after changing the SVG (needs
# rsvg-convert, Debian package librsvg2-bin).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
for size in 16 22 24 32 48 64 128 256 512; do
    mkdir -p "${size}x${size}"
    rsvg-convert -w "$size" -h "$size" attention-explorer.svg -o "${size}x${size}/attention-explorer.png"
done
