#pragma once
// Finding texts in a UI language: the labels and descriptions of engine/core/finding_categories,
// the subcategories and the message templates of engine/core/finding_messages. The one source of
// their translations is translations/finding_texts_<language>.json, embedded in the engine at
// build time; the report reads it here, the GUI through a QTranslator that asks this class.
#include <map>
#include <string>
#include <string_view>

namespace hs {

class FindingTexts {
 public:
  // "zh_CN"; English and any language without a catalogue give the texts unchanged.
  static const FindingTexts& of(std::string_view language);

  // A label or description of the category table (engine/core/finding_categories.h).
  std::string label(std::string_view english) const;
  // A subcategory as stored ("aggregate function").
  std::string subcategory(std::string_view english) const;
  // A stored message: taken apart into its template and arguments (parseMessage), the template
  // translated, the arguments put back unchanged (those of a metamorphic relation's reason, which
  // may be reasons themselves, translated in turn). A message built of parts joined with "; " is
  // translated part by part. Unknown messages come back unchanged.
  std::string message(std::string_view message) const;
  // A reason of the risk score as stored, "<gold-free check>: <message>" (engine/annotate/risk.cpp):
  // the check by its label, the message translated.
  std::string riskReason(std::string_view reason) const;
  // The translation of an English message template; empty when there is none.
  std::string_view messageTemplate(std::string_view english) const;

  bool empty() const { return labels_.empty() && subcategories_.empty() && messages_.empty(); }

 private:
  using Map = std::map<std::string, std::string, std::less<>>;
  static std::string find(const Map& m, std::string_view key);
  std::string translateWhole(std::string_view message, bool* ok, int depth) const;
  std::string messageAt(std::string_view message, int depth) const;
  Map labels_, subcategories_, messages_;
  std::string partSeparator_ = "; ";
  std::string labelSeparator_ = ": ";
  friend const FindingTexts& loadFindingTexts(std::string_view language);
};

}  // namespace hs
