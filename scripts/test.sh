#!/usr/bin/env bash
# make test: install what is missing, make sure PostgreSQL and Redis answer, then run the
# Rust tests, the Vitest suite and the Playwright suite against a real tsumugi.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

apt_install postgresql redis-server chromium fonts-noto-cjk
command -v node >/dev/null || apt_install nodejs npm
ensure_node_modules

# PostgreSQL: the machine's cluster on 5432 when it trusts us, else a private one.
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; then
    for version in $(ls /etc/postgresql 2>/dev/null); do
      as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start >/dev/null 2>&1 || true
    done
  fi
  if psql -h 127.0.0.1 -U postgres -d postgres -tAc 'select 1' >/dev/null 2>&1; then
    TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
  else
    start_private_cluster "$(private_cluster_dir)-test"
    TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
  fi
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  say "starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save '' --appendonly no >/dev/null
  for _ in $(seq 1 50); do redis-cli ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
export DATABASE_URL="$TEST_DATABASE_URL" E2E_DATABASE_ADMIN_URL="$TEST_DATABASE_URL"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/?protocol=resp3}"

say "Rust tests"
cargo test --workspace --quiet 2>&1 | tee /tmp/tsumugi-cargo-test.log
say "Vitest"
npm test -w web --silent
ensure_web_build
ensure_release_binary
say "Playwright"
npm run e2e -w web --silent
