#include "widgets/indicator_registry.h"

#include <Qsci/qsciscintilla.h>

namespace hs::ui {

IndicatorRegistry::IndicatorRegistry(QsciScintilla* editor) : QObject(editor), editor_(editor) {}

int IndicatorRegistry::indicator(const QString& name, const IndicatorStyle& style) {
  int n = numbers_.value(name, -1);
  if (n < 0) {
    if (next_ > kLast) return -1;
    n = next_++;
    numbers_.insert(name, n);
  }
  const auto un = static_cast<unsigned long>(n);
  editor_->SendScintilla(QsciScintillaBase::SCI_INDICSETSTYLE, un, static_cast<long>(style.scintillaStyle));
  editor_->SendScintilla(QsciScintillaBase::SCI_INDICSETFORE, un, style.color);
  editor_->SendScintilla(QsciScintillaBase::SCI_INDICSETALPHA, un, static_cast<long>(style.alpha));
  editor_->SendScintilla(QsciScintillaBase::SCI_INDICSETOUTLINEALPHA, un, 200L);
  editor_->SendScintilla(QsciScintillaBase::SCI_INDICSETUNDER, un, static_cast<long>(style.under));
  return n;
}

int IndicatorRegistry::indicator(const QString& name) const {
  return numbers_.value(name, -1);
}

QString IndicatorRegistry::nameOf(int indicator) const {
  for (auto it = numbers_.cbegin(); it != numbers_.cend(); ++it)
    if (it.value() == indicator) return it.key();
  return {};
}

}  // namespace hs::ui
