#!/usr/bin/env bash
# Installs HalluSQL's build and test dependencies on Debian 12 (bookworm).
# Idempotent: packages already present are skipped. Works as root or through sudo.
set -euo pipefail

PACKAGES=(
  # toolchain
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev clang-format lld
  # engine
  libsqlite3-dev sqlite3 libcurl4-openssl-dev libssl-dev nlohmann-json3-dev libkainjow-mustache-dev
  # Qt 6 widgets, editor, charts, tools (qt6-charts-dev needs libqt6opengl6-dev)
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-charts-dev libqscintilla2-qt6-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n libqt6svg6
  qtkeychain-qt6-dev
  # tests and benchmarks
  libbenchmark-dev xvfb xauth python3 python3-sqlglot
  # platform plugins for offscreen / xcb GUI runs
  libgl1-mesa-dri fonts-dejavu-core fonts-noto-cjk
  # packaging metadata validators (tests/engine/workspace/test_packaging)
  desktop-file-utils appstream
  # PDF reports (Chromium prints the HTML report) and their checks (pdftotext, pdftoppm)
  chromium poppler-utils
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  SUDO="sudo"
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
