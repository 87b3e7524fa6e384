#!/usr/bin/env bash
# make bench-presence: issue 43's presence target on the hub-only release server (HUB_ONLY=1,
# presence kept in Redis as on a cluster). CLIENTS (10,000) connect in rooms of MEMBERS (100)
# and go away (a short PRESENCE_AWAY_SECS); then, at each rate of RATES, that many of them a
# second become active for SECONDS (20), each once, while MESSAGE_RATE (200) messages a second
# are published into the rooms. Measured: the latency of each presence.updated to the room's
# members, and the server's CPU over the same window, against the same run with PRESENCE=0,
# RUNS (3) times each in turn: loadtest/results/presence.md. Target: p99 <= 200 ms, CPU <= 5 %
# more. The rates: 5 a second is a working day (each person away and back about 15 times in
# eight hours), 33 the most the five-minute away rule allows (each of 10,000 people back from
# away every five minutes), 200 six times that (docs/decisions/presence.md). Not part of make test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

CLIENTS=${CLIENTS:-10000}
MEMBERS=${MEMBERS:-100}
RATES=${RATES:-5 33 200}
MEASURED_SECONDS=${SECONDS_MEASURED:-20}
MESSAGE_RATE=${MESSAGE_RATE:-200}
RUNS=${RUNS:-3}
PORT=${BENCH_PRESENCE_PORT:-8160}
REDIS=${REDIS_URL:-redis://127.0.0.1:6379/?protocol=resp3}
SOURCES="127.0.0.2,127.0.0.3,127.0.0.4,127.0.0.5,127.0.0.6,127.0.0.7,127.0.0.8,127.0.0.9"
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release"
OUT=loadtest/results/presence.md
ulimit -n 20000 2>/dev/null || true

say "building release binaries"
cargo build --release -p api -p loadtest --quiet
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "port $PORT is in use; set BENCH_PRESENCE_PORT" >&2
  exit 1
fi

SERVER_PID=""
trap '[ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null; true' EXIT

# run PRESENCE(1|0) RATE -> the scenario's JSON report
run() {
  HUB_ONLY=1 PORT=$PORT REDIS_URL="$REDIS" REDIS_PREFIX="bench-presence-$$-$1-$RANDOM" RUST_LOG=warn \
    PRESENCE="$1" PRESENCE_AWAY_SECS=2 PRESENCE_EXPIRY_MS=6000 "$BIN/tsumugi" >/dev/null 2>&1 &
  SERVER_PID=$!
  await_health "$SERVER_PID" "$PORT" >&2
  "$BIN/loadtest" presence --server "127.0.0.1:$PORT" --clients "$CLIENTS" --members "$MEMBERS" \
    --rate "$2" --seconds "$MEASURED_SECONDS" --settle 8 --message-rate "$MESSAGE_RATE" \
    --sources "$SOURCES" --pid "$SERVER_PID"
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
verdict() { python3 -c "import sys; print('meets' if float(sys.argv[1]) <= float(sys.argv[2]) else '**misses**')" "$1" "$2"; }

summary="" rows=""
for rate in $RATES; do
  on_cpu=() off_cpu=() p99s=()
  for n in $(seq 1 "$RUNS"); do
    for presence in 1 0; do
      say "$rate a second, run $n, presence $([ "$presence" = 1 ] && echo on || echo off)"
      out=$(run "$presence" "$rate")
      read -r p50 p99 max expected received cpu messages < <(jq_num "$out" \
        "' '.join(str(v) for v in (d['latency']['p50_ms'], d['latency']['p99_ms'], d['latency']['max_ms'], d['expected'], d['received'], round(d['server_cpu_secs'], 2), d['messages_received']))")
      echo "  presence.updated p50 $p50 ms, p99 $p99 ms (received $received of $expected), server CPU $cpu s, messages received $messages"
      if [ "$presence" = 1 ]; then
        on_cpu+=("$cpu") p99s+=("$p99")
        rows+="| $rate | $n | on | $p50 | $p99 | $max | $received / $expected | $messages | $cpu |"$'\n'
      else
        off_cpu+=("$cpu")
        rows+="| $rate | $n | off (\`PRESENCE=0\`) | | | | | $messages | $cpu |"$'\n'
      fi
    done
  done
  p99=$(median "${p99s[@]}") on=$(median "${on_cpu[@]}") off=$(median "${off_cpu[@]}")
  extra=$(python3 -c "import sys; print(round((float(sys.argv[1]) / float(sys.argv[2]) - 1) * 100, 1))" "$on" "$off")
  summary+="| $rate | $p99 ms | $(verdict "$p99" 200) | $extra % ($on s vs $off s) | $(verdict "$extra" 5) |"$'\n'
done
{
  echo "# Presence at 10,000 clients (make bench-presence)"
  echo
  echo "Run $(date -u '+%Y-%m-%d %H:%M') UTC, $(nproc) cores, load average (1 min) $(cut -d' ' -f1 /proc/loadavg) at the end;"
  echo "generator, release tsumugi (\`HUB_ONLY=1\`, presence in Redis) and Redis on the same machine."
  echo
  echo "$CLIENTS clients in rooms of $MEMBERS, all away first (\`PRESENCE_AWAY_SECS=2\`); then, at each rate, that"
  echo "many a second become active for $MEASURED_SECONDS s, each once (\`presence:active\`), and go away again"
  echo "2–4 s later, while $MESSAGE_RATE messages a second are published into the rooms. 5 a second is a"
  echo "working day (each person away and back about 15 times in eight hours), 33 the most the real"
  echo "five-minute away rule allows for 10,000 people, 200 six times that. Latency: from the intended"
  echo "moment of the client's event to each room member's \`presence.updated\`. CPU: the server's user +"
  echo "system time over the same window, presence on against \`PRESENCE=0\` (same messages, no presence"
  echo "work), runs alternating. Targets: p99 ≤ 200 ms, CPU ≤ 5 % more."
  echo
  echo "| people becoming active a second | presence.updated p99 (median of $RUNS runs) | verdict | server CPU with presence against without | verdict |"
  echo "| ---: | ---: | --- | ---: | --- |"
  printf '%s' "$summary"
  echo
  echo "| rate | run | presence | p50 (ms) | p99 (ms) | max (ms) | updates received / expected | messages received | server CPU (s) |"
  echo "| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  printf '%s' "$rows"
} >"$OUT"
cat "$OUT"
