#pragma once
// A small deterministic random generator (splitmix64): the same seed gives the same sequence on
// every platform and standard library (std::uniform_int_distribution does not), so seeded
// workflows (mutation, bootstrap) reproduce their files exactly.
#include <cstddef>
#include <cstdint>

namespace hs {

class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform-enough index in [0, n) (modulo bias is negligible for the small n used); 0 when n == 0.
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t state_;
};

}  // namespace hs
