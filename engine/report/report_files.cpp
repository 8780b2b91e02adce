// Writing report files: atomically (temporary name, then rename), and the PDF through a headless
// Chromium printing the HTML report (selectable text, page numbers from the @page rules).
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string_view>
#include <thread>

#include "engine/core/temp_files.h"
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

// Runs argv with the environment `env` ("NAME=value"), waiting at most `limit` (and not past
// `cancel`); true when it exited with status 0.
// The child leads a process group of its own, killed whole on timeout or cancel (Chromium's zygote,
// renderer and GPU processes with it). It gets SIGKILL when the thread that started it ends
// (PR_SET_PDEATHSIG, kept across execve); that thread waits here, so this happens when HalluSQL is
// killed: no Chromium is left printing (its helpers exit with it).
bool runWithLimit(const std::vector<std::string>& args, const std::vector<std::string>& env,
                  std::chrono::seconds limit, const std::atomic<bool>* cancel) {
  std::vector<char*> argv, envp;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  for (const auto& e : env) envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  sigset_t none;
  sigemptyset(&none);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) return false;
  if (pid == 0) {
    // The child of a possibly multi-threaded process: async-signal-safe calls only until execve.
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(127);  // the parent died before prctl took effect
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    const int devNull = ::open("/dev/null", O_WRONLY);
    if (devNull >= 0) {
      ::dup2(devNull, STDOUT_FILENO);
      ::dup2(devNull, STDERR_FILENO);
      if (devNull > STDERR_FILENO) ::close(devNull);
    }
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also here, so that the group exists before any kill below
  const auto deadline = std::chrono::steady_clock::now() + limit;
  bool stopped = false;
  while (true) {
    // WNOWAIT: the exited child stays a zombie, so its pid (the group's id) is not reused until
    // the group has been killed below.
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 && errno != EINTR)
      break;
    if (info.si_pid == pid) break;
    if (std::chrono::steady_clock::now() > deadline || (cancel && cancel->load())) {
      stopped = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ::kill(-pid, SIGKILL);  // what is left of the group (all of it when stopped)
  int status = 0;
  pid_t reaped = 0;
  do reaped = ::waitpid(pid, &status, 0);
  while (reaped < 0 && errno == EINTR);
  return !stopped && reaped == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
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
  // The private per-process folder (core/temp_files.h): 0700, and removed by the next start when
  // this process is killed while Chromium prints.
  auto folder = privateTempPath("report", "");
  if (!folder) return folder.error();
  if (::mkdir(folder->c_str(), 0700) != 0) return ioError("cannot make a private temporary folder", *folder);
  const fs::path dir(*folder);
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  } cleanup{dir};
  const fs::path html = dir / "report.html", pdf = dir / "report.pdf";
  const Result<std::string> page = renderHtml(input, {kPdfAppendixCases});
  if (!page) return page.error();
  if (auto st = writeOutputFile(html.string(), *page, "the report"); !st) return st;
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
  // Chromium's own temporary files (its singleton socket folder) go into the same folder.
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e)
    if (std::string_view(*e).rfind("TMPDIR=", 0) != 0) env.emplace_back(*e);
  env.push_back("TMPDIR=" + dir.string());
  const bool printed = runWithLimit(args, env, std::chrono::seconds(180), cancel);
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
