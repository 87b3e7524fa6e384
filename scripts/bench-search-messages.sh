#!/usr/bin/env bash
# make bench-search-messages: message search (GET /api/messages/search) over 1,000,000 messages
# in 2,000 channels, the caller a member of 50. A release tsumugi on a database of its own,
# seeded by loadtest/message-search-seed.sql; one- and two-character words and two-word queries
# timed over HTTP; results and plans in loadtest/results/message-search.md. Not part of make test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

MESSAGES=${MESSAGES:-1000000}
CHANNELS=${CHANNELS:-2000}
MEMBER_OF=${MEMBER_OF:-50}
ITERATIONS=${ITERATIONS:-300}
PORT=${BENCH_SEARCH_MESSAGES_PORT:-8132}
ADMIN_URL=$(bench_admin_url)
BENCH_DB="tsumugi_bench_messages_$$"
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"

say "building release binaries"
cargo build --release -p api -p loadtest --quiet
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "port $PORT is in use; set BENCH_SEARCH_MESSAGES_PORT" >&2
  exit 1
fi

say "starting tsumugi on $BENCH_DB (migrations and master data)"
start_bench_server "$ADMIN_URL" "$BENCH_DB" "$PORT"

say "seeding $MESSAGES messages in $CHANNELS channels (the search index is built as they are written)"
psql "$BENCH_URL" -qtA -v ON_ERROR_STOP=1 -v messages="$MESSAGES" -v channels="$CHANNELS" \
  -v member_of="$MEMBER_OF" -f loadtest/message-search-seed.sql | tail -n 1
psql "$BENCH_URL" -qc "vacuum analyze" >/dev/null

say "timing searches ($ITERATIONS each)"
"$TARGET/release/message_search_bench" --server "127.0.0.1:$PORT" --database-url "$BENCH_URL" \
  --iterations "$ITERATIONS" --out loadtest/results/message-search.md
