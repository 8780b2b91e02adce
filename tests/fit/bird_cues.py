"""Training data for the question-cue weights of the risk model: BIRD mini-dev questions (no
database needed, nothing executes).

Positives: each BIRD mini-dev gold query with its question. Negatives: one mutant of each gold
query with the same question, made by text rules that change the answer for sure (or nearly so)
without an execution filter: a count that no longer counts, a superlative that no longer picks the
top row, an aggregate swapped for another, a comparison turned round, a number changed, a column
swapped for another of the same table, two output columns swapped; and the other way round, a LIMIT 1 or a COUNT nobody asked
for. `drop_select_item` (an output column dropped) is made for measurement only, not for the fit
(MEASURE_ONLY_RULES); `drop_joined_table` (a joined table dropped with its join and conditions) and
`drop_name_value` (a WHERE condition on a string the question names in capitals dropped) are made
for every query they apply to and added as extra pairs beside the pick (EXTRA_PAIR_RULES). The rule is picked by a seeded hash among the rules that
apply, so the mix is fixed and most negatives are *not* made to trip a cue (see README.md).

Only the question goes to the engine, not BIRD's `evidence`: the runs the tool reviews (Spider)
have no evidence, and the cue features must see what they will see there.
Python 3 standard library only.
"""
import hashlib
import json
import os
import re

from bird_average import avg_to_sum
from bird_drop_condition import drop_condition
from bird_negation import drop_negation
from bird_sql_text import clause_end as _clause_end, drop_first_conjunct, first as _first, outside as _outside, split_and as _split_and, \
    top_level as _top_level

AGG_SWAP = {"MAX": "MIN", "MIN": "MAX", "AVG": "SUM", "SUM": "AVG"}


def _matching_paren(sql, open_pos):
    depth = 0
    for i in range(open_pos, len(sql)):
        if sql[i] == "(":
            depth += 1
        elif sql[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def drop_count(sql, _):
    """COUNT(x) -> x (COUNT(*) -> *): a "how many" answer becomes a list."""
    m = _first(r"\bCOUNT\s*\(", sql)
    if not m:
        return None
    close = _matching_paren(sql, m.end() - 1)
    if close < 0:
        return None
    inner = sql[m.end():close].strip()
    inner = re.sub(r"^DISTINCT\s+", "", inner, flags=re.I)
    return sql[:m.start()] + inner + sql[close + 1:]


def count_to_max(sql, _):
    m = _first(r"\bCOUNT\s*\(\s*(?!\*)", sql)
    if not m:
        return None
    return sql[:m.start()] + "MAX(" + sql[m.end():]


def drop_order_limit(sql, _):
    """ORDER BY ... LIMIT n at the end of the statement removed: the superlative picks nothing."""
    m = None
    for cand in re.finditer(r"\bORDER\s+BY\b[^()]*?\bLIMIT\s+\d+(\s*,\s*\d+|\s+OFFSET\s+\d+)?\s*;?\s*$", sql, re.I):
        if _outside(sql)(cand.start()):
            m = cand
    if not m:
        return None
    return sql[:m.start()].rstrip()


def drop_limit(sql, _):
    """The final LIMIT n removed, its ORDER BY kept: the superlative returns every row, best first."""
    m = None
    for cand in re.finditer(r"\bORDER\s+BY\b[^()]*?(\s+LIMIT\s+\d+(\s*,\s*\d+|\s+OFFSET\s+\d+)?)\s*;?\s*$", sql, re.I):
        if _outside(sql)(cand.start()):
            m = cand
    if not m:
        return None
    return sql[:m.start(1)].rstrip()


_SQL_WORDS = {"ON", "WHERE", "JOIN", "INNER", "LEFT", "RIGHT", "CROSS", "NATURAL", "GROUP", "ORDER", "LIMIT",
              "HAVING", "UNION", "INTERSECT", "EXCEPT", "USING", "OUTER", "FULL"}


def _ident(name):
    return name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) else "`%s`" % name


def add_join(sql, schema):
    """An inner join to a table the query does not read, linked by a foreign key to the first table
    of the main FROM, put in before the main WHERE/GROUP BY/ORDER BY/LIMIT. It drops the rows with no
    partner and repeats those with several: the answer changes unless every row has exactly one."""
    fks = schema.get("foreign_keys", []) if isinstance(schema, dict) else []
    ok = _outside(sql)
    m = next((m for m in re.finditer(r"\bFROM\s+(`[^`]+`|[A-Za-z_]\w*)(?:\s+(?:AS\s+)?([A-Za-z_]\w*))?", sql, re.I)
              if ok(m.start())), None)
    if not m:
        return None
    table = m.group(1).strip("`")
    alias = m.group(2) if m.group(2) and m.group(2).upper() not in _SQL_WORDS else None
    used = {t.strip("`").lower() for t in re.findall(r"\b(?:FROM|JOIN)\s+(`[^`]+`|[A-Za-z_]\w*)", sql, re.I)}
    link = None
    for (ta, ca), (tb, cb) in fks:
        for (t1, c1), (t2, c2) in (((ta, ca), (tb, cb)), ((tb, cb), (ta, ca))):
            if t1.lower() == table.lower() and t2.lower() not in used:
                link = (c1, t2, c2)
                break
        if link:
            break
    if not link:
        return None
    c1, t2, c2 = link
    stop = len(sql)
    for i, c, depth in _top_level(sql, m.end() if alias else m.end(1)):
        if depth < 0 or (depth == 0 and re.match(r"(WHERE|GROUP|ORDER|LIMIT|HAVING|UNION|INTERSECT|EXCEPT)\b",
                                                 sql[i:], re.I) and re.match(r"\W", sql[i - 1])):
            stop = i
            break
    ref = alias or _ident(table)
    join = " INNER JOIN %s AS TX ON %s.%s = TX.%s " % (_ident(t2), ref, _ident(c1), _ident(c2))
    return sql[:stop].rstrip() + join + sql[stop:].lstrip()


def swap_aggregate(sql, _):
    m = _first(r"\b(MAX|MIN|AVG|SUM)\s*\(", sql)
    if not m:
        return None
    return sql[:m.start()] + AGG_SWAP[m.group(1).upper()] + sql[m.end(1):]


def drop_distinct(sql, _):
    m = _first(r"\bDISTINCT\s+", sql)
    if not m:
        return None
    return sql[:m.start()] + sql[m.end():]


def drop_group_by(sql, _):
    """GROUP BY (and its HAVING) removed from a query that aggregates: one row instead of one per group."""
    m = _first(r"\bGROUP\s+BY\b", sql)
    if not m or not re.search(r"\b(COUNT|SUM|AVG|MAX|MIN)\s*\(", sql, re.I):
        return None
    rest = sql[m.end():]
    stop = re.search(r"\b(ORDER\s+BY|LIMIT)\b|\)|$", rest, re.I)
    return sql[:m.start()].rstrip() + " " + rest[stop.start():].lstrip()


def invert_comparison(sql, _):
    m = _first(r"(>=|<=|<>|!=|(?<![<>!])=|>|<)", sql, 0)
    if not m:
        return None
    flip = {">=": "<", "<=": ">", "<>": "=", "!=": "=", "=": "<>", ">": "<=", "<": ">="}[m.group(1)]
    return sql[:m.start()] + flip + sql[m.end():]


def change_number(sql, _):
    """A numeric constant of a comparison (not a LIMIT) changed."""
    ok = _outside(sql)
    for m in re.finditer(r"(?<![\w.])(\d+)(?![\w.])", sql):
        before = sql[:m.start()].rstrip().upper()
        if not ok(m.start()) or before.endswith("LIMIT") or before.endswith(","):
            continue
        if not re.search(r"(=|<|>|BETWEEN|AND|IN \(|\()\s*$", before, re.I):
            continue
        return sql[:m.start()] + str(int(m.group(1)) + 1) + sql[m.end():]
    return None


def substitute_column(sql, columns):
    """A column of a table the query uses, replaced by another column of the same table."""
    ok = _outside(sql)
    for table, cols in columns:
        if not re.search(r"\b%s\b" % re.escape(table), sql, re.I):
            continue
        simple = [c for c in cols if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", c)]
        for c in simple:
            m = next((m for m in re.finditer(r"(?<![\w`\"'])%s(?![\w`\"'])" % re.escape(c), sql, re.I)
                      if ok(m.start()) and not sql[:m.start()].rstrip().upper().endswith(("FROM", "JOIN"))),
                     None)
            if not m:
                continue
            others = [o for o in simple if o.lower() != c.lower() and not re.search(r"\b%s\b" % re.escape(o), sql, re.I)]
            if others:
                return sql[:m.start()] + others[0] + sql[m.end():]
    return None


def add_limit(sql, _):
    """LIMIT 1 added to a query that lists rows (no LIMIT, no aggregate first item): one row of many."""
    if re.search(r"\bLIMIT\b", sql, re.I) or re.match(r"\s*SELECT\s+(DISTINCT\s+)?(COUNT|SUM|AVG|MAX|MIN)\s*\(",
                                                        sql, re.I) or not re.match(r"\s*SELECT\b", sql, re.I):
        return None
    return sql.rstrip().rstrip(";") + " LIMIT 1"


def add_count(sql, _):
    """The first item of a query that lists rows replaced by COUNT(item): a number instead of a list."""
    m = re.match(r"\s*SELECT\s+(DISTINCT\s+)?", sql, re.I)
    if not m or re.match(r"(COUNT|SUM|AVG|MAX|MIN|CAST|IIF|CASE)\b", sql[m.end():], re.I):
        return None
    rest = sql[m.end():]
    item = re.match(r"[A-Za-z_][\w.]*|`[^`]+`|\"[^\"]+\"", rest)
    if not item:
        return None
    return sql[:m.start()] + "SELECT COUNT(" + (m.group(1) or "") + item.group(0) + ")" + rest[item.end():]


def _select_items(sql):
    """(start, end) of each item of the first SELECT list (top level, outside literals), or None."""
    m = re.match(r"\s*SELECT\s+(DISTINCT\s+)?", sql, re.I)
    if not m:
        return None
    items, start, end = [], m.end(), len(sql)
    for i, c, depth in _top_level(sql, m.end()):
        if depth == 0 and c == ",":
            items.append((start, i))
            start = i + 1
        elif depth == 0 and re.match(r"FROM\b", sql[i:], re.I) and re.match(r"\W", sql[i - 1]):
            end = i
            break
    items.append((start, end))
    return items


def swap_columns(sql, _):
    """The first two output columns swapped (queries with >= 2 output columns): under EX, which
    compares rows as tuples, the answer changes."""
    items = _select_items(sql)
    if not items or len(items) < 2:
        return None
    (a0, a1), (b0, b1) = items[0], items[1]
    first, second = sql[a0:a1].strip(), sql[b0:b1].strip()
    if not first or not second or first.lower() == second.lower():
        return None
    return sql[:a0] + " " + second + ", " + first + " " + sql[b1:]


def drop_select_item(sql, _):
    """The last output column of a query with two or more dropped (`SELECT name, age` -> `SELECT
    name`): the answer lacks a column the question asks for, the error `cue_column_missing` is for."""
    items = _select_items(sql)
    if not items or len(items) < 2:
        return None
    (_, prev_end), (_, end) = items[-2], items[-1]
    if not sql[items[-1][0]:end].strip():
        return None
    return sql[:prev_end].rstrip() + " " + sql[end:].lstrip()


_NAME_WORD = re.compile(r"(name|title)$", re.I)


def key_for_name(sql, schema):
    """A selected name column of a joined table (`T2.name`, a column whose name ends in "name" or
    "title") replaced by the foreign key the query joins that table on (`T1.b_id` for `ON T1.b_id =
    T2.id`, a declared foreign key of dev_tables.json); when the joined table's alias then occurs
    nowhere else, its JOIN ... ON clause is dropped too. The answer shows codes instead of names:
    the error `cue_key_for_name` is for. Valid SQL by construction (the key's table stays in FROM)."""
    fks = schema.get("foreign_keys", []) if isinstance(schema, dict) else []
    items = _select_items(sql)
    if not items or not fks:
        return None
    ok = _outside(sql)
    alias_table = {m.group(2).lower(): m.group(1).strip("`").lower()
                   for m in re.finditer(r"\b(?:FROM|JOIN)\s+(`[^`]+`|[A-Za-z_]\w*)\s+(?:AS\s+)?(T\d+)\b", sql, re.I)
                   if ok(m.start())}
    for a, b in items:
        m = re.fullmatch(r"\s*(T\d+)\.(`[^`]+`|[A-Za-z_]\w*)\s*", sql[a:b], re.I)
        if not m or not _NAME_WORD.search(m.group(2).strip("`")) or m.group(1).lower() not in alias_table:
            continue
        named = m.group(1)
        for on in re.finditer(r"\bON\s+(T\d+)\.(\w+)\s*=\s*(T\d+)\.(\w+)", sql, re.I):
            if not ok(on.start()):
                continue
            sides = [(on.group(1), on.group(2)), (on.group(3), on.group(4))]
            for (ka, kc), (pa, pc) in (sides, sides[::-1]):
                if pa.lower() != named.lower() or ka.lower() not in alias_table:
                    continue
                kt, pt = alias_table[ka.lower()], alias_table[pa.lower()]
                if not any((x.lower(), xc.lower(), y.lower(), yc.lower()) == (kt, kc.lower(), pt, pc.lower())
                           for (x, xc), (y, yc) in fks):
                    continue
                out = sql[:a] + " %s.%s " % (ka, kc) + sql[b:]
                join = re.search(r"\s+(?:INNER\s+|LEFT\s+)?JOIN\s+(?:`[^`]+`|[A-Za-z_]\w*)\s+(?:AS\s+)?%s\s+ON\s+"
                                 r"T\d+\.\w+\s*=\s*T\d+\.\w+(?=\s|$)" % re.escape(named), out, re.I)
                if join:
                    dropped = out[:join.start()] + out[join.end():]
                    if not re.search(r"\b%s\." % re.escape(named), dropped, re.I):
                        out = dropped
                return out
    return None


_TABLE_REF = r"(`[^`]+`|[A-Za-z_]\w*)(?:\s+(?:AS\s+)?(?!(?:%s)\b)([A-Za-z_]\w*))?" % "|".join(sorted(_SQL_WORDS))
_ON_EQ = r"ON\s+((?:`[^`]+`|\w+)\.(?:`[^`]+`|\w+)\s*=\s*(?:`[^`]+`|\w+)\.(?:`[^`]+`|\w+))"


def drop_joined_table(sql, _):
    """One table of the main FROM chain (`FROM a AS T1 [INNER|LEFT] JOIN b AS T2 ON T1.x = T2.y ...`,
    each ON one equality) dropped with its join and the WHERE conditions (top-level AND conjuncts)
    on it, when its alias then occurs nowhere else (the first table's place goes to the second);
    tried from the last table to the first. The answer loses the condition or the rows the table
    stood for, while the question still names it: the error `cue_table_missing` is for. Fitted as
    an extra paired set beside the seeded pick (EXTRA_PAIR_RULES)."""
    ok = _outside(sql)
    m = next((m for m in re.finditer(r"\bFROM\s+" + _TABLE_REF, sql, re.I) if ok(m.start())), None)
    if not m:
        return None
    refs = [(m.start(1), m.end(), m.group(1), m.group(2), None)]  # (start, end, table, alias, ON span)
    pos = m.end()
    while True:
        j = re.match(r"\s+(?:INNER\s+|LEFT\s+(?:OUTER\s+)?|CROSS\s+)?JOIN\s+" + _TABLE_REF + r"\s+" + _ON_EQ,
                     sql[pos:], re.I)
        if not j:
            break
        refs.append((pos + j.start(), pos + j.end(), j.group(1), j.group(2), (pos + j.start(3), pos + j.end(3))))
        pos += j.end()
    if len(refs) < 2 or re.match(r"\s*(JOIN|INNER|LEFT|CROSS|,)", sql[pos:], re.I):
        return None
    tail = sql[pos:]
    for k in range(len(refs) - 1, -1, -1):
        start, end, table, alias, _on = refs[k]
        name = alias or table
        if k == 0:
            nxt = refs[1]
            head = sql[:start] + nxt[2] + (" AS " + nxt[3] if nxt[3] else "")
            chain = head + "".join(sql[r[0]:r[1]] for r in refs[2:])
        else:
            chain = sql[:refs[0][1]] + "".join(sql[r[0]:r[1]] for i, r in enumerate(refs[1:], 1) if i != k)
        rest = tail
        w = re.match(r"\s+WHERE\s+", rest, re.I)
        if w:
            body_end = _clause_end(rest, w.end())
            body = rest[w.end():body_end]
            kept = [body[a:b].strip() for a, b in _split_and(body)
                    if not re.search(r"(?<![\w.])%s\." % re.escape(name), body[a:b], re.I)]
            rest = (" WHERE " + " AND ".join(kept) + " " if kept else " ") + rest[body_end:].lstrip()
        out = chain + rest
        if re.search(r"(?<![\w.])%s\." % re.escape(name), out, re.I):
            continue
        return out
    return None


_STRING_CONDITION = re.compile(r"\s*\(?\s*(?:`[^`]+`|\w+)(?:\.(?:`[^`]+`|\w+))?\s*(?:=|!=|<>|LIKE)\s*'([^']*)'\s*\)?\s*$",
                               re.I)


def _names_in_capitals(question, literal):
    """Whether the question names a word of the string literal (three letters or more) in capitals,
    not as the question's first word and not inside double quotes (cue_value's part): "singers from
    France" for 'France'."""
    question = re.sub(r'"[^"]*"', lambda m: " " * len(m.group(0)), question)
    for word in re.findall(r"[A-Za-z0-9]{3,}", literal):
        for m in re.finditer(r"(?<![A-Za-z0-9])%s(?![A-Za-z0-9])" % re.escape(word), question, re.I):
            if m.start() > 0 and question[m.start()].isupper():
                return True
    return False


def drop_name_value(sql, question):
    """One WHERE condition (a top-level AND conjunct of any WHERE) comparing a column with a string
    literal (`=`, `!=`, `<>`, LIKE) that the question names in capitals dropped, the WHERE with it
    when it was the only one: the answer loses the filter the question's value asks for, the error
    `cue_name_value` is for. Fitted as an extra paired set beside the seeded pick (README.md)."""
    def named(part):
        m = _STRING_CONDITION.match(part)
        return bool(m) and _names_in_capitals(question, m.group(1).replace("%", " "))
    return drop_first_conjunct(sql, named)


RULES = [("drop_count", drop_count), ("count_to_max", count_to_max), ("drop_order_limit", drop_order_limit),
         ("swap_aggregate", swap_aggregate), ("drop_distinct", drop_distinct), ("drop_group_by", drop_group_by),
         ("invert_comparison", invert_comparison), ("change_number", change_number),
         ("substitute_column", substitute_column), ("add_limit", add_limit), ("add_count", add_count),
         ("swap_columns", swap_columns), ("drop_limit", drop_limit), ("add_join", add_join),
         ("key_for_name", key_for_name)]

# Made but not in the seeded pick of the fit: a rule added to the pick moves the pick of every other
# query, and with it the other cue weights (tests/fit/HISTORY.md, "Missing column").
MEASURE_ONLY_RULES = [("drop_select_item", drop_select_item)]

# Made for every gold query it applies to and put in beside the seeded pick as an extra pair (the
# gold query again, id `birdN/<rule>/gold`, and the mutant, `birdN/<rule>`), so that the pick of
# every other query, and with it every other cue weight, stays as it was (tests/fit/HISTORY.md,
# "Missing table").
EXTRA_PAIR_RULES = [("drop_joined_table", drop_joined_table), ("drop_name_value", drop_name_value),
                    ("drop_negation", drop_negation), ("drop_condition", drop_condition), ("avg_to_sum", avg_to_sum)]


def is_extra_pair(case_id, rule=None):
    """Whether a case id of bird_cases belongs to an extra pair (EXTRA_PAIR_RULES; of `rule` only when
    given)."""
    return any("/%s" % name in case_id for name, _ in EXTRA_PAIR_RULES if rule in (None, name))


def foreign_keys(tables_path):
    """db_id -> [((table, column), (table, column))] of the declared foreign keys."""
    out = {}
    with open(tables_path, encoding="utf-8") as f:
        for db in json.load(f):
            names, cols = db["table_names_original"], db["column_names_original"]
            out[db["db_id"]] = [((names[cols[a][0]], cols[a][1]), (names[cols[b][0]], cols[b][1]))
                                for a, b in db["foreign_keys"]]
    return out


def table_columns(tables_path):
    out = {}
    with open(tables_path, encoding="utf-8") as f:
        for db in json.load(f):
            names = db["table_names_original"]
            cols = {}
            for t, c in db["column_names_original"]:
                if t >= 0:
                    cols.setdefault(names[t], []).append(c)
            out[db["db_id"]] = sorted(cols.items())
    return out


def _bird_items(data):
    """(BIRD mini-dev items, rule -> its extra argument for one item)."""
    root = os.path.join(data, "bird_minidev")
    with open(os.path.join(root, "mini_dev_sqlite.json"), encoding="utf-8") as f:
        items = json.load(f)
    columns = table_columns(os.path.join(root, "dev_tables.json"))
    fks = foreign_keys(os.path.join(root, "dev_tables.json"))

    def extra(rule, it):
        if rule in (drop_name_value, drop_negation):
            return it["question"]
        return {"foreign_keys": fks.get(it["db_id"], [])} if rule in (add_join, key_for_name) \
            else columns.get(it["db_id"], [])
    return items, extra


def _mutants(sql, it, rules, extra):
    made = []
    for name, rule in rules:
        out = rule(sql, extra(rule, it))
        if out and " ".join(out.split()) != sql:
            made.append((name, " ".join(out.split())))
    return made


def bird_cases(data, seed):
    """(cases for `evaluate`, rule counts): gold + one mutant per gold query, same question."""
    items, extra = _bird_items(data)
    cases, rules, unmutated = [], {}, 0
    for it in items:
        sql = " ".join(it["SQL"].split())
        qid = "bird%d" % it["question_id"]
        made = _mutants(sql, it, RULES, extra)
        if not made:
            unmutated += 1
            continue
        pick = int(hashlib.sha256(("%d:%s" % (seed, qid)).encode()).hexdigest(), 16) % len(made)
        name, mutant = made[pick]
        rules[name] = rules.get(name, 0) + 1
        base = {"db_id": it["db_id"], "question": it["question"]}
        cases.append(dict(base, id=qid + "/gold", pred_sql=sql))
        cases.append(dict(base, id=qid + "/" + name, pred_sql=mutant))
    for it in items:
        sql = " ".join(it["SQL"].split())
        qid = "bird%d" % it["question_id"]
        base = {"db_id": it["db_id"], "question": it["question"]}
        for name, mutant in _mutants(sql, it, EXTRA_PAIR_RULES, extra):
            rules["extra pair: " + name] = rules.get("extra pair: " + name, 0) + 1
            cases.append(dict(base, id="%s/%s/gold" % (qid, name), pred_sql=sql))
            cases.append(dict(base, id=qid + "/" + name, pred_sql=mutant))
    return cases, {"questions": len(items), "without_mutant": unmutated, "mutants_by_rule": dict(sorted(rules.items()))}


def every_mutant_cases(data):
    """Each gold query and every mutant of every rule (RULES, MEASURE_ONLY_RULES, EXTRA_PAIR_RULES), ids
    `birdN/gold` and `birdN/<rule>`: what a cue's firing on gold and its catch per rule are
    counted on (tests/fit/HISTORY.md)."""
    items, extra = _bird_items(data)
    cases = []
    for it in items:
        sql = " ".join(it["SQL"].split())
        base = {"db_id": it["db_id"], "question": it["question"]}
        qid = "bird%d" % it["question_id"]
        cases.append(dict(base, id=qid + "/gold", pred_sql=sql))
        for name, mutant in _mutants(sql, it, RULES + MEASURE_ONLY_RULES + EXTRA_PAIR_RULES, extra):
            cases.append(dict(base, id=qid + "/" + name, pred_sql=mutant))
    return cases


if __name__ == "__main__":
    # python3 tests/fit/bird_cues.py OUT.jsonl [DATA]: every_mutant_cases as JSONL for
    # `hallusql-cli evaluate --cases OUT.jsonl --format jsonl --db-root EMPTY_DIR --risk-features`.
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    data_dir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "..", "..", "..", "shared", "data")
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        for c in every_mutant_cases(data_dir):
            f.write(json.dumps(c) + "\n")
