#!/usr/bin/env python3
"""How much a per-type model learned from people could add to the engine's C1..C10 labels (a study).

    /usr/bin/python3 tests/fit/study_types.py --cli build/app/cli/hallusql-cli [--structure]

Reads only the *train* rows of the human-labelled MRSQLGen file (the databases outside
tests/fit/test_set.json), runs `hallusql-cli evaluate` on them and compares, by 6-fold
cross-validation with folds grouped by database (a database's naming never in both halves):

  * the engine's own `mrsqlgen` types;
  * one L2 logistic model per type over what the engine said (each taxonomy's categories, the C-type
    subcategories, whether the prediction ran, how many types it gave), labelling a type when its
    probability reaches a threshold and at least the likeliest type on every case;
  * with --structure, the same plus clause counts of both queries and their differences (joins,
    tables, subqueries, IN, NOT, WHERE/GROUP/HAVING/ORDER/LIMIT, DISTINCT, aggregates, set
    operations, comparison operators, selected columns, literals; table, literal and column sets
    that differ). These counts are computed here with sqlglot as a prototype: a model that ships
    takes them from the engine (`engine/sql`), never from Python.

The penalty C and the threshold are chosen on the cross-validated figure of these train rows only;
the test set is not read. Prints micro-F1, types per case and per-type F1 for each setting.
Needs scikit-learn and NumPy (Debian: python3-sklearn) and python3-sqlglot for --structure;
exits 77 without them.
"""
import argparse
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from labels_split import default_data, load_test_set, split_rows  # noqa: E402
from measure_test_set import TYPES, engine_types, human_types, run_engine  # noqa: E402

try:
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler
except ImportError:
    print("study_types: needs scikit-learn and NumPy (python3-sklearn); skipped")
    sys.exit(77)

FOLDS = 6


def engine_features(rec):
    """What the engine said about one case, as named features."""
    f = collections.Counter()
    for x in rec.get("findings", []):
        tax, cat = x.get("taxonomy"), x.get("category")
        f["%s:%s" % (tax, cat)] = 1
        if tax == "mrsqlgen":
            f["m:%s:%s" % (cat, x.get("subcategory") or "")] = 1
            f["n_m:%s" % cat] += 1
    f["pred_ok"] = 1 if (rec.get("exec") or {}).get("pred_ok") else 0
    f["executes"] = 1 if (rec.get("ex") or {}).get("set") is not None else 0
    f["column_count_mismatch"] = 1 if (rec.get("diff") or {}).get("column_count_mismatch") else 0
    f["engine_types=%d" % min(len(engine_types(rec)), 3)] = 1
    return f


def clause_counts(sql):
    """Clause counts of one query (sqlglot, SQLite dialect); sets of tables, string literals, columns."""
    import sqlglot
    from sqlglot import exp
    try:
        tree = sqlglot.parse_one(sql.strip().rstrip(";"), read="sqlite")
    except Exception:  # sqlglot raises several error types; an unparsable query is one feature
        return {"parse_fail": 1}, {}
    kinds = {"join": exp.Join, "table": exp.Table, "select": exp.Select, "in": exp.In, "not": exp.Not,
             "where": exp.Where, "group": exp.Group, "having": exp.Having, "order": exp.Order,
             "limit": exp.Limit, "distinct": exp.Distinct, "and": exp.And, "or": exp.Or,
             "union": exp.Union, "intersect": exp.Intersect, "except": exp.Except, "count": exp.Count,
             "sum": exp.Sum, "avg": exp.Avg, "max": exp.Max, "min": exp.Min, "like": exp.Like,
             "eq": exp.EQ, "neq": exp.NEQ, "gt": (exp.GT, exp.GTE), "lt": (exp.LT, exp.LTE),
             "between": exp.Between, "literal": exp.Literal}
    counts = {k: len(list(tree.find_all(*(v if isinstance(v, tuple) else (v,))))) for k, v in kinds.items()}
    counts["selected"] = len(tree.expressions) if isinstance(tree, exp.Select) else 0
    sets = {"tables": {t.name.lower() for t in tree.find_all(exp.Table)},
            "strings": {x.this.lower() for x in tree.find_all(exp.Literal) if x.is_string},
            "columns": {c.name.lower() for c in tree.find_all(exp.Column)}}
    return counts, sets


def structure_features(gold_sql, pred_sql):
    (g, gs), (p, ps) = clause_counts(gold_sql), clause_counts(pred_sql)
    f = {}
    for k in set(g) | set(p):
        a, b = g.get(k, 0), p.get(k, 0)
        f["g_" + k], f["p_" + k] = min(a, 5), min(b, 5)
        f["d_" + k] = max(-3, min(3, b - a))
        f["ne_" + k] = int(a != b)
    for k in ("tables", "strings", "columns"):
        if k in gs and k in ps:
            f["missing_" + k] = len(gs[k] - ps[k])
            f["extra_" + k] = len(ps[k] - gs[k])
    return f


def scores(y, p):
    tp, fp, fn = (y & p).sum(0), ((1 - y) & p).sum(0), (y & (1 - p)).sum(0)
    micro = 2 * tp.sum() / (2 * tp.sum() + fp.sum() + fn.sum())
    per_type = 2 * tp / np.maximum(2 * tp + fp + fn, 1)
    return micro, p.sum(1).mean(), per_type


def line(name, y, p):
    micro, per_case, per_type = scores(y, p)
    return "%-28s micro-F1 %.3f  %.2f types/case  %s" % (
        name, micro, per_case, " ".join("%s %.2f" % (t, v) for t, v in zip(TYPES, per_type)))


def cross_validated(x, y, fold, c):
    prob = np.zeros(y.shape)
    for k in range(FOLDS):
        train, held = fold != k, fold == k
        for j in range(y.shape[1]):
            if y[train, j].min() == y[train, j].max():
                continue
            model = LogisticRegression(C=c, max_iter=5000).fit(x[train], y[train, j])
            prob[held, j] = model.predict_proba(x[held])[:, 1]
    return prob


def labelled(prob, threshold):
    p = (prob >= threshold).astype(int)
    p[np.arange(len(p)), prob.argmax(1)] = 1  # every case was labelled with at least one type
    return p


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--data", default=default_data())
    ap.add_argument("--structure", action="store_true", help="add clause counts (prototype, sqlglot)")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    if args.structure:
        try:
            import sqlglot  # noqa: F401
        except ImportError:
            print("study_types: --structure needs python3-sqlglot; skipped")
            return 77
    rows = split_rows(args.data, load_test_set(), "train")
    records = run_engine(args.cli, os.path.join(args.data, "spider", "database"), rows, args.jobs)
    feats = []
    for r in rows:
        f = dict(engine_features(records[str(r["id"])]))
        if args.structure:
            f.update(structure_features(r["query"], r["predict"]))
        feats.append(f)
    names = sorted({k for f in feats for k in f})
    column = {k: i for i, k in enumerate(names)}
    x = np.zeros((len(rows), len(names)))
    for i, f in enumerate(feats):
        for k, v in f.items():
            x[i, column[k]] = v
    x = StandardScaler().fit_transform(x)
    y = np.array([[t in human_types(r) for t in TYPES] for r in rows], dtype=int)
    engine = np.array([[t in engine_types(records[str(r["id"])]) for t in TYPES] for r in rows], dtype=int)
    dbs = sorted({r["db_id"] for r in rows})
    order = np.random.RandomState(0).permutation(len(dbs))
    fold_of = {dbs[j]: k % FOLDS for k, j in enumerate(order)}
    fold = np.array([fold_of[r["db_id"]] for r in rows])
    print("%d train rows on %d databases, %d features; people give %.2f types per case"
          % (len(rows), len(dbs), len(names), y.sum(1).mean()))
    print(line("engine rules", y, engine))
    best = None
    for c in (0.01, 0.03, 0.1, 0.3, 1.0):
        prob = cross_validated(x, y, fold, c)
        for threshold in (0.3, 0.4, 0.5):
            p = labelled(prob, threshold)
            micro = scores(y, p)[0]
            print(line("learned C=%g t=%.1f" % (c, threshold), y, p))
            if best is None or micro > best[0]:
                best = (micro, c, threshold)
    print("best by cross-validation: C=%g, threshold %.1f, micro-F1 %.3f" % (best[1], best[2], best[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
