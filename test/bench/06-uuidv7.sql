-- test/bench/06-uuidv7.sql: snowflake against bigint and PostgreSQL 18's
-- uuidv7(), the time-ordered id core ships: minting, INSERT with the id as
-- DEFAULT, CREATE INDEX, index size, and a one-hour window.  On servers
-- before 18 it says so and stops.  psql variables: rows, reps.
\ir lib.psql
SELECT current_setting('server_version_num')::int >= 180000 AS has_uuidv7 \gset
\if :has_uuidv7
\else
\echo
\echo 'uuidv7(): skipped (the server is before PostgreSQL 18)'
\quit
\endif

DROP SEQUENCE IF EXISTS u_seq;
CREATE SEQUENCE u_seq;
DROP TABLE IF EXISTS u_snowflake, u_bigint, u_uuidv7, w_snowflake, w_bigint, w_uuidv7;
CREATE TABLE u_snowflake (id snowflake DEFAULT gen_snowflake(), payload text);
CREATE TABLE u_bigint (id bigint DEFAULT nextval('u_seq'), payload text);
CREATE TABLE u_uuidv7 (id uuid DEFAULT uuidv7(), payload text);

\o /dev/null
-- 1M calls in one statement; the loop alone is measured too, and subtracted.
SELECT pg_temp.bench('call', fn, r, '', format('SELECT count(%s) FROM generate_series(1, 1000000) x', expr))
FROM generate_series(1, :reps) r,
     (VALUES (1, 'loop', 'x'), (2, 'snowflake', 'gen_snowflake()'),
             (3, 'bigint', 'nextval(''u_seq'')'), (4, 'uuidv7', 'uuidv7()')) v(k, fn, expr)
ORDER BY r, (k + r) % 4;
-- INSERT of 1M rows, the id as DEFAULT, then CREATE INDEX on it.
SELECT pg_temp.bench('insert', t, r, format('DROP INDEX IF EXISTS %I; TRUNCATE %I', 'u_' || t || '_id', 'u_' || t),
                     format('INSERT INTO %I (payload) SELECT ''x'' FROM generate_series(1, 1000000)', 'u_' || t)),
       pg_temp.bench('create index', t, r, '',
                     format('CREATE INDEX %I ON %I (id)', 'u_' || t || '_id', 'u_' || t))
FROM generate_series(1, :reps) r,
     (VALUES (1, 'snowflake'), (2, 'bigint'), (3, 'uuidv7')) v(k, t)
ORDER BY r, (k + r) % 3;
\o

-- A one-hour window over :rows ids spread evenly over 30 days, in time
-- order.  uuidv7(shift) mints an id for now() + shift, so the same instants
-- are given to all three.
CREATE TABLE w_snowflake AS
SELECT make_snowflake(t, 0, (g % 4096)::int) AS id
FROM (SELECT g, now() - interval '30 days' + (g::bigint * 2592000000 / :rows) * interval '1 ms' AS t
      FROM generate_series(0, :rows - 1) g) s;
CREATE TABLE w_bigint AS SELECT id::bigint AS id FROM w_snowflake;
CREATE TABLE w_uuidv7 AS SELECT uuidv7(snowflake_timestamp(id) - now()) AS id FROM w_snowflake;
CREATE INDEX ON w_snowflake (id);
CREATE INDEX ON w_bigint (id);
CREATE INDEX ON w_uuidv7 (id);
VACUUM ANALYZE w_snowflake, w_bigint, w_uuidv7;
-- The best a user can do for uuidv7: the window's bounds as uuids, built
-- from the Unix milliseconds (the first 48 bits), version 7 and variant
-- bits, the rest zero: the smallest uuidv7 of each millisecond.
CREATE FUNCTION pg_temp.uuidv7_floor(t timestamptz) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$
	SELECT (lpad(to_hex((extract(epoch FROM t) * 1000)::bigint), 12, '0') || '70008000000000000000')::uuid
$$;
SELECT now() - interval '15 days' AS t0, now() - interval '15 days' + interval '1 hour' AS t1 \gset
\o /dev/null
SELECT pg_temp.bench('window', t, r, 'SET enable_seqscan = on', format(q, :'t0', :'t1'))
FROM generate_series(1, :reps) r,
     (VALUES (1, 'snowflake', 'SELECT sum(c) FROM generate_series(0, 99) h, LATERAL (SELECT count(*) AS c FROM w_snowflake WHERE id <@ tstzrange(%1$L::timestamptz + h * interval ''1 hour'', %2$L::timestamptz + h * interval ''1 hour'')) x'),
             (2, 'bigint', 'SELECT sum(c) FROM generate_series(0, 99) h, LATERAL (SELECT count(*) AS c FROM w_bigint WHERE id BETWEEN snowflake_floor(%1$L::timestamptz + h * interval ''1 hour'')::bigint AND snowflake_last_before(%2$L::timestamptz + h * interval ''1 hour'', false)::bigint) x'),
             (3, 'uuidv7', 'SELECT sum(c) FROM generate_series(0, 99) h, LATERAL (SELECT count(*) AS c FROM w_uuidv7 WHERE id >= pg_temp.uuidv7_floor(%1$L::timestamptz + h * interval ''1 hour'') AND id < pg_temp.uuidv7_floor(%2$L::timestamptz + h * interval ''1 hour'')) x'),
             (4, 'uuidv7 extract', 'SELECT sum(c) FROM generate_series(0, 99) h, LATERAL (SELECT count(*) AS c FROM w_uuidv7 WHERE uuid_extract_timestamp(id) >= %1$L::timestamptz + h * interval ''1 hour'' AND uuid_extract_timestamp(id) < %2$L::timestamptz + h * interval ''1 hour'') x'))
       AS v(k, t, q)
ORDER BY r, (k + r) % 4;
\o
SELECT (SELECT count(*) FROM w_snowflake WHERE id <@ tstzrange(:'t0', :'t1')) AS snowflake_rows,
       (SELECT count(*) FROM w_uuidv7 WHERE id >= pg_temp.uuidv7_floor(:'t0') AND id < pg_temp.uuidv7_floor(:'t1')) AS uuidv7_rows,
       (SELECT count(*) FROM w_uuidv7 WHERE uuid_extract_timestamp(id) >= :'t0' AND uuid_extract_timestamp(id) < :'t1') AS uuidv7_extract_rows;

\echo
\echo '| PostgreSQL 18 | snowflake | bigint | uuidv7 | snowflake/bigint | uuidv7/bigint | uuidv7/snowflake |'
\echo '|---|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
WITH best AS (SELECT metric, type, min(ms) AS ms FROM bench_result GROUP BY 1, 2),
net AS (SELECT b.type, b.ms - l.ms AS ns FROM best b, best l
        WHERE b.metric = 'call' AND l.metric = 'call' AND l.type = 'loop' AND b.type <> 'loop'),
p AS (SELECT max(ns) FILTER (WHERE type = 'snowflake') AS s, max(ns) FILTER (WHERE type = 'bigint') AS b,
             max(ns) FILTER (WHERE type = 'uuidv7') AS u FROM net)
SELECT '| minting, net cost per call (gen_snowflake, nextval, uuidv7)', to_char(s, 'FM99990.0') || ' ns',
       to_char(b, 'FM99990.0') || ' ns', to_char(u, 'FM99990.0') || ' ns',
       to_char(s / b, 'FM990.00'), to_char(u / b, 'FM990.00'), to_char(u / s, 'FM990.00') || ' |'
FROM p;
SELECT '| ' || label, to_char(pg_temp.best(m, 'snowflake'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best(m, 'bigint'), 'FM999990.0') || ' ms',
       to_char(pg_temp.best(m, 'uuidv7'), 'FM999990.0') || ' ms',
       to_char(pg_temp.ratio(m, 'snowflake', 'bigint'), 'FM990.00'),
       to_char(pg_temp.ratio(m, 'uuidv7', 'bigint'), 'FM990.00'),
       to_char(pg_temp.ratio(m, 'uuidv7', 'snowflake'), 'FM990.00') || ' |'
FROM (VALUES (1, 'insert', 'INSERT 1M rows, id as DEFAULT'), (2, 'create index', 'CREATE INDEX on 1M ids'),
             (3, 'window', 'one-hour window x100, through the id index')) v(k, m, label)
ORDER BY k;
SELECT '| index size, 1M ids', pg_size_pretty(pg_relation_size('u_snowflake_id')),
       pg_size_pretty(pg_relation_size('u_bigint_id')), pg_size_pretty(pg_relation_size('u_uuidv7_id')),
       to_char(pg_relation_size('u_snowflake_id')::float8 / pg_relation_size('u_bigint_id'), 'FM990.00'),
       to_char(pg_relation_size('u_uuidv7_id')::float8 / pg_relation_size('u_bigint_id'), 'FM990.00'),
       to_char(pg_relation_size('u_uuidv7_id')::float8 / pg_relation_size('u_snowflake_id'), 'FM990.00') || ' |';
SELECT '| one-hour window x100, uuid_extract_timestamp(id) in the predicate (no index)', '-', '-',
       to_char(pg_temp.best('window', 'uuidv7 extract'), 'FM999990.0') || ' ms', '-',
       to_char(pg_temp.ratio('window', 'uuidv7 extract', 'bigint'), 'FM99990.00'),
       to_char(pg_temp.ratio('window', 'uuidv7 extract', 'snowflake'), 'FM99990.00') || ' |';
\pset tuples_only off
\pset format aligned
