#include "widgets/llm/llm_log_panel.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "widgets/llm/llm_log_model.h"

namespace hs::ui {

LlmLogPanel::LlmLogPanel(LlmLogModel* model, QWidget* parent) : QWidget(parent), model_(model) {
  table_ = new QTableView(this);
  table_->setModel(model_);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setAlternatingRowColors(true);

  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  prompt_ = new QPlainTextEdit(this);
  prompt_->setObjectName(QStringLiteral("llmLogPrompt"));
  response_ = new QPlainTextEdit(this);
  response_->setObjectName(QStringLiteral("llmLogResponse"));
  for (auto* view : {prompt_, response_}) {
    view->setReadOnly(true);
    view->setFont(mono);
  }
  promptLabel_ = new QLabel(this);
  responseLabel_ = new QLabel(this);
  totals_ = new QLabel(this);

  auto* detail = new QWidget(this);
  auto* detailLayout = new QVBoxLayout(detail);
  detailLayout->setContentsMargins(0, 0, 0, 0);
  detailLayout->addWidget(promptLabel_);
  detailLayout->addWidget(prompt_, 1);
  detailLayout->addWidget(responseLabel_);
  detailLayout->addWidget(response_, 1);

  // The calls beside the prompt and response, as in the Follow-ups tab: one above the other left
  // the two texts a few pixels high in the docks' height at 1366x768.
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(table_);
  split->addWidget(detail);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(split);
  layout->addWidget(totals_);

  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) { showEntry(current.row()); });
  connect(model_, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex&, int, int last) {
    updateTotals();
    table_->selectRow(last);
  });
  retranslate();
}

void LlmLogPanel::showEntry(int row) {
  if (row < 0 || row >= model_->rowCount()) return;
  const auto& e = model_->entry(row);
  QString header;
  if (!e.templateName.isEmpty())
    header = tr("Template %1, version %2").arg(e.templateName, e.templateVersion) + "\n\n";
  prompt_->setPlainText(header + e.prompt);
  response_->setPlainText(e.response);
}

void LlmLogPanel::updateTotals() {
  totals_->setText(tr("%n call(s), %1 tokens, $%2", nullptr, model_->rowCount())
                       .arg(model_->totalTokens())
                       .arg(model_->totalCost(), 0, 'f', 4));
}

void LlmLogPanel::retranslate() {
  promptLabel_->setText(tr("Prompt"));
  responseLabel_->setText(tr("Response"));
  updateTotals();
}

void LlmLogPanel::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(event);
}

}  // namespace hs::ui
