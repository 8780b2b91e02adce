#include "widgets/statement_locator.h"

#include <QList>

namespace hs::ui {

namespace {
bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
bool isWordByte(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         u >= 0x80;
}
ByteRange trimmed(const QByteArray& text, int b, int e) {
  while (b < e && isSpace(text[b])) ++b;
  while (e > b && isSpace(text[e - 1])) --e;
  return {b, e};
}
// Skips a quoted run starting at i (text[i] is the quote); returns the index after it.
int skipQuoted(const QByteArray& text, int i, char close) {
  const int n = static_cast<int>(text.size());
  ++i;
  while (i < n) {
    if (text[i] == close) {
      if (close != ']' && i + 1 < n && text[i + 1] == close) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    ++i;
  }
  return n;
}
}  // namespace

QList<ByteRange> splitStatements(const QByteArray& text) {
  QList<ByteRange> out;
  const int n = static_cast<int>(text.size());
  int start = 0;
  int i = 0;
  auto emitRange = [&](int e) {
    const ByteRange r = trimmed(text, start, e);
    if (!r.isEmpty()) out << r;
  };
  while (i < n) {
    const char c = text[i];
    if (c == '\'' || c == '"' || c == '`') {
      i = skipQuoted(text, i, c);
    } else if (c == '[') {
      i = skipQuoted(text, i, ']');
    } else if (c == '-' && i + 1 < n && text[i + 1] == '-') {
      while (i < n && text[i] != '\n') ++i;
    } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
      const int close = text.indexOf("*/", i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c == ';') {
      emitRange(i);
      start = ++i;
    } else {
      ++i;
    }
  }
  emitRange(n);
  return out;
}

ByteRange statementAt(const QByteArray& text, int bytePos) {
  const QList<ByteRange> all = splitStatements(text);
  if (all.isEmpty()) return {};
  for (const ByteRange& r : all)
    if (bytePos >= r.begin && bytePos <= r.end) return r;
  // Between statements: the last one that ends before the cursor, else the first.
  ByteRange best = all.first();
  for (const ByteRange& r : all)
    if (r.end <= bytePos) best = r;
  return best;
}

int tokenEnd(const QByteArray& text, int bytePos) {
  const int n = static_cast<int>(text.size());
  if (bytePos < 0) return 0;
  if (bytePos >= n) return n;
  const char c = text[bytePos];
  if (c == '\'' || c == '"' || c == '`') return skipQuoted(text, bytePos, c);
  if (c == '[') return skipQuoted(text, bytePos, ']');
  if (isWordByte(c)) {
    int i = bytePos;
    while (i < n && isWordByte(text[i])) ++i;
    return i;
  }
  return bytePos + 1;
}

}  // namespace hs::ui
