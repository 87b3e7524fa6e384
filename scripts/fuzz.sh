#!/usr/bin/env bash
# API fuzzing: schemathesis (pinned) against /api/openapi.json of a real tsumugi, once as a
# creator, once as a client and once as an admin, each on its own freshly seeded database, with
# a fixed seed and a bounded number of examples per operation. Fails on any 5xx, any status
# code the document does not list, any body or Content-Type that does not match it, and any
# request the document calls valid that is refused with 400 or 422 (positive_data_acceptance).
#
#   FUZZ_EXAMPLES  examples per operation and role in the fuzzing phase (default 10, about a
#                  minute per role; `make soak` uses 1000)
#   FUZZ_SEED      the generator's seed (default 20261124)
#   FUZZ_ROLES     which demo accounts to fuzz as (default "creator client admin")
#   FUZZ_PHASES    schemathesis phases (default "examples,coverage,fuzzing")
#   TSUMUGI_BIN    the server binary (default: the release build, built when missing)
#   FUZZ_KEEP      1 keeps each run's database, data folder and reports (printed at the end)
#   FUZZ_PORT      the first port to try for the server (default 18580)
#   FUZZ_ARGS      more schemathesis arguments, to narrow a run while working on it (e.g.
#                  FUZZ_ARGS='--include-path-regex ^/api/users')
#
#   FUZZ_POSITIVE  0 leaves out schemathesis's positive_data_acceptance check (on by default):
#                  a request the document calls valid must not be refused with 400 or 422. The
#                  document states what the server enforces (platform::openapi writes each
#                  request type's declared rules into its schema); what no schema can state is
#                  listed below in POSITIVE_EXEMPTIONS.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

SCHEMATHESIS_VERSION=4.32.5
FUZZ_EXAMPLES=${FUZZ_EXAMPLES:-10}
FUZZ_SEED=${FUZZ_SEED:-20261124}
FUZZ_ROLES=${FUZZ_ROLES:-creator client admin}
FUZZ_PHASES=${FUZZ_PHASES:-examples,coverage,fuzzing}
ADMIN_URL=${E2E_DATABASE_ADMIN_URL:-${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}
PASSWORD=Tsumugi-demo-2026

# schemathesis in a project-local virtual environment (gitignored), installed once per version.
VENV="$ROOT/.cache/fuzz-venv"
if [ "$("$VENV/bin/schemathesis" --version 2>/dev/null | awk '{print $NF}')" != "$SCHEMATHESIS_VERSION" ]; then
  say "installing schemathesis $SCHEMATHESIS_VERSION into .cache/fuzz-venv"
  command -v python3 >/dev/null || apt_install python3
  # Debian's python3 makes virtual environments only with python3-venv (ensurepip) installed.
  python3 -c 'import ensurepip' 2>/dev/null || apt_install python3-venv
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

if [ -z "${TSUMUGI_BIN:-}" ]; then
  ensure_release_binary
  TSUMUGI_BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release/tsumugi"
fi
[ -n "${MASTER_DATA_DIR:-}" ] || MASTER_DATA_DIR="$(ensure_master_data)"
export MASTER_DATA_DIR

# Operations left out, and why (everything else in the document is fuzzed):
EXCLUDED_OPERATIONS=(
  # Ends the session the run authenticates with: every later request would be a 401.
  "POST /api/users/logout"
  # A tus chunk (application/offset+octet-stream), which schemathesis cannot serialise; the
  # protocol's PATCH is tested in api/tests/uploads.rs and e2e/uploads.spec.ts.
  "PATCH /api/uploads/{upload_id}"
)
exclude_args=()
for operation in "${EXCLUDED_OPERATIONS[@]}"; do
  exclude_args+=(--exclude-name "$operation")
done

WORK=$(mktemp -d "${TMPDIR:-/tmp}/tsumugi-fuzz-XXXXXX")
STAMP=$(date +%s)
SERVER_PID=""
DATABASE=""

database_url() { # the admin URL with another database name (keeps any query string)
  local base=${ADMIN_URL%%\?*} query=""
  [ "$base" != "$ADMIN_URL" ] && query="?${ADMIN_URL#*\?}"
  echo "${base%/*}/$1$query"
}

stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
  if [ -n "$DATABASE" ] && [ "${FUZZ_KEEP:-}" != 1 ]; then
    psql "$ADMIN_URL" -qc "drop database if exists $DATABASE with (force)" >/dev/null 2>&1 || true
  fi
  DATABASE=""
}
cleanup() {
  stop_server
  if [ "${FUZZ_KEEP:-}" = 1 ]; then echo "kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# start_server ROLE: a fresh seeded database and one node on a free port. The bot check is off
# (the login needs no proof of work; its checks have their own tests), and the per-network-
# address budgets of failed logins and link mails are lifted: every request comes from 127.0.0.1
# and with the shipped budgets the fuzzer would only see 429 past the first few dozen. The
# per-account and per-mail-address budgets stay as shipped.
start_server() {
  local role=$1
  DATABASE="tsumugi_fuzz_${STAMP}_$role"
  psql "$ADMIN_URL" -v ON_ERROR_STOP=1 -qc "create database $DATABASE" >/dev/null
  PORT=$(free_port "${FUZZ_PORT:-18580}")
  mkdir -p "$WORK/$role/data"
  DATABASE_URL="$(database_url "$DATABASE")" \
    REDIS_PREFIX="fuzz-$STAMP-$role" \
    HOST=127.0.0.1 PORT="$PORT" \
    DATA_DIR="$WORK/$role/data" \
    WEB_DIR="$ROOT/web/dist" \
    SEED_DEMO=1 \
    SITE_VERIFY=off \
    DRAIN_WINDOW_SECS=0 \
    LOGIN_LIMIT_PER_IP=1000000 \
    MESSAGE_LIMIT_BURST=1000000 \
    TEAM_MESSAGE_LIMIT_BURST=1000000 \
    MAIL_LINK_LIMIT_PER_IP=1000000 \
    RUST_LOG="info,tower_http=warn" \
    "$TSUMUGI_BIN" >"$WORK/$role/tsumugi.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 600); do
    curl -fsS "http://127.0.0.1:$PORT/api/health" >/dev/null 2>&1 && return 0
    kill -0 "$SERVER_PID" 2>/dev/null || break
    sleep 0.2
  done
  warn "tsumugi did not start; its log:"
  tail -n 40 "$WORK/$role/tsumugi.log" >&2
  return 1
}

login() { # login MAIL: prints the bearer token (the bot check is off on this node)
  curl -fsS -H 'Content-Type: application/json' \
    -d "{\"mail_address\":\"$1\",\"password\":\"$PASSWORD\"}" \
    "http://127.0.0.1:$PORT/api/users/login" | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])'
}

# No state carried between runs: schemathesis would otherwise replay the failures it cached
# from an earlier run (under ./.schemathesis) before generating, and a run would depend on
# the one before it.
cat >"$WORK/schemathesis.toml" <<'TOML'
[cache]
enabled = false

# The API refuses NUL in every string, key and query value (422 invalid_characters: PostgreSQL
# cannot store it; the document's description says so): valid data has none. Its refusal has
# its own tests (api/tests/fuzz_regressions.rs, platform::extract).
[generation]
allow-x00 = false
TOML

# Operations whose valid-looking requests the server refuses for a reason no schema can state:
# for exactly these, positive_data_acceptance also accepts a 422 (every other status it checks
# stays checked, and so do the other checks). One line each: "METHOD PATH|why".
POSITIVE_EXEMPTIONS=(
  # A signed link token (rule jwt): only the mail that carries it has a valid one.
  "GET /api/signup/profile|token: a signed, unexpired link token (jwt)"
  "POST /api/signup/profile|token: a signed, unexpired link token (jwt)"
  "GET /api/clients/{client_id}/signup/profile|token: a signed, unexpired link token (jwt)"
  "POST /api/clients/{client_id}/signup/profile|token: a signed, unexpired link token (jwt)"
  "POST /api/change_password|token: a signed link token (jwt); password_confirmation must equal password (same:password)"
  "POST /api/users/me/mail_address/confirm|token: a signed, unexpired link token (jwt)"
  "POST /api/users/two_step_password|two_step_token: a signed token from a login (jwt)"
  "POST /api/users/two_step_verification|two_step_token: a signed token from a login (jwt), and the mailed code"
  "PUT /api/guest/clients/url_auth|token: a share link that exists (invalid)"
  # An address no account has yet (unique): an earlier request of the run may have taken it.
  "POST /api/clients/{client_id}/signup|mail_address: an address no account has (unique)"
  # Credentials: only the account's own password is right.
  "POST /api/users/login|the account's password (wrong credentials)"
  "PUT /api/users/me/password|current_password: the account's password; password_confirmation: same:password"
  "PUT /api/users/me/mail_address|password: the account's password (current_password); mail_address: unique"
  # Ids that must name a row the caller may use (rule exists).
  "POST /api/channels/{channel_id}/messages|file_ids: the sender's own clean uploads (exists); parent_id: a live top-level message of the channel (exists)"
  "POST /api/channels/{channel_id}/messages/{message_id}/reactions|reaction_id: a reaction that exists"
  "POST /api/channels/{channel_id}/pinned_messages|message_id: a message of the channel (exists)"
  "PUT /api/channels/{channel_id}/read|message_id: a message of the channel (exists)"
  "GET /api/crm/order/{crm_order_id}/unit_pricing|crm_order_id: an order the CRM knows (exists)"
  "POST /api/tasks/{task_id}/deliveries|file_ids: the creator's own clean uploads (exists)"
  "PUT /api/users/me|image_file_id: the member's own clean image upload (exists)"
  "PUT /api/users/{id}/portfolio|portfolio_file_ids: the creator's own uploads (exists)"
  "PUT /api/users/{id}/skills|genre ids: genres that exist"
  "POST /api/users/me/bank_accounts|bank_id, bank_branch_id: a bank and one of its branches (exists); invoice check digit"
  "PUT /api/users/me/bank_accounts|bank_id, bank_branch_id: a bank and one of its branches (exists); invoice check digit"
  "POST /api/v2/projects|media_id: a medium that exists"
  "POST /api/clients/media/{media_id}/teams/{team_id}/offer|offer_template_id, user_ids: a template and creators that exist"
  "POST /api/clients/media/{media_id}/teams/{team_id}/members|user_ids: creators that exist"
  "POST /api/clients/media/{media_id}/teams/{team_id}/decline_offer|user_ids: members of the team (exists)"
  "POST /api/v2/projects/{project_id}/works_for_operation_agency|crm_order_id: an order the CRM knows (exists)"
  "POST /api/v2/delivery_reports|media_id: a medium that exists; one report per medium and month (unique)"
  "POST /api/clients|plan_id, prefecture_id: a plan and a prefecture that exist"
  "PUT /api/clients/{id}|plan_id, prefecture_id: a plan and a prefecture that exist"
  "POST /api/clients/{id}/media|genre_group_id, genre_ids, search_tag_ids, manager_ids: rows that exist"
  "PUT /api/clients/{id}/media/{media_id}|genre_group_id, genre_ids, search_tag_ids, manager_ids: rows that exist"
  "PUT /api/admin/tasks/invalid|task_ids: tasks that exist"
  "PUT /api/creators/{id}/combinations|user_ids: other creators that exist"
  "PUT /api/creators/{id}/search_tags|tags.*.id: search tags that exist"
  "PUT /api/admin/tasks/completed_date|task_ids: done tasks that exist; the date outside a confirmed month"
  # Rules between fields, or against the clock.
  "POST /api/users|password: upper and lower case letters and digits; password_confirmation: same:password"
  "PUT /api/admin/clients/media/{id}/payments|invoiced_on, paid_on: required_if:status, after_or_equal:invoiced_on"
  "POST /api/admin/maintenance/windows|start_datetime, end_datetime: a date and time, end after start and after now"
  "PUT /api/admin/maintenance|start_datetime, end_datetime: a date and time, end after start and after now"
  "POST /api/information|scheduled_start_date: today or later (after_or_equal:now)"
  "POST /api/reward_confirmations|year, month: a month that is over"
  "GET /api/admin/downloads/statements|year, month: a month whose rewards are confirmed"
  "GET /api/admin/downloads/transfer_file|year, month: a month whose rewards are confirmed"
  "PUT /api/admin/tasks/{task_id}|completed_date: not in the future, outside a confirmed month; status: the moves it allows"  # The record's state, not the request: a move its status does not allow.
  "DELETE /api/v2/projects/works/tasks/{task_id}|only a task not yet taken can be deleted"
  "POST /api/tasks/{task_id}/manuscript|task_type: only a textual task has a manuscript (in:…)"
  "POST /api/manuscripts/{manuscript_id}/versions/{version_id}/deliver|only a task in doing or under acceptance takes a delivery (transition)"
  "DELETE /api/v2/projects/{project_id}|only a project still being set up can be deleted"
  "DELETE /api/clients/media/{media_id}/teams/{team_id}/members/{user_id}|a member working in the team cannot be removed (not_removable)"
  "POST /api/v2/projects/{project_id}/works|a finished project takes no works"
  "PUT /api/v2/projects/{project_id}|status: only the moves its status allows (transition)"
  "PUT /api/teams/{team_id}/offer|answer: only the moves the member's status allows (transition)"
  "PUT /api/clients/media/{media_id}/teams/{team_id}/members/{user_id}|status: only the moves the member's status allows (transition)"
  "PUT /api/tasks/{task_id}/inspection|only a task under acceptance is inspected (transition)"
  "PUT /api/assessments/{id}|an assessment is answered once (answered)"
  "PUT /api/admin/users/{id}/left|status: a member who left cannot be moved back"
  "PUT /api/users/{id}/role|the user's record: not one's own, not a client company's account, not a member who is leaving or left"
  # A file in a given shape: the filled .xlsx template.
  "POST /api/v2/projects/works/{work_id}/tasks/import|file: the filled task template (.xlsx)"
  "POST /api/v2/projects/works/tasks/tags/import|file: the filled tag template (.xlsx)"
)
for exemption in "${POSITIVE_EXEMPTIONS[@]}"; do
  printf '\n# %s\n[[operations]]\ninclude-name = "%s"\nchecks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx", "422"]\n' \
    "${exemption#*|}" "${exemption%%|*}" >>"$WORK/schemathesis.toml"
done

# tus creation: Upload-Metadata must be base64 pairs naming the file (422 otherwise), and the
# length is checked against that file's kind (413), which no schema can state.
printf '\n[[operations]]\ninclude-name = "POST /api/uploads"\nchecks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx", "413", "422"]\n' >>"$WORK/schemathesis.toml"

# The editor link (spec section 5): any string is a schema-valid token, but only a link the
# server signed, unrevoked and unexpired, opens; the others get the spec's 400 messages. The
# manuscript calls made through a link carry it as `?token=`. A comment's anchors are required
# for a thread but not for a reply (`parent_id`), which no schema can state: 422 too; so is an
# image's `file_id`, which must name the caller's own private image upload (exists).
EDITOR_LINK_OPERATIONS=(
  "GET /api/editor/resolve"
  "GET /api/manuscripts/{manuscript_id}/versions/{version_id}"
  "GET /api/manuscripts/{manuscript_id}/comments"
  "POST /api/manuscripts/{manuscript_id}/comments"
  "POST /api/manuscripts/{manuscript_id}/comments/{comment_id}/resolve"
  "DELETE /api/manuscripts/{manuscript_id}/comments/{comment_id}/resolve"
  "DELETE /api/manuscripts/{manuscript_id}/comments/{comment_id}"
  "POST /api/manuscripts/{manuscript_id}/images"
)
for operation in "${EDITOR_LINK_OPERATIONS[@]}"; do
  printf '\n[[operations]]\ninclude-name = "%s"\nchecks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx", "422"]\n' \
    "$operation" >>"$WORK/schemathesis.toml"
done

CHECKS=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
[ "${FUZZ_POSITIVE:-1}" = 1 ] && CHECKS="$CHECKS,positive_data_acceptance"

# fuzz_role ROLE INDEX: one role's run on its own database and node (ports from FUZZ_PORT +
# 20 × INDEX, so roles running side by side never pick the same one). Its output goes to
# $WORK/ROLE/schemathesis.log and a one-line summary to $WORK/ROLE/summary.
fuzz_role() {
  local role=$1 index=$2 token started
  trap stop_server EXIT
  FUZZ_PORT=$(( ${FUZZ_PORT:-18580} + 20 * index )) start_server "$role"
  token=$(login "$role@demo.tsumugi.jp")
  started=$(date +%s)
  # One worker: the requests come in the same order on every run, so a seed reproduces it.
  mkdir -p "$WORK/$role/run"
  local status=0
  (cd "$WORK/$role/run" && "$VENV/bin/schemathesis" --config-file "$WORK/schemathesis.toml" \
      run "http://127.0.0.1:$PORT/api/openapi.json" \
      --header "Authorization: Bearer $token" \
      --checks "$CHECKS" \
      --phases "$FUZZ_PHASES" \
      --seed "$FUZZ_SEED" \
      --max-examples "$FUZZ_EXAMPLES" \
      --generation-database none \
      --workers 1 \
      --continue-on-failure \
      --request-timeout 30 \
      --no-color \
      --report junit --report-dir "$WORK/$role/report" \
      --suppress-health-check too_slow \
      "${exclude_args[@]}" ${FUZZ_ARGS:-}) >"$WORK/$role/schemathesis.log" 2>&1 || status=$?
  local log="$WORK/$role/schemathesis.log"
  echo "$role: $(sed -n 's/^ *Tested: *\([0-9]*\).*/\1/p' "$log" | head -n 1) operations, $(sed -n 's/^ *\([0-9]*\) generated.*/\1/p' "$log" | head -n 1) cases, $(( $(date +%s) - started )) s" >"$WORK/$role/summary"
  if [ "$status" != 0 ]; then
    grep -E ' ERROR ' "$WORK/$role/tsumugi.log" | tail -n 20 >"$WORK/$role/errors" || true
  fi
  return "$status"
}

# The roles run side by side (each on its own node and database; requests within a role keep
# their seeded order), which took the fuzzing stage of make test from about 5 to about 3
# minutes on two cores. FUZZ_SEQUENTIAL=1 runs them one after another.
failed=()
summary=()
pids=()
roles=($FUZZ_ROLES)
for index in "${!roles[@]}"; do
  role=${roles[$index]}
  say "Fuzzing as $role@demo.tsumugi.jp: seed $FUZZ_SEED, $FUZZ_EXAMPLES examples per operation"
  mkdir -p "$WORK/$role"
  if [ "${FUZZ_SEQUENTIAL:-0}" = 1 ]; then
    (fuzz_role "$role" "$index") || failed+=("$role")
  else
    (fuzz_role "$role" "$index") &
    pids+=($!)
  fi
done
for index in "${!pids[@]}"; do
  wait "${pids[$index]}" || failed+=("${roles[$index]}")
done
for role in "${roles[@]}"; do
  echo "--- $role"
  # schemathesis's closing summary (its progress lines stay in the log).
  sed -n '/^=* *SUMMARY/,$p' "$WORK/$role/schemathesis.log" | head -n 60
  if [[ " ${failed[*]} " == *" $role "* ]]; then
    warn "schemathesis found failures as $role; its log: $WORK/$role/schemathesis.log, server log: $WORK/$role/tsumugi.log"
    sed -n '/^=* *FAILURES/,/^=* *SUMMARY/p' "$WORK/$role/schemathesis.log" | head -n 200 >&2
    cat "$WORK/$role/errors" >&2 2>/dev/null || true
  fi
  summary+=("$(cat "$WORK/$role/summary" 2>/dev/null || echo "$role: did not finish")")
done

echo "schemathesis $SCHEMATHESIS_VERSION, seed $FUZZ_SEED, $FUZZ_EXAMPLES examples per operation (phases $FUZZ_PHASES):"
printf '  %s\n' "${summary[@]}"

if [ ${#failed[@]} -gt 0 ]; then
  FUZZ_KEEP=1
  warn "fuzzing failed as: ${failed[*]}"
  exit 1
fi
