#pragma once
// Named QScintilla indicators (NotepadNext's decorator idea): features ask for an indicator by
// name ("sql-error", "finding-schema", ...) and get a stable number and a style; nobody hard-codes
// indicator numbers. Attached to one editor as a child object.
#include <QColor>
#include <QHash>
#include <QObject>
#include <QString>

class QsciScintilla;

namespace hs::ui {

struct IndicatorStyle {
  int scintillaStyle = 7;  // INDIC_SQUIGGLE=1, INDIC_BOX=6, INDIC_ROUNDBOX=7, INDIC_FULLBOX=16, ...
  QColor color = QColor(0xd0, 0x30, 0x30);
  int alpha = 60;  // fill alpha for box styles
  bool under = true;
};

class IndicatorRegistry : public QObject {
  Q_OBJECT
 public:
  explicit IndicatorRegistry(QsciScintilla* editor);

  // The indicator number of `name`, allocating and styling it on first use; -1 when all the
  // container indicators are taken. Re-registering a name restyles it.
  int indicator(const QString& name, const IndicatorStyle& style);
  int indicator(const QString& name) const;  // -1 when unknown
  QString nameOf(int indicator) const;
  QStringList names() const { return numbers_.keys(); }

  static constexpr int kFirst = 8;  // INDIC_CONTAINER: lower numbers belong to lexers
  static constexpr int kLast = 31;  // INDIC_IME - 1

 private:
  QsciScintilla* editor_;
  QHash<QString, int> numbers_;
  int next_ = kFirst;
};

}  // namespace hs::ui
