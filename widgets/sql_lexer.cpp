#include "widgets/sql_lexer.h"

#include <QColor>
#include <QFont>
#include <QFontDatabase>

#include "engine/sql/plan.h"
#include "engine/sql/token.h"
#include "widgets/schema_completions.h"

namespace hs::ui {

namespace {
// The words the editor colours as SQL and completes: SQLite's keywords and its aggregate
// functions, both from engine/sql, so the editor knows the dialect the parser knows.
QStringList sqlWords() {
  QStringList words;
  for (std::string_view k : sql::keywordList())
    words << QString::fromLatin1(k.data(), static_cast<qsizetype>(k.size()));
  for (std::string_view f : sql::aggregateFunctionNames())
    words << QString::fromLatin1(f.data(), static_cast<qsizetype>(f.size())).toUpper();
  return words;
}

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
  static const QByteArray sqlWordList = wordList(sqlWords());
  if (set == 1) return sqlWordList.constData();
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
  words << sqlWords();
  completions_->setWords(words);
}

}  // namespace hs::ui
