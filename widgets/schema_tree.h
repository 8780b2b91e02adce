#pragma once
// The schema tree: tables and views with their columns, declared types, primary and foreign key
// marks and cheap row estimates. Double-clicking a table or column emits its name. The name column
// takes what its names need but the room of the tables' row estimates (and at least half the
// width); the declared types get the rest, cut with "…" when narrow. A width the user drags is
// kept.
#include <QTreeWidget>

#include "engine/db/schema.h"

namespace hs::ui {

class SchemaTree : public QTreeWidget {
  Q_OBJECT
 public:
  explicit SchemaTree(QWidget* parent = nullptr);

  void setSchema(const hs::db::Schema& schema);
  void clearSchema();
  void retranslate();
  int tableCount() const { return static_cast<int>(schema_.tables.size()); }
  bool nameColumnSizedByUser() const { return userSized_; }

 signals:
  void nameActivated(const QString& name);

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void rebuild();
  void fitColumns();

  hs::db::Schema schema_;
  bool userSized_ = false;
  bool fitting_ = false;   // our own resize of the name column, not the user's
  int estimateWidth_ = 0;  // the widest "~N rows" of a table
};

}  // namespace hs::ui
