#pragma once
// An RFC 4180 CSV reader: comma-separated fields, fields quoted with '"' may hold commas, line
// breaks and doubled quotes (""), records end with LF or CRLF. Lenient where real files are
// sloppy (a stray quote inside an unquoted field is kept and warned about); an unterminated quoted
// field is an error naming the line and byte offset where it opened.
#include <cstddef>
#include <cstdint>
#include <functional>
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

// One record cut out of a CSV stream by CsvRecordSplitter.
struct CsvPiece {
  std::string_view bytes;       // the record with the line break that ends it; empty when tooLong
  std::size_t line = 0;         // 1-based line where it starts
  std::size_t offset = 0;       // byte offset where it starts
  std::uint64_t length = 0;     // its length in bytes
  bool tooLong = false;         // longer than the limit: measured, never held
  bool unterminated = false;    // the bytes ended inside a quoted field ...
  std::size_t quoteLine = 0;    // ... opened on this line
  std::size_t quoteOffset = 0;  // and at this byte offset
};

// Cuts CSV bytes fed in pieces of any size into records, at the boundaries parseCsv() finds (a
// line break ends a record unless it is inside a quoted field; blank lines between records are
// skipped), without holding more than `maxRecordBytes` (and its line break) of one record: parseCsv()
// then reads each.
class CsvRecordSplitter {
 public:
  using Emit = std::function<bool(const CsvPiece&)>;  // returns false to stop
  explicit CsvRecordSplitter(std::size_t maxRecordBytes, char separator = ',');
  // `offset` is the byte offset of bytes[0]. Returns false when `emit` asked to stop.
  bool feed(std::string_view bytes, std::size_t offset, const Emit& emit);
  // The last record, when the bytes do not end with a line break.
  bool finish(const Emit& emit);

 private:
  enum class State { FieldStart, Unquoted, Quoted, QuoteSeen };
  std::size_t max_;
  char separator_;
  State state_ = State::FieldStart;
  bool inRecord_ = false;
  std::size_t line_ = 1;
  CsvPiece piece_;
  std::string held_;
};

}  // namespace hs::ws::import
