"""test/clients/client_psycopg.py: psycopg 3 against snowflake.

Connects through PGHOST/PGPORT/PGUSER/PGDATABASE; prints one line per failed
check and a closing "psycopg: N passed, N failed".  Run with Debian's
/usr/bin/python3 (python3-psycopg).

psycopg 3 does not know the type: an id comes back as str in text format
and as the raw 8 bytes (network byte order, unsigned) in binary format.
register_snowflake() below is the optional adapter: ids come back as a
Python int, in either format, and a Snowflake (an int) is sent as the type
itself, in text or binary, so it needs no cast and binary COPY can write
it.
"""
import sys

import psycopg
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

MAX = 2**64 - 1
TOP = 2**63  # the first id with the top bit set: must never turn negative

from checks import check, run


# ---- the optional adapter ----------------------------------------------

class Snowflake(int):
    """An id, sent as the snowflake type (once register_snowflake ran)."""


def _checked(obj):
    value = int(obj)
    if not 0 <= value <= MAX:
        raise ValueError(f"{value} is not a snowflake id (0 to {MAX})")
    return value


class SnowflakeLoader(Loader):
    def load(self, data):
        return int(bytes(data))


class SnowflakeBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data):
        return int.from_bytes(data, "big")  # unsigned: never negative


def register_snowflake(context):
    """Ids as int in results, Snowflake sent as the type; context is a
    connection or a cursor."""
    info = TypeInfo.fetch(context if isinstance(context, psycopg.Connection) else context.connection,
                          "snowflake")
    if info is None:
        raise RuntimeError("the snowflake extension is not installed")
    info.register(context)

    class SnowflakeDumper(Dumper):
        oid = info.oid

        def dump(self, obj):
            return str(_checked(obj)).encode()

    class SnowflakeBinaryDumper(Dumper):
        format = Format.BINARY
        oid = info.oid

        def dump(self, obj):
            return _checked(obj).to_bytes(8, "big")

    context.adapters.register_dumper(Snowflake, SnowflakeDumper)
    context.adapters.register_dumper(Snowflake, SnowflakeBinaryDumper)
    context.adapters.register_loader(info.oid, SnowflakeLoader)
    context.adapters.register_loader(info.oid, SnowflakeBinaryLoader)
    return info.oid


# ---- the checks --------------------------------------------------------

VALUES = ["0", "319545566822428714", "9223372036854775807", str(TOP), str(MAX)]


def defaults(conn):
    """Without the adapter: str in text, the 8 raw bytes in binary."""
    cur = conn.cursor()
    cur.execute("SELECT v::snowflake FROM unnest(%s::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n",
                (VALUES,))
    got = [r[0] for r in cur.fetchall()]
    check("text: ids are str", all(isinstance(g, str) for g in got), got)
    check("text: ids are exact, above 2^63 too", got == VALUES, got)

    bcur = conn.cursor(binary=True)
    bcur.execute("SELECT v::snowflake FROM unnest(%s::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n",
                 (VALUES,))
    raw = [bytes(r[0]) for r in bcur.fetchall()]
    check("binary: 8 bytes each", all(len(b) == 8 for b in raw), raw)
    check("binary: network byte order, unsigned",
          [str(int.from_bytes(b, "big")) for b in raw] == VALUES, raw)
    check("binary: 2^64-1 is eight 0xff", raw[-1] == b"\xff" * 8, raw[-1])

    # Text parameters (%s: a str goes with the unknown type, so the server
    # takes it for a snowflake), a branded string, and binary ones (%b: a
    # str goes as text, so it needs the cast).
    cur.execute("CREATE TEMP TABLE ev (id snowflake PRIMARY KEY, payload text)")
    cur.execute("INSERT INTO ev VALUES (%s, %s), (%s, %s), (%s, %s)",
                ("319545566822428714", "a", str(TOP), "top bit", str(MAX), "max"))
    cur.execute("SELECT payload FROM ev WHERE id = %s", (str(TOP),))
    check("text parameter, above 2^63", cur.fetchall() == [("top bit",)])
    cur.execute("SELECT payload FROM ev WHERE id = %s", ("EVT0NbWMtkosp8",))
    check("branded text parameter", cur.fetchall() == [("a",)])
    cur.execute("SELECT snowflake_unbrand(%s, 'EVT')", ("EVT0NbWMtkosp8",))
    check("snowflake_unbrand(%s, 'EVT')", cur.fetchone()[0] == "319545566822428714")
    cur.execute("SELECT payload FROM ev WHERE id = %b::snowflake", (str(MAX),))
    check("binary str parameter with ::snowflake", cur.fetchall() == [("max",)])
    cur.execute("SELECT count(*) FROM ev WHERE id <@ %s::tstzrange",
                ("[2026-05-31 18:40:00+00, 2026-05-31 18:40:00.001+00)",))
    check("text range parameter into <@", cur.fetchone()[0] == 1)

    # A minted id round-trips as a str.
    cur.execute("SELECT gen_snowflake()")
    minted = cur.fetchone()[0]
    cur.execute("SELECT %s::snowflake::text = %s", (minted, minted))
    check("minted id round-trips as str", isinstance(minted, str) and cur.fetchone()[0] is True, minted)

    # COPY in text format: rows of str in, str out.
    cur.execute("CREATE TEMP TABLE ct (id snowflake)")
    with cur.copy("COPY ct FROM STDIN") as copy:
        for v in VALUES + [None]:
            copy.write_row((v,))
    with cur.copy("COPY ct TO STDOUT") as copy:
        rows = [r[0] for r in copy.rows()]
    check("text COPY round trip", rows == VALUES + [None], rows)

    # COPY out in binary format without the adapter: the raw bytes.
    with cur.copy("COPY ct TO STDOUT (FORMAT binary)") as copy:
        rows = [r[0] for r in copy.rows()]
    check("binary COPY out: raw bytes",
          [None if r is None else str(int.from_bytes(r, "big")) for r in rows] == VALUES + [None], rows)


def adapted(conn):
    """With register_snowflake: int in both formats, Snowflake sent as the type."""
    oid = register_snowflake(conn)
    cur = conn.cursor()
    bcur = conn.cursor(binary=True)
    want = [int(v) for v in VALUES]
    for name, c in (("text", cur), ("binary", bcur)):
        c.execute("SELECT v::snowflake FROM unnest(%s::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n",
                  (VALUES,))
        got = [r[0] for r in c.fetchall()]
        check(f"adapter, {name}: ids are int", all(type(g) is int for g in got), got)
        check(f"adapter, {name}: exact, never negative", got == want and min(got) >= 0, got)

    # A Snowflake parameter is the type itself: no cast, in either format.
    cur.execute("CREATE TEMP TABLE ev2 (id snowflake PRIMARY KEY, payload text)")
    cur.execute("INSERT INTO ev2 VALUES (%s, 'top bit'), (%b, 'max')", (Snowflake(TOP), Snowflake(MAX)))
    cur.execute("SELECT id::text, pg_typeof(%s)::text, pg_typeof(%b)::text FROM ev2 ORDER BY ev2.id",
                (Snowflake(1), Snowflake(1)))
    rows = cur.fetchall()
    check("adapter: Snowflake parameters, text and binary",
          rows == [(str(TOP), "snowflake", "snowflake"), (str(MAX), "snowflake", "snowflake")], rows)
    cur.execute("SELECT payload FROM ev2 WHERE id = %b", (Snowflake(TOP),))
    check("adapter: binary Snowflake parameter above 2^63", cur.fetchall() == [("top bit",)])
    for bad in (-1, MAX + 1):
        try:
            cur.execute("SELECT %b", (Snowflake(bad),))
            check(f"adapter: Snowflake({bad}) refused", False, "sent")
        except (ValueError, OverflowError, psycopg.DataError):
            check(f"adapter: Snowflake({bad}) refused", True)

    # Binary COPY in: set_types finds the binary dumper by the type's oid.
    cur.execute("CREATE TEMP TABLE cb (id snowflake)")
    with cur.copy("COPY cb FROM STDIN (FORMAT binary)") as copy:
        copy.set_types([oid])
        for v in want:
            copy.write_row((Snowflake(v),))
        copy.write_row((None,))
    cur.execute("SELECT id::text FROM cb ORDER BY cb.id NULLS LAST")
    rows = [r[0] for r in cur.fetchall()]
    check("adapter: binary COPY in", rows == VALUES + [None], rows)

    # Binary COPY out, through the binary loader; a text COPY too.
    for fmt in ("binary", "text"):
        with cur.copy(f"COPY (SELECT id FROM cb ORDER BY id NULLS LAST) TO STDOUT (FORMAT {fmt})") as copy:
            copy.set_types(["snowflake"])
            rows = [r[0] for r in copy.rows()]
        check(f"adapter: {fmt} COPY out as int", rows == want + [None], rows)


def main():
    with psycopg.connect("", autocommit=True) as conn:
        defaults(conn)
    with psycopg.connect("", autocommit=True) as conn:
        adapted(conn)


run("psycopg", main)
