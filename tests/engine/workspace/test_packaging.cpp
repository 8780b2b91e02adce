// Packaging metadata: the .desktop file, the AppStream metainfo and the icon agree with each other
// and pass their validators (desktop-file-validate, appstreamcli; see packaging/install-deps.sh).
#include <QtTest>

#include <QDomDocument>
#include <QProcess>
#include <QStandardPaths>

namespace {

QString src(const QString& rel) {
  return QStringLiteral(HALLUSQL_SOURCE_DIR) + "/" + rel;
}

QString readText(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// Value of `key=` in the [Desktop Entry] group.
QString desktopValue(const QString& text, const QString& key) {
  for (const QString& line : text.split('\n')) {
    if (line.startsWith(key + "=")) return line.mid(key.size() + 1).trimmed();
  }
  return {};
}

}  // namespace

class TestPackaging : public QObject {
  Q_OBJECT
 private slots:
  void desktopFileIsValidAndConsistent() {
    const QString path = src("packaging/hallusql.desktop");
    const QString text = readText(path);
    QVERIFY(!text.isEmpty());
    QCOMPARE(desktopValue(text, "Icon"), QStringLiteral("hallusql"));
    QVERIFY(QFile::exists(src("resources/icons/") + desktopValue(text, "Icon") + ".svg"));
    QVERIFY(desktopValue(text, "Exec").startsWith("hallusql"));
    const QString tool = QStandardPaths::findExecutable("desktop-file-validate");
    if (tool.isEmpty()) QSKIP("desktop-file-validate not installed (packaging/install-deps.sh installs it)");
    QProcess p;
    p.start(tool, {path});
    QVERIFY(p.waitForFinished(30000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardOutput().constData());
  }

  void metainfoIsValidAndConsistent() {
    const QString path = src("packaging/io.github.hallusql.HalluSQL.metainfo.xml");
    QDomDocument doc;
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(doc.setContent(&f));
    QDomElement root = doc.documentElement();
    QCOMPARE(root.attribute("type"), QStringLiteral("desktop-application"));
    QCOMPARE(root.firstChildElement("id").text(), QStringLiteral("io.github.hallusql.HalluSQL"));
    QDomElement launchable = root.firstChildElement("launchable");
    QVERIFY(QFile::exists(src("packaging/") + launchable.text()));
    const QString tool = QStandardPaths::findExecutable("appstreamcli");
    if (tool.isEmpty()) QSKIP("appstreamcli not installed (packaging/install-deps.sh installs appstream)");
    QProcess p;
    p.start(tool, {"validate", "--no-net", path});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardOutput().constData());
  }

  void iconIsSquareSvg() {
    QDomDocument doc;
    QFile f(src("resources/icons/hallusql.svg"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(doc.setContent(&f));
    QDomElement svg = doc.documentElement();
    QCOMPARE(svg.tagName(), QStringLiteral("svg"));
    const QStringList box = svg.attribute("viewBox").split(' ', Qt::SkipEmptyParts);
    QCOMPARE(box.size(), 4);
    QCOMPARE(box[2], box[3]);
  }
};

QTEST_GUILESS_MAIN(TestPackaging)
#include "test_packaging.moc"
