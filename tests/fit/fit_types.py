#!/usr/bin/env python3
"""Fit the learned C1..C10 labels on the human-labelled MRSQLGen train rows (resources/labels/types.json).

    /usr/bin/python3 tests/fit/fit_types.py --cli build/app/cli/hallusql-cli           # fit, write
    /usr/bin/python3 tests/fit/fit_types.py --cli build/app/cli/hallusql-cli --check   # CTest

Reads only the *train* rows of ../shared/data/labels/mrsqlgen_train.jsonl (the databases outside
tests/fit/test_set.json; the test rows are never read) and makes single-edit mutants of Spider
*train* gold queries labelled with their rule's intended type (train_mutants), and runs
`hallusql-cli evaluate --type-features` on both: the features come from the engine
(engine/annotate/learned_types.h), never from Python. The engine applies the model only where its
rules give at least one C-type, so the model is fitted on those rows; a row where the rules give
none keeps no type.

The model: one random forest (scikit-learn RandomForestClassifier, FOREST below) with an output
per type, written as node arrays: the engine takes the mean over the trees of the leaf's value for
the type. Per type, the threshold (a type the rules did not give is added), the veto
(a type the rules gave is dropped below it) and whether the type is left to the rules, and whether
a case's lone rule type is always kept, are chosen by 6-fold cross-validation with folds grouped by
database (a database never on both sides), on the mean of the micro-F1 over the MRSQLGen rows and
over the mutants (annotate::decideTypes gives the labels; the likeliest learned type when none is
left).

The figure reported is nested: each outer fold is labelled by a model whose choices were made by
an inner grouped cross-validation on the other five folds, so no row is scored by a choice made on
it. Prints micro-/macro-F1, types per case and per-type F1 for the rules and the learned labels, on
the MRSQLGen rows and on the mutants. It writes resources/labels/types.json and
tests/engine/annotate/learned_types_rows.json (recorded feature vectors with the types the fitted
model gives them: tst_annotate_learned_types checks that the engine gives the same).

`--check` redoes the choice and the fit and fails when the committed model differs (CTest
`test_fit_types_check`); it exits 77 (skipped) without scikit-learn/NumPy or the shared data.
Needs /usr/bin/python3 with python3-sklearn (Debian).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from labels_split import default_data, load_test_set, split_rows  # noqa: E402
from measure_test_set import TYPES, human_types  # noqa: E402

SKIP = 77
FOLDS = 6
MUTANT_SEED = 2712      # the blind set's mutants used random.Random(14)
MUTANTS_PER_RULE = 40   # of make_mutants.py's 11 rules, one mutant per gold query
INNER_FOLDS = 5
# The forest: fixed, small enough for the engine to walk per case (60 trees of at most 8 levels).
FOREST = {"n_estimators": 60, "max_depth": 8, "min_samples_leaf": 2, "max_features": 0.3, "random_state": 0}
C_GRID = ("forest",)  # one model setting: the options' first entry
DIGITS = 6  # leaf values and thresholds as written
THRESHOLDS = tuple(round(0.1 + 0.05 * i, 2) for i in range(13))  # 0.10 .. 0.70
# Below this probability a type the rules gave is dropped (at most the type's threshold).
VETOES = (0.0, 0.02, 0.05) + THRESHOLDS
BLIND = os.path.join(REPO, "tests", "fixtures", "blind_labels")
OUT = os.path.join(REPO, "resources", "labels", "types.json")
ROWS_OUT = os.path.join(REPO, "tests", "engine", "annotate", "learned_types_rows.json")
RECORDED_ROWS = 16
TOLERANCE = 1e-4

try:
    import numpy as np
    from sklearn.ensemble import RandomForestClassifier
except ImportError:
    np = None


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def run_engine(cli, data, rows, jobs):
    """`evaluate --type-features` over the rows: ({id: features or None}, feature names)."""
    database = os.path.join(data, "spider", "database")
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "db")
        os.mkdir(root)
        # Only databases that execute (as measure_test_set.py): a schema-only one stays absent.
        for d in sorted({r["db_id"] for r in rows}):
            if os.path.isfile(os.path.join(database, d, d + ".sqlite")):
                os.symlink(os.path.join(database, d), os.path.join(root, d))
        cases = os.path.join(tmp, "cases.jsonl")
        with open(cases, "w", encoding="utf-8") as f:
            for r in rows:
                case = {"id": str(r["id"]), "db_id": r["db_id"], "question": r.get("question"),
                        "gold_sql": r["query"], "pred_sql": r["predict"]}
                f.write(json.dumps({k: v for k, v in case.items() if v is not None}) + "\n")
        out, summary = os.path.join(tmp, "out.jsonl"), os.path.join(tmp, "summary.json")
        subprocess.run([cli, "evaluate", "--cases", cases, "--format", "jsonl", "--db-root", root, "--out", out,
                        "--summary", summary, "--jobs", str(jobs), "--quiet", "--type-features"],
                       check=True, stdout=subprocess.DEVNULL)
        with open(out, encoding="utf-8") as f:
            records = {str(o["id"]): o.get("type_features") for o in map(json.loads, f) if o}
        with open(summary, encoding="utf-8") as f:
            names = json.load(f)["type_feature_names"]
    return records, names


def train_mutants(data, exclude_dbs):
    """Single-edit mutants of Spider *train* gold queries, labelled with the type their rule intends.

    The blind set's labellers label a clear single edit by what it changes (`>` written `>=` is C1)
    and MRSQLGen's people label multi-difference model errors; fitted on the latter alone, the model
    turned down the rules' C3 on a swapped join key. These rows teach it the first convention. The
    rules and INTENDED map are tests/fixtures/blind_labels/make_mutants.py's, with another seed;
    the gold queries the blind set mutated and the databases of the test set are left out. Each
    mutant runs next to its gold (read-only sqlite3) and is kept only when the result differs."""
    os.environ.setdefault("SPIDER_DB", os.path.join(data, "spider", "database"))
    sys.path.insert(0, BLIND)
    import make_mutants as mm  # noqa: E402 (make_mutants reads exec_check's SPIDER_DB at import)
    from exec_check import run, same  # noqa: E402
    import random
    spider = os.path.join(data, "spider")
    with open(os.path.join(spider, "train_tables.json"), encoding="utf-8") as f:
        schema = mm.schema(json.load(f))
    with open(os.path.join(spider, "train_gold.sql"), encoding="utf-8") as f:
        lines = [line.rstrip("\n").rpartition("\t") for line in f]
    with open(os.path.join(BLIND, "mutants_rules.jsonl"), encoding="utf-8") as f:
        blind = {lines[int(json.loads(l)["id"].rsplit("-", 1)[1])][0] for l in f if l.strip()}
    gold = [(i, db, sql) for i, (sql, _, db) in enumerate(lines)
            if sql not in blind and db not in exclude_dbs
            and os.path.isfile(os.path.join(spider, "database", db, db + ".sqlite"))]
    rng = random.Random(MUTANT_SEED)
    rng.shuffle(gold)
    counts = {r: 0 for r in mm.RULES}
    out = []
    for i, db, sql in gold:
        if all(c >= MUTANTS_PER_RULE for c in counts.values()):
            break
        order = list(mm.RULES)
        rng.shuffle(order)
        for r in order:
            if counts[r] >= MUTANTS_PER_RULE:
                continue
            m = mm.RULES[r](sql, rng, schema, db)
            if not m or m == sql:
                continue
            g, ge = run(db, sql)
            p, pe = run(db, m)
            if ge or pe or same(sql, g, p):
                continue
            counts[r] += 1
            out.append({"id": "mut-%d" % i, "db_id": db, "query": sql, "predict": m, "rule": r,
                        "types": [mm.INTENDED[r]]})
            break
    return out


def scores(y, p):
    tp, fp, fn = (y & p).sum(0), ((1 - y) & p).sum(0), (y & (1 - p)).sum(0)
    micro = 2 * tp.sum() / max(2 * tp.sum() + fp.sum() + fn.sum(), 1)
    per_type = 2 * tp / np.maximum(2 * tp + fp + fn, 1)
    labelled = (tp + fn) > 0
    return {"micro_f1": float(micro), "macro_f1": float(per_type[labelled].mean()),
            "types_per_case": float(p.sum(1).mean()), "per_type_f1": [float(v) for v in per_type]}


def line(name, s):
    return "%-34s micro-F1 %.3f  macro-F1 %.3f  %.2f types/case  %s" % (
        name, s["micro_f1"], s["macro_f1"], s["types_per_case"],
        " ".join("%s %.2f" % (t, v) for t, v in zip(TYPES, s["per_type_f1"])))


def fit_forest(x, y):
    """The forest on rows x with labels y (n x 10), as the engine reads it: a list of trees, each
    {feature, threshold, left, right, value}, a leaf's value the probability of each type (0 for a
    type no training row has)."""
    model = RandomForestClassifier(**FOREST).fit(x, y)
    trees = []
    for est in model.estimators_:
        t = est.tree_
        leaf = t.children_left < 0
        value = []
        for k in range(t.node_count):
            if not leaf[k]:
                value.append([])
                continue
            row = []
            for j, classes in enumerate(est.classes_):
                counts = t.value[k, j, :len(classes)]
                one = list(classes).index(1) if 1 in classes else None
                row.append(0.0 if one is None else round(float(counts[one] / counts.sum()), DIGITS))
            value.append(row)
        trees.append({"feature": [int(f) if not l else -1 for f, l in zip(t.feature, leaf)],
                      "threshold": [round(float(v), DIGITS) if not l else 0.0 for v, l in zip(t.threshold, leaf)],
                      "left": [int(v) for v in t.children_left], "right": [int(v) for v in t.children_right],
                      "value": value})
    return trees


def forest_probabilities(trees, x):
    """(n x 10) as the engine computes them (learned_types.cpp): x[feature] <= threshold goes left.
    sklearn compares float32 features with its thresholds; the features are counts, exact in both."""
    out = np.zeros((len(x), len(TYPES)))
    for t in trees:
        feature, threshold, left, right = (np.array(t[k]) for k in ("feature", "threshold", "left", "right"))
        node = np.zeros(len(x), dtype=int)
        while True:
            inner = feature[node] >= 0
            if not inner.any():
                break
            f = np.where(inner, feature[node], 0)
            go_left = x[np.arange(len(x)), f] <= threshold[node]
            node = np.where(inner, np.where(go_left, left[node], right[node]), node)
        out += np.array([t["value"][k] for k in node])
    return out / len(trees)


def decide(prob, rules, choice, lone=False):
    """annotate::decideTypes on rows the model applies to: prob, rules (n x 10) -> labels (n x 10).
    choice[j]: None (the rules') or (C, threshold, veto): a type the rules gave stays unless its
    probability is below `veto`; one they did not give is added when it reaches `threshold`.
    `lone`: a case the rules give exactly one type keeps it whatever the model says."""
    n = len(rules)
    out = np.zeros((n, len(TYPES)), dtype=int)
    learned = [j for j in range(len(TYPES)) if choice[j] is not None]
    for j in range(len(TYPES)):
        if choice[j] is None:
            out[:, j] = rules[:, j]
        else:
            out[:, j] = np.where(rules[:, j] > 0, prob[:, j] >= choice[j][2], prob[:, j] >= choice[j][1])
    if lone:
        out = np.maximum(out, rules * (rules.sum(1) == 1)[:, None])
    if learned:
        empty = out.sum(1) == 0
        best = np.array(learned)[prob[:, learned].argmax(1)]  # first of equal ones, as the engine
        out[np.arange(n)[empty], best[empty]] = 1
    return out


def micro(y, p):
    tp, fp, fn = (y & p).sum(), ((1 - y) & p).sum(), (y & (1 - p)).sum()
    return 2 * tp / max(2 * tp + fp + fn, 1)


def log_loss(y, p):
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def objective(y, p, mutant):
    """Mean of the micro-F1 on the MRSQLGen rows and on the mutants: the two conventions count
    alike, whatever their row counts."""
    parts = [micro(y[m], p[m]) for m in (~mutant, mutant) if m.any()]
    return sum(parts) / len(parts)


def options(c):
    return [(c, t, v) for t in THRESHOLDS for v in VETOES if v <= t]


def choose(x, y, rules, fold, fold_ids, mutant):
    """(choice, lone): per type None (left to the rules) or (C, threshold, veto), and whether a
    case's lone rule type is kept (decide), by grouped CV over `fold_ids`; each `lone` gets its own
    choice and the better objective wins.
    First per type alone: the options of the best held-out objective, or the rules when theirs is
    higher. Then coordinate ascent, type by type, on the objective of the decided labels
    (annotate::decideTypes), which weighs every false type against the others and so keeps the
    types per case down."""
    rows = np.isin(fold, fold_ids)
    prob = {c: np.zeros(y.shape) for c in C_GRID}
    for k in fold_ids:
        train, held = (fold != k) & rows, fold == k
        for c in C_GRID:
            prob[c][held] = forest_probabilities(fit_forest(x[train], y[train]), x[held])
    yr, rr, mr = y[rows], rules[rows], mutant[rows]
    best = max((choose_given(prob, yr, rr, mr, rows, lone) for lone in (False, True)), key=lambda b: b[0])
    return best[1], best[2]


def choose_given(prob, yr, rr, mr, rows, lone):
    choice = []
    for j in range(len(TYPES)):
        yj, rj = yr[:, j:j + 1], rr[:, j:j + 1]
        best = (objective(yj, rj, mr), None)
        for c in C_GRID:
            pj = prob[c][rows, j:j + 1]
            for o in options(c):
                score = objective(yj, np.where(rj > 0, pj >= o[2], pj >= o[1]).astype(int), mr)
                if score > best[0] + 1e-12:
                    best = (score, o)
        choice.append(best[1])
    # The C a type left to the rules would get, should the ascent hand it to the model.
    cs = [ch[0] if ch else min(C_GRID, key=lambda c: (log_loss(yr[:, j], prob[c][rows, j]), c))
          for j, ch in enumerate(choice)]
    p = np.stack([prob[cs[j]][rows, j] for j in range(len(TYPES))], 1)
    score = objective(yr, decide(p, rr, choice, lone), mr)
    for _ in range(3):
        changed = False
        for j in range(len(TYPES)):
            for option in [None] + options(cs[j]):
                trial = choice[:j] + [option] + choice[j + 1:]
                s = objective(yr, decide(p, rr, trial, lone), mr)
                if s > score + 1e-12:
                    choice, score, changed = trial, s, True
        if not changed:
            break
    return score, choice, lone


def show(choice, lone):
    return " ".join("%s:%s" % (t, "rules" if ch is None else "t=%.2f,v=%.2f" % ch[1:])
                    for t, ch in zip(TYPES, choice)) + (" lone rule type kept" if lone else "")


def label_all(trees, x, rules, choice, lone):
    prob = forest_probabilities(trees, x)
    return decide(prob, rules, choice, lone), prob


def nested_cv(x, y, rules, fold, mutant):
    """Labels of each outer fold from a model chosen and fitted on the other folds only."""
    out = np.zeros(y.shape, dtype=int)
    for k in range(FOLDS):
        inner = [i for i in range(FOLDS) if i != k]
        choice, lone = choose(x, y, rules, fold, inner, mutant)
        train, held = fold != k, fold == k
        out[held] = label_all(fit_forest(x[train], y[train]), x[held], rules[held], choice, lone)[0]
        log("fit_types: outer fold %d: %s" % (k, show(choice, lone)))
    return out


def model_json(names, trees, choice, lone, train_rows, applied, dbs):
    types = [{"type": TYPES[j], "output": j, "threshold": ch[1], "veto": ch[2]}
             for j, ch in enumerate(choice) if ch is not None]
    return {"about": "the learned C1..C10 labels (engine/annotate/learned_types.h), fitted by "
                     "tests/fit/fit_types.py on the human-labelled MRSQLGen train rows; never edit by hand",
            "train_rows": train_rows, "fitted_rows": applied, "databases": dbs,
            "rule_types": [t for t, ch in zip(TYPES, choice) if ch is None], "keep_lone_rule_type": lone,
            "features": names, "types": types,
            "forest": {"method": "scikit-learn RandomForestClassifier %s" % json.dumps(FOREST, sort_keys=True),
                       "outputs": len(TYPES), "trees": trees}}


def write_model(path, model):
    """types.json with one line per tree array (thousands of nodes would be a line each)."""
    trees = model["forest"]["trees"]
    text = json.dumps({**model, "forest": {**model["forest"], "trees": ["@tree%d" % i for i in range(len(trees))]}},
                      indent=1)
    for i, t in enumerate(trees):
        body = ",\n   ".join('"%s": %s' % (k, json.dumps(t[k], separators=(",", ":"))) for k in t)
        text = text.replace('"@tree%d"' % i, "{\n   %s\n  }" % body, 1)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text + "\n")


def same_model(a, b):
    if a.get("features") != b.get("features") or a.get("rule_types") != b.get("rule_types") or \
            a.get("keep_lone_rule_type", False) != b.get("keep_lone_rule_type", False):
        return False
    if len(a.get("types", [])) != len(b.get("types", [])):
        return False
    for s, t in zip(a["types"], b["types"]):
        if (s["type"], s["output"], s["threshold"], s["veto"]) != \
                (t["type"], t.get("output"), t["threshold"], t.get("veto")):
            return False
    fa, fb = a.get("forest", {}), b.get("forest", {})
    if fa.get("method") != fb.get("method") or len(fa.get("trees", [])) != len(fb.get("trees", [])):
        return False
    for s, t in zip(fa["trees"], fb["trees"]):
        if any(s[k] != t[k] for k in ("feature", "left", "right")):
            return False
        if any(abs(u - v) > TOLERANCE for u, v in zip(s["threshold"], t["threshold"])):
            return False
        if any(len(u) != len(v) or any(abs(p - q) > TOLERANCE for p, q in zip(u, v))
               for u, v in zip(s["value"], t["value"])):
            return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--data", default=default_data())
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--check", action="store_true", help="fail when the committed model differs")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args()
    if np is None:
        print("fit_types: needs scikit-learn and NumPy (python3-sklearn); skipped")
        return SKIP
    if not os.path.isfile(os.path.join(args.data, "labels", "mrsqlgen_train.jsonl")):
        print("fit_types: no shared data at %s; skipped" % args.data)
        return SKIP
    test_set = load_test_set()
    rows = split_rows(args.data, test_set, "train")
    mutants = train_mutants(args.data, set(test_set["test_db_ids_executable"]) |
                            set(test_set["test_db_ids_schema_only"]))
    features, names = run_engine(args.cli, args.data, rows + mutants, args.jobs)
    every = rows + mutants
    y_all = np.array([[t in (r["types"] if "rule" in r else human_types(r)) for t in TYPES] for r in every],
                     dtype=int)
    mutant_all = np.array([False] * len(rows) + [True] * len(mutants))
    applied = np.array([features.get(str(r["id"])) is not None for r in every])
    x = np.array([features[str(r["id"])] for r, a in zip(every, applied) if a], dtype=float)
    if x.shape[1] != len(names):
        raise SystemExit("fit_types: %d features per row, %d names" % (x.shape[1], len(names)))
    rule_col = [names.index("rule:" + t) for t in TYPES]
    rules = (x[:, rule_col] > 0).astype(int)
    y, mutant = y_all[applied], mutant_all[applied]
    # Folds by database: the MRSQLGen databases first (as before the mutants came), then the
    # mutants' other Spider train databases; a database is never on both sides of a fold.
    dbs = sorted({r["db_id"] for r in rows})
    order = np.random.RandomState(0).permutation(len(dbs))
    fold_of = {dbs[j]: k % FOLDS for k, j in enumerate(order)}
    more = sorted({r["db_id"] for r in mutants} - set(fold_of))
    for k, j in enumerate(np.random.RandomState(1).permutation(len(more))):
        fold_of[more[j]] = k % FOLDS
    fold_all = np.array([fold_of[r["db_id"]] for r in every])
    fold = fold_all[applied]
    log("fit_types: %d train rows on %d databases, %d where the rules give a C-type, %d features; "
        "people give %.2f types per case; %d mutants on %d databases, %d where the rules give a C-type" % (
            len(rows), len(dbs), int(applied[~mutant_all].sum()), len(names), y_all[~mutant_all].sum(1).mean(),
            len(mutants), len({r["db_id"] for r in mutants}), int(applied[mutant_all].sum())))

    choice, lone = choose(x, y, rules, fold, list(range(FOLDS)), mutant)
    trees = fit_forest(x, y)
    model = model_json(names, trees, choice, lone, len(rows), int(applied[~mutant_all].sum()), len(dbs))
    model["mutants"] = {"rows": len(mutants), "fitted_rows": int(applied[mutant_all].sum()),
                        "seed": MUTANT_SEED, "per_rule": MUTANTS_PER_RULE}
    if args.check:
        with open(args.out, encoding="utf-8") as f:
            committed = json.load(f)
        if not same_model(model, committed):
            print("fit_types: %s differs from the model fitted now (refit: tests/fit/fit_types.py)" % args.out,
                  file=sys.stderr)
            return 1
        print("fit_types: %s matches the fit (%d learned types, rules keep %s)" % (
            args.out, len(model["types"]), ", ".join(model["rule_types"]) or "none"))
        return 0

    def spread(labels):  # rows the model does not apply to keep no type
        out = np.zeros(y_all.shape, dtype=int)
        out[applied] = labels
        return out

    rules_l, learned_l = spread(rules), spread(nested_cv(x, y, rules, fold, mutant))
    cv = {}
    for part, m in (("mrsqlgen", ~mutant_all), ("mutants", mutant_all)):
        cv[part] = {"rules": scores(y_all[m], rules_l[m]), "learned": scores(y_all[m], learned_l[m])}
        print(line("%s: engine rules" % part, cv[part]["rules"]))
        print(line("%s: learned (nested CV)" % part, cv[part]["learned"]))
    print("chosen on all train rows: " + show(choice, lone))
    model["cv"] = {"method": "nested 6-fold cross-validation grouped by database on the train rows and "
                             "the train mutants", **cv}
    write_model(args.out, model)
    # Recorded rows for tst_annotate_learned_types: every k-th row the model applies to.
    # The written (rounded) forest, as the engine reads it.
    labels, prob = label_all(model["forest"]["trees"], x, rules, choice, lone)
    step = max(1, len(x) // RECORDED_ROWS)
    recorded = []
    for i in range(0, len(x), step)[:RECORDED_ROWS]:
        recorded.append({"features": {n: float(v) for n, v in zip(names, x[i]) if v},
                         "types": [t for j, t in enumerate(TYPES) if labels[i, j]],
                         "probabilities": {TYPES[j]: round(float(prob[i, j]), 6)
                                           for j in range(len(TYPES)) if choice[j] is not None}})
    with open(ROWS_OUT, "w", encoding="utf-8") as f:
        json.dump({"about": "feature vectors of train rows and the types the fitted model gives them "
                            "(tests/fit/fit_types.py)", "rows": recorded}, f, indent=1)
        f.write("\n")
    log("fit_types: wrote %s and %s" % (args.out, ROWS_OUT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
