#pragma once
// Highlights byte spans of the editor's UTF-8 text with named indicators and shows a tooltip
// when the mouse rests on one or the caret enters one. Engine spans are byte offsets and QScintilla in UTF-8
// mode counts bytes too, so spans go straight to indicators.
#include <QObject>
#include <QString>
#include <QVector>

#include <functional>

#include "widgets/indicator_registry.h"

class QsciScintilla;

namespace hs::ui {

struct HighlightedSpan {
  QString name;
  int begin = 0;  // byte offsets in the editor text
  int end = 0;
  QString tooltip;
};

class SpanHighlighter : public QObject {
  Q_OBJECT
 public:
  SpanHighlighter(QsciScintilla* editor, IndicatorRegistry* registry);

  // Marks [beginByte, endByte) with the indicator `name` (registered beforehand or with the
  // default style). Out-of-range spans are clamped. Returns false for an empty span.
  bool highlight(const QString& name, int beginByte, int endByte, const QString& tooltip = {});
  // The same with a tooltip built when it is shown, so it follows a language switch.
  bool highlight(const QString& name, int beginByte, int endByte, std::function<QString()> tooltip);
  void clear(const QString& name);
  void clearAll();

  // Spans of `name` currently in the editor (read back from Scintilla), for tests and tools.
  QVector<HighlightedSpan> spans(const QString& name) const;
  // Tooltip of the topmost span at a byte position ("" when none).
  QString tooltipAt(int bytePos) const;

 private:
  void onDwellStart(int position, int x, int y);
  void onDwellEnd(int position, int x, int y);
  void onCaretMoved();

  QsciScintilla* editor_;
  IndicatorRegistry* registry_;
  QVector<HighlightedSpan> tooltips_;        // value stored in the indicator = index + 1
  QVector<std::function<QString()>> texts_;  // the tooltip of tooltips_[i], built when shown
  QString tooltipOf(long value) const;
  bool caretTip_ = false;  // the shown tooltip came from the caret
};

}  // namespace hs::ui
