#!/usr/bin/env python3
"""Measures the engine once on the frozen test set of human-labelled MRSQLGen rows (tests/fit/README.md).

    python3 tests/fit/measure_test_set.py --cli build/app/cli/hallusql-cli            # the test set
    python3 tests/fit/measure_test_set.py --cli ... --split train                       # debugging only

It runs `hallusql-cli evaluate` on the rows of the chosen split of tests/fit/test_set.json (question,
gold `query`, model `predict`; the human labels are not in its input) and reports:

  * C1..C10: per-type precision, recall and F1 of the engine's `mrsqlgen` findings against the
    human `sub_hallucinations_type` (mapped by name, TYPE_OF below), micro- and macro-F1, and the
    types per case the engine gives and the humans give. Over all rows of the split; rows whose
    database has no .sqlite (Spider's test split, schema only) are evaluated without a database,
    so only the rules that need neither schema nor execution apply there; the figures over the
    executable databases alone are given too.
  * Gold-free risk: AUROC of the engine's `risk.score` for "wrong by execution" (EX with set
    semantics against the gold, as tests/fit/fit_risk.py validate) over all predictions and over
    the ones that execute, and the expected calibration error (10 equal-width bins), on the rows
    whose database executes and whose gold query runs. The risk score never sees the gold.

Only a run on the test split is recorded: it rewrites the dated block between the markers in
tests/fit/README.md and README.md and appends a numbered line to tests/fit/HISTORY.md (the run
counter: the test set is measured once per release, never while choosing rules or weights).
`--split train` prints the same figures on the training databases and writes nothing.
Python 3 standard library only.
"""
import argparse
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from labels_split import default_data, load_test_set, split_rows  # noqa: E402
from logistic import auroc, calibration  # noqa: E402

TYPES = ["C%d" % i for i in range(1, 11)]
TYPE_OF = {  # MRSQLGen's sub-type names, in the engine's C1..C10 order (engine/mr/hkb.cpp)
    "Operator Misuse": "C1",
    "LIMIT Error": "C2",
    "Join Logic Hallucination": "C3",
    "Violating Value Specification": "C4",
    "Column Selection Error": "C5",
    "Condition Logic Hallucination": "C6",
    "Aggregation Function Misuse": "C7",
    "Distinct Error": "C8",
    "OrderBy Misuse": "C9",
    "GroupBy Misuse": "C10",
}
READMES = [os.path.join(HERE, "README.md"), os.path.join(REPO, "README.md")]  # blocks between markers
HISTORY = os.path.join(HERE, "HISTORY.md")
BEGIN, END = "<!-- test-set figures: begin -->", "<!-- test-set figures: end -->"


def human_types(row):
    unknown = [t for t in row["sub_hallucinations_type"] if t not in TYPE_OF]
    if unknown:
        raise SystemExit("row %s: unknown sub-type %s" % (row["id"], unknown))
    return {TYPE_OF[t] for t in row["sub_hallucinations_type"]}


def run_engine(cli, db_root, rows, jobs):
    """One `evaluate` over the rows; returns {id: output record}."""
    with tempfile.TemporaryDirectory() as tmp:
        cases = os.path.join(tmp, "cases.jsonl")
        with open(cases, "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps({"id": str(r["id"]), "db_id": r["db_id"], "question": r["question"],
                                    "gold_sql": r["query"], "pred_sql": r["predict"]}) + "\n")
        out = os.path.join(tmp, "out.jsonl")
        subprocess.run([cli, "evaluate", "--cases", cases, "--format", "jsonl", "--db-root", db_root,
                        "--out", out, "--jobs", str(jobs), "--quiet"], check=True,
                       stdout=subprocess.DEVNULL)
        with open(out, encoding="utf-8") as f:
            records = [json.loads(line) for line in f if line.strip()]
    return {str(o["id"]): o for o in records}


def engine_types(record):
    return {f["category"] for f in record.get("findings", [])
            if f.get("taxonomy") == "mrsqlgen" and f.get("category") in TYPES}


def label_scores(pairs):
    """pairs: [(human set, engine set)] -> micro/macro F1, per-type P/R/F1, types per case."""
    tp = {t: 0 for t in TYPES}
    fp, fn = dict(tp), dict(tp)
    for gold, pred in pairs:
        for t in TYPES:
            if t in gold and t in pred:
                tp[t] += 1
            elif t in pred:
                fp[t] += 1
            elif t in gold:
                fn[t] += 1

    def f1(a, b, c):
        return 2.0 * a / (2 * a + b + c) if a + b + c else None

    per_type = {t: {"f1": f1(tp[t], fp[t], fn[t]), "tp": tp[t], "fp": fp[t], "fn": fn[t]} for t in TYPES}
    labelled = [t for t in TYPES if tp[t] + fn[t]]
    n = len(pairs)
    return {
        "cases": n,
        "micro_f1": f1(sum(tp.values()), sum(fp.values()), sum(fn.values())),
        "macro_f1": sum(per_type[t]["f1"] or 0.0 for t in labelled) / len(labelled) if labelled else None,
        "types_per_case_engine": sum(len(p) for _, p in pairs) / n if n else None,
        "types_per_case_human": sum(len(g) for g, _ in pairs) / n if n else None,
        "per_type": per_type,
    }


def risk_scores(records):
    rows = [r for r in records if (r.get("ex") or {}).get("set") is not None and r.get("risk")]
    s = [r["risk"]["score"] for r in rows]
    wrong = [not r["ex"]["set"] for r in rows]
    ex_s = [r["risk"]["score"] for r in rows if r["exec"]["pred_ok"]]
    ex_w = [not r["ex"]["set"] for r in rows if r["exec"]["pred_ok"]]
    return {
        "cases": len(rows),
        "wrong": sum(wrong),
        "executable": len(ex_s),
        "executable_wrong": sum(ex_w),
        "auroc_all": auroc(s, wrong),
        "auroc_executable": auroc(ex_s, ex_w),
        "ece_10_all": calibration(s, wrong)[0] if s else None,
        "ece_10_executable": calibration(ex_s, ex_w)[0] if ex_s else None,
    }


def measure(args, test_set):
    rows = split_rows(args.data, test_set, args.split)
    database = os.path.join(args.data, "spider", "database")
    executable = {r["db_id"] for r in rows
                  if os.path.isfile(os.path.join(database, r["db_id"], r["db_id"] + ".sqlite"))}
    # A db root with only the executable databases: a schema-only database is absent, so its rows
    # are annotated without execution (an empty database would make every result "equal").
    with tempfile.TemporaryDirectory() as root:
        for d in executable:
            os.symlink(os.path.join(database, d), os.path.join(root, d))
        records = run_engine(args.cli, root, rows, args.jobs)
    missing = [r["id"] for r in rows if str(r["id"]) not in records]
    if missing:
        raise SystemExit("evaluate gave no record for %d rows (first: %s)" % (len(missing), missing[0]))
    pairs = [(human_types(r), engine_types(records[str(r["id"])])) for r in rows]
    on_db = [p for p, r in zip(pairs, rows) if r["db_id"] in executable]
    schema_only = [p for p, r in zip(pairs, rows) if r["db_id"] not in executable]
    return {
        "split": args.split,
        "rows": len(rows),
        "databases": len({r["db_id"] for r in rows}),
        "executable_databases": len(executable),
        "labels_all_rows": label_scores(pairs),
        "labels_executable_rows": label_scores(on_db),
        "labels_schema_only_rows": label_scores(schema_only),
        "risk_executable_rows": risk_scores([records[str(r["id"])] for r in rows if r["db_id"] in executable]),
    }


def fmt(x, digits=3):
    return "n/a" if x is None else ("%.*f" % (digits, x))


def readme_block(report, date, commit):
    la, lx, rk = report["labels_all_rows"], report["labels_executable_rows"], report["risk_executable_rows"]
    ls = report["labels_schema_only_rows"]
    per_type = ", ".join("%s %s" % (t, fmt(la["per_type"][t]["f1"], 2)) for t in TYPES)
    return "\n".join([
        BEGIN,
        "**Measured on the frozen test set, %s** (engine at %s; `measure_test_set.py`, run %d on the "
        "test set, HISTORY.md): %d rows on %d databases (%d with a database that executes)." %
        (date, commit, report["run"], report["rows"], report["databases"], report["executable_databases"]),
        "",
        "- C1..C10 against the human sub-types, all %d rows: micro-F1 **%s**, macro-F1 %s, %s types per "
        "case (people give %s); per type F1: %s." %
        (la["cases"], fmt(la["micro_f1"]), fmt(la["macro_f1"]), fmt(la["types_per_case_engine"], 2),
         fmt(la["types_per_case_human"], 2), per_type),
        "- Split by database: the %d rows with a database that executes, micro-F1 %s, macro-F1 %s, %s "
        "types per case; the %d rows of schema-only databases (evaluated without one), micro-F1 %s, %s "
        "types per case." % (lx["cases"], fmt(lx["micro_f1"]), fmt(lx["macro_f1"]),
                             fmt(lx["types_per_case_engine"], 2), ls["cases"], fmt(ls["micro_f1"]),
                             fmt(ls["types_per_case_engine"], 2)),
        "- Gold-free risk, %d rows whose gold runs (%d wrong by EX), %d of them executable (%d wrong): "
        "AUROC all %s, executable %s; ECE (10 bins) all %s, executable %s. The rows were picked as "
        "model errors, so only %d are right: this AUROC rests on that handful and says little about "
        "the risk target, which needs whole model runs held out by database." %
        (rk["cases"], rk["wrong"], rk["executable"], rk["executable_wrong"], fmt(rk["auroc_all"]),
         fmt(rk["auroc_executable"]), fmt(rk["ece_10_all"]), fmt(rk["ece_10_executable"]),
         rk["executable"] - rk["executable_wrong"]),
        END,
    ])


def git_commit():
    try:
        out = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], check=True,
                             capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                               check=True, capture_output=True, text=True).stdout.strip()
        return out + ("+changes" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def previous_runs():
    if not os.path.exists(HISTORY):
        return 0
    with open(HISTORY, encoding="utf-8") as f:
        return sum(1 for line in f if re.match(r"^\| test run \d+ \|", line))


def record(report):
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    commit = git_commit()
    report["run"] = previous_runs() + 1
    block = readme_block(report, date, commit)
    for path in READMES:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if BEGIN in text and END in text:
            text = text[:text.index(BEGIN)] + block + text[text.index(END) + len(END):]
        else:
            text = text.rstrip("\n") + "\n\n" + block + "\n"
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    la, rk = report["labels_all_rows"], report["risk_executable_rows"]
    line = ("| test run %d | %s | %s | micro-F1 %s, macro-F1 %s, %s types/case | risk AUROC all %s, "
            "executable %s, ECE %s |\n" %
            (report["run"], date, commit, fmt(la["micro_f1"]), fmt(la["macro_f1"]),
             fmt(la["types_per_case_engine"], 2), fmt(rk["auroc_all"]), fmt(rk["auroc_executable"]),
             fmt(rk["ece_10_all"])))
    if not os.path.exists(HISTORY):
        with open(HISTORY, "w", encoding="utf-8") as f:
            f.write("# History of the fit\n\n## Test set runs\n\n| run | date (UTC) | engine | C1..C10 | risk |\n"
                    "|---|---|---|---|---|\n")
    with open(HISTORY, "a", encoding="utf-8") as f:
        f.write(line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", default=os.path.join(REPO, "build", "app", "cli", "hallusql-cli"))
    ap.add_argument("--data", default=default_data())
    ap.add_argument("--split", choices=["test", "train"], default="test")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", help="also write the full report here")
    args = ap.parse_args()
    report = measure(args, load_test_set())
    if args.split == "test":
        record(report)
    text = json.dumps(report, indent=1)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
