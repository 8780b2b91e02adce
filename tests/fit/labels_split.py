#!/usr/bin/env python3
"""Freezes the held-out TEST set of the human-labelled MRSQLGen rows by database (tests/fit/README.md).

    python3 tests/fit/labels_split.py [--data ../shared/data] [--check]

The split is by database, never by row: the same database (its schema, its naming, its values)
in train and test would let a rule learned on train look better on test than it is elsewhere.
Databases with an executable SQLite file in spider/database and schema-only databases (Spider's
test split, only in test_tables.json) are drawn apart, so that the test set holds enough executable
databases to measure the risk score (execution accuracy needs the database). The draw orders each
group by SHA-256 of "<seed>:<db_id>" and takes the first ones, so it depends on the seed and the
database names only, never on the rows or on any result.

It writes tests/fit/test_set.json (seed, date, database ids, row count, SHA-256 of the source
file). `--check` recomputes the split and fails when the committed file differs or the source
file changed: the test set is chosen once, before anything is fitted.
Python 3 standard library only.
"""
import argparse
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TEST_SET = os.path.join(HERE, "test_set.json")
SOURCE = "labels/mrsqlgen_train.jsonl"
SEED = 27  # the issue number; fixed once, never changed after a measurement
EXECUTABLE_TEST_DBS = 10  # of 28 databases with a .sqlite
SCHEMA_ONLY_TEST_DBS = 3  # of 21 schema-only databases: 13 of 49 (about a quarter) in all
FROZEN_ON = "2026-12-02"


def default_data():
    return os.environ.get("HALLUSQL_SHARED_DATA") or os.path.join(os.path.dirname(REPO), "shared", "data")


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def read_rows(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def has_database(data, db_id):
    return os.path.isfile(os.path.join(data, "spider", "database", db_id, db_id + ".sqlite"))


def draw(db_ids, count, seed):
    key = lambda d: hashlib.sha256(("%d:%s" % (seed, d)).encode()).hexdigest()  # noqa: E731
    return sorted(sorted(db_ids, key=key)[:count])


def compute_split(data, seed=SEED):
    source = os.path.join(data, SOURCE)
    rows = read_rows(source)
    dbs = sorted({r["db_id"] for r in rows})
    executable = [d for d in dbs if has_database(data, d)]
    schema_only = [d for d in dbs if not has_database(data, d)]
    test_executable = draw(executable, EXECUTABLE_TEST_DBS, seed)
    test_schema_only = draw(schema_only, SCHEMA_ONLY_TEST_DBS, seed)
    test = set(test_executable) | set(test_schema_only)
    return {
        "purpose": "held-out TEST databases of the human-labelled MRSQLGen rows; measured once per "
                   "release by tests/fit/measure_test_set.py, never fitted or tuned on",
        "source": SOURCE,
        "source_sha256": sha256_file(source),
        "source_rows": len(rows),
        "seed": seed,
        "frozen_on": FROZEN_ON,
        "databases": len(dbs),
        "test_db_ids_executable": test_executable,
        "test_db_ids_schema_only": test_schema_only,
        "test_rows": sum(1 for r in rows if r["db_id"] in test),
        "test_rows_executable": sum(1 for r in rows if r["db_id"] in set(test_executable)),
        "train_rows": sum(1 for r in rows if r["db_id"] not in test),
    }


def load_test_set(path=TEST_SET):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def test_db_ids(test_set):
    return set(test_set["test_db_ids_executable"]) | set(test_set["test_db_ids_schema_only"])


def split_rows(data, test_set, split):
    """The rows of `split` ('test' or 'train') of the frozen split; fails when the source changed."""
    source = os.path.join(data, test_set["source"])
    if sha256_file(source) != test_set["source_sha256"]:
        raise SystemExit("%s changed since the test set was frozen (sha256 differs)" % source)
    test = test_db_ids(test_set)
    return [r for r in read_rows(source) if (r["db_id"] in test) == (split == "test")]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=default_data())
    ap.add_argument("--check", action="store_true", help="compare with the committed test_set.json")
    args = ap.parse_args()
    split = compute_split(args.data)
    if args.check:
        frozen = load_test_set()
        if frozen != split:
            print("test_set.json differs from the split recomputed from the data", file=sys.stderr)
            return 1
        print("test_set.json matches: %d test rows on %d databases" %
              (split["test_rows"], len(test_db_ids(split))))
        return 0
    if os.path.exists(TEST_SET):
        print("%s exists: the test set is frozen (use --check)" % TEST_SET, file=sys.stderr)
        return 1
    with open(TEST_SET, "w", encoding="utf-8") as f:
        json.dump(split, f, indent=1)
        f.write("\n")
    print(json.dumps(split, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
