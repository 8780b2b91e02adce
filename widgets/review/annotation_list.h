#pragma once
// The annotations of the shown case under the annotation bar, oldest first: annotator, verdict,
// category (by its name in the user's language) and time; a note in the row's tooltip. Hidden
// while the case has none.
#include <QTreeWidget>

#include <vector>

namespace hs::ws {
struct AnnotationRecord;
}

namespace hs::ui {

class AnnotationList : public QTreeWidget {
  Q_OBJECT
 public:
  explicit AnnotationList(QWidget* parent = nullptr);

  void setAnnotations(const std::vector<hs::ws::AnnotationRecord>& annotations);
  void retranslate();  // the column headers (the rows: setAnnotations() again)
};

}  // namespace hs::ui
