"""The BIRD mutation rule `avg_to_sum` for the question cue `cue_average` (an extra paired set of
bird_cues.EXTRA_PAIR_RULES; tests/fit/HISTORY.md, "Average the SQL does not take"). Python 3
standard library only."""
import re

from bird_sql_text import outside


def avg_to_sum(sql, _):
    """Every AVG( of a gold query (outside quoted strings and names) written SUM(: the answer totals
    what the question asks to average, the confusion of "average" with "total" that `cue_average`
    is for (the cue fires when the question says "average" and the SQL neither takes AVG nor
    divides). The rule never reads the question. Fitted as an extra paired set beside the seeded
    pick (README.md)."""
    ok = outside(sql)
    out, last = [], 0
    for m in re.finditer(r"\bAVG(?=\s*\()", sql, re.I):
        if not ok(m.start()):
            continue
        out.append(sql[last:m.start()])
        out.append("SUM")
        last = m.end()
    if not out:
        return None
    return "".join(out) + sql[last:]
