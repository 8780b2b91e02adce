// Nothing committed is lost when the annotating process dies: a scripted annotation session
// (`hallusql-cli annotations script`, every action its own transaction, printed once committed:
// labels, undos and redos through the workspace's undo log) is killed with SIGKILL at a random
// moment, 20 times on the same workspace. After each kill every action it reported as committed
// is in the workspace, an undone annotation is gone, and the file passes PRAGMA integrity_check.
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <signal.h>

#include <map>
#include <set>

#include <nlohmann/json.hpp>

#include "engine/workspace/annotation_undo.h"
#include "engine/workspace/sqlite_util.h"
#include "engine/workspace/workspace.h"
#include "support/run_cli.h"

using hs::ws::Workspace;

namespace {

std::set<std::int64_t> annotationIds(const Workspace& ws) {
  std::set<std::int64_t> ids;
  auto st = hs::ws::Statement::prepare(ws.handle(), "SELECT id FROM annotations", ws.path());
  if (!st) return ids;
  while (st->step().value()) ids.insert(st->int64(0));
  return ids;
}

}  // namespace

class TestAnnotationCrash : public QObject {
  Q_OBJECT
 private slots:
  void killedSessionsLoseNothingCommitted() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("crash.hallusql")).toStdString();
    {
      auto ws = Workspace::create(path);
      QVERIFY(ws);
      auto run = ws->createRun({"r", "m", "", "{}"});
      QVERIFY(run);
      std::vector<hs::Case> cases(25);
      for (std::size_t i = 0; i < cases.size(); ++i) {
        cases[i].id = "k:" + std::to_string(i);
        cases[i].predSql = "SELECT " + std::to_string(i);
      }
      QVERIFY(ws->insertCases(*run, cases));
    }
    QRandomGenerator rng(20261123);
    std::map<std::int64_t, bool> expected;  // annotation id -> present after the last reported action
    int reported = 0;
    for (int round = 0; round < 20; ++round) {
      QProcess p;
      p.start(hs::test::cliPath(),
              {QStringLiteral("annotations"), QStringLiteral("script"), QStringLiteral("--workspace"),
               QString::fromStdString(path), QStringLiteral("--count"), QStringLiteral("100000"),
               QStringLiteral("--seed"), QString::number(round + 1), QStringLiteral("--reviewer"),
               QStringLiteral("kill")});
      QVERIFY(p.waitForStarted());
      // A random moment: after 1..150 reported actions, then 0..2 ms more.
      const int wanted = 1 + static_cast<int>(rng.bounded(150));
      QByteArray out;
      while (out.count('\n') < wanted) {
        if (!p.waitForReadyRead(30000)) break;
        out += p.readAllStandardOutput();
      }
      QThread::usleep(rng.bounded(2000));
      QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGKILL), 0);
      QVERIFY(p.waitForFinished(30000));
      QCOMPARE(p.exitStatus(), QProcess::CrashExit);
      out += p.readAllStandardOutput();
      QVERIFY2(out.count('\n') >= wanted, p.readAllStandardError().constData());
      // Complete lines only: the last may have been cut by the kill. "begin" announces an action,
      // the next line reports it committed; the last one begun and not reported was in flight.
      std::string inFlight;
      for (const QByteArray& line : out.split('\n')) {
        nlohmann::json j = nlohmann::json::parse(line.toStdString(), nullptr, false);
        if (!j.is_object()) continue;
        if (j.contains("begin")) {
          inFlight = j["begin"].get<std::string>();
          continue;
        }
        inFlight.clear();
        ++reported;
        if (j.contains("committed") && j["committed"].is_number_integer())
          expected[j["committed"].get<std::int64_t>()] = true;
        if (j.contains("undone") && j["undone"].is_number_integer())
          expected[j["undone"].get<std::int64_t>()] = false;
      }
      auto ws = Workspace::open(path);
      QVERIFY2(ws, ws ? "" : ws.error().describe().c_str());
      auto st = hs::ws::Statement::prepare(ws->handle(), "PRAGMA integrity_check", path);
      QVERIFY(st && st->step().value());
      QCOMPARE(st->text(0), std::string("ok"));
      const std::set<std::int64_t> present = annotationIds(*ws);
      std::size_t missing = 0, wantPresent = 0;
      for (const auto& [id, there] : expected) {
        if (there) ++wantPresent;
        if (there && !present.count(id)) ++missing;
      }
      // Every reported action is there; only the action in flight may have gone in unreported: an
      // undo took one annotation more, a label or redo wrote one more.
      QVERIFY2(missing == 0 || (missing == 1 && inFlight == "undo"),
               qPrintable(QStringLiteral("%1 committed annotations missing (in flight: %2)")
                              .arg(missing)
                              .arg(QString::fromStdString(inFlight))));
      const bool mayAdd = inFlight == "label" || inFlight == "redo";
      QVERIFY(present.size() <= wantPresent + (mayAdd ? 1 : 0));
      QVERIFY(present.size() + missing >= wantPresent);
      QVERIFY(hs::ws::undoDepth(*ws, "kill"));
      expected.clear();  // the workspace, checked, is the truth the next session starts from
      for (std::int64_t id : present) expected[id] = true;
    }
    QVERIFY(reported >= 20);
  }
};

QTEST_GUILESS_MAIN(TestAnnotationCrash)
#include "test_annotation_crash.moc"
