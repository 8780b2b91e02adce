// Writing a report file from a workspace (report_job.h), the bad inputs: an unknown run, an empty
// run and an output folder that is missing, not a folder or not writable are refused with an error
// that names what and where, before any rendering, and leave no file behind (not even a temporary).
#include <sys/stat.h>
#include <unistd.h>

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include "engine/report/report_job.h"
#include "engine/workspace/workspace.h"

using namespace hs;

namespace {

struct Fixture {
  QTemporaryDir dir;
  std::string path;
};

std::unique_ptr<Fixture> makeFixture() {
  auto f = std::make_unique<Fixture>();
  f->path = f->dir.filePath("w.hallusql").toStdString();
  auto ws = ws::Workspace::create(f->path);
  if (!ws) return nullptr;
  Case c;
  c.id = "t:1";
  c.dbId = "shop";
  c.question = "How many?";
  c.goldSql = "SELECT 1";
  c.predSql = "SELECT 2";
  auto full = ws->createRun({"full", "gpt-4", "", "{}"});
  if (!full || !ws->insertCases(*full, {c})) return nullptr;
  if (!ws->createRun({"empty", "gpt-4", "", "{}"})) return nullptr;
  return f;
}

report::ReportRequest request(const Fixture& f, const std::string& run, const std::string& out) {
  report::ReportRequest r;
  r.workspacePath = f.path;
  r.runName = run;
  r.format = report::ReportFormat::Html;
  r.outPath = out;
  return r;
}

QStringList filesIn(const QString& dir) {
  return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot);
}

}  // namespace

class TestReportJob : public QObject {
  Q_OBJECT
 private slots:
  void writesAReportOfARun() {
    auto f = makeFixture();
    QVERIFY(f);
    QTemporaryDir out;
    auto written = report::writeReport(request(*f, "full", out.filePath("r.html").toStdString()));
    QVERIFY2(written, written ? "" : written.error().describe().c_str());
    QCOMPARE(written->cases, std::size_t{1});
    QCOMPARE(filesIn(out.path()), QStringList{"r.html"});
  }

  void anEmptyRunIsAnErrorAndWritesNothing() {
    auto f = makeFixture();
    QVERIFY(f);
    QTemporaryDir out;
    for (auto format : {report::ReportFormat::Html, report::ReportFormat::Csv, report::ReportFormat::Jsonl}) {
      auto r = request(*f, "empty", out.filePath("r.out").toStdString());
      r.format = format;
      auto written = report::writeReport(r);
      QVERIFY(!written);
      QCOMPARE(written.error().code, std::string("empty_run"));
      QVERIFY(QString::fromStdString(written.error().message).contains("'empty' has no cases"));
      QCOMPARE(written.error().where, f->path);
    }
    QVERIFY(filesIn(out.path()).isEmpty());
  }

  void anUnknownRunIsNamed() {
    auto f = makeFixture();
    QVERIFY(f);
    QTemporaryDir out;
    auto written = report::writeReport(request(*f, "nosuch", out.filePath("r.html").toStdString()));
    QVERIFY(!written);
    QVERIFY(QString::fromStdString(written.error().message).contains("nosuch"));
    QVERIFY(filesIn(out.path()).isEmpty());
  }

  void theWorkspaceItselfIsNeverTheOutput() {
    // The GUI's Save dialog would let a reviewer pick the open workspace (or a link to it).
    auto f = makeFixture();
    QVERIFY(f);
    const std::string link = f->dir.filePath("link.html").toStdString();
    QCOMPARE(::symlink(f->path.c_str(), link.c_str()), 0);
    for (const std::string& out : {f->path, link}) {
      for (auto format : {report::ReportFormat::Html, report::ReportFormat::Csv, report::ReportFormat::Jsonl,
                          report::ReportFormat::Pdf}) {
        auto r = request(*f, "full", out);
        r.format = format;
        auto written = report::writeReport(r);
        QVERIFY(!written);
        QCOMPARE(written.error().code, std::string("output_is_input"));
      }
    }
    QVERIFY(ws::Workspace::open(f->path));
    QVERIFY(report::writeReport(request(*f, "full", f->dir.filePath("r.html").toStdString())));
  }

  void aBadOutputFolderIsRefusedBeforeAnyWork() {
    auto f = makeFixture();
    QVERIFY(f);
    QTemporaryDir out;
    // A folder that does not exist, a file used as a folder, a folder given as the file.
    const std::string missing = out.filePath("nowhere/r.pdf").toStdString();
    auto r = request(*f, "full", missing);
    r.format = report::ReportFormat::Pdf;  // refused before Chromium is looked for or started
    auto written = report::writeReport(r);
    QVERIFY(!written);
    QCOMPARE(written.error().where, missing);
    QVERIFY2(QString::fromStdString(written.error().message).contains("does not exist"),
             written.error().message.c_str());
    QVERIFY(report::writeReport(request(*f, "full", out.filePath("r.html").toStdString())));
    const std::string underFile = out.filePath("r.html/x.html").toStdString();
    written = report::writeReport(request(*f, "full", underFile));
    QVERIFY(!written);
    QVERIFY(QString::fromStdString(written.error().message).contains("is not a folder"));
    written = report::writeReport(request(*f, "full", out.path().toStdString()));
    QVERIFY(!written);
    QVERIFY(QString::fromStdString(written.error().message).contains("is a folder"));
    // A read-only folder (root may write anyway: then there is nothing to check).
    QTemporaryDir ro;
    QVERIFY(::chmod(ro.path().toUtf8().constData(), 0555) == 0);
    if (::access(ro.path().toUtf8().constData(), W_OK) == 0) {
      ::chmod(ro.path().toUtf8().constData(), 0755);
      QSKIP("running as root: a read-only folder is writable");
    }
    written = report::writeReport(request(*f, "full", ro.filePath("r.html").toStdString()));
    ::chmod(ro.path().toUtf8().constData(), 0755);
    QVERIFY(!written);
    QVERIFY(QString::fromStdString(written.error().message).contains("is not writable"));
    QVERIFY(filesIn(ro.path()).isEmpty());
  }
};

QTEST_GUILESS_MAIN(TestReportJob)
#include "test_report_job.moc"
