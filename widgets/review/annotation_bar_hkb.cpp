// AnnotationBar: loading the HKB off the UI thread and the "HKB suggests" line.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLabel>
#include <QLocale>

#include <algorithm>

#include "engine/mr/hkb_workspace.h"
#include "widgets/case_finding_styles.h"
#include "widgets/review/annotation_bar_state.h"

namespace hs::ui {

namespace {

constexpr int kSuggestions = 3;

}  // namespace

bool AnnotationBar::isHkbReady() const {
  return s_->hkb.has_value() && !s_->runner->isBusy();
}

int AnnotationBar::hkbSize() const {
  return s_->hkb ? static_cast<int>(s_->hkb->size()) : -1;
}

bool AnnotationBar::waitForHkb(int timeoutMs) {
  QElapsedTimer t;
  t.start();
  while (!isHkbReady() || s_->reloadPending) {
    if (t.elapsed() > timeoutMs || s_->path.isEmpty()) return false;
    s_->runner->waitForIdle(std::max<int>(1, timeoutMs - static_cast<int>(t.elapsed())));
    QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
  }
  return true;
}

void AnnotationBar::reloadKnowledgeBase() {
  startLoad();
}

void AnnotationBar::startLoad() {
  if (s_->path.isEmpty()) return;
  if (s_->runner->isBusy()) {  // one job at a time: load again when this one is done
    s_->reloadPending = true;
    return;
  }
  s_->reloadPending = false;
  const std::string path = s_->path.toStdString();
  const int generation = s_->generation;
  setStatus(tr("Loading the knowledge base…"));
  s_->runner->start<std::shared_ptr<Loaded>>(
      tr("Loading the knowledge base"),
      [path, generation](JobContext&) {
        auto out = std::make_shared<Loaded>();
        out->generation = generation;
        auto ws = hs::ws::Workspace::open(path);  // a connection of this thread
        if (!ws) {
          out->error = annotationText(ws.error().describe());
          return out;
        }
        auto hkb = hs::mr::loadHkb(*ws, out->vocabularies);
        if (hkb)
          out->hkb = std::move(*hkb);
        else
          out->error = annotationText(hkb.error().describe());
        return out;
      },
      [this](std::shared_ptr<Loaded> loaded) { onLoaded(loaded); });
}

void AnnotationBar::onLoaded(const std::shared_ptr<Loaded>& loaded) {
  if (loaded->generation == s_->generation) {
    if (loaded->hkb) {
      s_->hkb = std::move(loaded->hkb);
      s_->vocabularies = std::move(loaded->vocabularies);
      setStatus(QString());
      emit hkbLoaded(static_cast<int>(s_->hkb->size()));
    } else {
      setStatus(tr("The knowledge base could not be loaded: %1").arg(loaded->error));
    }
    refreshSuggestions();
    updateEnabled();
  }
  if (s_->reloadPending || loaded->generation != s_->generation) startLoad();
}

void AnnotationBar::refreshSuggestions() {
  suggested_.clear();
  suggest_->setToolTip(
      tr("Hallucination types of the most similar annotated questions (MRSQLGen): "
         "share of the similarity-weighted vote, and the number of similar cases "
         "with that type. The case itself is left out."));
  // A correct prediction needs no likely hallucination types: the line only helps on the others.
  suggest_->setVisible(!s_->caseCorrect);
  if (!s_->hkb || !s_->ws || s_->caseId < 0 || s_->caseCorrect) {
    suggest_->setText(s_->caseId >= 0 && !s_->path.isEmpty() && !s_->caseCorrect ? tr("HKB: loading…")
                                                                                 : QString());
    return;
  }
  const hs::mr::Hkb& hkb = *s_->hkb;
  const auto self = hkb.find(hs::mr::caseEntryKey(s_->caseId));
  std::string standardised;
  if (self) {
    standardised = hkb.entries()[*self].standardised;
  } else if (auto rec = s_->ws->caseById(s_->caseId)) {
    if (rec->databaseId) {
      if (auto db = s_->ws->database(*rec->databaseId)) s_->vocabularies.setPath(rec->kase.dbId, db->path);
    }
    standardised = s_->vocabularies.get(rec->kase.dbId)(rec->kase.question).text;
  }
  hs::mr::HkbRetrieveOptions options;
  options.exclude = self;
  const hs::mr::HkbRetrieval r = hkb.retrieve(standardised, options);
  QStringList parts;
  for (const hs::mr::HkbTypeScore& t : r.types) {
    if (parts.size() == kSuggestions) break;
    const int type = hs::mr::typeIndex(t.type);
    suggested_ << annotationText(t.type);
    // "C5 Column selection 0.42 (3 cases)": the label of the engine's one category table.
    parts << tr("%1 %2 (%n case(s))", nullptr, static_cast<int>(t.evidence.size()))
                 .arg(type > 0 ? FindingStyles::categoryLabel("mrsqlgen", t.type) : annotationText(t.type),
                      QLocale().toString(t.score, 'f', 2));
  }
  if (parts.isEmpty())
    suggest_->setText(tr("HKB: no similar annotated question yet (%n case(s) in the knowledge base)", nullptr,
                         static_cast<int>(hkb.size())));
  else
    suggest_->setText(tr("HKB suggests: %1").arg(parts.join(QStringLiteral(" · "))));
}

QString AnnotationBar::suggestionText() const {
  return suggest_->text();
}

}  // namespace hs::ui
