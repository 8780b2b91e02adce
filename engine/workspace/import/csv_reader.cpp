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
          while (i < n && text[i] != separator && text[i] != '\n' &&
                 !(text[i] == '\r' && i + 1 < n && text[i + 1] == '\n'))
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

CsvRecordSplitter::CsvRecordSplitter(std::size_t maxRecordBytes, char separator)
    : max_(maxRecordBytes), separator_(separator) {}

bool CsvRecordSplitter::feed(std::string_view bytes, std::size_t offset, const Emit& emit) {
  std::size_t segment = 0;  // start of the bytes of `bytes` not yet added to the record
  auto keep = [&](std::string_view part) {
    piece_.length += part.size();
    if (piece_.tooLong) return;
    if (held_.size() + part.size() > max_ + 2) {  // room for the "\r\n" that ends it
      piece_.tooLong = true;
      held_.clear();
      return;
    }
    held_.append(part);
  };
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const char c = bytes[i];
    if (!inRecord_) {
      inRecord_ = true;
      piece_ = CsvPiece{};
      piece_.line = line_;
      piece_.offset = offset + i;
      held_.clear();
      segment = i;
    }
    bool end = false;
    switch (state_) {
      case State::FieldStart:
        if (c == '"') {
          state_ = State::Quoted;
          piece_.quoteLine = line_;
          piece_.quoteOffset = offset + i;
        } else if (c == '\n') {
          end = true;
        } else if (c != separator_) {
          state_ = State::Unquoted;
        }
        break;
      case State::Unquoted:
        if (c == separator_) state_ = State::FieldStart;
        end = c == '\n';
        break;
      case State::Quoted:
        if (c == '"') state_ = State::QuoteSeen;
        break;
      case State::QuoteSeen:
        state_ = c == '"' ? State::Quoted : c == separator_ ? State::FieldStart : State::Unquoted;
        end = c == '\n';
        break;
    }
    if (c == '\n') ++line_;
    if (!end) continue;
    keep(bytes.substr(segment, i + 1 - segment));
    segment = i + 1;
    inRecord_ = false;
    state_ = State::FieldStart;
    if (!piece_.tooLong && (held_ == "\n" || held_ == "\r\n")) continue;  // a blank line
    piece_.bytes = piece_.tooLong ? std::string_view() : std::string_view(held_);
    if (!emit(piece_)) return false;
  }
  if (inRecord_) keep(bytes.substr(segment));
  return true;
}

bool CsvRecordSplitter::finish(const Emit& emit) {
  if (!inRecord_) return true;
  inRecord_ = false;
  piece_.unterminated = state_ == State::Quoted;
  state_ = State::FieldStart;
  piece_.bytes = piece_.tooLong ? std::string_view() : std::string_view(held_);
  return emit(piece_);
}

}  // namespace hs::ws::import
