#!/usr/bin/env python3
"""Development cases for the C-type rules, disjoint from the blind set.

gpt4: GPT-4 DIN-SQL Spider dev rows NOT in the blind sample (all of them, correct ones too).
mut:  Spider train mutants (make_mutants.py's rules, another seed, train lines not in the blind
      set), one rule each (label = the rule's intended type), two rules each (labels = both),
      and benign rewrites that must get no label.
"""
import csv, json, os, random, re, sys
from dev_env import BL, DATA, OUT, blind_cases
import make_mutants as mm
from exec_check import run, same, same_ignoring_col_order

blind = blind_cases()
blind_ids = {c["id"] for c in blind}
out = []
rows = list(csv.DictReader(open(os.path.join(DATA, "predictions/spider_dev/gpt4_DIN-SQL.csv"), encoding="utf-8", errors="replace")))
for i, r in enumerate(rows):
    db = r["DATABASE"].strip()
    if db == "wta_1" or f"gpt4-dev-{i}" in blind_ids:
        continue
    g, ge = run(db, r["GOLD SQL"]); p, pe = run(db, r["PREDICTED SQL"])
    out.append(dict(id=f"dgpt-{i}", src="gpt4", db_id=db, question=r["NLQ"], gold_sql=r["GOLD SQL"],
                    pred_sql=r["PREDICTED SQL"], ex=same(r["GOLD SQL"], g, p),
                    colorder=same_ignoring_col_order(g, p), labels=None))

s = mm.schema(json.load(open(os.path.join(DATA, "spider/train_tables.json"))))
dbroot = os.path.join(DATA, "spider/database")
gold = []
for i, line in enumerate(open(os.path.join(DATA, "spider/train_gold.sql"), encoding="utf-8")):
    sql, _, db = line.rstrip("\n").rpartition("\t")
    if os.path.exists(os.path.join(dbroot, db, db + ".sqlite")) and f"train-mut-{i}" not in blind_ids:
        gold.append((i, db, sql))
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 101)
rng.shuffle(gold)
PER = 40
counts = {r: 0 for r in mm.RULES}
pairs = 0
used = set()
for i, db, sql in gold:
    if all(c >= PER for c in counts.values()) and pairs >= 120:
        break
    order = list(mm.RULES); rng.shuffle(order)
    g, ge = run(db, sql)
    if ge:
        continue
    done = False
    for r in order:
        if counts[r] >= PER:
            continue
        m = mm.RULES[r](sql, rng, s, db)
        if not m or m == sql:
            continue
        p, pe = run(db, m)
        if pe or same(sql, g, p):
            continue
        counts[r] += 1
        out.append(dict(id=f"dmut-{i}", src="mut1", rule=r, db_id=db, question=None, gold_sql=sql, pred_sql=m,
                        ex=False, labels=[mm.INTENDED[r]]))
        done = True
        break
    if done or pairs >= 120:
        continue
    # two rules, each changing the result on its own
    r1, r2 = rng.sample(list(mm.RULES), 2)
    if mm.INTENDED[r1] == mm.INTENDED[r2]:
        continue
    m1 = mm.RULES[r1](sql, rng, s, db)
    if not m1 or m1 == sql:
        continue
    m2 = mm.RULES[r2](sql, rng, s, db)
    if not m2 or m2 == sql:
        continue
    m12 = mm.RULES[r2](m1, rng, s, db)
    if not m12 or m12 == m1:
        continue
    p1, e1 = run(db, m1); p12, e12 = run(db, m12)
    if e1 or e12 or same(sql, g, p1) or same(sql, g, p12) or same(m1, p1, p12):
        continue
    pairs += 1
    out.append(dict(id=f"dmut2-{i}", src="mut2", rule=r1 + "+" + r2, db_id=db, question=None, gold_sql=sql,
                    pred_sql=m12, ex=False, labels=sorted({mm.INTENDED[r1], mm.INTENDED[r2]})))
print(counts, pairs, file=sys.stderr)
with open(os.path.join(OUT, "dev.jsonl"), "w") as f:
    for o in out:
        f.write(json.dumps(o) + "\n")
print(len(out), file=sys.stderr)
