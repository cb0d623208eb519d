"""test/clients/checks.py: what the Python clients share: a count of checks,
one line per failed one, and the closing "NAME: N passed, N failed" that
test/check reads (a crash of the client's main counts as a failure); and
the reading of doc/snowflake-clients.md's recipes, which the Django and
SQLAlchemy clients run as they are."""

import os
import re
import sys

passed = 0
failed = 0


def check(name, ok, detail=None):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail!r}")


def run(client, main):
    global failed
    try:
        main()
    except Exception as e:  # a crash is a failure, reported like the rest
        failed += 1
        print(f"FAIL {client}: {type(e).__name__}: {e}")
    print(f"{client}: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


# ---- the recipes of doc/snowflake-clients.md ---------------------------

DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "doc", "snowflake-clients.md")


def doc_blocks(heading):
    """The ```python blocks of doc/snowflake-clients.md under the line
    "### HEADING", up to the next heading of level 1 to 3, in order: a
    list of (path, code), path being the file a block's first line names
    ("# events/models.py") or None for a block that runs as it is."""
    with open(DOC, encoding="utf-8") as f:
        lines = f.read().split("\n")
    try:
        start = lines.index(f"### {heading}")
    except ValueError:
        raise RuntimeError(f"doc/snowflake-clients.md has no '### {heading}' section")
    blocks = []
    i = start + 1
    while i < len(lines) and not re.match(r"^#{1,3} ", lines[i]):
        if lines[i].strip() == "```python":
            j = lines.index("```", i + 1)
            code = "\n".join(lines[i + 1:j]) + "\n"
            m = re.match(r"^# (\S+\.py)\n", code)
            blocks.append((m.group(1) if m else None, code))
            i = j
        i += 1
    return blocks


def check_minted(label, id_, one, table):
    """The id of the row 'signed up' in table, read back by the library
    after its insert (label): an int, the row's, minted within a minute."""
    check(f"{label}: the id is an int", type(id_) is int, type(id_))
    row = one(f"SELECT id::text, now() - snowflake_timestamp(id) < interval '1 minute' FROM {table} "
              "WHERE payload = 'signed up'")
    check(f"{label}: the id is the row's, minted now", row == (str(id_), True), (row, id_))


def scratch(schema):
    """A schema of the client's own, dropped and made again, first in the
    search path of every connection (the tables, django_migrations too, go
    there); and a scratch directory on sys.path for the doc's files."""
    import psycopg2
    import tempfile
    with psycopg2.connect("") as c, c.cursor() as cur:
        cur.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}")
    c.close()
    os.environ["PGOPTIONS"] = f"-c search_path={schema},public"
    root = tempfile.mkdtemp()
    sys.path.insert(0, root)
    return root


def write_files(root, blocks):
    """Write the blocks that name a file under root, with the packages'
    __init__.py; return the blocks that run as they are."""
    rest = []
    for path, code in blocks:
        if path is None:
            rest.append(code)
            continue
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        d = os.path.dirname(path)
        while d:
            open(os.path.join(root, d, "__init__.py"), "a").close()
            d = os.path.dirname(d)
        with open(full, "w", encoding="utf-8") as f:
            f.write(code)
    return rest


def uses_index(plan, index):
    """Whether an EXPLAIN's lines read the table through index INDEX."""
    text = "\n".join(plan)
    return re.search(rf"(Index Scan|Index Only Scan) using {index} |Bitmap Index Scan on {index}\b",
                     text) is not None
