// The one catalogue of finding texts (engine/core/finding_messages.h, finding_texts.h): every
// template round-trips, every template, subcategory and category label has its Simplified Chinese,
// and every message the engine writes on the demo run and on the GPT-4 DIN-SQL Spider dev run is
// built from a template, so none is left untranslated.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <regex>
#include <set>
#include <string>

#include "engine/core/finding_categories.h"
#include "engine/core/finding_messages.h"
#include "engine/core/finding_texts.h"
#include "engine/mr/relation.h"
#include "engine/mr/relation_check.h"
#include "support/run_cli.h"
#include "support/shared_data.h"

namespace {

std::set<std::string> placeholders(std::string_view text) {
  std::set<std::string> out;
  static const std::regex re("\\{[1-9]\\}");
  const std::string s(text);
  for (auto it = std::sregex_iterator(s.begin(), s.end(), re); it != std::sregex_iterator(); ++it)
    out.insert(it->str());
  return out;
}

struct Tally {
  int findings = 0, matched = 0, explanations = 0;
  QStringList unmatched, unknownSubcategories, untranslatedExplanations;
};

// What a tally found wrong: messages matching no template, unknown subcategories, explanations
// without a translation ("" when none).
QString problems(const Tally& t) {
  return (t.unmatched + t.unknownSubcategories + t.untranslatedExplanations).join('\n');
}

// Every finding of a JSON array of cases (each with "findings").
void tally(const QJsonArray& cases, Tally& t) {
  const auto& subs = hs::findingSubcategories();
  for (const QJsonValue& c : cases)
    for (const QJsonValue& fv : c.toObject().value("findings").toArray()) {
      const QJsonObject f = fv.toObject();
      ++t.findings;
      const std::string message = f.value("message").toString().toStdString();
      const std::string sub = f.value("subcategory").toString().toStdString();
      if (hs::parseMessage(message))
        ++t.matched;
      else
        t.unmatched << QString::fromStdString(message);
      if (!sub.empty() && std::find(subs.begin(), subs.end(), sub) == subs.end())
        t.unknownSubcategories << QString::fromStdString(sub);
      // Why it was given: built of templates too (parts joined with "; "), so translated.
      const std::string why = f.value("explanation").toString().toStdString();
      if (!why.empty()) {
        ++t.explanations;
        if (hs::FindingTexts::of("zh_CN").message(why) == why)
          t.untranslatedExplanations << QString::fromStdString(why);
      }
      // Translated: the zh_CN text differs from the English one.
      if (hs::parseMessage(message))
        QVERIFY2(hs::FindingTexts::of("zh_CN").message(message) != message, message.c_str());
    }
}

}  // namespace

class TestFindingMessages : public QObject {
  Q_OBJECT
 private slots:
  void everyTemplateRoundTrips() {
    QVERIFY(hs::findingMessageTemplates().size() > 100);
    std::set<std::string_view> texts;
    for (const hs::FindingMessageTemplate& t : hs::findingMessageTemplates()) {
      QVERIFY2(texts.insert(t.text).second, std::string(t.text).c_str());
      const std::set<std::string> ph = placeholders(t.text);
      // Numbered from {1} without gaps.
      for (std::size_t k = 1; k <= ph.size(); ++k)
        QVERIFY2(ph.count("{" + std::to_string(k) + "}"), std::string(t.text).c_str());
      std::vector<std::string> args;
      for (std::size_t k = 0; k < ph.size(); ++k) args.push_back("arg" + std::to_string(k + 1) + " x.y");
      std::string message;
      switch (args.size()) {
        case 0:
          message = hs::formatMessage(t.id);
          break;
        case 1:
          message = hs::formatMessage(t.id, {args[0]});
          break;
        case 2:
          message = hs::formatMessage(t.id, {args[0], args[1]});
          break;
        case 3:
          message = hs::formatMessage(t.id, {args[0], args[1], args[2]});
          break;
        default:
          message = hs::formatMessage(t.id, {args[0], args[1], args[2], args[3]});
          break;
      }
      QVERIFY2(args.size() <= 4, std::string(t.name).c_str());
      QVERIFY2(message.find("{") == std::string::npos, message.c_str());
      auto parsed = hs::parseMessage(message);
      QVERIFY2(parsed, message.c_str());
      QVERIFY2(parsed->id == t.id,
               (message + " -> " + std::string(hs::findingMessageTemplate(parsed->id).name)).c_str());
      QCOMPARE(parsed->args, args);
    }
  }

  void storedMessagesParse() {
    // Messages as the engine stored them before the catalogue existed.
    auto p =
        hs::parseMessage("'sum ( pets.weight_kg )' where the gold query selects 'avg ( pets.weight_kg )'");
    QVERIFY(p);
    QVERIFY(p->id == hs::FindingMsg::MgSelectsInstead);
    QCOMPARE(p->args, (std::vector<std::string>{"sum ( pets.weight_kg )", "avg ( pets.weight_kg )"}));
    // The most specific template wins: quoted beats bare, the literal CTE one beats both.
    QVERIFY(hs::parseMessage("'left join' is absent from the ground truth")->id ==
            hs::FindingMsg::TaQuotedAbsent);
    QVERIFY(hs::parseMessage("GROUP BY is absent from the ground truth")->id ==
            hs::FindingMsg::TaClauseAbsent);
    QVERIFY(hs::parseMessage("WITH (CTE) is absent from the ground truth")->id ==
            hs::FindingMsg::TaCteAbsent);
    // A placeholder used twice must hold the same text.
    QVERIFY(!hs::parseMessage("'name' is a string literal, not the column age"));
    QVERIFY(!hs::parseMessage("something the engine never wrote"));
  }

  void chineseForEveryText() {
    const hs::FindingTexts& zh = hs::FindingTexts::of("zh_CN");
    QVERIFY(!zh.empty());
    for (const hs::FindingMessageTemplate& t : hs::findingMessageTemplates()) {
      const std::string_view tr = zh.messageTemplate(t.text);
      QVERIFY2(!tr.empty(), std::string(t.text).c_str());
      QCOMPARE(placeholders(tr), placeholders(t.text));
    }
    for (std::string_view s : hs::findingSubcategories())
      QVERIFY2(zh.subcategory(s) != s, std::string(s).c_str());
    for (const hs::FindingCategoryInfo& c : hs::findingCategories()) {
      QVERIFY2(zh.label(c.label) != c.label, std::string(c.label).c_str());
      QVERIFY2(zh.label(c.description) != c.description, std::string(c.description).c_str());
    }
    for (const hs::FindingStyleInfo& s : hs::findingStyles())
      QVERIFY2(zh.label(s.label) != s.label, std::string(s.label).c_str());
    // English and unknown languages give the texts unchanged.
    QCOMPARE(hs::FindingTexts::of("en").message("the question mentions 3 but the SQL does not"),
             std::string("the question mentions 3 but the SQL does not"));
  }

  void translationKeepsArguments() {
    const hs::FindingTexts& zh = hs::FindingTexts::of("zh_CN");
    QCOMPARE(zh.message("the question mentions 3 but the SQL does not"),
             std::string("问题提到了 3，但 SQL 没有"));
    QCOMPARE(zh.message("no row has pets.species = 'Dragon'"),
             std::string("没有任何行满足 pets.species = 'Dragon'"));
    QCOMPARE(zh.subcategory("aggregate function"), std::string("聚合函数"));
    // Parts joined with "; " are translated part by part.
    QCOMPARE(
        zh.message(
            "2 columns where the gold has 1; 0 gold rows missing, 1 extra row (gold 3 rows, prediction 4)"),
        std::string("2 列，而标准结果有 1 列；缺少 0 个标准行，多出 1 行（标准 3 行，预测 4 行）"));
    // Unknown messages, and messages with an unknown part, stay as they are.
    QCOMPARE(zh.message("a note written by hand"), std::string("a note written by hand"));
    QCOMPARE(zh.message("the same rows in another order; a note"),
             std::string("the same rows in another order; a note"));
    QCOMPARE(zh.subcategory("span label"), std::string("span label"));
    // Reasons of the risk score: the check by its label, the message translated.
    QCOMPARE(zh.riskReason("cartesian_join: a table is joined without a join condition (cartesian product)"),
             std::string("笛卡尔连接：有表在没有连接条件的情况下被连接（笛卡尔积）"));
    QCOMPARE(zh.riskReason("null_values: some values of the result are NULL"),
             std::string("null_values：结果中有些值为 NULL"));
  }

  // Why an MR held or failed (the Follow-ups explorer's rows and tooltips) and the descriptions of
  // seed 001's drill-down JSON stayed English under a Chinese window.
  void metamorphicReasonsTranslated() {
    const hs::FindingTexts& zh = hs::FindingTexts::of("zh_CN");
    // As the relation check writes them.
    const auto changed = hs::mr::checkLinking(hs::mr::Relation::SameLinking, {"pets.name", "pets.age"},
                                              {"pets.name", "owners.city"}, nullptr);
    QCOMPARE(changed.reason, std::string("schema linking changed: lost pets.age; added owners.city"));
    QCOMPARE(zh.message(changed.reason), std::string("模式链接改变：少了 pets.age；多了 owners.city"));
    QCOMPARE(zh.message(hs::formatMessage(hs::FindingMsg::MrWiderLost, {"1", "0"})),
             std::string("放宽的条件反而丢了行：后续问题少了 1 个、多了 0 个不同的行"));
    // A reason inside a reason: translated in turn; the endpoint's own words stay as they are.
    const std::string error = hs::formatMessage(
        hs::FindingMsg::MrNoSourceLinking,
        {hs::formatMessage(hs::FindingMsg::MrLlmCallFailed, {"unreachable: cannot reach x"})});
    QCOMPARE(error,
             std::string("no source schema linking: the LLM call failed: unreachable: cannot reach x"));
    QCOMPARE(zh.message(error),
             std::string("没有原问题的模式链接：LLM 调用失败：unreachable: cannot reach x"));
    QCOMPARE(
        zh.message("CRE violated (superset): the wider condition lost rows: follow-up lacks 1 and adds 0 "
                   "distinct rows"),
        std::string("CRE 被违反（superset）：放宽的条件反而丢了行：后续问题少了 1 个、多了 0 个不同的行"));
    QCOMPARE(zh.message("rewrite rejected: the rewrite is not text"),
             std::string("改写被拒绝：改写不是文本"));
    // Only a reason's arguments are read as reasons: a value stays a value.
    QCOMPARE(zh.message("no row has pets.status = 'cancelled'"),
             std::string("没有任何行满足 pets.status = 'cancelled'"));
    // Seed 001's drill-down JSON (Appendix A).
    QCOMPARE(zh.message("Unexpected clause 'WHERE'"), std::string("多余的子句 'WHERE'"));
    QCOMPARE(zh.message("Extra column 'property_type_description'"),
             std::string("多余的列 'property_type_description'"));
    QCOMPARE(zh.message("1 extra JOIN(s)"), std::string("多了 1 个 JOIN"));
    // Every MR's name.
    for (const hs::mr::MrInfo& mr : hs::mr::allMrs())
      QVERIFY2(zh.label(mr.name) != mr.name, std::string(mr.name).c_str());
  }

  void demoRunMessagesAllMatch() {
    QTemporaryDir dir;
    const QString out = dir.filePath("d.json");
    hs::test::CliRun r = hs::test::runCli({"demo", "--dir", dir.path(), "--out", out});
    QCOMPARE(r.exitCode, 0);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    Tally t;
    tally(QJsonDocument::fromJson(f.readAll()).object().value("cases").toArray(), t);
    qInfo("demo run: %d of %d finding messages match a template", t.matched, t.findings);
    QVERIFY(t.findings > 5);
    QVERIFY2(problems(t).isEmpty(), qPrintable(problems(t)));
    qInfo("  and %d explanations, all translated", t.explanations);
  }

  void gpt4RunMessagesAllMatch() {
    const QString csv =
        QString::fromStdString(hs::test::sharedPath("predictions/spider_dev/gpt4_DIN-SQL.csv"));
    if (!QFileInfo::exists(csv)) QSKIP("../shared/data/predictions/spider_dev/gpt4_DIN-SQL.csv absent");
    QTemporaryDir dir;
    const QString out = dir.filePath("gpt4.jsonl");
    hs::test::CliRun r =
        hs::test::runCli({"evaluate", "--cases", csv, "--format", "csv", "--db-root",
                          QString::fromStdString(hs::test::sharedPath("spider/database")), "--out", out});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonArray cases;
    for (const QByteArray& line : f.readAll().split('\n'))
      if (!line.trimmed().isEmpty()) cases.append(QJsonDocument::fromJson(line).object());
    QVERIFY(cases.size() > 1000);
    Tally t;
    tally(cases, t);
    qInfo("GPT-4 DIN-SQL Spider dev: %d of %d finding messages match a template", t.matched, t.findings);
    QVERIFY(t.findings > 500);
    QVERIFY2(problems(t).isEmpty(), qPrintable(problems(t)));
    qInfo("  and %d explanations, all translated", t.explanations);
  }
};

QTEST_GUILESS_MAIN(TestFindingMessages)
#include "tst_finding_messages.moc"
