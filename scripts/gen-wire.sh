#!/usr/bin/env bash
# The web's generated wire contract (docs/decisions/generated-wire-contract.md): the server's
# OpenAPI document (`tsumugi openapi`, no server or database) through openapi-typescript into
# web/src/lib/api/schema.gen.ts, and its pushed events into web/src/lib/api/events.gen.ts.
#   scripts/gen-wire.sh          regenerates both
#   scripts/gen-wire.sh --check  fails when the committed files differ from what the server says
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
OUT=web/src/lib/api
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

cargo run --quiet -p api --bin tsumugi -- openapi >"$TMP/openapi.json"
node scripts/gen-wire.mjs strip "$TMP/openapi.json"
npx --no-install openapi-typescript "$TMP/openapi.json" -o "$TMP/schema.gen.ts" --silent
node scripts/gen-wire.mjs events "$TMP/openapi.json" >"$TMP/events.gen.ts"

if [ "${1:-}" = "--check" ]; then
  stale=0
  for file in schema.gen.ts events.gen.ts; do
    if ! diff -u "$OUT/$file" "$TMP/$file" >"$TMP/$file.diff"; then
      head -40 "$TMP/$file.diff" >&2
      echo "$OUT/$file differs from the server's document: run scripts/gen-wire.sh and commit it" >&2
      stale=1
    fi
  done
  exit "$stale"
fi
cp "$TMP/schema.gen.ts" "$TMP/events.gen.ts" "$OUT/"
echo "wrote $OUT/schema.gen.ts and $OUT/events.gen.ts"
