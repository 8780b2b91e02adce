#pragma once
// MRSQLGen's standardisation (seed 002, "HKB Construction"): a question (and its SQL) with the
// database-specific parts replaced by placeholders, so that cases from different databases can be
// compared. Deterministic: the same inputs always give the same text.
//
// Question placeholders, in order of precedence:
//   [VALUE]   a quoted literal, a phrase equal to a text value of the database, or a capitalised
//             word inside the sentence (the proper-noun heuristic: "France", "United Airlines")
//   [NUMBER]  digits (12, 3.5, 2014, 40%) and number words (one .. twenty, hundred, thousand)
//   [TABLE]   a phrase equal to a table name (split at '_' and camelCase, plurals folded)
//   [COLUMN]  a phrase equal to a column name (same folding)
//   [NOUN]    any other content word (the noun heuristic below)
// Schema matching takes the longest phrase; on equal length a value beats a column and a column a
// table ("name" is a column, "singers" the table singer). The noun heuristic: a word is kept (lower
// case) when it is in the built-in list of function and intent words (question words, determiners,
// prepositions, auxiliaries, comparatives and superlatives, aggregation and ordering words: the
// words that carry the SQL shape), or ends in -ed/-ing/-ly (verbs and adverbs); every other word
// is a [NOUN]. Runs of the same placeholder collapse into one ("car makers" -> [NOUN]).
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"

namespace hs::db {
class Database;
}

namespace hs::mr {

// Names and text values of one database, the vocabulary of the standardisation.
struct SchemaVocabulary {
  std::vector<std::string> tables;
  std::vector<std::string> columns;
  std::vector<std::string> values;  // text values (numbers become [NUMBER] anyway)
  bool empty() const { return tables.empty() && columns.empty() && values.empty(); }
};

// Table and column names, and up to `valuesPerColumn` distinct text values of each text column
// (read-only, through hs::db; each lookup under the default limits).
Result<SchemaVocabulary> vocabularyFromDatabase(db::Database& database, std::size_t valuesPerColumn = 40);

struct Replacement {
  std::size_t begin = 0;  // byte span in the input
  std::size_t end = 0;
  std::string placeholder;  // "[TABLE]", ...
};

struct StandardisedText {
  std::string text;                       // tokens joined by single spaces
  std::vector<std::string> tokens;        // placeholders, kept words (lower case), punctuation
  std::vector<Replacement> replacements;  // input spans behind each placeholder (before collapsing)
};

StandardisedText standardiseQuestion(std::string_view question, const SchemaVocabulary& vocabulary = {});

// The same with the vocabulary's phrase index built once (standardiseQuestion builds it per call):
// for many questions of one database. Copies share the index; const use is thread-safe.
class QuestionStandardiser {
 public:
  explicit QuestionStandardiser(SchemaVocabulary vocabulary = {});
  StandardisedText operator()(std::string_view question) const;
  const SchemaVocabulary& vocabulary() const;

 private:
  struct Index;
  std::shared_ptr<const Index> index_;
};

// SQL side (seed 002's example): keywords and function names upper case, string literals
// [Value], numbers [Integer] / [Float], table names [TableName], column names [ColumnName],
// aliases (a name before '.' or after AS that is no table) [Alias]. Without a vocabulary, a name
// after FROM/JOIN is a table and any other name a column. Text the lexer cannot read is kept.
std::string standardiseSql(std::string_view sql, const SchemaVocabulary& vocabulary = {});

// Lower case, plural folded ("cities" -> "city", "classes" -> "class", "singers" -> "singer").
std::string foldWord(std::string_view word);

}  // namespace hs::mr
