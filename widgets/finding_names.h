#pragma once
// Words for findings as users read them: "Unknown table or column" rather than the internal id
// "unresolved_name". TA-SQL and MRSQLGen categories already carry their names and pass through.
#include <QCoreApplication>
#include <QString>

namespace hs::ui {

class FindingNames {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::FindingNames)

 public:
  // The category's name in the current language; an unknown id comes back as it is.
  static QString category(const QString& id);
};

}  // namespace hs::ui
