#!/usr/bin/python3
"""Times Debian's python3-sqlglot on a corpus: queries separated by NUL bytes in argv[1].

Prints one JSON object: {"queries", "failed", "seconds" (best of argv[2] rounds), "version"}.
Used by bench_parser (tests/bench/sql) to report the parser's speed as a ratio to sqlglot's.
"""
import json
import sys
import time

import sqlglot


def main():
    with open(sys.argv[1], "rb") as f:
        queries = [q.decode("utf-8", "replace") for q in f.read().split(b"\0") if q.strip()]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    best = None
    failed = 0
    for _ in range(rounds):
        failed = 0
        start = time.perf_counter()
        for q in queries:
            try:
                sqlglot.parse_one(q, read="sqlite")
            except Exception:  # noqa: BLE001 - a parse failure is counted, not fatal
                failed += 1
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    print(json.dumps({"queries": len(queries), "failed": failed, "seconds": best,
                      "version": sqlglot.__version__}))


if __name__ == "__main__":
    main()
