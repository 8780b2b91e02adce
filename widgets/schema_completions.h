#pragma once
// The editor's autocompletion words: SQL keywords and the open database's table and column names,
// looked up synchronously on the UI thread. It replaces QsciAPIs, whose background preparation
// thread posts events to itself: replacing the word list while such an event was pending (opening
// a second database) made QsciAPIs::event read a deleted worker and crash. A few thousand names
// need no thread: a sorted list and a binary search answer a prefix in microseconds.
#include <QStringList>

#include <Qsci/qsciabstractapis.h>

namespace hs::ui {

class SchemaCompletions : public QsciAbstractAPIs {
  Q_OBJECT
 public:
  explicit SchemaCompletions(QsciLexer* lexer);

  // Replaces the words (duplicates and empty names dropped; case kept as given).
  void setWords(const QStringList& words);
  const QStringList& words() const { return words_; }
  // The words starting with `prefix`, ignoring case, in sorted order.
  QStringList complete(const QString& prefix) const;

  void updateAutoCompletionList(const QStringList& context, QStringList& list) override;
  QStringList callTips(const QStringList& context, int commas, QsciScintilla::CallTipsStyle style,
                       QList<int>& shifts) override;

 private:
  QStringList words_;  // sorted case-insensitively
};

}  // namespace hs::ui
