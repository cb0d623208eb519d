"""test/clients/client.py: psycopg2 against snowflake.

Connects through PGHOST/PGPORT/PGUSER/PGDATABASE; prints one line per failed
check and a closing "python: N passed, N failed".  Run with Debian's
/usr/bin/python3 (python3-psycopg2).
"""
import io
import sys

import psycopg2

from checks import check, run


def main():
    conn = psycopg2.connect("")
    conn.autocommit = True
    cur = conn.cursor()

    # Ids come back as exact strings.
    cur.execute("SELECT '319545566822428714'::snowflake, '18446744073709551615'::snowflake")
    sid, smax = cur.fetchone()
    check("id is a string", isinstance(sid, str), type(sid))
    check("ids are exact", (sid, smax) == ("319545566822428714", "18446744073709551615"), (sid, smax))

    # json_agg: string ids inside the JSON.
    cur.execute("CREATE TEMP TABLE ev (id snowflake PRIMARY KEY, payload text)")
    cur.execute("INSERT INTO ev VALUES ('319545566822428714', 'a'), ('319545566822428715', 'b')")
    cur.execute("SELECT json_agg(ev ORDER BY id) FROM ev")
    rows = cur.fetchone()[0]
    check("json_agg ids are strings", all(isinstance(r["id"], str) for r in rows), rows)

    # Parameters bound as text, into a snowflake column and a <@ query.
    cur.execute("INSERT INTO ev VALUES (%s, %s)", ("9223372036854775808", "top bit"))
    cur.execute("SELECT payload FROM ev WHERE id = %s::snowflake", ("9223372036854775808",))
    check("text parameter into snowflake", cur.fetchall() == [("top bit",)])
    cur.execute("SELECT count(*) FROM ev WHERE id <@ %s::tstzrange",
                ("[2026-05-31 18:40:00+00, 2026-05-31 18:40:00.001+00)",))
    check("text range parameter into <@", cur.fetchone()[0] == 2)

    # Binary COPY out through the client and back in.
    cur.execute("CREATE TEMP TABLE src AS SELECT gen_snowflake() AS id FROM generate_series(1, 5000)")
    cur.execute("INSERT INTO src VALUES (0), ('18446744073709551615'), (NULL)")
    buf = io.BytesIO()
    cur.copy_expert("COPY src TO STDOUT (FORMAT binary)", buf)
    buf.seek(0)
    cur.execute("CREATE TEMP TABLE dst (id snowflake)")
    cur.copy_expert("COPY dst FROM STDIN (FORMAT binary)", buf)
    cur.execute("""SELECT (SELECT count(*) FROM src), (SELECT count(*) FROM dst),
                          (SELECT count(*) FROM (SELECT id FROM src EXCEPT ALL SELECT id FROM dst) d),
                          (SELECT count(*) FROM dst WHERE id IS NULL)""")
    n_src, n_dst, missing, nulls = cur.fetchone()
    check("binary COPY round trip", (n_src, n_dst, missing, nulls) == (5003, 5003, 0, 1),
          (n_src, n_dst, missing, nulls))
    conn.close()


run("python", main)
