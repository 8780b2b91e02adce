#pragma once
// Reading a reviewers' labels file (JSON Lines: `item`, `reviewer`, `label`) for agreement.
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/eval/agreement.h"

namespace hs::ws::import {

// Every line must be an object with string (or integer) `item`, string `reviewer` and string
// `label`; blank lines are skipped. The first bad line is an error naming file, line and offset.
Result<std::vector<eval::Rating>> importRatings(const std::string& path);

}  // namespace hs::ws::import
