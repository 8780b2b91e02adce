"""The BIRD mutation rule `drop_condition` for the question cue `cue_column_unread` (an extra paired
set of bird_cues.EXTRA_PAIR_RULES; tests/fit/HISTORY.md, "Column the question names is not read").
Python 3 standard library only."""
import re

from bird_sql_text import drop_first_conjunct

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
    def constant_condition(part):
        m = _CONDITION.match(part)
        return bool(m) and not _KEY_LIKE.search(m.group(1).strip("`"))
    return drop_first_conjunct(sql, constant_condition)
