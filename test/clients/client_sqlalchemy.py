"""test/clients/client_sqlalchemy.py: the SQLAlchemy recipe of doc/snowflake-clients.md.

Runs the doc's blocks as they are: its events/models.py is written into a
scratch package, the block that makes the table runs, rows are seeded,
the doc's "in use" block runs, and the checks below read what it made.
Connects through PGHOST/PGPORT/PGUSER/PGDATABASE, in a schema of its own
(dropped at the end); prints one line per failed check and a closing
"sqlalchemy: N passed, N failed".  Run with Debian's /usr/bin/python3
(python3-sqlalchemy 1.4, python3-psycopg2).
"""
import json
import os
import shutil
from datetime import datetime, timedelta, timezone

import psycopg2

from checks import check, check_minted, doc_blocks, run, scratch, uses_index, write_files

SCHEMA = "client_sqlalchemy"
TOP = 2**63
MAX = 2**64 - 1
DAY = datetime(2026, 5, 31, tzinfo=timezone.utc)  # the doc's window


def main():
    blocks = doc_blocks("SQLAlchemy")
    check("doc: models.py, the table, one block in use",
          [p for p, _ in blocks] == ["events/models.py", None, None], [p for p, _ in blocks])

    root = scratch(SCHEMA)
    table, use = write_files(root, blocks)

    ns = {"__name__": "doc_sqlalchemy"}
    exec(compile(table, "doc/snowflake-clients.md (SQLAlchemy, the table)", "exec"), ns)
    engine = ns["engine"]

    from sqlalchemy import event as sa_event, select
    from sqlalchemy.exc import DBAPIError
    from sqlalchemy.orm import Session

    with engine.begin() as conn:
        def one(sql, params=None):
            return tuple(conn.exec_driver_sql(sql, params).fetchone())

        check("the id column: snowflake, DEFAULT gen_snowflake()",
              one("""SELECT format_type(a.atttypid, a.atttypmod), pg_get_expr(d.adbin, d.adrelid)
                     FROM pg_attribute a LEFT JOIN pg_attrdef d ON (d.adrelid, d.adnum) = (a.attrelid, a.attnum)
                     WHERE a.attrelid = 'events'::regclass AND a.attname = 'id'""")
              == ("snowflake", "gen_snowflake()"))
        # Rows over 30 days, 1000 a day from 2026-05-17 (the first at each
        # midnight), and statistics, so that the planner picks the index
        # for one day or one id on its own.
        conn.exec_driver_sql("""INSERT INTO events (id, payload)
                   SELECT make_snowflake('2026-05-17+00'::timestamptz + g * interval '86.4 s', 1, 0), 'seed'
                   FROM generate_series(0, 29999) g""")
        conn.exec_driver_sql("ANALYZE events")

    # The doc's block, with every statement it sends recorded.
    sent = []

    @sa_event.listens_for(engine, "before_cursor_execute")
    def record(conn, cursor, statement, parameters, context, executemany):
        sent.append((statement, parameters))

    exec(compile(use, "doc/snowflake-clients.md (SQLAlchemy, in use)", "exec"), ns)
    sa_event.remove(engine, "before_cursor_execute", record)
    Event = ns["Event"]

    with Session(engine) as session:
        conn = session.connection()

        def one(sql, params=None):
            return tuple(conn.exec_driver_sql(sql, params).fetchone())

        def plan_of(value):
            """EXPLAIN, through the engine, the last SELECT sent with value
            among its parameters."""
            found = [(s, p) for s, p in sent if s.startswith("SELECT") and value in p.values()]
            if not found:
                return [f"no SELECT sent with the parameter {value!r}: {sent!r}"]
            sql, params = found[-1]
            return [r[0] for r in conn.exec_driver_sql("EXPLAIN " + sql, params)]

        # commit(): the id minted by gen_snowflake(), an int, just now.
        event = ns["event"]
        check_minted("commit()", event.id, one, "events")

        insert = [s for s, _ in sent if s.startswith("INSERT INTO events")]
        check("commit(): the id left to the DEFAULT, read back by RETURNING",
              insert and insert[0].startswith("INSERT INTO events (payload) VALUES")
              and insert[0].endswith("RETURNING events.id"), insert[:1])

        # where(Event.id == ...): an id as a parameter, on the primary key.
        again = ns["again"]
        check("where(id ==): the same row, an int", again.id == event.id and type(again.id) is int,
              (again.id, event.id))
        plan = plan_of(str(event.id))
        check("where(id ==): an index scan of the primary key", uses_index(plan, "events_pkey"), plan)

        # within(): the day's ids, listed apart by their instant.
        that_day = ns["that_day"]
        want = sorted(int(r[0]) for r in conn.exec_driver_sql(
            "SELECT id::text FROM events WHERE snowflake_timestamp(id) >= %s AND snowflake_timestamp(id) < %s",
            (DAY, DAY + timedelta(days=1))))
        got = sorted(e.id for e in that_day)
        check("within: exactly the day's 1000 ids", got == want and len(want) == 1000, (len(got), len(want)))
        check("within: ids are ints", all(type(e.id) is int for e in that_day))
        plan = plan_of(DAY)
        check("within: an index scan of the primary key", uses_index(plan, "events_pkey"), plan)

        # Above 2^63: in, back, compared and ordered exactly.
        last = ns["last"]
        check("Event(id=2**64-1): kept", last.id == MAX and type(last.id) is int, last.id)
        session.add(Event(id=TOP, payload="top bit"))
        session.add_all([Event(payload=f"more {i}") for i in range(3)])
        session.flush()
        got = session.scalars(select(Event.id).where(Event.payload.like("more %"))).all()
        check("add_all(): three minted ids, ints", len(got) == 3 and all(type(i) is int for i in got), got)
        got = session.execute(select(Event.id, Event.payload).where(Event.id == MAX)).all()
        check("where(id == 2**64-1)", [tuple(r) for r in got] == [(MAX, "the last id")], got)
        got = sorted(session.scalars(select(Event.id).where(Event.id.in_([TOP, MAX]))).all())
        check("where(id.in_([2**63, 2**64-1]))", got == [TOP, MAX], got)
        got = session.scalars(select(Event.id).order_by(Event.id.desc()).limit(2)).all()
        check("order_by(id.desc()): unsigned", got == [MAX, TOP], got)
        check("2**64-1 in the table, exact", one("SELECT count(*) FROM events WHERE id = '18446744073709551615' "
                                                  "AND payload = 'the last id'") == (1,))
        for bad in (-1, MAX + 1):
            try:
                session.execute(select(Event.id).where(Event.id == bad)).all()
                check(f"where(id == {bad}) refused", False, "sent")
            except Exception as e:  # SQLAlchemy wraps the type's ValueError
                check(f"where(id == {bad}) refused", "is not a snowflake id" in str(e), repr(e))
        session.rollback()

        # Why the type sends text: an int parameter above 2^63 is a numeric.
        try:
            session.connection().exec_driver_sql("SELECT count(*) FROM events WHERE id = %s", (TOP,))
            check("a raw int parameter above 2**63: 42883", False, "no error")
        except DBAPIError as e:
            check("a raw int parameter above 2**63: 42883", getattr(e.orig, "pgcode", None) == "42883", repr(e))
        session.rollback()

    doc = json.loads(ns["body"])
    check("JSON: the id a string, exact", isinstance(doc["id"], str) and int(doc["id"]) == event.id, doc)

    engine.dispose()
    with psycopg2.connect("") as c, c.cursor() as cur:
        cur.execute(f"DROP SCHEMA {SCHEMA} CASCADE")
    c.close()
    shutil.rmtree(root)


run("sqlalchemy", main)
