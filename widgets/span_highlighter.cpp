#include "widgets/span_highlighter.h"

#include <QToolTip>

#include <Qsci/qsciscintilla.h>

#include <algorithm>

namespace hs::ui {

namespace {
using Sci = QsciScintillaBase;
long textLength(QsciScintilla* e) {
  return e->SendScintilla(Sci::SCI_GETLENGTH);
}
}  // namespace

SpanHighlighter::SpanHighlighter(QsciScintilla* editor, IndicatorRegistry* registry)
    : QObject(editor), editor_(editor), registry_(registry) {
  editor_->SendScintilla(Sci::SCI_SETMOUSEDWELLTIME, 400UL);
  connect(editor_, &QsciScintillaBase::SCN_DWELLSTART, this, &SpanHighlighter::onDwellStart);
  connect(editor_, &QsciScintillaBase::SCN_DWELLEND, this, &SpanHighlighter::onDwellEnd);
  // Keyboard users read a reason by moving the caret into the span.
  connect(editor_, &QsciScintilla::cursorPositionChanged, this, &SpanHighlighter::onCaretMoved);
}

bool SpanHighlighter::highlight(const QString& name, int beginByte, int endByte, const QString& tooltip) {
  return highlight(
      name, beginByte, endByte,
      tooltip.isEmpty() ? std::function<QString()>() : [tooltip] { return tooltip; });
}

bool SpanHighlighter::highlight(const QString& name, int beginByte, int endByte,
                                std::function<QString()> tooltip) {
  int n = registry_->indicator(name);
  if (n < 0) n = registry_->indicator(name, IndicatorStyle{});
  if (n < 0) return false;
  const long len = textLength(editor_);
  const long b = std::clamp<long>(beginByte, 0, len);
  const long e = std::clamp<long>(endByte, b, len);
  if (e <= b) return false;
  tooltips_.push_back(HighlightedSpan{name, static_cast<int>(b), static_cast<int>(e), {}});
  texts_.push_back(std::move(tooltip));
  editor_->SendScintilla(Sci::SCI_SETINDICATORCURRENT, static_cast<unsigned long>(n));
  editor_->SendScintilla(Sci::SCI_SETINDICATORVALUE, static_cast<unsigned long>(tooltips_.size()));
  editor_->SendScintilla(Sci::SCI_INDICATORFILLRANGE, static_cast<unsigned long>(b), e - b);
  return true;
}

void SpanHighlighter::clear(const QString& name) {
  const int n = registry_->indicator(name);
  if (n < 0) return;
  editor_->SendScintilla(Sci::SCI_SETINDICATORCURRENT, static_cast<unsigned long>(n));
  editor_->SendScintilla(Sci::SCI_INDICATORCLEARRANGE, 0UL, textLength(editor_));
  for (int i = 0; i < tooltips_.size(); ++i)
    if (tooltips_[i].name == name) texts_[i] = nullptr;
}

QString SpanHighlighter::tooltipOf(long value) const {
  if (value < 1 || value > texts_.size()) return {};
  const auto& text = texts_[static_cast<int>(value - 1)];
  return text ? text() : QString();
}

void SpanHighlighter::clearAll() {
  for (const QString& name : registry_->names()) clear(name);
  tooltips_.clear();
  texts_.clear();
}

QVector<HighlightedSpan> SpanHighlighter::spans(const QString& name) const {
  QVector<HighlightedSpan> out;
  const int n = registry_->indicator(name);
  if (n < 0) return out;
  const auto un = static_cast<unsigned long>(n);
  const long len = textLength(editor_);
  long pos = 0;
  while (pos < len) {
    const long end = editor_->SendScintilla(Sci::SCI_INDICATOREND, un, pos);
    const long value = editor_->SendScintilla(Sci::SCI_INDICATORVALUEAT, un, pos);
    if (value != 0 && end > pos) {
      HighlightedSpan s{name, static_cast<int>(pos), static_cast<int>(end), {}};
      s.tooltip = tooltipOf(value);
      out.push_back(s);
    }
    if (end <= pos) break;
    pos = end;
  }
  return out;
}

QString SpanHighlighter::tooltipAt(int bytePos) const {
  QStringList parts;
  for (const QString& name : registry_->names()) {
    const int n = registry_->indicator(name);
    const long value = editor_->SendScintilla(Sci::SCI_INDICATORVALUEAT, static_cast<unsigned long>(n),
                                              static_cast<long>(bytePos));
    if (const QString tip = tooltipOf(value); !tip.isEmpty()) parts << tip;
  }
  return parts.join(QLatin1Char('\n'));
}

void SpanHighlighter::onDwellStart(int position, int x, int y) {
  if (position < 0) return;
  const QString tip = tooltipAt(position);
  if (tip.isEmpty()) return;
  QToolTip::showText(editor_->viewport()->mapToGlobal(QPoint(x, y)), tip, editor_->viewport());
}

void SpanHighlighter::onDwellEnd(int, int, int) {
  QToolTip::hideText();
}

void SpanHighlighter::onCaretMoved() {
  if (!editor_->hasFocus()) return;
  const long pos = editor_->SendScintilla(Sci::SCI_GETCURRENTPOS);
  const QString tip = tooltipAt(static_cast<int>(pos));
  if (tip.isEmpty()) {
    if (caretTip_) QToolTip::hideText();
    caretTip_ = false;
    return;
  }
  const int x = static_cast<int>(editor_->SendScintilla(Sci::SCI_POINTXFROMPOSITION, 0UL, pos));
  const int y = static_cast<int>(editor_->SendScintilla(Sci::SCI_POINTYFROMPOSITION, 0UL, pos));
  const int lineHeight = static_cast<int>(editor_->SendScintilla(Sci::SCI_TEXTHEIGHT, 0UL));
  QToolTip::showText(editor_->viewport()->mapToGlobal(QPoint(x, y + lineHeight)), tip, editor_->viewport());
  caretTip_ = true;
}

}  // namespace hs::ui
