#pragma once
// The schema tree: tables and views with their columns, declared types, primary and foreign key
// marks and cheap row estimates. Double-clicking a table or column emits its name.
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

 signals:
  void nameActivated(const QString& name);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void rebuild();

  hs::db::Schema schema_;
};

}  // namespace hs::ui
