#include "widgets/sql_editor.h"

#include <QFontDatabase>
#include <QKeyEvent>
#include <QRegularExpression>

#include <Qsci/qscistyle.h>
#include <Qsci/qscistyledtext.h>

#include "engine/core/sql_quote.h"
#include "widgets/indicator_registry.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_lexer.h"

namespace hs::ui {

SqlEditor::SqlEditor(QWidget* parent)
    : QsciScintilla(parent),
      lexer_(new SqlLexer(this)),
      registry_(new IndicatorRegistry(this)),
      highlighter_(new SpanHighlighter(this, registry_)) {
  setUtf8(true);
  setLexer(lexer_);
  QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  mono.setPointSize(11);
  setMarginsFont(mono);
  setMarginType(0, NumberMargin);
  setMarginWidth(0, QStringLiteral("00000"));
  setMarginLineNumbers(0, true);
  setMarginsForegroundColor(QColor(0x90, 0x90, 0x90));
  setMarginsBackgroundColor(QColor(0xf4, 0xf4, 0xf4));
  setFolding(BoxedTreeFoldStyle, 2);
  setBraceMatching(SloppyBraceMatch);
  setAutoIndent(true);
  setIndentationsUseTabs(false);
  setTabWidth(2);
  setCaretLineVisible(true);
  setCaretLineBackgroundColor(QColor(0xf2, 0xf6, 0xfc));
  setAutoCompletionSource(AcsAll);
  setAutoCompletionThreshold(2);
  setAutoCompletionCaseSensitivity(false);
  setAutoCompletionReplaceWord(true);
  setAnnotationDisplay(AnnotationBoxed);
  setWrapMode(WrapNone);
  SendScintilla(SCI_SETSCROLLWIDTH, 200UL);
  SendScintilla(SCI_SETSCROLLWIDTHTRACKING, 1UL);

  hs::ui::IndicatorStyle error;
  error.scintillaStyle = 1;  // INDIC_SQUIGGLE
  error.color = QColor(0xd0, 0x20, 0x20);
  registry_->indicator(QString::fromLatin1(kErrorIndicator), error);
  hs::ui::IndicatorStyle errorBox;
  errorBox.scintillaStyle = 16;  // INDIC_FULLBOX
  errorBox.color = QColor(0xff, 0x40, 0x40);
  errorBox.alpha = 40;
  registry_->indicator(QStringLiteral("sql-error-box"), errorBox);
}

QByteArray SqlEditor::textBytes() const {
  return text().toUtf8();
}

int SqlEditor::cursorByte() const {
  return static_cast<int>(SendScintilla(SCI_GETCURRENTPOS));
}

ByteRange SqlEditor::rangeToRun() const {
  const long selStart = SendScintilla(SCI_GETSELECTIONSTART);
  const long selEnd = SendScintilla(SCI_GETSELECTIONEND);
  const QByteArray bytes = textBytes();
  if (selEnd > selStart) {
    const QByteArray sel = bytes.mid(selStart, selEnd - selStart);
    if (!sel.trimmed().isEmpty()) return {static_cast<int>(selStart), static_cast<int>(selEnd)};
  }
  return statementAt(bytes, cursorByte());
}

void SqlEditor::setSchemaNames(const QStringList& tables, const QStringList& columns) {
  if (isListActive()) cancelList();  // its words belong to the previous schema
  lexer_->setSchemaNames(tables, columns);
  // Hand Scintilla the new keyword sets 5 and 6 (0-based 4 and 5) without replacing the lexer.
  for (int set : {5, 6})
    SendScintilla(SCI_SETKEYWORDS, static_cast<uintptr_t>(set - 1), lexer_->keywords(set));
  SendScintilla(SCI_COLOURISE, 0UL, -1L);
}

void SqlEditor::insertName(const QString& name) {
  static const QRegularExpression plain(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
  QString text = name;
  if (!plain.match(name).hasMatch()) text = QString::fromStdString(hs::quoteIdentifier(name.toStdString()));
  insert(text);
  SendScintilla(SCI_GOTOPOS, static_cast<unsigned long>(cursorByte() + text.toUtf8().size()));
  setFocus();
}

void SqlEditor::showError(int beginByte, int endByte, const QString& message) {
  clearError();
  const QByteArray bytes = textBytes();
  if (endByte <= beginByte) endByte = tokenEnd(bytes, beginByte);
  if (endByte <= beginByte) {  // error at the very end: mark the last character
    beginByte = std::max(0, static_cast<int>(bytes.size()) - 1);
    endByte = static_cast<int>(bytes.size());
  }
  highlighter_->highlight(QString::fromLatin1(kErrorIndicator), beginByte, endByte, message);
  highlighter_->highlight(QStringLiteral("sql-error-box"), beginByte, endByte, QString());
  const int line =
      static_cast<int>(SendScintilla(SCI_LINEFROMPOSITION, static_cast<unsigned long>(beginByte)));
  QsciStyle style(-1, QStringLiteral("error annotation"), QColor(0xa0, 0x10, 0x10), QColor(0xff, 0xee, 0xee),
                  lexer_->font(0));
  annotate(line, QsciStyledText(message, style));
}

bool SqlEditor::event(QEvent* e) {
  if (e->type() == QEvent::ShortcutOverride) {
    auto* key = static_cast<QKeyEvent*>(e);
    if (key->key() == Qt::Key_Escape && key->modifiers() == Qt::NoModifier && !isListActive() &&
        !isCallTipActive()) {
      e->ignore();
      return false;
    }
  }
  return QsciScintilla::event(e);
}

void SqlEditor::clearError() {
  highlighter_->clear(QString::fromLatin1(kErrorIndicator));
  highlighter_->clear(QStringLiteral("sql-error-box"));
  clearAnnotations();
}

}  // namespace hs::ui
