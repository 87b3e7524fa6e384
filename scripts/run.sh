#!/usr/bin/env bash
# make run: install what is missing, start a private PostgreSQL unless DATABASE_URL is set,
# and serve Tsumugi with demo data on http://127.0.0.1:8080.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

command -v node >/dev/null || apt_install nodejs npm
# The Japanese font embedded in PDF statements (PDF_FONT_PATH).
apt_install fonts-noto-cjk
ensure_node_modules
ensure_web_build
ensure_release_binary
MASTER_DATA_DIR="${MASTER_DATA_DIR:-$(ensure_master_data)}"
export MASTER_DATA_DIR

CLUSTER_DIR=""
cleanup() {
  [ -n "${SERVER_PID:-}" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  if [ -n "$CLUSTER_DIR" ]; then
    say "stopping the private PostgreSQL cluster"
    stop_private_cluster "$CLUSTER_DIR"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [ -z "${DATABASE_URL:-}" ]; then
  CLUSTER_DIR=$(private_cluster_dir)
  start_private_cluster "$CLUSTER_DIR"
  pg_as_owner "$(pg_bin_dir)/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -tAc "select 1 from pg_database where datname = 'tsumugi'" | grep -q 1 \
    || pg_as_owner "$(pg_bin_dir)/createdb" -h 127.0.0.1 -p "$PG_PORT" -U postgres tsumugi
  export DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/tsumugi"
fi

export HOST="${HOST:-127.0.0.1}" PORT="${PORT:-8080}" DATA_DIR="${DATA_DIR:-$ROOT/data}" WEB_DIR="${WEB_DIR:-$ROOT/web/dist}" SEED_DEMO="${SEED_DEMO:-1}"
mkdir -p "$DATA_DIR"

cat <<INFO

  Tsumugi: http://$HOST:$PORT

  デモアカウント（パスワードはすべて Tsumugi-demo-2026）
    creator@demo.tsumugi.jp      クリエイター（general）
    editor@demo.tsumugi.jp       編集アシスタント（editor_assistant）
    newbie@demo.tsumugi.jp       新規クリエイター（スキル・口座未登録）
    client@demo.tsumugi.jp       クライアント（株式会社デモメディア）
    manager@demo.tsumugi.jp      マネージャー
    accountant@demo.tsumugi.jp   経理
    admin@demo.tsumugi.jp        管理者
    twostep@demo.tsumugi.jp      二段階認証あり（コードは $DATA_DIR/mail に届きます）

  Ctrl-C で停止します。

INFO

"$ROOT/target/release/tsumugi" &
SERVER_PID=$!
wait "$SERVER_PID"
