#!/usr/bin/env bash
# make bench-rest (and a section of make bench): the hottest REST reads against the database's
# own speed. A release tsumugi on a database of its own (demo data, 100,000 creators from
# loadtest/search-seed.sql, volume from loadtest/rest-seed.sql); for each page, in one run:
#   - wrk: the most requests/s the server answers with CONNECTIONS keep-alive connections;
#   - pgbench: the same SQL statements the handler runs (loadtest/rest/<page>.sql), same data,
#     same number of connections, prepared as sqlx prepares them;
#   - loadtest http: p50/p99 at a fixed 200 requests/s, open loop;
#   - EXPLAIN (ANALYZE, BUFFERS) of each statement.
# Writes loadtest/results/rest-pages.md. QUICK=1 shortens every step. Not part of make test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

QUICK=${QUICK:-0}
SECONDS_EACH=$([ "$QUICK" = 1 ] && echo 4 || echo 10)
CONNECTIONS=${CONNECTIONS:-8}
RATE=${RATE:-200}
PORT=${BENCH_REST_PORT:-8140}
ADMIN_URL=$(bench_admin_url)
BENCH_DB="tsumugi_bench_rest_$$"
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
OUT="${REST_OUT:-$ROOT/loadtest/results/rest-pages.md}"

apt_install wrk postgresql-contrib
if [ -z "${SKIP_BUILD:-}" ]; then
  say "building release binaries"
  cargo build --release -p api --bin tsumugi --quiet
  cargo build --release -p loadtest --bin loadtest --quiet
fi
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "port $PORT is in use; set BENCH_REST_PORT" >&2
  exit 1
fi
PGBENCH=$(command -v pgbench || echo "$(pg_bin_dir)/pgbench")

say "rest: starting tsumugi on $BENCH_DB (migrations, master data, demo data)"
start_bench_server "$ADMIN_URL" "$BENCH_DB" "$PORT" SEED_DEMO=1

say "rest: seeding 100000 creators and the pages' volume"
first_tag=$(psql "$BENCH_URL" -qtA -v ON_ERROR_STOP=1 -v creators=100000 -f loadtest/search-seed.sql | tail -n 1)
channel=$(psql "$BENCH_URL" -qtA -v ON_ERROR_STOP=1 -v messages=10000 -v notices=2000 -v tasks=4000 -f loadtest/rest-seed.sql | tail -n 1)
psql "$BENCH_URL" -qc "vacuum analyze" >/dev/null
[ -n "$first_tag" ] || { echo "search seed printed no tag" >&2; exit 1; }

# The values the statements are run with: pgbench gets them as variables (-D), EXPLAIN as literals.
q() { psql "$BENCH_URL" -qtAc "$1"; }
creator_id=$(q "select id from users where mail_address = 'creator@demo.tsumugi.jp'")
client_id=$(q "select id from users where mail_address = 'client@bench-search.tsumugi.jp'")
declare -A VARS=(
  [creator_id]="$creator_id"
  [client_user_id]="$client_id"
  [channel_id]="$channel"
  [message_ids]="$(q "select array_agg(id order by id)::text from (select id from messages where channel_id = $channel and deleted_at is null order by id desc limit 50) newest")"
  [page_limit]=50 [page_offset]=0 [notice_limit]=20 [notice_offset]=0 [search_limit]=20 [search_offset]=0
  [task_statuses]="{doing}"
  [notice_types]="{order_task,reject_client_order,reject_delivery,inspected_delivery,check_delivery,check_client_order,team_offer}"
  [hide_flags]="{temporary_offer_stop,black}" [work_status]=accepting [genre_id]=1
)
explain_env() { for name in "${!VARS[@]}"; do echo "REST_VAR_$name=${VARS[$name]}"; done; }
# The search's cards are read for the ids its page statement (the first one) returns.
VARS[search_page_ids]=$(env $(explain_env) python3 scripts/rest_explain.py loadtest/rest/user-search.sql --plain 1 \
  | sed 's/;$//' | { read -r -d '' page || true; q "select array_agg(user_id)::text from ($page) page"; })
pgbench_defines=()
for name in "${!VARS[@]}"; do pgbench_defines+=(-D "$name=${VARS[$name]}"); done

# name | path | token | statements file
PAGES=(
  "channel message page|/api/channels/$channel/messages|bench-rest-creator|channel-page"
  "teams|/api/teams|bench-rest-creator|teams"
  "tasks in progress|/api/tasks?status%5B%5D=doing|bench-rest-creator|tasks-doing"
  "notice list|/api/v2/notices?type=task|bench-rest-creator|notices"
  "creator search at 100,000|/api/users/search?genre_ids%5B%5D=1&work_statuses%5B%5D=accepting|bench-search-client|user-search"
)

# The floors: the same HTTP stack and generator with no SQL (GET /revision.json) and with one
# trivial statement and no session (GET /api/health runs `select 1`).
floor() { wrk -t 2 -c "$CONNECTIONS" -d "${SECONDS_EACH}s" "http://127.0.0.1:$PORT$1" | awk '/^Requests\/sec:/ {printf "%d", $2}'; }
static_rps=$(floor /revision.json)
floor_rps=$(floor /api/health)
say "rest: GET /revision.json (no SQL) $static_rps requests/s; GET /api/health (select 1) $floor_rps requests/s"

ROWS=""
PLANS=""
for page in "${PAGES[@]}"; do
  IFS='|' read -r name path token file <<<"$page"
  url="http://127.0.0.1:$PORT$path"
  sql="loadtest/rest/$file.sql"
  status=$(curl -s -o /tmp/rest-bench-body.$$ -w '%{http_code}' -H "Authorization: Bearer $token" "$url")
  [ "$status" = 200 ] || { echo "$name: $url answered $status: $(head -c 300 /tmp/rest-bench-body.$$)" >&2; exit 1; }
  bytes=$(wc -c < /tmp/rest-bench-body.$$)
  statements=$(grep -c ';[[:space:]]*$' "$sql")
  say "rest: $name"
  # wrk: closed loop, as many requests as the server answers.
  wrk_out=$(wrk -t 2 -c "$CONNECTIONS" -d "${SECONDS_EACH}s" --latency -H "Authorization: Bearer $token" "$url")
  wrk_rps=$(awk '/^Requests\/sec:/ {printf "%d", $2}' <<<"$wrk_out")
  wrk_errors=$(awk '/Non-2xx or 3xx responses:/ {print $NF}' <<<"$wrk_out"); wrk_errors=${wrk_errors:-0}
  # pgbench: the same statements on the same data.
  pg_out=$("$PGBENCH" -n -M prepared -c "$CONNECTIONS" -j 2 -T "$SECONDS_EACH" "${pgbench_defines[@]}" -f "$sql" "$BENCH_URL" 2>&1)
  pg_tps=$(awk '/^tps = / {printf "%d", $3}' <<<"$pg_out")
  [ -n "$pg_tps" ] || { echo "pgbench failed for $sql:"$'\n'"$pg_out" >&2; exit 1; }
  # A fixed rate, open loop: latency from the moment each request was due.
  rate_out=$("$TARGET/release/loadtest" http --url "$url" --token "$token" --rate "$RATE" --seconds "$SECONDS_EACH")
  read -r p50 p99 rate_errors < <(python3 -c "import json,sys; d=json.loads(sys.argv[1]); print(d['latency']['p50_ms'], d['latency']['p99_ms'], d['errors'])" "$rate_out")
  ratio=$(python3 -c "import sys; print(f'{int(sys.argv[1]) / int(sys.argv[2]):.2f}')" "$wrk_rps" "$pg_tps")
  echo "  wrk $wrk_rps req/s, pgbench $pg_tps tps (ratio $ratio), at $RATE/s p50 $p50 ms p99 $p99 ms"
  ROWS+="| $name (\`GET ${path//%5B%5D/[]}\`) | $statements | $bytes | $wrk_rps | $pg_tps | $ratio | $p50 | $p99 | $((wrk_errors + rate_errors)) |"$'\n'
  plans=$(env $(explain_env) python3 scripts/rest_explain.py "$sql" | psql "$BENCH_URL" -qtA -v ON_ERROR_STOP=1 2>&1)
  PLANS+="### $name"$'\n\n'"Statements: \`loadtest/rest/$file.sql\`."$'\n\n```\n'"$plans"$'\n```\n\n'
done
rm -f /tmp/rest-bench-body.$$

{
  echo "# REST pages against the database's own speed — $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "\`scripts/bench-rest.sh\` ($([ "$QUICK" = 1 ] && echo 'quick' || echo 'full'); $(nproc) cores, generator, tsumugi and PostgreSQL on one machine): a release \`tsumugi\` on its own database with the demo data, 100,000 creators (\`loadtest/search-seed.sql\`) and \`loadtest/rest-seed.sql\` (a channel of 10,000 messages, 2,000 notices, 4,000 more tasks), vacuumed and analysed. For each page, one after another in the same run: \`wrk\` with $CONNECTIONS keep-alive connections for ${SECONDS_EACH} s; \`pgbench -M prepared\` with $CONNECTIONS connections for ${SECONDS_EACH} s running the statements the handler runs (session lookup included; file named under each plan); then \`loadtest http\` at a fixed $RATE requests/s for ${SECONDS_EACH} s after 2 s of warm-up, latency counted from when each request was due."
  echo
  echo "Targets: requests/s ≥ 0.5 × pgbench's transactions/s; p99 ≤ 20 ms at 200 requests/s."
  echo
  echo "The HTTP floors, measured the same way: \`GET /revision.json\` (no SQL, outside the API's middleware) answers $static_rps requests/s; \`GET /api/health\` (the API's middleware, no session, one \`select 1\`) $floor_rps requests/s. No page can pass the second, so a page whose SQL is cheaper than the HTTP round trip has a ratio bounded by $floor_rps ÷ its pgbench figure."
  echo
  echo "| page | SQL statements | response bytes | tsumugi requests/s (wrk) | pgbench transactions/s | ratio | p50 at $RATE/s (ms) | p99 at $RATE/s (ms) | errors |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s' "$ROWS"
  echo
  echo "PostgreSQL: $(q 'select version()')"
  echo
  echo "## Plans (\`EXPLAIN (ANALYZE, BUFFERS)\` of each statement, after the load)"
  echo
  printf '%s' "$PLANS"
} > "$OUT"
say "rest: results in ${OUT#"$ROOT"/}"
