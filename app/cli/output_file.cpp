#include "app/cli/output_file.h"

#include <cerrno>
#include <cstring>

namespace hs::cli {

Result<std::ofstream> openOutputFile(const std::string& path, std::string_view what) {
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (out) return out;
  std::string message = "cannot write " + std::string(what);
  if (errno != 0) message += std::string(": ") + std::strerror(errno);
  Error e = makeError(ErrorKind::BadInput, "io", message);
  e.where = path;
  return e;
}

}  // namespace hs::cli
