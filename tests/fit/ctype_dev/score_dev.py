#!/usr/bin/env python3
import json, os, subprocess, sys, tempfile, collections
from dev_env import OUT
import score_engine as se
cli = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
cases = [json.loads(l) for f in (os.path.join(OUT, "dev.jsonl"), os.path.join(OUT, "benign.jsonl"),
                                 os.path.join(HERE, "hand_variants.jsonl"),
                                 os.path.join(HERE, "hand_variants2.jsonl")) for l in open(f)]
with tempfile.TemporaryDirectory() as tmp:
    inp = os.path.join(tmp, "c.jsonl")
    with open(inp, "w") as f:
        for c in cases:
            f.write(json.dumps({k: c[k] for k in ("id", "db_id", "question", "gold_sql", "pred_sql") if c.get(k) is not None}) + "\n")
    out = os.path.join(tmp, "o.jsonl")
    subprocess.run([cli, "evaluate", "--cases", inp, "--format", "jsonl", "--db-root",
                    os.path.join(os.environ.get("HS_SHARED_DATA", "/work/shared/data"), "spider/database"), "--out", out], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    full = {}
    for line in open(out):
        o = json.loads(line)
        full[o["id"]] = [fi for fi in o.get("findings", []) if fi.get("taxonomy") == "mrsqlgen"]
pred = {k: {f["category"] for f in v} for k, v in full.items()}
json.dump(full, open(os.path.join(OUT, "findings.json"), "w"))
res = {}
for src in ("mut1", "mut2", "benign"):
    sub = [c for c in cases if c["src"] == src]
    r = se.score(sub, pred)
    res[src] = r
    pt = " ".join(f"{t}:{v['precision']:.2f}/{v['recall']:.2f}" for t, v in r["per_type"].items())
    print(f"{src:7s} n={len(sub)} micro P/R/F1 {r['micro']['precision']:.3f}/{r['micro']['recall']:.3f}/{r['micro']['f1']:.3f} "
          f"macro {r['macro_f1']:.3f} types/case {r['types_per_case_engine']:.2f} exact {r['exact_set_match']:.3f}")
    print("   ", pt)
both = [c for c in cases if c["src"] in ("mut1", "mut2", "benign")]
r = se.score(both, pred)
print(f"ALLMUT micro {r['micro']['f1']:.3f} macro {r['macro_f1']:.3f} types/labelled-case {r['types_per_labelled_case_engine']:.2f}")
g = [c for c in cases if c["src"] == "gpt4"]
wrong = [c for c in g if not c["ex"]]
print("gpt4 (not blind):", len(g), "wrong", len(wrong), "types on correct:", sum(len(pred.get(c["id"], ())) for c in g if c["ex"]),
      "types on wrong:", sum(len(pred.get(c["id"], ())) for c in wrong),
      "type counts on wrong:", dict(collections.Counter(t for c in wrong for t in pred.get(c["id"], ()))))
# Hand-made GPT-4-style rewrites of Spider train gold (hand_variants.jsonl, labelled from the blind
# protocol's definitions before running the engine; see README.md).
for src in ("hand", "hand2"):
    hv = [c for c in cases if c["src"] == src]
    r = se.score(hv, pred)
    print(f"{src} n={len(hv)} micro P/R/F1 {r['micro']['precision']:.3f}/{r['micro']['recall']:.3f}/{r['micro']['f1']:.3f} "
          f"exact {r['exact_set_match']:.3f} types/case {r['types_per_case_engine']:.2f}")
    print("   ", " ".join(f"{t}:{v['precision']:.2f}/{v['recall']:.2f}" for t, v in r["per_type"].items()))
# One reader's labels of GPT-4 rows read against the definitions before looking at the engine
# (read_labels.json; see README.md): the engine on them, per type.
read = json.load(open(os.path.join(HERE, "read_labels.json")))
r = se.score([{"id": k, "labels": v} for k, v in read.items()], pred)
print(f"gpt4 read n={len(read)} micro P/R/F1 {r['micro']['precision']:.3f}/{r['micro']['recall']:.3f}/{r['micro']['f1']:.3f} "
      f"types/case {r['types_per_case_engine']:.2f}")
print("   ", " ".join(f"{t}:{v['precision']:.2f}/{v['recall']:.2f}" for t, v in r["per_type"].items()))
