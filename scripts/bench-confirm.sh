#!/usr/bin/env bash
# make bench-confirm: confirming one month's rewards for 10,000 creators with 20 tasks each.
# A database of its own (migrated by the bench through api::MIGRATOR), seeded by
# loadtest/confirm-seed.sql; time and SQL statement count in loadtest/results/reward-confirmation.md.
# Not part of make test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

CREATORS=${CREATORS:-10000}
TASKS=${TASKS:-20}
ADMIN_URL=$(bench_admin_url)
BENCH_DB="tsumugi_bench_confirm_$$"
BENCH_URL="${ADMIN_URL%/*}/$BENCH_DB"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"

say "building release binaries"
cargo build --release -p api -p loadtest --quiet
psql "$ADMIN_URL" -qc "create database $BENCH_DB" >/dev/null
trap 'psql "$ADMIN_URL" -qc "drop database if exists $BENCH_DB with (force)" >/dev/null || true' EXIT

say "migrating"
for f in migrations/*.sql; do psql "$BENCH_URL" -q -v ON_ERROR_STOP=1 -f "$f" >/dev/null; done
say "seeding $CREATORS creators × $TASKS tasks"
psql "$BENCH_URL" -q -v ON_ERROR_STOP=1 -v creators="$CREATORS" -v tasks="$TASKS" -f loadtest/confirm-seed.sql
psql "$BENCH_URL" -qc "vacuum analyze" >/dev/null

say "confirming"
"$TARGET/release/confirm_bench" --database-url "$BENCH_URL" --out loadtest/results/reward-confirmation.md
