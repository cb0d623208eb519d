-- test/bench/17-horizon.sql: the commit-safe horizon's costs.  psql
-- variables: reps.
--   1. a call of snowflake_horizon(), against pg_current_snapshot() (what
--      the xid8 way reads) and clock_timestamp(), 100k calls in one
--      statement, the loop subtracted;
--   2. a transaction that mints one id (gen_snowflake(), whose first id
--      holds the horizon until the transaction ends) against one that
--      takes nextval() and one that does neither: 20k transactions of a
--      procedure that commits after each, synchronous_commit off so that
--      the WAL flush does not hide the rest; the empty ones subtracted.
\ir lib.psql
DROP SEQUENCE IF EXISTS h_seq;
CREATE SEQUENCE h_seq;
-- n transactions, each doing what, the whole loop's time recorded
CREATE PROCEDURE pg_temp.xacts(n int, what text, rep int)
LANGUAGE plpgsql AS $$
DECLARE
	t0 timestamptz := clock_timestamp();
BEGIN
	FOR i IN 1 .. n LOOP
		IF what = 'gen_snowflake()' THEN
			PERFORM gen_snowflake();
		ELSIF what = 'nextval()' THEN
			PERFORM nextval('h_seq');
		END IF;
		COMMIT;
	END LOOP;
	INSERT INTO bench_result
	VALUES ('xact', what, rep, extract(epoch FROM clock_timestamp() - t0) * 1000);
END $$;
SET synchronous_commit = off;

-- (the library before the horizon has no snowflake_horizon(): its
-- column is then empty, and the transactions compare the two builds)
SELECT to_regprocedure('snowflake_horizon()') IS NOT NULL AS has_horizon \gset
\o /dev/null
SELECT pg_temp.bench('call', fn, r, '', format('SELECT count(%s) FROM generate_series(1, 100000) x', expr))
FROM generate_series(1, :reps) r,
     (VALUES (1, 'loop', 'x'), (2, 'snowflake_horizon()', 'snowflake_horizon()'),
             (3, 'pg_current_snapshot()', 'pg_current_snapshot()'), (4, 'clock_timestamp()', 'clock_timestamp()')) v(k, fn, expr)
WHERE k <> 2 OR :'has_horizon'::boolean
ORDER BY r, (k + r) % 4;
SELECT format('CALL pg_temp.xacts(20000, %L, %s)', w, r)
FROM generate_series(1, :reps) r, (VALUES (1, 'nothing'), (2, 'gen_snowflake()'), (3, 'nextval()')) v(k, w)
ORDER BY r, (k + r) % 3 \gexec
\o

\echo
\echo '| the horizon (100k calls, loop subtracted) | snowflake_horizon() | pg_current_snapshot() | clock_timestamp() | horizon/snapshot | horizon/clock |'
\echo '|---|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
WITH best AS (SELECT type, min(ms) AS ms FROM bench_result WHERE metric = 'call' GROUP BY 1),
net AS (
	-- 100k calls: a difference of 1 ms is 10 ns per call
	SELECT (b.ms - l.ms) * 10 AS ns, b.type
	FROM best b, best l WHERE l.type = 'loop' AND b.type <> 'loop'
), p AS (
	SELECT max(ns) FILTER (WHERE type = 'snowflake_horizon()') AS h,
	       max(ns) FILTER (WHERE type = 'pg_current_snapshot()') AS s,
	       max(ns) FILTER (WHERE type = 'clock_timestamp()') AS c
	FROM net
)
SELECT '| net cost per call', to_char(h, 'FM99990.0') || ' ns', to_char(s, 'FM99990.0') || ' ns',
       to_char(c, 'FM99990.0') || ' ns', to_char(h / s, 'FM990.00') || '×', to_char(h / c, 'FM990.00') || '× |'
FROM p;
\pset format aligned
\pset tuples_only off
\echo
\echo '| a transaction (20k, committed one by one, synchronous_commit off) | empty | gen_snowflake() | nextval() | mint net of empty | nextval net of empty | nextval/snowflake, net |'
\echo '|---|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
WITH best AS (SELECT type, min(ms) AS ms FROM bench_result WHERE metric = 'xact' GROUP BY 1),
p AS (
	-- 20k transactions: 1 ms is 50 ns a transaction
	SELECT max(ms) FILTER (WHERE type = 'nothing') * 50 AS e,
	       max(ms) FILTER (WHERE type = 'gen_snowflake()') * 50 AS s,
	       max(ms) FILTER (WHERE type = 'nextval()') * 50 AS n
	FROM best
)
SELECT '| per transaction', to_char(e, 'FM999990') || ' ns', to_char(s, 'FM999990') || ' ns', to_char(n, 'FM999990') || ' ns',
       to_char(s - e, 'FM999990') || ' ns', to_char(n - e, 'FM999990') || ' ns',
       to_char((n - e) / nullif(s - e, 0), 'FM990.00') || '× |'
FROM p;
\pset format aligned
\pset tuples_only off
