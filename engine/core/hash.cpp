// SHA-256 of byte strings and files through OpenSSL's EVP interface (hash.h).
#include "engine/core/hash.h"

#include <openssl/evp.h>

#include <array>
#include <fstream>
#include <memory>
#include <stdexcept>

#include "engine/core/file_input.h"

namespace hs {
namespace {

// One SHA-256 computation; the EVP context is freed on every path, exceptions included.
class Sha256 {
 public:
  Sha256() : ctx_(EVP_MD_CTX_new()) {
    // Only allocation failure or a FIPS-only provider without SHA-256 fails here: not user input.
    if (!ctx_ || EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr) != 1)
      throw std::runtime_error("SHA-256 is unavailable in OpenSSL");
  }

  void update(const char* data, std::size_t len) {
    if (len > 0 && EVP_DigestUpdate(ctx_.get(), data, len) != 1)
      throw std::runtime_error("OpenSSL SHA-256 update failed");
  }

  std::string hex() {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int len = 0;
    if (EVP_DigestFinal_ex(ctx_.get(), digest.data(), &len) != 1)
      throw std::runtime_error("OpenSSL SHA-256 final failed");
    static const char* digits = "0123456789abcdef";
    std::string out;
    out.reserve(2 * len);
    for (unsigned int i = 0; i < len; ++i) {
      out += digits[digest[i] >> 4];
      out += digits[digest[i] & 0xf];
    }
    return out;
  }

 private:
  struct Free {
    void operator()(EVP_MD_CTX* ctx) const { EVP_MD_CTX_free(ctx); }
  };
  std::unique_ptr<EVP_MD_CTX, Free> ctx_;
};

}  // namespace

std::string sha256Hex(std::string_view data) {
  Sha256 h;
  h.update(data.data(), data.size());
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
    if (n > 0) h.update(buf.data(), n);
  }
  if (in.bad()) {
    Error e = makeError(ErrorKind::BadInput, "unreadable", "read error");
    e.where = path;
    return e;
  }
  return h.hex();
}

}  // namespace hs
