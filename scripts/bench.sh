#!/usr/bin/env bash
# make bench / make bench-quick: Tsumugi's hub against a Node socket.io baseline, same load,
# same run, same machine. Results go to loadtest/results/ as Markdown (and JSON lines).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

QUICK=${QUICK:-0}
apt_install fonts-dejavu-core psmisc
ensure_node_modules
# SKIP_BUILD=1 measures the binaries already in target/release (an A/B of two builds).
if [ -z "${SKIP_BUILD:-}" ]; then
  say "building release binaries"
  cargo build --release -p api -p loadtest --quiet
fi
BIN="$ROOT/target/release"
LT="$BIN/loadtest"
RESULTS="$ROOT/loadtest/results"
mkdir -p "$RESULTS"
RAW="$RESULTS/raw-$(date -u +%Y%m%dT%H%M%SZ).jsonl"
SOURCES="127.0.0.2,127.0.0.3,127.0.0.4,127.0.0.5,127.0.0.6,127.0.0.7,127.0.0.8,127.0.0.9"
REDIS_URL_BENCH="${REDIS_URL:-redis://127.0.0.1:6379/?protocol=resp3}"
# The PostgreSQL the product path's databases are created on (and whose disk is measured).
ADMIN_URL=$(bench_admin_url)
ulimit -n 20000 2>/dev/null || true

# Every server under test listens on one of these; something already there would answer the
# health checks and be measured instead (a leftover product server once was).
BENCH_PORTS=(8090 8091 8099 8100 8101 8110 8111 8120 8121)
for port in "${BENCH_PORTS[@]}"; do
  if fuser "$port/tcp" >/dev/null 2>&1; then
    echo "port $port is in use (a server left from another run?); stop it and run again" >&2
    exit 1
  fi
done
# Servers left running by an interrupted run are stopped by port on exit.
cleanup() { for port in "${BENCH_PORTS[@]}"; do fuser -k "$port/tcp" >/dev/null 2>&1 || true; done; }
trap cleanup EXIT

# start_server NAME PORT [REDIS] -> prints the pid
start_server() {
  local name=$1 port=$2 redis=${3:-} pid
  if [ "$name" = tsumugi ]; then
    HUB_ONLY=1 PORT=$port REDIS_URL="$redis" REDIS_PREFIX="bench-$$" RUST_LOG=warn "$BIN/tsumugi" >/dev/null 2>&1 &
  else
    (cd loadtest/baseline-node && PORT=$port REDIS_URL="$redis" REDIS_PREFIX="baseline-$$" TRANSPORTS="${TRANSPORTS:-websocket}" exec node server.js >/dev/null 2>&1) &
  fi
  pid=$!
  await_health "$pid" "$port" || exit 1
  echo "$pid"
}
# Servers are started inside $(...), so they are not our children: poll until they are gone.
stop_server() {
  kill "$1" 2>/dev/null || true
  for _ in $(seq 1 100); do [ -d "/proc/$1" ] || return 0; sleep 0.1; done
  kill -9 "$1" 2>/dev/null || true
}
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
# CPU time (user + system) a process has used, in milliseconds.
cpu_ms() { [ -r "/proc/$1/stat" ] && awk -v hz="$(getconf CLK_TCK)" '{print int(($14 + $15) * 1000 / hz)}' "/proc/$1/stat" || echo ""; }
record() { echo "$1" >> "$RAW"; }
# slope N:BYTES...: least-squares bytes per connection over the measured points.
slope() { python3 -c "
import sys
pts = [tuple(map(float, p.split(':'))) for p in sys.argv[1:]]
mx = sum(x for x, _ in pts) / len(pts); my = sum(y for _, y in pts) / len(pts)
print(round(sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x, _ in pts)))" "$@"; }

if [ "$QUICK" = 1 ]; then
  IDLE_STEPS=(1000 5000); DELIVERY_STEPS=(10000 40000 160000 320000 640000); SECONDS_PER_STEP=4
  SHAPES=("10x100" "1x1000" "100x10"); SLOW_SECONDS=15; STORM_CLIENTS=2000
  PRODUCT_RATES=(100 400); PRODUCT_IDLE=2000; PRODUCT_RUNS=${PRODUCT_RUNS:-1}; FLUSH_SECONDS=10
else
  IDLE_STEPS=(1000 5000 10000 19000); DELIVERY_STEPS=(5000 10000 20000 40000 80000 160000 320000 640000 1280000); SECONDS_PER_STEP=10
  SHAPES=("10x100" "1x1000" "1000x10"); SLOW_SECONDS=60; STORM_CLIENTS=10000
  PRODUCT_RATES=(100 200 300 400 500 600 700 800 1000); PRODUCT_IDLE=10000; PRODUCT_RUNS=${PRODUCT_RUNS:-3}; FLUSH_SECONDS=30
fi
# PRODUCT_RATES_ONLY="600 800 1000" ONLY=product make bench: chosen steps of the product path.
[ -n "${PRODUCT_RATES_ONLY:-}" ] && read -ra PRODUCT_RATES <<<"$PRODUCT_RATES_ONLY"

# The product path on its own database: REST POST -> PostgreSQL -> push to 100-member channels,
# stepping the rate until the last member's p99 passes 50 ms, in one CPU layout:
#   shared: generator, tsumugi and PostgreSQL float over both cores;
#   pinned: the generator on core 0, tsumugi on core 1, PostgreSQL where the scheduler puts it;
#   pinned-db: the generator on core 0; tsumugi and PostgreSQL's new backends on core 1 (the
#           server shares one core with its database: what "pinned" meant before 2026-11-27).
# Pinning is taskset's; for pinned-db PostgreSQL's postmaster is pinned while the layout runs so
# the pool's backends inherit it, and released afterwards.
# `product_path LAYOUT RUN` sets PRODUCT_ROWS[layout,run] and PRODUCT_FAILED_AT[layout,run] (the
# first rate whose p99 passed 50 ms, empty when none did).
PRODUCT_LAYOUTS=(pinned pinned-db shared)
declare -A PRODUCT_ROWS PRODUCT_FAILED_AT PRODUCT_KNEE PRODUCT_MEDIAN_RUN
product_path() {
  local layout=$1 run=$2 server_cpu="" generator_cpu="" postmaster=""
  say "tsumugi: the product path (REST POST, persisted, pushed to 100-member channels), $layout layout, run $run of $PRODUCT_RUNS"
  BENCH_DB="tsumugi_bench_$$"
  psql "$ADMIN_URL" -qc "create database $BENCH_DB" >/dev/null
  BENCH_URL="${ADMIN_URL%/*}/$BENCH_DB"
  # Diagnosis only (never the reported figures): PRODUCT_ASYNC_COMMIT=1 lets commits return
  # before the WAL reaches the disk, to tell the disk's fsync stalls from everything else.
  [ "${PRODUCT_ASYNC_COMMIT:-0}" = 1 ] && psql "$ADMIN_URL" -qc "alter database $BENCH_DB set synchronous_commit = off" >/dev/null
  local db_core=""
  case "$layout" in
    pinned) server_cpu="taskset -c 1"; generator_cpu="taskset -c 0" ;;
    pinned-db) server_cpu="taskset -c 1"; generator_cpu="taskset -c 0"; db_core=1 ;;
  esac
  if [ -n "$db_core" ]; then
    postmaster=$(head -n 1 "$(psql "$ADMIN_URL" -qtAc 'show data_directory')/postmaster.pid" 2>/dev/null || true)
    [ -n "$postmaster" ] && taskset -p -c "$db_core" "$postmaster" >/dev/null
  fi
  # The per-address caps are lifted: thousands of members connect from the eight loopback
  # sources. SERVER_TIMING: each answer says how long it spent inside the server and, of that, waiting
  # for a pool connection, in its statement and in the hub, so a slow second's POSTs can be
  # attributed (the timeline below).
  DATABASE_URL="$BENCH_URL" PORT=8099 DATA_DIR="$(mktemp -d)" RUST_LOG=warn SITE_VERIFY=off LOGIN_LIMIT_PER_IP=1000000 MESSAGE_LIMIT_BURST=1000000 SERVER_TIMING=1 \
    MAX_CONNECTIONS_PER_ADDRESS=0 MAX_SOCKETS_PER_CLIENT=0 $server_cpu "$BIN/tsumugi" >/dev/null 2>&1 &
  product_pid=$!
  await_health "$product_pid" 8099
  first_channel=$(psql "$BENCH_URL" -qtA -v ON_ERROR_STOP=1 -v channels=10 -v members=100 -f loadtest/product-seed.sql | tail -n 1)
  # As pgbench does: the freshly seeded tables are vacuumed and analysed before the load, so
  # autovacuum's first pass over them does not land inside the first step.
  psql "$BENCH_URL" -qc "vacuum analyze" >/dev/null
  PRODUCT_ROWS[$layout,$run]=""
  PRODUCT_FAILED_AT[$layout,$run]=""
  for rate in "${PRODUCT_RATES[@]}"; do
    out=$($generator_cpu "$LT" product --server 127.0.0.1:8099 --first-channel "$first_channel" --channels 10 --members 100 --rate "$rate" --seconds $SECONDS_PER_STEP --idle $PRODUCT_IDLE --sources "$SOURCES") || break
    record "{\"server\":\"tsumugi\",\"scenario\":\"product\",\"layout\":\"$layout\",\"run\":$run,\"report\":$out}"
    p50=$(jq_num "$out" "d['last_member']['p50_ms']"); p99=$(jq_num "$out" "d['last_member']['p99_ms']")
    echo "  rate $rate/s: last member p50 $p50 ms, p99 $p99 ms, POST p99 $(jq_num "$out" "d['post']['p99_ms']") ms, lost $(jq_num "$out" "d['lost']"), POST errors $(jq_num "$out" "d['post_errors']")"
    echo "    second by second, slowest last member (ms): $(jq_num "$out" "' '.join(str(round(s['last_member_max_ms'])) for s in d['timeline'])")"
    echo "    second by second, slowest POST answer (ms): $(jq_num "$out" "' '.join(str(round(s['post_max_ms'])) for s in d['timeline'])")"
    echo "    the same POSTs inside the server, total/pool wait/statement/push (ms): $(jq_num "$out" "' '.join(f\"{round(t['total_ms'])}/{round(t['pool_ms'])}/{round(t['db_ms'])}/{round(t['push_ms'])}\" if (t := s.get('post_max_server')) else '-' for s in d['timeline'])")"
    PRODUCT_ROWS[$layout,$run]+="| $rate | $p50 | $p99 | $(jq_num "$out" "d['post']['p99_ms']") | $(jq_num "$out" "d['lost']") | $(jq_num "$out" "d['post_errors']") |"$'\n'
    if python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) > 50 else 1)" "$p99"; then PRODUCT_FAILED_AT[$layout,$run]=$rate; break; fi
  done
  kill "$product_pid" 2>/dev/null || true
  for _ in $(seq 1 50); do [ -d "/proc/$product_pid" ] || break; sleep 0.1; done
  [ -n "$postmaster" ] && taskset -p -c "0-$(($(nproc) - 1))" "$postmaster" >/dev/null
  psql "$ADMIN_URL" -qc "drop database if exists $BENCH_DB with (force)" >/dev/null || true
}

# flush_tail: the latency of the disk's flushes under PostgreSQL (scripts/flush_tail.py: 8 KiB
# and fdatasync 100 times a second), which every commit waits for; sets FLUSH_TAIL (JSON).
flush_tail() {
  local data_dir
  data_dir=$(psql "$ADMIN_URL" -qtAc 'show data_directory')
  say "the disk under PostgreSQL: flush latency at 100 flushes/s for $FLUSH_SECONDS s"
  FLUSH_TAIL=$(python3 scripts/flush_tail.py "$(dirname "$data_dir")" 100 "$FLUSH_SECONDS")
  record "{\"scenario\":\"flush-tail\",\"report\":$FLUSH_TAIL}"
  echo "  $(flush_summary)"
}
flush_summary() {
  jq_num "$FLUSH_TAIL" "f\"p50 {d['p50_ms']} ms, p99 {d['p99_ms']} ms, max {d['max_ms']} ms; {d['seconds_over_50_ms']} of {len(d['slowest_per_second_ms'])} seconds had a flush over 50 ms (slowest per second: {' '.join(map(str, d['slowest_per_second_ms']))})\""
}

# product_runs: every layout PRODUCT_RUNS times, the layouts taking turns so that a noisy minute
# of the machine falls on one run of each rather than on every run of one; then each layout's
# median run (by the rate at which p99 passed 50 ms, a run that never did counting highest) is
# its result, in PRODUCT_KNEE[layout] and PRODUCT_MEDIAN_RUN[layout]. One stalled second decides
# a run on this machine, so a single run decides nothing.
product_runs() {
  local run layout
  flush_tail
  for run in $(seq 1 "$PRODUCT_RUNS"); do
    for layout in "${PRODUCT_LAYOUTS[@]}"; do product_path "$layout" "$run"; done
  done
  for layout in "${PRODUCT_LAYOUTS[@]}"; do
    local keyed=() each=()
    for run in $(seq 1 "$PRODUCT_RUNS"); do
      local failed=${PRODUCT_FAILED_AT[$layout,$run]}
      keyed+=("${failed:-999999}:$run")
      if [ -n "$failed" ]; then each+=("p99 passed 50 ms at $failed/s"); else each+=("within 50 ms up to ${PRODUCT_RATES[-1]}/s"); fi
    done
    local median
    median=$(printf '%s\n' "${keyed[@]}" | sort -t: -k1,1n | sed -n "$(((PRODUCT_RUNS + 1) / 2))p")
    PRODUCT_MEDIAN_RUN[$layout]=${median#*:}
    local failed=${PRODUCT_FAILED_AT[$layout,${median#*:}]}
    if [ -n "$failed" ]; then PRODUCT_KNEE[$layout]="p99 passes 50 ms at $failed/s"; else PRODUCT_KNEE[$layout]="p99 stays within 50 ms up to the highest rate, ${PRODUCT_RATES[-1]}/s"; fi
    PRODUCT_KNEE[$layout]+="; runs in order: $(IFS=';'; echo "${each[*]}" | sed 's/;/; /g')"
  done
}

# `ONLY=rest make bench` is `make bench-rest`: the REST pages alone.
if [ "${ONLY:-}" = rest ]; then
  SKIP_BUILD=1 QUICK=$QUICK REST_OUT="$RESULTS/rest-pages.md" bash scripts/bench-rest.sh
  exit 0
fi

# loopback_floor: the product path's deliveries over bare loopback TCP (`loadtest loopback`: no
# server, no Socket.IO, no database) at 500 and 1,000 messages/s into 10 channels × 100 members;
# what any server needs at least on this machine. Rows in LOOPBACK_ROWS.
LOOPBACK_ROWS=""
loopback_floor() {
  local rate out
  say "loopback floor under the product path (10 channels × 100 members, bare TCP)"
  for rate in 500 1000; do
    out=$("$LT" loopback --channels 10 --members 100 --rate "$rate" --seconds "$SECONDS_PER_STEP" --frame-bytes 400)
    record "{\"server\":\"none\",\"scenario\":\"loopback\",\"report\":$out}"
    LOOPBACK_ROWS+="| $rate | $(jq_num "$out" "int(d['deliveries_per_sec'])") | $(jq_num "$out" "round(d['writer_cores'], 2)") | $(jq_num "$out" "round(d['writer_us_per_delivery'], 2)") | $(jq_num "$out" "round(d['reader_cores'], 2)") | $(jq_num "$out" "round(d['reader_us_per_delivery'], 2)") |"$'\n'
  done
}

# `ONLY=loopback make bench` prints the loopback floor alone.
if [ "${ONLY:-}" = loopback ]; then
  RAW=/dev/null
  loopback_floor
  printf '%s' "$LOOPBACK_ROWS"
  exit 0
fi

# `ONLY=product make bench-quick` measures the product path alone and prints its rows (and
# keeps the generator's reports in PRODUCT_RAW, when set).
if [ "${ONLY:-}" = product ]; then
  RAW=${PRODUCT_RAW:-/dev/null}
  read -ra PRODUCT_LAYOUTS <<<"${LAYOUTS:-${PRODUCT_LAYOUTS[*]}}"
  product_runs
  for layout in "${PRODUCT_LAYOUTS[@]}"; do
    printf '%s' "${PRODUCT_ROWS[$layout,${PRODUCT_MEDIAN_RUN[$layout]}]}"
    echo "median run ($layout): ${PRODUCT_KNEE[$layout]}"
  done
  exit 0
fi

# ladder SERVER SHAPE SCENARIO MEMBERS_AT PUBLISHER_AT TRANSPORT STEP...: steps the intended
# deliveries/s through the STEPs until a step loses deliveries or its p99 reaches 100 ms;
# the last step that met both is kept in BEST[SERVER,SCENARIO-SHAPE] and BEST_P99[...] (0 and
# "-" if none did). TRANSPORT is how the members connect (websocket, or polling).
ladder() {
  local server=$1 shape=$2 scenario=$3 members_at=$4 publisher_at=$5 transport=$6
  shift 6
  local rooms=${shape%x*} members=${shape#*x} key="$scenario-$shape" deliveries rate out lost p99 dps
  BEST[$server,$key]=0; BEST_P99[$server,$key]="-"
  for deliveries in "$@"; do
    rate=$((deliveries / members))
    out=$("$LT" fanout --server "$members_at" --publish-server "$publisher_at" --rooms "$rooms" --members "$members" --rate "$rate" --seconds $SECONDS_PER_STEP --payload 200 --sources "$SOURCES" --transport "$transport") || break
    record "{\"server\":\"$server\",\"scenario\":\"$scenario\",\"shape\":\"$shape\",\"report\":$out}"
    lost=$(jq_num "$out" "d['lost']"); p99=$(jq_num "$out" "d['latency']['p99_ms']"); dps=$(jq_num "$out" "int(d['deliveries_per_sec'])")
    echo "  rate $rate/s: $dps deliveries/s, p99 ${p99} ms, lost $lost"
    if [ "$lost" != 0 ] || python3 -c "import sys; sys.exit(0 if float(sys.argv[1]) >= 100 else 1)" "$p99"; then break; fi
    BEST[$server,$key]=$dps; BEST_P99[$server,$key]=$p99
  done
}

# polling SERVER PORT: issue 41's long-polling target on one server: 1,000 members on long-polling
# in 10 rooms x 100 at 200 messages/s (POLL_AT[SERVER]: p99 and loss), then the ladder
# (BEST[SERVER,polling-10x100]). Publishers stay on WebSocket; Node admits polling for this.
POLLING_SECONDS=$([ "$QUICK" = 1 ] && echo 10 || echo 30)
# Polling tops out an order of magnitude below WebSocket: its ladder climbs in finer steps.
POLLING_STEPS=(2000 4000 6000 8000 10000 12000 14000 16000 18000 20000 24000 28000 32000 40000 48000 56000 64000)
polling() {
  local server=$1 port=$2 pid out
  say "$server: 10 rooms x 100 members on long-polling"
  pid=$(TRANSPORTS=polling,websocket start_server "$server" "$port")
  out=$("$LT" fanout --server 127.0.0.1:$port --rooms 10 --members 100 --rate 200 --seconds $POLLING_SECONDS --payload 200 --transport polling)
  record "{\"server\":\"$server\",\"scenario\":\"polling-200\",\"report\":$out}"
  POLL_AT[$server]="| $server | $(jq_num "$out" "d['latency']['p50_ms']") | $(jq_num "$out" "d['latency']['p99_ms']") | $(jq_num "$out" "d['lost']") |"
  echo "  200 messages/s for $POLLING_SECONDS s: ${POLL_AT[$server]}"
  stop_server "$pid"; pid=$(TRANSPORTS=polling,websocket start_server "$server" "$port")
  ladder "$server" 10x100 polling 127.0.0.1:$port 127.0.0.1:$port polling "${POLLING_STEPS[@]}"
  stop_server "$pid"
}

declare -A IDLE_SLOPE IDLE_BASE IDLE_POINTS BEST BEST_P99 REDIS_SAME REDIS_HOP REDIS_LOST REDIS_IDLE_CPU SLOW STORM POLL_AT

# `ONLY=polling make bench` measures the long-polling section alone and prints its rows.
if [ "${ONLY:-}" = polling ]; then
  RAW=${POLLING_RAW:-/dev/null}
  for server in tsumugi node; do
    polling "$server" "$([ $server = tsumugi ] && echo 8090 || echo 8091)"
    echo "$server: highest ${BEST[$server,polling-10x100]} deliveries/s (p99 ${BEST_P99[$server,polling-10x100]} ms)"
  done
  exit 0
fi
for server in tsumugi node; do
  port=$([ $server = tsumugi ] && echo 8090 || echo 8091)

  say "$server: idle connections"
  pid=$(start_server $server $port)
  base=$(rss_kb "$pid")
  IDLE_BASE[$server]=$base
  IDLE_POINTS[$server]=""
  offset=0
  for n in "${IDLE_STEPS[@]}"; do
    # Two generator processes share the clients (one process may hold ~20,000 files); the
    # server's memory is read once both report every client connected, plus 2 s to settle.
    half=$((n / 2)); ready=$(mktemp -d)
    "$LT" idle --server 127.0.0.1:$port --connections "$half" --sources "$SOURCES" --offset $offset --hold 120 --ready-file "$ready/1" >/dev/null &
    first=$!
    "$LT" idle --server 127.0.0.1:$port --connections $((n - half)) --sources "$SOURCES" --offset $((offset + half)) --hold 120 --ready-file "$ready/2" >/dev/null &
    second=$!
    for _ in $(seq 1 1200); do [ -f "$ready/1" ] && [ -f "$ready/2" ] && break; sleep 0.1; done
    [ -f "$ready/1" ] && [ -f "$ready/2" ] || { echo "  $server: $n clients did not all connect within 120 s" >&2; exit 1; }
    sleep 2
    out="{\"connections\":$n,\"server_rss_bytes\":$(( $(rss_kb "$pid") * 1024 )),\"generator_processes\":2}"
    kill "$first" "$second" 2>/dev/null || true
    wait "$first" "$second" 2>/dev/null || true
    rm -rf "$ready"
    offset=$((offset + n))
    record "{\"server\":\"$server\",\"scenario\":\"idle\",\"report\":$out}"
    IDLE_POINTS[$server]+="$n:$(jq_num "$out" "d['server_rss_bytes']") "
    stop_server "$pid"; pid=$(start_server $server $port); base=$(rss_kb "$pid")
  done
  IDLE_SLOPE[$server]=$(slope ${IDLE_POINTS[$server]})
  stop_server "$pid"

  for shape in "${SHAPES[@]}"; do
    say "$server: fan-out ${shape/x/ rooms x } members"
    pid=$(start_server $server $port)
    ladder "$server" "$shape" fanout 127.0.0.1:$port 127.0.0.1:$port websocket "${DELIVERY_STEPS[@]}"
    stop_server "$pid"
  done

  polling "$server" "$port"

  say "$server: slow consumers (1% of 1,000 members stop reading; 100 messages/s of 1 KB)"
  pid=$(start_server $server $port)
  healthy=$("$LT" fanout --server 127.0.0.1:$port --rooms 1 --members 1000 --rate 100 --seconds $SLOW_SECONDS --payload 1024 --sources "$SOURCES" --pid "$pid")
  stop_server "$pid"; pid=$(start_server $server $port)
  slow=$("$LT" fanout --server 127.0.0.1:$port --rooms 1 --members 1000 --rate 100 --seconds $SLOW_SECONDS --payload 1024 --sources "$SOURCES" --pid "$pid" --slow-every 100)
  stop_server "$pid"
  record "{\"server\":\"$server\",\"scenario\":\"slow-baseline\",\"report\":$healthy}"
  record "{\"server\":\"$server\",\"scenario\":\"slow-consumers\",\"report\":$slow}"
  SLOW[$server]="| $server | $(jq_num "$healthy" "d['latency']['p99_ms']") | $(jq_num "$slow" "d['latency']['p99_ms']") | $(jq_num "$slow" "d['lost']") | $(jq_num "$slow" "d['server_rss_start_bytes'] // 1048576") | $(jq_num "$slow" "d['server_rss_max_bytes'] // 1048576") |"

  say "$server: reconnect storm ($STORM_CLIENTS clients)"
  pid=$(start_server $server $port)
  storm=$("$LT" storm --server 127.0.0.1:$port --clients $STORM_CLIENTS --sources "$SOURCES")
  stop_server "$pid"
  record "{\"server\":\"$server\",\"scenario\":\"storm\",\"report\":$storm}"
  STORM[$server]="| $server | $(jq_num "$storm" "round(d['recovery_secs'], 2)") | $(jq_num "$storm" "d['failed']") |"

  say "$server: two nodes through Redis"
  a=$(start_server $server $((port + 10)) "$REDIS_URL_BENCH"); b=$(start_server $server $((port + 20)) "$REDIS_URL_BENCH")
  # A third node with no members of any room: it should not have to read the room's traffic.
  c=$(start_server $server $((port + 30)) "$REDIS_URL_BENCH")
  single=$("$LT" fanout --server 127.0.0.1:$((port + 20)) --rooms 10 --members 100 --rate 200 --seconds $SECONDS_PER_STEP --payload 200)
  idle_cpu_before=$(cpu_ms "$c")
  hop=$("$LT" fanout --server 127.0.0.1:$((port + 20)) --publish-server 127.0.0.1:$((port + 10)) --rooms 10 --members 100 --rate 200 --seconds $SECONDS_PER_STEP --payload 200)
  idle_cpu_after=$(cpu_ms "$c")
  if [ -n "$idle_cpu_before" ] && [ -n "$idle_cpu_after" ]; then
    REDIS_IDLE_CPU[$server]=$((idle_cpu_after - idle_cpu_before))
  else
    REDIS_IDLE_CPU[$server]="n/a (the third node was not running)"
  fi
  record "{\"server\":\"$server\",\"scenario\":\"redis-same-node\",\"report\":$single}"
  record "{\"server\":\"$server\",\"scenario\":\"redis-cross-node\",\"report\":$hop}"
  REDIS_SAME[$server]=$(jq_num "$single" "d['latency']['p99_ms']") || true
  REDIS_HOP[$server]=$(jq_num "$hop" "d['latency']['p99_ms']") || true
  REDIS_LOST[$server]=$(jq_num "$hop" "d['lost']") || true
  say "$server: throughput across the Redis hop (publishers on node 1, 10 rooms x 100 members on node 2)"
  ladder "$server" 10x100 redis-hop 127.0.0.1:$((port + 20)) 127.0.0.1:$((port + 10)) websocket "${DELIVERY_STEPS[@]}"
  stop_server "$a"; stop_server "$b"; stop_server "$c"
done 2>&1

product_runs
loopback_floor

# The REST pages against pgbench on the same SQL (scripts/bench-rest.sh; its own database and port).
SKIP_BUILD=1 QUICK=$QUICK REST_OUT="$RESULTS/rest-pages.md" bash scripts/bench-rest.sh

say "charts"
rm -f "$RESULTS"/fanout-*.png "$RESULTS"/redis-hop-*.png "$RESULTS"/polling-*.png "$RESULTS"/product-path.png
"$BIN/charts" "$RAW" "$RESULTS"

ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print(f'{a/b:.2f}×' if b else 'n/a')" "$1" "$2"; }
{
  echo "# Realtime benchmark — $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo
  echo "Mode: $([ "$QUICK" = 1 ] && echo 'quick (make bench-quick)' || echo 'full (make bench)'); machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB; loopback; generator, Tsumugi (HUB_ONLY=1, release) and Node socket.io 4.8 on the same machine, one at a time."
  echo
  echo "## Idle connections (server RSS with ${IDLE_STEPS[*]} connected clients)"
  echo
  echo "| server | baseline RSS | $(for n in "${IDLE_STEPS[@]}"; do printf '%s clients | ' "$n"; done)bytes per connection (slope) |"
  echo "| --- | ---: | $(for _ in "${IDLE_STEPS[@]}"; do printf -- '---: | '; done)---: |"
  for s in tsumugi node; do
    echo "| $s | $((IDLE_BASE[$s] / 1024)) MiB | $(for p in ${IDLE_POINTS[$s]}; do printf '%s MiB | ' $(( ${p#*:} / 1048576 )); done)${IDLE_SLOPE[$s]} |"
  done
  echo
  echo "Tsumugi uses $(ratio "${IDLE_SLOPE[tsumugi]}" "${IDLE_SLOPE[node]}") of Node's memory per idle connection (target ≤ 0.33×)."
  echo
  echo "## Room fan-out: highest deliveries/s with no loss and p99 < 100 ms"
  echo
  echo "| rooms × members | Tsumugi deliveries/s (p99 ms) | Node deliveries/s (p99 ms) | ratio |"
  echo "| --- | ---: | ---: | ---: |"
  cell() { if [ "${BEST[$1,$2]}" = 0 ]; then echo "failed at ${DELIVERY_STEPS[0]}/s"; else echo "${BEST[$1,$2]} (${BEST_P99[$1,$2]})"; fi; }
  for shape in "${SHAPES[@]}"; do
    echo "| ${shape/x/ × } | $(cell tsumugi "fanout-$shape") | $(cell node "fanout-$shape") | $(ratio "${BEST[tsumugi,fanout-$shape]}" "${BEST[node,fanout-$shape]}") |"
  done
  echo "| 10 × 100, publishers on node 1 and members on node 2 through Redis | $(cell tsumugi redis-hop-10x100) | $(cell node redis-hop-10x100) | $(ratio "${BEST[tsumugi,redis-hop-10x100]}" "${BEST[node,redis-hop-10x100]}") |"
  echo
  echo "The publish rate was stepped so that the intended deliveries were ${DELIVERY_STEPS[*]} per second (messages/s = deliveries ÷ members), ${SECONDS_PER_STEP} s each; the last step that met the criteria counts, so the top of the ladder caps both columns."
  echo
  echo "## Members on HTTP long-polling (10 rooms × 100 members; publishers on WebSocket)"
  echo
  echo "What a member behind a proxy that refuses WebSocket gets (socket.io-client's fallback). Node admits polling for this section only (\`TRANSPORTS=polling,websocket\`)."
  echo
  echo "| server | p50 at 200 messages/s for ${POLLING_SECONDS} s (ms) | p99 (ms) | lost |"
  echo "| --- | ---: | ---: | ---: |"
  for s in tsumugi node; do echo "${POLL_AT[$s]}"; done
  echo
  echo "Highest deliveries/s with no loss and p99 < 100 ms (steps of ${POLLING_STEPS[*]} deliveries/s, ${SECONDS_PER_STEP} s each): Tsumugi $(cell tsumugi polling-10x100), Node $(cell node polling-10x100): $(ratio "${BEST[tsumugi,polling-10x100]}" "${BEST[node,polling-10x100]}") (target ≥ 2×; at 200 messages/s: p99 ≤ 100 ms, nothing lost)."
  echo
  echo "## Two nodes through Redis (10 rooms × 100 members, 200 messages/s)"
  echo
  echo "| server | p99 same node (ms) | p99 publisher on node 1, members on node 2 (ms) | lost | CPU used by a third node without members (ms) |"
  echo "| --- | ---: | ---: | ---: | ---: |"
  for s in tsumugi node; do echo "| $s | ${REDIS_SAME[$s]} | ${REDIS_HOP[$s]} | ${REDIS_LOST[$s]} | ${REDIS_IDLE_CPU[$s]} |"; done
  echo
  echo "The Redis hop adds $(python3 -c "import sys; print(round(float(sys.argv[1]) - float(sys.argv[2]), 3))" "${REDIS_HOP[tsumugi]}" "${REDIS_SAME[tsumugi]}") ms at p99 to Tsumugi (target ≤ 2 ms)."
  echo
  echo "## Product path (REST POST → PostgreSQL → push; 10 channels × 100 members, $PRODUCT_IDLE idle connections; Tsumugi only)"
  echo
  echo "Each step measures ${SECONDS_PER_STEP} s after 2 s of warm-up at the same rate (warm-up deliveries still count as lost if missing). Three CPU layouts (taskset), taking turns, $PRODUCT_RUNS runs of each; a layout's table is its median run: **pinned** (the generator on core 0, tsumugi on core 1, PostgreSQL unpinned), **pinned-db** (the generator on core 0; tsumugi and PostgreSQL's backends on core 1) and **shared** (all of them on both cores)."
  echo
  echo "The disk under PostgreSQL, measured just before the runs (\`scripts/flush_tail.py\`: 8 KiB and fdatasync 100 times a second, as a commit waits for it): $(flush_summary). Every commit waits for a flush, and every commit queued behind a slow one waits with it."
  for layout in "${PRODUCT_LAYOUTS[@]}"; do
    echo
    echo "### $layout"
    echo
    echo "| messages/s | last member p50 (ms) | last member p99 (ms) | POST p99 (ms) | lost | POST errors |"
    echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
    printf '%s' "${PRODUCT_ROWS[$layout,${PRODUCT_MEDIAN_RUN[$layout]}]}"
    echo
    echo "The median of $PRODUCT_RUNS runs (run ${PRODUCT_MEDIAN_RUN[$layout]}, above): ${PRODUCT_KNEE[$layout]} (target: not below 1,000 messages/s)."
  done
  echo
  echo
  echo "### The floor under it: the same deliveries over bare loopback TCP"
  echo
  echo "\`loadtest loopback\`: each message written as one 400-byte write to each of the 100 sockets of a channel by one thread (the server's side), read by one reader task per socket on another thread (the generator's side); no Socket.IO, no server, no database. CPU is each thread's own CPU time ÷ the wall time."
  echo
  echo "| messages/s | deliveries/s | writing side (cores) | µs per delivery | reading side (cores) | µs per delivery |"
  echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s' "$LOOPBACK_ROWS"
  echo
  echo "## REST pages against pgbench running the same SQL (plans and method: \`rest-pages.md\`)"
  echo
  sed -n '/^| page |/,/^$/p' "$RESULTS/rest-pages.md"
  echo "## Slow consumers (1 room × 1,000 members, 1 % stop reading, 100 messages/s of 1 KB for ${SLOW_SECONDS} s)"
  echo
  echo "| server | healthy p99 without slow members (ms) | healthy p99 with them (ms) | healthy deliveries lost | RSS at start (MiB) | max RSS (MiB) |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: |"
  for s in tsumugi node; do echo "${SLOW[$s]}"; done
  echo
  echo "## Reconnect storm ($STORM_CLIENTS clients in rooms of 100 drop at once and come back)"
  echo
  echo "| server | seconds until all are back in their rooms | failed |"
  echo "| --- | ---: | ---: |"
  for s in tsumugi node; do echo "${STORM[$s]}"; done
  echo
  echo "Raw reports: \`$(basename "$RAW")\`. Why the hub is built as it is: \`docs/decisions/\`; what was tried and measured, in order: \`hub-tuning.md\`. Reproduce with \`make bench\` (full) or \`make bench-quick\`."
  echo
  echo "## Charts"
  echo
  for chart in "$RESULTS"/fanout-*.png "$RESULTS"/redis-hop-*.png "$RESULTS"/polling-*.png "$RESULTS"/product-path.png; do [ -f "$chart" ] && echo "![$(basename "$chart" .png)]($(basename "$chart"))"; done
} > "$RESULTS/latest.md"
cat "$RESULTS/latest.md"
