#pragma once
// Runs hallusql-cli (built in this build tree) as a process, for the tests of the CLI contract.
#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace hs::test {

struct CliRun {
  int exitCode = -1;  // -1: did not finish in time (killed), -2: crashed
  QByteArray out;
  QByteArray err;
};

inline QString cliPath() {
  return QStringLiteral(HALLUSQL_BINARY_DIR "/app/cli/hallusql-cli");
}

inline CliRun runCli(const QStringList& args, int timeoutMs = 120000) {
  QProcess p;
  p.start(cliPath(), args);
  CliRun r;
  if (!p.waitForFinished(timeoutMs)) {
    p.kill();
    p.waitForFinished();
  } else {
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
  }
  r.out = p.readAllStandardOutput();
  r.err = p.readAllStandardError();
  return r;
}

}  // namespace hs::test
