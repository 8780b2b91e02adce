#pragma once
// Gold-free checks: what can be said about a predicted query from the schema, the database, the
// question and the executed result alone.
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/finding.h"
#include "engine/annotate/sql_view.h"
#include "engine/db/value.h"
#include "engine/lang/identifier_words.h"
#include "engine/lang/question_words.h"
#include "engine/lang/word_forms.h"
#include "engine/lang/word_set.h"

namespace hs::annotate {

// The shared vocabulary of the checks (engine/lang), named here once for every rule file.
using lang::hasPhrase;
using lang::hasWordForm;
using lang::identifierWords;
using lang::isNounForm;
using lang::isWordForm;
using lang::namesWord;
using lang::questionWords;
using lang::questionWordsAsWritten;
using lang::questionWordsNoPossessive;
using lang::sameNounWord;
using lang::withoutPossessive;

// ExistsIgnoringCase: only with another letter case ('france' for 'France'); ExistsIgnoringBlanks:
// only with other blanks around it ('Anthony' for 'Anthony '); ExistsIgnoringCaseAndBlanks: both.
enum class ValueCheck {
  Exists,
  Absent,
  ExistsIgnoringCase,
  Unknown,
  ExistsIgnoringBlanks,
  ExistsIgnoringCaseAndBlanks
};
// Whether `value` occurs in table.column (numeric: the literal was a number).
using ValueLookup = std::function<ValueCheck(const std::string& table, const std::string& column,
                                             const std::string& value, bool numeric)>;
// Runs a probe query read-only on the case's database (the `limit_tie` check); nullopt when it fails.
using QueryRows = std::function<std::optional<std::vector<db::Row>>(const std::string& sql)>;

// What is known of the executed predicted query (execution itself is the caller's job).
struct ResultSummary {
  bool failed = false;  // execution error
  std::size_t rows = 0;
  bool allNull = false;   // every value of every row is NULL (rows > 0)
  bool someNull = false;  // some values are NULL, not all (risk feature null_values only)
};

// The question cues read English words. A question whose words are mostly in another script
// (Chinese, Japanese, Korean, Cyrillic, ...: fewer than two Latin words for each other word, a CJK
// character counting as a word) is not read, so no cue fires on it: "列出所有歌手的名字和年龄"
// never refers to `name` in English, and saying so would be a false alarm.
bool questionReadsLatin(std::string_view question);
// A question cue's finding over the whole predicted query (the cue says what the SQL lacks, not
// where).
Finding wholeQueryCue(const std::string& category, const std::string& message, const SqlView& pred,
                      double confidence);
// The SQL's output columns in another order than the question names them (`cue_column_order`,
// goldfree_column_order.cpp; a registered check, check_registry.cpp).
std::vector<Finding> columnOrderFindings(const SqlView& pred, std::string_view question);
// The column token of a plain column reference spanning tokens [a, b): `col` or `q.col`; none when
// the range is anything else (a literal, a star, an expression).
std::optional<std::size_t> plainColumnToken(const SqlView& v, std::size_t a, std::size_t b);
// Tokens [a, b) are `*` or `q.*`.
bool isStarItem(const SqlView& v, std::size_t a, std::size_t b);
// True when the SQL has a word token (keyword or function name, lower case) among `words`.
bool sqlHasWord(const SqlView& v, std::initializer_list<const char*> words);
// An output or WHERE-condition column of the first SELECT block that the question never refers to
// (`cue_column_unnamed`, goldfree_column_unnamed.cpp; a registered check, check_registry.cpp).
std::vector<Finding> columnUnnamedFindings(const SqlView& pred, std::string_view question);
// A question word (or two or three joined, or their initials) refers to the identifier word `word`
// (the word-form, abbreviation and compound rules of cue_column_unnamed; never a substring).
bool questionRefersTo(const std::vector<std::string>& words, const std::string& word);
// A number in a comparison phrase of the question ("at least two", "more than 3", "between one and
// two"; the rule in goldfree_number.cpp, for cue_number).
struct ComparedNumber {
  std::string number;        // its value in digits: "2" for "two"
  bool word = false;         // written as a word ("two"), not in digits
  long equivalent = -1;      // what an equivalent SQL may compare with instead (1 for "at least two"), or -1
  std::string equivalentOp;  // and by which operator (">": `COUNT(*) > 1`); "" when none
};
std::vector<ComparedNumber> comparedNumbers(const std::vector<std::string>& words);
// The SQL compares with c's equivalent by its operator (`> 1`, or mirrored `1 < x`).
bool sqlHasEquivalent(const SqlView& v, const ComparedNumber& c);
// The first superlative word of the question ("youngest", "most"; not "at least"/"at most"), or "".
std::string questionSuperlative(const std::vector<std::string>& words);
// A table of the first SELECT block joined only through its keys, a leaf of the join graph, that
// the question never refers to (`cue_table_unnamed`, goldfree_table_unnamed.cpp).
std::vector<Finding> tableUnnamedFindings(const SqlView& pred, std::string_view question);
// The answer's shape does not fit the question: a superlative answered by a sorted list of every
// row, "how many" answered by a list (`cue_answer_shape`, goldfree_answer_shape.cpp).
std::vector<Finding> answerShapeFindings(const SqlView& pred, std::string_view question);
// The table's one primary-key column, or null (no key, or a key of several columns;
// goldfree_schema.cpp).
const db::ColumnInfo* soleKeyColumn(const db::TableInfo& table);
// The schema's column of a "table.column" key, or null.
const db::ColumnInfo* columnInfo(const db::Schema& schema, const std::string& key);
// A join equating columns that no foreign key, shared name or key naming links (`join_off_key`).
// A registered check (check_registry.cpp).
std::vector<Finding> schemaShapeFindings(const SqlView& pred, const db::Schema& schema);
// The (lower-cased) column name holds the table's name or, for a name longer than four letters,
// the name without its last letter ("concert.singer_id" for singer, "flights.Airline" for
// airlines): the column reads as a key to that table, declared or not (goldfree_schema.cpp).
bool namedAfterTable(const db::TableInfo& table, std::string_view column);
// A SELECT column of a grouped block that is neither grouped, nor aggregated, nor fixed by what is
// grouped (`bare_column`, goldfree_bare_column.cpp; a registered check, check_registry.cpp).
std::vector<Finding> bareColumnFindings(const SqlView& pred);
// ORDER BY ... LIMIT k whose row k ties with row k + 1 on the sort key (`limit_tie`,
// goldfree_limit_tie.cpp): runs one probe query through `run`; nothing without it.
std::vector<Finding> limitTieFindings(const SqlView& pred, const QueryRows& run);
// GROUP BY a name column of a keyed table whose rows share a name in the database, so the groups
// merge different entities (`group_by_shared_name`, goldfree_group_name.cpp): one probe query per
// candidate through `run`; nothing without it.
std::vector<Finding> groupNameFindings(const SqlView& pred, const db::Schema& schema, const QueryRows& run);
// An output column that is a key (a foreign key, or an id primary key) where the question asks for
// the name it stands for, with no text column of the referenced table selected (`cue_key_for_name`,
// goldfree_key_for_name.cpp; a registered check, check_registry.cpp).
std::vector<Finding> keyForNameFindings(const SqlView& pred, const db::Schema& schema,
                                        std::string_view question);
// The question asks for more output attributes than the first SELECT block returns, one of them
// returned by no column or aggregate (`cue_column_missing`, goldfree_column_missing.cpp; a registered check,
// check_registry.cpp).
std::vector<Finding> columnMissingFindings(const SqlView& pred, std::string_view question);
// A table of the schema named by the question (every non-generic word of its name, as a noun) that
// the SQL never reads (`cue_table_missing`, goldfree_table_missing.cpp; a registered check,
// check_registry.cpp).
std::vector<Finding> tableMissingFindings(const SqlView& pred, const db::Schema& schema,
                                          std::string_view question);
// A value the question names in capitals ("singers from France") that no SQL string literal or
// identifier holds (`cue_name_value`, goldfree_name_value.cpp; a registered check, check_registry.cpp).
std::vector<Finding> nameValueFindings(const SqlView& pred, const db::Schema& schema,
                                       std::string_view question);
// A column of a table the SQL reads, not a key, that the question names (every word of it, as a
// noun) and the SQL never uses (`cue_column_unread`, goldfree_column_unread.cpp; a registered check,
// check_registry.cpp).
std::vector<Finding> columnUnreadFindings(const SqlView& pred, const db::Schema& schema,
                                          std::string_view question);
// The question asks for a negation ("not", "never", "without", "except") and the SQL negates nothing
// (`cue_negation`, goldfree_negation.cpp; a registered check, check_registry.cpp).
std::vector<Finding> negationFindings(const SqlView& pred, std::string_view question);
// The question with its quoted values blanked (cue_value's reading: text between double quotes, and
// between single quotes when the opening one starts the question or follows a space) and its words
// written as identifiers (holding a '_') blanked (goldfree_name_value.cpp).
std::string blankQuotedValues(std::string_view question);
// The sentences of a question (split at '?', '!', ';' and a '.' that ends a word).
std::vector<std::string_view> questionSentences(std::string_view question);
// The aggregate a question word (at ws[i]) asks for: "count" ("how many", "number(s) of", "count"),
// "avg", "sum" ("total", not "total number"), "max", "min"; "" for none. `head`, when given, gets
// the word's place ("many" of "how many"). The table cue_column_order places aggregates by.
std::string aggregateWordAt(const std::vector<std::string>& ws, std::size_t i, std::size_t* head = nullptr);
// An output item that may return a count or another aggregate: an aggregate call, arithmetic, or
// a column that stores one (a word num, number, count, total, amount, quantity, no;
// goldfree_answer_shape.cpp).
bool itemMayHoldCount(const SqlView& v, const Range& item);
// The name of an identifier token as written, its quotes dropped.
std::string_view identifierSpelling(const SqlView& v, std::size_t tok);
// Whether question words refer to a column (its identifierWords; `table` the words of its table),
// by the rules of cue_column_unnamed: word forms, abbreviations, compounds, stand-in phrases,
// generic heads through their table (goldfree_column_unnamed.cpp).
bool columnReferredBy(const std::vector<std::string>& words, const std::vector<std::string>& column,
                      const std::vector<std::string>& table);
// The words of the table the column token `tok` of block `blk` belongs to (its qualifier's table,
// or the block's only table); empty when unknown.
std::vector<std::string> columnTableWords(const SqlView& v, const SelectBlock& blk, std::size_t tok);
// A name-like identifier word (name, title, fname, lname, surname, ...; goldfree_column_unnamed.cpp).
bool isNameLikeWord(const std::string& word);
// A word that says little of its own in an identifier: name-like, id, or another generic word (code,
// type, number, no, num, key, description, details, detail, value, status, info; the lists of
// cue_column_unnamed, goldfree_column_unnamed.cpp).
bool isGenericIdentifierWord(const std::string& word);
// '/' whose operands are both integer (no CAST, REAL column or decimal literal in the operand).
std::vector<FindingSpan> integerDivisions(const SqlView& v, const db::Schema& schema);

}  // namespace hs::annotate
