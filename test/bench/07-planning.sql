-- test/bench/07-planning.sql: planning time of the time-window forms, and of
-- an integer literal, against bigint, on a plain and on a partitioned table.
-- Planning only: "EXPLAIN (FORMAT JSON, SUMMARY ON) query", run from
-- plpgsql's EXECUTE, plans the query anew every time (no prepared
-- statement, no plan cache) and does not execute it.  A measurement runs
-- the snowflake and the bigint query :plans times each, alternating, after
-- 20 untimed plans that warm the relation and catalogue caches, and sums
-- per type:
--  - "Planning Time", the planner alone (not parsing, parse analysis or
--    printing).  EXPLAIN rounds it to the microsecond, and a plan of a few
--    microseconds varies by less than one, so the rounding does not average
--    out: up to half a microsecond per plan either way;
--  - the wall time of the EXPLAIN statement (clock_timestamp() around it):
--    the whole cost of the statement, with its fixed costs (parse, analysis,
--    the plan printed as JSON), and unbiased.
-- Each measurement is repeated :reps times, the forms in turn.
-- psql variables: rows, reps, plans (2000 unless given).
\ir lib.psql
\if :{?plans}
\else
\set plans 2000
\endif

DROP TABLE IF EXISTS pl_snowflake, pl_bigint, pp_snowflake, pp_bigint;

-- A plain table: :rows ids over the 28 days from 2026-05-08, in order, with
-- a btree on the id; 319545566822428714 (2026-05-31 18:40) is in the last
-- week.
CREATE TABLE pl_snowflake AS
SELECT make_snowflake('2026-05-08 00:00:00+00'::timestamptz + (g::bigint * 2419200000 / :rows) * interval '1 ms',
                      (g % 16)::int, (g % 4096)::int) AS id
FROM generate_series(0, :rows - 1) g;
CREATE TABLE pl_bigint AS SELECT id::bigint AS id FROM pl_snowflake;
CREATE INDEX ON pl_snowflake (id);
CREATE INDEX ON pl_bigint (id);

-- The same ids in a table partitioned by range of the id, 4 weekly
-- partitions, and bigint partitioned the same way (lib.psql).
DO $$ BEGIN PERFORM pg_temp.weekly_partitions('pp', '2026-05-08+00'); END $$;
INSERT INTO pp_snowflake SELECT id FROM pl_snowflake;
INSERT INTO pp_bigint SELECT id FROM pl_bigint;
CREATE INDEX ON pp_snowflake (id);
CREATE INDEX ON pp_bigint (id);
VACUUM ANALYZE pl_snowflake, pl_bigint, pp_snowflake, pp_bigint;

-- One hour in the first week, as instants and as the ids of its bounds.
\set t0 '2026-05-10 01:00:00+00'
\set t1 '2026-05-10 02:00:00+00'
SELECT snowflake_floor(:'t0') AS lo, snowflake_ceil(:'t1'::timestamptz - interval '1 ms') AS hi \gset

-- pg_temp.plan (lib.psql) plans each query 20 times untimed, then :plans
-- times each, alternating, and records the sums of both measures.

-- The forms: k orders the report; %s is the table's name, pl_ or pp_.
CREATE TEMP TABLE pl_forms (k int, form text, snowflake text, bigint text);
INSERT INTO pl_forms VALUES
	(1, '`id <@ tstzrange(t0, t1)`',
	 format('SELECT count(*) FROM %%s_snowflake WHERE id <@ tstzrange(%L, %L)', :'t0', :'t1'),
	 format('SELECT count(*) FROM %%s_bigint WHERE id BETWEEN %s AND %s', :lo::bigint, :hi::bigint)),
	(2, '`id >= t0 AND id < t1` (timestamptz)',
	 format('SELECT count(*) FROM %%s_snowflake WHERE id >= %L::timestamptz AND id < %L::timestamptz', :'t0', :'t1'),
	 format('SELECT count(*) FROM %%s_bigint WHERE id BETWEEN %s AND %s', :lo::bigint, :hi::bigint)),
	(3, '`id BETWEEN ''…'' AND ''…''` (ids)',
	 format('SELECT count(*) FROM %%s_snowflake WHERE id BETWEEN %L AND %L', :'lo', :'hi'),
	 format('SELECT count(*) FROM %%s_bigint WHERE id BETWEEN %s AND %s', :lo::bigint, :hi::bigint)),
	(4, '`id = 319545566822428714` (integer)',
	 'SELECT count(*) FROM %s_snowflake WHERE id = 319545566822428714',
	 'SELECT count(*) FROM %s_bigint WHERE id = 319545566822428714'),
	(5, '`id = ''319545566822428714''` (id)',
	 'SELECT count(*) FROM %s_snowflake WHERE id = ''319545566822428714''',
	 'SELECT count(*) FROM %s_bigint WHERE id = 319545566822428714');

\o /dev/null
SELECT pg_temp.plan(t.label || ': ' || f.form, r, format(f.snowflake, t.prefix), format(f.bigint, t.prefix), :plans)
FROM generate_series(1, :reps) r,
     (VALUES (1, 'pl', 'plain table'), (2, 'pp', 'partitioned')) AS t(tk, prefix, label),
     pl_forms f
ORDER BY r, t.tk, f.k;
\o

\echo
\echo '| planning time (best of' :reps 'x' :plans 'plans) | snowflake µs/plan | bigint µs/plan | snowflake/bigint | snowflake µs/EXPLAIN | bigint µs/EXPLAIN | snowflake/bigint |'
\echo '|---|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
SELECT '| ' || m, to_char(pg_temp.best(m, 'snowflake') * 1000 / :plans, 'FM999990.0'),
       to_char(pg_temp.best(m, 'bigint') * 1000 / :plans, 'FM999990.0'),
       to_char(pg_temp.ratio(m, 'snowflake', 'bigint'), 'FM990.00'),
       to_char(pg_temp.best(m || ' (EXPLAIN)', 'snowflake') * 1000 / :plans, 'FM999990.0'),
       to_char(pg_temp.best(m || ' (EXPLAIN)', 'bigint') * 1000 / :plans, 'FM999990.0'),
       to_char(pg_temp.ratio(m || ' (EXPLAIN)', 'snowflake', 'bigint'), 'FM990.00') || ' |'
FROM (SELECT t.label || ': ' || f.form AS m, t.tk, f.k
      FROM (VALUES (1, 'plain table'), (2, 'partitioned')) AS t(tk, label), pl_forms f) m
ORDER BY tk, k;
\pset tuples_only off
\pset format aligned
