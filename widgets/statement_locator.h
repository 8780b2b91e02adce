#pragma once
// Finds the SQL statement to run in an editor text, with the engine's lexer (engine/sql/statements.h):
// statements are split at ';' outside quotes, quoted names and comments. Byte offsets throughout
// (the editor is UTF-8).
#include <QByteArray>

namespace hs::ui {

struct ByteRange {
  int begin = 0;
  int end = 0;  // exclusive
  bool isEmpty() const { return end <= begin; }
};

// Every statement's range, whitespace-trimmed, empty statements dropped.
QList<ByteRange> splitStatements(const QByteArray& text);
// The statement containing bytePos (or the one ending just before it); the whole text when the
// text holds no ';'. Empty range when there is no statement at all.
ByteRange statementAt(const QByteArray& text, int bytePos);
// End of the token starting at bytePos (identifier, number, quoted text, or one character).
int tokenEnd(const QByteArray& text, int bytePos);

}  // namespace hs::ui
