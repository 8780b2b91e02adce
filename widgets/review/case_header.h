#pragma once
// The compact header of the case view: the question (and evidence), database, model, difficulty,
// and verdict badges (EX under set / bag / ordered semantics, Soft-F1, risk with its reasons).
#include <QFrame>

class QLabel;
class QHBoxLayout;

namespace hs {
struct Case;
namespace eval {
struct CaseOutcome;
}
}  // namespace hs

namespace hs::ui {

class ElidingLabel;

class CaseHeader : public QFrame {
  Q_OBJECT
 public:
  explicit CaseHeader(QWidget* parent = nullptr);

  // Why BIRD's Soft-F1 can be low when EX is true (badge and column tooltips).
  static QString softF1Tooltip();
  void setCase(const hs::Case& kase, const hs::eval::CaseOutcome& outcome);
  void clear();
  QString plainText() const;  // everything shown, for tests and tools

 private:
  void addBadge(const QString& text, const QString& tooltip, const QColor& color);

  QLabel* question_;
  QLabel* evidence_;
  ElidingLabel* meta_;
  QHBoxLayout* badges_;
  ElidingLabel* risk_;
  QLabel* abstained_;  // the reason of an abstention, wrapped under the badges
};

}  // namespace hs::ui
