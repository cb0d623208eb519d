-- test/bench/02-range.sql: time windows through the id index.
-- "id <@ tstzrange" and "id >= t0 AND id < t1" (1.1) on snowflake, against
-- the same window as "id BETWEEN lo AND hi" on bigint, and against the usual
-- alternative: a created_at timestamptz column with an index of its own.
-- psql variables: range_rows, reps.
\ir lib.psql

DROP TABLE IF EXISTS r_snowflake, r_bigint, r_created, r_windows;

-- An append-only event table: :range_rows ids evenly over 30 days, in order.
CREATE TABLE r_snowflake AS
SELECT make_snowflake('2026-05-01 00:00:00+00'::timestamptz
                      + (g::bigint * 2592000000 / :range_rows) * interval '1 ms',
                      (g % 16)::int, (g % 4096)::int) AS id
FROM generate_series(0, :range_rows - 1) g;
CREATE TABLE r_bigint AS SELECT id::bigint AS id FROM r_snowflake;
CREATE TABLE r_created AS SELECT id::bigint AS id, snowflake_timestamp(id) AS created_at FROM r_snowflake;
CREATE INDEX r_snowflake_id ON r_snowflake (id);
CREATE INDEX r_bigint_id ON r_bigint (id);
CREATE INDEX r_created_at ON r_created (created_at);
VACUUM ANALYZE r_snowflake, r_bigint, r_created;

-- Windows of 0.01%, 0.1% and 1% of the 30 days, at random places; fewer of
-- the wider ones, so that each set reads about the same number of rows.
CREATE TABLE r_windows AS
SELECT frac, n, r, t0, t1,
       snowflake_range_floor(r)::bigint AS lo_b, snowflake_range_ceil(r)::bigint AS hi_b
FROM (VALUES (0.0001, 400), (0.001, 40), (0.01, 4)) f(frac, n),
LATERAL (SELECT t0, t0 + frac * interval '30 days' AS t1,
                tstzrange(t0, t0 + frac * interval '30 days') AS r
         FROM (SELECT '2026-05-01 00:00:00+00'::timestamptz + random() * (1 - frac) * interval '30 days' AS t0
               FROM generate_series(1, n)) g) w;

\o /dev/null
SELECT pg_temp.bench(frac::text, form, r, '', format(q, frac))
FROM generate_series(1, :reps) r,
     (VALUES (0.0001), (0.001), (0.01)) f(frac),
     (VALUES (1, 'snowflake', 'SELECT sum(c) FROM r_windows w, LATERAL (SELECT count(*) AS c FROM r_snowflake WHERE id <@ w.r) x WHERE w.frac = %s'),
             (2, 'bigint', 'SELECT sum(c) FROM r_windows w, LATERAL (SELECT count(*) AS c FROM r_bigint WHERE id BETWEEN w.lo_b AND w.hi_b) x WHERE w.frac = %s'),
             (3, 'created_at', 'SELECT sum(c) FROM r_windows w, LATERAL (SELECT count(*) AS c FROM r_created WHERE created_at >= w.t0 AND created_at < w.t1) x WHERE w.frac = %s'),
             (4, 'instants', 'SELECT sum(c) FROM r_windows w, LATERAL (SELECT count(*) AS c FROM r_snowflake WHERE id >= w.t0 AND id < w.t1) x WHERE w.frac = %s'))
       AS v(k, form, q)
ORDER BY r, f.frac, (k + r) % 4;
\o

\echo
\echo '| window (of' :range_rows 'rows) | windows | `id <@ tstzrange` (snowflake) | `id >= t0 AND id < t1` (snowflake) | `id BETWEEN` (bigint) | `created_at` index | `<@`/bigint | `>= <`/bigint | created_at/bigint |'
\echo '|---|---:|---:|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
SELECT '| ' || to_char(frac * 100, 'FM0.00') || '%', (SELECT max(n) FROM r_windows w WHERE w.frac = f.frac),
       to_char(pg_temp.best(frac::text, 'snowflake'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best(frac::text, 'instants'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best(frac::text, 'bigint'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best(frac::text, 'created_at'), 'FM999990.0') || ' ms',
       to_char(pg_temp.ratio(frac::text, 'snowflake', 'bigint'), 'FM0.00'),
       to_char(pg_temp.ratio(frac::text, 'instants', 'bigint'), 'FM0.00'),
       to_char(pg_temp.ratio(frac::text, 'created_at', 'bigint'), 'FM0.00') || ' |'
FROM (VALUES (0.0001), (0.001), (0.01)) f(frac) ORDER BY frac;
\pset tuples_only off
\pset format aligned
\echo
\echo 'Indexes needed to answer time windows:'
SELECT 'snowflake id index only' AS design,
       pg_size_pretty(pg_relation_size('r_snowflake_id')) AS index_size
UNION ALL
SELECT 'bigint id + created_at index',
       pg_size_pretty(pg_relation_size('r_bigint_id') + pg_relation_size('r_created_at'))
UNION ALL
SELECT 'saved by not having created_at', pg_size_pretty(pg_relation_size('r_created_at'));
