#!/usr/bin/env bash
# make cluster: PostgreSQL, Redis, the S3-compatible store, three release tsumugi nodes and
# HAProxy in front of them on one address (docs/operations.md). Ctrl-C stops everything.
# CLUSTER_PORT (8080) is the address; the nodes listen on the next free ports, a private Redis
# (unless REDIS_URL is set) from CLUSTER_PORT + 10 and the nodes' metrics from CLUSTER_PORT + 11;
# NODES (3) sets how many. TSUMUGI_BIN (a server binary) and WEB_DIR (a built web app)
# skip building them.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

NODES="${NODES:-3}"
LB_PORT="${CLUSTER_PORT:-8080}"
command -v node >/dev/null || apt_install nodejs npm
apt_install haproxy redis-server fonts-noto-cjk
if [ -z "${WEB_DIR:-}" ]; then
  ensure_node_modules
  ensure_web_build
fi
if [ -z "${TSUMUGI_BIN:-}" ]; then
  ensure_release_binary
  TSUMUGI_BIN="$ROOT/target/release/tsumugi"
fi
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
export MASTER_DATA_DIR

RUN_DIR=$(mktemp -d)
PIDS=()
REDIS_PID=""
cleanup() {
  local pid
  # SIGTERM: each node drains (readiness off, sockets closed over its window) and exits.
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -n "$REDIS_PID" ] && kill "$REDIS_PID" 2>/dev/null && wait "$REDIS_PID" 2>/dev/null || true
  stop_s3
  stop_database
  rm -rf "$RUN_DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

use_database
if [ -z "${REDIS_URL:-}" ]; then
  redis_port=$(free_port $((LB_PORT + 10)))
  redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no >"$RUN_DIR/redis.log" 2>&1 &
  REDIS_PID=$!
  for _ in $(seq 1 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
  REDIS_URL="redis://127.0.0.1:$redis_port/?protocol=resp3"
fi
ensure_s3
export REDIS_URL STORAGE_URL="s3://$TEST_S3_BUCKET" AWS_ENDPOINT_URL="$TEST_S3_ENDPOINT" \
  AWS_ACCESS_KEY_ID="$TEST_S3_ACCESS_KEY_ID" AWS_SECRET_ACCESS_KEY="$TEST_S3_SECRET_ACCESS_KEY"
export HOST=127.0.0.1 WEB_DIR="${WEB_DIR:-$ROOT/web/dist}" DATA_DIR="${DATA_DIR:-$ROOT/data}" \
  TRUST_PROXY=1 DRAIN_WINDOW_SECS="${DRAIN_WINDOW_SECS:-10}"
mkdir -p "$DATA_DIR"

ports=()
port=$((LB_PORT + 1))
for n in $(seq 1 "$NODES"); do
  port=$(free_port "$port")
  metrics=$(free_port $((LB_PORT + 10 + n)))
  # The first node migrates and seeds the demo data; the others start once it answers.
  SEED_DEMO=$([ "$n" -eq 1 ] && echo 1 || echo 0) PORT="$port" METRICS_ADDR="127.0.0.1:$metrics" \
    "$TSUMUGI_BIN" >"$RUN_DIR/node$n.log" 2>&1 &
  PIDS+=($!)
  await_health "$!" "$port" 120
  ports+=("$port")
  say "node$n on 127.0.0.1:$port (metrics http://127.0.0.1:$metrics/metrics, log $RUN_DIR/node$n.log)"
  port=$((port + 1))
done

start_haproxy "$RUN_DIR" "127.0.0.1:$LB_PORT" "${ports[@]}"
PIDS+=("$HAPROXY_PID")

print_demo_logins "http://127.0.0.1:$LB_PORT（HAProxy → ノード ${NODES} 台）"
# Until Ctrl-C (or HAProxy ends). A node may be stopped meanwhile (`kill -TERM <pid>` drains
# it, as a rolling upgrade does); HAProxy sends the others its traffic.
wait "$HAPROXY_PID"
