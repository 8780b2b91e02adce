#include "engine/report/report_text.h"

#include <map>

#include "engine/core/finding_categories.h"
#include "engine/core/finding_texts.h"

namespace hs::report {
namespace {

// English key -> Simplified Chinese.
const std::map<std::string, std::string>& chinese() {
  static const std::map<std::string, std::string> table = {
      {"HalluSQL review report", "HalluSQL 审查报告"},
      {"Run", "运行"},
      {"Model", "模型"},
      {"Source file", "来源文件"},
      {"Run created", "运行创建时间"},
      {"Report generated", "报告生成时间"},
      {"Cases", "案例"},
      {"Execution accuracy", "执行准确率"},
      {"Overall", "总体"},
      {"Difficulty", "难度"},
      {"EX (set)", "EX（集合）"},
      {"EX (bag)", "EX（多重集）"},
      {"EX (ordered)", "EX（有序）"},
      {"Soft-F1", "Soft-F1"},
      {"scored", "已评分"},
      {"Human verdicts", "人工判定"},
      {"correct", "正确"},
      {"incorrect", "错误"},
      {"unsure", "不确定"},
      {"adjudicated", "已裁定"},
      {"not reviewed", "未审查"},
      {"Reviewed", "已审查"},
      {"Findings per category", "各类别发现数"},
      {"Taxonomy", "分类体系"},
      {"Category", "类别"},
      {"Findings", "发现"},
      {"Cases with it", "涉及案例"},
      {"Reviewer agreement", "审查者一致性"},
      {"Krippendorff's alpha (nominal)", "Krippendorff α（名义）"},
      {"Fleiss' kappa", "Fleiss κ"},
      {"Cohen's kappa", "Cohen κ"},
      {"Reviewer pair", "审查者对"},
      {"items", "条目"},
      {"undefined", "无定义"},
      {"Cases with findings or annotations", "含发现或标注的案例"},
      {"Cases with findings", "含发现的案例"},
      {"wrong cases with a finding", "含发现的错误案例"},
      {"EX (set, any column order)", "EX（集合，不计列序）"},
      {"Calibration", "校准"},
      {"Cases not evaluated yet (evaluate the run to score them)", "尚未评估的案例（评估该运行后才有分数）"},
      {"More cases with findings or annotations, not printed here (see the HTML report or the CSV / JSON "
       "Lines data)",
       "未在此打印的其他含发现或标注的案例（见 HTML 报告或 CSV / JSON Lines 数据）"},
      {"Bytes of this note not shown (see the CSV / JSON Lines data)",
       "此备注未显示的字节数（完整内容见 CSV / JSON Lines 数据）"},
      {"Question", "问题"},
      {"Gold SQL", "标准 SQL"},
      {"Predicted SQL", "预测 SQL"},
      {"Annotations", "标注"},
      {"Reviewer", "审查者"},
      {"Verdict", "判定"},
      {"Note", "备注"},
      {"Risk", "风险"},
      {"Risk score against EX", "风险分数与 EX 对照"},
      {"Predictions", "预测"},
      {"Calibration error (ECE, 10 bins)", "校准误差（ECE，10 个分箱）"},
      {"All", "全部"},
      {"Executable", "可执行"},
      {"Database", "数据库"},
      {"Reliability with abstention", "拒答下的可靠性"},
      {"Questions", "问题数"},
      {"Answered", "已回答"},
      {"Abstained", "已拒答"},
      {"Correct answers", "正确回答"},
      {"Penalty c of a wrong answer", "错误回答的惩罚 c"},
      {"Thresholds", "阈值"},
      {"feasible", "可回答"},
      {"infeasible", "不可回答"},
      {"unscored", "未计分"},
      {"Infeasible question", "不可回答的问题"},
      {"EX", "EX"},
      {"yes", "是"},
      {"no", "否"},
      {"n/a", "无"},
      {"Page", "页"},
      {"No findings.", "无发现。"},
      {"Prediction error", "预测执行错误"},
      {"Table-Aware SQL (TA-SQL)", "TA-SQL 分类"},
      {"MRSQLGen types C1..C10", "MRSQLGen 类型 C1..C10"},
      {"Gold-free checks", "无标准答案检查"},
      {"Metamorphic testing", "蜕变测试"},
      {"confirmed", "已确认"},
      {"rejected", "已否决"},
      {"added", "已添加"},
  };
  return table;
}

}  // namespace

std::string tr(Language lang, const std::string& key) {
  if (lang == Language::English) return key;
  auto it = chinese().find(key);
  return it == chinese().end() ? key : it->second;
}

const FindingTexts& findingTexts(Language lang) {
  return FindingTexts::of(lang == Language::SimplifiedChinese ? "zh_CN" : "en");
}

std::string categoryName(Language lang, const std::string& taxonomy, const std::string& category) {
  // The engine's one table of categories names them; their translations are the finding texts'.
  if (const FindingCategoryInfo* info = findCategory(taxonomy, category); info && info->id != "*")
    return findingTexts(lang).label(info->label);
  std::string readable = category;
  for (char& ch : readable)
    if (ch == '_') ch = ' ';
  if (!readable.empty() && readable[0] >= 'a' && readable[0] <= 'z')
    readable[0] = static_cast<char>(readable[0] - 32);
  return tr(lang, readable);
}

std::string subcategoryText(Language lang, const std::string& subcategory) {
  return findingTexts(lang).subcategory(subcategory);
}

std::string messageText(Language lang, const std::string& message) {
  return findingTexts(lang).message(message);
}

}  // namespace hs::report
