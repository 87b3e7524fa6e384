#!/usr/bin/env bash
# make bench-rest (and a section of make bench): the hottest REST reads against the database's
# own speed. A release tsumugi on a database of its own (demo data, 100,000 creators from
# loadtest/search-seed.sql, volume from loadtest/rest-seed.sql); for each page, in one run:
#   - wrk: the most requests/s the server answers with CONNECTIONS keep-alive connections;
#   - pgbench: the same SQL statements the handler runs (loadtest/rest/<page>.sql), same data,
#     same number of connections, prepared as sqlx prepares them, over the same transport
#     (TCP without TLS: the server's sqlx is built without it);
#   - wrk and pgbench take turns, ROUNDS times, and the ratio is the median of the rounds'
#     ratios, so a drift in the machine's speed (a neighbour on the host) hits both sides;
#   - loadtest http: p50/p99 at a fixed 200 requests/s, open loop;
#   - EXPLAIN (ANALYZE, BUFFERS) of each statement.
# Writes loadtest/results/rest-pages.md. QUICK=1 shortens every step; PAGES_ONLY (a regular
# expression over the statements files' names, e.g. `teams`) runs only those pages. Not part of
# make test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

QUICK=${QUICK:-0}
SECONDS_EACH=$([ "$QUICK" = 1 ] && echo 4 || echo 10)
ROUNDS=${ROUNDS:-$([ "$QUICK" = 1 ] && echo 1 || echo 3)}
ROUND_SECONDS=$([ "$QUICK" = 1 ] && echo 4 || echo 6)
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
# Clock ticks all cores spent busy since boot (user, nice, system, irq and softirq in /proc/stat;
# not idle, iowait or the hypervisor's steal), and the ones the server spent (user and system).
busy_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8}' /proc/stat; }
server_ticks() { awk '{print $14 + $15}' "/proc/$BENCH_SERVER_PID/stat"; }
# per_request_us TICKS REQUESTS: microseconds of CPU per request.
per_request_us() { python3 -c "import os, sys; print(round(int(sys.argv[1]) / os.sysconf('SC_CLK_TCK') / max(int(sys.argv[2]), 1) * 1e6))" "$1" "$2"; }
# cores_busy TICKS SECONDS: the cores those ticks kept busy on average.
cores_busy() { python3 -c "import os, sys; print(f'{int(sys.argv[1]) / os.sysconf(\"SC_CLK_TCK\") / int(sys.argv[2]):.2f}')" "$1" "$2"; }

static_rps=$(floor /revision.json)
ticks_before=$(server_ticks)
floor_rps=$(floor /api/health)
floor_server_us=$(per_request_us $(( $(server_ticks) - ticks_before )) $(( floor_rps * SECONDS_EACH )))
say "rest: GET /revision.json (no SQL) $static_rps requests/s; GET /api/health (select 1) $floor_rps requests/s, the server's CPU $floor_server_us µs per request"

ROWS=""
SLOWEST=""
PLANS=""
for page in "${PAGES[@]}"; do
  IFS='|' read -r name path token file <<<"$page"
  [[ "$file" =~ ${PAGES_ONLY:-.} ]] || continue
  url="http://127.0.0.1:$PORT$path"
  sql="loadtest/rest/$file.sql"
  status=$(curl -s -o /tmp/rest-bench-body.$$ -w '%{http_code}' -H "Authorization: Bearer $token" "$url")
  [ "$status" = 200 ] || { echo "$name: $url answered $status: $(head -c 300 /tmp/rest-bench-body.$$)" >&2; exit 1; }
  bytes=$(wc -c < /tmp/rest-bench-body.$$)
  statements=$(grep -c ';[[:space:]]*$' "$sql")
  say "rest: $name"
  wrk_rounds=() pg_rounds=() wrk_errors=0 server_busy=0 requests=0
  for _ in $(seq 1 "$ROUNDS"); do
    # wrk: closed loop, as many requests as the server answers.
    ticks_before=$(server_ticks)
    wrk_out=$(wrk -t 2 -c "$CONNECTIONS" -d "${ROUND_SECONDS}s" -H "Authorization: Bearer $token" "$url")
    server_busy=$((server_busy + $(server_ticks) - ticks_before))
    wrk_rounds+=("$(awk '/^Requests\/sec:/ {printf "%d", $2}' <<<"$wrk_out")")
    requests=$((requests + ${wrk_rounds[-1]} * ROUND_SECONDS))
    errors=$(awk '/Non-2xx or 3xx responses:/ {print $NF}' <<<"$wrk_out")
    wrk_errors=$((wrk_errors + ${errors:-0}))
    # pgbench: the same statements on the same data, over the server's transport.
    pg_out=$(PGSSLMODE=disable "$PGBENCH" -n -M prepared -c "$CONNECTIONS" -j 2 -T "$ROUND_SECONDS" "${pgbench_defines[@]}" -f "$sql" "$BENCH_URL" 2>&1)
    pg_tps=$(awk '/^tps = / {printf "%d", $3}' <<<"$pg_out")
    [ -n "$pg_tps" ] || { echo "pgbench failed for $sql:"$'\n'"$pg_out" >&2; exit 1; }
    pg_rounds+=("$pg_tps")
  done
  # The median of each side and of the rounds' ratios, and every round's ratio.
  read -r wrk_rps pg_tps ratio round_ratios < <(python3 -c "
import statistics, sys
w = [int(x) for x in sys.argv[1].split()]; p = [int(x) for x in sys.argv[2].split()]
r = [a / b for a, b in zip(w, p)]
print(int(statistics.median(w)), int(statistics.median(p)), f'{statistics.median(r):.2f}', '/'.join(f'{x:.2f}' for x in r))
" "${wrk_rounds[*]}" "${pg_rounds[*]}")
  server_us=$(per_request_us "$server_busy" "$requests")
  # PostgreSQL (and pgbench) alone at the rate tsumugi answered: the machine's busy cores while
  # pgbench is paced at the median wrk figure. The machine's cores minus that is what the HTTP
  # side (the server and wrk) had at that rate.
  busy_before=$(busy_ticks)
  PGSSLMODE=disable "$PGBENCH" -n -M prepared -c "$CONNECTIONS" -j 2 -T "$ROUND_SECONDS" -R "$wrk_rps" "${pgbench_defines[@]}" -f "$sql" "$BENCH_URL" >/dev/null 2>&1
  paced_cores=$(cores_busy $(( $(busy_ticks) - busy_before )) "$ROUND_SECONDS")
  # A fixed rate, open loop: latency from the moment each request was due.
  rate_out=$("$TARGET/release/loadtest" http --url "$url" --token "$token" --rate "$RATE" --seconds "$SECONDS_EACH")
  read -r p50 p99 rate_errors slowest < <(python3 -c "import json,sys; d=json.loads(sys.argv[1]); print(d['latency']['p50_ms'], d['latency']['p99_ms'], d['errors'], ' '.join(str(round(s)) for s in d['slowest_per_second_ms']))" "$rate_out")
  echo "  wrk $wrk_rps req/s, pgbench $pg_tps tps (ratio $ratio; rounds $round_ratios); pgbench paced at $wrk_rps/s keeps $paced_cores cores busy; the server's CPU $server_us µs per request; at $RATE/s p50 $p50 ms p99 $p99 ms"
  echo "    at $RATE/s, slowest answer per second (ms): $slowest"
  SLOWEST+="- $name: $slowest"$'\n'
  ROWS+="| $name (\`GET ${path//%5B%5D/[]}\`) | $statements | $bytes | $wrk_rps | $pg_tps | $ratio | $round_ratios | $paced_cores | $server_us | $p50 | $p99 | $((wrk_errors + rate_errors)) |"$'\n'
  plans=$(env $(explain_env) python3 scripts/rest_explain.py "$sql" | psql "$BENCH_URL" -qtA -v ON_ERROR_STOP=1 2>&1)
  PLANS+="### $name"$'\n\n'"Statements: \`loadtest/rest/$file.sql\`."$'\n\n```\n'"$plans"$'\n```\n\n'
done
rm -f /tmp/rest-bench-body.$$

{
  echo "# REST pages against the database's own speed — $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "\`scripts/bench-rest.sh\` ($([ "$QUICK" = 1 ] && echo 'quick' || echo 'full'); $(nproc) cores, generator, tsumugi and PostgreSQL on one machine): a release \`tsumugi\` on its own database with the demo data, 100,000 creators (\`loadtest/search-seed.sql\`) and \`loadtest/rest-seed.sql\` (a channel of 10,000 messages, 2,000 notices, 4,000 more tasks), vacuumed and analysed. For each page, one after another in the same run: $ROUNDS round(s) of \`wrk\` with $CONNECTIONS keep-alive connections for ${ROUND_SECONDS} s, then \`pgbench -M prepared\` with $CONNECTIONS connections for ${ROUND_SECONDS} s running the statements the handler runs (file named under each plan) over the server's own transport (TCP to 127.0.0.1 without TLS, \`PGSSLMODE=disable\`: the server's sqlx is built without TLS); each side's figure is the median of its rounds and the ratio the median of the rounds' ratios (each listed); then \`pgbench\` once more, paced at tsumugi's median requests/s, with the machine's busy cores read from \`/proc/stat\` (what PostgreSQL and pgbench need at that rate; the rest of the $(nproc) cores is what the server and wrk had); then \`loadtest http\` at a fixed $RATE requests/s for ${SECONDS_EACH} s after 2 s of warm-up, latency counted from when each request was due."
  echo
  echo "Targets: requests/s ≥ 0.5 × pgbench's transactions/s; p99 ≤ 20 ms at 200 requests/s."
  echo
  echo "The HTTP floors, measured the same way: \`GET /revision.json\` (no SQL, outside the API's middleware) answers $static_rps requests/s; \`GET /api/health\` (the API's middleware, no session, one \`select 1\`) $floor_rps requests/s, with the server spending $floor_server_us µs of CPU (user and kernel, from \`/proc\`) per request. No page can pass the second, so a page whose SQL is cheaper than the HTTP round trip has a ratio bounded by $floor_rps ÷ its pgbench figure."
  echo
  echo "| page | SQL statements | response bytes | tsumugi requests/s (wrk) | pgbench transactions/s | ratio | ratio per round | cores busy with pgbench alone at tsumugi's rate | tsumugi's CPU per request (µs) | p50 at $RATE/s (ms) | p99 at $RATE/s (ms) | errors |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s' "$ROWS"
  echo
  echo "The slowest answer in each second of the fixed $RATE requests/s step (ms), so that a stall shows as the seconds it took:"
  echo
  printf '%s' "$SLOWEST"
  echo
  echo "PostgreSQL: $(q 'select version()')"
  echo
  echo "## Plans (\`EXPLAIN (ANALYZE, BUFFERS)\` of each statement, after the load)"
  echo
  printf '%s' "$PLANS"
} > "$OUT"
say "rest: results in ${OUT#"$ROOT"/}"
