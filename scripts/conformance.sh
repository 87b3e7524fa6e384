#!/usr/bin/env bash
# The official Engine.IO / Socket.IO protocol suites (../shared/conformance, read-only) against
# the hub's conformance server (realtime/examples/conformance.rs), as socketioxide's CI runs
# them. Prints "Engine.IO: X of Y, Socket.IO: X of Y" and fails when a test listed in
# realtime/conformance/passing.txt fails (a ratchet: the list only grows; tests that do not
# pass are the deliberate exceptions in realtime/conformance/exceptions.txt, each printed with
# its reason; see docs/decisions/own-socketio-server.md).
#   bash scripts/conformance.sh            run and check against the list
#   RECORD=1 bash scripts/conformance.sh   also rewrite the list with today's passing tests
# Environment: CONFORMANCE_DIR (default ../shared/conformance next to the checkout, or
# /work/shared/conformance), CONFORMANCE_PORT (first port tried, default 19300).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

SUITES="${CONFORMANCE_DIR:-}"
if [ -z "$SUITES" ]; then
  for candidate in "$ROOT/../shared/conformance" "$ROOT/../../shared/conformance" /work/shared/conformance; do
    [ -d "$candidate/engine.io-protocol" ] && { SUITES=$(cd "$candidate" && pwd); break; }
  done
fi
[ -n "$SUITES" ] || { warn "the official suites were not found (set CONFORMANCE_DIR)"; exit 1; }
LIST="$ROOT/realtime/conformance/passing.txt"
EXCEPTIONS="$ROOT/realtime/conformance/exceptions.txt"

WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# The suites are copied (the originals stay untouched) next to the pinned dependencies; the
# only change is the address: the suites hard-code localhost:3000, the copies use our port.
PORT=$(free_port "${CONFORMANCE_PORT:-19300}")
for suite in engine.io-protocol socket.io-protocol; do
  mkdir -p "$WORK/$suite"
  cp -r "$SUITES/$suite/test-suite" "$WORK/$suite/"
  sed -i "s#http://localhost:3000#http://127.0.0.1:$PORT#" "$WORK/$suite/test-suite/test-suite.js"
done
# Their dependencies, pinned by our lockfile, installed once into the ignored .cache and
# reinstalled when the lockfile changes.
DEPS="$ROOT/.cache/conformance-suites"
if ! cmp -s "$ROOT/realtime/conformance/package-lock.json" "$DEPS/package-lock.json" || [ ! -d "$DEPS/node_modules" ]; then
  say "installing the suites' dependencies"
  rm -rf "$DEPS" && mkdir -p "$DEPS"
  cp "$ROOT/realtime/conformance/package.json" "$ROOT/realtime/conformance/package-lock.json" "$DEPS/"
  (cd "$DEPS" && npm ci --no-audit --no-fund --loglevel=error --workspaces=false >/dev/null)
fi
ln -s "$DEPS/node_modules" "$WORK/node_modules"

say "building the conformance server"
cargo build -p realtime --example conformance --quiet
PORT=$PORT RUST_LOG="${RUST_LOG:-warn}" "${CARGO_TARGET_DIR:-$ROOT/target}/debug/examples/conformance" >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; exit 1; }
  sleep 0.1
done

# run_suite NAME DIR: mocha's JSON report in $WORK/NAME.json (failures are counted, not fatal).
# A failed test is retried twice: a few tests race the server's timing (a test awaiting two
# messages one by one misses the second when both arrive in one read, and a heartbeat ping may
# come between them: pings run every 300 ms on the node's timer); a real regression fails all
# three tries.
run_suite() {
  (cd "$WORK/$2/test-suite" && "$WORK/node_modules/.bin/mocha" --exit --retries 2 --reporter json test-suite.js >"$WORK/$1.json" 2>"$WORK/$1.err") || true
}
run_suite engine "engine.io-protocol"
run_suite socket "socket.io-protocol"

# One line per test: "<suite>|<pass|fail>|<full title>".
node -e '
  const fs = require("fs");
  for (const [name, label] of [["engine", "Engine.IO"], ["socket", "Socket.IO"]]) {
    const report = JSON.parse(fs.readFileSync(process.argv[1] + "/" + name + ".json", "utf8"));
    for (const t of report.passes) console.log(`${label}|pass|${t.fullTitle}`);
    for (const t of report.failures) console.log(`${label}|fail|${t.fullTitle}`);
  }
' "$WORK" | sort -u >"$WORK/results.txt"

count() { grep -c "^$1|$2|" "$WORK/results.txt" || true; }
summary="Engine.IO: $(count Engine.IO pass) of $(( $(count Engine.IO pass) + $(count Engine.IO fail) )), Socket.IO: $(count Socket.IO pass) of $(( $(count Socket.IO pass) + $(count Socket.IO fail) ))"

if [ -n "${RECORD:-}" ]; then
  {
    echo "# The official suites' tests the hub passes (scripts/conformance.sh fails if one of them fails)."
    echo "# Regenerate with RECORD=1 bash scripts/conformance.sh once more pass."
    grep '|pass|' "$WORK/results.txt" | sed 's/|pass|/: /'
  } >"$LIST"
  say "recorded $(grep -c '|pass|' "$WORK/results.txt") passing tests in ${LIST#"$ROOT/"}"
fi

regressed=0
while IFS= read -r line; do
  case "$line" in '#'* | '') continue ;; esac
  suite=${line%%: *}
  title=${line#*: }
  if ! grep -qxF "$suite|pass|$title" "$WORK/results.txt"; then
    warn "no longer passes: $suite: $title"
    regressed=1
  fi
done <"$LIST"
# A failing test is either a deliberate exception (printed with its reason) or, when it is
# not in the list above either, news worth reading.
while IFS='|' read -r suite _ title; do
  reason=$(grep -F "$suite: $title | " "$EXCEPTIONS" | sed 's/.* | //' || true)
  if [ -n "$reason" ]; then
    echo "not passing by decision: $suite: $title ($reason)"
  else
    warn "fails (not in the ratchet yet): $suite: $title"
  fi
done < <(grep '|fail|' "$WORK/results.txt" || true)
echo "$summary"
[ "$regressed" -eq 0 ] || { warn "a test in ${LIST#"$ROOT/"} failed"; exit 1; }
