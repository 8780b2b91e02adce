#!/usr/bin/env bash
# The CI check of the house rules (.ci/house-rules) on a tiny fake tree: it passes on a clean tree
# and fails on each deliberately bad change (a Qt include in engine/, a 601-line file, an include
# against the layer order, an include between feature modules that .ci/layers.txt does not allow,
# in engine/ and in widgets/, a gold-free category named outside the check registry and its rule
# file).
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
check="$src/.ci/house-rules"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

clean_tree() {
  rm -rf "$tmp/tree"
  mkdir -p "$tmp/tree/.ci" "$tmp/tree/engine/core" "$tmp/tree/engine/sql" "$tmp/tree/engine/mr" \
           "$tmp/tree/engine/drilldown" "$tmp/tree/engine/annotate" "$tmp/tree/widgets" "$tmp/tree/app"
  cp "$src/.ci/layers.txt" "$tmp/tree/.ci/layers.txt"
  printf '#pragma once\n#include <string>\n' > "$tmp/tree/engine/core/error.h"
  printf '#include "engine/core/error.h"\n#include "parser_impl.h"\n' > "$tmp/tree/engine/sql/parser.cpp"
  printf '#include "engine/sql/parser.h"\n' > "$tmp/tree/engine/mr/qmr.cpp"
  printf '#include "engine/sql/parser.h"\n' > "$tmp/tree/engine/drilldown/drill.cpp"
  printf '#include <QWidget>\n#include "engine/mr/qmr.h"\n' > "$tmp/tree/widgets/view.cpp"
  printf '#include "widgets/view.h"\n' > "$tmp/tree/app/main.cpp"
  seq 600 > "$tmp/tree/engine/core/long.cpp"  # exactly at the limit
  printf 'inline constexpr CategorySpec kSpecs[] = {\n    {"cue_count", "cues"},\n};\n' \
    > "$tmp/tree/engine/annotate/check_registry.h"
  printf 'void cues() { add("cue_count"); }  // "cue_count" again\n' > "$tmp/tree/engine/annotate/goldfree_cues.cpp"
  printf '// "cue_count" in a comment\n' >> "$tmp/tree/widgets/view.cpp"
}

expect() {  # expect pass|fail "what"
  local want=$1 what=$2 got=pass
  "$check" "$tmp/tree" > "$tmp/out" 2>&1 || got=fail
  if [ "$got" != "$want" ]; then
    echo "FAIL: $what: expected the check to $want, it did $got:"; cat "$tmp/out"
    failures=$((failures + 1))
  else
    echo "ok: $what ($got)"
  fi
}

clean_tree
expect pass "clean tree"

clean_tree
printf '#include <QString>\n' >> "$tmp/tree/engine/sql/parser.cpp"
expect fail "Qt include under engine/"

clean_tree
printf '#include <QtCore/QObject>\n' >> "$tmp/tree/engine/core/error.h"
expect fail "Qt module include under engine/"

clean_tree
seq 601 > "$tmp/tree/engine/core/long.cpp"
expect fail "601-line source file"

clean_tree
printf '#include "engine/sql/parser.h"\n' >> "$tmp/tree/engine/core/error.h"
expect fail "upward include (core includes sql)"

clean_tree
printf '#include "widgets/view.h"\n' >> "$tmp/tree/engine/mr/qmr.cpp"
expect fail "engine includes widgets"

clean_tree
printf '#include "app/main.h"\n' >> "$tmp/tree/widgets/view.cpp"
expect fail "widgets include app"

clean_tree
printf '#include "engine/mr/qmr.h"\n' >> "$tmp/tree/engine/drilldown/drill.cpp"
expect fail "feature module includes another one"
printf 'allow engine/drilldown engine/mr\n' >> "$tmp/tree/.ci/layers.txt"
expect pass "the same include, allowed in layers.txt"

clean_tree
printf 'bool counted(const Finding& f) { return f.category == "cue_count"; }\n' >> "$tmp/tree/widgets/view.cpp"
expect fail "a gold-free category named outside the registry and its rule file"

clean_tree
printf 'void more() { add("cue_count"); }\n' > "$tmp/tree/engine/annotate/goldfree_more.cpp"
expect fail "a gold-free category named by a second rule file"

clean_tree
mkdir -p "$tmp/tree/widgets/review" "$tmp/tree/widgets/drilldown"
printf '#include "widgets/view.h"\n' > "$tmp/tree/widgets/review/panel.cpp"
printf '#include "widgets/main_window.h"\n#include "widgets/review/panel.h"\n' \
  > "$tmp/tree/widgets/main_window.cpp"
printf '#include "widgets/main_window.h"\n' > "$tmp/tree/widgets/startup.cpp"
expect pass "the window (files named in layers.txt) includes a feature of widgets/ and its peer file"
printf '#include "widgets/review/panel.h"\n' >> "$tmp/tree/widgets/view.cpp"
expect fail "shared widgets/ include a feature folder of widgets/"

clean_tree
mkdir -p "$tmp/tree/widgets/review" "$tmp/tree/widgets/drilldown"
printf '#include "widgets/main_window.h"\n' > "$tmp/tree/widgets/review/panel.cpp"
expect fail "a feature of widgets/ includes the window"

clean_tree
mkdir -p "$tmp/tree/widgets/review" "$tmp/tree/widgets/drilldown"
printf '#include "widgets/review/panel.h"\n' > "$tmp/tree/widgets/drilldown/chart.cpp"
expect fail "a feature of widgets/ includes another one"

clean_tree
rm "$tmp/tree/.ci/layers.txt"
expect fail "no layer order"

if [ "$failures" -ne 0 ]; then
  echo "$failures case(s) failed"
  exit 1
fi
echo "all cases passed"
