#include "widgets/mr/followup_detail.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "engine/mr/pipeline.h"
#include "widgets/case_result_model.h"
#include "widgets/mr/followup_model.h"
#include "widgets/mr/followup_stage_text.h"
#include "widgets/sql_editor.h"

namespace hs::ui {
namespace {

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

QLabel* titleLabel(QWidget* parent) {
  auto* l = new QLabel(parent);
  l->setTextFormat(Qt::PlainText);
  QFont f = l->font();
  f.setBold(true);
  l->setFont(f);
  return l;
}

// A titled column: the label above `body`.
QWidget* titled(QLabel* title, QWidget* body) {
  auto* w = new QWidget;
  auto* l = new QVBoxLayout(w);
  l->setContentsMargins(0, 0, 0, 0);
  l->setSpacing(2);
  l->addWidget(title);
  l->addWidget(body, 1);
  return w;
}

SqlEditor* readOnlyEditor(const QString& name) {
  auto* e = new SqlEditor;
  e->setObjectName(name);
  e->setReadOnly(true);
  e->setMarginWidth(1, 0);
  e->setFolding(QsciScintilla::NoFoldStyle, 2);
  e->setWrapMode(QsciScintilla::WrapWord);
  return e;
}

QTableView* resultTable(CaseResultModel* model, const QString& name) {
  auto* t = new QTableView;
  t->setObjectName(name);
  t->setModel(model);
  t->setSelectionBehavior(QAbstractItemView::SelectRows);
  t->verticalHeader()->setDefaultSectionSize(t->fontMetrics().height() + 6);
  t->horizontalHeader()->setStretchLastSection(true);
  return t;
}

void fillLinking(QListWidget* list, const std::set<std::string>& items, const std::set<std::string>& other,
                 const QColor& mark) {
  list->clear();
  for (const auto& s : items) {
    auto* item = new QListWidgetItem(qs(s), list);
    if (!other.count(s)) item->setBackground(mark);
  }
}

}  // namespace

FollowUpDetail::FollowUpDetail(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);
  header_ = new QLabel(this);
  header_->setObjectName(QStringLiteral("followUpHeader"));
  header_->setWordWrap(true);
  header_->setTextFormat(Qt::RichText);
  header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(header_);
  pages_ = new QStackedWidget(this);
  sqlPage_ = buildSqlPage();
  linkingPage_ = buildLinkingPage();
  pages_->addWidget(sqlPage_);
  pages_->addWidget(linkingPage_);
  layout->addWidget(pages_, 1);
  clear();
}

QWidget* FollowUpDetail::buildSqlPage() {
  sourceSqlTitle_ = titleLabel(this);
  followUpSqlTitle_ = titleLabel(this);
  sourceSql_ = readOnlyEditor(QStringLiteral("sourceSqlView"));
  followUpSql_ = readOnlyEditor(QStringLiteral("followUpSqlView"));
  auto* sqls = new QSplitter(Qt::Horizontal);
  sqls->addWidget(titled(sourceSqlTitle_, sourceSql_));
  sqls->addWidget(titled(followUpSqlTitle_, followUpSql_));

  sourceResultTitle_ = new QLabel(this);
  followUpResultTitle_ = new QLabel(this);
  sourceModel_ = new CaseResultModel(this);
  followUpModel_ = new CaseResultModel(this);
  sourceTable_ = resultTable(sourceModel_, QStringLiteral("sourceResultTable"));
  followUpTable_ = resultTable(followUpModel_, QStringLiteral("followUpResultTable"));
  auto* results = new QSplitter(Qt::Horizontal);
  results->addWidget(titled(sourceResultTitle_, sourceTable_));
  results->addWidget(titled(followUpResultTitle_, followUpTable_));

  auto* page = new QSplitter(Qt::Vertical);
  page->addWidget(sqls);
  page->addWidget(results);
  page->setStretchFactor(0, 2);
  page->setStretchFactor(1, 3);
  return page;
}

QWidget* FollowUpDetail::buildLinkingPage() {
  sourceLinkingTitle_ = titleLabel(this);
  followUpLinkingTitle_ = titleLabel(this);
  sourceList_ = new QListWidget;
  sourceList_->setObjectName(QStringLiteral("sourceLinkingList"));
  followUpList_ = new QListWidget;
  followUpList_->setObjectName(QStringLiteral("followUpLinkingList"));
  auto* page = new QSplitter(Qt::Horizontal);
  page->addWidget(titled(sourceLinkingTitle_, sourceList_));
  page->addWidget(titled(followUpLinkingTitle_, followUpList_));
  return page;
}

void FollowUpDetail::clear() {
  header_->setText(tr("Select a follow-up to see both SQL texts and their results."));
  for (SqlEditor* e : {sourceSql_, followUpSql_}) e->setText({});
  sourceModel_->clear();
  followUpModel_->clear();
  sourceList_->clear();
  followUpList_->clear();
  sourceSqlTitle_->setText(tr("Source SQL"));
  followUpSqlTitle_->setText(tr("Follow-up SQL"));
  sourceResultTitle_->clear();
  followUpResultTitle_->clear();
  pages_->setCurrentWidget(sqlPage_);
}

void FollowUpDetail::showRecord(const hs::mr::DetectResult& result, const hs::mr::MrRecord& record) {
  const auto* info = hs::mr::findMr(record.mr);
  const QColor color = FollowUpModel::verdictColor(record.verdict, record.skipped);
  QString html = QStringLiteral("<b>%1</b>").arg(qs(record.mr).toHtmlEscaped());
  if (info) html += QStringLiteral(" — ") + mrNameText(*info).toHtmlEscaped();
  html += QStringLiteral(
              " &nbsp;<span style=\"background:%1; color:white; font-weight:bold\">&nbsp;%2&nbsp;</span>")
              .arg(color.name(), FollowUpModel::verdictText(record.verdict, record.skipped));
  if (!record.reason.empty())
    html += QStringLiteral("<br>") + followUpReasonText(record.reason).toHtmlEscaped();
  if (!record.followUp.empty())
    html += QStringLiteral("<br>") +
            tr("Follow-up: %1").arg(FollowUpModel::highlightChanged(record.followUp, record.changed));
  header_->setText(html);
  if (record.stage == hs::mr::Stage::SchemaLinking)
    showLinking(result, record);
  else
    showSql(result, record);
}

void FollowUpDetail::showSql(const hs::mr::DetectResult& result, const hs::mr::MrRecord& record) {
  pages_->setCurrentWidget(sqlPage_);
  sourceSql_->setText(qs(result.sql));
  followUpSql_->setText(record.followUpSql.empty() ? tr("-- no follow-up SQL") : qs(record.followUpSql));
  sourceSqlTitle_->setText(tr("Source SQL"));  // here too: showing a record again retranslates it
  followUpSqlTitle_->setText(record.followUpDb.empty()
                                 ? tr("Follow-up SQL")
                                 : tr("Follow-up SQL (on the %1)").arg(qs(record.followUpDb)));
  using State = CaseResultModel::RowState;
  const auto& src = record.sourceResult.rows;
  const auto& fol = record.followUpResult.rows;
  const bool ran = record.sourceRows.has_value() && record.followUpRows.has_value();
  std::vector<State> srcStates, folStates;
  if (ran) {
    srcStates = unmatchedRows(src, fol, State::Missing);
    folStates = unmatchedRows(fol, src, State::Extra);
  }
  sourceModel_->setResult(record.sourceResult.columns, src, srcStates);
  followUpModel_->setResult(record.followUpResult.columns, fol, folStates);
  auto title = [](qint64 rows, int kept, int marked, const QString& side, const QString& markWord) {
    QString t = tr("%1: %n row(s)", nullptr, int(rows)).arg(side);
    if (rows > kept) t += tr(", first %1 kept").arg(kept);
    if (marked > 0) t += QStringLiteral(" · ") + markWord.arg(marked);
    return t;
  };
  if (record.sourceRows)
    sourceResultTitle_->setText(title(*record.sourceRows, int(src.size()), sourceModel_->markedRows(),
                                      tr("Source result"), tr("%1 not in the follow-up")));
  else
    sourceResultTitle_->setText(tr("Source result: not run"));
  if (record.followUpRows)
    followUpResultTitle_->setText(title(*record.followUpRows, int(fol.size()), followUpModel_->markedRows(),
                                        tr("Follow-up result"), tr("%1 not in the source")));
  else
    followUpResultTitle_->setText(tr("Follow-up result: not run"));
  for (QTableView* t : {sourceTable_, followUpTable_}) t->resizeColumnsToContents();
}

void FollowUpDetail::showLinking(const hs::mr::DetectResult& result, const hs::mr::MrRecord& record) {
  pages_->setCurrentWidget(linkingPage_);
  std::set<std::string> source;
  if (!result.stages.empty()) source = result.stages.front().artifact;
  fillLinking(sourceList_, source, record.followUpLinking, CaseResultModel::missingColor());
  fillLinking(followUpList_, record.followUpLinking, source, CaseResultModel::extraColor());
  sourceLinkingTitle_->setText(tr("Source linking: %n item(s)", nullptr, int(source.size())));
  followUpLinkingTitle_->setText(
      record.followUpDb.empty()
          ? tr("Follow-up linking: %n item(s)", nullptr, int(record.followUpLinking.size()))
          : tr("Follow-up linking on the %1: %n item(s)", nullptr, int(record.followUpLinking.size()))
                .arg(qs(record.followUpDb)));
}

QString FollowUpDetail::headerText() const {
  return header_->text();
}

QString FollowUpDetail::sourceSql() const {
  return sourceSql_->text();
}

QString FollowUpDetail::followUpSql() const {
  return followUpSql_->text();
}

bool FollowUpDetail::showsLinking() const {
  return pages_->currentWidget() == linkingPage_;
}

}  // namespace hs::ui
