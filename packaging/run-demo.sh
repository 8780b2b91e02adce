#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: installs dependencies, builds HalluSQL (Release), and
# opens the GUI on the bundled demo workspace. With --headless (or when there is no display) it
# runs the same job through hallusql-cli and writes its output to a file instead.
#   bash packaging/run-demo.sh                 GUI on the demo workspace
#   bash packaging/run-demo.sh --headless [OUT]  demo through the CLI, JSON report to OUT
set -euo pipefail
cd "$(dirname "$0")/.."

headless=0
out="hallusql-demo-report.json"
if [ "${1:-}" = "--headless" ]; then
  headless=1
  out="${2:-$out}"
elif [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "run-demo: no display found; running the headless variant (use xvfb-run for the GUI)" >&2
  headless=1
fi

bash packaging/install-deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DHALLUSQL_BUILD_TESTS=OFF
cmake --build build/release -j "$(nproc)"

demo_dir="${XDG_DATA_HOME:-$HOME/.local/share}/hallusql/demo"
if [ "$headless" = 1 ]; then
  build/release/app/cli/hallusql-cli demo --dir "$demo_dir" --out "$out"
  echo "run-demo: report written to $out and ${out%.*}.html"
else
  exec build/release/app/gui/hallusql --demo
fi
