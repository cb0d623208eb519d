-- test/bench/01-core.sql: snowflake against bigint (and uuid) on the same ids.
-- Run by test/bench/run with psql variables rows, reps and dir.  Every
-- measurement repeats :reps times, interleaving the types and rotating which
-- goes first; times are the best run, ratios the median of same-run pairs.
\ir lib.psql

-- Ids over 30 days from 16 workers, in random heap order.
DROP TABLE IF EXISTS src, t_snowflake, t_bigint, t_uuid, windows;
CREATE TABLE src AS
SELECT make_snowflake('2026-05-01 00:00:00+00'::timestamptz
                      + (random() * 30 * 86400000)::bigint * interval '1 ms',
                      (random() * 15)::int, (random() * 4095)::int) AS id
FROM generate_series(1, :rows);
CREATE TABLE t_snowflake AS SELECT id FROM src;
CREATE TABLE t_bigint AS SELECT id::bigint AS id FROM src;
CREATE TABLE t_uuid AS SELECT gen_random_uuid() AS id FROM src;
DROP TABLE src;
VACUUM ANALYZE t_snowflake, t_bigint, t_uuid;

-- 200 windows of 0.1% of the time span (43.2 minutes each).
CREATE TABLE windows AS
SELECT snowflake_floor(t0) AS lo_s, snowflake_ceil(t0 + interval '43.2 min' - interval '1 ms') AS hi_s,
       snowflake_floor(t0)::bigint AS lo_b,
       snowflake_ceil(t0 + interval '43.2 min' - interval '1 ms')::bigint AS hi_b
FROM (SELECT '2026-05-01 00:00:00+00'::timestamptz + random() * interval '29 days' AS t0
      FROM generate_series(1, 200)) g;

\o /dev/null

-- CREATE INDEX (btree), random input order.
SELECT pg_temp.bench('CREATE INDEX', typ, r,
                     format('DROP INDEX IF EXISTS %I', 'i_' || typ),
                     format('CREATE INDEX %I ON %I (id)', 'i_' || typ, 't_' || typ))
FROM generate_series(1, :reps) r, unnest(ARRAY['snowflake', 'bigint', 'uuid']) WITH ORDINALITY AS u(typ, k)
ORDER BY r, (k + r) % cardinality(ARRAY['snowflake', 'bigint', 'uuid']);
VACUUM ANALYZE t_snowflake, t_bigint, t_uuid;

-- ORDER BY: a full in-memory sort, not an index scan.
SET enable_indexscan = off;
SET enable_indexonlyscan = off;
SET enable_bitmapscan = off;
SELECT pg_temp.bench('ORDER BY (sort)', typ, r, '',
                     format('SELECT count(*) FROM (SELECT id FROM %I ORDER BY id OFFSET 0) s', 't_' || typ))
FROM generate_series(1, :reps) r, unnest(ARRAY['snowflake', 'bigint', 'uuid']) WITH ORDINALITY AS u(typ, k)
ORDER BY r, (k + r) % cardinality(ARRAY['snowflake', 'bigint', 'uuid']);
RESET enable_indexscan;
RESET enable_indexonlyscan;
RESET enable_bitmapscan;

-- Index range counts: 200 windows of 0.1% each, index-only scans.
SELECT pg_temp.bench('range count x200 (0.1%)', typ, r, '',
                     format('SELECT sum(c) FROM windows w, LATERAL (SELECT count(*) AS c FROM %I WHERE id BETWEEN w.%I AND w.%I) x',
                            't_' || typ, 'lo_' || left(typ, 1), 'hi_' || left(typ, 1)))
FROM generate_series(1, :reps) r, unnest(ARRAY['snowflake', 'bigint']) WITH ORDINALITY AS u(typ, k)
ORDER BY r, (k + r) % cardinality(ARRAY['snowflake', 'bigint']);

-- Hash join of the table with itself.
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT pg_temp.bench('hash join (self)', typ, r, '',
                     format('SELECT count(*) FROM %I a JOIN %I b ON a.id = b.id', 't_' || typ, 't_' || typ))
FROM generate_series(1, :reps) r, unnest(ARRAY['snowflake', 'bigint', 'uuid']) WITH ORDINALITY AS u(typ, k)
ORDER BY r, (k + r) % cardinality(ARRAY['snowflake', 'bigint', 'uuid']);
-- Hash join of ids with the same values as bigint (1.4: "id = n" is in the
-- hash family), against bigint joined with bigint.
SELECT pg_temp.bench('hash join (id = bigint)', typ, r, '',
                     format('SELECT count(*) FROM %I a JOIN t_bigint b ON a.id = b.id', 't_' || typ))
FROM generate_series(1, :reps) r, unnest(ARRAY['snowflake', 'bigint']) WITH ORDINALITY AS u(typ, k)
ORDER BY r, (k + r) % cardinality(ARRAY['snowflake', 'bigint']);
RESET enable_mergejoin;
RESET enable_nestloop;

-- COPY text, out and back in.  COPY FROM fills an unlogged, unindexed copy
-- of the table: parsing and heap inserts, not the WAL writeback that made
-- this measurement swing by a quarter from run to run.
-- COPY TO writes to /dev/null, so that writeback of one run's file does not
-- land on the next; the files COPY FROM reads are written once, untimed.
SELECT pg_temp.bench('COPY TO (text)', typ, r, '',
                     format('COPY %I TO %L', 't_' || typ, '/dev/null'))
FROM generate_series(1, :reps) r, unnest(ARRAY['snowflake', 'bigint', 'uuid']) WITH ORDINALITY AS u(typ, k)
ORDER BY r, (k + r) % cardinality(ARRAY['snowflake', 'bigint', 'uuid']);
SELECT pg_temp.bench('write copy file', typ, 0, '',
                     format('COPY %I TO %L', 't_' || typ, :'dir' || '/copy_' || typ))
FROM unnest(ARRAY['snowflake', 'bigint', 'uuid']) typ;
DELETE FROM bench_result WHERE metric = 'write copy file';
CHECKPOINT;
SELECT pg_temp.bench('COPY FROM (text)', typ, r,
                     format('DROP TABLE IF EXISTS %I; CREATE UNLOGGED TABLE %I (LIKE %I)', 'c_' || typ, 'c_' || typ, 't_' || typ),
                     format('COPY %I FROM %L', 'c_' || typ, :'dir' || '/copy_' || typ))
FROM generate_series(1, :reps) r, unnest(ARRAY['snowflake', 'bigint', 'uuid']) WITH ORDINALITY AS u(typ, k)
ORDER BY r, (k + r) % cardinality(ARRAY['snowflake', 'bigint', 'uuid']);

-- The report: best time per metric and type; ratios are medians of
-- back-to-back pairs.
\o
\pset footer off
\echo
\echo '| measurement | snowflake | bigint | uuid | snowflake/bigint | uuid/bigint |'
\echo '|---|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
SELECT '| ' || m, to_char(pg_temp.best(m, 'snowflake'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best(m, 'bigint'), 'FM999990.0') || ' ms',
       coalesce(to_char(pg_temp.best(m, 'uuid'), 'FM999990.0') || ' ms', '-'),
       to_char(pg_temp.ratio(m, 'snowflake', 'bigint'), 'FM0.00'),
       coalesce(to_char(pg_temp.ratio(m, 'uuid', 'bigint'), 'FM0.00'), '-') || ' |'
FROM unnest(ARRAY['CREATE INDEX', 'ORDER BY (sort)', 'range count x200 (0.1%)',
                  'hash join (self)', 'hash join (id = bigint)', 'COPY TO (text)', 'COPY FROM (text)']) m;
SELECT '| btree index size', pg_size_pretty(pg_relation_size('i_snowflake')),
       pg_size_pretty(pg_relation_size('i_bigint')), pg_size_pretty(pg_relation_size('i_uuid')),
       to_char(pg_relation_size('i_snowflake')::float8 / pg_relation_size('i_bigint'), 'FM0.00'),
       to_char(pg_relation_size('i_uuid')::float8 / pg_relation_size('i_bigint'), 'FM0.00') || ' |';
