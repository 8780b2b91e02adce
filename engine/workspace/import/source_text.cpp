#include "engine/workspace/import/source_text.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/core/text.h"

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

SourceText sourceTextFrom(std::string path, std::string bytes) {
  SourceText s;
  s.path = std::move(path);
  s.raw = std::move(bytes);
  if (s.raw.size() >= 3 && s.raw.compare(0, 3, "\xEF\xBB\xBF") == 0) {
    s.bomBytes = 3;
    s.warnings.push_back(importIssue("bom", "UTF-8 byte order mark removed", s.path, 1, 0));
  }
  s.text = repairUtf8(std::string_view(s.raw).substr(s.bomBytes), s.path, 1, s.bomBytes, &s.warnings);
  return s;
}

Result<SourceText> readSourceText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Error e = makeError(ErrorKind::BadInput, "io", "cannot open file");
    e.where = path;
    return e;
  }
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) {
    Error e = makeError(ErrorKind::BadInput, "io", "cannot read file");
    e.where = path;
    return e;
  }
  return sourceTextFrom(path, buf.str());
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
