// The editor's statements and tokens as byte ranges of its UTF-8 text (engine/sql/statements.h).
#include "widgets/statement_locator.h"

#include <QList>
#include <algorithm>

#include "engine/sql/statements.h"

namespace hs::ui {

namespace {
std::string_view view(const QByteArray& text) {
  return {text.constData(), static_cast<std::size_t>(text.size())};
}
ByteRange range(const sql::Span& s) {
  return {static_cast<int>(s.begin), static_cast<int>(s.end)};
}
}  // namespace

QList<ByteRange> splitStatements(const QByteArray& text) {
  QList<ByteRange> out;
  for (const sql::Span& s : sql::statementRanges(view(text))) out << range(s);
  return out;
}

ByteRange statementAt(const QByteArray& text, int bytePos) {
  return range(sql::statementAt(view(text), static_cast<std::size_t>(std::max(bytePos, 0))));
}

int tokenEnd(const QByteArray& text, int bytePos) {
  if (bytePos < 0) return 0;
  return static_cast<int>(sql::tokenEndAt(view(text), static_cast<std::size_t>(bytePos)));
}

}  // namespace hs::ui
