#pragma once
// The output files of the batch commands (`--out F`, `--summary F`, ...): opened for writing in one
// place, so every command refuses an unwritable path with the same clear error.
#include <fstream>
#include <string>
#include <string_view>

#include "engine/core/error.h"

namespace hs::cli {

// Opens `path` for writing (binary, truncated). On failure: a BadInput "io" error whose message
// says which file (`what`, e.g. "the output file") and why (the system's reason), with `where` set
// to the path.
Result<std::ofstream> openOutputFile(const std::string& path, std::string_view what = "the output file");

}  // namespace hs::cli
