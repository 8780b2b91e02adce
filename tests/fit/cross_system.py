#!/usr/bin/env python3
"""The gold-free risk score measured over other systems' Spider dev predictions (measurement only).

The issue's target is an average over outside text-to-SQL systems, so the risk score is also measured
on the published Spider dev predictions of systems other than the GPT-4 DIN-SQL run in ../shared/data.
Those files are third-party outputs: they are NOT in this repository and nothing is ever fitted on
them. tests/fit/HISTORY.md ("Cross-system measurement") lists where each one was read (repository,
path, commit).

Input: a folder of prediction files, one SQL per line in the order of Spider dev
(`<name>.txt` or `<name>.sql`; a trailing `\\t<db_id>` and `\\r` are dropped). Each file is turned
into the CSV that `evaluate` reads (question from dev.json, gold SQL and database from
dev_gold.sql), evaluated by `hallusql-cli evaluate --summary`, and the summary's AUROC of the risk
score against EX (set semantics; with `--ignore-column-order`, against EX ignoring column order) is printed
per system, over all predictions and over those that execute, with the mean.

    python3 tests/fit/cross_system.py --preds DIR [--cli build/dev/app/cli/hallusql-cli]
        [--data ../shared/data] [--work build/cross-system] [--ignore-column-order]
"""
import argparse
import csv
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def dev_cases(data):
    """[(question, gold SQL, db_id)] of Spider dev, in order."""
    spider = os.path.join(data, "spider")
    with open(os.path.join(spider, "dev.json"), encoding="utf-8") as f:
        questions = [q["question"] for q in json.load(f)]
    with open(os.path.join(spider, "dev_gold.sql"), encoding="utf-8") as f:
        gold = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    if len(questions) != len(gold):
        sys.exit("cross_system: dev.json has %d questions, dev_gold.sql %d lines" % (len(questions), len(gold)))
    return [(q, g[0], g[1]) for q, g in zip(questions, gold)]


def read_predictions(path, cases):
    with open(path, encoding="utf-8", errors="replace", newline="") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != len(cases):
        raise ValueError("%s: %d lines, Spider dev has %d questions" % (path, len(lines), len(cases)))
    preds = []
    for line, (_, _, db) in zip(lines, cases):
        line = line.rstrip("\r")
        if line.endswith("\t" + db):
            line = line[: -len(db) - 1]
        preds.append(line.strip())
    return preds


def write_csv(path, cases, preds):
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(["NLQ", "PREDICTED SQL", "GOLD SQL", "DATABASE"])
        for (q, g, db), p in zip(cases, preds):
            w.writerow([q, p, g, db])


def auroc(scores, wrong):
    """Probability that a wrong case scores above a right one (ties count half)."""
    ranked = sorted(range(len(scores)), key=lambda i: scores[i])
    ranks = [0.0] * len(scores)
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and scores[ranked[j + 1]] == scores[ranked[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[ranked[k]] = (i + j) / 2 + 1
        i = j + 1
    pos = sum(wrong)
    neg = len(wrong) - pos
    if not pos or not neg:
        return float("nan")
    return (sum(r for r, w in zip(ranks, wrong) if w) - pos * (pos + 1) / 2) / (pos * neg)


def measure(cli, csv_path, db_root, work, name, ignore_order):
    summary = os.path.join(work, name + ".summary.json")
    out = os.path.join(work, name + ".jsonl")
    cmd = [cli, "evaluate", "--cases", csv_path, "--format", "csv", "--db-root", db_root, "--out", out,
           "--summary", summary, "--quiet"]
    if not ignore_order:
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        with open(summary, encoding="utf-8") as f:
            risk = json.load(f)["risk"] or {}
        return risk.get("auroc_vs_ex_wrong"), (risk.get("executable") or {}).get("auroc_vs_ex_wrong")
    # The summary's AUROC is against EX under set semantics; against EX ignoring column order it is
    # computed here from the cases.
    subprocess.run(cmd + ["--ignore-column-order"], check=True, stdout=subprocess.DEVNULL)
    scores, wrong, executes = [], [], []
    with open(out, encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            label = (r.get("ex") or {}).get("set_any_column_order")
            if not r.get("risk") or label is None:
                continue
            scores.append(r["risk"]["score"])
            wrong.append(not label)
            executes.append(bool((r.get("exec") or {}).get("pred_ok")))
    kept = [i for i, e in enumerate(executes) if e]
    return auroc(scores, wrong), auroc([scores[i] for i in kept], [wrong[i] for i in kept])


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--preds", required=True, help="folder of prediction files, one SQL per line")
    p.add_argument("--cli", default=os.path.join(ROOT, "build", "dev", "app", "cli", "hallusql-cli"))
    p.add_argument("--data", default=os.path.join(ROOT, "..", "shared", "data"))
    p.add_argument("--work", default=os.path.join(ROOT, "build", "cross-system"))
    p.add_argument("--ignore-column-order", action="store_true")
    args = p.parse_args()
    if not os.path.isdir(os.path.join(args.data, "spider")):
        sys.exit("cross_system: no Spider data under %s (set --data)" % args.data)
    os.makedirs(args.work, exist_ok=True)
    cases = dev_cases(args.data)
    rows = []
    for entry in sorted(os.listdir(args.preds)):
        name, ext = os.path.splitext(entry)
        if ext not in (".txt", ".sql"):
            continue
        try:
            preds = read_predictions(os.path.join(args.preds, entry), cases)
        except ValueError as e:
            print("skipped: %s" % e, file=sys.stderr)
            continue
        csv_path = os.path.join(args.work, name + ".csv")
        write_csv(csv_path, cases, preds)
        all_auc, exec_auc = measure(args.cli, csv_path, os.path.join(args.data, "spider", "database"), args.work,
                                    name, args.ignore_column_order)
        rows.append((name, all_auc, exec_auc))
    if not rows:
        sys.exit("cross_system: no prediction file of %d lines in %s" % (len(cases), args.preds))
    print("| system | AUROC all | AUROC executable |\n|---|---:|---:|")
    for name, a, e in rows:
        print("| %s | %.3f | %.3f |" % (name, a, e))
    print("| mean of %d | %.3f | %.3f |" % (len(rows), sum(r[1] for r in rows) / len(rows),
                                             sum(r[2] for r in rows) / len(rows)))


if __name__ == "__main__":
    main()
