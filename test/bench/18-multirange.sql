-- test/bench/18-multirange.sql: "id <@ tstzmultirange" of k windows (k = 1,
-- 10, 100) on a table partitioned by range of the id into 200 daily
-- partitions, against the same windows written as an OR of "(id >= lo AND
-- id < hi)" on bigint partitioned the same way, in the same run (issue 43).
--   snowflake   SELECT count(*) FROM mr_snowflake WHERE id <@ '{[a1,b1), ...}'::tstzmultirange
--   bigint      SELECT count(*) FROM mr_bigint WHERE (id >= lo1 AND id < hi1) OR ...
-- The windows are one hour each, 12:00 to 13:00 on every (200 / k)-th day,
-- so k windows touch k partitions.  Both tables hold the same :rows ids,
-- in order over the 200 days, with a btree on the id.
--  - planning time: pg_temp.plan (lib.psql), the "Planning Time" of
--    EXPLAIN (FORMAT JSON, SUMMARY ON) and the wall time of the EXPLAIN,
--    :plans / 10 plans of each type for k = 1, / 40 for 10, / 200 for
--    100 (at least 3), alternating, after 3 untimed plans of each;
--  - execution: the "Execution Time" of EXPLAIN (ANALYZE, TIMING OFF,
--    FORMAT JSON), the executor alone (not planning), as many runs as
--    plans, alternating, after 3 untimed runs of each; best of :reps.
-- The goal is at most 1.3x bigint's planning time; the script prints the
-- ratios, it does not assert them.
-- psql variables: rows, reps, plans (2000 unless given).
\ir lib.psql
\if :{?plans}
\else
\set plans 2000
\endif

DROP TABLE IF EXISTS mr_snowflake, mr_bigint, mr_case;

-- run(metric, rep, snowflake query, bigint query, n): run each query 3
-- times untimed, then n times each, alternating as pg_temp.plan does, and
-- record per type the sum of their "Execution Time"s, in ms.
CREATE OR REPLACE FUNCTION pg_temp.run(metric text, rep int, qs text, qb text, n int)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	q text[] := ARRAY['EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ' || qs,
					  'EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ' || qb];
	ran float8[] := ARRAY[0, 0];
	j json;
	k int;
	p int;
BEGIN
	FOR i IN 1 .. 3 LOOP
		EXECUTE q[1] INTO j;
		EXECUTE q[2] INTO j;
	END LOOP;
	FOR i IN 1 .. 2 * n LOOP
		p := i - 1 + 2 * (rep - 1);
		k := 1 + (p % 2 + p / 2) % 2;
		EXECUTE q[k] INTO j;
		ran[k] := ran[k] + (j -> 0 ->> 'Execution Time')::float8;
	END LOOP;
	INSERT INTO bench_result VALUES
		(metric, 'snowflake', rep, ran[1]), (metric, 'bigint', rep, ran[2]);
END $$;
CREATE TABLE mr_snowflake (id snowflake NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE mr_bigint (id bigint NOT NULL) PARTITION BY RANGE (id);
DO $$
DECLARE
	lo snowflake;
	hi snowflake;
BEGIN
	FOR i IN 0 .. 199 LOOP
		lo := snowflake_floor('2026-01-01+00'::timestamptz + i * interval '1 day');
		hi := snowflake_floor('2026-01-01+00'::timestamptz + (i + 1) * interval '1 day');
		EXECUTE format('CREATE TABLE mr_snowflake_%s PARTITION OF mr_snowflake FOR VALUES FROM (%L) TO (%L)', i, lo, hi);
		EXECUTE format('CREATE TABLE mr_bigint_%s PARTITION OF mr_bigint FOR VALUES FROM (%s) TO (%s)', i, lo::bigint, hi::bigint);
	END LOOP;
END $$;
INSERT INTO mr_snowflake
SELECT make_snowflake('2026-01-01+00'::timestamptz + (g::bigint * 17280000000 / :rows) * interval '1 ms',
                      (g % 16)::int, (g % 4096)::int)
FROM generate_series(0, :rows - 1) g;
INSERT INTO mr_bigint SELECT id::bigint FROM mr_snowflake;
CREATE INDEX ON mr_snowflake (id);
CREATE INDEX ON mr_bigint (id);
VACUUM ANALYZE mr_snowflake, mr_bigint;

-- The cases: the multirange of k windows and the same windows as ORs.
CREATE TABLE mr_case (k int, snowflake text, bigint text, plans int);
INSERT INTO mr_case
SELECT k,
       format('SELECT count(*) FROM mr_snowflake WHERE id <@ %L::tstzmultirange',
              '{' || string_agg(format('[%s,%s)', t0, t0 + interval '1 hour'), ',' ORDER BY d) || '}'),
       'SELECT count(*) FROM mr_bigint WHERE ' ||
       string_agg(format('(id >= %s AND id < %s)', snowflake_floor(t0)::bigint,
                         snowflake_floor(t0 + interval '1 hour')::bigint), ' OR ' ORDER BY d),
       greatest(3, :plans / CASE k WHEN 1 THEN 10 WHEN 10 THEN 40 ELSE 200 END)
FROM (VALUES (1), (10), (100)) ks(k),
     LATERAL (SELECT d, '2026-01-01 12:00+00'::timestamptz + d * interval '1 day' AS t0
              FROM generate_series(0, 199, 200 / k) d) w
GROUP BY k;

-- the two queries count the same rows
DO $$
DECLARE
	c record;
	a bigint;
	b bigint;
BEGIN
	FOR c IN SELECT * FROM mr_case ORDER BY k LOOP
		EXECUTE c.snowflake INTO a;
		EXECUTE c.bigint INTO b;
		IF a IS DISTINCT FROM b THEN
			RAISE EXCEPTION 'k = %: snowflake counts %, bigint %', c.k, a, b;
		END IF;
	END LOOP;
END $$;

\o /dev/null
SELECT pg_temp.plan(format('k = %s', c.k), r, c.snowflake, c.bigint, c.plans, 3)
FROM generate_series(1, :reps) r, mr_case c
ORDER BY r, c.k;
SELECT pg_temp.run(format('k = %s (execution)', c.k), r, c.snowflake, c.bigint, c.plans)
FROM generate_series(1, :reps) r, mr_case c
ORDER BY r, c.k;
\o

\echo
\echo '| `id <@ tstzmultirange` of k windows, 200 partitions (planning: best of' :reps 'runs) | plans | snowflake µs/plan | bigint µs/plan | snowflake/bigint | snowflake µs/EXPLAIN | bigint µs/EXPLAIN | snowflake/bigint | snowflake µs/run | bigint µs/run | snowflake/bigint |'
\echo '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
SELECT '| ' || m, c.plans,
       to_char(pg_temp.best(m, 'snowflake') * 1000 / c.plans, 'FM999990.0'),
       to_char(pg_temp.best(m, 'bigint') * 1000 / c.plans, 'FM999990.0'),
       to_char(pg_temp.ratio(m, 'snowflake', 'bigint'), 'FM990.00'),
       to_char(pg_temp.best(m || ' (EXPLAIN)', 'snowflake') * 1000 / c.plans, 'FM999990.0'),
       to_char(pg_temp.best(m || ' (EXPLAIN)', 'bigint') * 1000 / c.plans, 'FM999990.0'),
       to_char(pg_temp.ratio(m || ' (EXPLAIN)', 'snowflake', 'bigint'), 'FM990.00'),
       to_char(pg_temp.best(m || ' (execution)', 'snowflake') * 1000 / c.plans, 'FM999990.0'),
       to_char(pg_temp.best(m || ' (execution)', 'bigint') * 1000 / c.plans, 'FM999990.0'),
       to_char(pg_temp.ratio(m || ' (execution)', 'snowflake', 'bigint'), 'FM990.00') || ' |'
FROM mr_case c, LATERAL (SELECT format('k = %s', c.k) AS m) mm
ORDER BY c.k;
\pset tuples_only off
\pset format aligned
