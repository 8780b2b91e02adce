// The editor's pieces: statement location by bytes, named indicators, span highlighting.
#include <QToolTip>
#include <QtTest>

#include "widgets/indicator_registry.h"
#include "widgets/schema_completions.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"
#include "widgets/sql_lexer.h"
#include "widgets/statement_locator.h"

using namespace hs::ui;

class TestEditorSpans : public QObject {
  Q_OBJECT
 private slots:
  void splitsStatementsOutsideQuotesAndComments() {
    const QByteArray sql = "SELECT ';' AS a; -- x; y\nSELECT \"b;c\" FROM t /* ; */ ;  SELECT 3";
    const auto parts = splitStatements(sql);
    QCOMPARE(parts.size(), 3);
    QCOMPARE(sql.mid(parts[0].begin, parts[0].end - parts[0].begin), QByteArray("SELECT ';' AS a"));
    QVERIFY(sql.mid(parts[1].begin, parts[1].end - parts[1].begin).endsWith("/* ; */"));
    QCOMPARE(sql.mid(parts[2].begin, parts[2].end - parts[2].begin), QByteArray("SELECT 3"));
    // The statement under a byte position.
    const int inSecond = static_cast<int>(sql.indexOf("FROM t"));
    const ByteRange r = statementAt(sql, inSecond);
    QCOMPARE(r.begin, parts[1].begin);
    QVERIFY(statementAt(QByteArray("  \n "), 1).isEmpty());
  }

  void tokenEndsAreBytes() {
    const QByteArray sql = "SELECT 名字, \"a b\" FROM t";
    const int name = static_cast<int>(sql.indexOf("名字"));
    QCOMPARE(tokenEnd(sql, name), name + 6);  // two 3-byte characters
    const int quoted = static_cast<int>(sql.indexOf('"'));
    QCOMPARE(tokenEnd(sql, quoted), quoted + 5);
    QCOMPARE(tokenEnd(sql, static_cast<int>(sql.indexOf(','))), static_cast<int>(sql.indexOf(',')) + 1);
  }

  void indicatorsAreAllocatedByName() {
    SqlEditor editor;
    IndicatorRegistry* reg = editor.indicators();
    const int err = reg->indicator(QString::fromLatin1(SqlEditor::kErrorIndicator));
    QVERIFY(err >= IndicatorRegistry::kFirst);
    const int a = reg->indicator(QStringLiteral("finding-a"), IndicatorStyle{});
    const int b = reg->indicator(QStringLiteral("finding-b"), IndicatorStyle{});
    QVERIFY(a != b && a != err && b != err);
    QCOMPARE(reg->indicator(QStringLiteral("finding-a"), IndicatorStyle{}), a);  // stable
    QCOMPARE(reg->nameOf(b), QStringLiteral("finding-b"));
    QCOMPARE(reg->indicator(QStringLiteral("unknown")), -1);
  }

  void highlightsByteSpansWithTooltips() {
    SqlEditor editor;
    const QByteArray text = "SELECT '雷' AS x, nme FROM people";
    editor.setText(QString::fromUtf8(text));
    const int begin = static_cast<int>(text.indexOf("nme"));
    QVERIFY(editor.highlighter()->highlight(QStringLiteral("finding"), begin, begin + 3,
                                            QStringLiteral("unknown column")));
    const auto spans = editor.highlighter()->spans(QStringLiteral("finding"));
    QCOMPARE(spans.size(), 1);
    QCOMPARE(spans[0].begin, begin);
    QCOMPARE(spans[0].end, begin + 3);
    QCOMPARE(editor.highlighter()->tooltipAt(begin + 1), QStringLiteral("unknown column"));
    QVERIFY(editor.highlighter()->tooltipAt(0).isEmpty());
    editor.highlighter()->clear(QStringLiteral("finding"));
    QVERIFY(editor.highlighter()->spans(QStringLiteral("finding")).isEmpty());
    QVERIFY(!editor.highlighter()->highlight(QStringLiteral("finding"), 5, 5));  // empty span
  }

  void caretInASpanShowsItsReason() {
    // A keyboard user cannot hover: moving the caret into a span shows the same tooltip.
    SqlEditor editor;
    const QByteArray text = "SELECT x FROM pets WHERE kind = 'Dog'";
    editor.setText(QString::fromUtf8(text));
    const int begin = static_cast<int>(text.indexOf("'Dog'"));
    QVERIFY(editor.highlighter()->highlight(QStringLiteral("finding"), begin, begin + 5,
                                            QStringLiteral("value with other letter case")));
    editor.show();
    editor.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&editor));
    editor.setFocus();
    QTRY_VERIFY(editor.hasFocus());
    editor.setCursorPosition(0, begin + 2);
    QTRY_COMPARE(QToolTip::text(), QStringLiteral("value with other letter case"));
    editor.setCursorPosition(0, 1);
    QTRY_VERIFY(!QToolTip::isVisible());
  }

  void showErrorMarksWholeToken() {
    SqlEditor editor;
    const QByteArray text = "SELECT x FROM tabel WHERE 1";
    editor.setText(QString::fromUtf8(text));
    const int at = static_cast<int>(text.indexOf("tabel"));
    editor.showError(at, -1, QStringLiteral("no such table: tabel"));
    const auto spans = editor.highlighter()->spans(QString::fromLatin1(SqlEditor::kErrorIndicator));
    QCOMPARE(spans.size(), 1);
    QCOMPARE(spans[0].begin, at);
    QCOMPARE(spans[0].end, at + 5);
    editor.clearError();
    QVERIFY(editor.highlighter()->spans(QString::fromLatin1(SqlEditor::kErrorIndicator)).isEmpty());
  }

  void lexerKnowsSchemaNames() {
    SqlEditor editor;
    editor.setSchemaNames({QStringLiteral("Students"), QStringLiteral("pets")}, {QStringLiteral("pet_name")});
    const QByteArray tables = editor.sqlLexer()->keywords(5);
    QVERIFY(tables.contains("students"));
    QVERIFY(tables.contains("pets"));
    QCOMPARE(QByteArray(editor.sqlLexer()->keywords(6)), QByteArray("pet_name"));
  }

  // The editor colours and completes SQLite's keywords as engine/sql lists them, not a list of its own.
  void lexerKeywordsAreTheEnginesKeywords() {
    SqlEditor editor;
    const QList<QByteArray> words = QByteArray(editor.sqlLexer()->keywords(1)).split(' ');
    QVERIFY(words.contains("select"));
    QVERIFY(words.contains("returning"));  // SQLite 3.35+, unknown to QScintilla's SQL list
    QVERIFY(words.contains("count"));      // an aggregate function
    QVERIFY(!words.contains("varchar2"));  // Oracle's, in QScintilla's list, not SQLite's
    editor.setSchemaNames({}, {});
    QVERIFY(editor.sqlLexer()
                ->completions()
                ->complete(QStringLiteral("retu"))
                .contains(QStringLiteral("RETURNING")));
  }
};

QTEST_MAIN(TestEditorSpans)
#include "test_editor_spans.moc"
