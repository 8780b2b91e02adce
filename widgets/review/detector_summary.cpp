#include "widgets/review/detector_summary.h"

#include <QEvent>
#include <QPointer>
#include <QStringList>

#include <atomic>
#include <optional>

#include <nlohmann/json.hpp>

#include "engine/bench/bench_run.h"
#include "widgets/job_runner.h"

namespace hs::ui {
namespace {

QString num(const nlohmann::json& v) {
  return v.is_number() ? QString::number(v.get<double>(), 'f', 2) : QStringLiteral("–");
}

QString interval(const nlohmann::json& ci) {
  if (!ci.is_object() || !ci.contains("low")) return {};
  return QStringLiteral(" [%1, %2]").arg(num(ci["low"]), num(ci["high"]));
}

QString detectorName(const std::string& name) {
  if (name == "risk") return DetectorSummary::tr("risk score");
  if (name == "verifier") return DetectorSummary::tr("LLM verifier");
  if (name == "mr") return DetectorSummary::tr("metamorphic testing");
  return QString::fromStdString(name);
}

struct BenchWork {
  bool ok = false;
  QString error;
  nlohmann::json summary;
};

}  // namespace

DetectorSummary::DetectorSummary(QWidget* parent) : QLabel(parent), runner_(new JobRunner(this)) {
  setObjectName(QStringLiteral("detectorSummary"));
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  setWordWrap(true);
  hide();  // until a run has EX verdicts: an empty line would leave a blank row under the run line
}

DetectorSummary::~DetectorSummary() {
  runner_->abandon();
}

bool DetectorSummary::isBusy() const {
  return runner_->isBusy() || hasPending_;
}

void DetectorSummary::clearSummary() {
  hasPending_ = false;
  summary_.reset();
  runner_->cancel();
  clear();
  setToolTip({});
  hide();
}

void DetectorSummary::compute(const QString& workspacePath, qint64 runId) {
  pendingPath_ = workspacePath;
  pendingRun_ = runId;
  hasPending_ = true;
  if (runner_->isBusy()) {
    runner_->cancel();  // its result is dropped; the pending request starts when it ends
    return;
  }
  startPending();
}

void DetectorSummary::startPending() {
  if (!hasPending_) return;
  hasPending_ = false;
  const std::string path = pendingPath_.toStdString();
  const qint64 runId = pendingRun_;
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  summary_.reset();
  setText(tr("Detectors: computing…"));
  show();
  setToolTip({});
  auto work = [path, runId, cancelled](JobContext&) {
    BenchWork w;
    bench::BenchOptions o;
    o.detectors = {"risk"};  // no LLM call from the Review tab
    o.bootstrap = 500;
    o.jobs = 2;
    o.cancel = cancelled.get();
    auto r = bench::benchWorkspaceRun(path, runId, o);
    if (!r) {
      w.error = QString::fromStdString(r.error().message);
      return w;
    }
    w.ok = true;
    w.summary = std::move(r.value());
    return w;
  };
  QPointer<DetectorSummary> self(this);
  auto done = [self, cancelled](BenchWork w) {
    if (!self) return;
    if (self->hasPending_ || cancelled->load()) {  // superseded
      self->startPending();
      return;
    }
    if (!w.ok) {
      self->summary_.reset();
      self->setText(tr("Detectors: %1").arg(w.error));
      emit self->computed(false);
      return;
    }
    self->summary_ = std::make_shared<const nlohmann::json>(std::move(w.summary));
    self->showSummary();
    emit self->computed(true);
  };
  runner_->start<BenchWork>(tr("Benchmarking the detectors"), work, done,
                            [cancelled]() { cancelled->store(true); });
}

void DetectorSummary::showSummary() {
  if (!summary_) return;
  setText(line(*summary_));
  setToolTip(details(*summary_));
}

void DetectorSummary::changeEvent(QEvent* event) {
  QLabel::changeEvent(event);
  if (event->type() == QEvent::LanguageChange) showSummary();
}

QString DetectorSummary::line(const nlohmann::json& s) {
  // Nothing to score ("0 cases, 0 wrong: AUROC –" said the same in a riddle).
  if (s["set"].value("cases", 0) == 0)
    return tr("Detectors by EX: no case with an EX verdict and a risk score yet");
  QStringList parts;
  for (const auto& d : s.value("detectors", nlohmann::json::array())) {
    // Issue 13: the AUROC on the predictions that execute beside the one on all (an execution
    // error is already visible; the executable ones are where a reviewer needs the score).
    const auto e = d.value("executable", nlohmann::json::object());
    if (e.contains("auroc") && e["auroc"].is_number())
      parts << tr("%1 AUROC %2%3 (executable %4%5), AUPRC %6%7")
                   .arg(detectorName(d.value("name", std::string())), num(d["auroc"]), interval(d["ci"]),
                        num(e["auroc"]), interval(e.value("ci", nlohmann::json())), num(d["auprc"]),
                        interval(d["auprc_ci"]));
    else
      parts << tr("%1 AUROC %2%3, AUPRC %4%5")
                   .arg(detectorName(d.value("name", std::string())), num(d["auroc"]), interval(d["ci"]),
                        num(d["auprc"]), interval(d["auprc_ci"]));
  }
  const auto& set = s["set"];
  return tr("Detectors by EX (%1 cases, %2 wrong): %3")
      .arg(set.value("cases", 0))
      .arg(set.value("wrong", 0))
      .arg(parts.join(QStringLiteral(" · ")));
}

QString DetectorSummary::details(const nlohmann::json& s) {
  QStringList lines;
  lines << tr(
      "The same bench as hallusql-cli bench-detectors; wrong SQL (EX false) is the positive class; "
      "95% bootstrap intervals.");
  for (const auto& d : s.value("detectors", nlohmann::json::array())) {
    lines << tr("%1: AUROC %2%3, AUPRC %4%5")
                 .arg(detectorName(d.value("name", std::string())), num(d["auroc"]), interval(d["ci"]),
                      num(d["auprc"]), interval(d["auprc_ci"]));
    for (const auto& r : d.value("rs", nlohmann::json::array()))
      lines
          << tr("  RS(%1), penalty %2: best %3 abstaining from score %4 (answer all %5, abstain from all %6)")
                 .arg(QString::fromStdString(r.value("c", std::string())), num(r["penalty"]), num(r["rs"]),
                      num(r["threshold"]), num(r["answer_all"]), num(r["abstain_all"]));
  }
  return lines.join(QLatin1Char('\n'));
}

}  // namespace hs::ui
