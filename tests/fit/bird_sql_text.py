"""Reading SQL text for the BIRD mutation rules (bird_cues.py, bird_negation.py): where its quoted
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
