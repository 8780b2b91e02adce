#pragma once
// The annotation bar's "HKB suggests" line: the hallucination types of the most similar annotated
// questions in the knowledge base ("C5 Column selection 0.42 (3 cases)"), best first, for a case
// whose prediction is wrong; hidden for a correct one.
#include <QLabel>
#include <QStringList>

namespace hs::ws {
class Workspace;
}

namespace hs::ui {

class HkbLoader;

class HkbSuggestion : public QLabel {
  Q_OBJECT
 public:
  explicit HkbSuggestion(QWidget* parent = nullptr);

  // Suggests for case `caseId` (-1: none) of `ws` (nullptr: no workspace); `correct`: its
  // prediction matches the gold answer. "HKB: loading…" until `loader` has the HKB.
  void refresh(HkbLoader& loader, hs::ws::Workspace* ws, qint64 caseId, bool correct);
  QStringList suggestedTypes() const { return suggested_; }  // {"C4", ...}

 private:
  QStringList suggested_;
};

}  // namespace hs::ui
