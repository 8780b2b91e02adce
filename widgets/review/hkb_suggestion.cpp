// HkbSuggestion: what the knowledge base suggests for the shown case.
#include "widgets/review/hkb_suggestion.h"

#include <QLocale>

#include "engine/mr/hkb_workspace.h"
#include "engine/workspace/workspace.h"
#include "widgets/case_finding_styles.h"
#include "widgets/review/hkb_loader.h"

namespace hs::ui {

namespace {

constexpr int kSuggestions = 3;

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

HkbSuggestion::HkbSuggestion(QWidget* parent) : QLabel(parent) {
  setObjectName(QStringLiteral("annotationSuggestions"));
  setWordWrap(true);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont small = font();
  small.setPointSizeF(small.pointSizeF() * 0.9);
  setFont(small);
}

void HkbSuggestion::refresh(HkbLoader& loader, hs::ws::Workspace* ws, qint64 caseId, bool correct) {
  suggested_.clear();
  setToolTip(
      tr("Hallucination types of the most similar annotated questions (MRSQLGen): "
         "share of the similarity-weighted vote, and the number of similar cases "
         "with that type. The case itself is left out."));
  // A correct prediction needs no likely hallucination types: the line only helps on the others.
  setVisible(!correct);
  if (!loader.hkb() || !ws || caseId < 0 || correct) {
    setText(caseId >= 0 && !loader.path().isEmpty() && !correct ? tr("HKB: loading…") : QString());
    return;
  }
  const hs::mr::Hkb& hkb = *loader.hkb();
  hs::mr::VocabularyCache& vocabularies = loader.vocabularies();
  const auto self = hkb.find(hs::mr::caseEntryKey(caseId));
  std::string standardised;
  if (self) {
    standardised = hkb.entries()[*self].standardised;
  } else if (auto rec = ws->caseById(caseId)) {
    if (rec->databaseId) {
      if (auto db = ws->database(*rec->databaseId)) vocabularies.setPath(rec->kase.dbId, db->path);
    }
    standardised = vocabularies.get(rec->kase.dbId)(rec->kase.question).text;
  }
  hs::mr::HkbRetrieveOptions options;
  options.exclude = self;
  const hs::mr::HkbRetrieval r = hkb.retrieve(standardised, options);
  QStringList parts;
  for (const hs::mr::HkbTypeScore& t : r.types) {
    if (parts.size() == kSuggestions) break;
    const int type = hs::mr::typeIndex(t.type);
    suggested_ << qs(t.type);
    // "C5 Column selection 0.42 (3 cases)": the label of the engine's one category table.
    parts << tr("%1 %2 (%n case(s))", nullptr, static_cast<int>(t.evidence.size()))
                 .arg(type > 0 ? FindingStyles::categoryLabel("mrsqlgen", t.type) : qs(t.type),
                      QLocale().toString(t.score, 'f', 2));
  }
  if (parts.isEmpty())
    setText(tr("HKB: no similar annotated question yet (%n case(s) in the knowledge base)", nullptr,
               static_cast<int>(hkb.size())));
  else
    setText(tr("HKB suggests: %1").arg(parts.join(QStringLiteral(" · "))));
}

}  // namespace hs::ui
