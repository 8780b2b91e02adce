#include "widgets/review/case_list_model.h"

#include "widgets/difficulty_text.h"
#include "widgets/review/case_header.h"

#include <QBrush>
#include <QColor>

#include <algorithm>
#include <set>

namespace hs::ui {

namespace {

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

int verdictRank(const std::optional<bool>& ex, bool evaluated) {
  if (!evaluated) return -2;
  if (!ex) return -1;
  return *ex ? 1 : 0;
}

QStringList sortedDistinct(const std::vector<CaseListModel::Row>& rows, QString CaseListModel::Row::*field) {
  std::set<QString> seen;
  for (const auto& r : rows)
    if (!(r.*field).isEmpty()) seen.insert(r.*field);
  return QStringList(seen.begin(), seen.end());
}

}  // namespace

CaseListModel::CaseListModel(QObject* parent) : QAbstractTableModel(parent) {}

CaseListModel::Verdict CaseListModel::verdictOf(const std::optional<bool>& ex) {
  if (!ex) return Verdict::Undecided;
  return *ex ? Verdict::Correct : Verdict::Wrong;
}

QString CaseListModel::verdictText(const std::optional<bool>& ex, bool evaluated) {
  if (!evaluated) return {};
  if (!ex) return QStringLiteral("–");
  return *ex ? QStringLiteral("✓") : QStringLiteral("✗");
}

void CaseListModel::setSummaries(std::vector<hs::ws::CaseSummary> summaries) {
  beginResetModel();
  rows_.clear();
  rows_.reserve(summaries.size());
  correct_ = wrong_ = evaluated_ = 0;
  for (auto& s : summaries) {
    Row r;
    r.key = qs(s.caseKey);
    r.db = qs(s.dbId);
    r.question = qs(s.question);
    r.model = qs(s.model);
    r.difficulty = qs(s.difficulty);
    for (const auto& c : s.categories) r.categories << qs(c);
    r.categoriesText = r.categories.join(QStringLiteral(", "));
    r.haystack = (r.question + QLatin1Char('\n') + qs(s.predSql) + QLatin1Char('\n') + qs(s.goldSql) +
                  QLatin1Char('\n') + r.db + QLatin1Char('\n') + r.key)
                     .toLower();
    r.verdict = verdictOf(s.exSet);
    if (s.evaluated) ++evaluated_;
    if (r.verdict == Verdict::Correct) ++correct_;
    if (r.verdict == Verdict::Wrong) ++wrong_;
    r.summary = std::move(s);
    rows_.push_back(std::move(r));
  }
  endResetModel();
}

void CaseListModel::setReviewMarks(const std::map<qint64, ReviewMark>& marks) {
  reviewed_ = 0;
  for (Row& r : rows_) {
    const auto it = marks.find(r.summary.caseId);
    const ReviewMark m = it == marks.end() ? ReviewMark{} : it->second;
    r.annotations = m.annotations;
    r.reviewed = m.reviewed;
    r.human = m.human;
    r.disputed = m.disputed;
    r.final = m.final;
    if (m.reviewed) ++reviewed_;
  }
  if (!rows_.empty()) emit dataChanged(index(0, Review), index(rowCount() - 1, Review));
}

QString CaseListModel::humanText(const QString& human) {
  if (human == QLatin1String("correct")) return tr("correct");
  if (human == QLatin1String("incorrect")) return tr("incorrect");
  if (human == QLatin1String("unsure")) return tr("unsure");
  return human;
}

void CaseListModel::clear() {
  setSummaries({});
}

int CaseListModel::rowOfCase(qint64 caseId) const {
  for (std::size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].summary.caseId == caseId) return static_cast<int>(i);
  return -1;
}

QStringList CaseListModel::models() const {
  return sortedDistinct(rows_, &Row::model);
}

QStringList CaseListModel::difficulties() const {
  return sortedDistinct(rows_, &Row::difficulty);
}

QStringList CaseListModel::categories() const {
  std::set<QString> seen;
  for (const auto& r : rows_)
    for (const auto& c : r.categories) seen.insert(c);
  return QStringList(seen.begin(), seen.end());
}

int CaseListModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CaseListModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

namespace {

template <class T>
int cmp(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

// Absent values sort before every present value.
int cmpOpt(const std::optional<double>& a, const std::optional<double>& b) {
  return cmp(a.value_or(-1.0), b.value_or(-1.0));
}

}  // namespace

int CaseListModel::compare(const Row& a, const Row& b, int column) {
  const auto& x = a.summary;
  const auto& y = b.summary;
  switch (column) {
    case CaseId:
      return a.key.compare(b.key);
    case Database:
      return a.db.compare(b.db);
    case Question:
      return a.question.localeAwareCompare(b.question);
    case Model:
      return a.model.compare(b.model);
    case Difficulty:
      return a.difficulty.compare(b.difficulty);
    case ExSet:
      return cmp(verdictRank(x.exSet, x.evaluated), verdictRank(y.exSet, y.evaluated));
    case ExBag:
      return cmp(verdictRank(x.exBag, x.evaluated), verdictRank(y.exBag, y.evaluated));
    case ExOrdered:
      return cmp(verdictRank(x.exOrdered, x.evaluated), verdictRank(y.exOrdered, y.evaluated));
    case SoftF1:
      return cmpOpt(x.softF1, y.softF1);
    case Risk:
      return cmpOpt(x.risk, y.risk);
    case Findings:
      return cmp(a.categories.size(), b.categories.size());
    case Review:
      return cmp(std::pair(a.reviewed, a.human), std::pair(b.reviewed, b.human));
    default:
      return 0;
  }
}

QVariant CaseListModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= static_cast<int>(rows_.size())) return {};
  const Row& r = rows_[static_cast<std::size_t>(index.row())];
  const auto& s = r.summary;
  const int col = index.column();
  if (role == CaseIdRole) return QVariant::fromValue(s.caseId);
  const std::optional<bool>* ex = col == ExSet       ? &s.exSet
                                  : col == ExBag     ? &s.exBag
                                  : col == ExOrdered ? &s.exOrdered
                                                     : nullptr;
  switch (role) {
    case Qt::DisplayRole:
      if (ex) return verdictText(*ex, s.evaluated);
      switch (col) {
        case Position:
          return QVariant::fromValue(s.position + 1);
        case CaseId:
          return r.key;
        case Database:
          return r.db;
        case Question:  // ⊘: the run abstained on this question (the reason in the tooltip)
          return s.abstention && s.abstention->abstained ? QStringLiteral("⊘ ") + r.question : r.question;
        case Model:
          return r.model;
        case Difficulty:
          return difficultyText(r.difficulty.toStdString());
        case SoftF1:
          return s.softF1 ? QString::number(*s.softF1, 'f', 2) : QString();
        case Risk:
          return s.risk ? QString::number(*s.risk, 'f', 2) : QString();
        case Findings:
          return r.categoriesText;
        case Review: {
          if (!r.reviewed) return QString();
          QString text = QStringLiteral("✓");
          if (!r.human.isEmpty()) text += QLatin1Char(' ') + humanText(r.human);
          if (!r.final.isEmpty()) return QStringLiteral("⚖ %1").arg(r.final);
          if (r.disputed) text += QStringLiteral(" ⚠");
          return text;
        }
        default:
          return {};
      }
    case Qt::ForegroundRole:
      if (ex && ex->has_value()) return QBrush(**ex ? QColor(0x1b, 0x7f, 0x3b) : QColor(0xc6, 0x28, 0x28));
      if (col == Risk && s.risk && *s.risk >= 0.5) return QBrush(QColor(0xb2, 0x5b, 0x00));
      if (col == Review && !r.final.isEmpty()) return QBrush(QColor(0x4a, 0x23, 0x8c));
      if (col == Review && r.disputed) return QBrush(QColor(0xb2, 0x5b, 0x00));
      if (col == Review && r.reviewed) return QBrush(QColor(0x1f, 0x4e, 0x9a));
      return {};
    case Qt::TextAlignmentRole:
      if (ex || col == Review) return int(Qt::AlignCenter);
      if (col == Position || col == SoftF1 || col == Risk) return int(Qt::AlignRight | Qt::AlignVCenter);
      return {};
    case Qt::ToolTipRole:
      if (col == Question) {
        QString tip = r.question;
        if (s.abstention && s.abstention->abstained)
          tip += QLatin1Char('\n') + (s.abstention->reason.empty()
                                          ? tr("Abstained")
                                          : tr("Abstained: %1").arg(qs(s.abstention->reason)));
        if (!s.infeasibleType.empty())
          tip += QLatin1Char('\n') + tr("Infeasible question (%1)").arg(qs(s.infeasibleType));
        return tip;
      }
      if (col == Findings) return r.categories.join(QLatin1Char('\n'));
      if (col == Review && !r.final.isEmpty())
        return tr("Adjudicated: the final label is %1 (%n annotation(s))", nullptr, r.annotations)
            .arg(r.final);
      if (col == Review && r.annotations > 0)
        return r.disputed ? tr("%n annotation(s); reviewers disagree", nullptr, r.annotations)
                          : tr("%n annotation(s)", nullptr, r.annotations);
      if (ex && !s.predError.empty()) return tr("Prediction failed: %1").arg(qs(s.predError));
      if (ex && s.evaluated && !ex->has_value())
        return tr("Cannot be decided (no gold result, or not ordered)");
      return {};
    default:
      return {};
  }
}

QVariant CaseListModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case ExSet:
        return tr("Execution accuracy, set semantics (BIRD's official metric)");
      case ExBag:
        return tr("Execution accuracy, multiset (bag) semantics");
      case ExOrdered:
        return tr("Execution accuracy, ordered (only when the gold query orders its output)");
      case SoftF1:
        return CaseHeader::softF1Tooltip();
      case Risk:
        return tr("Gold-free risk score in [0, 1]");
      case Review:
        return tr("Reviewed (✓), the human verdict, and ⚠ when reviewers disagree");
      default:
        return {};
    }
  }
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case Position:
      return tr("#");
    case CaseId:
      return tr("Case");
    case Database:
      return tr("Database");
    case Question:
      return tr("Question");
    case Model:
      return tr("Model");
    case Difficulty:
      return tr("Difficulty");
    case ExSet:
      return tr("EX set");
    case ExBag:
      return tr("EX bag");
    case ExOrdered:
      return tr("EX ord.");
    case SoftF1:
      return tr("Soft-F1");
    case Risk:
      return tr("Risk");
    case Findings:
      return tr("Findings");
    case Review:
      return tr("Reviewed");
    default:
      return {};
  }
}

}  // namespace hs::ui
