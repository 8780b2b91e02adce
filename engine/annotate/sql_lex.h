#pragma once
// Lexer of the annotators' SQL view (see sql_view.h).
#include <string>
#include <string_view>
#include <vector>

#include "engine/annotate/sql_view.h"

namespace hs::annotate {

struct LexResult {
  std::vector<Token> tokens;
  std::string error;
  std::size_t errorOffset = 0;
};

LexResult lex(std::string_view sql);

}  // namespace hs::annotate
