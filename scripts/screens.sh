#!/usr/bin/env bash
# make screens: the browser tour (web/e2e/tour.spec.ts) with SCREENS=1 writes one screenshot per
# route × viewport to docs/screens/, replacing the old ones; pngquant keeps the files small.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

apt_install postgresql redis-server chromium fonts-noto-cjk fonts-noto-color-emoji pngquant
command -v node >/dev/null || apt_install nodejs npm
ensure_node_modules

# The same services as make test: the machine's PostgreSQL on 5432 when it trusts us, else a private one.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; then
    TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
  else
    start_private_cluster "$(private_cluster_dir)-test"
    TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  fi
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  say "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no >/dev/null
  for _ in $(seq 1 50); do redis-cli ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
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
