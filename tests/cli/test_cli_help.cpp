// Command-line conventions: every hallusql-cli command answers --help with its own usage and
// examples (exit 0, no option error), --man prints the manual page built from the same registry,
// and the window's --help and --version work with no display at all.
#include <QtTest>

#include <QProcess>
#include <QProcessEnvironment>

#include "support/run_cli.h"

namespace {

// The command names, read from the top-level help: "  evaluate --cases F ..." -> "evaluate".
QStringList commandNames() {
  const hs::test::CliRun r = hs::test::runCli({"--help"});
  QStringList names;
  bool inCommands = false;
  for (const QByteArray& line : r.out.split('\n')) {
    if (line.startsWith("commands:")) inCommands = true;
    if (!inCommands || !line.startsWith("  ") || line.startsWith("   ")) continue;
    const QList<QByteArray> words = line.trimmed().split(' ');
    if (words.isEmpty() || words[0].isEmpty() || !QChar::fromLatin1(words[0][0]).isLetter()) continue;
    // Two-word commands ("drilldown run") have a lower-case word without dashes second.
    QString name = QString::fromUtf8(words[0]);
    if (words.size() > 1 && !words[1].startsWith('-') && !words[1].startsWith('(') &&
        !words[1].startsWith('[') && words[1] == words[1].toLower() &&
        QChar::fromLatin1(words[1][0]).isLetter())
      name += ' ' + QString::fromUtf8(words[1]);
    names << name;
  }
  return names;
}

}  // namespace

class TestCliHelp : public QObject {
  Q_OBJECT

 private slots:
  void everyCommandAnswersHelp() {
    const QStringList names = commandNames();
    QVERIFY2(names.size() >= 20, qPrintable(names.join(", ")));
    QVERIFY(names.contains("evaluate") && names.contains("drilldown run"));
    for (const QString& name : names) {
      QStringList args = name.split(' ');
      args << "--help";
      const hs::test::CliRun r = hs::test::runCli(args);
      QVERIFY2(r.exitCode == 0, qPrintable(name + ": " + r.err));
      QVERIFY2(r.out.startsWith("usage: hallusql-cli " + name.toUtf8()), qPrintable(name + ": " + r.out));
      QVERIFY2(r.out.contains("\nexamples:\n  hallusql-cli " + name.toUtf8()),
               qPrintable(name + ": " + r.out));
    }
    // "help CMD" and -h anywhere after the command say the same.
    const hs::test::CliRun a = hs::test::runCli({"evaluate", "--help"});
    QCOMPARE(hs::test::runCli({"help", "evaluate"}).out, a.out);
    QCOMPARE(hs::test::runCli({"evaluate", "--cases", "x.jsonl", "-h"}).out, a.out);
  }

  void theManualPageListsEveryCommand() {
    const hs::test::CliRun r = hs::test::runCli({"--man"});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.out.startsWith(".TH HALLUSQL-CLI 1"));
    for (const QString& name : commandNames()) {
      QString roffName = name;
      roffName.replace('-', "\\-");
      QVERIFY2(r.out.contains(".B " + roffName.toUtf8() + "\n"), qPrintable(name));
    }
  }

  void theWindowAnswersWithoutADisplay() {
    const QString gui = QStringLiteral(HALLUSQL_BINARY_DIR "/app/gui/hallusql");
    if (!QFileInfo::exists(gui)) QSKIP("the GUI is not built here (HALLUSQL_ENGINE_ONLY)");
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    for (const char* flag : {"--help", "--version"}) {
      QProcess p;
      p.setProcessEnvironment(env);
      p.start(gui, {QString::fromLatin1(flag)});
      QVERIFY(p.waitForFinished(30000));
      QCOMPARE(p.exitStatus(), QProcess::NormalExit);
      QCOMPARE(p.exitCode(), 0);
      const QByteArray out = p.readAllStandardOutput();
      QVERIFY2(out.contains(flag == QByteArray("--help") ? "--workspace" : "HalluSQL"), out.constData());
    }
  }
};

QTEST_GUILESS_MAIN(TestCliHelp)
#include "test_cli_help.moc"
