#!/usr/bin/env python3
"""The disk's flush latency under PostgreSQL, the way a commit sees it.

Usage: flush_tail.py DIR RATE SECONDS

Writes 8 KiB (one WAL page) and calls fdatasync RATE times a second for SECONDS in a scratch
file under DIR (PostgreSQL's data directory's filesystem), and prints one JSON object: the
flushes' p50/p99/max in ms, each second's slowest flush and how many seconds had one above
50 ms. A commit waits for such a flush, and so does every commit queued behind it: a second
with a slow flush is a second with slow POSTs, whatever the server does.
"""
import json
import os
import sys
import tempfile
import time

directory, rate, seconds = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
size = 16 << 20
fd, path = tempfile.mkstemp(prefix="flush-tail-", dir=directory)
try:
    os.write(fd, b"\0" * size)
    os.fsync(fd)
    page = os.urandom(8192)
    latencies, slowest = [], [0.0] * seconds
    start = time.monotonic()
    n = 0
    while True:
        due = start + n / rate
        if due - start >= seconds:
            break
        delay = due - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        began = time.monotonic()
        os.pwrite(fd, page, (n * 8192) % size)
        os.fdatasync(fd)
        took = (time.monotonic() - began) * 1000
        latencies.append(took)
        second = int(due - start)
        slowest[second] = max(slowest[second], took)
        n += 1
finally:
    os.close(fd)
    os.unlink(path)

latencies.sort()
quantile = lambda q: round(latencies[min(len(latencies) - 1, int(q * len(latencies)))], 2)
print(json.dumps({
    "rate": rate,
    "flushes": len(latencies),
    "p50_ms": quantile(0.5),
    "p99_ms": quantile(0.99),
    "max_ms": round(latencies[-1], 2),
    "seconds_over_50_ms": sum(1 for s in slowest if s > 50),
    "slowest_per_second_ms": [round(s) for s in slowest],
}))
