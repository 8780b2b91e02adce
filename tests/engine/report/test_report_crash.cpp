// A PDF export killed with SIGKILL while Chromium prints leaves no Chromium running (nothing with
// the report's profile folder), and everything it left in $TMPDIR (the report, Chromium's profile
// and temporary files) is removed at the next start; with a fake slow Chromium (always) and with
// the real one (when installed).
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>

#include "engine/core/temp_files.h"
#include "engine/report/report_render.h"

namespace fs = std::filesystem;
using namespace std::chrono_literals;

namespace {

// A report long enough for Chromium to print for a while.
hs::report::ReportInput bigReport() {
  hs::report::ReportInput in;
  in.runName = "crash";
  for (int i = 0; i < 600; ++i) {
    hs::report::ReportCase c;
    c.kase.id = "dev:" + std::to_string(i);
    c.kase.question = "How many singers are older than " + std::to_string(i) + "?";
    c.kase.goldSql = "SELECT count(*) FROM singer WHERE age > " + std::to_string(i);
    c.kase.predSql = "SELECT count(*) FROM singer WHERE age >= " + std::to_string(i);
    in.cases.push_back(c);
  }
  return in;
}

// Processes whose command line holds `needle` (zombies have none, so they do not count).
std::set<pid_t> processesWith(const std::string& needle) {
  std::set<pid_t> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "cmdline", std::ios::binary);
    const std::string cmdline((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (cmdline.find(needle) != std::string::npos) out.insert(static_cast<pid_t>(std::stol(name)));
  }
  return out;
}

std::set<pid_t> waitFor(const std::string& needle, bool present, std::chrono::milliseconds limit) {
  const auto end = std::chrono::steady_clock::now() + limit;
  std::set<pid_t> found = processesWith(needle);
  while (found.empty() == present && std::chrono::steady_clock::now() < end) {
    std::this_thread::sleep_for(20ms);
    found = processesWith(needle);
  }
  return found;
}

// Starts a PDF export with `chromium` in a child process, SIGKILLs it while Chromium prints and
// checks that Chromium goes with it and that the next start removes the report's folder.
void killExportWhilePrinting(const QString& chromium, std::chrono::milliseconds printing) {
  QTemporaryDir tmp;
  QVERIFY(tmp.isValid());
  const std::string root = tmp.path().toStdString();
  qputenv("TMPDIR", tmp.path().toUtf8());
  qputenv("HALLUSQL_CHROMIUM", chromium.toUtf8());
  const hs::report::ReportInput input = bigReport();
  const std::string pdf = root + "/out.pdf";
  const pid_t child = ::fork();
  QVERIFY(child >= 0);
  if (child == 0) {
    auto st = hs::report::renderPdf(input, pdf);
    ::_exit(st ? 0 : 1);
  }
  const std::string profile = "--user-data-dir=" + root + "/";
  const std::set<pid_t> printers = waitFor(profile, true, 30s);
  if (printers.empty()) {
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    QFAIL("Chromium did not start");
  }
  std::this_thread::sleep_for(printing);  // its helper processes start
  const std::set<pid_t> all = processesWith(profile);
  QVERIFY(::kill(child, SIGKILL) == 0);
  int status = 0;
  QVERIFY(::waitpid(child, &status, 0) == child);
  if (!WIFSIGNALED(status)) {
    for (pid_t pid : all) ::kill(pid, SIGKILL);
    QSKIP("Chromium printed the report before the kill landed: nothing left to check this time");
  }
  const std::set<pid_t> left = waitFor(profile, false, 10s);
  for (pid_t pid : all) ::kill(pid, SIGKILL);  // the test's own leftovers, when it fails
  QVERIFY2(left.empty(), "Chromium outlived the killed export");
  // No PDF, or (killed just after the rename) the whole PDF: never a part of one.
  if (fs::exists(pdf)) {
    std::ifstream in(pdf, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    QVERIFY(bytes.rfind("%PDF", 0) == 0 &&
            bytes.find("%%EOF", bytes.size() > 16 ? bytes.size() - 16 : 0) != std::string::npos);
  }

  // Everything the export left (the report, Chromium's profile and temporary files) is in the
  // killed process's private directory, which the next start removes.
  const std::string privateRoot = "hallusql-" + std::to_string(::geteuid());
  const fs::path runDir = fs::path(root) / privateRoot / ("run-" + std::to_string(child));
  const QStringList leftovers =
      QDir(tmp.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
  QVERIFY2(leftovers == QStringList{QString::fromStdString(privateRoot)},
           qPrintable("left outside the private directory: " + leftovers.join(' ')));
  QVERIFY2(fs::is_directory(runDir), runDir.c_str());
  hs::removeStaleTempDirs();
  QVERIFY(!fs::exists(runDir));
  qunsetenv("HALLUSQL_CHROMIUM");
  qunsetenv("TMPDIR");
}

}  // namespace

class TestReportCrash : public QObject {
  Q_OBJECT
 private slots:
  void killedExportStopsAFakeChromium() {
    QTemporaryDir dir;
    const QString fake = dir.filePath("slow-chromium");
    QFile script(fake);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\n# prints nothing, for ever\nwhile :; do sleep 0.1; done\n");
    script.close();
    QVERIFY(script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    killExportWhilePrinting(fake, 200ms);
  }

  void killedExportStopsChromium() {
    const QString chromium = QStandardPaths::findExecutable("chromium");
    if (chromium.isEmpty()) QSKIP("Chromium is not installed (packaging/install-deps.sh installs it)");
    killExportWhilePrinting(chromium, 300ms);
  }
};

QTEST_GUILESS_MAIN(TestReportCrash)
#include "test_report_crash.moc"
