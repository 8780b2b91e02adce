// One finding, two screens: the demo's case 6 ("How many students own a cat?", 'Cat' where the data
// says 'cat') generated in the Query tab (fake model) and opened in the Review case view carries
// the same gold-free value finding with the same indicator style and the same tooltip text
// (FindingStyles::tooltip: category, message and, when the engine gave one, the explanation).
// With HALLUSQL_SCREENSHOT_DIR set it saves onesql-query.png and onesql-review.png there, each
// with the tooltip of the 'Cat' literal shown.
#include <QtTest>

#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QToolTip>

#include <Qsci/qsciscintilla.h>

#include "fake_llm_profile.h"
#include "support/fake_llm/fake_llm.h"
#include "widgets/llm/generation_controller.h"
#include "widgets/llm/llm_controller.h"
#include "widgets/llm/question_bar.h"
#include "widgets/main_window.h"
#include "widgets/review/case_view.h"
#include "widgets/review/case_view_host.h"
#include "widgets/review/review_controller.h"
#include "widgets/review/review_panel.h"
#include "widgets/span_highlighter.h"
#include "widgets/sql_editor.h"

namespace {

constexpr const char* kPred =
    "SELECT COUNT(DISTINCT h.student_id) FROM has_pet h JOIN pets p ON h.pet_id = p.pet_id "
    "WHERE p.pet_type = 'Cat';";

// The tooltip of the first span at `literal` in `e`, and the indicator styles present there.
QString tipAt(hs::ui::SqlEditor* e, const QByteArray& literal) {
  const int at = int(e->textBytes().indexOf(literal));
  return at < 0 ? QString() : e->highlighter()->tooltipAt(at + 1);
}

// Saves the window with the tooltip of `literal` shown (the screen holds the tooltip window too).
void shoot(QWidget* window, hs::ui::SqlEditor* e, const QByteArray& literal, const QString& file) {
  const int at = int(e->textBytes().indexOf(literal));
  const long x = e->SendScintilla(QsciScintillaBase::SCI_POINTXFROMPOSITION, 0UL, long(at + 1));
  const long y = e->SendScintilla(QsciScintillaBase::SCI_POINTYFROMPOSITION, 0UL, long(at + 1));
  const QPoint global = e->viewport()->mapToGlobal(QPoint(int(x), int(y) + 14));
  QToolTip::showText(global, e->highlighter()->tooltipAt(at + 1), e->viewport());
  QTest::qWait(300);
  QPixmap shot = window->screen()->grabWindow(0, window->x(), window->y(), window->width(), window->height());
  if (shot.isNull()) shot = window->grab();
  shot.save(file);
  QToolTip::hideText();
}

}  // namespace

class TestSameFindingGui : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    // The demo workspace of this test, not the user's (~/.local/share/hallusql/demo).
    qputenv("XDG_DATA_HOME", dir_.filePath("xdg").toUtf8());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, dir_.filePath("settings"));
    QCoreApplication::setOrganizationName("HalluSQLTest");
    QCoreApplication::setApplicationName("hallusql-same-finding-test");
  }

  void queryTabAndCaseViewShowTheSameFinding() {
    hs::test::FakeLlmServer server(HALLUSQL_SOURCE_DIR "/tests/support/fake_llm/fake_llm_server.py");
    server.setDefault({{"content", std::string("```sql\n") + kPred + "\n```"}});
    hs::test::useFakeProfile(server.baseUrl());
    hs::ui::MainWindow w;
    w.resize(1366, 800);
    w.show();
    QSignalSpy loaded(&w, &hs::ui::MainWindow::initialLoadFinished);
    w.openDemo();
    QVERIFY(loaded.wait(60000));

    // Query tab: the question, the fake model's answer, the gold-free checks.
    hs::ui::LlmController* llm = w.llm();
    QSignalSpy done(llm->generation(), &hs::ui::GenerationController::finished);
    llm->questionBar()->setQuestion("How many students own a cat?");
    emit llm->questionBar()->generateRequested("How many students own a cat?", {});
    QVERIFY(done.wait(20000));
    const QString queryTip = tipAt(w.editor(), "'Cat'");
    QVERIFY2(queryTip.startsWith("Gold-free"), qPrintable(queryTip));
    QVERIFY2(queryTip.contains("Why: looked up in the database"), qPrintable(queryTip));  // the explanation
    const QString key = "finding-gf-values";
    QVERIFY(!w.editor()->highlighter()->spans(key).isEmpty());
    const QString dir = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR");
    if (!dir.isEmpty()) shoot(&w, w.editor(), "'Cat'", QDir(dir).filePath("onesql-query.png"));

    // Review: case 6 of the demo run, the same SQL with its gold.
    w.showReview();
    QTRY_VERIFY_WITH_TIMEOUT(w.review()->isSettled(), 60000);
    QVERIFY(w.review()->panel()->selectCaseNumber(6));
    hs::ui::CaseView* view = w.review()->panel()->caseView()->caseView();
    QVERIFY(view);
    QTRY_VERIFY_WITH_TIMEOUT(view->predEditor()->text().contains("'Cat'"), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!view->predEditor()->highlighter()->spans(key).isEmpty(), 10000);
    // Same style (one indicator definition from the engine's table) and the same tooltip text: the
    // case view names every finding covering the literal, the gold-free one among them.
    const QString reviewTip = tipAt(view->predEditor(), "'Cat'");
    QVERIFY2(reviewTip.contains(queryTip), qPrintable(reviewTip + "\n---\n" + queryTip));
    if (!dir.isEmpty()) shoot(&w, view->predEditor(), "'Cat'", QDir(dir).filePath("onesql-review.png"));
  }
};

QTEST_MAIN(TestSameFindingGui)
#include "test_same_finding_gui.moc"
