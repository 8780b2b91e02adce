// Writing report files: atomically (temporary name, then rename), and the PDF through a headless
// Chromium printing the HTML report (selectable text, page numbers from the @page rules).
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "engine/report/report_render.h"

extern char** environ;

namespace hs::report {
namespace {

namespace fs = std::filesystem;

Error ioError(std::string message, const std::string& path) {
  Error e = makeError(ErrorKind::BadInput, "io", std::move(message));
  e.where = path;
  return e;
}

std::optional<std::string> findChromium() {
  if (const char* env = std::getenv("HALLUSQL_CHROMIUM"); env && *env) return std::string(env);
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  std::size_t pos = 0;
  while (pos <= dirs.size()) {
    std::size_t colon = dirs.find(':', pos);
    std::string dir = dirs.substr(pos, colon == std::string::npos ? std::string::npos : colon - pos);
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
      std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
      if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    }
    if (colon == std::string::npos) break;
    pos = colon + 1;
  }
  return std::nullopt;
}

// Runs argv, waiting at most `limit` (and not past `cancel`); true when it exited with status 0.
bool runWithLimit(const std::vector<std::string>& args, std::chrono::seconds limit,
                  const std::atomic<bool>* cancel) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return false;
  const auto deadline = std::chrono::steady_clock::now() + limit;
  int status = 0;
  while (true) {
    pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0) return false;
    if (std::chrono::steady_clock::now() > deadline || (cancel && cancel->load())) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace

Status checkOutputPath(const std::string& path, const std::vector<ProtectedFile>& inputs) {
  if (path.empty()) return ioError("no output file given", path);
  if (auto st = checkOutputTarget(path, inputs, "the report file"); !st) return st;
  struct stat st {};
  const fs::path parent = fs::path(path).parent_path();
  const std::string folder = parent.empty() ? std::string(".") : parent.string();
  if (::stat(folder.c_str(), &st) != 0)
    return ioError("the output folder '" + folder + "' does not exist", path);
  if (!S_ISDIR(st.st_mode)) return ioError("'" + folder + "' is not a folder", path);
  if (::access(folder.c_str(), W_OK) != 0)
    return ioError("the output folder '" + folder + "' is not writable", path);
  return ok();
}

Status renderPdf(const ReportInput& input, const std::string& pdfPath, const std::atomic<bool>* cancel) {
  auto chromium = findChromium();
  if (!chromium)
    return makeError(ErrorKind::External, "no_chromium",
                     "PDF export prints the HTML report with Chromium, which is not installed "
                     "(apt-get install chromium, or set HALLUSQL_CHROMIUM); HTML export works without it");
  std::string pattern = (fs::temp_directory_path() / "hallusql-report-XXXXXX").string();
  if (!::mkdtemp(pattern.data())) return ioError("cannot make a private temporary folder", pattern);
  const fs::path dir(pattern);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  } cleanup{dir};
  const fs::path html = dir / "report.html", pdf = dir / "report.pdf";
  if (auto st = writeOutputFile(html.string(), renderHtml(input, {kPdfAppendixCases}), "the report"); !st)
    return st;
  const std::vector<std::string> args = {*chromium,
                                         "--headless",
                                         "--no-sandbox",
                                         "--disable-gpu",
                                         "--no-first-run",
                                         "--disable-background-networking",
                                         "--disable-component-update",
                                         "--disable-sync",
                                         "--no-pdf-header-footer",
                                         "--user-data-dir=" + (dir / "profile").string(),
                                         "--print-to-pdf=" + pdf.string(),
                                         "file://" + html.string()};
  const bool printed = runWithLimit(args, std::chrono::seconds(180), cancel);
  if (cancel && cancel->load())
    return makeError(ErrorKind::Cancelled, "cancelled", "the report was cancelled");
  if (!printed || !fs::exists(pdf) || fs::file_size(pdf) == 0)
    return makeError(ErrorKind::External, "chromium_failed",
                     "Chromium could not print the report to PDF (" + *chromium + ")");
  // Into place like every report file: a hidden temporary name beside the target, then a rename,
  // so a failure (disk full, folder gone) leaves neither a half PDF nor a stray ".part" file.
  std::ifstream in(pdf, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) return ioError("cannot read the PDF Chromium printed", pdf.string());
  return writeOutputFile(pdfPath, bytes, "the report file");
}

}  // namespace hs::report
