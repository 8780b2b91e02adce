#pragma once
// The `--cases F [--format ...]` input shared by the batch commands (generate --cases,
// detect --cases): imports the file, prints the importer's warnings and errors on stderr, and
// refuses a file with no readable case.
#include <string>

#include "app/cli/command.h"
#include "engine/workspace/import/import.h"

namespace hs::cli {

// `model` is stored in each case whose file does not name one.
Result<ws::import::ImportReport> importCasesOption(const Args& args, const std::string& model);

}  // namespace hs::cli
