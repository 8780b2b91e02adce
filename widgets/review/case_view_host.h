#pragma once
// ADAPTER (review screens <-> case view): the right-hand side of the review panel. Holds the real
// hs::ui::CaseView (widgets/review/case_view.h) when the build has it (HALLUSQL_HAVE_CASE_VIEW,
// set by review/sources.cmake when review/case_view_sources.cmake exists), else a plain read-only
// text placeholder with the same two calls. Remove the placeholder once CaseView is always there.
#include <QWidget>

namespace hs {
struct Case;
namespace eval {
struct CaseOutcome;
}
}  // namespace hs

class QStackedLayout;
class QLabel;
class QTextBrowser;

namespace hs::ui {

class CaseView;

class CaseViewHost : public QWidget {
  Q_OBJECT
 public:
  explicit CaseViewHost(QWidget* parent = nullptr);

  // `number` (> 0) is the case's # in the list, shown before its key so that both agree.
  void setCase(const hs::Case& kase, const hs::eval::CaseOutcome& outcome, int number = 0);
  void showMessage(const QString& text);  // no case: a hint in the middle
  void clear();

  bool hasRealCaseView() const;
  CaseView* caseView() const { return caseView_; }  // nullptr with the placeholder
  QString shownCaseId() const { return shownCaseId_; }

 private:
  QStackedLayout* stack_;
  QLabel* message_;
  QWidget* view_ = nullptr;
  CaseView* caseView_ = nullptr;
  QTextBrowser* placeholder_ = nullptr;
  QString shownCaseId_;
};

}  // namespace hs::ui
