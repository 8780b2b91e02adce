#pragma once
// Prompt templates: text files in resources/prompts/ (embedded into the engine) with a small
// header and one Mustache text per role (rendered by kainjow's mustache, values written as they are).
//
//   name: text_to_sql
//   version: 1
//   source: seed 001, Appendix E, Prompt 2
//   ---
//   [[system]]            optional; without role markers the whole body is one user message
//   ...
//   [[user]]
//   {{schema}}            replaced by the variable; a missing variable is an error
//   {{#evidence}}...{{/evidence}}   kept only when the variable is non-empty
//   {{^evidence}}...{{/evidence}}   kept only when it is empty
//
// A section tag alone on its line takes the whole line with it. Literal braces need other
// delimiters: {{=<% %>=}} JSON like {"a": {"b": 1}} <%={{ }}=%>.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"
#include "engine/llm/chat.h"

namespace hs::llm {

struct PromptTemplate {
  std::string name;
  std::string version;
  std::string source;  // where the text comes from (a seed paper), may be empty
  struct Part {
    std::string role;
    std::string text;
    std::size_t offset = 0;  // byte offset of the part's text in the file
  };
  std::vector<Part> parts;
  std::string text;  // the file as read

  // Names of every {{placeholder}} and section variable, sorted, without duplicates.
  std::vector<std::string> placeholders() const;
};

// Errors (BadInput, code "template"): no header separator, no version, unknown role, a Mustache
// syntax error (unclosed tag or section, mismatched section); where = `origin`, with line and byte offset.
Result<PromptTemplate> parseTemplate(std::string_view text, const std::string& origin);

using TemplateVars = std::map<std::string, std::string>;

// Errors: "missing_placeholder" naming the placeholder, the template and the byte offset.
Result<std::vector<ChatMessage>> renderTemplate(const PromptTemplate& tmpl, const TemplateVars& vars);

// Templates built into the engine (resources/prompts/*.txt): "text_to_sql", "schema_linking",
// "subquestion_rewrite", "sql_verification".
std::vector<std::string> builtinTemplateNames();
Result<PromptTemplate> builtinTemplate(const std::string& name);

// A request from a template: rendered messages plus the template's name and version.
Result<ChatRequest> requestFromTemplate(const PromptTemplate& tmpl, const TemplateVars& vars,
                                        const SamplingParams& params);

}  // namespace hs::llm
