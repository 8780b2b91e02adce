#pragma once
// The "Run Drill-down…" dialog: the cases file and its format, the folder of databases, the
// history modes (off, on or both) and an optional case limit; what `hallusql-cli drilldown run`
// takes, without the LLM options (the active LLM profile is used).
#include <QDialog>
#include <QString>

class QComboBox;
class QDialogButtonBox;
class QLineEdit;
class QSpinBox;

namespace hs::ui {

struct DrilldownRunRequest {
  QString casesPath;
  QString format = QStringLiteral("auto");  // ws::import::toString names, or "auto"
  QString dbRoot;
  QString history = QStringLiteral("off");  // "off" | "on" | "both"
  int limit = 0;                            // 0 = every case
};

class DrilldownRunDialog : public QDialog {
  Q_OBJECT
 public:
  explicit DrilldownRunDialog(const DrilldownRunRequest& initial, QWidget* parent = nullptr);
  DrilldownRunRequest request() const;

 private:
  void updateOk();

  QLineEdit* cases_ = nullptr;
  QComboBox* format_ = nullptr;
  QLineEdit* dbRoot_ = nullptr;
  QComboBox* history_ = nullptr;
  QSpinBox* limit_ = nullptr;
  QDialogButtonBox* buttons_ = nullptr;
};

}  // namespace hs::ui
