#!/usr/bin/env python3
"""Turns a pgbench statements file (loadtest/rest/*.sql) into a psql script that runs
EXPLAIN (ANALYZE, BUFFERS) on each statement, with pgbench's :variables replaced by the
literal values in the environment (REST_VAR_<name>). `--plain N` prints statement N alone,
with its values, to be run as it is."""
import os
import re
import sys

VARIABLE = re.compile(r"(?<!:):([a-z_]+)")


def literal(match: re.Match) -> str:
    name = match.group(1)
    value = os.environ.get(f"REST_VAR_{name}")
    if value is None:
        sys.exit(f"no value for :{name}")
    return "'" + value.replace("'", "''") + "'"


def statements(text: str):
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("--")]
    current = []
    for line in lines:
        current.append(line)
        if line.rstrip().endswith(";"):
            yield "\n".join(current).strip()
            current = []


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    if len(sys.argv) > 3 and sys.argv[2] == "--plain":
        print(VARIABLE.sub(literal, list(statements(text))[int(sys.argv[3]) - 1]))
        return
    for number, statement in enumerate(statements(text), 1):
        print(f"\\echo '-- statement {number}'")
        print("explain (analyze, buffers) " + VARIABLE.sub(literal, statement))


if __name__ == "__main__":
    main()
