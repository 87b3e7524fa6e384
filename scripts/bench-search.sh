#!/usr/bin/env bash
# make bench-search: the creator search at 100,000 creators. A release tsumugi on a database of
# its own, seeded by loadtest/search-seed.sql; typical searches timed over HTTP; results and the
# query plans in loadtest/results/user-search.md. Not part of make test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

CREATORS=${CREATORS:-100000}
ITERATIONS=${ITERATIONS:-500}
PORT=${BENCH_SEARCH_PORT:-8130}
ADMIN_URL="${TEST_DATABASE_URL:-${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
BENCH_DB="tsumugi_bench_search_$$"
BENCH_URL="${ADMIN_URL%/*}/$BENCH_DB"
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"

say "building release binaries"
cargo build --release -p api -p loadtest --quiet
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "port $PORT is in use; set BENCH_SEARCH_PORT" >&2
  exit 1
fi

psql "$ADMIN_URL" -qc "create database $BENCH_DB" >/dev/null
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  psql "$ADMIN_URL" -qc "drop database if exists $BENCH_DB with (force)" >/dev/null || true
}
trap cleanup EXIT

say "starting tsumugi on $BENCH_DB (migrations and master data)"
DATABASE_URL="$BENCH_URL" PORT=$PORT DATA_DIR="$(mktemp -d)" MASTER_DATA_DIR="$MASTER_DATA_DIR" \
  REDIS_URL="" RUST_LOG=warn SITE_VERIFY=off "$TARGET/release/tsumugi" >/dev/null 2>&1 &
server_pid=$!
for _ in $(seq 1 600); do
  kill -0 "$server_pid" 2>/dev/null || { echo "tsumugi exited during start-up" >&2; exit 1; }
  curl -fs "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && break
  sleep 0.1
done

say "seeding $CREATORS creators"
first_tag=$(psql "$BENCH_URL" -qtA -v ON_ERROR_STOP=1 -v creators="$CREATORS" -f loadtest/search-seed.sql | tail -n 1)
psql "$BENCH_URL" -qc "vacuum analyze" >/dev/null

say "timing searches ($ITERATIONS each)"
"$TARGET/release/search_bench" --server "127.0.0.1:$PORT" --database-url "$BENCH_URL" \
  --first-tag "$first_tag" --iterations "$ITERATIONS" --out loadtest/results/user-search.md
