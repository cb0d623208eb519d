"""test/clients/client_django.py: the Django recipe of doc/snowflake-clients.md.

Runs the doc's blocks as they are: its events/models.py and migration are
written into a scratch project (0001_initial by makemigrations, as an
application would), migrate runs, rows are seeded, the doc's "in use"
block runs, and the checks below read what it made.  Connects through
PGHOST/PGPORT/PGUSER/PGDATABASE, in a schema of its own (dropped at the
end); prints one line per failed check and a closing "django: N passed,
N failed".  Run with Debian's /usr/bin/python3 (python3-django 3.2,
python3-psycopg2).
"""
import importlib
import json
import os
import shutil
from datetime import datetime, timedelta, timezone

import psycopg2

from checks import check, check_minted, doc_blocks, run, scratch, uses_index, write_files

SCHEMA = "client_django"
TOP = 2**63
MAX = 2**64 - 1
DAY = datetime(2026, 5, 31, tzinfo=timezone.utc)  # the doc's window
MIGRATION = "events/migrations/0002_id_default.py"  # written after makemigrations


def main():
    blocks = doc_blocks("Django")
    paths = [p for p, _ in blocks if p]
    check("doc: models.py, a migration and one block in use",
          paths == ["events/models.py", MIGRATION] and len(blocks) == 3,
          [p for p, _ in blocks])

    root = scratch(SCHEMA)
    uses = write_files(root, [b for b in blocks if b[0] != MIGRATION])

    import django
    from django.conf import settings
    settings.configure(
        INSTALLED_APPS=["events"],
        DATABASES={"default": {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": os.environ["PGDATABASE"],
            "HOST": os.environ.get("PGHOST", ""),
            "PORT": os.environ.get("PGPORT", ""),
            "USER": os.environ.get("PGUSER", ""),
        }},
        USE_TZ=True,
        TIME_ZONE="UTC",
        DEFAULT_AUTO_FIELD="django.db.models.BigAutoField",
    )
    django.setup()
    from django.core import serializers
    from django.core.management import call_command
    from django.db import connection

    # What an application does: makemigrations, then the doc's migration.
    call_command("makemigrations", "events", verbosity=0)
    write_files(root, [b for b in blocks if b[0] == MIGRATION])
    importlib.invalidate_caches()
    call_command("migrate", "events", verbosity=0)

    cur = connection.cursor()

    def one(sql, params=()):
        cur.execute(sql, params)
        return cur.fetchone()

    check("the id column: snowflake, DEFAULT gen_snowflake()",
          one("""SELECT format_type(a.atttypid, a.atttypmod), pg_get_expr(d.adbin, d.adrelid)
                 FROM pg_attribute a LEFT JOIN pg_attrdef d ON (d.adrelid, d.adnum) = (a.attrelid, a.attnum)
                 WHERE a.attrelid = 'events_event'::regclass AND a.attname = 'id'""")
          == ("snowflake", "gen_snowflake()"))
    check("a ForeignKey to it: a snowflake column",
          one("""SELECT format_type(atttypid, atttypmod) FROM pg_attribute
                 WHERE attrelid = 'events_comment'::regclass AND attname = 'event_id'""") == ("snowflake",))

    # Rows over 30 days, 1000 a day from 2026-05-17 (the first at each
    # midnight), and statistics, so that the planner picks the index for
    # one day or one id on its own.
    cur.execute("""INSERT INTO events_event (id, payload)
                   SELECT make_snowflake('2026-05-17+00'::timestamptz + g * interval '86.4 s', 1, 0), 'seed'
                   FROM generate_series(0, 29999) g""")
    cur.execute("ANALYZE events_event")

    # The doc's block, with every statement it sends recorded.
    sent = []

    def record(execute, sql, params, many, context):
        sent.append((sql, params))
        return execute(sql, params, many, context)

    ns = {"__name__": "doc_django"}
    with connection.execute_wrapper(record):
        exec(compile(uses[0], "doc/snowflake-clients.md (Django, in use)", "exec"), ns)
        that_day = list(ns["that_day"])
    event, again, last = ns["event"], ns["again"], ns["last"]

    def plan_of(value):
        """EXPLAIN, on the same connection, the last SELECT sent with value
        among its parameters."""
        found = [(s, p) for s, p in sent if s.startswith("SELECT") and value in (p or ())]
        if not found:
            return [f"no SELECT sent with the parameter {value!r}: {sent!r}"]
        sql, params = found[-1]
        cur.execute("EXPLAIN " + sql, params)
        return [r[0] for r in cur.fetchall()]

    # create(): the id minted by gen_snowflake(), an int, just now.
    check_minted("create()", event.id, one, "events_event")

    insert = [s for s, _ in sent if s.startswith('INSERT INTO "events_event"')]
    check("create(): the id left to the DEFAULT, read back by RETURNING",
          insert and '"id"' not in insert[0].split("VALUES")[0] and insert[0].endswith('RETURNING "events_event"."id"'),
          insert[:1])

    # get(id=...): an id as a parameter, on the primary key.
    check("get(id=): the same row, an int", again == event and type(again.id) is int, (again.id, event.id))
    plan = plan_of(str(event.id))
    check("get(id=): an index scan of the primary key", uses_index(plan, "events_event_pkey"), plan)

    # filter(id__within=...): the day's ids, counted apart by their instant.
    cur.execute("SELECT id FROM events_event WHERE snowflake_timestamp(id) >= %s "
                "AND snowflake_timestamp(id) < %s", (DAY, DAY + timedelta(days=1)))
    want = sorted(int(r[0]) for r in cur.fetchall())
    got = sorted(e.id for e in that_day)
    check("within: exactly the day's 1000 ids", got == want and len(want) == 1000, (len(got), len(want)))
    check("within: ids are ints", all(type(e.id) is int for e in that_day))
    plan = plan_of(DAY)
    check("within: an index scan of the primary key", uses_index(plan, "events_event_pkey"), plan)
    plan = ns["that_day"].explain().split("\n")
    check("within: QuerySet.explain() shows the index", uses_index(plan, "events_event_pkey"), plan)

    # Above 2^63: in, back, compared and ordered exactly.
    check("create(id=2**64-1): kept", last.id == MAX and type(last.id) is int, last.id)
    Event = type(event)
    Event.objects.create(id=TOP, payload="top bit")
    got = Event.objects.get(id=MAX)
    check("get(id=2**64-1)", (got.id, got.payload) == (MAX, "the last id"), (got.id, got.payload))
    got = sorted(Event.objects.filter(id__in=[TOP, MAX]).values_list("id", flat=True))
    check("filter(id__in=[2**63, 2**64-1])", got == [TOP, MAX], got)
    got = Event.objects.order_by("-id").values_list("id", flat=True)[:2]
    check("order_by('-id'): unsigned", list(got) == [MAX, TOP], list(got))
    check("2**64-1 in the table, exact", one("SELECT count(*) FROM events_event WHERE id = '18446744073709551615' "
                                              "AND payload = 'the last id'") == (1,))
    last.payload = "saved again"
    last.save()
    check("save() of 2**64-1", Event.objects.get(id=MAX).payload == "saved again")
    comment = last.comment_set.create(body="on the last id")
    got = type(comment).objects.get(event_id=MAX)
    check("a ForeignKey to 2**64-1", (got.event_id, type(got.event_id), got.event.payload)
          == (MAX, int, "saved again"), (got.event_id, type(got.event_id)))
    for bad in (-1, MAX + 1):
        try:
            Event.objects.filter(id=bad).count()
            check(f"filter(id={bad}) refused", False, "sent")
        except ValueError:
            check(f"filter(id={bad}) refused", True)

    # Why the field sends text: an int parameter above 2^63 is a numeric.
    try:
        with connection.cursor() as c:
            c.execute("SELECT count(*) FROM events_event WHERE id = %s", [TOP])
        check("a raw int parameter above 2**63: 42883", False, "no error")
    except Exception as e:
        check("a raw int parameter above 2**63: 42883",
              getattr(getattr(e, "__cause__", None), "pgcode", None) == "42883", repr(e))

    # JSON: the doc's body has the id as a string; Django's serializer
    # writes a number (the doc says so).
    doc = json.loads(ns["body"])
    check("JSON: the id a string, exact", isinstance(doc["id"], str) and int(doc["id"]) == event.id, doc)
    pk = json.loads(serializers.serialize("json", [last]))[0]["pk"]
    check("Django's serializer writes the id as a number", type(pk) is int and pk == MAX, pk)

    cur.close()
    connection.close()
    with psycopg2.connect("") as c, c.cursor() as cur:
        cur.execute(f"DROP SCHEMA {SCHEMA} CASCADE")
    c.close()
    shutil.rmtree(root)


run("django", main)
