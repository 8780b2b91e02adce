#pragma once
// JSON of the MRSQLGen mode (hallusql-cli hkb; the GUI can show the same objects).
#include <nlohmann/json.hpp>

#include "engine/mr/hkb.h"
#include "engine/mr/qmr.h"

namespace hs::mr {

// {"neighbours": [{"case", "db_id", "question", "standardised", "similarity", "types", "sources"}],
//  "types": [{"type", "name", "score", "family", "relation", "evidence": [{"case", "similarity"}]}]}
nlohmann::json retrievalJson(const Hkb& hkb, const HkbRetrieval& retrieval);

// {"question", "source_sql", "source_generated", "source_rows", "flagged", "llm_calls",
//  "cache_hits", "types": [{"type", "family", "relation", "verdict", "reason", "satisfied",
//  "violated", "errors", "fraction", "variants": [{"question", "sql", "verdict", "reason",
//  "rows"}]}], "findings": [{"taxonomy", "category", "subcategory", "message", "origin",
//  "confidence", "spans"}]}
nlohmann::json qmrJson(const QmrReport& report);

}  // namespace hs::mr
