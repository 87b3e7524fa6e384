#!/usr/bin/env bash
# make bench-web: Lighthouse 12 (mobile profile) with Debian's Chromium on the login page, /tasks
# and a channel page, against a release tsumugi with the demo data serving the production web
# build; figures and bytes per page in loadtest/results/web.md. Not part of make test.
# Two fronts, a table each (FRONTS picks): the node itself over HTTP/1.1, and the node behind
# HAProxy terminating TLS with HTTP/2 (scripts/cluster/haproxy.cfg with the TLS bind of
# docs/operations.md, a self-signed certificate made for the run), as a deployment serves it.
#
# Lighthouse is pinned in loadtest/web/package.json (+ its lock file) and installed into
# .cache/lighthouse, outside the npm workspace, so CI and make test never download it.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

PORT=${BENCH_WEB_PORT:-8140}
RUNS=${RUNS:-3}
FRONTS=${FRONTS:-node tls}
TLS_PORT=${BENCH_WEB_TLS_PORT:-8143}
ADMIN_URL=$(bench_admin_url)
BENCH_DB="tsumugi_bench_web_$$"
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
TOOLS="$ROOT/.cache/lighthouse"
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}

[ -x "$CHROMIUM" ] || apt_install chromium
if ! cmp -s loadtest/web/package-lock.json "$TOOLS/package-lock.json" || [ ! -d "$TOOLS/node_modules/lighthouse" ]; then
  say "installing Lighthouse into .cache/lighthouse"
  mkdir -p "$TOOLS"
  cp loadtest/web/package.json loadtest/web/package-lock.json "$TOOLS/"
  (cd "$TOOLS" && npm ci --no-audit --no-fund --loglevel=error)
fi

ensure_node_modules
ensure_web_build
if [ -z "${BENCH_BIN:-}" ]; then
  say "building the server (cargo build --release)"
  cargo build --release -p api --bin tsumugi --quiet
fi
if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then
  echo "port $PORT is in use; set BENCH_WEB_PORT" >&2
  exit 1
fi

say "starting tsumugi with the demo data on $BENCH_DB"
start_bench_server "$ADMIN_URL" "$BENCH_DB" "$PORT" SEED_DEMO=1 WEB_DIR="$ROOT/web/dist"

origins=()
for front in $FRONTS; do
  case $front in
    node) origins+=(--origin "node, HTTP/1.1=http://127.0.0.1:$PORT") ;;
    tls)
      front_dir=$(mktemp -d)
      trap "kill \${HAPROXY_PID:-} 2>/dev/null; rm -rf '$front_dir'; stop_bench_server '$ADMIN_URL' '$BENCH_DB'" EXIT
      openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1 \
        -addext subjectAltName=IP:127.0.0.1 -keyout "$front_dir/key.pem" -out "$front_dir/cert.pem" 2>/dev/null
      cat "$front_dir/cert.pem" "$front_dir/key.pem" >"$front_dir/tsumugi.pem"
      TLS_PEM="$front_dir/tsumugi.pem" start_haproxy "$front_dir" "127.0.0.1:$TLS_PORT" "$PORT"
      curl -ksf --http2 "https://127.0.0.1:$TLS_PORT/api/ready" >/dev/null || { cat "$front_dir/haproxy.log" >&2; exit 1; }
      origins+=(--origin "HAProxy with TLS and HTTP/2 in front=https://127.0.0.1:$TLS_PORT")
      ;;
    *) echo "unknown front $front (node or tls)" >&2; exit 1 ;;
  esac
done

say "Lighthouse: $RUNS runs per page and front ($FRONTS)"
# The TLS front's certificate is self-signed: the runner's own API calls accept it too.
NODE_TLS_REJECT_UNAUTHORIZED=0 node loadtest/web/lighthouse.mjs "${origins[@]}" --modules "$TOOLS/node_modules" \
  --chromium "$CHROMIUM" --runs "$RUNS" --reports "$TOOLS/reports" --out loadtest/results/web.md
cat loadtest/results/web.md
