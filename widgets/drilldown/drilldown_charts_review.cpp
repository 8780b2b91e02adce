// The "findings per category" chart of a review run: its data comes from engine/workspace
// (runs, findingCategories, caseCount), read off the UI thread.
#include <QComboBox>
#include <QLabel>

#include <map>
#include <set>

#include "engine/core/finding.h"
#include "engine/core/finding_categories.h"
#include "engine/workspace/annotations.h"
#include "engine/workspace/drilldown_store.h"
#include "engine/workspace/workspace.h"
#include "widgets/case_finding_styles.h"
#include "widgets/drilldown/drilldown_charts.h"
#include "widgets/job_runner.h"

namespace hs::ui {

namespace {

struct ReviewData {
  QString error;
  std::vector<DrilldownChartsView::CategoryCount> counts;
  std::size_t cases = 0;
};

}  // namespace

QString DrilldownChartsView::categoryName(const std::string& taxonomy, const std::string& category) const {
  Finding f;
  f.taxonomy = taxonomy;
  f.category = category;
  return FindingStyles::categoryLabel(f);
}

void DrilldownChartsView::setWorkspace(const QString& path) {
  workspace_ = path;
  runBox_->clear();
  review_.clear();
  reviewCases_ = 0;
  if (!path.isEmpty()) {
    // The list of runs is one small query; the findings are read in the background.
    auto w = ws::Workspace::open(path.toStdString());
    auto runs = w ? w->runs() : Result<std::vector<ws::RunRecord>>(w.error());
    if (runs)
      for (const auto& r : runs.value())
        if (!ws::isDrilldownRun(r))
          runBox_->addItem(QString::fromStdString(r.info.name.empty() ? std::to_string(r.id) : r.info.name),
                           QVariant::fromValue<qlonglong>(r.id));
  }
  if (measure() == Measure::ReviewFindings && runBox_->count() > 0)
    showReviewRun(runBox_->itemData(0).toLongLong());
  rebuild();
  openOnData();
}

void DrilldownChartsView::openOnData() {
  const bool drilldownData = !stats_.groups.empty() || !stats_.byDifficulty.empty();
  if (measure() != Measure::ReviewFindings && !drilldownData && runBox_->count() > 0) {
    autoReview_ = true;
    setMeasure(Measure::ReviewFindings);  // loads the first run's findings
  } else if (measure() == Measure::ReviewFindings && autoReview_ && drilldownData) {
    autoReview_ = false;
    setMeasure(Measure::Recurrent);
  }
}

bool DrilldownChartsView::showReviewRun(std::int64_t runId) {
  if (workspace_.isEmpty() || runner_->isBusy()) return false;
  const int at = runBox_->findData(QVariant::fromValue<qlonglong>(runId));
  if (at >= 0) runBox_->setCurrentIndex(at);
  const std::string path = workspace_.toStdString();
  return runner_->start<std::shared_ptr<ReviewData>>(
      tr("Counting the findings"),
      [path, runId](JobContext& ctx) {
        auto out = std::make_shared<ReviewData>();
        auto w = ws::Workspace::open(path);
        if (!w) {
          out->error = QString::fromStdString(w.error().describe());
          return out;
        }
        if (auto n = w->caseCount(runId)) out->cases = std::size_t(n.value());
        std::vector<std::string> taxonomies;
        for (const auto& c : findingCategories())
          if (std::find(taxonomies.begin(), taxonomies.end(), c.taxonomy) == taxonomies.end())
            taxonomies.emplace_back(c.taxonomy);
        for (const std::string& t : taxonomies) {
          if (ctx.isCancelled()) break;
          auto found = ws::findingCategories(w.value(), t, runId);
          if (!found) {
            out->error = QString::fromStdString(found.error().describe());
            return out;
          }
          std::map<std::string, std::pair<std::size_t, std::set<std::int64_t>>> byCategory;
          std::vector<std::string> order;
          for (const auto& f : found.value()) {
            auto [it, fresh] = byCategory.try_emplace(f.category);
            if (fresh) order.push_back(f.category);
            ++it->second.first;
            it->second.second.insert(f.caseId);
          }
          // Within a taxonomy the most frequent category first.
          std::stable_sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
            return byCategory[a].first > byCategory[b].first;
          });
          for (const std::string& c : order)
            out->counts.push_back({t, c, byCategory[c].first, byCategory[c].second.size()});
        }
        return out;
      },
      [this](std::shared_ptr<ReviewData> d) {
        if (!d->error.isEmpty()) {
          review_.clear();
          rebuild();
          hover_->setText(tr("Cannot read the run's findings: %1").arg(d->error));
          return;
        }
        setReviewFindings(std::move(d->counts), d->cases);
      });
}

void DrilldownChartsView::setReviewFindings(std::vector<CategoryCount> counts, std::size_t runCases) {
  review_ = std::move(counts);
  reviewCases_ = runCases;
  if (measure() == Measure::ReviewFindings)
    rebuild();
  else
    setMeasure(Measure::ReviewFindings);
}

}  // namespace hs::ui
