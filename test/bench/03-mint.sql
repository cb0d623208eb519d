-- test/bench/03-mint.sql: minting cost, gen_snowflake() against nextval()
-- and gen_random_uuid(), in one session, and against clock_timestamp(),
-- which reads the clock a mint reads (GetCurrentTimestamp) and does
-- nothing else; and the WAL that minting's reservations write
-- (pg_walinspect).  psql variables: reps.
--
-- Minting within snowflake.max_lead (1 s by default): a batch of 1M ids is
-- 244 ms of ids (4096 a millisecond), a quarter of the bound, and every
-- timed run starts after an untimed pause that lets the clock catch up with
-- the last id (catch_up), so no mint of a timed run waits: the numbers are
-- what minting costs, not what the bound makes a flat-out minter wait
-- (test/bench/10-mint-lead.sh reports the rate at the bound).  The pause
-- precedes the runs of every function alike.
\ir lib.psql
DROP TABLE IF EXISTS m_snowflake, m_bigint, m_uuid;
DROP SEQUENCE IF EXISTS m_seq;
CREATE SEQUENCE m_seq;
CREATE TABLE m_snowflake (id snowflake PRIMARY KEY DEFAULT gen_snowflake(), payload text);
CREATE TABLE m_bigint (id bigint PRIMARY KEY DEFAULT nextval('m_seq'), payload text);
CREATE TABLE m_uuid (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), payload text);

-- Sleep until the clock has passed the last id minted (and 5 ms more).
CREATE FUNCTION pg_temp.catch_up() RETURNS void LANGUAGE sql AS $$
	SELECT pg_sleep(greatest(0, date_part('epoch', snowflake_timestamp(gen_snowflake()) - clock_timestamp())) + 0.005)
$$;

\o /dev/null
-- 1M calls in one statement; the loop alone is measured too, and subtracted.
SELECT pg_temp.bench('call', fn, r, 'SELECT pg_temp.catch_up()', format('SELECT count(%s) FROM generate_series(1, 1000000) x', expr))
FROM generate_series(1, :reps) r,
     (VALUES (1, 'loop', 'x'), (2, 'gen_snowflake()', 'gen_snowflake()'),
             (3, 'nextval()', 'nextval(''m_seq'')'), (4, 'gen_random_uuid()', 'gen_random_uuid()'),
             (5, 'clock_timestamp()', 'clock_timestamp()')) v(k, fn, expr)
ORDER BY r, (k + r) % 5;
-- INSERT of 1M rows with each as the primary key's default.
SELECT pg_temp.bench('insert', t, r, format('TRUNCATE %I; SELECT pg_temp.catch_up()', t),
                     format('INSERT INTO %I (payload) SELECT ''x'' FROM generate_series(1, 1000000)', t))
FROM generate_series(1, :reps) r,
     (VALUES (1, 'm_snowflake'), (2, 'm_bigint'), (3, 'm_uuid')) v(k, t)
ORDER BY r, (k + r) % 3;
\o

\echo
\echo '| minting, one session, within the bound (batches of 1M ids, the clock caught up before each) | gen_snowflake() | nextval() | gen_random_uuid() | clock_timestamp() | nextval/snowflake (target ≥ 5×) | snowflake/clock (target ≤ 2×) | uuid/snowflake |'
\echo '|---|---:|---:|---:|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
\pset fieldsep ' | '
WITH best AS (SELECT metric, type, min(ms) AS ms FROM bench_result GROUP BY 1, 2),
net AS (
	-- 1M calls: a difference of 1 ms is 1 ns per call
	SELECT (b.ms - l.ms) AS ns, b.type
	FROM best b, best l WHERE b.metric = 'call' AND l.metric = 'call' AND l.type = 'loop' AND b.type <> 'loop'
), p AS (
	SELECT max(ns) FILTER (WHERE type = 'gen_snowflake()') AS s,
	       max(ns) FILTER (WHERE type = 'nextval()') AS n,
	       max(ns) FILTER (WHERE type = 'gen_random_uuid()') AS u,
	       max(ns) FILTER (WHERE type = 'clock_timestamp()') AS c
	FROM net
)
SELECT '| net cost per call (1M calls, loop subtracted)', to_char(s, 'FM99990.0') || ' ns', to_char(n, 'FM99990.0') || ' ns',
       to_char(u, 'FM99990.0') || ' ns', to_char(c, 'FM99990.0') || ' ns', to_char(n / s, 'FM990.0') || '×',
       to_char(s / c, 'FM990.00') || '×', to_char(u / s, 'FM990.0') || '× |'
FROM p;
WITH best AS (SELECT type, min(ms) AS ms FROM bench_result WHERE metric = 'insert' GROUP BY 1)
SELECT '| INSERT 1M rows, id as DEFAULT',
       to_char(max(ms) FILTER (WHERE type = 'm_snowflake'), 'FM999990') || ' ms',
       to_char(max(ms) FILTER (WHERE type = 'm_bigint'), 'FM999990') || ' ms',
       to_char(max(ms) FILTER (WHERE type = 'm_uuid'), 'FM999990') || ' ms', '-',
       to_char(max(ms) FILTER (WHERE type = 'm_bigint') / max(ms) FILTER (WHERE type = 'm_snowflake'), 'FM990.00') || '×', '-',
       to_char(max(ms) FILTER (WHERE type = 'm_uuid') / max(ms) FILTER (WHERE type = 'm_snowflake'), 'FM990.00') || '× |'
FROM best;

-- The WAL of the reservations: 20M ids are 4883 ms of minted time; a
-- reservation reaches 1000 ms past the newest id and is renewed when half
-- of it is used, so about 10 RESERVE records.  At most two are written per
-- second of minted time, so an hour of minting (at any rate up to the
-- clock's 4096 ids a millisecond) writes at most 7200 of them.  The
-- statement is not timed: past the first second of ids it mints at the
-- bound, 4096 ids a millisecond, so it takes at least 3.9 s.
\pset format aligned
\pset tuples_only off
CREATE EXTENSION IF NOT EXISTS pg_walinspect;
SELECT pg_current_wal_lsn() AS wal_before \gset
SELECT count(gen_snowflake()) AS n FROM generate_series(1, 20000000) \gset
CHECKPOINT;
\echo
\echo '| WAL of the reservations (pg_walinspect) | records | bytes each | minted time | per hour of minting |'
\echo '|---|---:|---:|---:|---:|'
\pset format unaligned
\pset tuples_only on
SELECT '| 20M ids, one statement', count(*), max(record_length),
       round(:n / 4096.0) || ' ms',
       round(7200 * max(record_length) / 1024.0) || ' KiB (7200 records) |'
FROM pg_get_wal_records_info(:'wal_before', pg_current_wal_lsn())
WHERE resource_manager = 'snowflake';
