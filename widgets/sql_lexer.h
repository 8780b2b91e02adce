#pragma once
// The SQL lexer of the editor: QsciLexerSQL fed with the open database's table and column names,
// highlighted as keyword sets 5 (tables) and 6 (columns) and offered for autocompletion.
#include <QStringList>

#include <Qsci/qscilexersql.h>

class QsciAPIs;

namespace hs::ui {

class SqlLexer : public QsciLexerSQL {
  Q_OBJECT
 public:
  explicit SqlLexer(QObject* parent = nullptr);
  ~SqlLexer() override;

  const char* keywords(int set) const override;
  QString description(int style) const override;

  // Replaces the schema names (tables, columns); re-prepares the autocompletion list.
  void setSchemaNames(const QStringList& tables, const QStringList& columns);
  const QStringList& tableNames() const { return tables_; }
  const QStringList& columnNames() const { return columns_; }
  QsciAPIs* apis() const { return apis_; }

 private:
  QStringList tables_;
  QStringList columns_;
  QByteArray tableWords_;
  QByteArray columnWords_;
  QsciAPIs* apis_;
};

}  // namespace hs::ui
