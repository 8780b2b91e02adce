"""The BIRD mutation rule `drop_negation` for the question cue `cue_negation` (an extra paired set
of bird_cues.EXTRA_PAIR_RULES; tests/fit/HISTORY.md, "Negation the SQL ignores"). Python 3 standard
library only."""
import re

from bird_sql_text import outside

_QUESTION_NEGATES = re.compile(r"\b(?:not|no|never|none|nothing|nobody|neither|nor|without|except|cannot|"
                               r"\w+n't|exclud\w*)\b|\bother\s+than\b", re.I)
_NEGATION = re.compile(r"\bNOT\s+(IN|LIKE|EXISTS|BETWEEN)\b|!=|<>|\bEXCEPT\b", re.I)


def drop_negation(sql, question):
    """Every NOT IN, NOT LIKE, NOT EXISTS, NOT BETWEEN, != / <> and EXCEPT of a gold query whose
    question has a negation word (a loose whole-word reading: "not", "no", "never", "without",
    "except", "n't", "other than", ...) made positive: IN, LIKE, EXISTS, BETWEEN, =, INTERSECT. The
    SQL stays valid and answers the opposite of what the question asks, the error `cue_negation` is
    for (it may still negate through IS NOT NULL and the like, where the cue stays silent). Fitted as
    an extra paired set beside the seeded pick (README.md)."""
    if not _QUESTION_NEGATES.search(question):
        return None
    ok = outside(sql)
    out, last = [], 0
    for m in _NEGATION.finditer(sql):
        if not ok(m.start()):
            continue
        word = m.group(0).upper()
        out.append(sql[last:m.start()])
        out.append(m.group(1).upper() if m.group(1) else "INTERSECT" if word == "EXCEPT" else "=")
        last = m.end()
    if not out:
        return None
    return "".join(out) + sql[last:]
