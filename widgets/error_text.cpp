#include "widgets/error_text.h"

#include <QRegularExpression>

#include <algorithm>

#include "engine/core/text.h"

namespace hs::ui {

QString ErrorText::position(const QByteArray& text, int byteOffset) {
  const auto offset = static_cast<std::size_t>(std::clamp(byteOffset, 0, int(text.size())));
  const std::string_view view(text.constData(), static_cast<std::size_t>(text.size()));
  const hs::LineCol at = hs::lineColAt(view, offset);
  // lineColAt counts the column in bytes: count the characters of the line up to the offset.
  const qsizetype lineStart = qsizetype(offset) - qsizetype(at.column - 1);
  const int column = int(QString::fromUtf8(text.mid(lineStart, qsizetype(offset) - lineStart)).size()) + 1;
  return tr("line %1, column %2").arg(at.line).arg(column);
}

QString ErrorText::withLineColumn(const QString& message, const QByteArray& text,
                                  const std::function<int(int)>& map) {
  static const QRegularExpression atByte(QStringLiteral("\\(at byte (\\d+)\\)"));
  QString out;
  qsizetype last = 0;
  auto it = atByte.globalMatch(message);
  while (it.hasNext()) {
    const QRegularExpressionMatch m = it.next();
    const int offset = map ? map(m.captured(1).toInt()) : m.captured(1).toInt();
    out += message.mid(last, m.capturedStart() - last);
    if (offset >= 0) out += QLatin1Char('(') + position(text, offset) + QLatin1Char(')');
    last = m.capturedEnd();
  }
  out += message.mid(last);
  return out;
}

QString ErrorText::sqliteMessage(const QString& message) {
  struct Known {
    QRegularExpression pattern;
    QString (*text)(const QString&);
  };
  static const Known known[] = {
      {QRegularExpression(QStringLiteral("^no such column: (.+)$")),
       [](const QString& a) { return tr("no such column: %1").arg(a); }},
      {QRegularExpression(QStringLiteral("^no such table: (.+)$")),
       [](const QString& a) { return tr("no such table: %1").arg(a); }},
      {QRegularExpression(QStringLiteral("^no such function: (.+)$")),
       [](const QString& a) { return tr("no such function: %1").arg(a); }},
      {QRegularExpression(QStringLiteral("^ambiguous column name: (.+)$")),
       [](const QString& a) { return tr("ambiguous column name: %1").arg(a); }},
      {QRegularExpression(QStringLiteral("^near \"(.*)\": syntax error$")),
       [](const QString& a) { return tr("syntax error near \"%1\"").arg(a); }},
      {QRegularExpression(QStringLiteral("^incomplete input$")),
       [](const QString&) { return tr("incomplete input"); }},
  };
  for (const Known& k : known) {
    const QRegularExpressionMatch m = k.pattern.match(message);
    if (m.hasMatch()) return k.text(m.captured(1));
  }
  return message;
}

QString ErrorText::sentences(const QString& first, const QString& second) {
  if (first.isEmpty()) return second;
  if (second.isEmpty()) return first;
  const bool wide = first.back().unicode() >= 0x3000;
  return first + (wide ? QString() : QStringLiteral(" ")) + second;
}

}  // namespace hs::ui
