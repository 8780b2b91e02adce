#!/usr/bin/env bash
# Builds the libFuzzer targets without CMake: only the engine sources they need, instrumented with
# ASan + UBSan + libFuzzer coverage. Usage: tests/fuzz/build-quick.sh OUT_DIR (run from the repo root).
# The objects go into one static archive, so each target links only the members it uses.
set -euo pipefail
out=${1:-/tmp/hallusql-fuzz}
mkdir -p "$out/obj"
flags=(-std=c++20 -O1 -g -I. -DHALLUSQL_VERSION="\"fuzz\"" -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined)
# fuzz_workspace needs engine/workspace (not the demo, whose data CMake embeds) and what it reads
# with: engine/db (values), engine/eval (stored outcomes), the LLM call records.
mapfile -t workspace < <(ls engine/workspace/*.cpp | grep -v '/demo\.cpp$')
srcs=(engine/core/*.cpp engine/sql/*.cpp engine/workspace/import/*.cpp engine/llm/sql_extract.cpp
      engine/db/*.cpp engine/eval/*.cpp engine/llm/call_store.cpp "${workspace[@]}")
objs=()
for s in "${srcs[@]}"; do
  o="$out/obj/$(echo "$s" | tr / _).o"
  if [[ ! -f "$o" || "$s" -nt "$o" ]]; then clang++ "${flags[@]}" -c "$s" -o "$o"; fi
  objs+=("$o")
done
rm -f "$out/libengine.a"
ar rcs "$out/libengine.a" "${objs[@]}"
for t in fuzz_parser fuzz_sql_walkers fuzz_import fuzz_llm_extract fuzz_workspace; do
  clang++ "${flags[@]}" -fsanitize=fuzzer tests/fuzz/$t.cpp "$out/libengine.a" -lsqlite3 -o "$out/$t"
done
echo "built in $out"
