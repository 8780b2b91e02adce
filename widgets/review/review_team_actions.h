#pragma once
// Review as a team (issue 12), attached through the Shell: File > Export My Annotations… and
// Import Reviewer's Annotations… (engine/workspace/annotation_exchange.h), and View > Adjudicate
// Disagreements…, which opens the adjudication view on the Review tab's workspace and run.
#include <QObject>
#include <QPointer>

class QAction;
class QDialog;

namespace hs::ui {

class AdjudicationView;
class ReviewPanel;
class Shell;

class ReviewTeamActions : public QObject {
  Q_OBJECT
 public:
  ReviewTeamActions(Shell& shell, ReviewPanel* panel, QObject* parent = nullptr);

  // The actions (the menus call these). Export and import ask for a file; false when cancelled
  // or failed (the reason in a message box).
  bool exportAnnotations();
  bool importAnnotations();
  // Without a dialog, for tests and scripts: the summary text shown after an import.
  bool exportTo(const QString& file, QString* summary = nullptr);
  bool importFrom(const QString& file, QString* summary = nullptr);
  // Opens (or raises) the adjudication dialog on the Review tab's run; nullptr without one.
  QDialog* openAdjudication();
  AdjudicationView* adjudicationView() const;

  QAction* exportAction() const { return export_; }
  QAction* importAction() const { return import_; }
  QAction* adjudicateAction() const { return adjudicate_; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;  // retranslates on LanguageChange

 private:
  void retranslate();
  void updateEnabled();

  Shell& shell_;
  ReviewPanel* panel_;
  QAction* export_;
  QAction* import_;
  QAction* adjudicate_;
  QPointer<QDialog> dialog_;
  QPointer<AdjudicationView> view_;
};

}  // namespace hs::ui
