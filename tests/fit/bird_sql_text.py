"""Reading SQL text for the BIRD mutation rules (bird_cues.py, bird_negation.py, bird_drop_condition.py): where its quoted
strings and identifiers are, which the rules never change. Python 3 standard library only."""
import re


def literal_spans(sql):
    """Spans of quoted strings and identifiers (never mutated inside)."""
    spans, i = [], 0
    while i < len(sql):
        c = sql[i]
        if c in "'\"`[":
            end = "]" if c == "[" else c
            j = sql.find(end, i + 1)
            j = len(sql) - 1 if j < 0 else j
            spans.append((i, j + 1))
            i = j + 1
        else:
            i += 1
    return spans


def outside(sql):
    spans = literal_spans(sql)
    return lambda pos: all(not (a <= pos < b) for a, b in spans)


def first(pattern, sql, flags=re.I):
    ok = outside(sql)
    for m in re.finditer(pattern, sql, flags):
        if ok(m.start()):
            return m
    return None


def top_level(sql, start):
    """(position, character, depth after it) of each character from `start` outside literals, the
    depth counting the parentheses opened since `start` (it goes below 0 past an enclosing ')')."""
    ok = outside(sql)
    depth = 0
    for i in range(start, len(sql)):
        if not ok(i):
            continue
        c = sql[i]
        depth += 1 if c == "(" else -1 if c == ")" else 0
        yield i, c, depth


def split_and(text):
    """Top-level AND conjuncts of a WHERE body (the AND of a BETWEEN kept), as (start, end) spans."""
    cuts, depth, ok, between = [], 0, outside(text), 0
    for m in re.finditer(r"\(|\)|\bBETWEEN\b|\bAND\b", text, re.I):
        if not ok(m.start()):
            continue
        w = m.group(0).upper()
        if w == "(":
            depth += 1
        elif w == ")":
            depth -= 1
        elif depth == 0 and w == "BETWEEN":
            between += 1
        elif depth == 0 and w == "AND":
            if between:
                between -= 1
            else:
                cuts.append((m.start(), m.end()))
    spans, start = [], 0
    for a, b in cuts:
        spans.append((start, a))
        start = b
    spans.append((start, len(text)))
    return spans


def clause_end(sql, start):
    """Where the clause body that starts at `start` (a WHERE's) ends: at the first top-level GROUP,
    ORDER, LIMIT, HAVING, UNION, INTERSECT or EXCEPT, or at the ')' that closes an enclosing
    subquery; the end of the text otherwise."""
    for i, _c, depth in top_level(sql, start):
        if depth < 0 or (depth == 0 and re.match(r"(GROUP|ORDER|LIMIT|HAVING|UNION|INTERSECT|EXCEPT)\b",
                                                 sql[i:], re.I) and re.match(r"\W", sql[i - 1])):
            return i
    return len(sql)


def drop_first_conjunct(sql, accept):
    """The first top-level AND conjunct of any WHERE (in text order) for which `accept(text)` holds,
    its parentheses balanced, dropped; the WHERE with it when it was the only conjunct. None when no
    conjunct is accepted."""
    ok = outside(sql)
    for w in re.finditer(r"\bWHERE\s+", sql, re.I):
        if not ok(w.start()):
            continue
        body_end = clause_end(sql, w.end())
        body = sql[w.end():body_end]
        spans = split_and(body)
        for k, (a, b) in enumerate(spans):
            part = body[a:b]
            if part.count("(") != part.count(")") or not accept(part):
                continue
            kept = [body[x:y].strip() for j, (x, y) in enumerate(spans) if j != k]
            if kept:
                return sql[:w.end()] + " AND ".join(kept) + " " + sql[body_end:]
            return sql[:w.start()] + " " + sql[body_end:]
    return None
