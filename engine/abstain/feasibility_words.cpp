// Word lists of the lexical feasibility check, written from seed 004's type definitions and
// general English (not from the infeasible test set).
#include "engine/abstain/feasibility_words.h"

namespace hs::abstain::detail {

const std::set<std::string>& genericWords() {
  static const std::set<std::string> words{
      // function words
      "a", "an", "the", "of", "in", "on", "at", "for", "to", "from", "by", "with", "without", "as", "about",
      "into", "onto", "over", "under", "after", "before", "since", "until", "within", "between", "among",
      "per", "via", "and", "or", "but", "not", "no", "nor", "either", "neither", "both", "also", "only",
      "just", "than", "then", "so", "if", "else", "whether", "because", "while", "during", "through", "along",
      "together", "respectively", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does",
      "did", "done", "have", "has", "had", "having", "can", "could", "will", "would", "shall", "should",
      "may", "might", "must", "there", "here", "it", "its", "they", "them", "their", "theirs", "he", "him",
      "his", "she", "her", "hers", "we", "us", "our", "you", "your", "i", "me", "my", "this", "that", "these",
      "those", "which", "what", "who", "whom", "whose", "where", "when", "why", "how", "all", "any", "each",
      "every", "some", "other", "another", "same", "such", "own", "s", "t", "yes", "please", "etc", "ie",
      "eg",
      // question and result vocabulary
      "show", "list", "find", "give", "tell", "return", "display", "get", "report", "provide", "see", "know",
      "want", "need", "look", "include", "including", "includes", "contain", "contains", "containing",
      "exist", "exists", "appear", "appears", "made", "make", "makes", "take", "took", "taken", "use", "used",
      "using", "many", "much", "more", "most", "less", "least", "few", "fewer", "fewest", "number", "numbers",
      "count", "counts", "total", "totals", "sum", "average", "avg", "mean", "maximum", "max", "minimum",
      "min", "highest", "lowest", "largest", "smallest", "biggest", "greatest", "best", "worst", "top",
      "bottom", "first", "last", "second", "third", "latest", "earliest", "oldest", "youngest", "newest",
      "longest", "shortest", "high", "low", "large", "small", "big", "long", "short", "old", "young", "new",
      "greater", "larger", "smaller", "higher", "lower", "older", "younger", "longer", "shorter", "above",
      "below", "over", "exceed", "exceeds", "equal", "equals", "different", "distinct", "unique", "various",
      "order", "ordered", "sort", "sorted", "ascending", "descending", "alphabetical", "alphabetically",
      "decreasing", "increasing", "rank", "ranked", "name", "names", "named", "called", "id", "ids",
      "identifier", "code", "codes", "information", "info", "detail", "details", "record", "records", "entry",
      "entries", "row", "rows", "value", "values", "result", "results", "data", "database", "table", "tables",
      "column", "columns", "field", "fields", "item", "items", "type", "types", "kind", "kinds", "category",
      "categories", "amount", "amounts", "percentage", "percent", "proportion", "ratio", "rate", "times",
      "time", "once", "twice", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
      "hundred", "thousand", "million", "zero", "none", "nothing", "anything", "something", "everything",
      "everyone", "someone", "anyone", "thing", "things", "corresponding", "associated", "related", "belong",
      "belongs", "belonging", "involved", "whole", "overall", "combined", "respective", "specific", "certain",
      "given", "known", "recorded", "listed", "stored", "available", "group", "grouped", "separately",
      "together", "except", "excluding", "besides", "instead", "least", "like", "love", "ever", "never",
      "always", "often", "currently", "now", "still", "yet", "already", "whom", "did", "goes", "went", "come",
      "comes", "came", "got", "gets", "set", "sets", "put", "part", "parts", "kind", "way", "ways", "lot",
      "lots", "other", "others", "else", "either", "sorted", "descending"};
  return words;
}

// A query reads data; it cannot predict, explain, write, plot, send or change anything.
const std::vector<std::string>& nonSqlCues() {
  static const std::vector<std::string> cues{
      "predict",     "forecast",      "will be next", "in the future", "next year",  "next month",
      "next season", "explain why",   "why did",      "why do",        "why does",   "why is",
      "why are",     "why was",       "why were",     "write a",       "write an",   "draft",
      "compose",     "poem",          "essay",        "story about",   "send ",      "email to",
      "e-mail",      "notify",        "remind",       "plot ",         "draw ",      "chart of",
      "graph of",    "visualize",     "visualise",    "translate",     "summarize",  "summarise",
      "recommend",   "suggest",       "advice",       "should i",      "should we",  "what should",
      "delete ",     "remove ",       "insert ",      "update the",    "change the", "rename",
      "add a new",   "create a new",  "set the",      "modify",        "book a",     "reserve a",
      "schedule a",  "call ",         "print out a",  "opinion",       "feel about", "think about",
      "guess",       "estimate what", "simulate"};
  return cues;
}

// Facts outside the database.
const std::vector<std::string>& externalCues() {
  static const std::vector<std::string> cues{
      "according to",    "wikipedia",       "in real life",    "in the real world",
      "nowadays",        "today",           "right now",       "this year",
      "this week",       "currently alive", "still alive",     "in the news",
      "on the internet", "online",          "weather",         "stock price",
      "exchange rate",   "population of",   "capital of",      "famous",
      "well-known",      "well known",      "popular opinion", "critics",
      "reviews say",     "net worth",       "president of",    "nobel",
      "oscar",           "grammy",          "world record",    "historically",
      "in history",      "public opinion",  "google"};
  return cues;
}

}  // namespace hs::abstain::detail
