#!/usr/bin/env bash
# make screens: the browser tour (web/e2e/tour.spec.ts) with SCREENS=1 writes one screenshot per
# route × viewport to docs/screens/, replacing the old ones; pngquant keeps the files small.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

apt_install postgresql redis-server chromium fonts-noto-cjk fonts-noto-color-emoji pngquant
command -v node >/dev/null || apt_install nodejs npm
ensure_node_modules

# The machine's PostgreSQL on 5432 when it trusts us, else a private one; Redis on 6379.
ensure_test_postgres
ensure_local_redis
export DATABASE_URL="$TEST_DATABASE_URL" E2E_DATABASE_ADMIN_URL="$TEST_DATABASE_URL"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/?protocol=resp3}"
MASTER_DATA_DIR="$(ensure_master_data)"
export MASTER_DATA_DIR
ensure_web_build
ensure_release_binary

say "touring every route and taking the screenshots"
rm -f docs/screens/*.png
npm run screens -w web --silent
pngquant --force --skip-if-larger --ext .png --quality 65-90 --strip docs/screens/*.png || true
say "$(ls docs/screens/*.png | wc -l) screenshots, $(du -sh docs/screens | cut -f1) in docs/screens/"
