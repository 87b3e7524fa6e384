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
ADMIN_URL=$(bench_admin_url)
BENCH_DB="tsumugi_bench_search_$$"
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"

say "building release binaries"
cargo build --release -p api -p loadtest --quiet
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "port $PORT is in use; set BENCH_SEARCH_PORT" >&2
  exit 1
fi

say "starting tsumugi on $BENCH_DB (migrations and master data)"
start_bench_server "$ADMIN_URL" "$BENCH_DB" "$PORT"

say "seeding $CREATORS creators"
first_tag=$(psql "$BENCH_URL" -qtA -v ON_ERROR_STOP=1 -v creators="$CREATORS" -f loadtest/search-seed.sql | tail -n 1)
psql "$BENCH_URL" -qc "vacuum analyze" >/dev/null

say "timing searches ($ITERATIONS each)"
"$TARGET/release/search_bench" --server "127.0.0.1:$PORT" --database-url "$BENCH_URL" \
  --first-tag "$first_tag" --iterations "$ITERATIONS" --out loadtest/results/user-search.md
