// Question cue `cue_column_missing`: the question asks for more output attributes than the SQL
// returns ("What are the name and age of ..." answered with SELECT name; "Which program is
// broadcast most, and how many channels use it?" answered with the program alone). Under EX the
// answer lacks a column the question asks for, so it is wrong even when every returned value is
// right.
//
// The rule (written from principles before it was measured, tests/fit/README.md):
// 1. The question is read sentence by sentence (split at '?', '!', ';' and a '.' ending a word).
//    In each sentence its request part is read, then its extra requests; the words come from
//    questionWordsNoPossessive (whole words, "singer's" -> "singer"), commas kept as separators.
// 2. The request part opens the sentence: "what/which is|are|was|were" or a verb of asking ("list",
//    "show", "give", "find", "return", "display", "state", "provide", "identify", "report", "name",
//    "tell", "get", "retrieve", "output", "print", "select", "indicate", "mention"; "please" and
//    "me"/"us" after it skipped), followed by the attribute list. The list ends at the first
//    filter or verb word: of, for, whose, that, who, whom, which, with, where, when, in, from, by,
//    on, at, to, than, if, per, each, every, among, between, during, after, before, under, over,
//    within, without, having, a form of be/have/do, sorted/ordered/grouped/listed/arranged, or
//    the end of the sentence. Inside the list, commas, "and", "&", "along with", "as well as",
//    "together with" separate attributes; the determiners the, a, an, all, their, its, his, her,
//    both, also, respective, corresponding, different, distinct, unique are dropped. A one-word
//    attribute followed by a longer one shares its last word ("first and last name", "average and
//    maximum age"). A sentence opened by "which/what <noun>", "who" or "how many" asks for one
//    attribute whose form is not read (it is never checked, it only counts). Any other opening
//    ("For each ...", "Count ...", "In which ...") gives no request part: the sentence is skipped.
// 3. Extra requests, after the request part in the same sentence: "how many" after "and" or a
//    comma (a count asked for), and "along with", "as well as", "together with" after a comma or
//    followed (determiners dropped) by an aggregate word; each adds the attributes listed after it
//    up to the next filter word, as in 2.
// 4. A sentence whose attributes (request part and extras) include a word of unknown width
//    (information, info, details, everything, data, attributes, columns, records) is skipped. The
//    question's request is the sentence with the most attributes; fewer than two: no cue.
// 5. The SQL's outputs are the items of the first top-level SELECT block; a `*` item stops the
//    check. An item is a plain column (t.col), an aggregate (COUNT/SUM/AVG/MAX/MIN, over a plain
//    column or `*`), or an expression (anything else).
// 6. An attribute is covered by a plain column, or by an aggregate's column, when its words refer
//    to the column as cue_column_unnamed reads a question (columnReferredBy: word forms,
//    abbreviations, compounds, the stand-in phrase table, generic heads through their table's
//    words); an attribute holding an aggregate word (the aggregate-word table of
//    cue_column_order: how many, number(s) of, count, average, total, maximum, ...) or coming
//    from "how many" is covered by any aggregate item. An expression item may be anything: with
//    one, every attribute counts as covered.
// 7. The cue fires when the request has more attributes than the SQL has output items and at least
//    one attribute is covered by no item. The finding spans the SELECT list and names the first
//    uncovered attribute. Confidence 0.6, as the other cues; a question or SQL the rule cannot read
//    (no question, no words: a Chinese question, a parse error) never fires.
