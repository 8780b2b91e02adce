// Question cue `cue_table_missing`: the question names an entity of the schema, a table, that the
// SQL never reads ("List singer names in concerts in year 2014" answered from `singer` alone;
// "students who have no pets" answered without the pets tables). The mirror of
// `cue_table_unnamed`: there the SQL reads a table the question never names, here the question
// names a table the SQL never reads, so the condition or the rows it stands for are missing (C3,
// TA-SQL's Join Missing), seen without a gold query.
//
// The rule (written from principles before it was measured, tests/fit/README.md):
// 1. Needed: a schema with two or more tables, SQL that parses, a question (an empty question, or
//    one not read as Latin words, questionReadsLatin, gets no cue: goldfree.cpp gates every cue).
// 2. The SQL reads a schema table when any FROM/JOIN of any SELECT block (the main block, set
//    operands, subqueries, CTE bodies, derived tables) names it (ASCII case-insensitive). SQL that
//    reads no schema table gets no cue.
// 3. The words of a table are those of its name (identifierWords: snake_case, camelCase split,
//    one-letter, numeric and linking words dropped). Generic words (the name-like, id-like and
//    generic word lists of cue_column_unnamed, shared through isGenericIdentifierWord: name,
//    title, id, code, type, number, details, status, info, ...) say nothing of an entity: a table
//    whose words are all generic, or that has no words, is never a candidate.
// 4. The question names a table when every non-generic word of its name is named by a question
//    word as a noun (namesWord: the word or its plural, "pets" for `Pets`, "concerts" for
//    `concert`; never a substring, never a verb form: "named" is not `name`), the possessive "'s"
//    dropped (questionWordsNoPossessive). The first word of each sentence does not count ("List
//    ..." is a verb of asking, not the table `list`).
// 5. Conservative skips, for tables named in the question and not read by the SQL:
//    (a) a non-generic word of the table (in its noun forms, either way round) is also a word of a
//        table the SQL reads or of a column of such a table: the SQL may stand for the entity by a
//        key or a shared name ("singer" and concert.singer_id; `singer` and a read
//        `singer_in_concert`);
//    (b) the schema has one table (rule 1).
// 6. The cue fires when some table is named by the question and not read. One finding names each
//    such table and spans the first table of the SQL's first top-level FROM. Confidence 0.5: the
//    question may name an entity only to describe the rows of another table, so the finding is a
//    hint and its weight is the fit's.
