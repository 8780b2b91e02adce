#pragma once
// AnnotationBar's private state, shared by annotation_bar.cpp (widgets, actions) and
// annotation_bar_hkb.cpp (loading the HKB, suggestions).
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/finding.h"
#include "engine/mr/hkb.h"
#include "engine/mr/hkb_annotations.h"
#include "engine/mr/hkb_build.h"
#include "engine/workspace/workspace.h"
#include "widgets/job_runner.h"
#include "widgets/review/annotation_bar.h"

namespace hs::ui {

inline QString annotationText(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

struct AnnotationBar::State {
  QString path;
  std::unique_ptr<hs::ws::Workspace> ws;  // the bar's own connection (writes)
  std::optional<hs::mr::Hkb> hkb;         // UI thread only once loaded
  hs::mr::VocabularyCache vocabularies;
  JobRunner* runner = nullptr;
  int generation = 0;  // bumped per workspace: a load of an earlier one is dropped
  bool reloadPending = false;
  qint64 caseId = -1;
  bool caseCorrect = false;  // EX set matches: the HKB suggestion line stays hidden
  std::vector<hs::Finding> findings;
  std::vector<std::int64_t> findingIds;
  std::vector<hs::mr::AnnotationRecord> annotations;
  // Undo and redo are the workspace's undo log (engine/workspace/annotation_undo.h): they
  // survive a restart. A span label about to be written (labelSpan) travels here.
  std::optional<hs::FindingSpan> pendingSpan;
  std::function<std::optional<hs::FindingSpan>()> spanSource;
};

struct AnnotationBar::Loaded {
  int generation = 0;
  std::optional<hs::mr::Hkb> hkb;
  hs::mr::VocabularyCache vocabularies;
  QString error;
};

}  // namespace hs::ui
