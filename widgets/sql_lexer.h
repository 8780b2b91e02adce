#pragma once
// The SQL lexer of the editor: QsciLexerSQL fed with the open database's table and column names,
// highlighted as keyword sets 5 (tables) and 6 (columns) and offered for autocompletion.
#include <QStringList>

#include <Qsci/qscilexersql.h>

namespace hs::ui {

class SchemaCompletions;

class SqlLexer : public QsciLexerSQL {
  Q_OBJECT
 public:
  explicit SqlLexer(QObject* parent = nullptr);

  const char* keywords(int set) const override;
  QString description(int style) const override;

  // Replaces the schema names (tables, columns) and the autocompletion words, synchronously.
  void setSchemaNames(const QStringList& tables, const QStringList& columns);
  const QStringList& tableNames() const { return tables_; }
  const QStringList& columnNames() const { return columns_; }
  SchemaCompletions* completions() const { return completions_; }

 private:
  QStringList tables_;
  QStringList columns_;
  QByteArray tableWords_;
  QByteArray columnWords_;
  SchemaCompletions* completions_;
};

}  // namespace hs::ui
