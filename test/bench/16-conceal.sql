-- test/bench/16-conceal.sql: the cost of a concealed id, per call, against
-- snowflake_brand and a bigint baseline, in one session.  psql variables:
-- reps.
--
-- Each measurement is 1M calls in one statement over a table of 1M ids
-- (minted ids over 30 days, with the same values as bigint, and their
-- concealed branded strings), timed against the same scan without the
-- call (the loop); a difference of 1 ms is 1 ns a call.  Each figure is
-- the best statement less the best loop, over repetitions that interleave
-- the functions (run it with REPS of 10 or more on a busy machine).  The
-- bigint baseline is core's hash of a bigint (hashint8), a call on the same
-- 8 bytes that scrambles them without a key and cannot be undone.  (An xor
-- with a secret mask costs 1 to 2 ns, too little to divide by, and hides
-- nothing: two masked ids differ in the bits their ids differ in.)
\ir lib.psql
\set key '\\x000102030405060708090a0b0c0d0e0f'
DROP TABLE IF EXISTS conceal_ids;
CREATE TABLE conceal_ids AS
SELECT id, id::bigint AS n, snowflake_conceal(id, :'key', 'EVT') AS b
FROM (SELECT make_snowflake('2026-05-01 00:00:00+00'::timestamptz + (random() * 30 * 86400000)::bigint * interval '1 ms',
                            (random() * 15)::int, (random() * 4095)::int) AS id
      FROM generate_series(1, 1000000)) g;
VACUUM ANALYZE conceal_ids;

\o /dev/null
SELECT pg_temp.bench('call', fn, r, '', q)
FROM generate_series(1, :reps) r,
     (VALUES (1, 'loop', 'SELECT count(id), count(n), count(b) FROM conceal_ids'),
             (2, 'hashint8', 'SELECT count(id), count(hashint8(n)), count(b) FROM conceal_ids'),
             (3, 'snowflake_brand', 'SELECT count(id), count(n), count(snowflake_brand(id, ''EVT'')) FROM conceal_ids'),
             (4, 'snowflake_conceal', format('SELECT count(snowflake_conceal(id, %L::bytea)), count(n), count(b) FROM conceal_ids', :'key')),
             (5, 'snowflake_reveal', format('SELECT count(snowflake_reveal(id, %L::bytea)), count(n), count(b) FROM conceal_ids', :'key')),
             (6, 'conceal, branded', format('SELECT count(snowflake_conceal(id, %L::bytea, ''EVT'')), count(n), count(b) FROM conceal_ids', :'key')),
             (7, 'snowflake_unbrand', 'SELECT count(id), count(n), count(snowflake_unbrand(b, ''EVT'')) FROM conceal_ids'),
             (8, 'reveal, branded', format('SELECT count(id), count(n), count(snowflake_reveal(b, %L::bytea, ''EVT'')) FROM conceal_ids', :'key'))) v(k, fn, q)
ORDER BY r, (k + r) % 8;
\o

\echo
\echo '| 1M calls, one session | hashint8(bigint) | snowflake_brand | snowflake_conceal | snowflake_reveal | conceal, branded | snowflake_unbrand | reveal, branded |'
\echo '|---|---:|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
WITH best AS (SELECT type, min(ms) AS ms FROM bench_result WHERE metric = 'call' GROUP BY 1),
net AS (
	-- the best statement less the best loop: a shared machine only ever
	-- adds time, so the best of many runs is the least disturbed
	SELECT x.type, x.ms AS stmt, x.ms - l.ms AS ns FROM best x, best l WHERE l.type = 'loop' AND x.type <> 'loop'
), fns(k, type) AS (
	VALUES (1, 'hashint8'), (2, 'snowflake_brand'), (3, 'snowflake_conceal'), (4, 'snowflake_reveal'),
	       (5, 'conceal, branded'), (6, 'snowflake_unbrand'), (7, 'reveal, branded')
), t AS (
	SELECT f.k, n.stmt, n.ns,
	       n.stmt / (SELECT stmt FROM net WHERE type = 'hashint8') AS stmt_ratio,
	       n.ns / (SELECT ns FROM net WHERE type = 'snowflake_brand') AS brand_ratio
	FROM fns f JOIN net n USING (type)
)
SELECT '| net cost per call (the scan subtracted)', string_agg(to_char(ns, 'FM99990.0') || ' ns', ' | ' ORDER BY k) || ' |' FROM t
UNION ALL
SELECT '| net cost / snowflake_brand''s', string_agg(to_char(brand_ratio, 'FM990.0') || '×', ' | ' ORDER BY k) || ' |' FROM t
UNION ALL
SELECT '| the statement (scan and calls, 1M rows)', string_agg(to_char(stmt, 'FM99990.0') || ' ms', ' | ' ORDER BY k) || ' |' FROM t
UNION ALL
SELECT '| the statement / hashint8''s', string_agg(to_char(stmt_ratio, 'FM990.00') || '×', ' | ' ORDER BY k) || ' |' FROM t;
SELECT E'\nthe scan subtracted: best ' || to_char(min(ms), 'FM99990.0') || ' ms, median '
       || to_char(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms), 'FM99990.0') || ' ms, of ' || :reps
FROM bench_result WHERE metric = 'call' AND type = 'loop';
\pset format aligned
\pset tuples_only off
DROP TABLE conceal_ids;
