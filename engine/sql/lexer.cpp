// Lexer of SQLite's SQL, following tokenize.c of SQLite 3.40.
#include "engine/sql/lexer.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "engine/core/text.h"

namespace hs::sql {

namespace {

struct KwEntry {
  std::string_view text;  // a literal: its length known without strlen, NUL-terminated for keywordText
  Kw kw;
};

constexpr KwEntry kKeywords[] = {
#define HS_SQL_KW(name) {#name, Kw::k##name},
#include "engine/sql/keywords.inc"
#undef HS_SQL_KW
};
constexpr std::size_t kKeywordCount = sizeof(kKeywords) / sizeof(kKeywords[0]);

bool isDigit(unsigned char c) {
  return c >= '0' && c <= '9';
}
bool isHex(unsigned char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool isSpace(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

class Lexer {
 public:
  explicit Lexer(std::string_view src, std::size_t limit) : src_(src), limit_(limit) {}

  LexResult run() {
    LexResult out;
    out.tokens.reserve(src_.size() / 4 + 2);
    while (true) {
      skipSpaceAndComments();
      if (error_) break;
      if (pos_ >= limit_) break;
      Token t;
      t.begin = static_cast<std::uint32_t>(pos_);
      if (!next(t)) break;
      t.end = static_cast<std::uint32_t>(pos_);
      out.tokens.push_back(t);
    }
    Token end;
    end.tok = Tok::End;
    std::size_t at = error_ ? error_->offset : limit_;
    if (!error_ && limit_ < src_.size()) {
      error_ = LexError{"utf8", "invalid UTF-8 byte", limit_, limit_ + 1};
      at = limit_;
    }
    end.begin = end.end = static_cast<std::uint32_t>(at);
    out.tokens.push_back(end);
    out.error = std::move(error_);
    return out;
  }

 private:
  unsigned char at(std::size_t i) const { return i < limit_ ? static_cast<unsigned char>(src_[i]) : 0; }

  void fail(std::string code, std::string message, std::size_t offset, std::size_t end) {
    // A token cut short by an invalid UTF-8 byte is reported as the UTF-8 error.
    if (limit_ < src_.size() && end >= limit_) {
      error_ = LexError{"utf8", "invalid UTF-8 byte", limit_, limit_ + 1};
      return;
    }
    error_ = LexError{std::move(code), std::move(message), offset, end};
  }

  void skipSpaceAndComments() { pos_ = sql::skipSpaceAndComments(src_.substr(0, limit_), pos_); }

  bool quoted(Token& t, char close, Tok kind, bool doubled, const char* code, const char* what) {
    std::size_t start = pos_;
    ++pos_;
    while (true) {
      if (pos_ >= limit_) {
        fail(code, std::string("unterminated ") + what, start, limit_);
        return false;
      }
      if (src_[pos_] == close) {
        if (doubled && at(pos_ + 1) == static_cast<unsigned char>(close)) {
          pos_ += 2;
          continue;
        }
        ++pos_;
        break;
      }
      ++pos_;
    }
    t.tok = kind;
    return true;
  }

  bool number(Token& t) {
    std::size_t start = pos_;
    t.tok = Tok::Integer;
    if (at(pos_) == '0' && (at(pos_ + 1) == 'x' || at(pos_ + 1) == 'X') && isHex(at(pos_ + 2))) {
      pos_ += 2;
      while (isHex(at(pos_))) ++pos_;
    } else {
      while (isDigit(at(pos_))) ++pos_;
      if (at(pos_) == '.') {
        ++pos_;
        while (isDigit(at(pos_))) ++pos_;
        t.tok = Tok::Float;
      }
      if ((at(pos_) == 'e' || at(pos_) == 'E') &&
          (isDigit(at(pos_ + 1)) ||
           ((at(pos_ + 1) == '+' || at(pos_ + 1) == '-') && isDigit(at(pos_ + 2))))) {
        pos_ += 2;
        while (isDigit(at(pos_))) ++pos_;
        t.tok = Tok::Float;
      }
    }
    if (pos_ < limit_ && isIdChar(at(pos_))) {
      while (pos_ < limit_ && isIdChar(at(pos_))) ++pos_;
      fail("illegal_token", "unrecognized token '" + std::string(src_.substr(start, pos_ - start)) + "'",
           start, pos_);
      return false;
    }
    return true;
  }

  bool next(Token& t) {
    std::size_t start = pos_;
    unsigned char c = at(pos_);
    auto op = [&](Tok k, std::size_t n) {
      t.tok = k;
      pos_ += n;
      return true;
    };
    switch (c) {
      case '(':
        return op(Tok::LParen, 1);
      case ')':
        return op(Tok::RParen, 1);
      case ',':
        return op(Tok::Comma, 1);
      case ';':
        return op(Tok::Semicolon, 1);
      case '+':
        return op(Tok::Plus, 1);
      case '*':
        return op(Tok::Star, 1);
      case '/':
        return op(Tok::Slash, 1);
      case '%':
        return op(Tok::Percent, 1);
      case '&':
        return op(Tok::BitAnd, 1);
      case '~':
        return op(Tok::BitNot, 1);
      case '-':
        if (at(pos_ + 1) == '>') return at(pos_ + 2) == '>' ? op(Tok::Ptr2, 3) : op(Tok::Ptr, 2);
        return op(Tok::Minus, 1);
      case '=':
        return op(Tok::Eq, at(pos_ + 1) == '=' ? 2 : 1);
      case '<':
        if (at(pos_ + 1) == '=') return op(Tok::Le, 2);
        if (at(pos_ + 1) == '>') return op(Tok::Ne, 2);
        if (at(pos_ + 1) == '<') return op(Tok::ShiftLeft, 2);
        return op(Tok::Lt, 1);
      case '>':
        if (at(pos_ + 1) == '=') return op(Tok::Ge, 2);
        if (at(pos_ + 1) == '>') return op(Tok::ShiftRight, 2);
        return op(Tok::Gt, 1);
      case '!':
        if (at(pos_ + 1) == '=') return op(Tok::Ne, 2);
        fail("illegal_token", "unrecognized token '!'", start, start + 1);
        return false;
      case '|':
        return at(pos_ + 1) == '|' ? op(Tok::Concat, 2) : op(Tok::BitOr, 1);
      case '.':
        if (isDigit(at(pos_ + 1))) return number(t);
        return op(Tok::Dot, 1);
      case '\'':
        return quoted(t, '\'', Tok::String, true, "unterminated_string", "string literal");
      case '"':
        return quoted(t, '"', Tok::QuotedIdent, true, "unterminated_identifier", "quoted identifier");
      case '`':
        return quoted(t, '`', Tok::QuotedIdent, true, "unterminated_identifier", "quoted identifier");
      case '[':
        return quoted(t, ']', Tok::QuotedIdent, false, "unterminated_identifier", "bracketed identifier");
      case '?':
        ++pos_;
        while (isDigit(at(pos_))) ++pos_;
        t.tok = Tok::Param;
        return true;
      case ':':
      case '@':
      case '$': {
        ++pos_;
        std::size_t nameStart = pos_;
        while (pos_ < limit_ && isIdChar(at(pos_))) ++pos_;
        if (pos_ == nameStart) {
          fail("illegal_token", std::string("unrecognized token '") + static_cast<char>(c) + "'", start,
               pos_);
          return false;
        }
        t.tok = Tok::Param;
        return true;
      }
      default:
        break;
    }
    if (isDigit(c)) return number(t);
    if ((c == 'x' || c == 'X') && at(pos_ + 1) == '\'') {
      pos_ += 2;
      while (isHex(at(pos_))) ++pos_;
      if (at(pos_) != '\'' || (pos_ - start - 2) % 2 != 0) {
        while (pos_ < limit_ && at(pos_) != '\'') ++pos_;
        if (pos_ < limit_) ++pos_;
        fail("illegal_token", "malformed blob literal", start, pos_);
        return false;
      }
      ++pos_;
      t.tok = Tok::Blob;
      return true;
    }
    if (isIdChar(c) && !isDigit(c)) {
      while (pos_ < limit_ && isIdChar(at(pos_))) ++pos_;
      t.tok = Tok::Ident;
      t.kw = keywordOf(src_.substr(start, pos_ - start));
      return true;
    }
    fail("illegal_token",
         c == 0 ? "NUL byte at offset " + std::to_string(start) + " (SQL text cannot hold NUL bytes)"
                : "unrecognized token '" + std::string(1, static_cast<char>(c)) + "'",
         start, start + 1);
    return false;
  }

  std::string_view src_;
  std::size_t limit_;
  std::size_t pos_ = 0;
  std::optional<LexError> error_;
};

}  // namespace

namespace {

// keywordOf runs for every word the lexer meets and for each word the annotators test, so the
// keywords sit in an open-addressed hash table (FNV-1a of the upper-case spelling) instead of being
// binary-searched with a string comparison at each step.
constexpr std::size_t kKeywordSlots = 512;  // a power of two, over three times kKeywordCount
static_assert(kKeywordSlots > 3 * kKeywordCount);

constexpr std::uint32_t kFnvBasis = 2166136261u;
constexpr std::uint32_t kFnvPrime = 16777619u;

constexpr std::uint32_t fnvStep(std::uint32_t h, char c) {
  return (h ^ static_cast<unsigned char>(c)) * kFnvPrime;
}

struct KeywordSlots {
  std::array<std::uint8_t, kKeywordSlots> entry{};  // index into kKeywords + 1; 0 = empty
};

constexpr KeywordSlots buildKeywordSlots() {
  KeywordSlots t;
  for (std::size_t i = 0; i < kKeywordCount; ++i) {
    std::uint32_t h = kFnvBasis;
    for (char c : kKeywords[i].text) h = fnvStep(h, c);
    std::size_t at = h & (kKeywordSlots - 1);
    while (t.entry[at] != 0) at = (at + 1) & (kKeywordSlots - 1);
    t.entry[at] = static_cast<std::uint8_t>(i + 1);
  }
  return t;
}
static_assert(kKeywordCount < 255);
constexpr KeywordSlots kKeywordSlotTable = buildKeywordSlots();

}  // namespace

Kw keywordOf(std::string_view word) {
  if (word.size() < 2 || word.size() > 17) return Kw::None;
  char buf[18];
  std::uint32_t h = kFnvBasis;
  for (std::size_t i = 0; i < word.size(); ++i) {
    char c = word[i];
    buf[i] = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    h = fnvStep(h, buf[i]);
  }
  const std::string_view key(buf, word.size());
  for (std::size_t at = h & (kKeywordSlots - 1);; at = (at + 1) & (kKeywordSlots - 1)) {
    const std::uint8_t e = kKeywordSlotTable.entry[at];
    if (e == 0) return Kw::None;
    if (kKeywords[e - 1].text == key) return kKeywords[e - 1].kw;
  }
}

const char* keywordText(Kw kw) {
  std::size_t i = static_cast<std::size_t>(kw);
  if (i == 0 || i > kKeywordCount) return "";
  return kKeywords[i - 1].text.data();
}

const std::vector<std::string_view>& keywordList() {
  static const std::vector<std::string_view> list = [] {
    std::vector<std::string_view> out;
    for (const KwEntry& e : kKeywords) out.emplace_back(e.text);
    return out;
  }();
  return list;
}

bool isFallbackKeyword(Kw kw) {
  switch (kw) {
    case Kw::kABORT:
    case Kw::kACTION:
    case Kw::kAFTER:
    case Kw::kANALYZE:
    case Kw::kASC:
    case Kw::kATTACH:
    case Kw::kBEFORE:
    case Kw::kBEGIN:
    case Kw::kBY:
    case Kw::kCASCADE:
    case Kw::kCAST:
    case Kw::kCOLUMN:
    case Kw::kCONFLICT:
    case Kw::kDATABASE:
    case Kw::kDEFERRED:
    case Kw::kDESC:
    case Kw::kDETACH:
    case Kw::kDO:
    case Kw::kEACH:
    case Kw::kEND:
    case Kw::kEXCLUSIVE:
    case Kw::kEXPLAIN:
    case Kw::kFAIL:
    case Kw::kFOR:
    case Kw::kIGNORE:
    case Kw::kIMMEDIATE:
    case Kw::kINITIALLY:
    case Kw::kINSTEAD:
    case Kw::kLIKE:
    case Kw::kGLOB:
    case Kw::kREGEXP:
    case Kw::kMATCH:
    case Kw::kNO:
    case Kw::kPLAN:
    case Kw::kQUERY:
    case Kw::kKEY:
    case Kw::kOF:
    case Kw::kOFFSET:
    case Kw::kPRAGMA:
    case Kw::kRAISE:
    case Kw::kRECURSIVE:
    case Kw::kRELEASE:
    case Kw::kREPLACE:
    case Kw::kRESTRICT:
    case Kw::kROW:
    case Kw::kROWS:
    case Kw::kSAVEPOINT:
    case Kw::kTEMP:
    case Kw::kTEMPORARY:
    case Kw::kTRIGGER:
    case Kw::kVACUUM:
    case Kw::kVIEW:
    case Kw::kVIRTUAL:
    case Kw::kWITH:
    case Kw::kWITHOUT:
    case Kw::kNULLS:
    case Kw::kFIRST:
    case Kw::kLAST:
    case Kw::kCURRENT:
    case Kw::kFOLLOWING:
    case Kw::kPARTITION:
    case Kw::kPRECEDING:
    case Kw::kRANGE:
    case Kw::kUNBOUNDED:
    case Kw::kEXCLUDE:
    case Kw::kGROUPS:
    case Kw::kOTHERS:
    case Kw::kTIES:
    case Kw::kGENERATED:
    case Kw::kALWAYS:
    case Kw::kMATERIALIZED:
    case Kw::kREINDEX:
    case Kw::kRENAME:
    case Kw::kCURRENT_DATE:
    case Kw::kCURRENT_TIME:
    case Kw::kCURRENT_TIMESTAMP:
    case Kw::kIF:
    case Kw::kWINDOW:
    case Kw::kOVER:
    case Kw::kFILTER:
    case Kw::kINDEXED:
      return true;
    default:
      return false;
  }
}

bool isJoinKeyword(Kw kw) {
  return kw == Kw::kLEFT || kw == Kw::kRIGHT || kw == Kw::kFULL || kw == Kw::kINNER || kw == Kw::kCROSS ||
         kw == Kw::kNATURAL || kw == Kw::kOUTER;
}

const char* describe(Tok tok) {
  switch (tok) {
    case Tok::End:
      return "end of input";
    case Tok::Ident:
      return "an identifier";
    case Tok::QuotedIdent:
      return "a quoted identifier";
    case Tok::String:
      return "a string";
    case Tok::Integer:
      return "an integer";
    case Tok::Float:
      return "a number";
    case Tok::Blob:
      return "a blob literal";
    case Tok::Param:
      return "a parameter";
    case Tok::LParen:
      return "'('";
    case Tok::RParen:
      return "')'";
    case Tok::Comma:
      return "','";
    case Tok::Semicolon:
      return "';'";
    case Tok::Dot:
      return "'.'";
    case Tok::Star:
      return "'*'";
    case Tok::Plus:
      return "'+'";
    case Tok::Minus:
      return "'-'";
    case Tok::Slash:
      return "'/'";
    case Tok::Percent:
      return "'%'";
    case Tok::Concat:
      return "'||'";
    case Tok::Eq:
      return "'='";
    case Tok::Ne:
      return "'<>'";
    case Tok::Lt:
      return "'<'";
    case Tok::Le:
      return "'<='";
    case Tok::Gt:
      return "'>'";
    case Tok::Ge:
      return "'>='";
    case Tok::BitAnd:
      return "'&'";
    case Tok::BitOr:
      return "'|'";
    case Tok::BitNot:
      return "'~'";
    case Tok::ShiftLeft:
      return "'<<'";
    case Tok::ShiftRight:
      return "'>>'";
    case Tok::Ptr:
      return "'->'";
    case Tok::Ptr2:
      return "'->>'";
  }
  return "?";
}

std::size_t skipSpaceAndComments(std::string_view src, std::size_t pos) {
  while (pos < src.size()) {
    unsigned char c = static_cast<unsigned char>(src[pos]);
    if (isSpace(c)) {
      ++pos;
    } else if (c == '-' && src.compare(pos, 2, "--") == 0) {
      std::size_t nl = src.find('\n', pos);
      pos = nl == std::string_view::npos ? src.size() : nl;
    } else if (c == '/' && src.compare(pos, 2, "/*") == 0) {
      std::size_t close = src.find("*/", pos + 2);
      // SQLite accepts an unterminated block comment at the end of the input.
      pos = close == std::string_view::npos ? src.size() : close + 2;
    } else {
      break;
    }
  }
  return pos;
}

LexResult tokenize(std::string_view src) {
  std::size_t limit = src.size();
  if (auto bad = hs::firstInvalidUtf8(src)) limit = *bad;
  if (src.size() >= 0xFFFFFFF0u) {
    LexResult r;
    r.tokens.push_back(Token{});
    r.error = LexError{"too_large", "input larger than 4 GiB", 0, 0};
    return r;
  }
  return Lexer(src, limit).run();
}

std::string unquote(std::string_view raw) {
  if (raw.size() < 2) return std::string(raw);
  char open = raw.front();
  if (open == '[') return std::string(raw.substr(1, raw.size() - 2));
  if (open != '"' && open != '\'' && open != '`') return std::string(raw);
  std::string out;
  out.reserve(raw.size() - 2);
  for (std::size_t i = 1; i + 1 < raw.size(); ++i) {
    out.push_back(raw[i]);
    if (raw[i] == open && raw[i + 1] == open) ++i;
  }
  return out;
}

}  // namespace hs::sql
