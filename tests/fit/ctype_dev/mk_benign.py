#!/usr/bin/env python3
"""Benign rewrites of Spider train gold (no C-type expected): swapped output columns, an extra
informative column (the table's key) beside the gold's columns."""
import json, os, random, re, sys
from dev_env import BL, DATA, OUT, blind_cases
from exec_check import run, same
blind_ids = {c["id"] for c in blind_cases()}
tables = json.load(open(os.path.join(DATA, "spider/train_tables.json")))
pk = {}
for db in tables:
    for ci in db["primary_keys"]:
        ci = ci if isinstance(ci, int) else ci[0]
        ti, name = db["column_names_original"][ci]
        pk[(db["db_id"], db["table_names_original"][ti].lower())] = name
rng = random.Random(7)
gold = []
for i, line in enumerate(open(os.path.join(DATA, "spider/train_gold.sql"), encoding="utf-8")):
    sql, _, db = line.rstrip("\n").rpartition("\t")
    if os.path.exists(os.path.join(DATA, "spider/database", db, db + ".sqlite")) and f"train-mut-{i}" not in blind_ids:
        gold.append((i, db, sql))
rng.shuffle(gold)
out = []
n = {"swap": 0, "addkey": 0}
for i, db, sql in gold:
    if min(n.values()) >= 40:
        break
    m = re.match(r"(\s*SELECT\s+)(?!DISTINCT)(.*?)(\s+FROM\s+(\w+)(?:\s+AS\s+(\w+))?)(.*)$", sql, re.I | re.S)
    if not m or re.search(r"\b(UNION|INTERSECT|EXCEPT)\b|\(\s*SELECT", sql, re.I):
        continue
    items = [x.strip() for x in m.group(2).split(",")]
    if "(" in m.group(2) and re.search(r"\w\s*\([^)]*,", m.group(2)):
        continue
    kind = rng.choice(["swap", "addkey"])
    if n[kind] >= 40:
        continue
    if kind == "swap":
        if len(items) < 2:
            continue
        items = items[1:] + items[:1]
        new = m.group(1) + " ,  ".join(items) + m.group(3) + m.group(6)
    else:
        if re.search(r"GROUP\s+BY|\b(count|sum|avg|min|max)\s*\(", sql, re.I):
            continue
        t = m.group(4).lower(); a = m.group(5)
        k = pk.get((db, t))
        if not k or k.lower() in m.group(2).lower():
            continue
        new = m.group(1) + m.group(2) + " ,  " + (a + "." if a else "") + k + m.group(3) + m.group(6)
    g, ge = run(db, sql); p, pe = run(db, new)
    if ge or pe or same(sql, g, p):
        continue
    n[kind] += 1
    out.append(dict(id=f"dben-{kind}-{i}", src="benign", rule=kind, db_id=db, question=None, gold_sql=sql,
                    pred_sql=new, ex=False, labels=[]))
with open(os.path.join(OUT, "benign.jsonl"), "w") as f:
    for o in out:
        f.write(json.dumps(o) + "\n")
print(n, file=sys.stderr)
