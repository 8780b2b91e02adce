#include "widgets/finding_names.h"

#include <QHash>

namespace hs::ui {

QString FindingNames::category(const QString& id) {
  // Source texts for tr(); the ids are the gold-free checks of engine/annotate/checks.h.
  static const QHash<QString, const char*> names = {
      {QStringLiteral("unresolved_name"), QT_TR_NOOP("Unknown table or column")},
      {QStringLiteral("ambiguous_name"), QT_TR_NOOP("Ambiguous column")},
      {QStringLiteral("quoted_identifier"), QT_TR_NOOP("Misused quotes")},
      {QStringLiteral("value_absent"), QT_TR_NOOP("Value not in the database")},
      {QStringLiteral("value_case"), QT_TR_NOOP("Value in another letter case")},
      {QStringLiteral("cartesian_join"), QT_TR_NOOP("Join without a condition")},
      {QStringLiteral("integer_division"), QT_TR_NOOP("Integer division")},
      {QStringLiteral("like_without_wildcard"), QT_TR_NOOP("LIKE without a wildcard")},
      {QStringLiteral("execution_error"), QT_TR_NOOP("Does not run")},
      {QStringLiteral("empty_result"), QT_TR_NOOP("Empty result")},
      {QStringLiteral("all_null_result"), QT_TR_NOOP("Only NULLs in the result")},
      {QStringLiteral("cue_superlative"), QT_TR_NOOP("Question asks for a most/least")},
      {QStringLiteral("cue_count"), QT_TR_NOOP("Question asks how many")},
      {QStringLiteral("cue_group"), QT_TR_NOOP("Question asks per group")},
      {QStringLiteral("cue_distinct"), QT_TR_NOOP("Question asks for different values")},
      {QStringLiteral("cue_number"), QT_TR_NOOP("Number in the question not used")},
      {QStringLiteral("cue_value"), QT_TR_NOOP("Value in the question not used")},
  };
  const auto it = names.constFind(id);
  return it == names.constEnd() ? id : tr(it.value());
}

}  // namespace hs::ui
