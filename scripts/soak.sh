#!/usr/bin/env bash
# make soak: the long runs of issue 15 that do not fit in make test (docs/reliability.md).
#   bash scripts/soak.sh              every section
#   bash scripts/soak.sh faults       one section (several may be named)
# Each section starts what it needs on its own ports (a private PostgreSQL cluster, release
# tsumugi processes) and never stops the machine's PostgreSQL or Redis.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

SOAK_TMP=$(mktemp -d)
SOAK_PIDS=()
SOAK_CLUSTER=""
soak_cleanup() {
  for pid in "${SOAK_PIDS[@]}"; do kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  [ -n "$SOAK_CLUSTER" ] && stop_private_cluster "$SOAK_CLUSTER"
  rm -rf "$SOAK_TMP"
}
trap soak_cleanup EXIT
trap 'exit 130' INT TERM

# A private PostgreSQL cluster for the soak sections, started once (sets PG_PORT and PG_ADMIN).
soak_cluster_pg() {
  [ -n "$SOAK_CLUSTER" ] && return 0
  SOAK_CLUSTER="$(private_cluster_dir)-soak"
  start_private_cluster "$SOAK_CLUSTER"
  PG_ADMIN="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
}

# recreate_db NAME: an empty database NAME in the soak cluster.
recreate_db() {
  PGOPTIONS="-c client_min_messages=warning" psql "$PG_ADMIN" -XAtq -c "drop database if exists $1 with (force)" -c "create database $1" >/dev/null
}

# The release binary under test: TSUMUGI_BIN, else this checkout's (built when out of date).
soak_binary() {
  if [ -z "${TSUMUGI_BIN:-}" ]; then
    ensure_release_binary
    TSUMUGI_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release/tsumugi"
  fi
}

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# start_tsumugi DATABASE_URL LOG: a release node on a free port with demo data; sets NODE_URL
# and NODE_PID once /api/health answers.
start_tsumugi() {
  local port
  port=$(free_port 18080)
  mkdir -p "$SOAK_TMP/data-$port" "$SOAK_TMP/web"
  DATABASE_URL="$1" HOST=127.0.0.1 PORT="$port" DATA_DIR="$SOAK_TMP/data-$port" WEB_DIR="$SOAK_TMP/web" \
    SEED_DEMO=1 SITE_VERIFY=off MESSAGE_LIMIT_BURST=1000000 REVISION_NO=soak RUST_LOG="${RUST_LOG:-warn}" \
    "$TSUMUGI_BIN" >"$2" 2>&1 &
  NODE_PID=$!
  SOAK_PIDS+=("$NODE_PID")
  NODE_URL="http://127.0.0.1:$port"
  for _ in $(seq 1 600); do
    curl -fs "$NODE_URL/api/health" >/dev/null 2>&1 && return 0
    kill -0 "$NODE_PID" 2>/dev/null || { cat "$2"; return 1; }
    sleep 0.1
  done
  warn "tsumugi did not become healthy"; cat "$2"; return 1
}

stop_tsumugi() {
  kill "$1" 2>/dev/null && wait "$1" 2>/dev/null || true
}

# ---------------------------------------------------------------------------------------------
# faults: PostgreSQL restarted, then stopped for 10 s, under a running release tsumugi
# (scripts/soak_pg_restart.py).
# The faster faults (node kill, Redis stopped 10 s, database cut, socket flood) run in make test
# (api/tests/faults.rs).
soak_faults() {
  say "soak faults: PostgreSQL restarted and stopped under a running release tsumugi"
  apt_install postgresql
  soak_binary
  soak_cluster_pg
  recreate_db tsumugi_soak_faults
  local url="postgres://postgres@127.0.0.1:$PG_PORT/tsumugi_soak_faults"
  start_tsumugi "$url" "$SOAK_TMP/faults.log"
  local pid=$NODE_PID pg_ctl
  pg_ctl="$(pg_bin_dir)/pg_ctl"
  say "a restart (pg_ctl restart -m fast)"
  python3 scripts/soak_pg_restart.py "$NODE_URL" "$url" -- \
    "${PG_RUN_AS[@]}" "$pg_ctl" -D "$SOAK_CLUSTER" -m fast -w restart
  say "an outage of ${SOAK_PG_OUTAGE:-10} s (pg_ctl stop, then start)"
  python3 scripts/soak_pg_restart.py "$NODE_URL" "$url" --outage -- \
    "${PG_RUN_AS[@]}" bash -c "'$pg_ctl' -D '$SOAK_CLUSTER' -m fast -w stop >/dev/null && sleep ${SOAK_PG_OUTAGE:-10} && '$pg_ctl' -D '$SOAK_CLUSTER' -l '$SOAK_CLUSTER/server.log' -w -o '-p $PG_PORT -k $SOAK_CLUSTER -c listen_addresses=127.0.0.1' start >/dev/null"
  if ! kill -0 "$pid" 2>/dev/null; then
    warn "tsumugi exited during the restart"; cat "$SOAK_TMP/faults.log"; return 1
  fi
  say "tsumugi (pid $pid) served through the restart without being restarted; 500s logged: $(grep -c 'internal error' "$SOAK_TMP/faults.log" || true)"
  stop_tsumugi "$pid"
}

# ---------------------------------------------------------------------------------------------
# backups: the pg_dump / restore round trip of docs/reliability.md on a seeded database.
MONEY_TABLES=(reward_settings reward_confirmations reward_statements reward_statement_lines
  purchase_orders media_payments media_payment_changes media_option_payments client_plans)

soak_backups() {
  say "soak backups: pg_dump / pg_restore round trip"
  apt_install postgresql
  soak_binary
  soak_cluster_pg
  local bin src dst dump started
  bin=$(pg_bin_dir)
  src="postgres://postgres@127.0.0.1:$PG_PORT/tsumugi_backup_src"
  dst="postgres://postgres@127.0.0.1:$PG_PORT/tsumugi_backup_restored"
  dump="$SOAK_TMP/tsumugi.dump"
  recreate_db tsumugi_backup_src
  recreate_db tsumugi_backup_restored
  # A seeded database, as production has it: migrations, master data, the demo's money.
  MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
  export MASTER_DATA_DIR
  start_tsumugi "$src" "$SOAK_TMP/backup-src.log"
  stop_tsumugi "$NODE_PID"

  started=$(now_ms)
  "$bin/pg_dump" --format=custom --no-owner --no-privileges --file="$dump" "$src"
  local dumped restored
  dumped=$(( $(now_ms) - started ))
  started=$(now_ms)
  "$bin/pg_restore" --exit-on-error --no-owner --no-privileges --jobs=2 --dbname="$dst" "$dump"
  restored=$(( $(now_ms) - started ))
  say "dump $(du -h "$dump" | cut -f1) in ${dumped} ms, restore in ${restored} ms"

  # Row counts of every table, checksums of the money tables, and sequence positions.
  local report='
    select format($f$rows %s %s$f$, table_name,
           (xpath($x$/row/c/text()$x$, query_to_xml(format($q$select count(*) as c from %I$q$, table_name), false, true, $e$$e$)))[1]::text)
      from information_schema.tables where table_schema = $s$public$s$ and table_type = $t$BASE TABLE$t$
    union all
    select format($f$sequence %s %s$f$, sequencename, coalesce(last_value, 0)) from pg_sequences where schemaname = $s$public$s$
    order by 1'
  psql "$src" -XAtq -c "$report" >"$SOAK_TMP/src.txt"
  psql "$dst" -XAtq -c "$report" >"$SOAK_TMP/dst.txt"
  for table in "${MONEY_TABLES[@]}"; do
    for side in src dst; do
      local url=$src
      [ "$side" = dst ] && url=$dst
      echo "checksum $table $(psql "$url" -XAtq -c "select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from $table t")" >>"$SOAK_TMP/$side.txt"
    done
  done
  local tables rows money_rows
  tables=$(grep -c '^rows ' "$SOAK_TMP/src.txt")
  rows=$(awk '/^rows /{s+=$3} END {print s}' "$SOAK_TMP/src.txt")
  money_rows=$(awk -v list=" ${MONEY_TABLES[*]} " '/^rows / && index(list, " " $2 " ") {s+=$3} END {print s}' "$SOAK_TMP/src.txt")
  if ! diff -u "$SOAK_TMP/src.txt" "$SOAK_TMP/dst.txt"; then
    warn "the restored database differs from the source"; return 1
  fi
  say "restored: $tables tables, $rows rows, $(grep -c '^sequence ' "$SOAK_TMP/src.txt") sequences identical; the money tables' $money_rows rows have equal checksums"

  # The restored database runs: a node starts on it (migrations already applied) and logs in.
  start_tsumugi "$dst" "$SOAK_TMP/backup-dst.log"
  local answer
  answer=$(curl -fs -H 'Content-Type: application/json' -d '{"mail_address":"accountant@demo.tsumugi.jp","password":"Tsumugi-demo-2026"}' "$NODE_URL/api/users/login")
  [ "$(echo "$answer" | jq -r '.token | length > 0')" = true ] || { warn "login on the restored database failed: $answer"; return 1; }
  say "a node on the restored database serves logins"
  stop_tsumugi "$NODE_PID"
}

# ---------------------------------------------------------------------------------------------
# fuzz: schemathesis as creator, client and admin (scripts/fuzz.sh) with SOAK_FUZZ_EXAMPLES
# (default 1000) examples per operation instead of make test's 10, same seed; each role on its
# own database in the soak cluster.
soak_fuzz() {
  say "soak fuzz: schemathesis with ${SOAK_FUZZ_EXAMPLES:-1000} examples per operation and role"
  apt_install postgresql
  soak_binary
  soak_cluster_pg
  MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
  export MASTER_DATA_DIR
  E2E_DATABASE_ADMIN_URL="$PG_ADMIN" TSUMUGI_BIN="$TSUMUGI_BIN" \
    FUZZ_EXAMPLES="${SOAK_FUZZ_EXAMPLES:-1000}" bash scripts/fuzz.sh
}

# ---------------------------------------------------------------------------------------------
# banners: the update banner and maintenance on every route as every role that may open it
# (web/e2e/live-banners.spec.ts with LIVE_BANNERS_ALL=1; make test opens each route once).
soak_banners() {
  say "soak banners: the update banner and maintenance, every route as every role"
  apt_install postgresql redis-server chromium fonts-noto-cjk
  soak_binary
  soak_cluster_pg
  ensure_local_redis
  ensure_node_modules
  ensure_web_build
  MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
  export MASTER_DATA_DIR
  (cd web && LIVE_BANNERS_ALL=1 E2E_DATABASE_ADMIN_URL="$PG_ADMIN" TSUMUGI_BIN="$TSUMUGI_BIN" \
    npx playwright test e2e/live-banners.spec.ts)
}

# ---------------------------------------------------------------------------------------------
# realtime: the property tests of the WebSocket frame decoder and the packet parser
# (realtime/src/properties.rs) with SOAK_PROPTEST_CASES (default 50000) cases per property
# instead of make test's 256.
soak_realtime() {
  say "soak realtime: frame decoder and packet parser properties, ${SOAK_PROPTEST_CASES:-50000} cases each"
  PROPTEST_CASES="${SOAK_PROPTEST_CASES:-50000}" cargo test -p realtime --release --quiet properties
}

# ---------------------------------------------------------------------------------------------
# Three release nodes behind HAProxy (the cluster, rolling and kill9 sections): the soak
# cluster's PostgreSQL (a fresh database DB), a private Redis, the nodes on free ports from
# SOAK_NODE_PORT (19301), the product-path channels (CHANNELS x MEMBERS members, a publisher in
# each: loadtest/product-seed.sql) and HAProxy on a free port from SOAK_LB_PORT (19300).
# Sets LT (the generator), LB (host:port), NODE_PORTS, NODE_PIDS (per node, 1-based),
# FIRST_CHANNEL and SOURCES.
declare -a NODE_PORTS NODE_PIDS
THREE_NODES_PIDS=()
soak_three_nodes() {
  local name=$1 channels=$2 members=$3
  stop_three_nodes
  soak_cluster_pg
  # The server and the generator in one build (built apart, their shared dependencies' features
  # differ and each build undoes the other's).
  cargo build --release -p api -p loadtest --quiet
  TSUMUGI_BIN="${TSUMUGI_BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/release/tsumugi}"
  LT="${CARGO_TARGET_DIR:-$ROOT/target}/release/loadtest"
  SOURCES="127.0.0.2,127.0.0.3,127.0.0.4,127.0.0.5,127.0.0.6,127.0.0.7,127.0.0.8,127.0.0.9"
  recreate_db "$name"
  SOAK_DB="postgres://postgres@127.0.0.1:$PG_PORT/$name"
  local port n lb_port
  SOAK_REDIS_PORT=$(free_port "${SOAK_REDIS_PORT:-19390}")
  redis-server --bind 127.0.0.1 --port "$SOAK_REDIS_PORT" --save '' --appendonly no >"$SOAK_TMP/redis.log" 2>&1 &
  SOAK_PIDS+=($!)
  THREE_NODES_PIDS=($!)
  for _ in $(seq 1 50); do redis-cli -p "$SOAK_REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  NODE_PORTS=() NODE_PIDS=()
  port=${SOAK_NODE_PORT:-19301}
  for n in 1 2 3; do
    port=$(free_port "$port")
    NODE_PORTS[n]=$port
    start_cluster_node "$n"
    await_health "${NODE_PIDS[n]}" "$port" 120
    port=$((port + 1))
  done
  FIRST_CHANNEL=$(psql "$SOAK_DB" -qtA -v ON_ERROR_STOP=1 -v channels="$channels" -v members="$members" -f loadtest/product-seed.sql | tail -n 1)
  psql "$SOAK_DB" -qc "vacuum analyze" >/dev/null
  lb_port=$(free_port "${SOAK_LB_PORT:-19300}")
  start_haproxy "$SOAK_TMP" "127.0.0.1:$lb_port" "${NODE_PORTS[@]}"
  SOAK_PIDS+=("$HAPROXY_PID")
  THREE_NODES_PIDS+=("$HAPROXY_PID")
  LB="127.0.0.1:$lb_port"
}

# Stops what soak_three_nodes started (the next section starts its own).
stop_three_nodes() {
  local pid
  for pid in "${NODE_PIDS[@]}" "${THREE_NODES_PIDS[@]}"; do
    kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  done
  NODE_PIDS=() THREE_NODES_PIDS=()
}

# start_cluster_node N: node N of soak_three_nodes on its port (again after a stop; its log
# goes on in SOAK_TMP/cluster-N.log); sets NODE_PIDS[N].
start_cluster_node() {
  local n=$1
  mkdir -p "$SOAK_TMP/cluster-$n"
  # The per-address caps are lifted: the members connect from eight loopback sources.
  DATABASE_URL="$SOAK_DB" REDIS_URL="redis://127.0.0.1:$SOAK_REDIS_PORT/?protocol=resp3" HOST=127.0.0.1 \
    PORT="${NODE_PORTS[n]}" DATA_DIR="$SOAK_TMP/cluster-$n" TRUST_PROXY=1 SITE_VERIFY=off \
    LOGIN_LIMIT_PER_IP=1000000 MESSAGE_LIMIT_BURST=1000000 MAX_CONNECTIONS_PER_ADDRESS=0 \
    MAX_SOCKETS_PER_CLIENT=0 RUST_LOG=warn "$TSUMUGI_BIN" >>"$SOAK_TMP/cluster-$n.log" 2>&1 &
  NODE_PIDS[n]=$!
  SOAK_PIDS+=($!)
}

# await_ready N SECONDS: until node N answers /api/ready with 200 (after migrations, Redis).
await_ready() {
  local n=$1 tries=$(( $2 * 10 ))
  for _ in $(seq 1 "$tries"); do
    kill -0 "${NODE_PIDS[n]}" 2>/dev/null || { warn "node $n exited while starting"; tail -n 20 "$SOAK_TMP/cluster-$n.log" >&2; return 1; }
    curl -fs "http://127.0.0.1:${NODE_PORTS[n]}/api/ready" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  warn "node $n was not ready within $2 s"; return 1
}

# results_section NAME FILE: puts FILE's text into loadtest/results/cluster.md between the
# markers of section NAME, replacing that section's previous run, or appends it.
results_section() {
  python3 - "$1" "$2" loadtest/results/cluster.md <<'PY'
import pathlib, sys
name, text, target = sys.argv[1], pathlib.Path(sys.argv[2]).read_text(), pathlib.Path(sys.argv[3])
start, end = f"<!-- soak {name} -->\n", f"<!-- /soak {name} -->\n"
block = start + text.rstrip("\n") + "\n" + end
old = target.read_text() if target.exists() else "# Many nodes (make soak cluster, rolling, kill9)\n"
if start in old and end in old:
    head, rest = old.split(start, 1)
    new = head + block + rest.split(end, 1)[1]
else:
    new = old.rstrip("\n") + "\n\n" + block
target.write_text(new)
PY
}

# ---------------------------------------------------------------------------------------------
# cluster: issue 42's first cluster target. The product path (REST POST -> PostgreSQL -> push to
# 100-member channels, as `make bench`'s product section) through HAProxy in front of three
# release nodes sharing the soak cluster's PostgreSQL and a private Redis, at SOAK_CLUSTER_RATE
# (1000) messages/s for SOAK_CLUSTER_SECONDS (30), then one node alone at the same rate on the
# same data, in the same run: loadtest/results/cluster.md. Target: last-member p99 <= 50 ms.
soak_cluster() {
  local rate=${SOAK_CLUSTER_RATE:-1000} seconds=${SOAK_CLUSTER_SECONDS:-30} out
  soak_three_nodes soak_cluster 10 100
  local rows=""
  for target in "three nodes behind HAProxy=$LB" "one node=127.0.0.1:${NODE_PORTS[1]}"; do
    say "cluster: the product path at $rate messages/s, $seconds s: ${target%%=*}"
    out=$("$LT" product --server "${target#*=}" --first-channel "$FIRST_CHANNEL" --channels 10 --members 100 \
      --rate "$rate" --seconds "$seconds" --idle 0 --sources "$SOURCES")
    local p50 p99 post lost errors
    read -r p50 p99 post lost errors < <(jq_num "$out" \
      "' '.join(str(v) for v in (d['last_member']['p50_ms'], d['last_member']['p99_ms'], d['post']['p99_ms'], d['lost'], d['post_errors']))")
    echo "  last member p50 $p50 ms, p99 $p99 ms, POST p99 $post ms, lost $lost, POST errors $errors"
    rows+="| ${target%%=*} | $rate | $p50 | $p99 | $post | $lost | $errors |"$'\n'
  done
  {
    echo "## The product path through HAProxy (issue 42: last-member p99 <= 50 ms at 1,000 messages/s)"
    echo
    echo "Run $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, load average (1 min) $(cut -d' ' -f1 /proc/loadavg) at the end;"
    echo "generator, HAProxy, three release nodes, PostgreSQL and Redis on the same machine."
    echo
    echo "REST POST -> PostgreSQL -> push to 10 channels x 100 members (\`loadtest product\`), $seconds s after"
    echo "the scenario's warm-up. Behind HAProxy the members' sockets spread over the three nodes"
    echo "(leastconn) and each POST lands on any of them: most deliveries cross Redis."
    echo
    echo "| target | messages/s | last member p50 (ms) | p99 (ms) | POST p99 (ms) | lost | POST errors |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    printf '%s' "$rows"
  } >"$SOAK_TMP/cluster.md"
  results_section cluster "$SOAK_TMP/cluster.md"
  say "cluster: written to loadtest/results/cluster.md"
  stop_three_nodes
}

# ---------------------------------------------------------------------------------------------
# rolling and kill9: issue 42's other two cluster targets. SOAK_CLIENTS (3000) members in
# channels of SOAK_MEMBERS (100) connect through HAProxy to the three nodes while a sender POSTs
# SOAK_RATE (500) messages/s through it (`loadtest reconnect`: members reconnect like
# socket.io-client, join again and catch up over REST after the newest id they hold). After
# SOAK_STEADY (10) s of steady load:
#   rolling: each node in turn gets SIGTERM (it drains its sockets over DRAIN_WINDOW_SECS),
#            exits, starts again and answers /api/ready, then the next one;
#   kill9:   node 1 is killed with SIGKILL, and started again SOAK_STEADY s later.
# Then SOAK_STEADY s more, the sender stops and the members settle. Targets: nobody loses or
# gets twice a message whose POST was answered (catch-up included); rolling: no REST request
# fails and no client is without a connection for more than 5 s; kill9: the killed node's
# clients are back within 10 s. Results and verdict: loadtest/results/cluster.md.
soak_restarts() {
  local mode=$1 rate=${SOAK_RATE:-500} clients=${SOAK_CLIENTS:-3000} members=${SOAK_MEMBERS:-100}
  local steady=${SOAK_STEADY:-10} channels out n started
  channels=$(( (clients + members - 1) / members ))
  clients=$(( channels * members ))
  soak_three_nodes "soak_$mode" "$channels" "$members"
  rm -f "$SOAK_TMP/ready" "$SOAK_TMP/stop"
  say "$mode: $clients clients in $channels channels through HAProxy ($LB), $rate messages/s"
  "$LT" reconnect --server "$LB" --first-channel "$FIRST_CHANNEL" --channels "$channels" --members "$members" \
    --rate "$rate" --sources "$SOURCES" --ready-file "$SOAK_TMP/ready" --stop-file "$SOAK_TMP/stop" \
    --seconds 3600 --settle 60 >"$SOAK_TMP/reconnect.json" 2>"$SOAK_TMP/reconnect.log" &
  local lt_pid=$!
  SOAK_PIDS+=("$lt_pid")
  for _ in $(seq 1 3000); do
    [ -f "$SOAK_TMP/ready" ] && break
    kill -0 "$lt_pid" 2>/dev/null || { warn "the generator ended before its members joined"; cat "$SOAK_TMP/reconnect.log" >&2; return 1; }
    sleep 0.1
  done
  [ -f "$SOAK_TMP/ready" ] || { warn "the members did not join within 300 s"; return 1; }
  say "$mode: every member joined, the sender runs; $steady s of steady load"
  sleep "$steady"
  local events=()
  if [ "$mode" = rolling ]; then
    for n in 1 2 3; do
      started=$(now_ms)
      kill -TERM "${NODE_PIDS[n]}"
      wait "${NODE_PIDS[n]}" || true
      local stopped=$(( $(now_ms) - started ))
      start_cluster_node "$n"
      await_ready "$n" 120
      # HAProxy sends it connections once two checks a second apart have passed (rise 2).
      sleep 2
      events+=("node $n: drained and exited in $(( stopped / 1000 )).$(( stopped % 1000 / 100 )) s, ready again $(( ($(now_ms) - started) / 1000 )) s after SIGTERM")
      say "$mode: ${events[-1]}"
    done
  else
    started=$(now_ms)
    kill -KILL "${NODE_PIDS[1]}"
    wait "${NODE_PIDS[1]}" 2>/dev/null || true
    events+=("node 1 killed (SIGKILL)")
    say "$mode: ${events[-1]}; started again in $steady s"
    sleep "$steady"
    start_cluster_node 1
    await_ready 1 120
    events+=("node 1 started again $(( ($(now_ms) - started) / 1000 )) s after the kill")
    say "$mode: ${events[-1]}"
  fi
  sleep "$steady"
  touch "$SOAK_TMP/stop"
  wait "$lt_pid" || { warn "the generator failed"; cat "$SOAK_TMP/reconnect.log" >&2; return 1; }
  out=$(cat "$SOAK_TMP/reconnect.json")
  echo "  $out"
  local sent post_errors post_delivered expected lost lost_clients dups overlap repeats reconnects reconnected
  local gap_p99 gap_max still catchups catchup_errors post_p99 seconds failed late
  read -r sent post_errors post_delivered expected lost lost_clients dups overlap repeats reconnects reconnected \
    gap_p99 gap_max still catchups catchup_errors post_p99 seconds failed late < <(jq_num "$out" \
    "' '.join(map(str, (d['sent'], d['post_errors'], d['post_errors_delivered'], d['expected'], d['lost'], d['clients_with_losses'], d['live_duplicates'], d['catch_up_overlap'], d['catch_up_repeats'], d['reconnects'], d['clients_reconnected'], d['without_connection']['p99_ms'], d['without_connection']['max_ms'], d['still_disconnected'], d['catch_up_requests'], d['catch_up_errors'], d['post']['p99_ms'], round(d['seconds'], 1), d['failed_attempts'], d['caught_late'])))")
  echo "  sent $sent (POST errors $post_errors, of them delivered $post_delivered), owed $expected, lost $lost ($lost_clients clients), live duplicates $dups, catch-up overlap $overlap"
  echo "  reconnections $reconnects ($reconnected clients), without a connection p99 $gap_p99 ms, max $gap_max ms, still disconnected $still; catch-ups $catchups ($catchup_errors failed)"
  # The verdict against issue 42's targets.
  local limit=5000 verdict=() pass=1
  [ "$mode" = kill9 ] && limit=10000
  [ "$lost" -eq 0 ] || { pass=0; verdict+=("$lost messages lost"); }
  [ "$dups" -eq 0 ] || { pass=0; verdict+=("$dups live duplicates"); }
  [ "$still" -eq 0 ] || { pass=0; verdict+=("$still clients never reconnected"); }
  python3 -c "import sys; sys.exit(0 if float('$gap_max') <= $limit else 1)" || { pass=0; verdict+=("a client was without a connection for $gap_max ms (target <= $limit)"); }
  if [ "$mode" = rolling ]; then
    [ "$post_errors" -eq 0 ] && [ "$catchup_errors" -eq 0 ] || { pass=0; verdict+=("REST requests failed: $post_errors POSTs, $catchup_errors catch-ups"); }
  fi
  local scale="at the issue's figures"
  [ "$rate" = 500 ] && [ "$clients" = 3000 ] || scale="at a reduced scale, $rate messages/s to $clients clients (the targets are for 500 and 3,000)"
  local heading="## Rolling restart of the three nodes under load (issue 42)"
  [ "$mode" = kill9 ] && heading="## \`kill -9\` of one node under load (issue 42)"
  {
    echo "$heading"
    echo
    echo "Run $(date -u '+%Y-%m-%d %H:%M') UTC $scale; $(nproc) cores, load average (1 min)"
    echo "$(cut -d' ' -f1 /proc/loadavg) at the end; generator, HAProxy, three release nodes, PostgreSQL and Redis on the same machine."
    echo "\`bash scripts/soak.sh $mode\` with SOAK_RATE=$rate SOAK_CLIENTS=$clients SOAK_MEMBERS=$members SOAK_STEADY=$steady:"
    echo "$clients members in $channels channels connect through HAProxy (\`loadtest reconnect\`: a closed socket"
    echo "reconnects with socket.io-client's delays, joins its channel again, then catches up over REST after"
    echo "the newest message it holds and fetches what it lacks of the 5 s before it,"
    echo "\`docs/decisions/catch-up-overlap.md\`) while one sender POSTs $rate messages/s through HAProxy for $seconds s."
    for event in "${events[@]}"; do echo "- $event"; done
    echo
    echo "| measure | value |"
    echo "| --- | ---: |"
    echo "| messages sent (POST) | $sent |"
    echo "| POSTs failed (of them stored and delivered all the same) | $post_errors ($post_delivered) |"
    echo "| POST p99 (ms) | $post_p99 |"
    echo "| member x message pairs owed (answered POSTs) | $expected |"
    echo "| lost (clients missing any) | $lost ($lost_clients) |"
    echo "| pushed twice to one member | $dups |"
    echo "| pushed and caught up (merged by id) | $overlap |"
    echo "| caught up twice | $repeats |"
    echo "| fetched by the look-back (numbered before the newest held) | $late |"
    echo "| reconnections (clients) | $reconnects ($reconnected) |"
    echo "| failed connection attempts | $failed |"
    echo "| without a connection p99 / max (ms) | $gap_p99 / $gap_max |"
    echo "| clients still disconnected at the end | $still |"
    echo "| catch-up requests (failed) | $catchups ($catchup_errors) |"
    echo
    if [ "$pass" -eq 1 ]; then
      echo "Verdict: **meets** the target $scale."
    else
      echo "Verdict: **misses** the target $scale: $(IFS=';'; echo "${verdict[*]}" | sed 's/;/; /g')."
    fi
  } >"$SOAK_TMP/$mode.md"
  results_section "$mode" "$SOAK_TMP/$mode.md"
  say "$mode: written to loadtest/results/cluster.md"
  stop_three_nodes
  [ "$pass" -eq 1 ] || { warn "$mode: the target is missed (${verdict[*]})"; return 1; }
}

# ---------------------------------------------------------------------------------------------
if [ "$(id -u)" -eq 0 ]; then PG_RUN_AS=(runuser -u postgres --); else PG_RUN_AS=(); fi
SECTIONS=("$@")
[ ${#SECTIONS[@]} -eq 0 ] && SECTIONS=(faults backups fuzz banners realtime cluster rolling kill9)
for section in "${SECTIONS[@]}"; do
  case "$section" in
    faults) soak_faults ;;
    backups) soak_backups ;;
    fuzz) soak_fuzz ;;
    banners) soak_banners ;;
    realtime) soak_realtime ;;
    cluster) soak_cluster ;;
    rolling) soak_restarts rolling ;;
    kill9) soak_restarts kill9 ;;
    *) warn "unknown soak section: $section (faults, backups, fuzz, banners, realtime, cluster, rolling, kill9)"; exit 2 ;;
  esac
done
say "soak: ${SECTIONS[*]} passed"
