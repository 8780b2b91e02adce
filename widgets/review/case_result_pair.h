#pragma once
// Gold and predicted result sets side by side: rows missing from the prediction coloured in the
// gold table, extra predicted rows coloured in the predicted table, execution errors in place of
// a table, and a one-line summary of the result diff above each side.
#include <QWidget>

class QLabel;
class QStackedWidget;
class QTableView;

namespace hs::eval {
struct CaseOutcome;
struct SideRun;
}  // namespace hs::eval

namespace hs::ui {

class CaseResultModel;

class CaseResultPair : public QWidget {
  Q_OBJECT
 public:
  explicit CaseResultPair(QWidget* parent = nullptr);

  void setOutcome(const hs::eval::CaseOutcome& outcome, bool hasGold, bool hasPred);
  void clear();

  QTableView* goldTable() const { return gold_.table; }
  QTableView* predTable() const { return pred_.table; }
  CaseResultModel* goldModel() const { return gold_.model; }
  CaseResultModel* predModel() const { return pred_.model; }
  QString goldMessage() const;  // the text shown instead of the gold table ("" when it shows)
  QString predMessage() const;
  QString summary() const;  // the diff summary line

 private:
  struct Side {
    QLabel* title = nullptr;
    QStackedWidget* stack = nullptr;
    QTableView* table = nullptr;
    QLabel* message = nullptr;
    CaseResultModel* model = nullptr;
  };
  Side makeSide(const QString& name);
  void showSide(Side& side, const hs::eval::SideRun& run, bool hasSql, const QString& name, int marked,
                const QString& markWord);

  QLabel* summary_;
  Side gold_;
  Side pred_;
};

}  // namespace hs::ui
