#pragma once
// Size bounds of imported records (kMaxRecordBytes, kMaxFieldBytes): the "too_long" errors that
// reject a record, and where each record of a JSON document starts, to name its line and offset.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/case.h"
#include "engine/core/error.h"
#include "engine/workspace/import/source_text.h"

namespace hs::ws::import::detail {

// "the predicted SQL holds 2097152 bytes, more than the limit of 1048576 bytes (1 MiB)" for the
// first text field of `c` (labels included) longer than kMaxFieldBytes; nullopt when all fit.
std::optional<std::string> oversizeField(const Case& c);

// The "too_long" error of a record of `length` bytes longer than kMaxRecordBytes; `what` names
// it ("line", "CSV record").
Error recordTooLong(const std::string& what, std::uint64_t length, const std::string& path, std::size_t line,
                    std::size_t offset);

// Where the records of a parsed JSON document start: each element of its top-level array, or each
// member value of its top-level object. Found by a scan of the text the first time one is asked
// for (only a rejected record needs it).
class JsonRecordPositions {
 public:
  explicit JsonRecordPositions(const SourceText& source) : source_(source) {}
  struct Position {
    std::size_t line = 0;
    std::optional<std::size_t> offset;  // in the file's bytes
  };
  Position ofIndex(std::size_t index);        // the index-th element or member
  Position ofKey(const std::string& rawKey);  // the member whose key is written `rawKey`
  // The "too_long" error of the index-th record when one of `c`'s fields is over the limit
  // (oversizeField), placed at that record's line and offset; nullopt when every field fits.
  std::optional<Error> oversizeRecord(const Case& c, std::size_t index);

 private:
  struct Element {
    std::size_t offset = 0;  // in source_.text
    std::size_t line = 0;
    std::string_view key;  // for an object's member: its key as written between the quotes
  };
  void scan();
  Position position(const Element& e) const;
  const SourceText& source_;
  std::vector<Element> elements_;
  bool scanned_ = false;
};

}  // namespace hs::ws::import::detail
