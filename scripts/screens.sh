#!/usr/bin/env bash
# make screens: the browser tour (web/e2e/tour.spec.ts) with SCREENS=1 writes one screenshot per
# route × viewport to docs/screens/, replacing the old ones; pngquant keeps the files small.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

apt_install postgresql redis-server chromium fonts-noto-cjk fonts-noto-color-emoji pngquant
command -v node >/dev/null || apt_install nodejs npm
ensure_node_modules

ensure_test_services
ensure_web_build
ensure_release_binary

say "touring every route and taking the screenshots"
rm -f docs/screens/*.png
npm run screens -w web --silent
pngquant --force --skip-if-larger --ext .png --quality 65-90 --strip docs/screens/*.png || true
say "$(ls docs/screens/*.png | wc -l) screenshots, $(du -sh docs/screens | cut -f1) in docs/screens/"
