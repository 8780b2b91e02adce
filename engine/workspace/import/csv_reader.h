#pragma once
// An RFC 4180 CSV reader: comma-separated fields, fields quoted with '"' may hold commas, line
// breaks and doubled quotes (""), records end with LF or CRLF. Lenient where real files are
// sloppy (a stray quote inside an unquoted field is kept and warned about); an unterminated quoted
// field is an error naming the line and byte offset where it opened.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"

namespace hs::ws::import {

struct CsvRecord {
  std::vector<std::string> fields;
  std::size_t line = 0;    // 1-based line where the record starts
  std::size_t offset = 0;  // byte offset where the record starts
};

struct CsvParse {
  std::vector<CsvRecord> records;  // blank lines are skipped
  std::vector<Error> warnings;
  std::vector<Error> errors;
};

// `baseOffset` is added to every offset (e.g. the size of a removed BOM).
CsvParse parseCsv(std::string_view text, const std::string& path, std::size_t baseOffset = 0,
                  char separator = ',');

}  // namespace hs::ws::import
