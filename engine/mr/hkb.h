#pragma once
// MRSQLGen's hallucination knowledge base (seed 002): standardised cases with their C1..C10 flags,
// and retrieval of the likely hallucination types of a new question by similarity.
//
// Similarity: TF-IDF cosine over the unigrams and bigrams of the standardised question tokens
// (idf = ln((1 + N) / (1 + df)) + 1). The types of a question are scored by a similarity-weighted
// vote of its top-k neighbours: score(C) = sum of sim(q, e) over neighbours e flagged C, divided
// by the sum of sim(q, e) over all top-k neighbours (clean cases vote for no type). Not
// thread-safe for writes: add() and a concurrent retrieve() need external locking.
#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hs::mr {

inline constexpr int kHallucinationTypes = 10;  // C1..C10

// "C1".."C10" -> 1..10; anything else -> 0.
int typeIndex(std::string_view category);
std::string typeCode(int type);  // 1 -> "C1"
// The seed's names: 1 -> "Operator Misuse", ..., 10 -> "GroupBy Misuse".
std::string_view typeName(int type);

// Where a flag came from (bit flags, an entry may have several).
enum HkbSource : std::uint8_t {
  kImportedLabel = 1,     // cases.labels_json (an MRSQLGen-style import)
  kAutomaticFinding = 2,  // findings with taxonomy "mrsqlgen"
  kManualAnnotation = 4,  // annotations table rows (and addAnnotation)
};
std::string sourceNames(std::uint8_t sources);  // "imported_label+manual_annotation"

struct HkbEntry {
  std::string caseKey;         // hs::Case::id, or "case:<row id>"
  std::int64_t caseRowId = 0;  // workspace row id; 0 outside a workspace
  std::string dbId;
  std::string question;                           // as asked
  std::string standardised;                       // standardiseQuestion(question, vocabulary of dbId).text
  std::string standardisedSql;                    // may be empty
  std::array<bool, kHallucinationTypes> types{};  // types[0] is C1
  std::array<std::uint8_t, kHallucinationTypes> typeSources{};  // HkbSource bits per type
  std::uint8_t sources = 0;                                     // every source that contributed to the entry

  bool hasType(int type) const { return type >= 1 && type <= kHallucinationTypes && types[type - 1]; }
  std::vector<std::string> typeCodes() const;  // {"C3", "C5"}
};

struct HkbNeighbour {
  std::size_t entry = 0;  // index into Hkb::entries()
  double similarity = 0.0;
};

struct HkbTypeScore {
  std::string type;  // "C4"
  double score = 0.0;
  std::vector<HkbNeighbour> evidence;  // the neighbours flagged with this type, most similar first
};

struct HkbRetrieval {
  std::vector<HkbNeighbour> neighbours;  // the top-k, most similar first (similarity > 0)
  std::vector<HkbTypeScore> types;       // score > 0, best first; ties by type number
};

struct HkbRetrieveOptions {
  std::size_t topK = 10;               // best on the measured sets (hkb CLI: --neighbours)
  std::optional<std::size_t> exclude;  // an entry left out (leave-one-out evaluation)
};

class Hkb {
 public:
  // Adds an entry, or merges it into the entry with the same caseKey (flags are or-ed; the
  // question and its standardisation are kept from the first). Returns the entry's index.
  std::size_t add(HkbEntry entry);
  // Clears a type of an entry (a manual "rejected" annotation). Returns whether it was set.
  bool clearType(std::size_t entry, int type);

  const std::vector<HkbEntry>& entries() const { return entries_; }
  std::size_t size() const { return entries_.size(); }
  std::optional<std::size_t> find(const std::string& caseKey) const;

  // `standardised` is the standardised question text (standardiseQuestion(...).text).
  HkbRetrieval retrieve(std::string_view standardised, const HkbRetrieveOptions& options = {}) const;

 private:
  using Terms = std::map<std::string, double>;                     // term -> count
  using TermCounts = std::vector<std::pair<std::size_t, double>>;  // term id -> count, by id
  static Terms termsOf(std::string_view standardised);

  std::vector<HkbEntry> entries_;
  std::vector<TermCounts> terms_;
  std::map<std::string, std::size_t> termIds_;
  std::vector<std::size_t> df_;  // by term id
  std::map<std::string, std::size_t> byKey_;
};

// Leave-one-out evaluation over the entries that have at least one type: each is retrieved
// against all the others; hit@k when one of its true types is among the k best-ranked types.
struct HkbEvaluation {
  std::size_t evaluated = 0;  // entries with at least one type
  std::size_t hit1 = 0;
  std::size_t hit3 = 0;
  double hitAt1() const {
    return evaluated ? static_cast<double>(hit1) / static_cast<double>(evaluated) : 0.0;
  }
  double hitAt3() const {
    return evaluated ? static_cast<double>(hit3) / static_cast<double>(evaluated) : 0.0;
  }
  // Baseline: always predicting the most frequent types of the knowledge base (no retrieval).
  std::size_t priorHit1 = 0;
  std::size_t priorHit3 = 0;
};
HkbEvaluation leaveOneOut(const Hkb& hkb, std::size_t topK = 10);

}  // namespace hs::mr
