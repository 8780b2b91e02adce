#include "widgets/llm/abstain_text.h"

#include <QStringList>

namespace hs::ui {
namespace {

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

const workflow::AbstainCheck* abstaining(const workflow::AbstainVerdict& v) {
  for (const auto& c : v.checks)
    if (c.abstained) return &c;
  return nullptr;
}

}  // namespace

QString AbstainText::reason(const workflow::AbstainVerdict& v) {
  const workflow::AbstainCheck* c = abstaining(v);
  if (!c) return {};
  if (c->name == "schema_linking" && v.schemaLinking) {
    const abstain::FeasibilityCheck& f = v.schemaLinking->check;
    if (c->type == "non-sql" && !f.cues.empty())
      return tr("the question asks for something a query cannot do ('%1')").arg(qs(f.cues.front()));
    if (c->type == "external-knowledge" && !f.cues.empty())
      return tr("the question needs knowledge from outside the database ('%1')").arg(qs(f.cues.back()));
    if (!f.attribute.empty() && !f.attributeTables.empty())
      return tr("the question asks for the '%1' of '%2', but table %3 has no such column ('%1' is a column "
                "of %4)")
          .arg(qs(f.attribute), qs(f.entity), qs(f.entityTable), qs(f.attributeTables.front()));
    if (!f.attribute.empty())
      return tr("the question asks for the '%1' of '%2', which table %3 does not have")
          .arg(qs(f.attribute), qs(f.entity), qs(f.entityTable));
    if (!f.unmatched.empty()) {
      QString text = tr("the question asks for '%1', which no table, column or stored value has")
                         .arg(qs(f.unmatched.front()));
      if (!f.nearest.empty()) text += QLatin1Char(' ') + tr("(nearest: '%1')").arg(qs(f.nearest));
      return text;
    }
  }
  if (c->name == "llm_classifier")
    return tr("the model judges the question infeasible (%1, P %2)")
        .arg(qs(c->type))
        .arg(c->score, 0, 'f', 2);
  if (c->name == "risk")
    return tr("the generated SQL looks wrong: risk %1, abstains from %2")
        .arg(c->score, 0, 'f', 2)
        .arg(c->threshold, 0, 'f', 2);
  if (c->name == "llm_verifier")
    return tr("the model's verifier judges the SQL wrong (P(wrong) %1)").arg(c->score, 0, 'f', 2);
  return qs(c->reason);
}

QString AbstainText::headline(const workflow::AbstainVerdict& v) {
  if (!v.abstained) return {};
  return tr("Abstained: %1.").arg(reason(v));
}

QString AbstainText::checks(const workflow::AbstainVerdict& v) {
  QStringList lines;
  for (const auto& c : v.checks) {
    QString name = c.name == "schema_linking"   ? tr("schema linking")
                   : c.name == "llm_classifier" ? tr("LLM classifier")
                   : c.name == "risk"           ? tr("risk score")
                                                : tr("LLM verifier");
    if (!c.ran)
      lines << tr("%1: could not judge (%2)").arg(name, qs(c.error));
    else
      lines << tr("%1: %2 (abstains from %3)").arg(name).arg(c.score, 0, 'f', 2).arg(c.threshold, 0, 'f', 2);
  }
  return lines.join(QLatin1Char('\n'));
}

}  // namespace hs::ui
