// hallusql-cli report --workspace W [--run R] --format html|pdf|csv|jsonl --out F [--lang en|zh_CN]:
// a review report of one run of a workspace.
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/report/report_job.h"

namespace hs::cli {
namespace {

Error usage(std::string message) {
  return makeError(ErrorKind::BadInput, "usage", std::move(message));
}

int runReport(const Args& args) {
  auto wsPath = args.require("workspace");
  if (!wsPath) return fail(wsPath.error());
  auto out = args.require("out");
  if (!out) return fail(out.error());
  const auto format = report::reportFormatFromString(args.getOr("format", "html"));
  if (!format) return fail(usage("--format must be html, pdf, csv or jsonl"));
  const std::string lang = args.getOr("lang", "en");
  if (lang != "en" && lang != "zh_CN") return fail(usage("--lang must be en or zh_CN"));
  report::ReportRequest request;
  request.workspacePath = *wsPath;
  request.runName = args.get("run");
  request.format = *format;
  request.language = lang == "en" ? report::Language::English : report::Language::SimplifiedChinese;
  request.outPath = *out;
  auto written = report::writeReport(request);
  if (!written) return fail(written.error());
  print({{"out", written->outPath},
         {"format", report::formatName(*format)},
         {"run", written->runName},
         {"cases", written->cases},
         {"bytes", written->bytes}});
  return kOk;
}

const CommandRegistration kReport{
    Command{"report",
            "report --workspace W [--run R] --format html|pdf|csv|jsonl --out F [--lang en|zh_CN]",
            {},
            runReport,
            {"hallusql-cli report --workspace review.hallusql --format html --out review.html",
             "hallusql-cli report --workspace review.hallusql --run \"gpt-4 dev\" --format pdf --out "
             "review.pdf --lang zh_CN"}}};

}  // namespace
}  // namespace hs::cli
