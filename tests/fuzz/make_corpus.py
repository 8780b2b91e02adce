#!/usr/bin/env python3
"""Writes the fuzzing seeds for the hostile inputs of issue 16, and (with --large DIR) the
full-size versions used for the before/after measurements.

  tests/fuzz/make_corpus.py                 # refresh the small seeds in tests/fuzz/corpus*/
  tests/fuzz/make_corpus.py --large /tmp/h  # full-size files: 40,000-term chains, 50,000 nested '[',
                                            # a 40 MB line, 2 MB of random bytes, ...
  tests/fuzz/make_corpus.py --workspaces build/dev/app/cli/hallusql-cli
                                            # workspace seeds (corpus-workspace/), made by the CLI

Import seeds start with one byte that picks the importer in fuzz_import.cpp:
0 jsonl, 1 mrsqlgen, 2 drilldown, 3 spider, 4 bird, 5 csv, 6 helpers, 7 the whole file path.
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def chain(first, link, n):
    return first + link * n


def sql_cases(scale):
    n = 40000 if scale else 1200
    return {
        "hostile_chain_plus.sql": chain("SELECT 1", "+1", n),
        "hostile_chain_and.sql": chain("SELECT 1 WHERE 1", " AND 1", n),
        "hostile_chain_or.sql": chain("SELECT 1 WHERE 1", " OR 1", n),
        "hostile_chain_concat.sql": chain("SELECT 'a'", "||'a'", n),
        "hostile_chain_union.sql": chain("SELECT 1", " UNION SELECT 1", n),
        "hostile_chain_join.sql": chain("SELECT 1 FROM t0", " JOIN t", n),
        "hostile_nested_parens.sql": "SELECT " + "(" * (n // 4) + "1" + ")" * (n // 4),
        "hostile_nested_chains.sql": "SELECT " + "(" * 30 + ("1" + "*2" * 30 + ")" + " OR 1" * 30) * 30,
        "hostile_ctes.sql": "WITH a0(x) AS (SELECT 1), "
        + ", ".join(f"a{i}(x) AS (SELECT x FROM a{i-1} UNION ALL SELECT x FROM a{i-1})" for i in range(1, 22))
        + " SELECT 1 FROM a21 LIMIT 1",
        "hostile_randomblob.sql": "SELECT " + "+".join(["length(randomblob(250000000))"] * 40),
        "hostile_printf.sql": "SELECT printf('%.*c', 1e9, 'x')",
        "hostile_in_list.sql": "SELECT 1 WHERE x IN (" + ",".join(str(i) for i in range(200000 if scale else 2000)) + ")",
        "hostile_bom.sql": "\ufeffSELECT 1",
        "hostile_nul.sql": "SELECT 1\x00 + 2",
        "hostile_with_delete.sql": "WITH x AS (SELECT 1) DELETE FROM t",
    }


def import_cases(scale):
    deep = 50000 if scale else 3000
    rnd = random.Random(16)
    random_bytes = bytes(rnd.getrandbits(8) for _ in range(2_000_000 if scale else 4096))
    drill = ('[{"path": [{"question": "q", "db_id": "d", "SQL": "SELECT 1", "hallucination": '
             + "[" * deep + "]" * deep + "}]}]")
    return {
        "hostile_drilldown_deep.json": b"\x02" + drill.encode(),
        "hostile_drilldown_deep_auto.json": b"\x07" + drill.encode(),
        "hostile_jsonl_types.jsonl": b"\x00" + b'{"db_id": 7, "question": "q", "gold_sql": "SELECT 1"}\n'
        b'{"db_id": "d", "question": "q", "gold_sql": 12.5}\n',
        "hostile_jsonl_deep.jsonl": b"\x00" + b'{"x": ' + b"[" * deep + b"]" * deep + b"}\n",
        "hostile_random.bin": b"\x07" + random_bytes,
        "hostile_random_spider.bin": b"\x03" + random_bytes,
        "hostile_many_warnings.sql": b"\x07" + b"".join(b"SELECT %d\n" % i for i in range(500)),
        "hostile_bom.jsonl": b"\x07" + "\ufeff".encode() + b'{"db_id": "d", "gold_sql": "SELECT 1", "pred_sql": "SELECT 2"}\n',
        "seed_spider.json": b"\x03" + b'[{"db_id": "d", "question": "q", "query": "SELECT 1"}]',
        "seed_spider_lines.sql": b"\x03" + b"SELECT 1\td\nSELECT 2\td\n",
        "seed_bird.json": b"\x04" + b'[{"question_id": 1, "db_id": "d", "question": "q", "evidence": "", "SQL": "SELECT 1"}]',
        "seed_csv.csv": b"\x05" + b'NLQ,PREDICTED SQL,GOLD SQL,DATABASE\n"q ""x""",SELECT 1,SELECT 1,d\n',
        "seed_mrsqlgen.jsonl": b"\x01" + b'{"query": "SELECT 1", "predict": "SELECT 2", "db_id": "d", '
        b'"hallucinations_type": "Operator Misuse", "sub_hallucinations_type": ["C1", "LIMIT Error"]}\n',
        "seed_drilldown.json": b"\x02" + b'[{"path": [{"question": "q", "db_id": "d", "SQL": "SELECT 1", '
        b'"predicted_query": "SELECT 2", "hallucination": [["Schema Contradiction: x", "m"], [["Clause Abuse", "n"]]]}]}]',
    }


def llm_cases():
    return {
        "hostile_empty.txt": "",
        "hostile_with_delete.txt": "```sql\nWITH x AS (SELECT 1) DELETE FROM t;\n```",
        "hostile_think.txt": "<think>SELECT nothing</think>\nSQL: SELECT name FROM singer",
        "hostile_two_fences.txt": "```sql\nDROP TABLE t;\n```\n```\nSELECT 1; SELECT 2\n```",
        "hostile_unclosed_fence.txt": "Here you go:\n```sql\nSELECT " + "(" * 3000,
        "seed_plain.txt": "SELECT count(*) FROM singer",
    }


def workspace_cases(cli):
    """Seeds for fuzz_workspace: two real workspaces made by `cli` (an empty one, one holding an
    evaluated run), shrunk to 512-byte pages, and hostile variants of them."""
    import shutil
    import sqlite3
    import subprocess
    import tempfile

    tmp = tempfile.mkdtemp()
    try:
        empty = os.path.join(tmp, "empty.hallusql")
        subprocess.run([cli, "workspace", "--create", empty], check=True, stdout=subprocess.DEVNULL)
        cases = os.path.join(tmp, "cases.jsonl")
        with open(cases, "w") as f:
            f.write('{"db_id": "d", "question": "How many?", "gold_sql": "SELECT count(*) FROM t", '
                    '"pred_sql": "SELECT count(*) FROM t WHERE x > 1"}\n'
                    '{"db_id": "d", "question": "Names?", "gold_sql": "SELECT x FROM t", "pred_sql": "SELECT y FROM t"}\n')
        os.makedirs(os.path.join(tmp, "db", "d"))
        con = sqlite3.connect(os.path.join(tmp, "db", "d", "d.sqlite"))
        con.executescript("CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (1), (2), (3);")
        con.close()
        run = os.path.join(tmp, "run.hallusql")
        subprocess.run([cli, "evaluate", "--cases", cases, "--db-root", os.path.join(tmp, "db"), "--out",
                        os.path.join(tmp, "out.jsonl"), "--workspace", run, "--quiet"],
                       check=True, stdout=subprocess.DEVNULL)

        def variant(src, name, sql=None, edit=None):
            path = os.path.join(tmp, name)
            shutil.copy(src, path)
            con = sqlite3.connect(path, isolation_level=None)
            con.executescript("PRAGMA journal_mode = DELETE; PRAGMA page_size = 512; VACUUM;")
            if sql:
                con.executescript(sql)
            if not (sql and "journal_mode" in sql):
                con.execute("PRAGMA journal_mode = WAL")
            con.close()
            with open(path, "rb") as f:
                data = f.read()
            return edit(data) if edit else data

        deep = "[" * 600 + "]" * 600  # past the bounded reader's 200 levels
        out = {
            "seed_empty.hallusql": variant(empty, "a"),
            "seed_run.hallusql": variant(run, "b"),
            "hostile_trigger.hallusql": variant(run, "c", "CREATE TRIGGER wipe AFTER INSERT ON llm_calls "
                                                "BEGIN DELETE FROM llm_calls; END;"),
            "hostile_view.hallusql": variant(run, "d", "CREATE VIEW v AS SELECT * FROM runs;"),
            "hostile_unknown_table.hallusql": variant(empty, "e", "CREATE TABLE extra(x);"),
            "hostile_newer_version.hallusql": variant(empty, "f", "PRAGMA user_version = 99;"),
            "hostile_other_application.hallusql": variant(empty, "g", "PRAGMA application_id = 0;"),
            "hostile_rollback_journal.hallusql": variant(run, "h", "PRAGMA journal_mode = DELETE;"),
            "hostile_deep_json.hallusql": variant(run, "i", "PRAGMA ignore_check_constraints = 1;"
                                                  f"UPDATE runs SET settings_json = '{deep}';"
                                                  f"UPDATE executions SET columns_json = '{deep}', rows_json = '{deep}';"
                                                  f"UPDATE findings SET spans_json = '{deep}';"
                                                  f"UPDATE case_scores SET risk_reasons_json = '{deep}', diff_json = '{deep}';"),
            "hostile_truncated.hallusql": variant(run, "j", edit=lambda d: d[: len(d) // 3]),
            "hostile_truncated_header.hallusql": variant(run, "k", edit=lambda d: d[:100]),
            "hostile_empty.hallusql": b"",
            "hostile_not_sqlite.hallusql": b"SQLite format 2\x00" + bytes(range(256)) * 8,
        }
        return out
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def annotate_cases():
    """fuzz_annotate seeds: prediction NUL gold NUL question, one per family of C-type rule (on the
    target's singer/concert schema), plus a hostile chain."""
    pairs = {
        "column.txt": ("SELECT Name, Age FROM singer", "SELECT Name FROM singer", "List the singers' names."),
        "operator.txt": ("SELECT Name FROM singer WHERE Age >= 30", "SELECT Name FROM singer WHERE Age > 30",
                         "Singers older than 30?"),
        "value.txt": ("SELECT count(*) FROM singer WHERE Country = 'france'",
                      "SELECT count(*) FROM singer WHERE Country = 'France'", "How many singers are from France?"),
        "route.txt": ("SELECT Name FROM singer WHERE Singer_ID IN (SELECT Singer_ID FROM concert)",
                      "SELECT DISTINCT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID = T2.Singer_ID",
                      "Singers with a concert?"),
        "intersect_or.txt": ("SELECT Name FROM singer WHERE Country = 'France' OR Country = 'Italy'",
                             "SELECT Name FROM singer WHERE Country = 'France' INTERSECT "
                             "SELECT Name FROM singer WHERE Country = 'Italy'", "Names used in France and Italy?"),
        "maxsub_limit.txt": ("SELECT Name FROM singer ORDER BY Age DESC LIMIT 1",
                             "SELECT Name FROM singer WHERE Age = (SELECT max(Age) FROM singer)", "Oldest singer?"),
        "group.txt": ("SELECT Country, count(*) FROM singer", "SELECT Country, count(*) FROM singer GROUP BY Country",
                      "How many singers per country?"),
        "distinct.txt": ("SELECT Country FROM singer", "SELECT DISTINCT Country FROM singer", "Different countries?"),
        "order.txt": ("SELECT Name FROM singer ORDER BY Age", "SELECT Name FROM singer ORDER BY Age DESC",
                      "Names from the oldest?"),
        "join_off_key.txt": ("SELECT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Age = T2.Year",
                             "SELECT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID = T2.Singer_ID", ""),
        "cte_linked.txt": ("WITH s AS (SELECT * FROM singer) SELECT Name FROM s WHERE Singer_ID = "
                           "(SELECT Singer_ID FROM concert ORDER BY Year LIMIT 1)",
                           "SELECT T1.Name FROM singer AS T1 JOIN concert AS T2 ON T1.Singer_ID = T2.Singer_ID "
                           "ORDER BY T2.Year LIMIT 1", "Who sang first?"),
        "broken.txt": ("SELEC Name FRM singer WHERE", "SELECT Name FROM singer", "Names?"),
    }
    out = {k: "\0".join(v) for k, v in pairs.items()}
    out["pred_only.txt"] = "SELECT count(*) FROM singer"
    out["hostile_chain_and.txt"] = chain("SELECT Name FROM singer WHERE Age > 1", " AND Age > 1", 1200) + \
        "\0SELECT Name FROM singer\0How many?"
    return out


def write(folder, files):
    os.makedirs(folder, exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(folder, name), "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--large":
        out = sys.argv[2]
        write(out, sql_cases(True))
        write(out, {k: v[1:] for k, v in import_cases(True).items()})  # without the selector byte
        write(out, {"hostile_long_line.sql": b"SELECT " + b"1" * 40_000_000 + b"\n"})
        return
    if len(sys.argv) == 3 and sys.argv[1] == "--workspaces":
        write(os.path.join(HERE, "corpus-workspace"), workspace_cases(sys.argv[2]))
        return
    write(os.path.join(HERE, "corpus"), sql_cases(False))
    write(os.path.join(HERE, "corpus-import"), import_cases(False))
    write(os.path.join(HERE, "corpus-llm"), llm_cases())
    write(os.path.join(HERE, "corpus-annotate"), annotate_cases())


if __name__ == "__main__":
    main()
