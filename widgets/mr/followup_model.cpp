#include "widgets/mr/followup_model.h"

#include <QLocale>

#include <algorithm>

#include "widgets/mr/followup_stage_text.h"

namespace hs::ui {
namespace {

using hs::mr::MrRecord;
using hs::mr::Relation;
using hs::mr::Stage;
using hs::mr::Verdict;

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

// The UTF-16 index of byte offset `byte` of the UTF-8 string `text` (clamped; a byte inside a
// multi-byte character counts as the start of that character).
int utf16Index(const std::string& text, std::size_t byte) {
  byte = std::min(byte, text.size());
  while (byte > 0 && byte < text.size() && (static_cast<unsigned char>(text[byte]) & 0xC0) == 0x80) --byte;
  return int(QString::fromUtf8(text.data(), qsizetype(byte)).size());
}

QString relationText(Relation r) {
  switch (r) {
    case Relation::SameLinking:
      return FollowUpModel::tr("same linking");
    case Relation::ChangedLinking:
      return FollowUpModel::tr("changed linking");
    case Relation::MappedLinking:
      return FollowUpModel::tr("linking = mapped source");
    case Relation::Equal:
      return FollowUpModel::tr("equal result");
    case Relation::Superset:
      return FollowUpModel::tr("superset of source");
    case Relation::Subset:
      return FollowUpModel::tr("subset of source");
    case Relation::Different:
      return FollowUpModel::tr("different result");
    case Relation::EqualAfterMapping:
      return FollowUpModel::tr("equal after mapping");
  }
  return {};
}

int verdictRank(const MrRecord& r) {
  if (r.skipped) return 4;
  switch (r.verdict) {
    case Verdict::Violated:
      return 0;
    case Verdict::Error:
      return 1;
    case Verdict::Satisfied:
      return 2;
    case Verdict::Inapplicable:
      return 3;
  }
  return 5;
}

QString linkingText(const std::set<std::string>& linking) {
  QStringList items;
  for (const auto& s : linking) items << qs(s);
  return items.join(QStringLiteral(", "));
}

}  // namespace

FollowUpModel::FollowUpModel(QObject* parent) : QAbstractTableModel(parent) {}

void FollowUpModel::setResult(std::shared_ptr<const hs::mr::DetectResult> result) {
  beginResetModel();
  result_ = std::move(result);
  rows_.clear();
  if (result_) {
    for (const auto& stage : result_->stages)
      for (const auto& rec : stage.mrs) rows_.push_back(&rec);
  }
  endResetModel();
}

void FollowUpModel::clear() {
  setResult(nullptr);
}

const MrRecord* FollowUpModel::record(int row) const {
  return row >= 0 && row < int(rows_.size()) ? rows_[std::size_t(row)] : nullptr;
}

int FollowUpModel::rowOf(const QString& mr) const {
  for (std::size_t i = 0; i < rows_.size(); ++i)
    if (qs(rows_[i]->mr) == mr) return int(i);
  return -1;
}

QColor FollowUpModel::verdictColor(Verdict verdict, bool skipped) {
  if (skipped) return QColor(0xb0, 0xb0, 0xb0);
  switch (verdict) {
    case Verdict::Violated:
      return QColor(0xc6, 0x28, 0x28);
    case Verdict::Satisfied:
      return QColor(0x2e, 0x7d, 0x32);
    case Verdict::Inapplicable:
      return QColor(0x75, 0x75, 0x75);
    case Verdict::Error:
      return QColor(0xe6, 0x8a, 0x00);
  }
  return Qt::gray;
}

QString FollowUpModel::verdictText(Verdict verdict, bool skipped) {
  if (skipped) return tr("skipped");
  switch (verdict) {
    case Verdict::Violated:
      return tr("violated");
    case Verdict::Satisfied:
      return tr("satisfied");
    case Verdict::Inapplicable:
      return tr("inapplicable");
    case Verdict::Error:
      return tr("error");
  }
  return {};
}

QString FollowUpModel::highlightChanged(const std::string& text,
                                        const std::vector<std::pair<std::size_t, std::size_t>>& changed) {
  const QString q = qs(text);
  auto ranges = changed;
  std::sort(ranges.begin(), ranges.end());
  QString html;
  int at = 0;
  for (const auto& [b, e] : ranges) {
    const int begin = std::max(at, utf16Index(text, b));
    const int end = utf16Index(text, e);
    if (end <= begin) continue;
    html += q.mid(at, begin - at).toHtmlEscaped();
    html += QStringLiteral("<b style=\"color:%1\">").arg(changedColor().name()) +
            q.mid(begin, end - begin).toHtmlEscaped() + QStringLiteral("</b>");
    at = end;
  }
  html += q.mid(at).toHtmlEscaped();
  return html;
}

int FollowUpModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : int(rows_.size());
}

int FollowUpModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant FollowUpModel::display(const MrRecord& r, int column) const {
  switch (column) {
    case StageCol:
      return r.stage == Stage::SchemaLinking ? tr("1 linking") : tr("2 SQL");
    case MrCol:
      return qs(r.mr);
    case QuestionCol:
      if (r.producer == hs::mr::Producer::Database) return tr("(same question, renamed database)");
      return r.followUp.empty() ? QStringLiteral("—") : qs(r.followUp);
    case ArtifactCol:
      if (r.stage == Stage::SchemaLinking)
        return r.followUpLinking.empty() ? QStringLiteral("—") : linkingText(r.followUpLinking);
      return r.followUpSql.empty() ? QStringLiteral("—") : qs(r.followUpSql).simplified();
    case RowsCol:
      if (!r.sourceRows && !r.followUpRows) return QStringLiteral("—");
      return QStringLiteral("%1 → %2").arg(
          r.sourceRows ? QLocale().toString(qlonglong(*r.sourceRows)) : QStringLiteral("?"),
          r.followUpRows ? QLocale().toString(qlonglong(*r.followUpRows)) : QStringLiteral("?"));
    case RelationCol:
      return relationText(r.relation);
    case VerdictCol:
      return verdictText(r.verdict, r.skipped);
    default:
      return {};
  }
}

QVariant FollowUpModel::sortValue(const MrRecord& r, int row, int column) const {
  switch (column) {
    case StageCol:
      return row;  // stage, then the seed's order
    case RowsCol:
      return r.followUpRows ? qlonglong(*r.followUpRows) : qlonglong(-1);
    case VerdictCol:
      return verdictRank(r) * 1000 + row;
    default:
      return display(r, column);
  }
}

QString FollowUpModel::tooltip(const MrRecord& r, int column) const {
  switch (column) {
    case MrCol:
      if (const auto* info = hs::mr::findMr(r.mr)) return mrNameText(*info);
      return {};
    case QuestionCol:
    case ArtifactCol:
      return display(r, column).toString();
    case VerdictCol: {
      QString tip = followUpReasonText(r.reason);
      if (r.llmCalls > 0)
        tip += QStringLiteral("\n") + tr("%n LLM call(s)", nullptr, r.llmCalls) +
               (r.cacheHits > 0 ? tr(", %1 from the cache").arg(r.cacheHits) : QString());
      return tip.trimmed();
    }
    default:
      return {};
  }
}

QVariant FollowUpModel::data(const QModelIndex& index, int role) const {
  const MrRecord* r = index.isValid() ? record(index.row()) : nullptr;
  if (!r) return {};
  const int column = index.column();
  switch (role) {
    case Qt::DisplayRole:
      return display(*r, column);
    case HtmlRole:
      if (column == QuestionCol && !r->followUp.empty()) return highlightChanged(r->followUp, r->changed);
      return display(*r, column).toString().toHtmlEscaped();
    case SortRole:
      return sortValue(*r, index.row(), column);
    case VerdictRole:
      return int(r->verdict);
    case ChangedAtRole: {
      if (column != QuestionCol || r->changed.empty()) return -1;
      std::size_t first = r->changed.front().first;
      for (const auto& c : r->changed) first = std::min(first, c.first);
      return utf16Index(r->followUp, first);
    }
    case SkippedRole:
      return r->skipped;
    case Qt::ToolTipRole:
      return tooltip(*r, column);
    case Qt::TextAlignmentRole:
      if (column == RowsCol || column == VerdictCol) return int(Qt::AlignCenter);
      return {};
    default:
      return {};
  }
}

QVariant FollowUpModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == RowsCol)
    return tr("Result rows: source → follow-up");
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case StageCol:
      return tr("Stage");
    case MrCol:
      return tr("MR");
    case QuestionCol:
      return tr("Follow-up question");
    case ArtifactCol:
      return tr("Linking / SQL");
    case RowsCol:
      return tr("Rows");
    case RelationCol:
      return tr("Expected");
    case VerdictCol:
      return tr("Verdict");
    default:
      return {};
  }
}

}  // namespace hs::ui
