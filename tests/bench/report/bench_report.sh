#!/usr/bin/env bash
# Timed CLI run: `hallusql-cli report` in each format (html, pdf, csv, jsonl) on
#  1. the GPT-4 DIN-SQL Spider dev run (1,034 cases), imported and evaluated into a scratch workspace
#     with `evaluate --workspace`;
#  2. 10,000 synthetic cases: the same predictions repeated (new ids) until 10,000, evaluated the
#     same way (so the report has real outcomes, findings and spans).
# usage: tests/bench/report/bench_report.sh BUILD_DIR [FORMATS...]   (default: html pdf csv jsonl)
# Prints one JSON line per report: cases, format, wall seconds, peak memory (MiB, /usr/bin/time -v),
# file size (bytes); and one line per evaluation (the set-up, not the benchmark).
# A PDF needs Chromium (skipped with a note when absent). Keep the scratch folder with KEEP=1.
set -euo pipefail
build=${1:?usage: bench_report.sh BUILD_DIR [FORMATS...]}
shift || true
formats=("${@:-html pdf csv jsonl}")
read -r -a formats <<< "${formats[*]}"
cli=$build/app/cli/hallusql-cli
data=${HALLUSQL_SHARED_DATA:-$(cd "$(dirname "$0")/../../../.." && pwd)/shared/data}
csv=$data/predictions/spider_dev/gpt4_DIN-SQL.csv
if [[ ! -f $csv ]]; then
  echo "shared data not found at $data (set HALLUSQL_SHARED_DATA); skipping" >&2
  exit 0
fi
if [[ ! -x /usr/bin/time ]]; then
  echo "/usr/bin/time not installed (apt-get install time); skipping" >&2
  exit 0
fi
tmp=$(mktemp -d)
if [[ ${KEEP:-0} == 1 ]]; then echo "scratch folder: $tmp" >&2; else trap 'rm -rf "$tmp"' EXIT; fi

# 10,000 synthetic cases in the generic JSONL shape, from the GPT-4 rows repeated.
python3 - "$csv" "$tmp/synthetic.jsonl" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], encoding="utf-8", errors="replace")))
with open(sys.argv[2], "w") as out:
    for i in range(10000):
        r = rows[i % len(rows)]
        out.write(json.dumps({"id": f"synthetic:{i}", "db_id": r["DATABASE"].strip(), "question": r["NLQ"],
                              "gold_sql": r["GOLD SQL"], "pred_sql": r["PREDICTED SQL"], "model": "gpt-4"}) + "\n")
PY

setup() {  # name cases-file workspace
  local start end
  start=$(date +%s.%N)
  "$cli" evaluate --cases "$2" --db-root "$data/spider/database" --jobs 2 --workspace "$3" --run-name "$1" \
    --out "$tmp/$1.jsonl" --quiet > /dev/null
  end=$(date +%s.%N)
  python3 -c "import json,sys; print(json.dumps({'setup': 'evaluate --workspace', 'run': sys.argv[1], 'wall_s': round(float(sys.argv[3]) - float(sys.argv[2]), 2)}))" \
    "$1" "$start" "$end"
}

measure() {  # run workspace format
  local out=$tmp/$1-report.$3
  if [[ $3 == pdf ]] && ! command -v chromium > /dev/null && ! command -v chromium-browser > /dev/null \
    && [[ -z ${HALLUSQL_CHROMIUM:-} ]]; then
    echo "{\"run\": \"$1\", \"format\": \"pdf\", \"skipped\": \"no chromium\"}"
    return
  fi
  local status=0
  /usr/bin/time -v -o "$tmp/time.txt" "$cli" report --workspace "$2" --run "$1" --format "$3" --out "$out" \
    > "$tmp/report.json" 2> "$tmp/report.err" || status=$?
  python3 - "$tmp/time.txt" "$tmp/report.json" "$out" "$3" "$status" "$tmp/report.err" "$1" <<'PY'
import json, os, re, sys
t = open(sys.argv[1]).read()
if sys.argv[5] != "0":  # the report failed: say how, with the time and memory it took
    err = open(sys.argv[6]).read().strip().splitlines()
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", t).group(1).split(":")
    print(json.dumps({"run": sys.argv[7], "format": sys.argv[4], "failed": json.loads(err[-1])["error"]["message"] if err else "exit " + sys.argv[5],
                      "wall_s": round(sum(float(x) * 60 ** i for i, x in enumerate(reversed(wall))), 2)}))
    sys.exit(0)
wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", t).group(1).split(":")
secs = sum(float(x) * 60 ** i for i, x in enumerate(reversed(wall)))
rss_kib = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", t).group(1))
r = json.load(open(sys.argv[2]))
print(json.dumps({"run": r["run"], "cases": r["cases"], "format": sys.argv[4], "wall_s": round(secs, 2),
                  "peak_rss_mib": round(rss_kib / 1024, 1), "bytes": os.path.getsize(sys.argv[3])}))
PY
}

setup gpt4 "$csv" "$tmp/gpt4.hallusql"
for f in "${formats[@]}"; do measure gpt4 "$tmp/gpt4.hallusql" "$f"; done
setup synthetic "$tmp/synthetic.jsonl" "$tmp/synthetic.hallusql"
for f in "${formats[@]}"; do measure synthetic "$tmp/synthetic.hallusql" "$f"; done
