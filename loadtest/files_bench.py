#!/usr/bin/env python3
"""make bench-files' client (scripts/bench-files.sh): tus uploads and ranged downloads against a
running tsumugi, timed against copying and reading the same bytes in the same local store, with
the server's RSS sampled throughout. Standard library only. Prints one JSON object."""
import http.client
import json
import os
import shutil
import sys
import threading
import time
from base64 import b64encode

HOST, PORT = "127.0.0.1", int(os.environ["PORT"])
TOKEN = os.environ["TOKEN"]
PID = int(os.environ["SERVER_PID"])
STORE = os.environ["STORE_DIR"]
WORK = os.environ["WORK_DIR"]
BIG = int(os.environ.get("BIG_BYTES", 2 * 1024**3))
MANY = int(os.environ.get("MANY", 50))
MANY_BYTES = int(os.environ.get("MANY_BYTES", 100 * 1000**2))
MIB = 1024 * 1024


def rss_kib():
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class RssPeak:
    """Samples the server's RSS every 50 ms while in use."""

    def __enter__(self):
        self.base = rss_kib()
        self.peak = self.base
        self.running = True
        self.thread = threading.Thread(target=self.sample, daemon=True)
        self.thread.start()
        return self

    def sample(self):
        while self.running:
            self.peak = max(self.peak, rss_kib())
            time.sleep(0.05)

    def __exit__(self, *_):
        self.running = False
        self.thread.join()

    def growth_mib(self):
        return round((self.peak - self.base) / 1024, 1)


def video(path, size):
    """An MP4 header (sniffed as video: 5 GiB limit), then random bytes."""
    header = bytes([0, 0, 0, 0x18]) + b"ftypisom" + bytes([0, 0, 2, 0]) + b"isomiso2"
    with open(path, "wb") as out:
        out.write(header)
        left = size - len(header)
        block = os.urandom(8 * MIB)
        while left > 0:
            out.write(block[: min(left, len(block))])
            left -= min(left, len(block))


def connect():
    conn = http.client.HTTPConnection(HOST, PORT, timeout=600, blocksize=1 * MIB)
    return conn


def tus_upload(path, name):
    """One upload in one PATCH: the file id, and whether it needed a second PATCH."""
    size = os.path.getsize(path)
    meta = ",".join(f"{k} {b64encode(v.encode()).decode()}" for k, v in [("filename", name), ("use", "delivery")])
    conn = connect()
    auth = {"Authorization": f"Bearer {TOKEN}", "Tus-Resumable": "1.0.0"}
    conn.request("POST", "/api/uploads", headers={**auth, "Upload-Length": str(size), "Upload-Metadata": meta})
    created = conn.getresponse()
    created.read()
    assert created.status == 201, created.status
    location = created.getheader("Location")
    with open(path, "rb") as body:
        conn.request(
            "PATCH",
            location,
            body=body,
            headers={**auth, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream", "Content-Length": str(size)},
        )
        answer = conn.getresponse()
        answer.read()
    assert answer.status == 204, answer.status
    conn.close()
    return int(answer.getheader("Tsumugi-File-Id")), answer.getheader("Upload-Offset") == str(size)


def ranged_download(file_id, size, piece=64 * MIB):
    conn = connect()
    got = 0
    while got < size:
        end = min(size, got + piece) - 1
        conn.request("GET", f"/api/files/{file_id}", headers={"Authorization": f"Bearer {TOKEN}", "Range": f"bytes={got}-{end}"})
        answer = conn.getresponse()
        assert answer.status in (200, 206), answer.status
        while True:
            chunk = answer.read(1 * MIB)
            if not chunk:
                break
            got += len(chunk)
    conn.close()
    return got


def wait_scanned(file_id):
    conn = connect()
    for _ in range(1200):
        conn.request("GET", f"/api/files/{file_id}", headers={"Authorization": f"Bearer {TOKEN}", "Range": "bytes=0-0"})
        answer = conn.getresponse()
        answer.read()
        if answer.status in (200, 206):
            return
        time.sleep(0.5)
    raise SystemExit(f"file {file_id} was never scanned")


def main():
    result = {}
    big = os.path.join(WORK, "master.mp4")
    video(big, BIG)
    # Direct: the same bytes copied into the same store.
    start = time.monotonic()
    shutil.copyfile(big, os.path.join(STORE, "bench-direct-copy"))
    os.sync()
    copy_s = time.monotonic() - start
    with RssPeak() as rss:
        start = time.monotonic()
        file_id, one_patch = tus_upload(big, "master.mp4")
        os.sync()
        tus_s = time.monotonic() - start
    result["big_upload"] = {
        "bytes": BIG,
        "tus_s": round(tus_s, 2),
        "copy_s": round(copy_s, 2),
        "tus_mib_s": round(BIG / MIB / tus_s, 1),
        "copy_mib_s": round(BIG / MIB / copy_s, 1),
        "ratio": round(copy_s / tus_s, 2),
        "rss_growth_mib": rss.growth_mib(),
        "one_patch": one_patch,
    }
    wait_scanned(file_id)
    # Ranged download vs reading the stored object.
    stored = max((os.path.join(STORE, f) for f in os.listdir(STORE) if f.endswith(".mp4")), key=os.path.getmtime)
    start = time.monotonic()
    with open(stored, "rb") as source:
        while source.read(8 * MIB):
            pass
    read_s = time.monotonic() - start
    with RssPeak() as rss:
        start = time.monotonic()
        got = ranged_download(file_id, BIG)
        download_s = time.monotonic() - start
    assert got == BIG, got
    result["big_download"] = {
        "bytes": BIG,
        "ranged_s": round(download_s, 2),
        "read_s": round(read_s, 2),
        "ratio": round(read_s / download_s, 2),
        "rss_growth_mib": rss.growth_mib(),
    }
    os.remove(os.path.join(STORE, "bench-direct-copy"))
    os.remove(big)
    # Many at once.
    small = os.path.join(WORK, "clip.mp4")
    video(small, MANY_BYTES)
    outcomes = []
    with RssPeak() as rss:
        start = time.monotonic()
        threads = [threading.Thread(target=lambda i=i: outcomes.append(tus_upload(small, f"clip-{i}.mp4"))) for i in range(MANY)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        many_s = time.monotonic() - start
    result["many_uploads"] = {
        "uploads": MANY,
        "bytes_each": MANY_BYTES,
        "completed": len(outcomes),
        "restarted": sum(1 for _, one in outcomes if not one),
        "seconds": round(many_s, 2),
        "mib_s": round(MANY * MANY_BYTES / MIB / many_s, 1),
        "rss_growth_mib": rss.growth_mib(),
    }
    os.remove(small)
    print(json.dumps(result))


if __name__ == "__main__":
    sys.exit(main())
