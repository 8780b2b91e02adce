#include "engine/workspace/import/source_stream.h"

#include <algorithm>
#include <filesystem>

#include "engine/core/file_input.h"
#include "engine/core/text.h"

namespace hs::ws::import {

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// Bytes at the end of `bytes` that start a UTF-8 sequence the piece cuts short (0 to 3).
std::size_t cutSequenceTail(std::string_view bytes) {
  const std::size_t n = bytes.size();
  for (std::size_t k = 1; k <= 3 && k <= n; ++k) {
    auto c = static_cast<unsigned char>(bytes[n - k]);
    if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
    std::size_t need = 0;
    if ((c & 0xE0) == 0xC0) need = 2;
    if ((c & 0xF0) == 0xE0) need = 3;
    if ((c & 0xF8) == 0xF0) need = 4;
    return need > k ? k : 0;
  }
  return 0;
}

Error tooLarge(const std::string& path, std::uint64_t size) {
  Error e = makeError(ErrorKind::BadInput, "too_large",
                      "file of " + std::to_string(size) + " bytes is larger than the limit of " +
                          std::to_string(kMaxInputFileBytes) + " bytes");
  e.where = path;
  return e;
}

}  // namespace

void TextCheck::count(std::string_view bytes) {
  std::size_t pos = 0;
  while (pos < bytes.size()) {
    auto invalid = firstInvalidUtf8(bytes.substr(pos));
    const std::size_t stop = invalid ? pos + *invalid : bytes.size();
    for (std::size_t i = pos; i < stop; ++i) {
      auto c = static_cast<unsigned char>(bytes[i]);
      if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') {
        ++bad_;
        firstBad_ = std::min<std::uint64_t>(firstBad_, offset_ + i);
      }
    }
    if (!invalid) break;
    ++bad_;
    firstBad_ = std::min<std::uint64_t>(firstBad_, offset_ + stop);
    pos = stop + 1;
  }
  offset_ += bytes.size();
}

void TextCheck::feed(std::string_view bytes) {
  std::string joined;
  if (!pending_.empty()) {
    joined = std::move(pending_) + std::string(bytes);
    bytes = joined;
  }
  const std::size_t keep = cutSequenceTail(bytes);
  count(bytes.substr(0, bytes.size() - keep));
  pending_ = std::string(bytes.substr(bytes.size() - keep));
}

std::optional<Error> TextCheck::finish(const std::string& path) {
  count(pending_);
  pending_.clear();
  // A few stray bytes are repaired with warnings; a file that is mostly not text is refused.
  if (bad_ < 16 || bad_ * 20 < offset_) return std::nullopt;
  return importIssue("not_text",
                     "does not look like a text file: " + std::to_string(bad_) + " of " +
                         std::to_string(offset_) + " bytes are not UTF-8 text (first at byte " +
                         std::to_string(firstBad_) + ")",
                     path, 0, static_cast<std::size_t>(firstBad_));
}

Status forEachSourceChunk(const std::string& path, std::vector<Error>* warnings,
                          const std::function<bool(std::string_view bytes, std::size_t offset)>& consume) {
  if (fileTypeOf(path) == FileType::Regular) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (!ec && size > kMaxInputFileBytes) return tooLarge(path, size);
  }
  TextCheck check;
  std::string head;  // the first bytes, until they tell whether the file starts with a BOM
  bool headDone = false;
  bool stopped = false;
  std::uint64_t total = 0;
  auto startBody = [&]() {
    headDone = true;
    if (head.size() >= kBom.size() && std::string_view(head).substr(0, kBom.size()) == kBom) {
      if (warnings) warnings->push_back(importIssue("bom", "UTF-8 byte order mark removed", path, 1, 0));
      return head.size() == kBom.size() || consume(std::string_view(head).substr(kBom.size()), kBom.size());
    }
    return head.empty() || consume(head, 0);
  };
  auto st = forEachChunk(path, [&](std::string_view bytes, std::uint64_t offset) {
    total = offset + bytes.size();
    if (total > kMaxInputFileBytes) return false;
    check.feed(bytes);
    if (!headDone) {
      const std::size_t take = std::min(bytes.size(), kBom.size() - std::min(head.size(), kBom.size()));
      head.append(bytes.substr(0, take));
      bytes.remove_prefix(take);
      offset += take;
      if (head.size() < kBom.size()) return true;
      if (!startBody()) return !(stopped = true);
    }
    if (!bytes.empty() && !consume(bytes, static_cast<std::size_t>(offset))) return !(stopped = true);
    return true;
  });
  if (!st) return st;
  if (total > kMaxInputFileBytes) return tooLarge(path, total);
  if (!stopped && !headDone) (void)startBody();
  // Judged on the bytes read, all of them unless `consume` stopped early.
  if (auto notText = check.finish(path)) return *notText;
  return ok();
}

Status forEachSourceLine(const std::string& path, std::size_t maxLineBytes, std::vector<Error>* warnings,
                         const std::function<bool(StreamLine& line)>& callback) {
  std::string held;  // the current line's first maxLineBytes + 1 bytes (room for a "\r")
  StreamLine line;
  line.number = 1;
  bool started = false;  // the current line has at least one byte or its newline was read
  auto emit = [&]() {
    const std::uint64_t fullLength = line.length;
    if (line.length == held.size() && !held.empty() && held.back() == '\r') {
      held.pop_back();
      --line.length;
    }
    line.tooLong = line.length > maxLineBytes;
    line.raw = line.tooLong ? std::string_view() : std::string_view(held);
    line.text = line.tooLong ? std::string() : repairUtf8(line.raw, path, line.number, line.offset, warnings);
    const bool more = callback(line);
    line.offset += static_cast<std::size_t>(fullLength) + 1;
    line.length = 0;
    ++line.number;
    held.clear();
    started = false;
    return more;
  };
  bool stopped = false;
  auto st = forEachSourceChunk(path, warnings, [&](std::string_view bytes, std::size_t offset) {
    if (!started && line.number == 1) line.offset = offset;
    while (!bytes.empty()) {
      started = true;
      const std::size_t nl = bytes.find('\n');
      const std::string_view part = bytes.substr(0, nl);
      line.length += part.size();
      if (held.size() <= maxLineBytes) held.append(part.substr(0, maxLineBytes + 1 - held.size()));
      if (nl == std::string_view::npos) break;
      bytes.remove_prefix(nl + 1);
      if (!emit()) return !(stopped = true);
    }
    return true;
  });
  if (!st) return st;
  if (!stopped && started) emit();
  return ok();
}

Result<SourcePrefix> readSourcePrefix(const std::string& path, std::size_t maxBytes) {
  std::string bytes;
  auto st = forEachChunk(path, [&](std::string_view chunk, std::uint64_t) {
    bytes.append(chunk.substr(0, maxBytes + 1 - std::min(bytes.size(), maxBytes + 1)));
    return bytes.size() <= maxBytes;
  });
  if (!st) return st.error();
  SourcePrefix out;
  out.complete = bytes.size() <= maxBytes;
  if (!out.complete) bytes.resize(maxBytes);
  if (auto notText = notTextError(bytes, path)) return *notText;
  out.source = sourceTextFrom(path, std::move(bytes));
  return out;
}

Result<std::optional<char>> firstNonBlankByte(const std::string& path) {
  std::optional<char> found;
  auto st = forEachSourceChunk(path, nullptr, [&](std::string_view bytes, std::size_t) {
    const std::size_t at = bytes.find_first_not_of(" \t\r\n");
    if (at != std::string_view::npos) found = bytes[at];
    return !found;
  });
  if (!st) return st.error();
  return found;
}

}  // namespace hs::ws::import
