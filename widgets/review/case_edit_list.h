#pragma once
// The edit script between the gold and the predicted SQL of a case (hs::sql::diffSql, with the
// case database's schema when it can be read) as a compact list: kind, clause, gold text ->
// predicted text. Activating an edit asks for its spans to be selected.
#include <QHash>
#include <QTreeWidget>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/sql/diff.h"

namespace hs::db {
struct Schema;
}

namespace hs::ui {

class CaseEditList : public QTreeWidget {
  Q_OBJECT
 public:
  explicit CaseEditList(QWidget* parent = nullptr);

  // Diffs the two queries (nothing when either is missing); `dbPath` may be "".
  void setQueries(const std::optional<std::string>& gold, const std::optional<std::string>& pred,
                  const std::string& dbPath);
  void clearEdits();
  void retranslate();  // the column titles
  const std::vector<hs::sql::Edit>& edits() const { return edits_; }
  QString status() const { return status_; }  // why there is no script, or how many edits
  // The schema of a case database, read once per path (read-only); null when it cannot be read.
  std::shared_ptr<const hs::db::Schema> schemaOf(const std::string& dbPath);

 signals:
  void editActivated(int index);

 private:
  void addNote(const QString& text);

  std::vector<hs::sql::Edit> edits_;
  QString status_;
  QHash<QString, std::shared_ptr<const hs::db::Schema>> schemas_;  // by database path; null = unreadable
};

}  // namespace hs::ui
