#pragma once
// The detail of one follow-up: the MR, its expected relation and verdict with the reason; for a
// logical-synthesis MR both SQL texts (read-only editors) and both results side by side with the
// rows that have no partner coloured (CaseResultModel); for a schema-linking MR both linking sets
// with the differing items coloured.
#include <QWidget>

#include <string>

class QLabel;
class QListWidget;
class QStackedWidget;
class QTableView;

namespace hs::mr {
struct MrRecord;
struct DetectResult;
}  // namespace hs::mr

namespace hs::ui {

class CaseResultModel;
class SqlEditor;

class FollowUpDetail : public QWidget {
  Q_OBJECT
 public:
  explicit FollowUpDetail(QWidget* parent = nullptr);

  void showRecord(const hs::mr::DetectResult& result, const hs::mr::MrRecord& record);
  void clear();

  QString headerText() const;
  QString sourceSql() const;
  QString followUpSql() const;
  CaseResultModel* sourceResult() const { return sourceModel_; }
  CaseResultModel* followUpResult() const { return followUpModel_; }
  QListWidget* sourceLinking() const { return sourceList_; }
  QListWidget* followUpLinking() const { return followUpList_; }
  bool showsLinking() const;

 private:
  QWidget* buildSqlPage();
  QWidget* buildLinkingPage();
  void showSql(const hs::mr::DetectResult& result, const hs::mr::MrRecord& record);
  void showLinking(const hs::mr::DetectResult& result, const hs::mr::MrRecord& record);

  QLabel* header_;
  QStackedWidget* pages_;
  QWidget* sqlPage_ = nullptr;
  QWidget* linkingPage_ = nullptr;
  QLabel* sourceSqlTitle_ = nullptr;
  QLabel* followUpSqlTitle_ = nullptr;
  SqlEditor* sourceSql_ = nullptr;
  SqlEditor* followUpSql_ = nullptr;
  QLabel* sourceResultTitle_ = nullptr;
  QLabel* followUpResultTitle_ = nullptr;
  QTableView* sourceTable_ = nullptr;
  QTableView* followUpTable_ = nullptr;
  CaseResultModel* sourceModel_ = nullptr;
  CaseResultModel* followUpModel_ = nullptr;
  QLabel* sourceLinkingTitle_ = nullptr;
  QLabel* followUpLinkingTitle_ = nullptr;
  QListWidget* sourceList_ = nullptr;
  QListWidget* followUpList_ = nullptr;
};

}  // namespace hs::ui
