"""The BIRD mutation rule `drop_condition` for the question cue `cue_column_unread` (an extra paired
set of bird_cues.EXTRA_PAIR_RULES; tests/fit/README.md, "Column the question names is not read").
Python 3 standard library only."""
import re

from bird_sql_text import clause_end, outside, split_and

_COLUMN = r"(?:(?:`[^`]+`|\w+)\.)?(`[^`]+`|[A-Za-z_]\w*)"
_CONSTANT = r"(?:'[^']*'|-?\d+(?:\.\d+)?)"
_CONDITION = re.compile(r"\s*\(?\s*" + _COLUMN + r"\s*(?:"
                        r"(?:=|!=|<>|<=|>=|<|>|(?:NOT\s+)?LIKE)\s*" + _CONSTANT +
                        r"|(?:NOT\s+)?BETWEEN\s+" + _CONSTANT + r"\s+AND\s+" + _CONSTANT +
                        r"|(?:NOT\s+)?IN\s*\(\s*" + _CONSTANT + r"(?:\s*,\s*" + _CONSTANT + r")*\s*\)"
                        r"|IS\s+(?:NOT\s+)?NULL)\s*\)?\s*$", re.I)
_KEY_LIKE = re.compile(r"(?:id|ids|code|key|uuid)$", re.I)


def drop_condition(sql, _):
    """The first top-level AND conjunct of any WHERE (in text order) that compares a column with a
    constant (=, !=, <>, <, >, <=, >=, [NOT] LIKE, [NOT] BETWEEN, [NOT] IN a list, IS [NOT] NULL),
    the column's name not reading as a key (ending in id, code, key or uuid), dropped; the WHERE with
    it when it was the only conjunct. The answer loses a condition the question asks for, and
    whether the question names that condition's column is the cue's to find, not the rule's: the
    rule never reads the question. Fitted as an extra paired set beside the seeded pick (README.md)."""
    ok = outside(sql)
    for w in re.finditer(r"\bWHERE\s+", sql, re.I):
        if not ok(w.start()):
            continue
        body_end = clause_end(sql, w.end())
        body = sql[w.end():body_end]
        spans = split_and(body)
        for k, (a, b) in enumerate(spans):
            part = body[a:b]
            m = _CONDITION.match(part)
            if not m or part.count("(") != part.count(")") or _KEY_LIKE.search(m.group(1).strip("`")):
                continue
            kept = [body[x:y].strip() for j, (x, y) in enumerate(spans) if j != k]
            if kept:
                return sql[:w.end()] + " AND ".join(kept) + " " + sql[body_end:]
            return sql[:w.start()] + " " + sql[body_end:]
    return None
