#pragma once
// JSON of a drill-down path, as `hallusql-cli drilldown decompose` writes it (DESIGN.md, CLI
// contract): steps with `index`, `sql`, `part`, `depth`, `adds` (byte spans in the original),
// `exec` (`ok`, `error`, `rows`), `final`; `final_equals_original`; `merged`; `static`.
#include <nlohmann/json.hpp>

#include "engine/drilldown/path.h"

namespace hs::drilldown {

nlohmann::json spansJson(const std::vector<sql::Span>& spans);
nlohmann::json pathJson(const Path& path);

}  // namespace hs::drilldown
