#include "engine/workspace/import/csv_reader.h"

#include "engine/workspace/import/source_text.h"

namespace hs::ws::import {

CsvParse parseCsv(std::string_view text, const std::string& path, std::size_t baseOffset, char separator) {
  CsvParse out;
  const std::size_t n = text.size();
  std::size_t i = 0;
  std::size_t line = 1;
  while (i < n) {
    // Skip blank lines between records.
    if (text[i] == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (text[i] == '\r' && i + 1 < n && text[i + 1] == '\n') {
      ++line;
      i += 2;
      continue;
    }
    CsvRecord rec;
    rec.line = line;
    rec.offset = baseOffset + i;
    std::string field;
    bool recordDone = false;
    while (!recordDone) {
      field.clear();
      if (i < n && text[i] == '"') {
        // Quoted field.
        const std::size_t openLine = line;
        const std::size_t openOffset = i;
        ++i;
        bool closed = false;
        while (i < n) {
          char c = text[i];
          if (c == '"') {
            if (i + 1 < n && text[i + 1] == '"') {
              field.push_back('"');
              i += 2;
              continue;
            }
            ++i;
            closed = true;
            break;
          }
          if (c == '\n') ++line;
          field.push_back(c);
          ++i;
        }
        if (!closed) {
          out.errors.push_back(
              importIssue("csv_unterminated_quote",
                          "quoted field opened here is never closed (record starting at line " +
                              std::to_string(rec.line) + ")",
                          path, openLine, baseOffset + openOffset));
          return out;
        }
        // Text after the closing quote up to the separator: keep it, warn.
        if (i < n && text[i] != separator && text[i] != '\n' &&
            !(text[i] == '\r' && i + 1 < n && text[i + 1] == '\n')) {
          std::size_t at = i;
          while (i < n && text[i] != separator && text[i] != '\n' && text[i] != '\r')
            field.push_back(text[i++]);
          out.warnings.push_back(importIssue("csv_text_after_quote",
                                             "characters after a closing quote were kept in the field", path,
                                             line, baseOffset + at));
        }
      } else {
        while (i < n && text[i] != separator && text[i] != '\n') {
          if (text[i] == '\r' && i + 1 < n && text[i + 1] == '\n') break;
          if (text[i] == '"') {
            out.warnings.push_back(importIssue("csv_stray_quote",
                                               "quote character inside an unquoted field kept as is", path,
                                               line, baseOffset + i));
          }
          field.push_back(text[i++]);
        }
      }
      rec.fields.push_back(field);
      if (i >= n) {
        recordDone = true;
      } else if (text[i] == separator) {
        ++i;
      } else if (text[i] == '\n') {
        ++i;
        ++line;
        recordDone = true;
      } else if (text[i] == '\r') {  // CRLF
        i += 2;
        ++line;
        recordDone = true;
      }
    }
    out.records.push_back(std::move(rec));
  }
  return out;
}

}  // namespace hs::ws::import
