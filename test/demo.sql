-- test/demo.sql: what snowflake does, in one screen.
\set ON_ERROR_STOP 1
SET client_min_messages = warning;
SET timezone = 'UTC';
SET datestyle = 'ISO, YMD';
CREATE EXTENSION snowflake;

\echo '== One id, three fields: timestamp(42) | worker(10) | sequence(12)'
SELECT id,
       snowflake_timestamp(id) AS minted_at,
       snowflake_worker(id)    AS worker,
       snowflake_sequence(id)  AS sequence,
       make_snowflake('2026-05-31 18:40:00+00', 7, 42) = id AS rebuilt
FROM (VALUES ('319545566822428714'::snowflake)) v(id);

\echo '== An instant is an exact pair of id bounds'
SELECT snowflake_floor('2026-05-31 18:40:00+00') AS floor_tail_0,
       snowflake_ceil('2026-05-31 18:40:00+00')  AS ceil_tail_3fffff;

\echo '== A table keyed by snowflake: one day of events, one a second from each of 4 workers'
CREATE TABLE events (id snowflake PRIMARY KEY, payload text);
INSERT INTO events
SELECT make_snowflake('2026-05-31 00:00:00+00'::timestamptz + g * interval '1 s', w, 0),
       'event ' || g
FROM generate_series(0, 86399) g, generate_series(0, 3) w;
VACUUM ANALYZE events;
SELECT count(*) AS events, pg_size_pretty(pg_relation_size('events_pkey')) AS id_index FROM events;

\echo '== "The events of 18:00 to 19:00", through the id index alone (no created_at column)'
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events
WHERE id BETWEEN snowflake_floor('2026-05-31 18:00:00+00')
             AND snowflake_ceil('2026-05-31 18:59:59.999+00');
SELECT count(*) AS events_18h,
       min(snowflake_timestamp(id)) AS first, max(snowflake_timestamp(id)) AS last
FROM events
WHERE id BETWEEN snowflake_floor('2026-05-31 18:00:00+00')
             AND snowflake_ceil('2026-05-31 18:59:59.999+00');

\echo '== The same window as a range, exact to the microsecond bound'
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events WHERE id <@ tstzrange('2026-05-31 18:00+00', '2026-05-31 19:00+00');
SELECT count(*) AS events_18h FROM events WHERE id <@ tstzrange('2026-05-31 18:00+00', '2026-05-31 19:00+00');

\echo '== Or compared with instants directly (1.1): "since 23:00"'
EXPLAIN (COSTS OFF)
SELECT count(*) FROM events WHERE id >= timestamptz '2026-05-31 23:00+00';
SELECT count(*) AS events_since_23h FROM events WHERE id >= timestamptz '2026-05-31 23:00+00';

\echo '== The newest events: ORDER BY id is time order'
SELECT id, snowflake_timestamp(id) AS minted_at, snowflake_worker(id) AS worker
FROM events ORDER BY id DESC LIMIT 3;

\echo '== Minting inside the database: unique and increasing server-wide'
SET snowflake.worker_id = 7;
CREATE TABLE orders (id snowflake PRIMARY KEY DEFAULT gen_snowflake(), item text);
INSERT INTO orders (item) VALUES ('tea'), ('scones'), ('jam');
SELECT id, snowflake_worker(id) AS worker, snowflake_sequence(id) AS seq FROM orders ORDER BY id;

\echo '== Ids handed out as branded strings and Valkey/Redis stream ids'
SELECT snowflake_brand('319545566822428714', 'EVT') AS branded,
       snowflake_unbrand('EVT0NbWMtkosp8') AS back,
       snowflake_stream_id('319545566822428714') AS stream_id;

\echo '== Ids travel as JSON strings, never as lossy numbers'
SELECT json_build_object('id', id, 'payload', payload) AS api_row
FROM events WHERE id = snowflake_floor('2026-05-31 18:40:00+00');
