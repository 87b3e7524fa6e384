#!/usr/bin/env bash
# make bench-files: files at scale (issue 40) on a release tsumugi with the local-disk store.
#   - a BIG_BYTES (2 GiB) upload through tus (one PATCH, as tus-js-client sends it) against
#     copying the same bytes into the same store directory, and the node's RSS growth;
#   - MANY (50) concurrent MANY_BYTES (100 MB) uploads: all complete, none restarts, RSS growth;
#   - the BIG file downloaded in 64 MiB ranges against reading the stored object directly.
# The client is loadtest/files_bench.py (standard library Python). Writes
# loadtest/results/files.md. Not part of make test. Needs about 3 × BIG_BYTES of free disk.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

PORT=${BENCH_FILES_PORT:-8150}
ADMIN_URL=$(bench_admin_url)
BENCH_DB="tsumugi_bench_files_$$"
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
OUT="${FILES_OUT:-$ROOT/loadtest/results/files.md}"
DATA=$(mktemp -d "${TMPDIR:-/var/tmp}/tsumugi-bench-files.XXXXXX")
WORK=$(mktemp -d "${TMPDIR:-/var/tmp}/tsumugi-bench-files-work.XXXXXX")

if [ -z "${SKIP_BUILD:-}" ]; then
  say "building the release server"
  cargo build --release -p api --bin tsumugi --quiet
fi
say "files: starting tsumugi on $BENCH_DB (local store in $DATA/files)"
start_bench_server "$ADMIN_URL" "$BENCH_DB" "$PORT" SEED_DEMO=1 DATA_DIR="$DATA"
trap 'stop_bench_server "$ADMIN_URL" "$BENCH_DB"; rm -rf "$DATA" "$WORK"' EXIT

TOKEN=$(curl -fsS -H 'Content-Type: application/json' \
  -d '{"mail_address":"creator@demo.tsumugi.jp","password":"Tsumugi-demo-2026"}' \
  "http://127.0.0.1:$PORT/api/users/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')

say "files: measuring (this takes minutes)"
result=$(PORT=$PORT TOKEN=$TOKEN SERVER_PID=$BENCH_SERVER_PID STORE_DIR="$DATA/files" WORK_DIR="$WORK" \
  python3 loadtest/files_bench.py)
echo "$result"

python3 - "$result" "$OUT" <<'PY'
import json, sys, datetime, os
r = json.loads(sys.argv[1])
big, down, many = r["big_upload"], r["big_download"], r["many_uploads"]
ok = lambda c: "meets" if c else "**misses**"
gib = big["bytes"] / 1024**3
lines = [
    "# Files at scale (make bench-files)",
    "",
    f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on the development machine "
    f"({os.cpu_count()} cores shared with other engineers' builds and tests: figures are indicative), "
    "release tsumugi, local-disk store, client on the same machine (`loadtest/files_bench.py`).",
    "",
    "| measurement | tsumugi | direct | ratio | target |",
    "| --- | --- | --- | --- | --- |",
    f"| {gib:g} GiB upload through tus (one PATCH) vs file copy into the store | {big['tus_mib_s']} MiB/s ({big['tus_s']} s) | {big['copy_mib_s']} MiB/s ({big['copy_s']} s) | {big['ratio']} | ≥ 0.7: {ok(big['ratio'] >= 0.7)} |",
    f"| node RSS growth during that upload | {big['rss_growth_mib']} MiB | | | ≤ 64 MiB: {ok(big['rss_growth_mib'] <= 64)} |",
    f"| {gib:g} GiB download in 64 MiB ranges vs reading the stored object | {down['ranged_s']} s | {down['read_s']} s | {down['ratio']} | ≥ 0.7: {ok(down['ratio'] >= 0.7)} |",
    f"| {many['uploads']} concurrent uploads of {many['bytes_each'] // 1000**2} MB | {many['completed']} completed, {many['restarted']} restarted, {many['mib_s']} MiB/s in all | | | all complete, none restarts: {ok(many['completed'] == many['uploads'] and many['restarted'] == 0)} |",
    f"| node RSS growth during them | {many['rss_growth_mib']} MiB | | | ≤ 64 MiB: {ok(many['rss_growth_mib'] <= 64)} |",
    "",
    "The S3 comparison (tus into s3s-fs against the server's own multipart upload with a standard",
    "client) is not measured yet. Raw figures:",
    "",
    "```json",
    json.dumps(r, indent=2),
    "```",
]
open(sys.argv[2], "w").write("\n".join(lines) + "\n")
PY
say "files: written to $OUT"
