-- test/bench/08-scaling.sql: how the cost grows with the data (off unless
-- SCALING=1).  At each size of :scaling_rows (SCALING_ROWS, "1000000
-- 10000000 30000000" by default), an append-only table of ids at a fixed
-- rate, 10M ids per 30 days (one every 259.2 ms, as in 02-range.sql), so
-- that a table 3 times as large covers 3 times the days and a window of one
-- hour holds the same ~13,900 ids at every size:
--  - CREATE INDEX (btree) on the ids, in time order as they arrive;
--  - 100 windows of one hour at random places, index-only counts:
--    "id <@ tstzrange" on snowflake, "id BETWEEN lo AND hi" on bigint.
-- Each measurement repeats :reps times, the types interleaved, rotating
-- which goes first.  Prints a markdown table and a Mermaid xychart-beta
-- block of each measurement, to paste into doc/snowflake-benchmarks.md.
-- psql variables: scaling (0 or 1), scaling_rows, reps.
\if :{?scaling}
\else
\set scaling 0
\endif
\if :scaling
\else
\quit
\endif
\ir lib.psql
\if :{?scaling_rows}
\else
\set scaling_rows '1000000 10000000 30000000'
\endif

DROP TABLE IF EXISTS s_snowflake, s_bigint, s_windows, s_sizes;
CREATE TABLE s_sizes (n bigint, k int);
INSERT INTO s_sizes SELECT n, k FROM unnest(string_to_array(:'scaling_rows', ' ')::bigint[]) WITH ORDINALITY u(n, k);
SELECT setseed(0.2) \gset
-- the windows: 100 hours at random places in the first day's to the
-- last day's span of each size
CREATE TABLE s_windows AS
SELECT n, r, snowflake_range_floor(r)::bigint AS lo_b, snowflake_range_ceil(r)::bigint AS hi_b
FROM s_sizes, LATERAL (
	SELECT tstzrange(t0, t0 + interval '1 hour') AS r
	FROM (SELECT '2026-05-01 00:00:00+00'::timestamptz
	             + random() * (n * interval '259.2 ms' - interval '1 hour') AS t0
	      FROM generate_series(1, 100)) g) w;

-- One size: the tables, CREATE INDEX :reps times per type, the windows;
-- one statement per \gexec cell (VACUUM runs only on its own).
\o /dev/null
SELECT s FROM s_sizes, regexp_split_to_table(format($f$
DROP TABLE IF EXISTS s_snowflake, s_bigint;
CREATE TABLE s_snowflake AS
SELECT make_snowflake('2026-05-01 00:00:00+00'::timestamptz + (g * 2592 / 10) * interval '1 ms',
                      (g %% 16)::int, (g %% 4096)::int) AS id
FROM generate_series(0::bigint, %1$s - 1) g;
CREATE TABLE s_bigint AS SELECT id::bigint AS id FROM s_snowflake;
VACUUM ANALYZE s_snowflake, s_bigint;
CHECKPOINT;
SELECT pg_temp.bench('CREATE INDEX|%1$s', typ, r,
                     format('DROP INDEX IF EXISTS %%I', 'si_' || typ),
                     format('CREATE INDEX %%I ON %%I (id)', 'si_' || typ, 's_' || typ))
FROM generate_series(1, %2$s) r, unnest(ARRAY['snowflake', 'bigint']) WITH ORDINALITY AS u(typ, k)
ORDER BY r, (k + r) %% 2;
VACUUM ANALYZE s_snowflake, s_bigint;
INSERT INTO bench_result SELECT 'index size|%1$s', typ, 0, pg_relation_size('si_' || typ) FROM unnest(ARRAY['snowflake', 'bigint']) typ;
SELECT pg_temp.bench('1-hour window x100|%1$s', typ, r, '', q)
FROM generate_series(1, %2$s) r,
     (VALUES (1, 'snowflake', 'SELECT sum(c) FROM s_windows w, LATERAL (SELECT count(*) AS c FROM s_snowflake WHERE id <@ w.r) x WHERE w.n = %1$s'),
             (2, 'bigint', 'SELECT sum(c) FROM s_windows w, LATERAL (SELECT count(*) AS c FROM s_bigint WHERE id BETWEEN w.lo_b AND w.hi_b) x WHERE w.n = %1$s')) v(k, typ, q)
ORDER BY r, (k + r) %% 2;
$f$, n, :reps), E';\n') WITH ORDINALITY AS x(s, o)
WHERE btrim(s, E' \n') <> '' ORDER BY k, o \gexec
\o

\echo
\echo '| rows (10M per 30 days, in time order) | CREATE INDEX snowflake | bigint | snowflake/bigint | 1-hour window x100 snowflake | bigint | snowflake/bigint | index size |'
\echo '|---:|---:|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
SELECT '| ' || to_char(n, 'FM999,999,999,999'),
       to_char(pg_temp.best('CREATE INDEX|' || n, 'snowflake'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best('CREATE INDEX|' || n, 'bigint'), 'FM999990.0') || ' ms',
       to_char(pg_temp.ratio('CREATE INDEX|' || n, 'snowflake', 'bigint'), 'FM0.00'),
       to_char(pg_temp.best('1-hour window x100|' || n, 'snowflake'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best('1-hour window x100|' || n, 'bigint'), 'FM999990.0') || ' ms',
       to_char(pg_temp.ratio('1-hour window x100|' || n, 'snowflake', 'bigint'), 'FM0.00'),
       pg_size_pretty(pg_temp.best('index size|' || n, 'snowflake')::bigint) || ' |'
FROM s_sizes ORDER BY k;
\echo
-- The charts: one per measurement, bars for bigint, a line for snowflake
-- (xychart-beta draws no legend).
SELECT format(E'```mermaid\nxychart-beta\n    title "%s (ms): bars bigint, line snowflake"\n    x-axis "rows" [%s]\n    y-axis "ms"\n    bar [%s]\n    line [%s]\n```\n',
              m, string_agg(format('"%s"', CASE WHEN n % 1000000 = 0 THEN (n / 1000000) || 'M' ELSE n::text END), ', ' ORDER BY k),
              string_agg(to_char(pg_temp.best(m || '|' || n, 'bigint'), 'FM999990.0'), ', ' ORDER BY k),
              string_agg(to_char(pg_temp.best(m || '|' || n, 'snowflake'), 'FM999990.0'), ', ' ORDER BY k))
FROM s_sizes, unnest(ARRAY['CREATE INDEX', '1-hour window x100']) WITH ORDINALITY AS u(m, mk)
GROUP BY m, mk ORDER BY mk;
\pset tuples_only off
\pset format aligned
DROP TABLE s_snowflake, s_bigint;
