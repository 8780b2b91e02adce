#include "widgets/schema_completions.h"

#include <algorithm>

namespace hs::ui {

namespace {
bool lessNoCase(const QString& a, const QString& b) {
  return QString::compare(a, b, Qt::CaseInsensitive) < 0;
}
}  // namespace

SchemaCompletions::SchemaCompletions(QsciLexer* lexer) : QsciAbstractAPIs(lexer) {}

void SchemaCompletions::setWords(const QStringList& words) {
  QStringList sorted;
  sorted.reserve(words.size());
  for (const QString& w : words)
    if (!w.trimmed().isEmpty()) sorted << w;
  std::stable_sort(sorted.begin(), sorted.end(), lessNoCase);  // stable: the first spelling stays first
  // Drop duplicates that differ only in case (the first spelling wins).
  sorted.erase(std::unique(sorted.begin(), sorted.end(),
                           [](const QString& a, const QString& b) {
                             return QString::compare(a, b, Qt::CaseInsensitive) == 0;
                           }),
               sorted.end());
  words_ = std::move(sorted);
}

QStringList SchemaCompletions::complete(const QString& prefix) const {
  QStringList out;
  if (prefix.isEmpty()) return out;
  auto it = std::lower_bound(words_.cbegin(), words_.cend(), prefix, lessNoCase);
  for (; it != words_.cend() && it->startsWith(prefix, Qt::CaseInsensitive); ++it) out << *it;
  return out;
}

void SchemaCompletions::updateAutoCompletionList(const QStringList& context, QStringList& list) {
  if (context.isEmpty()) return;
  for (const QString& w : complete(context.last()))
    if (!list.contains(w)) list << w;
}

QStringList SchemaCompletions::callTips(const QStringList&, int, QsciScintilla::CallTipsStyle, QList<int>&) {
  return {};
}

}  // namespace hs::ui
