#!/usr/bin/env python3
"""Fit the learned C1..C10 labels on the human-labelled MRSQLGen train rows (resources/labels/types.json).

    /usr/bin/python3 tests/fit/fit_types.py --cli build/app/cli/hallusql-cli           # fit, write
    /usr/bin/python3 tests/fit/fit_types.py --cli build/app/cli/hallusql-cli --check   # CTest

Reads only the *train* rows of ../shared/data/labels/mrsqlgen_train.jsonl (the databases outside
tests/fit/test_set.json; the test rows are never read) and runs `hallusql-cli evaluate
--type-features` on them: the features come from the engine (engine/annotate/learned_types.h),
never from Python. The engine applies the model only where its rules give at least one C-type, so
the model is fitted on those rows; a row where the rules give none keeps no type.

The model: per type, L2 logistic regression (scikit-learn, lbfgs) on standardised features; the
standardisation is folded into the written weights, so the engine computes bias + w.x on the raw
features. Per type, the penalty C and the threshold are chosen by 6-fold cross-validation with
folds grouped by database (a database never on both sides), and so is whether the type is left to
the rules (when the rules' F1 on the same rows is higher). A case gets the rules' types for those,
the learned types whose probability reaches their threshold, and the likeliest learned type when
that leaves none (annotate::decideTypes).

The figure reported is nested: each outer fold is labelled by a model whose C, thresholds and
rule types were chosen by an inner grouped cross-validation on the other five folds, so no row is
scored by a choice made on it. Prints micro-/macro-F1, types per case and per-type F1 for the rules
and the learned labels. It writes resources/labels/types.json and
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
INNER_FOLDS = 5
C_GRID = (0.003, 0.01, 0.03, 0.1, 0.3)
THRESHOLDS = tuple(round(0.1 + 0.05 * i, 2) for i in range(13))  # 0.10 .. 0.70
OUT = os.path.join(REPO, "resources", "labels", "types.json")
ROWS_OUT = os.path.join(REPO, "tests", "engine", "annotate", "learned_types_rows.json")
RECORDED_ROWS = 16
TOLERANCE = 1e-4

try:
    import numpy as np
    from sklearn.linear_model import LogisticRegression
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
                f.write(json.dumps({"id": str(r["id"]), "db_id": r["db_id"], "question": r["question"],
                                    "gold_sql": r["query"], "pred_sql": r["predict"]}) + "\n")
        out, summary = os.path.join(tmp, "out.jsonl"), os.path.join(tmp, "summary.json")
        subprocess.run([cli, "evaluate", "--cases", cases, "--format", "jsonl", "--db-root", root, "--out", out,
                        "--summary", summary, "--jobs", str(jobs), "--quiet", "--type-features"],
                       check=True, stdout=subprocess.DEVNULL)
        with open(out, encoding="utf-8") as f:
            records = {str(o["id"]): o.get("type_features") for o in map(json.loads, f) if o}
        with open(summary, encoding="utf-8") as f:
            names = json.load(f)["type_feature_names"]
    return records, names


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


def fit_one(x, y, c):
    """(weights, bias) on the raw features: the standardisation folded in; None for a constant y."""
    if y.min() == y.max():
        return None
    mean, sd = x.mean(0), x.std(0)
    sd[sd == 0] = 1.0
    model = LogisticRegression(C=c, max_iter=5000).fit((x - mean) / sd, y)
    w = model.coef_[0] / sd
    return w, float(model.intercept_[0] - (w * mean).sum())


def probabilities(fit, x):
    if fit is None:
        return np.zeros(len(x))
    w, b = fit
    return 1.0 / (1.0 + np.exp(-(x @ w + b)))


def decide(prob, rules, choice):
    """annotate::decideTypes on rows the model applies to: prob, rules (n x 10) -> labels (n x 10)."""
    n = len(rules)
    out = np.zeros((n, len(TYPES)), dtype=int)
    learned = [j for j in range(len(TYPES)) if choice[j] is not None]
    for j in range(len(TYPES)):
        out[:, j] = rules[:, j] if choice[j] is None else (prob[:, j] >= choice[j][1])
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


def choose(x, y, rules, fold, fold_ids):
    """Per type: None (left to the rules) or (C, threshold), by grouped CV over `fold_ids`. First
    per type alone: the C and threshold of the best held-out F1, or the rules when their F1 is
    higher. Then coordinate ascent, type by type, on the micro-F1 of the decided labels
    (annotate::decideTypes), which weighs every false type against the others and so keeps the
    types per case down."""
    rows = np.isin(fold, fold_ids)
    prob = {c: np.zeros(y.shape) for c in C_GRID}
    for k in fold_ids:
        train, held = (fold != k) & rows, fold == k
        for c in C_GRID:
            for j in range(len(TYPES)):
                prob[c][held, j] = probabilities(fit_one(x[train], y[train, j], c), x[held])
    yr, rr = y[rows], rules[rows]
    choice = []
    for j in range(len(TYPES)):
        best = (micro(yr[:, j], rr[:, j]), None)
        for c in C_GRID:
            for t in THRESHOLDS:
                score = micro(yr[:, j], (prob[c][rows, j] >= t).astype(int))
                if score > best[0] + 1e-12:
                    best = (score, (c, t))
        choice.append(best[1])
    # The C a type left to the rules would get, should the ascent hand it to the model.
    cs = [ch[0] if ch else min(C_GRID, key=lambda c: (log_loss(yr[:, j], prob[c][rows, j]), c))
          for j, ch in enumerate(choice)]
    p = np.stack([prob[cs[j]][rows, j] for j in range(len(TYPES))], 1)
    score = micro(yr, decide(p, rr, choice))
    for _ in range(3):
        changed = False
        for j in range(len(TYPES)):
            for option in [None] + [(cs[j], t) for t in THRESHOLDS]:
                trial = choice[:j] + [option] + choice[j + 1:]
                s = micro(yr, decide(p, rr, trial))
                if s > score + 1e-12:
                    choice, score, changed = trial, s, True
        if not changed:
            break
    return choice


def fit_all(x, y, choice):
    return [None if ch is None else fit_one(x, y[:, j], ch[0]) for j, ch in enumerate(choice)]


def label_all(fits, x, rules, choice):
    prob = np.stack([probabilities(f, x) if f is not None else np.zeros(len(x)) for f in fits], 1)
    return decide(prob, rules, choice), prob


def nested_cv(x, y, rules, fold):
    """Labels of each outer fold from a model chosen and fitted on the other folds only."""
    out = np.zeros(y.shape, dtype=int)
    for k in range(FOLDS):
        inner = [i for i in range(FOLDS) if i != k]
        choice = choose(x, y, rules, fold, inner)
        train, held = fold != k, fold == k
        out[held] = label_all(fit_all(x[train], y[train], choice), x[held], rules[held], choice)[0]
        log("fit_types: outer fold %d: %s" % (k, " ".join(
            "%s:%s" % (t, "rules" if ch is None else "C=%g,t=%.2f" % ch) for t, ch in zip(TYPES, choice))))
    return out


def model_json(names, fits, choice, train_rows, applied, dbs):
    types = []
    for j, (fit, ch) in enumerate(zip(fits, choice)):
        if ch is None or fit is None:
            continue
        w, b = fit
        types.append({"type": TYPES[j], "C": ch[0], "threshold": ch[1], "bias": round(b, 6),
                      "weights": [round(float(v), 6) for v in w]})
    return {"about": "the learned C1..C10 labels (engine/annotate/learned_types.h), fitted by "
                     "tests/fit/fit_types.py on the human-labelled MRSQLGen train rows; never edit by hand",
            "train_rows": train_rows, "fitted_rows": applied, "databases": dbs,
            "rule_types": [t for t, ch in zip(TYPES, choice) if ch is None],
            "features": names, "types": types}


def same_model(a, b):
    if a.get("features") != b.get("features") or a.get("rule_types") != b.get("rule_types"):
        return False
    if len(a.get("types", [])) != len(b.get("types", [])):
        return False
    for s, t in zip(a["types"], b["types"]):
        if (s["type"], s["C"], s["threshold"]) != (t["type"], t["C"], t["threshold"]):
            return False
        if abs(s["bias"] - t["bias"]) > TOLERANCE or len(s["weights"]) != len(t["weights"]):
            return False
        if any(abs(u - v) > TOLERANCE for u, v in zip(s["weights"], t["weights"])):
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
    rows = split_rows(args.data, load_test_set(), "train")
    features, names = run_engine(args.cli, args.data, rows, args.jobs)
    y_all = np.array([[t in human_types(r) for t in TYPES] for r in rows], dtype=int)
    applied = np.array([features.get(str(r["id"])) is not None for r in rows])
    x = np.array([features[str(r["id"])] for r, a in zip(rows, applied) if a], dtype=float)
    if x.shape[1] != len(names):
        raise SystemExit("fit_types: %d features per row, %d names" % (x.shape[1], len(names)))
    rule_col = [names.index("rule:" + t) for t in TYPES]
    rules = (x[:, rule_col] > 0).astype(int)
    y = y_all[applied]
    dbs = sorted({r["db_id"] for r in rows})
    order = np.random.RandomState(0).permutation(len(dbs))
    fold_of = {dbs[j]: k % FOLDS for k, j in enumerate(order)}
    fold_all = np.array([fold_of[r["db_id"]] for r in rows])
    fold = fold_all[applied]
    log("fit_types: %d train rows on %d databases, %d where the rules give a C-type, %d features; "
        "people give %.2f types per case" % (len(rows), len(dbs), len(x), len(names), y_all.sum(1).mean()))

    choice = choose(x, y, rules, fold, list(range(FOLDS)))
    fits = fit_all(x, y, choice)
    model = model_json(names, fits, choice, len(rows), int(applied.sum()), len(dbs))
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

    rules_cv = scores(y_all, spread(rules))
    learned_cv = scores(y_all, spread(nested_cv(x, y, rules, fold)))
    print(line("engine rules", rules_cv))
    print(line("learned (nested grouped CV)", learned_cv))
    print("chosen on all train rows: " + " ".join(
        "%s:%s" % (t, "rules" if ch is None else "C=%g,t=%.2f" % ch) for t, ch in zip(TYPES, choice)))
    model["cv"] = {"method": "nested 6-fold cross-validation grouped by database on the train rows",
                   "rules": rules_cv, "learned": learned_cv}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
    # Recorded rows for tst_annotate_learned_types: every k-th row the model applies to.
    # The written (rounded) weights, as the engine reads them.
    written = {t["type"]: (np.array(t["weights"]), t["bias"]) for t in model["types"]}
    labels, prob = label_all([written.get(t) for t in TYPES], x, rules, choice)
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
