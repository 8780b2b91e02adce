#include "engine/core/hash.h"

#include <array>
#include <cstring>
#include <fstream>

#include "engine/core/file_input.h"

namespace hs {
namespace {

// SHA-256 per FIPS 180-4.
class Sha256 {
 public:
  void update(const unsigned char* data, std::size_t len) {
    for (std::size_t i = 0; i < len; ++i) {
      block_[blockLen_++] = data[i];
      if (blockLen_ == 64) {
        transform();
        bitLen_ += 512;
        blockLen_ = 0;
      }
    }
  }

  std::string hex() {
    std::uint64_t totalBits = bitLen_ + blockLen_ * 8ULL;
    std::size_t i = blockLen_;
    block_[i++] = 0x80;
    if (blockLen_ >= 56) {
      while (i < 64) block_[i++] = 0;
      transform();
      i = 0;
    }
    while (i < 56) block_[i++] = 0;
    for (int b = 7; b >= 0; --b) block_[i++] = static_cast<unsigned char>(totalBits >> (b * 8));
    transform();
    static const char* digits = "0123456789abcdef";
    std::string out;
    out.reserve(64);
    for (std::uint32_t word : state_) {
      for (int b = 3; b >= 0; --b) {
        unsigned byte = (word >> (b * 8)) & 0xffU;
        out += digits[byte >> 4];
        out += digits[byte & 0xf];
      }
    }
    return out;
  }

 private:
  static std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

  void transform() {
    static constexpr std::array<std::uint32_t, 64> k = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    std::array<std::uint32_t, 64> w{};
    for (int i = 0; i < 16; ++i) {
      w[i] = (std::uint32_t{block_[i * 4]} << 24) | (std::uint32_t{block_[i * 4 + 1]} << 16) |
             (std::uint32_t{block_[i * 4 + 2]} << 8) | std::uint32_t{block_[i * 4 + 3]};
    }
    for (int i = 16; i < 64; ++i) {
      std::uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      std::uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint32_t a = state_[0], b = state_[1], c = state_[2], d = state_[3];
    std::uint32_t e = state_[4], f = state_[5], g = state_[6], h = state_[7];
    for (int i = 0; i < 64; ++i) {
      std::uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      std::uint32_t ch = (e & f) ^ (~e & g);
      std::uint32_t t1 = h + s1 + ch + k[i] + w[i];
      std::uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      std::uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
      std::uint32_t t2 = s0 + maj;
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    state_[0] += a;
    state_[1] += b;
    state_[2] += c;
    state_[3] += d;
    state_[4] += e;
    state_[5] += f;
    state_[6] += g;
    state_[7] += h;
  }

  std::array<std::uint32_t, 8> state_ = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                         0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::array<unsigned char, 64> block_{};
  std::size_t blockLen_ = 0;
  std::uint64_t bitLen_ = 0;
};

}  // namespace

std::string sha256Hex(std::string_view data) {
  Sha256 h;
  h.update(reinterpret_cast<const unsigned char*>(data.data()), data.size());
  return h.hex();
}

Result<std::string> sha256File(const std::string& path) {
  if (auto st = checkRegularFile(path); !st) return st.error();  // never wait on a FIFO
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    Error e = makeError(ErrorKind::BadInput, "unreadable", "cannot open file for reading");
    e.where = path;
    return e;
  }
  Sha256 h;
  std::array<char, 1 << 16> buf{};
  while (in) {
    in.read(buf.data(), buf.size());
    auto n = static_cast<std::size_t>(in.gcount());
    if (n > 0) h.update(reinterpret_cast<const unsigned char*>(buf.data()), n);
  }
  if (in.bad()) {
    Error e = makeError(ErrorKind::BadInput, "unreadable", "read error");
    e.where = path;
    return e;
  }
  return h.hex();
}

}  // namespace hs
