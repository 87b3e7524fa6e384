#!/usr/bin/env bash
# make test: install what is missing, make sure PostgreSQL and Redis answer, then run the
# Rust tests, the Vitest suite and the Playwright suite against a real tsumugi.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# haproxy: api/tests/cluster.rs puts two nodes behind it.
apt_install postgresql redis-server haproxy chromium fonts-noto-cjk fonts-noto-color-emoji
command -v node >/dev/null || apt_install nodejs npm
ensure_node_modules

ensure_test_services

LOGS=$(mktemp -d)
say "Lint: cargo fmt, clippy (warnings are errors), ESLint (the web app's domain boundaries) and the generated wire contract"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
npm run lint -w web --silent
# The web's generated wire types match the server's document (no server, no database).
bash scripts/gen-wire.sh --check
# The storage contract, downloads and two nodes run against a real S3-compatible server too.
ensure_s3
# The sharded fan-out tests (api/tests/redis_cluster.rs) run on a three-shard Redis Cluster.
ensure_redis_cluster
trap 'stop_s3; stop_redis_cluster' EXIT
say "Rust tests"
cargo test --workspace 2>&1 | tee "$LOGS/cargo.log"
say "Protocol conformance: the official Engine.IO / Socket.IO suites against the hub (~35 s)"
bash scripts/conformance.sh 2>&1 | tee "$LOGS/conformance.log"
say "Vitest"
npm test -w web --silent 2>&1 | tee "$LOGS/vitest.log"
ensure_web_build
# Playwright and the fuzzer drive the debug server that `cargo test` has just built (the API's
# integration tests make cargo build the `tsumugi` binary too). Building a release binary here
# took 12 of make test's 52 minutes on two cores, and Playwright takes the same 15 minutes with
# either build. `make run`, the benchmarks and `make soak` use the release build.
export TSUMUGI_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/debug/tsumugi"
say "Playwright"
npm run e2e -w web --silent 2>&1 | tee "$LOGS/playwright.log"

# --- Fuzzing (issue 15): schemathesis against /api/openapi.json as creator, client and admin.
# A fixed seed and a bounded example count (scripts/fuzz.sh; `make soak` runs thousands).
say "Fuzzing: schemathesis against the OpenAPI document (creator, client, admin)"
bash scripts/fuzz.sh 2>&1 | tee "$LOGS/fuzz.log"
# --- end of fuzzing

# One closing line for the whole run (each runner printed its own above; pipefail stops on failure).
strip() { sed 's/\x1b\[[0-9;]*m//g' "$1"; }
cargo_passed=$(strip "$LOGS/cargo.log" | sed -n 's/^test result: ok\. \([0-9]*\) passed.*/\1/p' | awk '{s+=$1} END {print s+0}')
vitest_passed=$(strip "$LOGS/vitest.log" | sed -n 's/^ *Tests *\([0-9]*\) passed.*/\1/p' | tail -n 1)
playwright_passed=$(strip "$LOGS/playwright.log" | sed -n 's/^ *\([0-9]*\) passed.*/\1/p' | tail -n 1)
total=$(( ${cargo_passed:-0} + ${vitest_passed:-0} + ${playwright_passed:-0} ))
echo "Rust ${cargo_passed:-0}, Vitest ${vitest_passed:-0}, Playwright ${playwright_passed:-0}"
strip "$LOGS/conformance.log" | grep '^Engine.IO: ' | tail -n 1 || true
echo "$total passed, 0 failed"
