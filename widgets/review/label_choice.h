#pragma once
// The annotation bar's label chooser: the MRSQLGen hallucination types C1..C10, then the six
// TA-SQL categories, each by its name in the user's language.
#include <QComboBox>
#include <QString>

#include <optional>

namespace hs::ui {

class LabelChoice : public QComboBox {
  Q_OBJECT
 public:
  struct Label {
    QString taxonomy;  // "mrsqlgen" or "tasql"
    QString category;  // "C4", "Join Redundancy"
  };

  explicit LabelChoice(QWidget* parent = nullptr);

  std::optional<Label> chosen() const;  // nullopt on no item
  void retranslate();                   // the names again, keeping the choice
};

}  // namespace hs::ui
