#include "widgets/sql_lexer.h"

#include <QColor>
#include <QFont>
#include <QFontDatabase>

#include "widgets/schema_completions.h"

namespace hs::ui {

namespace {
const char* const kSqlWords[] = {
    "select",    "from",   "where",    "group",   "by",    "having",  "order",     "limit",
    "offset",    "join",   "inner",    "left",    "right", "outer",   "cross",     "on",
    "using",     "as",     "distinct", "union",   "all",   "except",  "intersect", "with",
    "recursive", "case",   "when",     "then",    "else",  "end",     "and",       "or",
    "not",       "in",     "exists",   "between", "like",  "glob",    "is",        "null",
    "asc",       "desc",   "count",    "sum",     "avg",   "min",     "max",       "cast",
    "values",    "pragma", "explain",  "query",   "plan",  "natural", "collate",   "escape"};

QByteArray wordList(const QStringList& words) {
  QStringList lower;
  for (const QString& w : words) {
    // Scintilla keyword lists are space-separated lower-case words; skip names with spaces.
    if (!w.contains(QLatin1Char(' '))) lower << w.toLower();
  }
  lower.removeDuplicates();
  return lower.join(QLatin1Char(' ')).toUtf8();
}
}  // namespace

SqlLexer::SqlLexer(QObject* parent) : QsciLexerSQL(parent), completions_(new SchemaCompletions(this)) {
  QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  mono.setPointSize(11);
  setDefaultFont(mono);
  setFont(mono);
  setColor(QColor(0x1f, 0x4e, 0xa8), Keyword);
  setColor(QColor(0x8a, 0x3f, 0xb0), KeywordSet5);  // tables
  setColor(QColor(0x0b, 0x7a, 0x5a), KeywordSet6);  // columns
  setColor(QColor(0xa3, 0x5a, 0x00), SingleQuotedString);
  setColor(QColor(0x80, 0x80, 0x80), Comment);
  setColor(QColor(0x80, 0x80, 0x80), CommentLine);
  setFoldComments(true);
  setFoldCompact(false);
  setSchemaNames({}, {});
}

const char* SqlLexer::keywords(int set) const {
  if (set == 5) return tableWords_.constData();
  if (set == 6) return columnWords_.constData();
  return QsciLexerSQL::keywords(set);
}

QString SqlLexer::description(int style) const {
  if (style == KeywordSet5) return tr("Table names");
  if (style == KeywordSet6) return tr("Column names");
  return QsciLexerSQL::description(style);
}

void SqlLexer::setSchemaNames(const QStringList& tables, const QStringList& columns) {
  tables_ = tables;
  columns_ = columns;
  tableWords_ = wordList(tables);
  columnWords_ = wordList(columns);
  QStringList words = tables + columns;
  for (const char* w : kSqlWords) words << QString::fromLatin1(w).toUpper();
  completions_->setWords(words);
}

}  // namespace hs::ui
