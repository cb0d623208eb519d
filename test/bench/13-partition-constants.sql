-- test/bench/13-partition-constants.sql: planning a window on a run-time
-- instant that holds a large constant, on tables partitioned by range of
-- the id, against the same shape on bigint in the same run (issue 41 A).
--   snowflake   SELECT * FROM pc1_snowflake WHERE id >= pc_t(now(), repeat('a', N))
--   bigint      SELECT * FROM pc1_bigint WHERE id >= pc_tb(now(), repeat('a', N))
-- pc_t and pc_tb are STABLE plpgsql functions (never inlined, never
-- folded at plan time): the instant is known at run time only, and the
-- constant, N bytes of text, is folded into it at plan time.  The
-- partitions are days of 2026, past, so run-time pruning at executor
-- start removes them all, on both types, and EXPLAIN prints no leaf.
--   1 level     200 daily partitions (pc1_*)
--   2 levels    100 daily partitions, each partitioned by range of the id
--               into one leaf (pc2_*)
-- N: 1 MB, 5 MB and 8 MB.  For each case:
--  - planning time: pg_temp.plan (lib.psql), the "Planning Time" of
--    EXPLAIN (FORMAT JSON, SUMMARY ON) and the wall time of the EXPLAIN,
--    :const_plans plans of each type (3 unless given), alternating, after
--    one untimed plan of each, :reps repetitions;
--  - peak memory: in a fresh session (\c) that has planned the query once
--    on a 10-byte constant, the growth of the backend's peak resident set
--    (VmHWM in /proc/self/status, read by pg_read_file as the superuser)
--    over one plan on the N-byte constant; :reps sessions of each type,
--    alternating, the median.
-- The goal is at most 1.3x bigint's planning time and 2x its peak memory;
-- the script prints the ratios, it does not assert them
-- (test/partition/constants does, for 1 MB over 2 levels).
-- psql variables: reps, dir, const_plans.
\ir lib.psql
\if :{?const_plans}
\else
\set const_plans 3
\endif

DROP TABLE IF EXISTS pc1_snowflake, pc1_bigint, pc2_snowflake, pc2_bigint, pc_case, pc_memory, pc_bench_result;
CREATE OR REPLACE FUNCTION pc_t(timestamptz, text) RETURNS timestamptz
STABLE LANGUAGE plpgsql AS 'begin return $1; end';
CREATE OR REPLACE FUNCTION pc_tb(timestamptz, text) RETURNS bigint
STABLE LANGUAGE plpgsql AS 'begin return snowflake_floor($1)::bigint; end';
CREATE OR REPLACE FUNCTION pc_hwm_kb() RETURNS bigint LANGUAGE sql AS
$$ SELECT (regexp_match(pg_read_file('/proc/self/status'), 'VmHWM:\s+(\d+) kB'))[1]::bigint $$;
-- pc_plan(query, n): plan query n times (EXPLAIN, not executed)
CREATE OR REPLACE FUNCTION pc_plan(q text, n int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	j json;
BEGIN
	FOR i IN 1 .. n LOOP
		EXECUTE 'EXPLAIN (FORMAT JSON) ' || q INTO j;
	END LOOP;
END $$;

CREATE TABLE pc1_snowflake (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE pc1_bigint (id bigint NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE pc2_snowflake (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE pc2_bigint (id bigint NOT NULL) PARTITION BY RANGE (id);
DO $$
DECLARE
	lo snowflake;
	hi snowflake;
BEGIN
	FOR i IN 0 .. 199 LOOP
		lo := snowflake_floor('2026-01-01+00'::timestamptz + i * interval '1 day');
		hi := snowflake_floor('2026-01-01+00'::timestamptz + (i + 1) * interval '1 day');
		EXECUTE format('CREATE TABLE pc1_snowflake_%s PARTITION OF pc1_snowflake FOR VALUES FROM (%L) TO (%L)', i, lo, hi);
		EXECUTE format('CREATE TABLE pc1_bigint_%s PARTITION OF pc1_bigint FOR VALUES FROM (%s) TO (%s)', i, lo::bigint, hi::bigint);
		IF i < 100 THEN
			EXECUTE format('CREATE TABLE pc2_snowflake_%s PARTITION OF pc2_snowflake FOR VALUES FROM (%L) TO (%L) PARTITION BY RANGE (id)', i, lo, hi);
			EXECUTE format('CREATE TABLE pc2_snowflake_%s_0 PARTITION OF pc2_snowflake_%s FOR VALUES FROM (%L) TO (%L)', i, i, lo, hi);
			EXECUTE format('CREATE TABLE pc2_bigint_%s PARTITION OF pc2_bigint FOR VALUES FROM (%s) TO (%s) PARTITION BY RANGE (id)', i, lo::bigint, hi::bigint);
			EXECUTE format('CREATE TABLE pc2_bigint_%s_0 PARTITION OF pc2_bigint_%s FOR VALUES FROM (%s) TO (%s)', i, i, lo::bigint, hi::bigint);
		END IF;
	END LOOP;
END $$;

-- The cases: k orders them; %s is the constant's length.
CREATE TABLE pc_case (k int, label text, snowflake text, bigint text, bytes int);
INSERT INTO pc_case
SELECT t.tk * 10 + s.sk, format('%s, %s MB', t.label, s.mb),
       format('SELECT * FROM %I WHERE id >= pc_t(now(), repeat(''a'', %%s))', t.prefix || '_snowflake'),
       format('SELECT * FROM %I WHERE id >= pc_tb(now(), repeat(''a'', %%s))', t.prefix || '_bigint'),
       s.mb * 1000000
FROM (VALUES (1, 'pc1', '1 level, 200 partitions'), (2, 'pc2', '2 levels, 100 x 1 partitions')) t(tk, prefix, label),
     (VALUES (1, 1), (2, 5), (3, 8)) s(sk, mb);

-- Planning time
\o /dev/null
SELECT pg_temp.plan(c.label, r, format(c.snowflake, c.bytes), format(c.bigint, c.bytes), :const_plans, 1)
FROM generate_series(1, :reps) r, pc_case c
ORDER BY r, c.k;
\o

-- Peak memory: a script of one fresh session a measurement, written to
-- :dir and run; each session records its growth of VmHWM in pc_memory.
-- (lib.psql's results are kept in pc_bench_result: a new session loses
-- pg_temp's functions, and lib.psql starts bench_result afresh.)
DROP TABLE IF EXISTS pc_bench_result;
CREATE TABLE pc_bench_result AS SELECT * FROM bench_result;
CREATE TABLE pc_memory (label text, type text, rep int, kb bigint);
\pset format unaligned
\pset tuples_only on
SELECT format(E'\\c\nSET jit = off;\nSELECT pc_plan(%L, 1) \\g /dev/null\nSELECT pc_hwm_kb() AS h0 \\gset\n' ||
              E'SELECT pc_plan(%L, 1) \\g /dev/null\nINSERT INTO pc_memory VALUES (%L, %L, %s, pc_hwm_kb() - :h0);',
              format(q.query, 10), format(q.query, c.bytes), c.label, q.type, r)
FROM generate_series(1, :reps) r, pc_case c,
     LATERAL (VALUES (1, 'snowflake', c.snowflake), (2, 'bigint', c.bigint)) q(o, type, query)
ORDER BY r, c.k, CASE WHEN (r + c.k) % 2 = 0 THEN q.o ELSE -q.o END
\g :dir/pc_memory.psql
\pset tuples_only off
\pset format aligned
\i :dir/pc_memory.psql

\echo
\echo '| run-time instant with a large constant (planning: best of' :reps 'x' :const_plans 'plans; memory: median of' :reps 'sessions) | snowflake ms/plan | bigint ms/plan | snowflake/bigint | snowflake ms/EXPLAIN | bigint ms/EXPLAIN | snowflake/bigint | snowflake peak MB | bigint peak MB | snowflake/bigint |'
\echo '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
-- pairs: each repetition's snowflake sum beside bigint's
WITH pair AS (
	SELECT x.metric, x.ms AS s, y.ms AS b
	FROM pc_bench_result x
	JOIN pc_bench_result y ON y.metric = x.metric AND y.rep = x.rep AND y.type = 'bigint'
	WHERE x.type = 'snowflake'
)
SELECT '| ' || c.label,
       to_char(p.s / :const_plans, 'FM999990.00'), to_char(p.b / :const_plans, 'FM999990.00'), to_char(p.r, 'FM99990.00'),
       to_char(e.s / :const_plans, 'FM999990.00'), to_char(e.b / :const_plans, 'FM999990.00'), to_char(e.r, 'FM99990.00'),
       to_char(m.s / 1024.0, 'FM99990.0'), to_char(m.b / 1024.0, 'FM99990.0'),
       coalesce(to_char(m.s / nullif(m.b, 0), 'FM99990.00'), '-') || ' |'
FROM pc_case c,
LATERAL (SELECT min(s) AS s, min(b) AS b, percentile_cont(0.5) WITHIN GROUP (ORDER BY s / b) AS r
         FROM pair WHERE metric = c.label) p,
LATERAL (SELECT min(s) AS s, min(b) AS b, percentile_cont(0.5) WITHIN GROUP (ORDER BY s / b) AS r
         FROM pair WHERE metric = c.label || ' (EXPLAIN)') e,
LATERAL (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY kb) FILTER (WHERE type = 'snowflake') AS s,
                percentile_cont(0.5) WITHIN GROUP (ORDER BY kb) FILTER (WHERE type = 'bigint') AS b
         FROM pc_memory WHERE label = c.label) m
ORDER BY c.k;
\pset tuples_only off
\pset format aligned
