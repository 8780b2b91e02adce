#pragma once
// Content hashing (SHA-256, from OpenSSL) for files and cache keys.
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/error.h"

namespace hs {

// Lower-case hex SHA-256 of a byte string.
std::string sha256Hex(std::string_view data);

// Lower-case hex SHA-256 of a file's bytes, streamed; an error names the file.
Result<std::string> sha256File(const std::string& path);

}  // namespace hs
