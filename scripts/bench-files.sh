#!/usr/bin/env bash
# make bench-files: files at scale (issue 40) on a release tsumugi, once with the local-disk store
# and once with an S3-compatible store (s3s-fs, as make test starts it):
#   - a BIG_BYTES (2 GiB) upload through tus (one PATCH, as tus-js-client sends it) against
#     putting the same bytes into the same store directly (local: a file copy; S3: boto3's
#     multipart upload), and the node's RSS growth;
#   - MANY (50) concurrent MANY_BYTES (100 MB) uploads: all complete, none restarts, RSS growth;
#   - the BIG file downloaded in 64 MiB ranges against reading the stored object directly.
# The BIG upload and download alternate with their direct side ROUNDS (3) times; medians compared.
# The client is loadtest/files_bench.py (boto3, pinned, installed into .cache/bench-files for
# the S3 comparison). Writes loadtest/results/files.md. Not part of make test. Needs about
# (ROUNDS + 2) × BIG_BYTES of free disk (the source, the direct copy and each round's upload).
# STORES="local" or "s3" measures one of them.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

PORT=${BENCH_FILES_PORT:-8150}
ADMIN_URL=$(bench_admin_url)
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
OUT="${FILES_OUT:-$ROOT/loadtest/results/files.md}"
STORES=${STORES:-local s3}
BOTO3_VERSION=1.44.5
TOOLS="$ROOT/.cache/bench-files"

if [ -z "${SKIP_BUILD:-}" ]; then
  say "building the release server"
  cargo build --release -p api --bin tsumugi --quiet
fi
if [ ! -x "$TOOLS/bin/python" ] || ! "$TOOLS/bin/python" -c "import boto3; assert boto3.__version__ == '$BOTO3_VERSION'" 2>/dev/null; then
  say "installing boto3 $BOTO3_VERSION into .cache/bench-files"
  python3 -m venv "$TOOLS"
  "$TOOLS/bin/pip" install --quiet "boto3==$BOTO3_VERSION"
fi

RESULTS=()
# measure STORE: one full run of files_bench.py against a fresh node on that store; its JSON
# is added to RESULTS.
measure() {
  local kind=$1 db="tsumugi_bench_files_$$_$1" data work result
  data=$(mktemp -d "${TMPDIR:-/var/tmp}/tsumugi-bench-files.XXXXXX")
  work=$(mktemp -d "${TMPDIR:-/var/tmp}/tsumugi-bench-files-work.XXXXXX")
  local -a server_env=(SEED_DEMO=1 DATA_DIR="$data") client_env=(STORE_DIR="$data/files")
  if [ "$kind" = s3 ]; then
    ensure_s3
    server_env+=(STORAGE_URL="s3://$TEST_S3_BUCKET" AWS_ENDPOINT_URL="$TEST_S3_ENDPOINT"
      AWS_ACCESS_KEY_ID="$TEST_S3_ACCESS_KEY_ID" AWS_SECRET_ACCESS_KEY="$TEST_S3_SECRET_ACCESS_KEY")
    client_env=(S3_ENDPOINT="$TEST_S3_ENDPOINT" S3_BUCKET="$TEST_S3_BUCKET"
      AWS_ACCESS_KEY_ID="$TEST_S3_ACCESS_KEY_ID" AWS_SECRET_ACCESS_KEY="$TEST_S3_SECRET_ACCESS_KEY")
  fi
  say "files ($kind): starting tsumugi on $db"
  start_bench_server "$ADMIN_URL" "$db" "$PORT" "${server_env[@]}"
  trap "stop_bench_server '$ADMIN_URL' '$db'; stop_s3; rm -rf '$data' '$work'" EXIT
  local token
  token=$(curl -fsS -H 'Content-Type: application/json' \
    -d '{"mail_address":"creator@demo.tsumugi.jp","password":"Tsumugi-demo-2026"}' \
    "http://127.0.0.1:$PORT/api/users/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
  say "files ($kind): measuring (this takes minutes)"
  result=$(env PORT="$PORT" TOKEN="$token" SERVER_PID="$BENCH_SERVER_PID" WORK_DIR="$work" "${client_env[@]}" \
    "$TOOLS/bin/python" loadtest/files_bench.py)
  echo "$result"
  RESULTS+=("$result")
  stop_bench_server "$ADMIN_URL" "$db"
  [ "$kind" = s3 ] && stop_s3
  rm -rf "$data" "$work"
  trap - EXIT
}

for kind in $STORES; do
  measure "$kind"
done

python3 - "$OUT" "${RESULTS[@]}" <<'PY'
import json, sys, datetime, os
out, runs = sys.argv[1], [json.loads(r) for r in sys.argv[2:]]
ok = lambda c: "meets" if c else "**misses**"
load = os.getloadavg()[0]
lines = [
    "# Files at scale (make bench-files)",
    "",
    f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
    f"load average (1 min) {load:.2f} at the end; release tsumugi, the client on the same machine "
    "(`loadtest/files_bench.py`, one PATCH per upload as tus-js-client sends a file it can read whole). "
    "Each direct figure puts or reads the same bytes in the same store, just before or after tsumugi does; an upload on either side ends when its bytes are on the disk (sync). "
    "The 2 GiB upload and download are measured in alternating rounds (three by default, `ROUNDS`), and the table compares the medians; the raw figures list every round.",
]
for r in runs:
    big, down, many = r["big_upload"], r["big_download"], r["many_uploads"]
    gib = big["bytes"] / 1024**3
    lines += [
        "",
        f"## {r['store']}",
        "",
        "| measurement | tsumugi | direct | ratio | target |",
        "| --- | --- | --- | --- | --- |",
        f"| {gib:g} GiB upload through tus vs {r['direct_put']} | {big['tus_mib_s']} MiB/s ({big['tus_s']} s) | {big['copy_mib_s']} MiB/s ({big['copy_s']} s) | {big['ratio']} | ≥ 0.7: {ok(big['ratio'] >= 0.7)} |",
        f"| node RSS growth during that upload | {big['rss_growth_mib']} MiB | | | ≤ 64 MiB: {ok(big['rss_growth_mib'] <= 64)} |",
        f"| {gib:g} GiB download in 64 MiB ranges vs {r['direct_get']}{' (page cache emptied before each: both from the disk)' if down.get('cold_cache') else ''} | {down['ranged_s']} s | {down['read_s']} s | {down['ratio']} | ≥ 0.7: {ok(down['ratio'] >= 0.7)} |",
        f"| node RSS growth during that download | {down['rss_growth_mib']} MiB | | | (constant memory) |",
        f"| {many['uploads']} concurrent uploads of {many['bytes_each'] // 1000**2} MB | {many['completed']} completed, {many['restarted']} restarted, {many['resumed']} resumed after a 503 or a drop, {many['mib_s']} MiB/s in all ({many['seconds']} s) | | | all complete, none restarts: {ok(many['completed'] == many['uploads'] and many['restarted'] == 0)} |",
        f"| node RSS growth during them | {many['rss_growth_mib']} MiB | | | ≤ 64 MiB: {ok(many['rss_growth_mib'] <= 64)} |",
    ]
lines += ["", "Raw figures:", "", "```json", json.dumps(runs, indent=2), "```"]
open(out, "w").write("\n".join(lines) + "\n")
PY
say "files: written to $OUT"
