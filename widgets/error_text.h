#pragma once
// Messages as people read them: positions, SQLite's words, sentences joined. The engine reports byte offsets
// (QScintilla uses them too); a message shown to the user says "line 2, column 14" instead, the column
// counted in characters.
#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <functional>

namespace hs::ui {

class ErrorText {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::ErrorText)

 public:
  // "line L, column C" of a byte offset in the UTF-8 `text` (1-based; the column in characters).
  static QString position(const QByteArray& text, int byteOffset);
  // `message` with every "(at byte N)" (as hs::Error::describe() writes it) turned into
  // "(line L, column C)" of `text`; `map` (optional) first moves N into `text` (e.g. from the
  // model's SQL into its pretty-printed form), returning -1 when it has no place there.
  static QString withLineColumn(const QString& message, const QByteArray& text,
                                const std::function<int(int)>& map = {});
  // SQLite's own words for the errors people make most ("no such column: nme", "near "FORM":
  // syntax error") in the user's language, the names kept; any other message as it is.
  static QString sqliteMessage(const QString& message);
  // Two sentences of a message: a space after a Latin full stop, none after a Chinese one ("响应。
  // 这是" reads wrong); an empty one is left out.
  static QString sentences(const QString& first, const QString& second);
};

}  // namespace hs::ui
