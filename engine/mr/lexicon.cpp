#include "engine/mr/lexicon.h"

#include <array>

namespace hs::mr {
namespace {

constexpr auto G = Direction::Greater;
constexpr auto L = Direction::Less;

// phrase, direction, strict, dimension, needsNumber, synonym, antonym, expanded, reduced
constexpr std::array kComparatives = {
    // generic, strict
    ComparativeEntry{"more than", G, true, "", false, "greater than", "less than", "at least", ""},
    ComparativeEntry{"greater than", G, true, "", false, "more than", "less than", "greater than or equal to",
                     ""},
    ComparativeEntry{"larger than", G, true, "", false, "bigger than", "smaller than", "not smaller than",
                     ""},
    ComparativeEntry{"bigger than", G, true, "", false, "larger than", "smaller than", "not smaller than",
                     ""},
    ComparativeEntry{"higher than", G, true, "", false, "greater than", "lower than", "not lower than", ""},
    ComparativeEntry{"above", G, true, "", true, "over", "below", "not below", ""},
    ComparativeEntry{"over", G, true, "", true, "above", "under", "at least", ""},
    ComparativeEntry{"in excess of", G, true, "", false, "more than", "less than", "at least", ""},
    ComparativeEntry{"less than", L, true, "", false, "lower than", "more than", "at most", ""},
    ComparativeEntry{"fewer than", L, true, "", false, "less than", "more than", "at most", ""},
    ComparativeEntry{"smaller than", L, true, "", false, "less than", "larger than", "not larger than", ""},
    ComparativeEntry{"lower than", L, true, "", false, "less than", "higher than", "not higher than", ""},
    ComparativeEntry{"below", L, true, "", true, "under", "above", "not above", ""},
    ComparativeEntry{"under", L, true, "", true, "below", "over", "at most", ""},
    // generic, inclusive
    ComparativeEntry{"at least", G, false, "", false, "no less than", "at most", "", "more than"},
    ComparativeEntry{"no less than", G, false, "", false, "at least", "no more than", "", "more than"},
    ComparativeEntry{"not less than", G, false, "", false, "at least", "not more than", "", "more than"},
    ComparativeEntry{"no fewer than", G, false, "", false, "at least", "no more than", "", "more than"},
    ComparativeEntry{"greater than or equal to", G, false, "", false, "at least", "less than or equal to", "",
                     "greater than"},
    ComparativeEntry{"at most", L, false, "", false, "no more than", "at least", "", "less than"},
    ComparativeEntry{"no more than", L, false, "", false, "at most", "no less than", "", "less than"},
    ComparativeEntry{"not more than", L, false, "", false, "at most", "not less than", "", "less than"},
    ComparativeEntry{"less than or equal to", L, false, "", false, "at most", "greater than or equal to", "",
                     "less than"},
    // negated generic comparatives ("not higher than" is an inclusive "less than")
    ComparativeEntry{"not higher than", L, false, "", false, "no higher than", "not lower than", "",
                     "lower than"},
    ComparativeEntry{"no higher than", L, false, "", false, "not higher than", "no lower than", "",
                     "lower than"},
    ComparativeEntry{"not lower than", G, false, "", false, "no lower than", "not higher than", "",
                     "higher than"},
    ComparativeEntry{"no lower than", G, false, "", false, "not lower than", "no higher than", "",
                     "higher than"},
    ComparativeEntry{"not greater than", L, false, "", false, "at most", "not less than", "", "less than"},
    ComparativeEntry{"no greater than", L, false, "", false, "at most", "no less than", "", "less than"},
    ComparativeEntry{"not larger than", L, false, "", false, "not bigger than", "not smaller than", "",
                     "smaller than"},
    ComparativeEntry{"not bigger than", L, false, "", false, "not larger than", "not smaller than", "",
                     "smaller than"},
    ComparativeEntry{"not smaller than", G, false, "", false, "no smaller than", "not larger than", "",
                     "larger than"},
    ComparativeEntry{"no smaller than", G, false, "", false, "not smaller than", "no larger than", "",
                     "larger than"},
    ComparativeEntry{"no larger than", L, false, "", false, "not larger than", "no smaller than", "",
                     "smaller than"},
    ComparativeEntry{"not above", L, false, "", true, "not over", "not below", "", "below"},
    ComparativeEntry{"not over", L, false, "", true, "not above", "not under", "", "under"},
    ComparativeEntry{"not below", G, false, "", true, "not under", "not above", "", "above"},
    ComparativeEntry{"not under", G, false, "", true, "not below", "not over", "", "over"},
    // age
    ComparativeEntry{"older than", G, true, "age", false, "", "younger than", "not younger than", ""},
    ComparativeEntry{"younger than", L, true, "age", false, "", "older than", "not older than", ""},
    ComparativeEntry{"not younger than", G, false, "age", false, "no younger than", "not older than", "",
                     "older than"},
    ComparativeEntry{"no younger than", G, false, "age", false, "not younger than", "no older than", "",
                     "older than"},
    ComparativeEntry{"not older than", L, false, "age", false, "no older than", "not younger than", "",
                     "younger than"},
    ComparativeEntry{"no older than", L, false, "age", false, "not older than", "no younger than", "",
                     "younger than"},
    // time
    ComparativeEntry{"after", G, true, "time", true, "later than", "before", "not before", ""},
    ComparativeEntry{"later than", G, true, "time", false, "after", "earlier than", "no earlier than", ""},
    ComparativeEntry{"before", L, true, "time", true, "earlier than", "after", "not after", ""},
    ComparativeEntry{"earlier than", L, true, "time", false, "before", "later than", "no later than", ""},
    ComparativeEntry{"not before", G, false, "time", true, "no earlier than", "not after", "", "after"},
    ComparativeEntry{"no earlier than", G, false, "time", false, "not before", "no later than", "",
                     "later than"},
    ComparativeEntry{"not after", L, false, "time", true, "no later than", "not before", "", "before"},
    ComparativeEntry{"no later than", L, false, "time", false, "not after", "no earlier than", "",
                     "earlier than"},
    // length, weight, price
    ComparativeEntry{"longer than", G, true, "length", false, "", "shorter than", "not shorter than", ""},
    ComparativeEntry{"shorter than", L, true, "length", false, "", "longer than", "not longer than", ""},
    ComparativeEntry{"heavier than", G, true, "weight", false, "", "lighter than", "not lighter than", ""},
    ComparativeEntry{"lighter than", L, true, "weight", false, "", "heavier than", "not heavier than", ""},
    ComparativeEntry{"more expensive than", G, true, "price", false, "pricier than", "cheaper than",
                     "not cheaper than", ""},
    ComparativeEntry{"pricier than", G, true, "price", false, "more expensive than", "cheaper than",
                     "not cheaper than", ""},
    ComparativeEntry{"cheaper than", L, true, "price", false, "less expensive than", "more expensive than",
                     "not more expensive than", ""},
    ComparativeEntry{"less expensive than", L, true, "price", false, "cheaper than", "more expensive than",
                     "not more expensive than", ""},
};

constexpr auto Mx = Extremum::Max;
constexpr auto Mn = Extremum::Min;

constexpr std::array kExtrema = {
    ExtremumEntry{"highest", Mx, "greatest", "lowest"},
    ExtremumEntry{"greatest", Mx, "highest", "smallest"},
    ExtremumEntry{"largest", Mx, "biggest", "smallest"},
    ExtremumEntry{"biggest", Mx, "largest", "smallest"},
    ExtremumEntry{"maximum", Mx, "highest", "minimum"},
    ExtremumEntry{"max", Mx, "maximum", "min"},
    ExtremumEntry{"most", Mx, "", "least"},
    ExtremumEntry{"top", Mx, "", "bottom"},
    ExtremumEntry{"lowest", Mn, "smallest", "highest"},
    ExtremumEntry{"smallest", Mn, "lowest", "largest"},
    ExtremumEntry{"minimum", Mn, "lowest", "maximum"},
    ExtremumEntry{"min", Mn, "minimum", "max"},
    ExtremumEntry{"least", Mn, "", "most"},
    ExtremumEntry{"fewest", Mn, "least", "most"},
    ExtremumEntry{"oldest", Mx, "eldest", "youngest"},
    ExtremumEntry{"eldest", Mx, "oldest", "youngest"},
    ExtremumEntry{"youngest", Mn, "", "oldest"},
    ExtremumEntry{"earliest", Mn, "", "latest"},
    ExtremumEntry{"latest", Mx, "most recent", "earliest"},
    ExtremumEntry{"most recent", Mx, "latest", "earliest"},
    ExtremumEntry{"longest", Mx, "", "shortest"},
    ExtremumEntry{"shortest", Mn, "", "longest"},
    ExtremumEntry{"heaviest", Mx, "", "lightest"},
    ExtremumEntry{"lightest", Mn, "", "heaviest"},
    ExtremumEntry{"most expensive", Mx, "priciest", "cheapest"},
    ExtremumEntry{"priciest", Mx, "most expensive", "cheapest"},
    ExtremumEntry{"cheapest", Mn, "least expensive", "most expensive"},
    ExtremumEntry{"least expensive", Mn, "cheapest", "most expensive"},
    ExtremumEntry{"most popular", Mx, "", "least popular"},
    ExtremumEntry{"least popular", Mn, "", "most popular"},
};

constexpr std::array kPrefixes = {
    PrefixEntry{"please tell me", true, "let me know"},
    PrefixEntry{"can you tell me", true, "could you tell me"},
    PrefixEntry{"could you tell me", true, "can you tell me"},
    PrefixEntry{"i want to know", true, "i would like to know"},
    PrefixEntry{"i would like to know", true, "i want to know"},
    PrefixEntry{"let me know", true, "tell me"},
    PrefixEntry{"tell me", true, "let me know"},
    PrefixEntry{"show me", true, "give me"},
    PrefixEntry{"give me", true, "show me"},
    PrefixEntry{"please", true, "kindly"},
    PrefixEntry{"kindly", true, "please"},
    PrefixEntry{"list", false, "show"},
    PrefixEntry{"show", false, "list"},
    PrefixEntry{"display", false, "show"},
    PrefixEntry{"find", false, "return"},
    PrefixEntry{"return", false, "find"},
    PrefixEntry{"give", false, "show"},
    PrefixEntry{"retrieve", false, "find"},
};

constexpr std::array kVerbs = {
    VerbFormEntry{"exceeds", "surpasses", "falls below"},
    VerbFormEntry{"exceed", "surpass", "fall below"},
    VerbFormEntry{"exceeded", "surpassed", "fell below"},
    VerbFormEntry{"exceeding", "surpassing", "falling below"},
    VerbFormEntry{"surpasses", "exceeds", "falls below"},
    VerbFormEntry{"surpass", "exceed", "fall below"},
    VerbFormEntry{"surpassed", "exceeded", "fell below"},
    VerbFormEntry{"surpassing", "exceeding", "falling below"},
    VerbFormEntry{"falls below", "drops below", "exceeds"},
    VerbFormEntry{"fall below", "drop below", "exceed"},
    VerbFormEntry{"fell below", "dropped below", "exceeded"},
    VerbFormEntry{"falling below", "dropping below", "exceeding"},
};

}  // namespace

std::span<const ComparativeEntry> comparatives() {
  return kComparatives;
}
std::span<const ExtremumEntry> extrema() {
  return kExtrema;
}
std::span<const PrefixEntry> prefixes() {
  return kPrefixes;
}
std::span<const VerbFormEntry> comparativeVerbs() {
  return kVerbs;
}

}  // namespace hs::mr
