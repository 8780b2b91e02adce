#pragma once
// The real annotator of evaluation runs (hs::eval::Annotator hook): TA-SQL, MRSQLGen C1..C10 when
// the case has gold SQL, gold-free checks with value look-ups in the case's database, and the
// gold-free risk score. Safe to share between worker threads.
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "engine/annotate/check_registry.h"
#include "engine/annotate/learned_types.h"
#include "engine/eval/annotator.h"

namespace hs::annotate {

class RuleAnnotator final : public eval::Annotator {
 public:
  RuleAnnotator() = default;
  // `disabled`: gold-free categories switched off by name (check_registry.h; validated by the caller).
  explicit RuleAnnotator(CheckNames disabled) : disabled_(std::move(disabled)) {}
  eval::Annotation annotate(const eval::AnnotationInput& input) const override;
  // Each annotation carries the learned C1..C10 labels' inputs (evaluate --type-features).
  void keepTypeFeatures(bool on) { keepTypeFeatures_ = on; }
  // The C1..C10 labels learned from people replace the rules' (CaseInput::typeModel); on by
  // default, off for the rules' own labels (evaluate --rule-types).
  void learnedTypes(bool on) { typeModel_ = on ? &defaultTypeModel() : nullptr; }

 private:
  std::shared_ptr<const db::Schema> schemaOf(const std::string& path, db::Database& database) const;

  CheckNames disabled_;  // set once, by the constructor
  bool keepTypeFeatures_ = false;
  // Read here, not at the first case: parsing the embedded forest must not spend a case's time
  // limit (tst_annotate_time_limit).
  const TypeModel* typeModel_ = &defaultTypeModel();
  mutable std::mutex mutex_;
  mutable std::map<std::string, std::shared_ptr<const db::Schema>> schemas_;  // by database path
};

}  // namespace hs::annotate
