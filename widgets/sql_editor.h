#pragma once
// The SQL editor: QScintilla in UTF-8 mode with the schema-aware SQL lexer, line numbers,
// folding, brace matching, autocompletion, and named indicators for errors and findings.
#include <QByteArray>

#include <Qsci/qsciscintilla.h>

#include "widgets/statement_locator.h"

namespace hs::ui {

class IndicatorRegistry;
class SpanHighlighter;
class SqlLexer;

class SqlEditor : public QsciScintilla {
  Q_OBJECT
 public:
  static constexpr const char* kErrorIndicator = "sql-error";

  explicit SqlEditor(QWidget* parent = nullptr);

  SqlLexer* sqlLexer() const { return lexer_; }
  IndicatorRegistry* indicators() const { return registry_; }
  SpanHighlighter* highlighter() const { return highlighter_; }

  QByteArray textBytes() const;  // the UTF-8 text; offsets below are into it
  int cursorByte() const;
  // What Ctrl+Enter runs: the selection if any, else the statement under the cursor, else all.
  ByteRange rangeToRun() const;
  void setSchemaNames(const QStringList& tables, const QStringList& columns);
  void insertName(const QString& name);  // at the cursor, quoted when needed

  // Marks [beginByte, endByte) as the error (the whole token when endByte <= beginByte) and
  // shows the message under the line. clearError() removes both.
  void showError(int beginByte, int endByte, const QString& message);
  void clearError();

 protected:
  // Lets Esc reach the window's Cancel action unless an autocompletion list is open.
  bool event(QEvent* event) override;

 private:
  SqlLexer* lexer_;
  IndicatorRegistry* registry_;
  SpanHighlighter* highlighter_;
};

}  // namespace hs::ui
