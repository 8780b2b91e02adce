#!/usr/bin/env bash
# Timed CLI runs: how closely `hallusql-cli query --timeout-ms T` keeps its limit on the
# time-limit commands of issue 16 (the statement guard, engine/db/run_guard.h). The claim: the
# limit is kept within 20% (or 200 ms, whichever is larger) whatever one VM step costs, during
# prepare as well as step.
# usage: tests/bench/db/deadline_precision.sh BUILD_DIR [LIMITS_MS...]   (default: 500 1000 2000)
# Runs against a private copy of a Spider database (never the shared file) and prints one
# Markdown row per command and limit: elapsed wall time, peak RSS, exit code, error code, and
# whether the run ended inside the allowance (a run that ends early on another limit - value,
# memory - is inside it too). Run it on an idle machine; the load average is printed first, and the
# CPU time (user + system) of each run shows how much of a slow run was waiting for a CPU.
set -uo pipefail
build=${1:?usage: deadline_precision.sh BUILD_DIR [LIMITS_MS...]}
shift || true
limits=("${@:-500 1000 2000}")
read -r -a limits <<<"${limits[*]}"
cli=$build/app/cli/hallusql-cli
data=${HALLUSQL_SHARED_DATA:-$(cd "$(dirname "$0")/../../../.." && pwd)/shared/data}
src=$data/spider/database/concert_singer/concert_singer.sqlite
if [[ ! -f $src ]]; then
  echo "shared data not found at $data (set HALLUSQL_SHARED_DATA); skipping" >&2
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$src" "$tmp/db.sqlite"
chmod u+w "$tmp/db.sqlite"

terms() {  # terms N TEXT SEP: TEXT repeated N times, joined by SEP
  local n=$1 text=$2 sep=$3 out="" i
  for ((i = 0; i < n; ++i)); do out+="${out:+$sep}$text"; done
  printf '%s' "$out"
}
cte_chain() {  # the 22-CTE chain of issue 16: each CTE uses the previous one twice
  local sql="WITH a0(x) AS (SELECT 1)" i
  for ((i = 1; i <= 21; ++i)); do
    sql+=", a$i(x) AS (SELECT x FROM a$((i - 1)) UNION ALL SELECT x FROM a$((i - 1)))"
  done
  printf '%s SELECT 1 FROM a21 LIMIT 1' "$sql"
}
twelve="(VALUES (1),(2),(3),(4),(5),(6),(7),(8),(9),(10),(11),(12))"

# name|extra options|SQL. The issue's own sizes (250 MB, 200 MB blobs) stop at once on the 32 MiB
# value limit, so each has a variant just under it (30 MB) that runs until the time limit.
commands=(
  "randomblob 250M x40 (issue)||SELECT $(terms 40 'length(randomblob(250000000))' '+')"
  "randomblob 30M x40||SELECT $(terms 40 'length(randomblob(30000000))' '+')"
  "randomblob 30M x100 columns||SELECT $(terms 100 'length(randomblob(30000000))' ', ')"
  "randomblob 250M x40, value limit 1 GB|--max-value-mb 1024 --max-memory-mb 2048|SELECT $(terms 40 'length(randomblob(250000000))' '+')"
  "22-CTE chain (prepare)||$(cte_chain)"
  "count(DISTINCT randomblob 200M) x12 (issue)||SELECT count(DISTINCT randomblob(200000000)) FROM $twelve"
  "count(DISTINCT randomblob 30M) x12||SELECT count(DISTINCT randomblob(30000000)) FROM $twelve"
  "count(DISTINCT randomblob 4M) x400|--max-memory-mb 4096|WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n+1 FROM c WHERE n<400) SELECT count(DISTINCT randomblob(4000000)) FROM c"
  "printf('%.*c', 1e9, 'x')||SELECT printf('%.*c', 1e9, 'x')"
  "printf('%.*c', 3e7, 'x') x100 columns||SELECT $(terms 100 "length(printf('%.*c', 30000000, 'x'))" ', ')"
)

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
echo
echo "| command | limit ms | elapsed ms | over limit | CPU ms | peak RSS MB | exit | code | within |"
echo "|---|---:|---:|---:|---:|---:|---:|---|---|"
fails=0
for entry in "${commands[@]}"; do
  IFS='|' read -r name extra sql <<<"$entry"
  for limit in "${limits[@]}"; do
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %M %U %S' -o "$tmp/time" "$cli" query --db "$tmp/db.sqlite" --timeout-ms "$limit" \
      $extra --sql "$sql" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    read -r secs kb usr sys < <(tail -n 1 "$tmp/time")
    cpu=$(awk -v u="$usr" -v s="$sys" 'BEGIN { printf "%d", (u + s) * 1000 }')
    ms=$(awk -v s="$secs" 'BEGIN { printf "%d", s * 1000 }')
    code=$(grep -o '"code":"[a-z_]*"' "$tmp/err" | head -1 | cut -d'"' -f4)
    [[ -z $code ]] && code="(ok)"
    allowance=$(((limit / 5) > 200 ? limit / 5 : 200))
    over=$((ms - limit))
    within=yes
    if ((over > allowance)); then
      within="NO (+$over ms)"
      fails=$((fails + 1))
    fi
    echo "| $name | $limit | $ms | $over | $cpu | $((kb / 1024)) | $rc | $code | $within |"
  done
done
echo
echo "allowance: max(20% of the limit, 200 ms); runs over it: $fails"
