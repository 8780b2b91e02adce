#include "engine/workspace/import/source_text.h"

#include <algorithm>
#include <cstdio>

#include "engine/core/file_input.h"
#include "engine/core/text.h"
#include "engine/workspace/import/source_stream.h"

namespace hs::ws::import {

Error importIssue(std::string code, std::string message, const std::string& path, std::size_t line,
                  std::optional<std::size_t> offset) {
  Error e = makeError(ErrorKind::BadInput, std::move(code), std::move(message));
  e.where = path;
  if (line > 0) e.line = line;
  e.offset = offset;
  return e;
}

std::string repairUtf8(std::string_view bytes, const std::string& path, std::size_t line,
                       std::size_t baseOffset, std::vector<Error>* warnings) {
  std::string out;
  std::size_t pos = 0;
  std::size_t currentLine = line;
  std::size_t scanned = 0;  // bytes of `bytes` already scanned for newlines
  while (pos < bytes.size()) {
    auto bad = firstInvalidUtf8(bytes.substr(pos));
    if (!bad) {
      out.append(bytes.substr(pos));
      break;
    }
    std::size_t at = pos + *bad;
    out.append(bytes.substr(pos, *bad));
    for (; scanned < at; ++scanned) {
      if (bytes[scanned] == '\n') ++currentLine;
    }
    // Skip the longest run of bytes that cannot start a valid sequence (at least one byte).
    std::size_t end = at + 1;
    while (end < bytes.size() && (static_cast<unsigned char>(bytes[end]) & 0xC0) == 0x80) ++end;
    if (warnings) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(bytes[at])));
      warnings->push_back(importIssue("utf8",
                                      "invalid UTF-8 byte " + std::string(hex) + " replaced by U+FFFD (" +
                                          std::to_string(end - at) + " byte(s))",
                                      path, currentLine, baseOffset + at));
    }
    out.append("\xEF\xBF\xBD");
    pos = end;
  }
  return out;
}

namespace {

// Calls fn(validBegin, validEnd, replacedEnd) for each run of valid bytes followed by an invalid
// sequence that repairUtf8 replaces (replacedEnd == validEnd when the run reaches the end).
template <class Fn>
void forEachRepair(std::string_view bytes, Fn fn) {
  std::size_t pos = 0;
  while (pos < bytes.size()) {
    auto bad = firstInvalidUtf8(bytes.substr(pos));
    if (!bad) {
      fn(pos, bytes.size(), bytes.size());
      return;
    }
    std::size_t at = pos + *bad;
    std::size_t end = at + 1;
    while (end < bytes.size() && (static_cast<unsigned char>(bytes[end]) & 0xC0) == 0x80) ++end;
    if (!fn(pos, at, end)) return;
    pos = end;
  }
}

constexpr std::size_t kReplacementBytes = 3;  // U+FFFD in UTF-8

}  // namespace

std::size_t rawOffsetOf(std::string_view raw, std::size_t textOffset) {
  std::size_t out = 0;  // bytes of repaired text produced so far
  std::size_t result = raw.size();
  forEachRepair(raw, [&](std::size_t begin, std::size_t validEnd, std::size_t replacedEnd) {
    if (textOffset < out + (validEnd - begin)) {
      result = begin + (textOffset - out);
      return false;
    }
    out += validEnd - begin;
    if (replacedEnd == validEnd) return false;
    if (textOffset < out + kReplacementBytes) {
      result = validEnd;
      return false;
    }
    out += kReplacementBytes;
    return true;
  });
  return result;
}

std::size_t SourceText::rawOffset(std::size_t textOffset) const {
  // The last repair at or before textOffset fixes the shift.
  auto it = std::upper_bound(repairs.begin(), repairs.end(), textOffset,
                             [](std::size_t t, const auto& r) { return t < r.first; });
  if (it == repairs.begin()) return std::min(textOffset + bomBytes, raw.size());
  --it;
  return std::min(it->second + (textOffset - it->first), raw.size());
}

SourceText sourceTextFrom(std::string path, std::string bytes) {
  SourceText s;
  s.path = std::move(path);
  s.raw = std::move(bytes);
  if (s.raw.size() >= 3 && s.raw.compare(0, 3, "\xEF\xBB\xBF") == 0) {
    s.bomBytes = 3;
    s.warnings.push_back(importIssue("bom", "UTF-8 byte order mark removed", s.path, 1, 0));
  }
  s.text = repairUtf8(std::string_view(s.raw).substr(s.bomBytes), s.path, 1, s.bomBytes, &s.warnings);
  if (s.text.size() + s.bomBytes != s.raw.size() || !s.warnings.empty()) {
    std::size_t out = 0;
    forEachRepair(std::string_view(s.raw).substr(s.bomBytes),
                  [&](std::size_t begin, std::size_t validEnd, std::size_t replacedEnd) {
                    out += validEnd - begin;
                    if (replacedEnd == validEnd) return false;
                    out += kReplacementBytes;
                    s.repairs.emplace_back(out, replacedEnd + s.bomBytes);
                    return true;
                  });
  }
  return s;
}

std::optional<Error> notTextError(std::string_view raw, const std::string& path) {
  TextCheck check;
  check.feed(raw);
  return check.finish(path);
}

Result<SourceText> readSourceText(const std::string& path) {
  auto bytes = readRegularFile(path);
  if (!bytes) return bytes.error();
  if (auto notText = notTextError(*bytes, path)) return *notText;
  return sourceTextFrom(path, std::move(bytes.value()));
}

std::vector<SourceLine> splitLines(const SourceText& source) {
  std::vector<SourceLine> lines;
  std::string_view raw(source.raw);
  std::size_t pos = source.bomBytes;
  std::size_t number = 1;
  while (pos < raw.size()) {
    std::size_t nl = raw.find('\n', pos);
    std::size_t end = nl == std::string_view::npos ? raw.size() : nl;
    std::size_t contentEnd = end;
    if (contentEnd > pos && raw[contentEnd - 1] == '\r') --contentEnd;
    SourceLine line;
    line.number = number++;
    line.offset = pos;
    // Warnings were already collected on the whole text; repair again silently.
    line.text = repairUtf8(raw.substr(pos, contentEnd - pos), source.path, line.number, pos, nullptr);
    lines.push_back(std::move(line));
    if (nl == std::string_view::npos) break;
    pos = nl + 1;
  }
  return lines;
}

}  // namespace hs::ws::import
