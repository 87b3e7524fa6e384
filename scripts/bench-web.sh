#!/usr/bin/env bash
# make bench-web: Lighthouse 12 (mobile profile) with Debian's Chromium on the login page, /tasks
# and a channel page, against a release tsumugi with the demo data serving the production web
# build; figures and bytes per page in loadtest/results/web.md. Not part of make test.
#
# Lighthouse is pinned in loadtest/web/package.json (+ its lock file) and installed into
# .cache/lighthouse, outside the npm workspace, so CI and make test never download it.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

PORT=${BENCH_WEB_PORT:-8140}
RUNS=${RUNS:-3}
ADMIN_URL=$(bench_admin_url)
BENCH_DB="tsumugi_bench_web_$$"
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
TOOLS="$ROOT/.cache/lighthouse"
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}

[ -x "$CHROMIUM" ] || apt_install chromium
if ! cmp -s loadtest/web/package-lock.json "$TOOLS/package-lock.json" || [ ! -d "$TOOLS/node_modules/lighthouse" ]; then
  say "installing Lighthouse into .cache/lighthouse"
  mkdir -p "$TOOLS"
  cp loadtest/web/package.json loadtest/web/package-lock.json "$TOOLS/"
  (cd "$TOOLS" && npm ci --no-audit --no-fund --loglevel=error)
fi

ensure_node_modules
ensure_web_build
if [ -z "${BENCH_BIN:-}" ]; then
  say "building the server (cargo build --release)"
  cargo build --release -p api --bin tsumugi --quiet
fi
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "port $PORT is in use; set BENCH_WEB_PORT" >&2
  exit 1
fi

say "starting tsumugi with the demo data on $BENCH_DB"
start_bench_server "$ADMIN_URL" "$BENCH_DB" "$PORT" SEED_DEMO=1 WEB_DIR="$ROOT/web/dist"

say "Lighthouse: $RUNS runs per page"
node loadtest/web/lighthouse.mjs --origin "http://127.0.0.1:$PORT" --modules "$TOOLS/node_modules" \
  --chromium "$CHROMIUM" --runs "$RUNS" --reports "$TOOLS/reports" --out loadtest/results/web.md
cat loadtest/results/web.md
