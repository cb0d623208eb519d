-- test/bench/05-partitions.sql: what 1.2 changed on partitioned tables and
-- for integer literals, against bigint in the same run.
--  - On a table partitioned by range of the id, the planner keeps the
--    clause and ANDs pruning comparisons to it: a window through the index,
--    and a parameter of a generic plan evaluated on every row of a
--    sequential scan (the clause and its bound both run per row).
--  - An IN list of integers and one of quoted ids are each one "= ANY"
--    scan (src/inlist.c), as bigint's IN list is.
--  - A window in a query level with grouping sets is kept as written: no
--    partition is pruned at plan time; in a MATERIALIZED level of its own
--    it is.
-- psql variables: rows, reps.
\ir lib.psql

DROP TABLE IF EXISTS p_snowflake, p_bigint;
DO $$ BEGIN PERFORM pg_temp.weekly_partitions('p', '2026-05-01+00'); END $$;
-- :rows ids over 28 days, in order
INSERT INTO p_snowflake
SELECT make_snowflake('2026-05-01 00:00:00+00'::timestamptz + (g::bigint * 2419200000 / :rows) * interval '1 ms',
                      (g % 16)::int, (g % 4096)::int)
FROM generate_series(0, :rows - 1) g;
INSERT INTO p_bigint SELECT id::bigint FROM p_snowflake;
CREATE INDEX ON p_snowflake (id);
CREATE INDEX ON p_bigint (id);
VACUUM ANALYZE p_snowflake, p_bigint;

-- 200 ids of the table, as literals
SELECT string_agg(id::text, ', ') AS inlist, string_agg(quote_literal(id::text), ', ') AS quoted
FROM (SELECT id FROM p_snowflake TABLESAMPLE SYSTEM (1) REPEATABLE (7) LIMIT 200) s \gset

-- one statement per plan shape: a generic plan is made, and kept, at the
-- first EXECUTE, under the settings of that moment
PREPARE ps_seq(timestamptz) AS SELECT count(*) FROM p_snowflake WHERE id >= $1;
PREPARE pb_seq(bigint) AS SELECT count(*) FROM p_bigint WHERE id >= $1;
PREPARE ps_idx(timestamptz) AS SELECT count(*) FROM p_snowflake WHERE id >= $1;
PREPARE pb_idx(bigint) AS SELECT count(*) FROM p_bigint WHERE id >= $1;
SET plan_cache_mode = force_generic_plan;

\o /dev/null
SELECT pg_temp.bench(metric, form, r, setup, q)
FROM generate_series(1, :reps) r,
     (VALUES
	(1, '1-hour window x100, index', 'snowflake', 'SET enable_seqscan = on',
	 'SELECT sum(c) FROM generate_series(0, 99) h, LATERAL (SELECT count(*) AS c FROM p_snowflake WHERE id <@ tstzrange(''2026-05-20+00''::timestamptz + h * interval ''1 hour'', ''2026-05-20+00''::timestamptz + (h + 1) * interval ''1 hour'')) x'),
	(1, '1-hour window x100, index', 'bigint', 'SET enable_seqscan = on',
	 'SELECT sum(c) FROM generate_series(0, 99) h, LATERAL (SELECT count(*) AS c FROM p_bigint WHERE id BETWEEN snowflake_floor(''2026-05-20+00''::timestamptz + h * interval ''1 hour'')::bigint AND snowflake_ceil(''2026-05-20+00''::timestamptz + (h + 1) * interval ''1 hour'' - interval ''1 ms'')::bigint) x'),
	(2, 'generic plan, last 6 days, seq scan', 'snowflake', 'SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off',
	 'EXECUTE ps_seq(''2026-05-23+00'')'),
	(2, 'generic plan, last 6 days, seq scan', 'bigint', 'SET enable_indexscan = off; SET enable_indexonlyscan = off; SET enable_bitmapscan = off',
	 format('EXECUTE pb_seq(%s)', snowflake_floor('2026-05-23+00')::bigint)),
	(3, 'generic plan, last 6 days, index', 'snowflake', 'RESET enable_indexscan; RESET enable_indexonlyscan; RESET enable_bitmapscan; SET enable_seqscan = off',
	 'EXECUTE ps_idx(''2026-05-23+00'')'),
	(3, 'generic plan, last 6 days, index', 'bigint', 'RESET enable_indexscan; RESET enable_indexonlyscan; RESET enable_bitmapscan; SET enable_seqscan = off',
	 format('EXECUTE pb_idx(%s)', snowflake_floor('2026-05-23+00')::bigint)),
	(4, 'IN (200 integers) x20', 'snowflake', 'RESET enable_seqscan',
	 format('SELECT sum(c) FROM generate_series(1, 20) g, LATERAL (SELECT count(*) AS c FROM p_snowflake WHERE id IN (%s) AND g > 0) x', :'inlist')),
	(4, 'IN (200 integers) x20', 'bigint', 'RESET enable_seqscan',
	 format('SELECT sum(c) FROM generate_series(1, 20) g, LATERAL (SELECT count(*) AS c FROM p_bigint WHERE id IN (%s) AND g > 0) x', :'inlist')),
	(5, 'IN (200 quoted ids) x20', 'snowflake', 'RESET enable_seqscan',
	 format('SELECT sum(c) FROM generate_series(1, 20) g, LATERAL (SELECT count(*) AS c FROM p_snowflake WHERE id IN (%s) AND g > 0) x', :'quoted')),
	(5, 'IN (200 quoted ids) x20', 'bigint', 'RESET enable_seqscan',
	 format('SELECT sum(c) FROM generate_series(1, 20) g, LATERAL (SELECT count(*) AS c FROM p_bigint WHERE id IN (%s) AND g > 0) x', :'inlist')),
	-- a query level with grouping sets keeps the window as written, so
	-- no partition is pruned at plan time (doc/snowflake-design.md, grouping sets); its
	-- MATERIALIZED level of its own prunes again
	(6, 'GROUPING SETS, 1-day window', 'snowflake', 'RESET enable_seqscan',
	 'SELECT count(*) FROM (SELECT snowflake_worker(id), count(*) FROM p_snowflake WHERE id <@ tstzrange(''2026-05-20+00'', ''2026-05-21+00'') GROUP BY GROUPING SETS ((snowflake_worker(id)), ())) x'),
	(6, 'GROUPING SETS, 1-day window', 'bigint', 'RESET enable_seqscan',
	 format('SELECT count(*) FROM (SELECT (id >> 12) & 1023, count(*) FROM p_bigint WHERE id BETWEEN %s AND %s GROUP BY GROUPING SETS (((id >> 12) & 1023), ())) x',
			snowflake_floor('2026-05-20+00')::bigint, snowflake_ceil('2026-05-20 23:59:59.999+00')::bigint)),
	(7, 'GROUPING SETS, 1-day window, MATERIALIZED', 'snowflake', 'RESET enable_seqscan',
	 'WITH w AS MATERIALIZED (SELECT id FROM p_snowflake WHERE id <@ tstzrange(''2026-05-20+00'', ''2026-05-21+00'')) SELECT count(*) FROM (SELECT snowflake_worker(id), count(*) FROM w GROUP BY GROUPING SETS ((snowflake_worker(id)), ())) x'),
	(7, 'GROUPING SETS, 1-day window, MATERIALIZED', 'bigint', 'RESET enable_seqscan',
	 format('WITH w AS MATERIALIZED (SELECT id FROM p_bigint WHERE id BETWEEN %s AND %s) SELECT count(*) FROM (SELECT (id >> 12) & 1023, count(*) FROM w GROUP BY GROUPING SETS (((id >> 12) & 1023), ())) x',
			snowflake_floor('2026-05-20+00')::bigint, snowflake_ceil('2026-05-20 23:59:59.999+00')::bigint))
     ) AS v(k, metric, form, setup, q)
ORDER BY r, k, (CASE form WHEN 'snowflake' THEN 0 ELSE 1 END + r) % 2;
\o
RESET enable_seqscan;
RESET plan_cache_mode;

\echo
\echo '| partitioned table (' :rows 'ids, 4 weekly partitions) | snowflake | bigint | snowflake/bigint |'
\echo '|---|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
SELECT '| ' || metric, to_char(pg_temp.best(metric, 'snowflake'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best(metric, 'bigint'), 'FM999990.0') || ' ms',
       to_char(pg_temp.ratio(metric, 'snowflake', 'bigint'), 'FM0.00') || ' |'
FROM (SELECT DISTINCT metric FROM bench_result) m ORDER BY metric;
\pset tuples_only off
\pset format aligned
