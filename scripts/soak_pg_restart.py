#!/usr/bin/env python3
"""make soak, section faults: PostgreSQL restarted under a running release tsumugi.

Usage: soak_pg_restart.py BASE_URL PSQL_URL [--outage] -- FAULT_COMMAND...

FAULT_COMMAND restarts PostgreSQL (`pg_ctl restart -m fast`) or stops it for a while
(`--outage`: then requests that find no connection within the pool's 5 s must answer 503; a
restart is usually shorter, and requests then wait for the pool and succeed).

While workers keep reading and writing through the API, a one-to-one message (a multi-row
write: the message, the author's read position, the other member's notice) is held mid-way
on a row lock, and the database is restarted with RESTART_COMMAND (`pg_ctl restart -m fast`).
Checks: during the outage every answer is 503 with the spec's error body (never 500, never
slower than the request time limit); the interrupted write left nothing; every stored message
is complete (its notice exists); the same tsumugi process serves again afterwards. Prints the
measured figures as one line per check and exits non-zero on any failure.
"""

import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

UNAVAILABLE = "ただいまサービスを利用できません。しばらくしてから再度お試しください。"
PASSWORD = "Tsumugi-demo-2026"
TIME_LIMIT = 30.0
WORKERS = 4


def request(base, method, path, token=None, body=None, timeout=TIME_LIMIT + 10):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", "Bearer " + token)
    started = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            status, text = resp.status, resp.read().decode()
    except urllib.error.HTTPError as err:
        status, text = err.code, err.read().decode()
    except (urllib.error.URLError, ConnectionError, TimeoutError) as err:
        return ("neterr", str(err), time.monotonic() - started)
    try:
        payload = json.loads(text) if text else None
    except ValueError:
        payload = text
    return (status, payload, time.monotonic() - started)


def psql(url, sql):
    out = subprocess.run(["psql", url, "-XAtq", "-c", sql], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def main():
    base, db_url = sys.argv[1], sys.argv[2]
    outage = "--outage" in sys.argv[: sys.argv.index("--")]
    restart = sys.argv[sys.argv.index("--") + 1 :]
    failures = []

    def check(ok, what):
        print(("  ok   " if ok else "  FAIL ") + what, flush=True)
        if not ok:
            failures.append(what)

    def login(mail):
        status, body, _ = request(base, "POST", "/api/users/login", body={"mail_address": mail, "password": PASSWORD})
        assert status == 200, (mail, status, body)
        return body["token"]

    creator = login("creator@demo.tsumugi.jp")
    run = str(int(time.time()))
    cut_id = f"cut-{run}"
    single = int(psql(db_url, "select id from channels where name = '山田 花子・佐藤 健'"))
    editor_id = int(psql(db_url, "select id from users where mail_address = 'editor@demo.tsumugi.jp'"))
    pid_before = request(base, "GET", "/api/health")[0]
    assert pid_before == 200

    # Hold a third member's row: a message mentioning her writes the message, then waits on the
    # mention's and notice's foreign keys. (The workers write to the one-to-one channel, whose
    # notices go to someone else, so they are not held.)
    group = int(psql(db_url, "select id from channels where name = 'デモ編集部'"))
    held_id = int(psql(db_url, "select id from users where mail_address = 'client@demo.tsumugi.jp'"))
    database = db_url.rsplit("/", 1)[1]
    holder = subprocess.Popen(["psql", db_url, "-XAtq"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    holder.stdin.write(f"begin; select id from users where id = {held_id} for update;\n")
    holder.stdin.flush()
    for _ in range(200):
        if psql(db_url, f"select count(*) from pg_stat_activity where datname = '{database}' and state = 'idle in transaction'") == "1":
            break
        time.sleep(0.05)
    else:
        check(False, "the row is held")
    interrupted = {}

    def send_held():
        interrupted["answer"] = request(base, "POST", f"/api/channels/{group}/messages", creator, {"body": f"<@{held_id}> 再起動で切れる", "client_message_id": cut_id})

    held = threading.Thread(target=send_held)
    sent_at = time.monotonic()
    held.start()
    for _ in range(200):
        if psql(db_url, f"select count(*) from pg_stat_activity where datname = '{database}' and wait_event_type = 'Lock' and (query like 'insert into message_mentions%' or query like 'insert into notices%')") == "1":
            break
        time.sleep(0.05)
    else:
        check(False, "the held write waits on its lock")
    held_at = time.monotonic()
    waiting = psql(db_url, f"select string_agg(left(query, 60), ' / ') from pg_stat_activity where datname = '{database}' and wait_event_type = 'Lock'")

    # Workers read and write through the whole restart.
    answers = []
    stop = threading.Event()
    lock = threading.Lock()

    def worker(n):
        i = 0
        while not stop.is_set():
            i += 1
            cid = f"soak-{run}-{n}-{i}"
            for method, path, body in (
                ("GET", "/api/users/whoami", None),
                ("POST", f"/api/channels/{single}/messages", {"body": f"負荷 {n}-{i}", "client_message_id": cid}),
            ):
                status, payload, took = request(base, method, path, creator, body)
                with lock:
                    answers.append((time.monotonic(), method, status, payload, took, body and cid))
            time.sleep(0.05)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(WORKERS)]
    for t in threads:
        t.start()
    time.sleep(2)
    still = psql(db_url, f"select count(*) from pg_stat_activity where datname = '{database}' and wait_event_type = 'Lock'")
    print(f"  held mid-transaction: {waiting!r}; sessions waiting on a lock just before the fault: {still}", flush=True)
    down_at = time.monotonic()
    subprocess.run(restart, check=True, stdout=subprocess.DEVNULL)
    up_at = time.monotonic()
    holder.kill()
    time.sleep(6)
    stop.set()
    for t in threads:
        t.join()
    held.join()

    # Every answer: a success, or 503 with the spec's body; never 500, never past the limit.
    statuses = {}
    for _, _, status, _, _, _ in answers:
        statuses[status] = statuses.get(status, 0) + 1
    unavailable = [a for a in answers if a[2] == 503]
    bad_bodies = [a for a in unavailable if a[3] != {"error": {"message": UNAVAILABLE}}]
    others = [a for a in answers if a[2] not in (200, 201, 503)]
    slowest = max(a[4] for a in answers)
    print(f"  answers by status: {statuses}; restart took {up_at - down_at:.2f} s; slowest answer {slowest:.2f} s", flush=True)
    check(not others, f"only 200/201/503 during the restart (others: {[(a[1], a[2], a[3]) for a in others[:3]]})")
    check(not bad_bodies and (unavailable or not outage), f"{len(unavailable)} answers were 503, all with the spec's body")
    check(slowest < TIME_LIMIT, f"every answer within the {TIME_LIMIT:.0f} s limit")
    if unavailable:
        first, last = min(a[0] for a in unavailable), max(a[0] for a in unavailable)
        recovered = min((a[0] for a in answers if a[0] > last and a[2] in (200, 201)), default=None)
        check(recovered is not None, f"503s from +{first - down_at:.2f} s to +{last - down_at:.2f} s after the restart began; served again at +{(recovered or 0) - down_at:.2f} s")

    # The held write is all or nothing. Usually the fault ends its session first (503, nothing
    # stored); when the holder's session happens to end a moment before it, the write gets its
    # lock, commits and answers 201, complete. Either way no part of it stands alone.
    status, body, took = interrupted["answer"]
    parts = psql(db_url, f"select count(distinct m.id) || ' ' || count(distinct mm.user_id) || ' ' || count(distinct n.id) from messages m left join message_mentions mm on mm.message_id = m.id left join notices n on n.message_id = m.id where m.client_message_id = '{cut_id}'")
    check(
        (status == 503 and body == {"error": {"message": UNAVAILABLE}} and parts == "0 0 0") or (status == 201 and parts == "1 1 1"),
        f"the write held mid-transaction answered {status} after {took:.2f} s; message, mention, notice stored: {parts}",
    )
    incomplete = int(psql(db_url, f"select count(*) from messages m where m.channel_id = {single} and m.client_message_id like 'soak-{run}-%' and not exists (select 1 from notices n where n.message_id = m.id)"))
    stored = int(psql(db_url, f"select count(*) from messages where channel_id = {single} and client_message_id like 'soak-{run}-%'"))
    check(incomplete == 0, f"all {stored} stored messages are complete (their notice exists)")
    created = {a[5] for a in answers if a[1] == "POST" and a[2] == 201}
    present = set(psql(db_url, f"select client_message_id from messages where channel_id = {single} and client_message_id like 'soak-{run}-%'").split())
    check(created <= present, f"every 201 is stored ({len(created)} answered 201)")

    status, body, _ = request(base, "POST", f"/api/channels/{group}/messages", creator, {"body": f"<@{held_id}> 再起動で切れる", "client_message_id": cut_id})
    parts = psql(db_url, f"select count(distinct m.id) || ' ' || count(distinct mm.user_id) || ' ' || count(distinct n.id) from messages m left join message_mentions mm on mm.message_id = m.id left join notices n on n.message_id = m.id where m.client_message_id = '{cut_id}'")
    check(status in (200, 201) and parts == "1 1 1", f"the held message sent again answers {status} and is stored once, complete")
    check(request(base, "GET", "/api/health")[0] == 200, "the same tsumugi process is healthy")
    if failures:
        print(f"FAILED: {len(failures)} checks", flush=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
