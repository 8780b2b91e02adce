#include "widgets/mr/followup_stage_text.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include "engine/mr/pipeline.h"
#include "engine/mr/relation.h"

namespace hs::ui {
namespace {

struct FollowUpStageText {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::FollowUpStageText)
};

// The engine's "code: " tags ("no_linking: ", "unreachable: ") dropped from a composed message.
QString withoutCodes(QString text) {
  static const QRegularExpression code(
      QStringLiteral("(^|: )(?:[a-z]+_[a-z_]+|unreachable|timeout|auth|syntax|refused|cancelled): "));
  for (int guard = 0; guard < 8 && text.contains(code); ++guard) text.replace(code, QStringLiteral("\\1"));
  return text;
}

}  // namespace

QString stageErrorText(const hs::mr::StageResult& stage) {
  const QString raw = QString::fromStdString(stage.error);
  const bool linking = stage.stage == hs::mr::Stage::SchemaLinking;
  if (raw.contains(QLatin1String("no_linking")))
    return FollowUpStageText::tr(
        "Source linking: the model's answer named no table or column (no JSON list, no table.column), so "
        "the follow-ups built on it were not run.");
  if (raw.contains(QLatin1String("unreachable")))
    return linking ? FollowUpStageText::tr("Source linking: no LLM endpoint answered.")
                   : FollowUpStageText::tr("Source SQL: no LLM endpoint answered.");
  if (raw.contains(QLatin1String("timeout")))
    return linking ? FollowUpStageText::tr("Source linking: the LLM endpoint did not answer in time.")
                   : FollowUpStageText::tr("Source SQL: the LLM endpoint did not answer in time.");
  return linking ? FollowUpStageText::tr("Source linking failed: %1").arg(withoutCodes(raw))
                 : FollowUpStageText::tr("Source SQL failed: %1").arg(withoutCodes(raw));
}

QString followUpReasonText(const std::string& reason) {
  QString text = QCoreApplication::translate("hs::FindingMessages", reason.c_str());
  // The engine keeps the endpoint's own words (curl's message, the URL) after the code.
  static const QRegularExpression unreachable(QStringLiteral("\\bunreachable: .*$"));
  static const QRegularExpression timeout(QStringLiteral("\\btimeout: .*$"));
  text.replace(unreachable, FollowUpStageText::tr("no LLM endpoint answered"));
  text.replace(timeout, FollowUpStageText::tr("the LLM endpoint did not answer in time"));
  return withoutCodes(text);
}

QString mrNameText(const hs::mr::MrInfo& info) {
  return QCoreApplication::translate("hs::FindingCategories", std::string(info.name).c_str());
}

}  // namespace hs::ui
