#!/usr/bin/env bash
# Builds the libFuzzer targets without CMake: only the engine sources they need, instrumented with
# ASan + UBSan + libFuzzer coverage. Usage: tests/fuzz/build-quick.sh OUT_DIR (run from the repo root).
# The objects go into one static archive, so each target links only the members it uses.
set -euo pipefail
out=${1:-/tmp/hallusql-fuzz}
mkdir -p "$out/obj"
flags=(-std=c++20 -O1 -g -I. -I"$out/embedded" -DHALLUSQL_VERSION="\"fuzz\"" -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined)
# fuzz_workspace needs engine/workspace (not the demo, whose data CMake embeds) and what it reads
# with: engine/db (values), engine/eval (stored outcomes), the LLM call records.
mapfile -t workspace < <(ls engine/workspace/*.cpp | grep -v '/demo\.cpp$')
# fuzz_annotate needs engine/annotate and the risk weights CMake embeds (annotate_resources.*):
# written here the way cmake/EmbedText.cmake writes them.
mkdir -p "$out/embedded"
python3 - "$out/embedded" resources/risk/weights.json <<'PY'
import sys
out, path = sys.argv[1], sys.argv[2]
data = open(path, "rb").read()
ns = "hs::annotate::resources"
open(out + "/annotate_resources.h", "w").write(
    "#pragma once\n#include <optional>\n#include <string_view>\n#include <vector>\nnamespace %s {\n"
    "std::optional<std::string_view> embeddedText(std::string_view name);\n"
    "std::vector<std::string_view> embeddedNames();\n}\n" % ns)
open(out + "/annotate_resources.cpp", "w").write(
    '#include "annotate_resources.h"\nnamespace %s {\nstatic const unsigned char data0[] = {%s 0x00};\n'
    'std::optional<std::string_view> embeddedText(std::string_view name) {\n'
    '  if (name == "risk_weights") return std::string_view(reinterpret_cast<const char*>(data0), sizeof(data0) - 1);\n'
    '  return std::nullopt;\n}\nstd::vector<std::string_view> embeddedNames() { return {"risk_weights"}; }\n}\n'
    % (ns, ",".join("0x%02x" % b for b in data) + ","))
PY
srcs=(engine/core/*.cpp engine/sql/*.cpp engine/workspace/import/*.cpp engine/llm/sql_extract.cpp
      engine/db/*.cpp engine/eval/*.cpp engine/llm/call_store.cpp "${workspace[@]}" engine/annotate/*.cpp
      "$out/embedded/annotate_resources.cpp")
objs=()
for s in "${srcs[@]}"; do
  o="$out/obj/$(echo "$s" | tr / _).o"
  if [[ ! -f "$o" || "$s" -nt "$o" ]]; then clang++ "${flags[@]}" -c "$s" -o "$o"; fi
  objs+=("$o")
done
rm -f "$out/libengine.a"
ar rcs "$out/libengine.a" "${objs[@]}"
for t in fuzz_parser fuzz_sql_walkers fuzz_import fuzz_llm_extract fuzz_workspace fuzz_annotate; do
  clang++ "${flags[@]}" -fsanitize=fuzzer tests/fuzz/$t.cpp "$out/libengine.a" -lsqlite3 -o "$out/$t"
done
echo "built in $out"
