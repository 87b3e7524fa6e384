#!/usr/bin/env bash
# make run: install what is missing, start a private PostgreSQL unless DATABASE_URL is set,
# and serve Tsumugi with demo data on http://127.0.0.1:8080.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

command -v node >/dev/null || apt_install nodejs npm
# The Japanese font embedded in PDF statements (PDF_FONT_PATH).
apt_install fonts-noto-cjk
ensure_node_modules
ensure_web_build
ensure_release_binary
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
export MASTER_DATA_DIR

cleanup() {
  [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  stop_database
}
trap cleanup EXIT
trap 'exit 130' INT TERM

use_database

export HOST="${HOST:-127.0.0.1}" PORT="${PORT:-8080}" DATA_DIR="${DATA_DIR:-$ROOT/data}" WEB_DIR="${WEB_DIR:-$ROOT/web/dist}" SEED_DEMO="${SEED_DEMO:-1}"
mkdir -p "$DATA_DIR"

print_demo_logins "http://$HOST:$PORT"

"$ROOT/target/release/tsumugi" &
SERVER_PID=$!
wait "$SERVER_PID"
