#include "engine/report/report_style.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "engine/core/finding_categories.h"
#include "engine/core/finding_texts.h"
#include "engine/report/report_text.h"

namespace hs::report {
namespace {

std::string rgb(std::uint32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%06x", static_cast<unsigned>(c & 0xffffffU));
  return buf;
}

std::string rgba(std::uint32_t c, int alpha) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "rgba(%u,%u,%u,%.2f)", (c >> 16) & 0xffU, (c >> 8) & 0xffU, c & 0xffU,
                std::clamp(alpha, 0, 255) / 255.0);
  return buf;
}

// Dark text on light colours (orange, green), white on the others.
const char* textOn(std::uint32_t c) {
  const double lum = 0.2126 * ((c >> 16) & 0xffU) + 0.7152 * ((c >> 8) & 0xffU) + 0.0722 * (c & 0xffU);
  return lum > 140.0 ? "#1d232a" : "#fff";
}

}  // namespace

std::string findingStyleCss() {
  std::string css;
  for (const FindingStyleInfo& s : findingStyles()) {
    const std::string key(s.key), colour = rgb(s.rgb);
    css += "mark.s-" + key + "{";
    switch (s.shape) {
      case StyleShape::Box:
        css += "background:" + rgba(s.rgb, s.alpha) + ";outline:1px solid " + colour;
        break;
      case StyleShape::Underline:
        css += "background:none;text-decoration:underline 3px " + colour +
               ";text-underline-offset:3px;text-decoration-skip-ink:none";
        break;
      case StyleShape::DottedBox:
        css += "background:" + rgba(s.rgb, 40) + ";outline:1px dotted " + colour;
        break;
      case StyleShape::Squiggle:
        css += "background:none;text-decoration:underline wavy 1.5px " + colour +
               ";text-decoration-skip-ink:none";
        break;
    }
    css += "}\n.tag.s-" + key + "{background:" + colour + ";color:" + textOn(s.rgb) + "}.bar.s-" + key +
           "{background:" + colour + "}\n";
  }
  return css;
}

std::string styleClass(std::string_view taxonomy, std::string_view category) {
  return "s-" + std::string(styleOf(taxonomy, category).key);
}

std::vector<std::pair<std::string, std::string>> legendEntries(const std::set<std::string>& keys,
                                                               Language language) {
  std::vector<const FindingStyleInfo*> shown;
  for (const FindingStyleInfo& s : findingStyles())
    if (keys.count(std::string(s.key))) shown.push_back(&s);
  std::stable_sort(shown.begin(), shown.end(),
                   [](const FindingStyleInfo* a, const FindingStyleInfo* b) { return a->order < b->order; });
  std::vector<std::pair<std::string, std::string>> entries;
  for (const FindingStyleInfo* s : shown)
    entries.emplace_back(std::string(s->key), findingTexts(language).label(s->label));
  return entries;
}

}  // namespace hs::report
