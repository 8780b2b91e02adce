// The Drill-down tab's page: what the shell and the start-up see of the drill-down feature.
#include "widgets/drilldown/drilldown_page.h"

#include <QCoreApplication>

#include "widgets/drilldown/drilldown_panel.h"
#include "widgets/page.h"
#include "widgets/shell.h"

namespace hs::ui {

namespace {

class DrilldownPage : public QObject, public Page {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::DrilldownPage)
 public:
  explicit DrilldownPage(Shell& shell)
      : QObject(shell.dialogParent()), shell_(shell), panel_(new DrilldownPanel) {
    panel_->attach(shell.sessions(), shell.generation());  // "Run Drill-down…" with the active profile
  }

  QString id() const override { return QStringLiteral("drilldown"); }
  QString title() const override { return tr("Drill-down"); }
  int priority() const override { return 80; }
  QWidget* widget() const override { return panel_; }

  void applyStartOptions(const StartOptions& o) override {
    if (!o.charts) return;
    shell_.showPage(id());
    panel_->showFindingsChart();
  }

 private:
  Shell& shell_;
  DrilldownPanel* panel_;
};

}  // namespace

void registerDrilldownPage(Shell& shell) {
  shell.addPage(new DrilldownPage(shell));
}

}  // namespace hs::ui
