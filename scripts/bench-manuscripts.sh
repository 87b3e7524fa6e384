#!/usr/bin/env bash
# make bench-manuscripts: issue 44's two manuscript targets on a release tsumugi with the demo
# data, on a database of its own, serving the production web build:
#   1. co-editing: EDITORS (10) staff managers join one manuscript and each types RATE (5)
#      characters a second of Japanese for SECONDS (60) (`loadtest manuscripts`): every
#      document converges with the stored one, remote edits appear with p99 <= 100 ms, the
#      node's CPU <= 10 % of a core;
#   2. opening: a manuscript of CHARS (50,000) characters stored as UPDATES (2,000) updates
#      after an empty snapshot (`loadtest manuscript-seed`) is opened RUNS (5) times in Chromium
#      (loadtest/web/manuscript-open.mjs): the median time to the text in the editor <= 1 s;
#      then once more with the same document compacted into its snapshot, for comparison.
# Results in loadtest/results/manuscripts.md. Not part of make test.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

PORT=${BENCH_MANUSCRIPTS_PORT:-8170}
EDITORS=${EDITORS:-10}
RATE=${RATE:-5}
MEASURED_SECONDS=${SECONDS_MEASURED:-60}
CHARS=${CHARS:-50000}
UPDATES=${UPDATES:-2000}
RUNS=${RUNS:-5}
ADMIN_URL=$(bench_admin_url)
BENCH_DB="tsumugi_bench_manuscripts_$$"
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release"
OUT=${MANUSCRIPTS_OUT:-loadtest/results/manuscripts.md}
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}

[ -x "$CHROMIUM" ] || apt_install chromium
ensure_node_modules
ensure_web_build
if [ -z "${SKIP_BUILD:-}" ]; then
  say "building release binaries"
  cargo build --release -p api -p loadtest --quiet
fi
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "port $PORT is in use; set BENCH_MANUSCRIPTS_PORT" >&2
  exit 1
fi

say "starting tsumugi with the demo data on $BENCH_DB"
start_bench_server "$ADMIN_URL" "$BENCH_DB" "$PORT" SEED_DEMO=1 WEB_DIR="$ROOT/web/dist"
read -r edit_task open_task user_id < <(psql "$BENCH_URL" -qtA -v ON_ERROR_STOP=1 -v editors="$EDITORS" -f loadtest/manuscripts-seed.sql | tail -n 1)
psql "$BENCH_URL" -qc "vacuum analyze" >/dev/null

say "co-editing: $EDITORS editors typing $RATE characters/s for $MEASURED_SECONDS s"
edit=$("$BIN/loadtest" manuscripts --server "127.0.0.1:$PORT" --database-url "$BENCH_URL" --task-id "$edit_task" \
  --editors "$EDITORS" --rate "$RATE" --seconds "$MEASURED_SECONDS" --warmup 5 --pid "$BENCH_SERVER_PID")
echo "$edit"

say "opening: $CHARS characters in $UPDATES stored updates"
seeded=$("$BIN/loadtest" manuscript-seed --database-url "$BENCH_URL" --task-id "$open_task" --user-id "$user_id" \
  --chars "$CHARS" --updates "$UPDATES")
echo "$seeded"
manuscript_id=$(jq_num "$seeded" "d['manuscript_id']")
first=$(jq_num "$seeded" "d['first_paragraph']")
last=$(jq_num "$seeded" "d['last_paragraph']")
open_page() {
  node loadtest/web/manuscript-open.mjs --origin "http://127.0.0.1:$PORT" --id "$manuscript_id" \
    --token ms-bench-token-0 --first "$first" --last "$last" --runs "$RUNS" --chromium "$CHROMIUM"
}
opened=$(open_page)
echo "$opened"
say "opening again with the same document compacted into its snapshot"
"$BIN/loadtest" manuscript-compact --database-url "$BENCH_URL" --manuscript-id "$manuscript_id"
compacted=$(open_page)
echo "$compacted"

python3 - "$edit" "$seeded" "$opened" "$compacted" "$(nproc)" "$(cut -d' ' -f1 /proc/loadavg)" >"$OUT" <<'PY'
import json, sys, datetime
edit, seeded, opened, compacted = (json.loads(a) for a in sys.argv[1:5])
cores, load = sys.argv[5], sys.argv[6]
lat = edit["latency"]
verdict = lambda ok: "meets" if ok else "**misses**"
def runs(o):
    return ", ".join(f"{r['last_ms']:.0f}" for r in o["runs"])
print(f"""# Manuscripts: co-editing and opening (make bench-manuscripts)

Run {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {cores} cores, load average (1 min) {load} at the end;
the generator, the release tsumugi (one node, no Redis), PostgreSQL and Chromium on the same machine.

| target | figure | verdict |
| --- | ---: | --- |
| {edit['editors']} editors × {edit['rate']:g} characters/s for {edit['seconds']:g} s: every document converges | {'converged' if edit['converged'] else 'NOT converged'} ({edit['characters']} characters; REST counts {edit['rest_count']}) | {verdict(edit['converged'])} |
| remote edits appear, p99 ≤ 100 ms | {lat['p99_ms']} ms | {verdict(lat['p99_ms'] <= 100)} |
| the node's CPU ≤ 10 % of a core | {edit['server_cpu_percent']:.1f} % ({edit['server_cpu_secs']:.2f} s in {edit['seconds']:g} s) | {verdict(edit['server_cpu_percent'] <= 10)} |
| {seeded['characters']:,} characters in {seeded['updates']:,} stored updates open in ≤ 1 s (median of {len(opened['runs'])}) | {opened['median_last_ms']:.0f} ms | {verdict(opened['median_last_ms'] <= 1000)} |

## Co-editing

Latency of remote edits: emitted by one editor → applied by each other editor, {lat['count']} deliveries after a 5 s warm-up:
p50 {lat['p50_ms']} ms, p95 {edit['p95_ms']} ms, p99 {lat['p99_ms']} ms, max {lat['max_ms']} ms.
Updates sent {edit['sent']} (refused or unanswered: {edit['send_errors']}); deliveries {edit['received']} of {edit['expected']} expected,
{edit['held']} of them arrived before an update they depend on and appeared with it.
Stored after the run: {edit['stored_updates']} updates after the snapshot (compaction folds past 200).

## Opening

The manuscript: {seeded['characters']:,} characters in {seeded['paragraphs']} paragraphs, written as {seeded['updates']:,} updates of
{seeded['characters'] // seeded['updates']} characters ({seeded['update_bytes']:,} bytes in all) stored in `manuscript_updates` after an empty snapshot.

| stored as | median to the last paragraph (ms) | median to the first paragraph (ms) | runs, to the last paragraph (ms) |
| --- | ---: | ---: | --- |
| snapshot + {seeded['updates']:,} updates | {opened['median_last_ms']:.0f} | {opened['median_first_ms']:.0f} | {runs(opened)} |
| compacted into the snapshot | {compacted['median_last_ms']:.0f} | {compacted['median_first_ms']:.0f} | {runs(compacted)} |""")
PY
cat "$OUT"
