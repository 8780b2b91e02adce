// Closing the Review tab while its background jobs run (the knowledge-base load starts on every
// workspace open) must not run their callbacks on a half-destroyed panel: JobRunner::abandon().
#include <QtTest>

#include <memory>

#include "engine/workspace/workspace.h"
#include "review_test_env.h"
#include "widgets/review/annotation_bar.h"
#include "widgets/review/evaluation_controller.h"
#include "widgets/review/review_panel.h"

class TestPanelTeardown : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-panel-teardown-test");
  }

  void panelClosedWhileTheKnowledgeBaseLoads() {
    const QString path = dir_.filePath("teardown.hallusql");
    {
      auto ws = hs::ws::Workspace::create(path.toStdString());
      QVERIFY(ws.ok());
      const auto run = ws->createRun(hs::ws::RunInfo{"teardown", "gpt-4", "", "{}"});
      QVERIFY(run.ok());
      std::vector<hs::Case> cases(3);
      for (std::size_t i = 0; i < cases.size(); ++i) {
        cases[i].id = "spider:" + std::to_string(i);
        cases[i].dbId = "concert_singer";
        cases[i].question = "How many singers do we have?";
        cases[i].goldSql = "SELECT count(*) FROM singer";
        cases[i].predSql = "SELECT count(*) FROM singer WHERE 0";
      }
      QVERIFY(ws->insertCases(*run, cases).ok());
    }
    int loading = 0;
    for (int round = 0; round < 20; ++round) {
      hs::ui::EvaluationController evaluation;
      auto panel = std::make_unique<hs::ui::ReviewPanel>(&evaluation);
      int loaded = 0;
      connect(panel->annotationBar(), &hs::ui::AnnotationBar::hkbLoaded, this, [&loaded] { ++loaded; });
      QVERIFY(panel->setWorkspace(path));
      if (!panel->annotationBar()->isHkbReady()) ++loading;
      panel.reset();  // the load is (usually) still running: its callback must not run any more
      QCOMPARE(loaded, 0);
    }
    QVERIFY2(loading > 0, "the knowledge-base load never ran while the panel was closed");
    QTest::qWait(50);  // queued events of the deleted jobs are dropped, not delivered
  }
};

QTEST_MAIN(TestPanelTeardown)
#include "test_panel_teardown.moc"
