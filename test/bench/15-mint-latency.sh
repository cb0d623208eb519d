#!/usr/bin/env bash
# test/bench/15-mint-latency.sh: how long one gen_snowflake() takes while
# other sessions write, against how long a commit's own WAL flush takes on
# the same machine in the same run (issue 41 C).  A node of its own with
# fsync on (the benchmark's cluster runs with it off), and for
# SECONDS_PER_RUN s:
#  - load: 2 pgbench clients into a table keyed by gen_snowflake(), 9 of
#    10 transactions a 1-row INSERT and its commit, 1 of 10 an INSERT of
#    50,000 rows;
#  - a session that mints one id a millisecond, timing each call inside
#    the server (clock_timestamp() around it);
#  - a session that commits a 1-row INSERT into a table with no id a
#    millisecond, timing each INSERT and COMMIT inside the server.
# Prints the median, p99.9 and maximum of both, and the maximum mint
# against the median commit.  A mint waits only when the reservation is
# used up: the reserver renews it ahead, with its I/O outside any lock a
# mint takes.  Run by test/bench/run (PG_CONFIG, SECONDS_PER_RUN).
set -euo pipefail
. "$(dirname "$0")/../lib.sh"
secs=${SECONDS_PER_RUN:-10}
base=$(mktemp -d "${TMPDIR:-/tmp}/snowflake-bench-latency.XXXXXX")
chmod 755 "$base"
port=$(sf_free_port)
load=
cleanup() {
	[ -n "$load" ] && kill "$load" 2>/dev/null
	sf_node_stop "$base/n"
	rm -rf "$base"
}
trap cleanup EXIT
sf_node_start "$base/n" "$port" "fsync = on" "snowflake.worker_id = 1" "max_wal_size = '4GB'" >/dev/null
psql() { timeout $((secs + 120)) "$(sf_bindir)/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$base/n/sock" -p "$port" -U postgres -d postgres "$@"; }
psql -c "CREATE EXTENSION snowflake" \
	-c "CREATE TABLE t (id snowflake PRIMARY KEY DEFAULT gen_snowflake(), v int)" \
	-c "CREATE TABLE plain (v int)" \
	-c "CREATE TABLE lat (what text, us float8)" \
	-c "CREATE PROCEDURE time_mints(secs float8) LANGUAGE plpgsql AS \$\$
	    DECLARE t0 timestamptz; t1 timestamptz; stop timestamptz := clock_timestamp() + secs * interval '1 s';
	    BEGIN
	      WHILE clock_timestamp() < stop LOOP
	        t0 := clock_timestamp(); PERFORM gen_snowflake(); t1 := clock_timestamp();
	        INSERT INTO lat VALUES ('mint', date_part('epoch', t1 - t0) * 1e6);
	        PERFORM pg_sleep(0.001);
	      END LOOP;
	    END \$\$" \
	-c "CREATE PROCEDURE time_commits(secs float8) LANGUAGE plpgsql AS \$\$
	    DECLARE t0 timestamptz; t1 timestamptz; stop timestamptz := clock_timestamp() + secs * interval '1 s';
	    BEGIN
	      WHILE clock_timestamp() < stop LOOP
	        t0 := clock_timestamp(); INSERT INTO plain VALUES (1); COMMIT; t1 := clock_timestamp();
	        INSERT INTO lat VALUES ('commit', date_part('epoch', t1 - t0) * 1e6);
	        PERFORM pg_sleep(0.001);
	      END LOOP;
	    END \$\$"
echo "INSERT INTO t (v) VALUES (1);" >"$base/one.sql"
echo "INSERT INTO t (v) SELECT g FROM generate_series(1, 50000) g;" >"$base/bulk.sql"
"$(sf_bindir)/pgbench" -n -h "$base/n/sock" -p "$port" -U postgres -c 2 -j 2 -T $((secs + 4)) \
	-f "$base/one.sql@9" -f "$base/bulk.sql@1" postgres >"$base/load.out" 2>&1 &
load=$!
sleep 2
psql -c "CALL time_mints($secs)" &
m=$!
psql -c "CALL time_commits($secs)"
wait "$m"
wait "$load" || { cat "$base/load.out"; exit 1; }
load=
echo
echo "| under load (2 sessions: 1-row commits and 50,000-row inserts keyed by \`gen_snowflake()\`), fsync on, ${secs} s | calls | median | p99.9 | max |"
echo "|---|---:|---:|---:|---:|"
psql -F '|' -c "SELECT CASE what WHEN 'mint' THEN '\`gen_snowflake()\`, one session' ELSE 'a 1-row INSERT and its COMMIT (its WAL flush), one session' END,
                       count(*),
                       round((percentile_cont(0.5) WITHIN GROUP (ORDER BY us))::numeric, 1),
                       round((percentile_cont(0.999) WITHIN GROUP (ORDER BY us))::numeric, 1),
                       round(max(us)::numeric, 1)
                  FROM lat GROUP BY what ORDER BY what DESC" |
	awk -F'|' '{printf "| %s | %d | %s µs | %s µs | %s µs |\n", $1, $2, $3, $4, $5}'
psql -c "SELECT format('| longest mint against the median commit | | | | %sx |',
                  round(((SELECT max(us) FROM lat WHERE what = 'mint') /
                         (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY us) FROM lat WHERE what = 'commit'))::numeric, 2))"
