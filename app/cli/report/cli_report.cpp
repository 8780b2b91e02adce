// hallusql-cli report --workspace W [--run R] --format html|pdf|csv|jsonl --out F [--lang en|zh_CN]:
// a review report of one run of a workspace.
#include <nlohmann/json.hpp>

#include "app/cli/command.h"
#include "engine/report/report_load.h"
#include "engine/report/report_render.h"
#include "engine/workspace/workspace.h"

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
  const std::string format = args.getOr("format", "html");
  if (format != "html" && format != "pdf" && format != "csv" && format != "jsonl")
    return fail(usage("--format must be html, pdf, csv or jsonl"));
  const std::string lang = args.getOr("lang", "en");
  if (lang != "en" && lang != "zh_CN") return fail(usage("--lang must be en or zh_CN"));
  if (!ws::isWorkspaceFile(*wsPath)) {
    Error e = usage("not a HalluSQL workspace");
    e.code = "not_workspace";
    e.where = *wsPath;
    return fail(e);
  }
  auto workspace = ws::Workspace::open(*wsPath);
  if (!workspace) return fail(workspace.error());
  auto input =
      report::loadReport(*workspace, args.get("run"),
                         lang == "en" ? report::Language::English : report::Language::SimplifiedChinese);
  if (!input) return fail(input.error());
  Status written = format == "pdf"    ? report::renderPdf(*input, *out)
                   : format == "html" ? report::writeFileAtomically(*out, report::renderHtml(*input))
                   : format == "csv"  ? report::writeFileAtomically(*out, report::renderCsv(*input))
                                      : report::writeFileAtomically(*out, report::renderJsonl(*input));
  if (!written) return fail(written.error());
  print({{"out", *out}, {"format", format}, {"run", input->runName}, {"cases", input->cases.size()}});
  return kOk;
}

const CommandRegistration kReport{
    Command{"report",
            "report --workspace W [--run R] --format html|pdf|csv|jsonl --out F [--lang en|zh_CN]",
            {},
            runReport}};

}  // namespace
}  // namespace hs::cli
