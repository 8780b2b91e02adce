// The Save dialog that opens before an import (a new workspace for the run) has a title (issue 28).
#include <QtTest>

#include <QApplication>
#include <QFileDialog>
#include <QTimer>

#include "review_test_env.h"
#include "widgets/language_controller.h"
#include "widgets/review/review_controller.h"

class TestSaveDialogTitle : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  hs::ui::LanguageController english_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    hs::test::isolateSettings(dir_, "hallusql-save-dialog-test");
    QVERIFY(english_.setLanguage(QStringLiteral("en")));
  }

  void newWorkspaceDialogHasATitle() {
    QWidget window;
    window.resize(1366, 768);
    window.show();
    hs::ui::ReviewController review(&window);
    QString title, kind;
    bool seen = false;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
      QWidget* modal = QApplication::activeModalWidget();
      if (!modal) return;
      seen = true;
      title = modal->windowTitle();
      kind = QString::fromLatin1(modal->metaObject()->className());
      if (const QString shots = qEnvironmentVariable("HALLUSQL_SCREENSHOT_DIR"); !shots.isEmpty())
        modal->grab().save(QDir(shots).filePath("import-save-dialog.png"));
      if (auto* d = qobject_cast<QDialog*>(modal)) d->reject();
    });
    poll.start(100);
    QVERIFY(!review.ensureWorkspace());  // cancelled
    poll.stop();
    QVERIFY(seen);
    QVERIFY2(!title.trimmed().isEmpty(), qPrintable(kind));
    QVERIFY2(title.contains(QStringLiteral("Workspace")), qPrintable(title));
  }
};

QTEST_MAIN(TestSaveDialogTitle)
#include "test_save_dialog_title.moc"
