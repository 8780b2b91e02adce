#include "widgets/review/case_header.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

#include "engine/core/case.h"
#include "engine/core/finding_categories.h"
#include "engine/core/finding_messages.h"
#include "engine/eval/runner.h"
#include "widgets/case_finding_styles.h"
#include "widgets/difficulty_text.h"
#include "widgets/eliding_label.h"

namespace hs::ui {

namespace {

const QColor kPass(0x2e, 0x7d, 0x32);
const QColor kFail(0xc6, 0x28, 0x28);
const QColor kUnknown(0x75, 0x75, 0x75);

QString q(const std::string& s) {
  return QString::fromStdString(s);
}

// The risk is a probability that the prediction is wrong: green below 0.2, amber to 0.5, red above.
QColor riskColor(double score) {
  if (score < 0.2) return kPass;
  if (score < 0.5) return QColor(0xe6, 0x8a, 0x00);
  return kFail;
}

}  // namespace

CaseHeader::CaseHeader(QWidget* parent) : QFrame(parent) {
  setFrameShape(QFrame::NoFrame);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 2, 4, 2);
  layout->setSpacing(2);
  question_ = new QLabel(this);
  question_->setWordWrap(true);
  question_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont big = question_->font();
  big.setPointSizeF(big.pointSizeF() * 1.2);
  big.setBold(true);
  question_->setFont(big);
  evidence_ = new QLabel(this);
  evidence_->setWordWrap(true);
  evidence_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  evidence_->setStyleSheet(QStringLiteral("color: #555; font-style: italic;"));
  layout->addWidget(question_);
  layout->addWidget(evidence_);

  // The meta line has a row of its own, so that the badges never take its room (at 1100 px four or
  // five badges cut the run and model names short); a line longer than the view is still cut with
  // "…" (a long list of labels), and the tooltip has it all.
  meta_ = new ElidingLabel(this);
  meta_->setObjectName(QStringLiteral("caseHeaderMeta"));
  meta_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
  meta_->setStyleSheet(QStringLiteral("color: #444;"));
  meta_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(meta_);
  auto* row = new QHBoxLayout;
  row->setSpacing(6);
  badges_ = new QHBoxLayout;
  badges_->setSpacing(4);
  row->addLayout(badges_);
  // Takes the width that is left and is cut there with "…" (the tooltip has all reasons), so a
  // long list of reasons never widens the view.
  risk_ = new ElidingLabel(this);
  risk_->setObjectName(QStringLiteral("caseHeaderRisk"));
  risk_->setStyleSheet(QStringLiteral("color: #444;"));
  row->addWidget(risk_, 1);
  layout->addLayout(row);
  abstained_ = new QLabel(this);
  abstained_->setWordWrap(true);
  abstained_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  abstained_->setStyleSheet(QStringLiteral("color: #5b2c83;"));
  layout->addWidget(abstained_);
  clear();
}

void CaseHeader::addBadge(const QString& text, const QString& tooltip, const QColor& color) {
  auto* badge = new QLabel(text, this);
  badge->setToolTip(tooltip);
  badge->setStyleSheet(QStringLiteral("QLabel { color: white; background: %1; border-radius: 4px;"
                                      " padding: 1px 6px; font-weight: bold; }")
                           .arg(color.name()));
  badges_->addWidget(badge);
}

namespace {

// A human label in the user's language. A reviewer's label keeps its code and gets its subcategory
// translated ("C3 (tables)"); a label imported with the cases is named as the category table
// names it: seed 002's types are C1..C10 with the seed's own name of the type as subcategory,
// seed 001's "Schema-Based: Attribute Overanalysis" is split into the kind and the category.
QString humanLabelText(const hs::HumanLabel& l) {
  const auto& known = hs::findingSubcategories();
  if (!l.subcategory.empty() && std::find(known.begin(), known.end(), l.subcategory) != known.end())
    return q(l.category) + QStringLiteral(" (") + FindingStyles::subcategoryText(l.subcategory) + ')';
  for (const std::string* id : {&l.category, &l.subcategory}) {
    const hs::FindingCategoryInfo* c = hs::findCategory(l.taxonomy, *id);
    if (c && c->id != "*" && !id->empty()) return FindingStyles::categoryLabel(l.taxonomy, *id);
  }
  return l.subcategory.empty() ? q(l.category)
                               : q(l.category) + QStringLiteral(" (") + q(l.subcategory) + ')';
}

// What an imported label's note says, in the user's language: seed 001's description of the
// hallucination through the finding texts, seed 002's group ("hallucinations_type", stored as the
// file wrote it) by the names the seed uses; a group the seed does not name stays as written.
QString labelNoteText(const hs::HumanLabel& l) {
  if (l.taxonomy == "tasql") return QCoreApplication::translate("hs::FindingMessages", l.note.c_str());
  static const char* const kMrsqlgenGroups[] = {
      QT_TRANSLATE_NOOP("hs::ui::CaseHeader", "Intent-violating Hallucination")};
  for (const char* group : kMrsqlgenGroups)
    if (l.note == group) return CaseHeader::tr(group);
  return q(l.note);
}

}  // namespace

void CaseHeader::clear() {
  question_->setText(tr("No case selected"));
  evidence_->clear();
  evidence_->hide();
  meta_->setFullText({});
  risk_->setFullText({});
  abstained_->clear();
  abstained_->hide();
  while (QLayoutItem* item = badges_->takeAt(0)) {
    delete item->widget();
    delete item;
  }
}

QString CaseHeader::softF1Tooltip() {
  return tr(
      "Soft-F1 as BIRD mini-dev defines it: duplicate rows are dropped, then the rows are paired "
      "by position and compared value by value.\nIt can be low while EX set is \u2713: the same "
      "rows in another order are paired with the wrong partners, and duplicates that EX set ignores "
      "shift the pairing.");
}

void CaseHeader::setCase(const hs::Case& kase, const hs::eval::CaseOutcome& outcome) {
  clear();
  question_->setText(kase.question.empty() ? tr("(no question)") : q(kase.question));
  if (!kase.evidence.empty()) {
    evidence_->setText(tr("Evidence: %1").arg(q(kase.evidence)));
    evidence_->show();
  }
  QStringList meta;
  if (!kase.id.empty()) meta << q(kase.id);
  meta << tr("db %1").arg(kase.dbId.empty() ? tr("(none)") : q(kase.dbId));
  if (!kase.model.empty()) meta << tr("model %1").arg(q(kase.model));
  if (!kase.difficulty.empty()) meta << difficultyText(kase.difficulty);
  QStringList labels, described;
  for (const hs::HumanLabel& l : kase.labels) {
    labels << humanLabelText(l);
    // Seed 001's description of the hallucination ("Extra column 'x'"), seed 002's group.
    described << ((l.taxonomy == "tasql" || l.taxonomy == "mrsqlgen") && !l.note.empty()
                      ? tr("%1: %2").arg(labels.last(), labelNoteText(l))
                      : labels.last());
  }
  if (!labels.isEmpty()) meta << tr("human labels: %1").arg(labels.join(QStringLiteral(", ")));
  meta_->setFullText(meta.join(QStringLiteral(" · ")));
  // The whole line, and each label with seed 001's description of it.
  if (!described.isEmpty())
    meta_->setToolTip(meta_->fullText() + QStringLiteral("\n\n") + tr("Human labels:") + QLatin1Char('\n') +
                      described.join(QLatin1Char('\n')));

  const auto verdict = [&](const QString& name, const std::optional<bool>& v, const QString& what) {
    if (!v) {
      addBadge(tr("%1 ?").arg(name), tr("%1: cannot be decided (no gold result)").arg(what), kUnknown);
      return;
    }
    addBadge(*v ? tr("%1 \u2713").arg(name) : tr("%1 \u2717").arg(name),
             *v ? tr("%1: the results match").arg(what) : tr("%1: the results differ").arg(what),
             *v ? kPass : kFail);
  };
  // A run generated with abstention: whether it answered, and why it did not.
  if (kase.abstention) {
    const hs::Abstention& a = *kase.abstention;
    QStringList thresholds;
    for (const auto& [name, value] : a.thresholds)
      thresholds << QStringLiteral("%1 %2").arg(q(name)).arg(value, 0, 'f', 2);
    const QString checks = thresholds.isEmpty()
                               ? QString()
                               : QLatin1Char('\n') + tr("Thresholds: %1").arg(thresholds.join(", "));
    if (a.abstained)
      addBadge(tr("⊘ Abstained"),
               (a.reason.empty() ? tr("The run abstained on this question")
                                 : tr("The run abstained: %1").arg(q(a.reason))) +
                   (a.stage.empty() ? QString() : QStringLiteral(" (%1)").arg(q(a.stage))) + checks,
               QColor(0x4a, 0x23, 0x8c));
    else
      addBadge(tr("Answered"), tr("The run answered: no abstention check fired") + checks, kUnknown);
  }
  if (!kase.infeasibleType.empty())
    addBadge(tr("Infeasible"),
             tr("An infeasible question (%1): no SQL answers it; abstaining is correct")
                 .arg(q(kase.infeasibleType)),
             QColor(0x8c, 0x5a, 0x23));
  verdict(tr("EX set"), outcome.exSet, tr("Execution accuracy with set semantics (BIRD)"));
  verdict(tr("EX bag"), outcome.exBag, tr("Execution accuracy with multiset semantics"));
  if (outcome.exOrdered)
    verdict(tr("EX ordered"), outcome.exOrdered,
            tr("Execution accuracy with ordered rows (the gold query orders)"));
  if (outcome.exSetAnyColumnOrder)
    verdict(tr("EX any column order"), outcome.exSetAnyColumnOrder,
            tr("Execution accuracy with set semantics after reordering the predicted columns"));
  if (outcome.softF1) {
    const double f1 = *outcome.softF1;
    addBadge(tr("Soft-F1 %1").arg(f1, 0, 'f', 2), softF1Tooltip(),
             f1 >= 0.999 ? kPass : (f1 > 0.0 ? QColor(0xe6, 0x8a, 0x00) : kFail));
  }
  if (outcome.risk) {
    const hs::Risk& risk = *outcome.risk;
    QStringList reasons;
    for (const std::string& r : risk.reasons) reasons << FindingStyles::riskReasonText(r);
    addBadge(tr("Risk %1").arg(risk.score, 0, 'f', 2),
             reasons.isEmpty()
                 ? tr("Gold-free risk score; no check fired")
                 : tr("Gold-free risk score; reasons:\n%1").arg(reasons.join(QLatin1Char('\n'))),
             riskColor(risk.score));
    if (!reasons.isEmpty()) {
      risk_->setFullText(tr("risk: %1").arg(reasons.join(QStringLiteral(", "))));
      risk_->setToolTip(reasons.join(QLatin1Char('\n')));
    }
  }
  // The reason of an abstention, whole, on its own wrapped line.
  if (kase.abstention && kase.abstention->abstained && !kase.abstention->reason.empty()) {
    abstained_->setText(tr("Abstained: %1").arg(q(kase.abstention->reason)));
    abstained_->show();
  }
}

QString CaseHeader::plainText() const {
  QStringList parts{question_->text()};
  if (!evidence_->text().isEmpty()) parts << evidence_->text();
  parts << meta_->fullText();
  for (int i = 0; i < badges_->count(); ++i)
    if (auto* label = qobject_cast<QLabel*>(badges_->itemAt(i)->widget())) parts << label->text();
  if (!risk_->fullText().isEmpty()) parts << risk_->fullText();
  if (!abstained_->text().isEmpty()) parts << abstained_->text();
  return parts.join(QLatin1Char('\n'));
}

}  // namespace hs::ui
