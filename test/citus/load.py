#!/usr/bin/env python3
"""test/citus/load.py DSN OUT STOPFILE [PAYLOAD]: insert one row at a time
into live (id DEFAULT gen_snowflake()) until STOPFILE exists.

Each insert is its own transaction: INSERT ... RETURNING id, then COMMIT.
One line per attempt goes to OUT, stamped with the Unix time in ms:
    ok MS ID            the COMMIT succeeded
    unknown MS ID MSG   the INSERT succeeded but the COMMIT failed, so the
                        row may or may not have committed
    fail MS MSG         the INSERT failed
The loader reconnects after a lost connection and never stops on an error.
"""
import os
import sys
import time

import psycopg2

dsn, out_path, stop_path = sys.argv[1:4]
payload = sys.argv[4] if len(sys.argv) > 4 else "load"


def now_ms():
    return int(time.time() * 1000)


def one_line(e):
    return " ".join(str(e).split())


conn = None
with open(out_path, "w", buffering=1) as out:
    while not os.path.exists(stop_path):
        try:
            if conn is None or conn.closed:
                conn = psycopg2.connect(dsn)
            cur = conn.cursor()
            cur.execute("INSERT INTO live (payload) VALUES (%s) RETURNING id::text", (payload,))
            new_id = cur.fetchone()[0]
        except psycopg2.Error as e:
            out.write("fail %d %s\n" % (now_ms(), one_line(e)))
            try:
                conn.rollback()
            except Exception:
                conn = None
            time.sleep(0.01)
            continue
        try:
            conn.commit()
            out.write("ok %d %s\n" % (now_ms(), new_id))
        except psycopg2.Error as e:
            out.write("unknown %d %s %s\n" % (now_ms(), new_id, one_line(e)))
            conn = None
