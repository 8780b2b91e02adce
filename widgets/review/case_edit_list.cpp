#include "widgets/review/case_edit_list.h"

#include <QHeaderView>

#include "engine/db/database.h"
#include "engine/db/schema.h"
#include "widgets/pane_focus.h"

namespace hs::ui {

namespace {
constexpr int kMaxTextChars = 120;

QString shortText(const std::string& s) {
  QString t = QString::fromStdString(s).simplified();
  if (t.size() > kMaxTextChars) t = t.left(kMaxTextChars) + QChar(0x2026);
  return t;
}
QColor kindColor(hs::sql::EditKind kind) {
  switch (kind) {
    case hs::sql::EditKind::Insert:
      return QColor(0x2e, 0x7d, 0x32);
    case hs::sql::EditKind::Remove:
      return QColor(0xc6, 0x28, 0x28);
    case hs::sql::EditKind::Update:
      return QColor(0xb2, 0x6a, 0x00);
    case hs::sql::EditKind::Move:
      return QColor(0x15, 0x65, 0xc0);
  }
  return {};
}
// The kind of an edit in the user's language (the engine's word in English).
QString kindText(hs::sql::EditKind kind) {
  switch (kind) {
    case hs::sql::EditKind::Insert:
      return CaseEditList::tr("insert");
    case hs::sql::EditKind::Remove:
      return CaseEditList::tr("remove");
    case hs::sql::EditKind::Update:
      return CaseEditList::tr("update");
    case hs::sql::EditKind::Move:
      return CaseEditList::tr("move");
  }
  return QString::fromLatin1(hs::sql::toString(kind));
}

// The clause of an edit as the SQL writes it ("GROUP BY" for the engine's "group_by"); the two
// that are no keyword in the user's language; anything else as the engine names it.
QString clauseText(const std::string& clause) {
  if (clause == "join_condition") return CaseEditList::tr("join condition (ON)");
  if (clause == "set_op") return CaseEditList::tr("set operation");
  static const char* const kKeywords[] = {"select",   "from",  "join",   "where",    "group_by", "having",
                                          "order_by", "limit", "offset", "distinct", "values",   "with"};
  for (const char* k : kKeywords)
    if (clause == k) return QString::fromLatin1(k).toUpper().replace(QLatin1Char('_'), QLatin1Char(' '));
  return QString::fromStdString(clause);
}
}  // namespace

CaseEditList::CaseEditList(QWidget* parent) : QTreeWidget(parent) {
  setObjectName(QStringLiteral("caseEditList"));
  setColumnCount(4);
  retranslate();
  setRootIsDecorated(false);
  setUniformRowHeights(true);
  setAlternatingRowColors(true);
  setSelectionMode(QAbstractItemView::SingleSelection);
  header()->setStretchLastSection(true);
  header()->resizeSection(0, 80);
  header()->resizeSection(1, 120);
  header()->resizeSection(2, 420);
  showFocusFrame(this);
  connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item, QTreeWidgetItem*) {
    if (!item) return;
    const QVariant v = item->data(0, Qt::UserRole);
    if (v.isValid()) emit editActivated(v.toInt());
  });
}

void CaseEditList::retranslate() {
  setHeaderLabels({tr("Kind"), tr("Clause"), tr("Gold"), tr("Predicted")});
}

void CaseEditList::clearEdits() {
  clear();
  edits_.clear();
  status_.clear();
}

void CaseEditList::addNote(const QString& text) {
  status_ = text;
  auto* item = new QTreeWidgetItem(this);
  item->setText(0, text);
  item->setFirstColumnSpanned(true);
  item->setForeground(0, QColor(0x60, 0x60, 0x60));
  item->setFlags(Qt::ItemIsEnabled);
}

std::shared_ptr<const hs::db::Schema> CaseEditList::schemaOf(const std::string& dbPath) {
  const QString key = QString::fromStdString(dbPath);
  if (dbPath.empty()) return nullptr;
  if (auto it = schemas_.constFind(key); it != schemas_.constEnd()) return it.value();
  std::shared_ptr<const hs::db::Schema> schema;
  if (auto db = hs::db::Database::openReadOnly(dbPath); db.ok())
    if (auto s = db.value()->schema(); s.ok())
      schema = std::make_shared<const hs::db::Schema>(std::move(s.value()));
  schemas_.insert(key, schema);
  return schema;
}

void CaseEditList::setQueries(const std::optional<std::string>& gold, const std::optional<std::string>& pred,
                              const std::string& dbPath) {
  clearEdits();
  if (!gold || gold->empty() || !pred || pred->empty()) {
    addNote(tr("No edit script: both the gold and the predicted SQL are needed."));
    return;
  }
  hs::sql::DiffOptions options;
  const std::shared_ptr<const hs::db::Schema> schema = schemaOf(dbPath);
  options.schema = schema.get();
  auto result = hs::sql::diffSql(*gold, *pred, options);
  if (!result.ok()) {
    const hs::Error& e = result.error();
    const QString side = e.where == "gold" ? tr("gold") : (e.where == "pred" ? tr("predicted") : QString());
    addNote(side.isEmpty() ? tr("No edit script: %1").arg(QString::fromStdString(e.message))
                           : tr("No edit script: the %1 SQL does not parse: %2")
                                 .arg(side, QString::fromStdString(e.message)));
    return;
  }
  edits_ = std::move(result.value().edits);
  if (edits_.empty()) {
    addNote(tr("The queries are equivalent after normalisation: no edit."));
    return;
  }
  status_ = tr("%n edit(s)", nullptr, static_cast<int>(edits_.size()));
  const QString arrow = QString(QChar(0x2192));
  for (std::size_t i = 0; i < edits_.size(); ++i) {
    const hs::sql::Edit& e = edits_[i];
    auto* item = new QTreeWidgetItem(this);
    item->setText(0, kindText(e.kind));
    item->setForeground(0, kindColor(e.kind));
    QString clause = clauseText(e.clause);
    if (!e.path.empty()) clause += QStringLiteral(" (") + QString::fromStdString(e.path) + QLatin1Char(')');
    item->setText(1, clause);
    item->setText(2, e.goldText.empty() ? QStringLiteral("\u2014") : shortText(e.goldText));
    item->setText(3, (e.predText.empty() ? QStringLiteral("\u2014") : shortText(e.predText)));
    item->setToolTip(0, QString::fromStdString(e.description));
    item->setToolTip(2, QString::fromStdString(e.goldText) + QLatin1Char(' ') + arrow + QLatin1Char(' ') +
                            QString::fromStdString(e.predText));
    item->setToolTip(3, item->toolTip(2));
    item->setData(0, Qt::UserRole, static_cast<int>(i));
  }
}

}  // namespace hs::ui
