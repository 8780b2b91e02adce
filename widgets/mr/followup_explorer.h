#pragma once
// The follow-up explorer (issue 6): a Detect button that runs the metamorphic detector for the
// current question, database and editor SQL in the background (progress, cancel), the early-stop
// K and an optional MR subset, the case's verdict badge (flagged or not, calls made and saved),
// the table of follow-ups (FollowUpModel, sortable, verdict filter) and the detail of the selected
// follow-up (FollowUpDetail).
#include <QWidget>

#include <functional>
#include <memory>

#include "widgets/mr/followup_runner.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace hs::ui {

class FollowUpDetail;
class FollowUpFilter;
class FollowUpModel;

class FollowUpExplorer : public QWidget {
  Q_OBJECT
 public:
  explicit FollowUpExplorer(GenerationController* generation, QWidget* parent = nullptr);

  // Supplies the database, question and source SQL when Detect is pressed.
  void setRequestSource(std::function<FollowUpRequest()> source) { source_ = std::move(source); }

  // Detect with an empty editor: `write` has the model write the source SQL into the editor the
  // way Generate does (gold-free findings, abstention); the writer calls detect() again once the
  // SQL is there, or sourceNotWritten() with the reason.
  void setSourceWriter(std::function<void(const QString& question, const QString& evidence)> write) {
    writeSource_ = std::move(write);
  }
  void sourceNotWritten(const QString& why);

  // Runs detection for the request source's current state (the options of this widget applied).
  void detect();
  void cancel();
  bool isBusy() const;
  // Forgets the shown run and drops the running one's result (another database was opened).
  void reset();

  FollowUpModel* model() const { return model_; }
  FollowUpFilter* filter() const { return filter_; }
  QTableView* table() const { return table_; }
  FollowUpDetail* detail() const { return detail_; }
  FollowUpRunner* runner() const { return runner_; }
  QComboBox* verdictFilter() const { return verdictFilter_; }
  QSpinBox* earlyStop() const { return earlyStop_; }
  QLineEdit* mrSubset() const { return mrs_; }
  QString badgeText() const;
  QString messageText() const;
  // Shows the newest detection saved in the workspace (its follow-ups come back on reopen), or
  // clears the explorer when the workspace has none; does nothing while a run is busy. Returns
  // whether a saved detection is shown.
  bool showSaved(const QString& workspacePath);
  // Selects the row of `mr` (through the filter) and shows its detail; false when not shown.
  bool selectMr(const QString& mr);

  // The case's verdict in one line, e.g. "Flagged: 2 violated MRs (AROE, CRE) · 14 calls, 9 saved",
  // "Consistent: ..." or "Could not check: ..." (see followup_verdict.h).
  static QString verdictSummary(const hs::mr::DetectResult& result);

 signals:
  // A run ended; `result` is null when it failed as a whole (`error` says why).
  void detectionFinished(std::shared_ptr<const hs::mr::DetectResult> result, const QString& error);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void buildUi();
  void retranslate();
  void setBusy(bool busy);
  void onProgress(int done, int total, const QString& text);
  void onFinished(std::shared_ptr<const hs::mr::DetectResult> result, const QString& error);
  void onCurrentChanged();
  void setMessage(const QString& text, bool error);
  void showBadge(const hs::mr::DetectResult& result);
  // The badge and the summary line of the shown result, in the current language.
  void showOutcome();

  FollowUpRunner* runner_;
  FollowUpModel* model_;
  FollowUpFilter* filter_;
  std::function<FollowUpRequest()> source_;
  std::function<void(const QString&, const QString&)> writeSource_;
  QPushButton* detect_ = nullptr;
  QPushButton* cancel_ = nullptr;
  QLabel* earlyStopLabel_ = nullptr;
  QSpinBox* earlyStop_ = nullptr;
  QLabel* mrsLabel_ = nullptr;
  QLineEdit* mrs_ = nullptr;
  QLabel* filterLabel_ = nullptr;
  QComboBox* verdictFilter_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* badge_ = nullptr;
  QLabel* message_ = nullptr;
  QTableView* table_ = nullptr;
  FollowUpDetail* detail_ = nullptr;
  QString saveError_;            // of the run whose result is shown
  bool showsSaved_ = false;      // the shown result was read from the workspace
  bool discardRunning_ = false;  // reset() while a run was going: its result is not shown
};

}  // namespace hs::ui
