#!/usr/bin/env python3
"""Fit the gold-free risk model's weights on training data the project makes itself.

    fit_risk.py fit       [options]   build the training set, fit, write resources/risk/weights.json
    fit_risk.py validate  [options]   measure the weights on the Spider dev GPT-4 run (never fitted on)

Training data (Spider train only, never dev):
  * positives (correct SQL): a fixed sample of the Spider train gold queries
    (../shared/data/spider/train_gold.sql) whose database is present, each put in as its own
    prediction;
  * negatives (wrong SQL): mutants of those gold queries from `hallusql-cli mutate`, which keeps
    a mutant only when it executes and its result differs from the gold's (execution filter).
The features come from the engine (`hallusql-cli evaluate --risk-features`), never from Python, so
the fitted weights apply to exactly what the engine computes. Paired mutants share their gold
query's structure, so the query-structure weights are fitted first, on BIRD mini-dev gold queries
labelled by their difficulty level (seed 001, Table 3); train has no questions here, so the
question-cue weights are fitted last on BIRD mini-dev questions with gold SQL and mutants of it
(bird_cues.py, not executed); each part holds the earlier parts' log-odds fixed (see README.md).

The model: L2-regularised logistic regression with every weight >= 0 (a check that fires, or a
construct that is present, never lowers the risk), bias not penalised, fitted by Newton's method
inside an active set (deterministic: no random start, no sampling in the fit). Loss: mean log
loss + l2/2 * |w|^2 (--l2; `--l2 cv` chooses it per part by cross-validation grouped by database).
Then the class prior is corrected (see README.md): the bias is moved by
logit(prior) - logit(training share of wrong cases), so that scores are probabilities under the
documented prior instead of the training mix.

Python 3 standard library only.
"""
import argparse
import hashlib
import json
import math
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bird_cues  # noqa: E402  (tests/fit/bird_cues.py)
from reliability_svg import write_reliability_svg  # noqa: E402  (tests/fit/reliability_svg.py)
from logistic import auroc, calibration, fit_nonnegative, log_loss, sigmoid  # noqa: E402  (tests/fit/logistic.py)
from schema_only_dbs import build_schema_only_dbs  # noqa: E402  (tests/fit/schema_only_dbs.py)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


# Seed 003 D.2's four rules, and four slips that gold-free checks look for (engine/mutate/slip_rules.h):
# without them `cartesian_join`, `like_without_wildcard`, `quoted_identifier` and `integer_division`
# fire on too few training mutants to get a weight. The third slip, value_case_change, is left out: on Spider the gold queries themselves
# often spell a value in the question's letter case where the database has another (both sides
# empty, "correct" under EX), so a value-case finding goes with EX-correct predictions about as often
# as with wrong ones (tests/fit/HISTORY.md has the measurement).
MUTATION_RULES = ["operator_inversion", "identifier_substitution", "constant_replacement", "aggregation_mutation",
                  "join_condition_removal", "wildcard_removal", "identifier_quoting", "float_to_integer",
                  "group_key_drop"]


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def run(cmd):
    log("$ " + " ".join(cmd))
    t = time.time()
    subprocess.run(cmd, check=True, stdout=sys.stderr)  # our stdout is the report
    log("  (%.1f s)" % (time.time() - t))


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")


# ---------------------------------------------------------------- training set

def sample_train_gold(data, n, seed):
    """The first n train gold lines (by a seeded hash) whose database is present."""
    root = os.path.join(data, "spider", "database")
    picked = []
    with open(os.path.join(data, "spider", "train_gold.sql"), encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if "\t" not in line:
                continue
            sql, db = line.rsplit("\t", 1)
            if not os.path.exists(os.path.join(root, db, db + ".sqlite")):
                continue
            key = hashlib.sha256(("%d:%d:%s" % (seed, no, sql)).encode()).hexdigest()
            picked.append((key, no, sql.strip(), db))
    picked.sort()
    return [{"id": "train%d" % no, "db_id": db, "question": "", "gold_sql": sql}
            for _, no, sql, db in picked[:n]]


def build_training(args, names):
    os.makedirs(args.work, exist_ok=True)
    db_root = os.path.join(args.data, "spider", "database")
    gold = sample_train_gold(args.data, args.queries, args.seed)
    gold_path = os.path.join(args.work, "train_gold_sample.jsonl")
    write_jsonl(gold_path, gold)
    mutants_path = os.path.join(args.work, "train_mutants.jsonl")
    if not (args.reuse and os.path.exists(mutants_path)):
        run([args.cli, "mutate", "--cases", gold_path, "--format", "jsonl", "--db-root", db_root,
             "--out", mutants_path, "--seed", str(args.seed), "--per-query", str(args.per_query),
             "--per-rule", "1", "--rules", args.rules, "--quiet"])
    mutants = read_jsonl(mutants_path)
    # No gold in the evaluate input: the label is known by construction (mutate executed each
    # mutant and its gold and kept it only when the results differ), the features are gold-free,
    # and without gold `evaluate` skips the C-type analysis, which halves the run time.
    cases = [{"id": g["id"] + "/gold", "db_id": g["db_id"], "question": "", "pred_sql": g["gold_sql"]}
             for g in gold]
    rules = {}
    for m in mutants:
        rules[m["mutation"]["rule"]] = rules.get(m["mutation"]["rule"], 0) + 1
        cases.append({"id": m["id"], "db_id": m["db_id"], "question": "", "pred_sql": m["pred_sql"]})
    cases_path = os.path.join(args.work, "train_cases.jsonl")
    write_jsonl(cases_path, cases)
    out_path = os.path.join(args.work, "train_features.jsonl")
    run([args.cli, "evaluate", "--cases", cases_path, "--format", "jsonl", "--db-root", db_root,
         "--out", out_path, "--summary", os.path.join(args.work, "train_summary.json"),
         "--jobs", str(args.jobs), "--risk-features", "--quiet"])
    # Paired: a gold query counts only when one of its mutants was kept. Which queries yield a
    # mutant depends on their shape (joins, nesting), so unpaired gold queries teach the model
    # "hard to mutate", not "wrong" (HISTORY.md).
    with_mutant = {m["mutation"]["source_id"] for m in mutants}
    source = {m["id"]: m["mutation"]["source_id"] for m in mutants}
    # A gold query that compares a column with a value its database does not hold is an artefact of
    # Spider train's databases (questions written before the rows were filled), not an example of
    # correct SQL: it answers nothing the question asked. Such a pair (the gold query and its
    # mutant) is left out, or the fit learns that an absent value is normal (README.md, "Gold
    # queries whose value is absent").
    rows = read_jsonl(out_path)
    absent = {r["id"][: -len("/gold")] for r in rows
              if r["id"].endswith("/gold") and ((r.get("risk") or {}).get("features") or {}).get("value_absent")}
    x, y, groups = [], [], []
    dropped = {"gold_fails": 0, "no_features": 0, "gold_without_mutant": 0, "gold_value_absent": 0,
               "mutant_of_gold_value_absent": 0}
    for r in rows:
        is_mutant = not r["id"].endswith("/gold")
        risk = r.get("risk") or {}
        if "features" not in risk:
            dropped["no_features"] += 1
        elif is_mutant and source.get(r["id"]) in absent:
            dropped["mutant_of_gold_value_absent"] += 1
        elif not is_mutant and r["id"][: -len("/gold")] in absent:
            dropped["gold_value_absent"] += 1
        elif not is_mutant and not r["exec"]["pred_ok"]:
            dropped["gold_fails"] += 1  # a train gold query SQLite cannot run is no positive
        elif not is_mutant and r["id"][: -len("/gold")] not in with_mutant:
            dropped["gold_without_mutant"] += 1
        else:
            x.append([float(risk["features"][n]) for n in names])
            y.append(1 if is_mutant else 0)
            groups.append(r["db_id"])
    info = {"source": "spider/train_gold.sql (Spider train gold) and mutants of it",
            "queries_sampled": len(gold),
            "databases": len({g["db_id"] for g in gold}),
            "mutants_kept_by_mutate": len(mutants),
            "mutants_by_rule": dict(sorted(rules.items())),
            "positives": y.count(0), "negatives": y.count(1), "dropped": dropped,
            "seed": args.seed, "per_query": args.per_query}
    return x, y, groups, info


# Question cues that read the schema (declared keys and column types), not the rows. On BIRD they
# are taken from a second `evaluate` run over schema-only databases (build_schema_only_dbs); every
# other feature keeps the value of the run without databases.
SCHEMA_CUES = ("cue_key_for_name", "cue_table_missing", "cue_name_value", "cue_column_unread")

# Question cues whose BIRD rule is an extra pair set beside the seeded pick (bird_cues.EXTRA_PAIR_RULES),
# each with its rule: fitted after the other cues (part 2b), one at a time on the seeded mix and its
# own rule's pairs, so that the extra pairs move no other weight (nor each other's).
PAIR_CUES = {"cue_table_missing": "drop_joined_table", "cue_name_value": "drop_name_value",
             "cue_negation": "drop_negation", "cue_column_unread": "drop_condition", "cue_average": "avg_to_sum"}


def build_bird(args, names):
    """The question-cue training set: BIRD mini-dev gold queries with their questions (correct) and
    one mutant of each with the same question (wrong), see bird_cues.py. Nothing executes (the BIRD
    databases are not here): `evaluate` gets an empty --db-root, so only features that need no
    database are non-zero; the schema-reading cues (SCHEMA_CUES) come from a second run over empty
    schema-only databases built from dev_tables.json."""
    cases, info = bird_cues.bird_cases(args.data, args.seed)
    work = os.path.join(args.work, "bird")
    os.makedirs(os.path.join(work, "no-databases"), exist_ok=True)
    cases_path = os.path.join(work, "bird_cases.jsonl")
    write_jsonl(cases_path, cases)
    out_path = os.path.join(work, "bird_features.jsonl")
    run([args.cli, "evaluate", "--cases", cases_path, "--format", "jsonl",
         "--db-root", os.path.join(work, "no-databases"), "--out", out_path,
         "--summary", os.path.join(work, "bird_summary.json"), "--jobs", str(args.jobs), "--risk-features",
         "--quiet"])
    schema_root = os.path.join(work, "schema-only-databases")
    build_schema_only_dbs(os.path.join(args.data, "bird_minidev", "dev_tables.json"), schema_root)
    schema_path = os.path.join(work, "bird_features_schema_only.jsonl")
    run([args.cli, "evaluate", "--cases", cases_path, "--format", "jsonl", "--db-root", schema_root,
         "--out", schema_path, "--summary", os.path.join(work, "bird_summary_schema_only.json"),
         "--jobs", str(args.jobs), "--risk-features", "--quiet"])
    schema_features = {r["id"]: r["risk"]["features"] for r in read_jsonl(schema_path)}
    fired = {n: [0, 0] for n in SCHEMA_CUES if n in names}
    x, y, ids, groups = [], [], [], []
    for r in read_jsonl(out_path):
        for n in fired:
            r["risk"]["features"][n] = schema_features[r["id"]][n]
            if r["risk"]["features"][n]:
                fired[n][0 if r["id"].endswith("/gold") else 1] += 1
        x.append([float(r["risk"]["features"][n]) for n in names])
        y.append(0 if r["id"].endswith("/gold") else 1)
        ids.append(r["id"])
        groups.append(r["db_id"])
    info = dict(info, source="bird_minidev/mini_dev_sqlite.json (question + gold SQL) and one mutant "
                "of each gold query (tests/fit/bird_cues.py), no execution",
                positives=y.count(0), negatives=y.count(1),
                schema_cues_from_schema_only_databases={n: {"gold": g, "mutants": m} for n, (g, m) in fired.items()})
    return x, y, ids, groups, info


# Seed 001 (Table 3, "BIRD-mini EX Accuracy (%) ... across Difficulty Levels"): the execution
# accuracy of nine LLM set-ups on the 500 BIRD mini-dev questions, per BIRD difficulty level. One
# minus the mean is the share of wrong answers a question of that level draws: the soft label of
# the difficulty part of the fit. Published numbers on BIRD, never on Spider dev.
SEED001_BIRD_MINI_EX = {
    "simple": [56.08, 50.00, 51.35, 52.70, 58.78, 55.41, 47.97, 47.30, 47.97],
    "moderate": [35.20, 34.40, 38.40, 38.40, 34.00, 37.60, 31.60, 31.20, 26.80],
    "challenging": [23.53, 20.59, 21.57, 24.51, 17.65, 19.61, 13.73, 14.71, 11.76],
}


# The query-structure features (engine/annotate/risk.cpp), fitted in the difficulty part.
STRUCTURE_FEATURES = ("joins", "nested_select", "set_operation", "group_by", "having", "order_limit",
                      "distinct", "length", "conditions", "aggregates")


def difficulty_error_rates():
    return {level: round(1 - sum(v) / len(v) / 100, 6) for level, v in SEED001_BIRD_MINI_EX.items()}


def build_difficulty(args, bx, ids, bgroups):
    """The difficulty part's training set: the BIRD mini-dev gold queries (the /gold rows of the cue
    data, same features), each labelled with the share of wrong answers its BIRD difficulty level
    draws (seed 001, Table 3). Query structure is fitted here because paired mutants share their
    gold query's structure and so cannot teach it."""
    rates = difficulty_error_rates()
    with open(os.path.join(args.data, "bird_minidev", "mini_dev_sqlite.json"), encoding="utf-8") as f:
        level = {"bird%d" % it["question_id"]: it["difficulty"] for it in json.load(f)}
    x, y, levels, groups = [], [], [], []
    for r, rid, g in zip(bx, ids, bgroups):
        if rid.endswith("/gold") and level.get(rid[: -len("/gold")]) in rates:
            lv = level[rid[: -len("/gold")]]
            x.append(r)
            y.append(rates[lv])
            levels.append(lv)
            groups.append(g)
    info = {"source": "bird_minidev/mini_dev_sqlite.json gold SQL with its `difficulty`; soft label = "
            "1 - mean EX of the nine LLM set-ups of seed 001 Table 3 at that level",
            "error_rate_by_level": rates,
            "queries_by_level": {lv: levels.count(lv) for lv in rates}}
    return x, y, levels, groups, info


# ---------------------------------------------------------------- regularisation by cross-validation

# The penalties tried, and the folds: whole databases, so that no database is on both sides.
L2_GRID = (1e-5, 3e-5, 1e-4, 3e-4, 1e-3, 3e-3, 1e-2, 3e-2, 1e-1)
CV_FOLDS = 5


def grouped_folds(groups, k, seed):
    """The fold of each row: its group's place in the order of SHA-256("seed:group"), dealt round-robin."""
    order = sorted(set(groups), key=lambda g: hashlib.sha256(("%d:%s" % (seed, g)).encode()).hexdigest())
    fold_of = {g: i % k for i, g in enumerate(order)}
    return [fold_of[g] for g in groups]


def choose_l2(part, x, y, groups, offset, args):
    """The grid's penalty with the lowest held-out log loss (pooled over the folds' rows; a tie goes to
    the stronger penalty) for one part of the fit, the earlier parts' log-odds held fixed as they are
    in the fit; and the table it was chosen from. Only with --l2 cv; otherwise --l2 is the penalty."""
    if args.l2 != "cv":
        return float(args.l2), {"chosen_by": "--l2"}
    offset = offset or [0.0] * len(x)
    folds = min(CV_FOLDS, len(set(groups)))
    fold = grouped_folds(groups, folds, args.seed)
    table = []
    for l2 in L2_GRID:
        loss = 0.0
        for k in range(folds):
            train = [i for i, f in enumerate(fold) if f != k]
            theta, _ = fit_nonnegative([x[i] for i in train], [y[i] for i in train], l2,
                                       offset=[offset[i] for i in train])
            for i, f in enumerate(fold):
                if f == k:
                    p = sigmoid(offset[i] + theta[0] + sum(a * b for a, b in zip(theta[1:], x[i])))
                    p = min(max(p, 1e-15), 1 - 1e-15)
                    loss -= y[i] * math.log(p) + (1 - y[i]) * math.log(1 - p)
        table.append({"l2": l2, "held_out_log_loss": round(loss / len(x), 6)})
    best = min(table, key=lambda t: (t["held_out_log_loss"], -t["l2"]))["l2"]
    log("%s part: l2 %g by %d-fold cross-validation grouped by database (%s)" %
        (part, best, folds, ", ".join("%g: %.4f" % (t["l2"], t["held_out_log_loss"]) for t in table)))
    return best, {"chosen_by": "%d-fold cross-validation grouped by database, held-out log loss" % folds,
                  "databases": len(set(groups)), "grid": table}


# ---------------------------------------------------------------- logistic regression

def score(model, features, names):
    if features["execution_error"] > 0:
        return 1.0  # the engine's rule: a prediction that fails to execute scores 1
    z = model["bias"] + sum(w * features[n] for w, n in zip(model["weights"], names))
    return sigmoid(z)


def load_model(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


# ---------------------------------------------------------------- commands

def cmd_fit(args):
    names = load_model(args.out)["features"] if os.path.exists(args.out) else None
    if args.features_from:
        names = load_model(args.features_from)["features"]
    if not names:
        sys.exit("fit: need the feature names: an existing --out file or --features-from")
    t = time.time()
    weights = [0.0] * len(names)
    # Part 0, BIRD mini-dev difficulty (not executed): the query-structure weights, on gold queries
    # labelled with the share of wrong answers their difficulty level draws (seed 001, Table 3).
    bx, by, bids, bgroups, bird_info = build_bird(args, names)
    dx, dy, dlevels, dgroups, difficulty_info = build_difficulty(args, bx, bids, bgroups)
    structure = [i for i, n in enumerate(names) if n in STRUCTURE_FEATURES]
    l2, l2_choice = {}, {}
    l2["difficulty"], l2_choice["difficulty"] = choose_l2(
        "difficulty", [[r[i] for i in structure] for r in dx], dy, dgroups, None, args)
    theta_d, difficulty_iterations = fit_nonnegative([[r[i] for i in structure] for r in dx], dy,
                                                     l2["difficulty"])
    for k, i in enumerate(structure):
        weights[i] = theta_d[k + 1]
    d_scores = [sigmoid(theta_d[0] + sum(weights[i] * r[i] for i in structure)) for r in dx]
    mean_by_level = {lv: round(sum(p for p, l in zip(d_scores, dlevels) if l == lv) /
                               max(1, dlevels.count(lv)), 6) for lv in SEED001_BIRD_MINI_EX}
    hard = [(p, l) for p, l in zip(d_scores, dlevels) if l != "moderate"]
    difficulty_info = dict(difficulty_info, fitted_mean_by_level=mean_by_level,
                           auroc_challenging_vs_simple=round(auroc([p for p, _ in hard],
                                                                   [l == "challenging" for _, l in hard]), 6))
    log("difficulty part: %d BIRD gold queries, challenging-vs-simple AUROC %.3f" %
        (len(dx), difficulty_info["auroc_challenging_vs_simple"]))

    def structure_offset(rows):
        return [sum(weights[i] * r[i] for i in structure) for r in rows]

    # Part 1, Spider train (executed): the checks (not the question cues: train has no questions;
    # not the structure: a mutant has its gold query's structure), with the part-0 log-odds fixed.
    x, y, groups, info = build_training(args, names)
    log("training cases: %d positives (correct), %d negatives (wrong)" % (info["positives"], info["negatives"]))
    base = [i for i, n in enumerate(names) if not n.startswith("cue_") and i not in structure]
    cues = [i for i, n in enumerate(names) if n.startswith("cue_")]
    l2["checks"], l2_choice["checks"] = choose_l2(
        "checks", [[r[i] for i in base] for r in x], y, groups, structure_offset(x), args)
    theta_b, iterations = fit_nonnegative([[r[i] for i in base] for r in x], y, l2["checks"],
                                          offset=structure_offset(x))
    for k, i in enumerate(base):
        weights[i] = theta_b[k + 1]
    train_share = sum(y) / len(y)
    fitted_bias = theta_b[0]
    bias = fitted_bias
    if args.prior:
        bias += math.log(args.prior / (1 - args.prior)) - math.log(train_share / (1 - train_share))
    train_scores = [sigmoid(fitted_bias + sum(weights[i] * r[i] for i in base + structure)) for r in x]
    theta = [fitted_bias] + weights
    # Part 2, BIRD mini-dev questions (not executed): the cue weights, with the part-0 and part-1
    # log-odds of each case as a fixed offset; the BIRD bias only absorbs that set's own mix and is
    # dropped.
    log("cue training cases: %d positives, %d negatives" % (bird_info["positives"], bird_info["negatives"]))
    # The cues of PAIR_CUES are fitted after the others (part 2b), so the others see the seeded mix
    # alone, as before the extra pairs existed.
    late = [i for i in cues if names[i] in PAIR_CUES]
    cues = [i for i in cues if i not in late]
    seeded = [k for k, case in enumerate(bids) if not bird_cues.is_extra_pair(case)]
    sx, sy = [bx[k] for k in seeded], [by[k] for k in seeded]
    offset = [sum(weights[i] * r[i] for i in base + structure) for r in sx]
    l2["cues"], l2_choice["cues"] = choose_l2(
        "cues", [[r[i] for i in cues] for r in sx], sy, [bgroups[k] for k in seeded], offset, args)
    theta_c, cue_iterations = fit_nonnegative([[r[i] for i in cues] for r in sx], sy, l2["cues"], offset=offset)
    for k, i in enumerate(cues):
        weights[i] = theta_c[k + 1]
    for i in late:
        # Part 2b: each PAIR_CUES weight alone on the seeded mix and its own rule's extra pairs, every
        # other weight (the other pair cues' too) fixed at 0 or its part-2 value as an offset.
        own = [k for k, case in enumerate(bids)
               if not bird_cues.is_extra_pair(case) or bird_cues.is_extra_pair(case, PAIR_CUES[names[i]])]
        px, py = [bx[k] for k in own], [by[k] for k in own]
        offset = [sum(weights[j] * r[j] for j in base + structure + cues) for r in px]
        theta_p, _ = fit_nonnegative([[r[i]] for r in px], py, l2["cues"], offset=offset)
        weights[i] = theta_p[1]
    bird_theta = [theta_c[0]] + weights
    bird_scores = [sigmoid(bird_theta[0] + sum(a * b for a, b in zip(weights, r))) for r in sx]
    constant = [n for i, n in enumerate(names) if all(r[i] == 0 for r in x) and all(r[i] == 0 for r in bx)]
    model = {
        "bias": round(bias, 6),
        "features": names,
        "weights": [round(w, 6) for w in weights],
        "training": dict(info, **{
            "wrong_share": round(train_share, 6),
            "features_never_nonzero": constant,
            "cue_data": bird_info,
            "difficulty_data": difficulty_info,
        }),
        "fit": {
            "method": "L2 logistic regression, weights >= 0 (active set), Newton's method, bias not penalised",
            "l2": l2,
            "l2_choice": l2_choice,
            "iterations": iterations,
            "fitted_bias": round(fitted_bias, 6),
            "prior": args.prior,
            "prior_correction": None if not args.prior else
            "bias + logit(prior) - logit(wrong_share): scores are probabilities at that share of wrong cases",
            "train_log_loss": round(log_loss(theta, x, y), 6),
            "train_auroc": round(auroc(train_scores, y), 6),
            "difficulty_fit": "query-structure weights fitted first, on BIRD mini-dev gold queries with "
                              "soft labels from their difficulty level (three-part fit, see README.md)",
            "difficulty_fitted_bias": round(theta_d[0], 6),
            "difficulty_iterations": difficulty_iterations,
            "cue_fit": "question-cue weights fitted on the cue data with the Spider-fitted log-odds as a "
                       "fixed offset (two-part fit, see README.md)",
            "cue_fitted_bias": round(theta_c[0], 6),
            "cue_iterations": cue_iterations,
            "cue_train_auroc": round(auroc(bird_scores, sy), 6),
            "pair_cue_fit": "weights of %s fitted last, each alone on the seeded cue mix and the extra "
                            "pairs of its rule (bird_cues.EXTRA_PAIR_RULES), every other weight fixed"
                            % ", ".join(PAIR_CUES),
            "seconds": round(time.time() - t, 1),
        },
        "script": "tests/fit/fit_risk.py (see tests/fit/README.md)",
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(model, f, indent=1)
        f.write("\n")
    log("wrote %s: train AUROC %.3f, %d Newton steps, %.0f s" %
        (args.out, model["fit"]["train_auroc"], iterations, model["fit"]["seconds"]))


def cmd_validate(args):
    model = load_model(args.out)
    names = model["features"]
    db_root = os.path.join(args.data, "spider", "database")
    os.makedirs(args.work, exist_ok=True)
    out_path = os.path.join(args.work, "dev_gpt4_features.jsonl")
    if not (args.reuse and os.path.exists(out_path)):
        run([args.cli, "evaluate", "--cases",
             os.path.join(args.data, "predictions", "spider_dev", "gpt4_DIN-SQL.csv"), "--format", "csv",
             "--csv-map", "question=NLQ,pred=PREDICTED SQL,gold=GOLD SQL,db=DATABASE",
             "--db-root", db_root, "--out", out_path,
             "--summary", os.path.join(args.work, "dev_gpt4_summary.json"),
             "--jobs", str(args.jobs), "--risk-features", "--quiet"])
    rows = [r for r in read_jsonl(out_path) if r["ex"]["set"] is not None and r.get("risk")]
    models = [("fitted", model)]
    if args.baseline:
        models.append(("baseline", load_model(args.baseline)))
    report = {"cases": len(rows), "wrong": sum(1 for r in rows if not r["ex"]["set"]),
              "executable": sum(1 for r in rows if r["exec"]["pred_ok"])}
    # The engine's own score against the by-hand score of the weights it embeds (--engine-weights).
    engine_model = load_model(args.engine_weights) if args.engine_weights else model
    diff = max(abs(r["risk"]["score"] - score(engine_model, r["risk"]["features"], names))
               for r in rows)
    report["engine_vs_by_hand_max_abs_diff"] = diff
    curves = {}
    for label, m in models:
        # Each weights file by its own feature names (a baseline may predate a feature).
        s = [score(m, r["risk"]["features"], m["features"]) for r in rows]
        wrong = [not r["ex"]["set"] for r in rows]
        ex_s = [v for v, r in zip(s, rows) if r["exec"]["pred_ok"]]
        ex_w = [not r["ex"]["set"] for r in rows if r["exec"]["pred_ok"]]
        ece, bins = calibration(s, wrong)
        ece_x, bins_x = calibration(ex_s, ex_w)
        report[label] = {"auroc_all": auroc(s, wrong), "auroc_executable": auroc(ex_s, ex_w),
                         "ece_10_all": ece, "ece_10_executable": ece_x,
                         "mean_score": sum(s) / len(s), "wrong_share": sum(wrong) / len(wrong),
                         "bins_all": bins}
        curves[label] = (bins, ece)
    print(json.dumps(report, indent=1))
    if args.svg:
        write_reliability_svg(args.svg, curves, report)
        log("wrote " + args.svg)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=["fit", "validate"])
    p.add_argument("--cli", default=os.path.join(REPO, "build", "dev", "app", "cli", "hallusql-cli"))
    p.add_argument("--data", default=os.path.join(REPO, "..", "shared", "data"))
    p.add_argument("--work", default=os.path.join(REPO, "build", "fit-risk"), help="scratch folder")
    p.add_argument("--rules", default=",".join(MUTATION_RULES),
                   help="mutation rules of `mutate` for the Spider negatives (default: seed 003's four and "
                        "four slips the gold-free checks look for)")
    p.add_argument("--out", default=os.path.join(REPO, "resources", "risk", "weights.json"))
    p.add_argument("--features-from", help="take the feature names from this weights file")
    p.add_argument("--queries", type=int, default=3000, help="train gold queries sampled (cap)")
    p.add_argument("--per-query", type=int, default=1, help="mutants kept per gold query")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--l2", default="0.001",
                   help="the penalty of every part, or `cv`: each part's chosen by grouped cross-validation "
                        "(README.md, Regularisation)")
    p.add_argument("--prior", type=float, default=0.2,
                   help="share of wrong predictions the scores are calibrated for (0: the training mix)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--baseline", help="validate: also measure this weights file")
    p.add_argument("--engine-weights", help="validate: the weights file the CLI embeds (default --out)")
    p.add_argument("--svg", help="validate: write the reliability diagram here")
    p.add_argument("--reuse", action="store_true",
                   help="reuse the mutants (fit) or dev features (validate) already in --work")
    args = p.parse_args()
    cmd_fit(args) if args.command == "fit" else cmd_validate(args)


if __name__ == "__main__":
    main()
