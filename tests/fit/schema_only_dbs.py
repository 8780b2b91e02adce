"""Empty SQLite databases with BIRD's schemas (tests/fit/HISTORY.md): BIRD mini-dev ships its
schemas in dev_tables.json (Spider-style: tables, columns, declared types, primary and foreign keys)
but not its databases, so the question cues that read the schema (`cue_key_for_name`) would be 0 on
the cue training data. Python 3 standard library only.
"""
import json
import os
import sqlite3


def _quote(name):
    return '"%s"' % name.replace('"', '""')


def build_schema_only_dbs(tables_path, root):
    """One EMPTY SQLite database per BIRD db of dev_tables.json (Spider-style: tables, columns,
    declared types, primary keys, foreign keys), at root/<db_id>/<db_id>.sqlite: CREATE TABLE with
    the columns and their declared types, a PRIMARY KEY clause (composite keys too) and one FOREIGN
    KEY clause per declared pair; no rows. The schema-reading cues see BIRD's keys this way; the
    data-dependent features of such a run (empty result, absent values) are meaningless and never
    used (SCHEMA_CUES)."""
    with open(tables_path, encoding="utf-8") as f:
        dbs = json.load(f)
    for db in dbs:
        names, cols, types = db["table_names_original"], db["column_names_original"], db["column_types"]
        pks = {}
        for pk in db["primary_keys"]:
            group = pk if isinstance(pk, list) else [pk]
            pks.setdefault(cols[group[0]][0], []).append(group)
        fks = {}
        for a, b in db["foreign_keys"]:
            fks.setdefault(cols[a][0], []).append((cols[a][1], names[cols[b][0]], cols[b][1]))
        statements = []
        for t, table in enumerate(names):
            parts = ["%s %s" % (_quote(c), types[i].upper()) for i, (ti, c) in enumerate(cols) if ti == t]
            for group in pks.get(t, [])[:1]:  # one PRIMARY KEY clause per table
                parts.append("PRIMARY KEY (%s)" % ", ".join(_quote(cols[i][1]) for i in group))
            for c, rt, rc in fks.get(t, []):
                parts.append("FOREIGN KEY (%s) REFERENCES %s (%s)" % (_quote(c), _quote(rt), _quote(rc)))
            statements.append("CREATE TABLE %s (\n  %s\n)" % (_quote(table), ",\n  ".join(parts)))
        folder = os.path.join(root, db["db_id"])
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, db["db_id"] + ".sqlite")
        if os.path.exists(path):
            os.remove(path)
        con = sqlite3.connect(path)
        for st in statements:
            con.execute(st)
        con.commit()
        con.close()
    return len(dbs)
