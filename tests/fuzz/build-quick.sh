#!/usr/bin/env bash
# Builds the libFuzzer targets without CMake: only the engine sources they need, instrumented with
# ASan + UBSan + libFuzzer coverage. Usage: tests/fuzz/build-quick.sh OUT_DIR (run from the repo root).
set -euo pipefail
out=${1:-/tmp/hallusql-fuzz}
mkdir -p "$out/obj"
flags=(-std=c++20 -O1 -g -I. -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined)
srcs=(engine/core/*.cpp engine/sql/*.cpp engine/workspace/import/*.cpp engine/llm/sql_extract.cpp
      engine/db/schema.cpp)
objs=()
for s in "${srcs[@]}"; do
  o="$out/obj/$(echo "$s" | tr / _).o"
  if [[ ! -f "$o" || "$s" -nt "$o" ]]; then clang++ "${flags[@]}" -c "$s" -o "$o"; fi
  objs+=("$o")
done
for t in fuzz_parser fuzz_sql_walkers fuzz_import fuzz_llm_extract; do
  clang++ "${flags[@]}" -fsanitize=fuzzer tests/fuzz/$t.cpp "${objs[@]}" -lsqlite3 -o "$out/$t"
done
echo "built in $out"
