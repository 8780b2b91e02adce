#!/usr/bin/env bash
# Timed CLI run: full `hallusql-cli evaluate` on Spider dev with the GPT-4 DIN-SQL predictions.
# usage: tests/bench/eval/bench_evaluate.sh BUILD_DIR [JOBS...]   (default jobs: 2)
# Prints one JSON line per run: jobs, wall seconds, cases/s, EX set/bag/ordered, Soft-F1.
set -euo pipefail
build=${1:?usage: bench_evaluate.sh BUILD_DIR [JOBS...]}
shift || true
jobs_list=("${@:-2}")
data=${HALLUSQL_SHARED_DATA:-$(cd "$(dirname "$0")/../../../.." && pwd)/shared/data}
csv=$data/predictions/spider_dev/gpt4_DIN-SQL.csv
if [[ ! -f $csv ]]; then
  echo "shared data not found at $data (set HALLUSQL_SHARED_DATA); skipping" >&2
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for jobs in "${jobs_list[@]}"; do
  start=$(date +%s.%N)
  "$build/app/cli/hallusql-cli" evaluate --cases "$csv" --db-root "$data/spider/database" --jobs "$jobs" \
    --out "$tmp/out.jsonl" --summary "$tmp/summary.json" --quiet > /dev/null
  end=$(date +%s.%N)
  python3 - "$tmp/summary.json" "$jobs" "$start" "$end" <<'PY'
import json, sys
s = json.load(open(sys.argv[1])); jobs = int(sys.argv[2]); wall = float(sys.argv[4]) - float(sys.argv[3])
n = s["counts"]["cases"]
print(json.dumps({"jobs": jobs, "wall_s": round(wall, 3), "cases": n, "cases_per_s": round(n / wall, 1),
                  "ex_set": s["ex"]["set"], "ex_bag": s["ex"]["bag"], "ex_ordered": s["ex"]["ordered"],
                  "soft_f1": s["soft_f1"]}))
PY
done
